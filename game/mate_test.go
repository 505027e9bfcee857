package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/movegen"
)

// TestShatarMates plays shatar's mates (docs/language.md § The mate
// rule): a rook's mate is a shak and wins, a knight's alone loses for
// the side that gives it, a bishop's that ends a series of checks
// without a shak draws, and one after a rook's check (a shak) wins.
func TestShatarMates(t *testing.T) {
	src, err := examples.Source("shatar")
	require.NoError(t, err)
	prog, err := movegen.Load("shatar.alf", src)
	require.NoError(t, err)
	for _, c := range []struct {
		name, fen string
		moves     []string
		want      board.Result
	}{
		{"rook", "k7/8/1K6/8/8/8/p7/7R w - - 0 1", []string{"h1h8"}, board.FirstWins},
		{"knight", "6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1", []string{"g5f7"}, board.SecondWins},
		{"bishop alone", "6bk/7p/8/8/8/8/8/K1B5 w - - 0 1", []string{"c1b2"}, board.Draw},
		{"bishop after a rook's check", "5nk1/7p/8/8/8/8/8/K1B1R3 w - - 0 1", []string{"e1g1", "g8h8", "c1b2"}, board.FirstWins},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, onTier := range []bool{true, false} {
				b, err := prog.NewBoard(c.fen)
				require.NoError(t, err)
				b.SetTier(onTier)
				g := Take(b)
				for _, m := range c.moves {
					require.NoError(t, g.PlayMove(m))
				}
				assert.Equal(t, c.want, g.Outcome().Result, "tier %v: %v", onTier, g.Outcome())
			}
		})
	}
}
