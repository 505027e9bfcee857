package ai

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/movegen"
)

// TestLateSearch: a short search of chameleon chess (late pieces,
// docs/language.md § Late pieces (copy:)) finishes alike in both modes,
// and its principal variation replays as legal moves of a game.
func TestLateSearch(t *testing.T) {
	prog := load(t, "chameleon")
	const fen = "rc4/Ppppk1/2B1pp/P1b1PP/RnKP1C/1N2S1 w - - 0 1"
	var results [2]Result
	for i, mode := range []movegen.Mode{movegen.Incremental, movegen.Full} {
		b, err := prog.NewBoard(fen)
		require.NoError(t, err)
		b.SetMode(mode)
		results[i], err = New(prog, Options{TableBits: 14}).Search(context.Background(), b, Limits{Depth: 3})
		require.NoError(t, err)
		require.Equal(t, fen, b.FEN())
	}
	assert.Equal(t, results[0].Name, results[1].Name)
	assert.Equal(t, results[0].Score, results[1].Score)
	assert.Equal(t, results[0].Nodes, results[1].Nodes)
	require.NotEmpty(t, results[0].PV)
	g, err := game.New(prog, fen)
	require.NoError(t, err)
	for _, m := range results[0].PV {
		require.NoError(t, g.PlayMove(m), "pv %v", results[0].PV)
	}
	assert.NotEmpty(t, g.SANMoves())
}
