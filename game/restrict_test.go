package game_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/game"
)

// TestRestrictGame: a game of siege.alf (docs/language.md § Proxy pieces,
// Restricted) replays from its moves and from its SAN; the rook the
// tower carries leaves it only by a capture.
func TestRestrictGame(t *testing.T) {
	prog := load(t, "siege")
	fen := "3k2/6/6/1p(TR)3/6/3K2 w - - 0 1"
	g, err := game.New(prog, fen)
	require.NoError(t, err)
	assert.Error(t, g.PlayMove("c3c5"), "the carried rook's quiet move")
	for _, mv := range []string{"c3c4", "d6e6", "c4b4", "e6d6", "b4b3"} {
		require.NoError(t, g.PlayMove(mv), mv)
	}
	assert.Equal(t, "3k2/6/1T4/1R4/6/3K2 b - - 0 3", g.FEN())
	bySAN, err := game.New(prog, fen)
	require.NoError(t, err)
	for _, mv := range g.SANMoves() {
		require.NoError(t, bySAN.PlaySAN(mv), mv)
	}
	assert.Equal(t, g.FEN(), bySAN.FEN())
}
