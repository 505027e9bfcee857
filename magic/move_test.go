package magic

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMoveLayout(t *testing.T) {
	m := NewMove(12, 28, DoublePush) // e2e4
	assert.Equal(t, Move(12|28<<6|1<<12), m)
	assert.Equal(t, Square(12), m.From())
	assert.Equal(t, Square(28), m.To())
	assert.Equal(t, DoublePush, m.Kind())
	assert.Equal(t, "e2e4", m.String())
	for _, k := range []Kind{Quiet, DoublePush, KingCastle, QueenCastle, PromoKnight, PromoBishop, PromoRook, PromoQueen} {
		assert.False(t, k.IsCapture(), "kind %d", k)
	}
	for _, k := range []Kind{Capture, EnPassant, CapPromoKnight, CapPromoBishop, CapPromoRook, CapPromoQueen} {
		assert.True(t, k.IsCapture(), "kind %d", k)
	}
	assert.Equal(t, Queen, CapPromoQueen.Promotion())
	assert.Equal(t, Knight, PromoKnight.Promotion())
	assert.Equal(t, "h7h8q", NewMove(55, 63, PromoQueen).String())
	assert.Equal(t, "a2b1n", NewMove(8, 1, CapPromoKnight).String())
}

func TestParseUCI(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Move
		err  error
	}{
		{"e2e4", NewMove(12, 28, Quiet), nil},
		{"a1h8", NewMove(0, 63, Quiet), nil},
		{"e7e8q", NewMove(52, 60, PromoQueen), nil},
		{"b2a1r", NewMove(9, 0, PromoRook), nil},
		{"e2e", 0, ErrLength},
		{"e2e4qq", 0, ErrLength},
		{"", 0, ErrLength},
		{"i2e4", 0, ErrFile},
		{"e2E4", 0, ErrFile},
		{"e9e4", 0, ErrRank},
		{"e2e0", 0, ErrRank},
		{"e7e8k", 0, ErrPromotion},
		{"e7e8Q", 0, ErrPromotion},
	} {
		t.Run(c.in, func(t *testing.T) {
			m, err := ParseUCI(c.in)
			require.ErrorIs(t, err, c.err)
			assert.Equal(t, c.want, m)
		})
	}
}

func TestUCIAllocations(t *testing.T) {
	var m Move
	assert.Zero(t, testing.AllocsPerRun(100, func() { m, _ = ParseUCI("e7e8q") }))
	assert.Zero(t, testing.AllocsPerRun(100, func() { _ = m.String() }))
}

// FuzzUCI proves the round trip: whatever ParseUCI accepts prints back as
// the same string, and whatever it refuses gets one of its errors.
func FuzzUCI(f *testing.F) {
	for _, s := range []string{"e2e4", "e7e8q", "a1a1", "h8h1n", "e2e", "z9z9", "e7e8x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseUCI(s)
		if err != nil {
			if err != ErrLength && err != ErrFile && err != ErrRank && err != ErrPromotion {
				t.Fatalf("%q: unexpected error %v", s, err)
			}
			return
		}
		if m.String() != s {
			t.Fatalf("%q parsed to %v, which prints as %q", s, uint16(m), m.String())
		}
		if again, err := ParseUCI(m.String()); err != nil || again != m {
			t.Fatalf("%q: round trip gives %v, %v", s, again, err)
		}
	})
}
