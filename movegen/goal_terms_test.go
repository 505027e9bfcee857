package movegen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
)

// TestGoalTerms plays goals of any piece, with count, full and safe
// (docs/language.md § Goals and checks) on a 4x4 board of men that step
// and take like kings: the result after each move of a sequence, in both
// modes, and the tier's reason for declining them.
func TestGoalTerms(t *testing.T) {
	load := func(goal string) *Program {
		src := "game g\nboard 4x4\npiece man M\n    {w,a,s,d,wa,wd,sa,sd} empty mov\n    {w,a,s,d,wa,wd,sa,sd} enemy capt mov\nsetup 4/4/4/4 w - - 0 1\n" + goal + "\n"
		prog, err := Load("g.alf", []byte(src))
		require.NoError(t, err, goal)
		return prog
	}
	for _, c := range []struct {
		goal, fen string
		moves     []string
		results   []board.Result
	}{
		{"goal any rank 4", "4/M3/4/3m w - - 0 1", []string{"a3a4"}, []board.Result{board.FirstWins}},
		{"goal any rank 4 count 2", "M3/1M2/4/3m w - - 0 1", []string{"b3c3"}, []board.Result{board.Ongoing}},
		{"goal any rank 4 count 2", "M3/1M2/4/3m w - - 0 1", []string{"b3b4"}, []board.Result{board.FirstWins}},
		{"goal first any a4 b4 count 3 full\ngoal second any a1 b1 count 3 full", "1m2/M3/4/3m w - - 0 1", []string{"a3a4"}, []board.Result{board.FirstWins}},
		{"goal first any a4 b4 c4 count 3 full\ngoal second any a1 b1 count 3 full", "1m2/M3/4/3m w - - 0 1", []string{"a3a4"}, []board.Result{board.Ongoing}},
		// safe: a piece the opponent can take does not win at once; it wins
		// when its side's turn begins and it stands there safe
		{"goal any rank 4 safe", "4/M3/4/3m w - - 0 1", []string{"a3a4"}, []board.Result{board.FirstWins}},
		{"goal any rank 4 safe", "4/Mm2/4/4 w - - 0 1", []string{"a3a4", "b3c2"}, []board.Result{board.Ongoing, board.FirstWins}},
		{"goal any rank 4 safe", "4/Mm2/4/4 w - - 0 1", []string{"a3a4", "b3b2"}, []board.Result{board.Ongoing, board.FirstWins}},
		{"goal any rank 4 safe", "4/Mm1M/4/4 w - - 0 1", []string{"a3a4", "b3a3"}, []board.Result{board.Ongoing, board.Ongoing}},
		// two pieces there: one may be attacked (Fairy-Stockfish tests
		// safety only when exactly count stand there)
		{"goal any rank 4 safe", "M3/1m1M/4/4 w - - 0 1", []string{"d3d4"}, []board.Result{board.FirstWins}},
		{"goal any rank 4 safe", "M3/1m1M/4/4 w - - 0 1", []string{"d3d2"}, []board.Result{board.Ongoing}},
		// hold safe: arriving safe wins at once, arriving attacked wins when
		// the opponent's move leaves it there
		{"goal any rank 4 hold safe", "4/M3/4/3m w - - 0 1", []string{"a3a4"}, []board.Result{board.FirstWins}},
		{"goal any rank 4 hold safe", "4/Mm1M/4/4 w - - 0 1", []string{"a3a4", "b3c3"}, []board.Result{board.Ongoing, board.FirstWins}},
		// the capture lands Black on the same rank, safe: Black has won
		{"goal any rank 4 hold safe", "4/Mm2/4/4 w - - 0 1", []string{"a3a4", "b3a4"}, []board.Result{board.Ongoing, board.SecondWins}},
		{"goal first any rank 4 hold safe\ngoal second any rank 1 hold safe", "4/Mm2/4/4 w - - 0 1", []string{"a3a4", "b3a4"}, []board.Result{board.Ongoing, board.Ongoing}},
	} {
		prog := load(c.goal)
		_, why := prog.Tier()
		require.Error(t, why, c.goal)
		assert.Contains(t, why.Error(), "the variant's goal", c.goal)
		for _, mode := range []Mode{Full, Incremental} {
			b, err := prog.NewBoard(c.fen)
			require.NoError(t, err, c.fen)
			b.SetMode(mode)
			for i, s := range c.moves {
				m, err := b.ParseMove(s)
				require.NoError(t, err, "%s: %s after %v", c.goal, c.fen, c.moves[:i])
				b.Make(m)
				assert.Equal(t, c.results[i], b.Result(), "%s: %s after %v", c.goal, c.fen, c.moves[:i+1])
			}
		}
	}
}
