package movegen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
)

// tictactoe is tic-tac-toe: stones dropped on a 3x3 board, three in a
// row along a rank, a file or a diagonal win (docs/language.md §
// Connect).
const tictactoe = `game tictactoe
board 3x3
piece stone S
    drop: empty
setup 3/3/3[SSSSSsssss] w - - 0 1
nomoves stalemate draw
connect 3 win
`

// TestConnectTicTacToe counts tic-tac-toe's games that reach the ninth
// ply, 127,872 (the board full; Fairy-Stockfish's perft 9 of its
// tictactoe), in both modes: a game with a row has ended, and perft
// counts nothing below it.
func TestConnectTicTacToe(t *testing.T) {
	prog, err := Load("tictactoe.alf", []byte(tictactoe))
	require.NoError(t, err)
	_, why := prog.Tier()
	assert.EqualError(t, why, "the variant has a connect rule")
	for _, mode := range []Mode{Full, Incremental} {
		b, err := prog.NewBoard("")
		require.NoError(t, err)
		b.SetMode(mode)
		assert.Equal(t, uint64(9), b.Perft(1))
		assert.Equal(t, uint64(127872), b.Perft(9), "mode %v", mode)
	}
}

// TestConnectResults reads and plays positions of connect rules: the row
// of the side that has just moved ends the game with the rule's result,
// a row of the side to move does not (Fairy-Stockfish judges the mover
// only), and the lines and pieces the rule names are the only ones that
// count.
func TestConnectResults(t *testing.T) {
	load := func(rule string) *Program {
		src := `game c
board 4x4
piece stone S
    drop: empty
piece ring R
    drop: empty
setup 4/4/4/4[SSSSSSssssss] w - - 0 1
` + rule + "\n"
		prog, err := Load("c.alf", []byte(src))
		require.NoError(t, err)
		return prog
	}
	for _, c := range []struct {
		rule, fen, move string
		result          board.Result
	}{
		{"connect 3 win", "4/4/4/SS2[SSSSssss] w - - 0 1", "S@c1", board.FirstWins},
		{"connect 3 loss", "4/4/4/SS2[SSSSssss] w - - 0 1", "S@c1", board.SecondWins},
		{"connect 3 draw", "4/4/4/SS2[SSSSssss] w - - 0 1", "S@c1", board.Draw},
		{"connect 3 win", "4/1s2/s3/SS2[SSSSssss] b - - 0 1", "S@c3", board.Ongoing},    // two in a row
		{"connect 3 win", "4/1s2/s3/SS2[SSSSssss] b - - 0 1", "S@c4", board.SecondWins}, // a2 b3 c4
		{"connect 3 win", "4/4/2s1/3s[SSSSssss] b - - 0 1", "S@b3", board.SecondWins},   // d1 c2 b3
		{"connect 3 files win", "4/4/4/SS2[SSSSssss] w - - 0 1", "S@c1", board.Ongoing},
		{"connect 3 ranks files win", "4/1s2/s3/SS2[SSSSssss] b - - 0 1", "S@c4", board.Ongoing},
		{"connect 3 diagonals win", "4/1s2/s3/SS2[SSSSssss] b - - 0 1", "S@c4", board.SecondWins},
		{"connect 3 diagonals win", "4/4/4/SS2[SSSSssss] w - - 0 1", "S@c1", board.Ongoing},
		{"connect 3 ring win", "4/4/4/SS2[SSSSssss] w - - 0 1", "S@c1", board.Ongoing},
		{"connect 3 {stone,ring} win", "4/4/4/SR2[SSSSssss] w - - 0 1", "S@c1", board.FirstWins},
		{"connect 2 win", "4/4/4/S3[SSSSssss] b - - 0 1", "S@d4", board.Ongoing}, // White's pair was there before
	} {
		prog := load(c.rule)
		for _, mode := range []Mode{Full, Incremental} {
			b, err := prog.NewBoard(c.fen)
			require.NoError(t, err, c.fen)
			b.SetMode(mode)
			m, err := b.ParseMove(c.move)
			require.NoError(t, err, "%s %s", c.fen, c.move)
			b.Make(m)
			assert.Equal(t, c.result, b.Result(), "%s: %s after %s", c.rule, c.fen, c.move)
			if c.result != board.Ongoing {
				var list MoveList
				b.Legal(&list)
				assert.Zero(t, list.Len(), "a game that ended has no moves")
			}
		}
	}
	// a position read is judged for the side that has just moved
	prog := load("connect 3 win")
	b, err := prog.NewBoard("4/4/4/SSS1[SSSssss] b - - 0 1")
	require.NoError(t, err)
	assert.Equal(t, board.FirstWins, b.Result())
	assert.True(t, prog.Connected(b.Position(), board.First))
	b, err = prog.NewBoard("4/4/4/SSS1[SSSssss] w - - 0 1")
	require.NoError(t, err)
	assert.Equal(t, board.Ongoing, b.Result())
}
