package ai

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/game"
)

// TestRandSearchPVReplays: a search of dice chess (docs/language.md §
// rand) finishes, and its principal variation replays as legal moves of
// the game — the dice the search saw are the ones the game rolls.
func TestRandSearchPVReplays(t *testing.T) {
	prog := load(t, "dice")
	for _, fen := range []string{"", "r2k1r/1P4/2N3/2f3/3n2/R2K1R b - - 0 1 {seed:deadbeef}"} {
		g, err := game.New(prog, fen)
		require.NoError(t, err)
		res, err := New(prog, Options{}).Search(context.Background(), g.Board(), Limits{Depth: 3})
		require.NoError(t, err)
		require.Equal(t, 3, res.Depth)
		require.NotEmpty(t, res.PV)
		for _, m := range res.PV {
			require.NoError(t, g.PlayMove(m), "PV %v from %s", res.PV, fen)
		}
	}
}

// TestRandSearchSeesRepetition: in dice chess the seed differs at every
// ply, yet a repetition compares placements (movegen.Board.RepetitionHash):
// the lost side takes the move back into a position the game had twice
// before, with other dice, and scores the draw.
func TestRandSearchSeesRepetition(t *testing.T) {
	prog := load(t, "dice")
	g, err := game.New(prog, "5k/6/6/K5/6/1Q4 b - - 0 1")
	require.NoError(t, err)
	for _, m := range []string{"f6e6", "b1c1", "e6f6", "c1b1"} {
		require.NoError(t, g.PlayMove(m))
	}
	require.False(t, g.Outcome().Over(), "the position has occurred twice")
	s := &Searcher{Engine: New(prog, Options{}), Limits: Limits{Depth: 3}, Game: g}
	m, err := s.Choose(context.Background(), g.Board())
	require.NoError(t, err)
	assert.Equal(t, "f6e6", g.Board().MoveString(m))
	assert.Equal(t, 0, s.Last.Score, "a draw")

	s.Game = nil
	_, err = s.Choose(context.Background(), g.Board())
	require.NoError(t, err)
	assert.Less(t, s.Last.Score, -300, "without the history the queen is counted")
}
