package board

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// holed is a 4x3 board whose setup marks a1, d1 and b3 as holes (the *
// of Fairy-Stockfish's wall squares; docs/language.md § Setup).
var holed = func() *Variant {
	v := &Variant{Width: 4, Height: 3, Letters: []byte("KR"), Royal: []bool{true, false}, Ghost: -1,
		Setup: "k*2/4/*RK* w - - 0 1"}
	v.Holes = ReadHoles(v.Width, v.Height, v.Setup)
	return v
}()

func TestReadHoles(t *testing.T) {
	tests := []struct {
		name          string
		width, height int
		fen           string
		want          []int // the squares marked, in Sq's numbering
	}{
		{"none", 8, 8, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", nil},
		{"corners and a file", 4, 3, "k*2/4/*RK* w - - 0 1", []int{0, 3, 9}},
		{"digit runs of two digits", 12, 1, "*10* w", []int{0, 11}},
		{"promoted marks and holdings", 3, 1, "+P~*1[Pp] w", []int{1}},
		{"more ranks than the board: read what fits", 2, 1, "**/** w", []int{0, 1}},
		{"empty", 2, 2, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			holes := ReadHoles(tt.width, tt.height, tt.fen)
			if tt.want == nil {
				assert.Nil(t, holes)
				return
			}
			var got []int
			for sq, h := range holes {
				if h {
					got = append(got, sq)
				}
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestHolesRoundTrip(t *testing.T) {
	for _, fen := range []string{holed.Setup, "1*2/k1R1/*1K* b - - 3 9"} {
		p, err := Parse(holed, fen)
		require.NoError(t, err)
		assert.Equal(t, fen, p.FEN())
	}
	p, err := Parse(holed, holed.Setup)
	require.NoError(t, err)
	assert.True(t, holed.Hole(p.Sq(1, 2)))
	assert.False(t, holed.Hole(p.Sq(0, 2)))
	assert.Contains(t, p.Draw(), " 3  k *")
}

func TestHoleErrors(t *testing.T) {
	tests := []struct {
		fen, want string
		offset    int
	}{
		{"k*2/4/1RK* w", "rank 1: a1 is a hole of the board, written *, not an empty square", 6},
		{"k*2/4/RRK* w", "rank 1: a1 is a hole of the board, written *: no piece stands there", 6},
		{"k3/4/*RK* w", "rank 3: b3 is a hole of the board, written *, not an empty square", 1},
		{"k*2/*3/*RK* w", "rank 2: * on a2, a square of the board: only the variant's setup makes holes", 4},
		{"k*2/4/*RK** w", "rank 1 is wider than the board's 4 files", 10},
	}
	for _, tt := range tests {
		t.Run(tt.fen, func(t *testing.T) {
			_, err := Parse(holed, tt.fen)
			require.ErrorContains(t, err, tt.want)
			var fe *FENError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, tt.offset, fe.Offset, "offset of %q", tt.want)
		})
	}
	// a board without holes has no * to read
	_, err := Parse(chess, "4k3/8/8/8/8/8/8/*3K3 w - - 0 1")
	require.ErrorContains(t, err, "rank 1: * on a1, a square of the board: only the variant's setup makes holes")
}
