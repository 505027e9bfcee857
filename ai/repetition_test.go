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
