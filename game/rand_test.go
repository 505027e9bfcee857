package game_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/game"
)

// TestRandRepetition: in dice chess (docs/language.md § rand) every ply
// rolls new dice, but the repetition rule counts placements: the kings
// stepping back and forth repeat the start a third time after eight
// plies, each time with another seed.
func TestRandRepetition(t *testing.T) {
	prog := load(t, "dice")
	g, err := game.New(prog, "k5/6/6/6/6/K5 w - - 0 1 {seed:7}")
	require.NoError(t, err)
	seeds := map[string]bool{}
	for i, m := range []string{"a1b1", "a6b6", "b1a1", "b6a6", "a1b1", "a6b6", "b1a1", "b6a6"} {
		require.False(t, g.Outcome().Over(), "ply %d", i)
		require.NoError(t, g.PlayMove(m))
		seeds[g.FEN()] = true
	}
	assert.Len(t, seeds, 8, "every position has its own seed: %v", seeds)
	assert.Equal(t, game.Repetition, g.Outcome().Reason)
	assert.Contains(t, g.FEN(), "k5/6/6/6/6/K5 w - - 8 5 {seed:")
}
