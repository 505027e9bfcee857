package game_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/game"
)

// TestProxyGame: a game of ram.alf with stacks replays from its moves
// (held-piece moves written c3'c4, docs/language.md § Proxy pieces), and
// a ram carrying its rook out and back three times draws by repetition.
func TestProxyGame(t *testing.T) {
	prog := load(t, "ram")
	fen := "3k2/6/6/2(MR)3/6/3K2 w - - 0 1"
	g, err := game.New(prog, fen)
	require.NoError(t, err)
	for _, mv := range []string{"c3'c4", "d6e6", "c3c4", "e6d6", "c4'c5", "d6e6"} {
		require.NoError(t, g.PlayMove(mv), mv)
	}
	assert.Equal(t, "4k1/2R3/2M3/6/6/3K2 w - - 6 4", g.FEN())
	replay, err := game.New(prog, fen)
	require.NoError(t, err)
	for _, mv := range g.Moves() {
		require.NoError(t, replay.PlayMove(mv), mv)
	}
	assert.Equal(t, g.FEN(), replay.FEN())
	// and from its SAN, where a held piece's move SAN cannot tell from
	// its holder's is written as Notation writes it
	bySAN, err := game.New(prog, fen)
	require.NoError(t, err)
	for _, mv := range g.SANMoves() {
		require.NoError(t, bySAN.PlaySAN(mv), mv)
	}
	assert.Equal(t, g.FEN(), bySAN.FEN())
	assert.Equal(t, []string{"Rc4", "Ke6", "Mc4", "Kd6", "Rc5", "Ke6"}, g.SANMoves())

	g, err = game.New(prog, fen)
	require.NoError(t, err)
	for range 2 {
		for _, mv := range []string{"c3c4", "d6e6", "c4c3", "e6d6"} {
			require.NoError(t, g.PlayMove(mv), mv)
		}
	}
	assert.Equal(t, game.Repetition, g.Outcome().Reason)
}
