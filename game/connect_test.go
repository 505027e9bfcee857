package game_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/movegen"
)

// TestConnectOutcome plays tic-tac-toe to a row: the game names the end
// Connect (docs/language.md § Connect).
func TestConnectOutcome(t *testing.T) {
	prog, err := movegen.Load("t.alf", []byte("game t\nboard 3x3\npiece stone S\n    drop: empty\nsetup 3/3/3[SSSSSsssss] w - - 0 1\nnomoves stalemate draw\nconnect 3 win\n"))
	require.NoError(t, err)
	g, err := game.New(prog, "")
	require.NoError(t, err)
	for _, m := range []string{"S@a1", "S@a2", "S@b1", "S@b2"} {
		require.NoError(t, g.PlayMove(m))
		assert.False(t, g.Outcome().Over())
	}
	require.NoError(t, g.PlayMove("S@c1"))
	assert.Equal(t, game.Outcome{Result: board.FirstWins, Reason: game.Connect}, g.Outcome())
	assert.Equal(t, "connect", game.Connect.String())
}
