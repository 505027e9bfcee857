package ai

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/tier"
)

// TestSearchSeeksRepetition: a lost side takes the move back into a
// position the game had before — a draw by chess's repetition rule —
// on the board and on the tier, given the game's history; a search
// without it does not see the draw.
func TestSearchSeeksRepetition(t *testing.T) {
	prog := load(t, "chess")
	for _, onTier := range []bool{true, false} {
		t.Run(fmt.Sprintf("tier=%v", onTier), func(t *testing.T) {
			b, err := prog.NewBoard("7k/8/8/8/8/K7/8/1Q6 b - - 0 1")
			require.NoError(t, err)
			b.SetTier(onTier)
			g := game.Take(b)
			for _, m := range []string{"h8g8", "b1c1", "g8h8", "c1b1"} {
				require.NoError(t, g.PlayMove(m))
			}
			require.False(t, g.Outcome().Over(), "the position has occurred twice")
			s := &Searcher{Engine: New(prog, Options{}), Limits: Limits{Depth: 3}, Game: g}
			if onTier {
				s.Tier = NewTier(prog, OptionsOf[*tier.Position]{})
			}
			m, err := s.Choose(context.Background(), g.Board())
			require.NoError(t, err)
			assert.Equal(t, "h8g8", g.Board().MoveString(m))
			assert.Equal(t, 0, s.Last.Score, "a draw")

			s.Game = nil
			_, err = s.Choose(context.Background(), g.Board())
			require.NoError(t, err)
			assert.Less(t, s.Last.Score, -300, "without the history the queen is counted")
		})
	}
}

// TestSearchKnowsMoveRule: a rook up with one ply left before the fifty
// moves, and no mate in one, is a draw to the search, on the board and on
// the tier; with a mate in one, the mate stands; with the clock at zero,
// the rook counts.
func TestSearchKnowsMoveRule(t *testing.T) {
	prog := load(t, "chess")
	for _, onTier := range []bool{true, false} {
		for _, c := range []struct {
			fen   string
			check func(t *testing.T, score int)
		}{
			{"7k/8/8/8/8/8/8/R3K3 w - - 99 80", func(t *testing.T, score int) { assert.Equal(t, 0, score, "a draw") }},
			{"7k/8/8/8/8/8/8/R3K3 w - - 0 80", func(t *testing.T, score int) { assert.Greater(t, score, 300, "the rook counts") }},
			{"7k/8/6K1/8/8/8/8/R7 w - - 99 80", func(t *testing.T, score int) { assert.Greater(t, score, mateBound, "mate on the hundredth ply") }},
		} {
			t.Run(fmt.Sprintf("tier=%v/%s", onTier, c.fen), func(t *testing.T) {
				b, err := prog.NewBoard(c.fen)
				require.NoError(t, err)
				b.SetTier(onTier)
				s := &Searcher{Engine: New(prog, Options{}), Limits: Limits{Depth: 3}}
				if onTier {
					s.Tier = NewTier(prog, OptionsOf[*tier.Position]{})
				}
				_, err = s.Choose(context.Background(), b)
				require.NoError(t, err)
				c.check(t, s.Last.Score)
			})
		}
	}
}
