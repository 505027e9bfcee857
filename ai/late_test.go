package ai

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/movegen"
)

// TestLateSearch: a short search of chameleon and mimic chess (late pieces,
// docs/language.md § Late pieces (copy:)) finishes alike in both modes,
// and its principal variation replays as legal moves of a game.
func TestLateSearch(t *testing.T) {
	for _, c := range []struct{ variant, fen string }{
		{"chameleon", "rc4/Ppppk1/2B1pp/P1b1PP/RnKP1C/1N2S1 w - - 0 1"},
		{"mimic", "1R1m1r/1N1bpk/2pp1p/2P2P/1r1PPK/R5 b - - 0 1 {last:b5}"},
	} {
		t.Run(c.variant, func(t *testing.T) { lateSearch(t, c.variant, c.fen) })
	}
}

func lateSearch(t *testing.T, variant, fen string) {
	prog := load(t, variant)
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
