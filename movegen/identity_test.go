package movegen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUnmovedMatters: chess's king (castling), rook (the castling line
// tests it with is rook) and pawn (double step) have unmoved flags that
// count; the other types' do not.
func TestUnmovedMatters(t *testing.T) {
	prog := loadVariant(t, "chess")
	got := map[string]bool{}
	for _, tp := range prog.types {
		got[tp.Name] = prog.variant.UnmovedMatters[tp.Index]
	}
	assert.Equal(t, map[string]bool{"king": true, "rook": true, "pawn": true,
		"queen": false, "bishop": false, "knight": false, "ghost": false}, got)

	anyPiece := mustLoad(t, "any.alf", `board 4x4
piece king K royal
    {w,s} empty mov
    d unmoved mov
piece man M
    w empty mov
setup 4/4/4/K2M w - - 0 1
`)
	assert.Nil(t, anyPiece.variant.UnmovedMatters, "an unmoved test of whatever stands beside the king: every flag counts")
}

// TestPositionIdentity: the same position reached by different routes,
// or read from its FEN, hashes alike.
func TestPositionIdentity(t *testing.T) {
	prog := loadVariant(t, "chess")
	for _, c := range []struct {
		name, start string
		moves       []string
		fen         string
	}{
		{"the knights go home", "", []string{"g1f3", "g8f6", "f3g1", "f6g8"}, prog.setup},
		{"a double step's ghost, spawned or read", "", []string{"e2e4"},
			"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
		{"two move orders", "", []string{"g1f3", "b8c6", "b1c3", "g8f6"},
			"r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 4 3"},
		{"a castling right lost is not regained", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1",
			[]string{"h1h2", "g8f6", "h2h1", "f6g8"}, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w Qkq - 4 3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := mustBoard(t, prog, c.start)
			for _, m := range c.moves {
				mv, err := b.ParseMove(m)
				require.NoError(t, err)
				b.Make(mv)
			}
			want := mustBoard(t, prog, c.fen)
			assert.Equal(t, want.Hash(), b.Hash(), "%s against %s", b.FEN(), c.fen)
			assert.Equal(t, c.fen[:len(c.fen)-4], b.FEN()[:len(b.FEN())-4], "the FEN but its counters")
		})
	}
}
