package movegen

import (
	"github.com/alfil-go/alfil/examples"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
)

// TestGoalResults reads racing kings positions whose game the goal rule
// has ended, or not (docs/language.md § Goals and checks), on the tier
// and interpreted: the result NewBoard gives and the moves left.
func TestGoalResults(t *testing.T) {
	prog := loadVariant(t, "racingkings")
	for _, c := range []struct {
		fen    string
		result board.Result
		moves  int
	}{
		{"4K3/8/6k1/8/8/8/8/1R6 b - - 0 1", board.FirstWins, 0},     // no black king in reach of rank 8
		{"4K3/6k1/8/8/8/8/8/1R6 b - - 0 1", board.Ongoing, 6},       // Black may reply
		{"4K1k1/8/8/8/8/8/8/8 w - - 0 1", board.Draw, 0},            // both arrived, White first
		{"6k1/8/4K3/8/8/8/8/8 w - - 0 1", board.SecondWins, 0},      // Black arrived
		{"8/2K3k1/8/8/8/8/8/3Q4 b - - 0 1", board.Ongoing, 8},       // nobody there
		{"1K6/5k2/8/8/8/1b6/2N5/5R2 b - - 0 1", board.FirstWins, 0}, // Black in check cannot reply
	} {
		for _, onTier := range []bool{true, false} {
			b, err := prog.NewBoard(c.fen)
			require.NoError(t, err)
			b.SetTier(onTier)
			assert.Equal(t, c.result, b.Result(), "%s (tier %v)", c.fen, onTier)
			var list MoveList
			b.Legal(&list)
			assert.Equal(t, c.moves, list.Len(), "%s (tier %v)", c.fen, onTier)
		}
	}
	b, err := prog.NewBoard("4K1k1/8/8/8/8/8/8/8 w - - 0 1")
	require.NoError(t, err)
	assert.True(t, prog.GoalReached(b.Position(), board.First))
	assert.True(t, prog.GoalReached(b.Position(), board.Second))
	assert.False(t, loadVariant(t, "chess").GoalReached(b.Position(), board.First))
}

// TestGoalReplyByMove plays the white king's arrival and Black's replies:
// a reply that reaches the eighth rank draws, any other loses.
func TestGoalReplyByMove(t *testing.T) {
	prog := loadVariant(t, "racingkings")
	for _, onTier := range []bool{true, false} {
		b, err := prog.NewBoard("8/4K1k1/8/8/8/8/8/R7 w - - 0 1")
		require.NoError(t, err)
		b.SetTier(onTier)
		for _, c := range []struct {
			reply  string
			result board.Result
		}{{"g7g8", board.Draw}, {"g7g6", board.FirstWins}} {
			m, err := b.ParseMove("e7e8")
			require.NoError(t, err)
			mk := b.Make(m)
			assert.Equal(t, board.Ongoing, b.Result())
			r, err := b.ParseMove(c.reply)
			require.NoError(t, err)
			b.Make(r)
			assert.Equal(t, c.result, b.Result(), "%s (tier %v)", c.reply, onTier)
			require.NoError(t, b.Unmake(mk))
		}
	}
}

// TestGoalHold reads and plays jesonmor positions (goal knight e5 hold,
// docs/language.md § Goals and checks), on the tier and interpreted: a
// knight on e5 wins for its side when that side's turn begins there, and
// the opponent's move in between may capture it.
func TestGoalHold(t *testing.T) {
	prog := loadVariant(t, "jesonmor")
	for _, c := range []struct {
		fen    string
		result board.Result
		moves  int
	}{
		{"9/9/3n5/9/4N4/9/9/9/9 w - - 0 1", board.FirstWins, 0},  // White's turn begins on e5
		{"9/9/3n5/9/4N4/9/9/9/9 b - - 0 1", board.Ongoing, 8},    // Black may capture it
		{"9/9/9/9/4n4/9/9/5N3/9 b - - 0 1", board.SecondWins, 0}, // Black's turn begins on e5
		{"9/9/9/9/4n4/9/9/5N3/9 w - - 0 1", board.Ongoing, 6},    // White may move, e5 out of reach
	} {
		for _, onTier := range []bool{true, false} {
			b, err := prog.NewBoard(c.fen)
			require.NoError(t, err)
			b.SetTier(onTier)
			require.Equal(t, onTier, b.Tier())
			assert.Equal(t, c.result, b.Result(), "%s (tier %v)", c.fen, onTier)
			var list MoveList
			b.Legal(&list)
			assert.Equal(t, c.moves, list.Len(), "%s (tier %v)", c.fen, onTier)
		}
	}
	for _, onTier := range []bool{true, false} {
		b, err := prog.NewBoard("n8/9/3n5/9/9/5N3/5N3/9/9 w - - 0 1")
		require.NoError(t, err)
		b.SetTier(onTier)
		for _, c := range []struct {
			moves  []string
			result board.Result
		}{
			{[]string{"f4e6"}, board.Ongoing},                           // not the goal square
			{[]string{"f4e6", "d7e5"}, board.Ongoing},                   // Black arrives: White may answer
			{[]string{"f4e6", "d7e5", "e6f8"}, board.SecondWins},        // it did not capture
			{[]string{"f4e6", "d7e5", "f3e5"}, board.Ongoing},           // it captured, and arrived
			{[]string{"f4e6", "d7e5", "f3e5", "a9b7"}, board.FirstWins}, // Black could not answer
		} {
			var made []Mark
			for _, name := range c.moves {
				m, err := b.ParseMove(name)
				require.NoError(t, err, "%v (tier %v)", c.moves, onTier)
				made = append(made, b.Make(m))
			}
			assert.Equal(t, c.result, b.Result(), "%v (tier %v)", c.moves, onTier)
			for i := len(made) - 1; i >= 0; i-- {
				require.NoError(t, b.Unmake(made[i]))
			}
		}
	}
}

// TestChecksForbidden: no move may check — directly, or by uncovering a
// check — on the tier and interpreted.
func TestChecksForbidden(t *testing.T) {
	prog := loadVariant(t, "racingkings")
	for _, c := range []struct {
		fen            string
		legal, illegal []string
	}{
		// the bishop on e5 shields the black king on h5 from the rook on a5
		{"8/8/8/R3B2k/8/8/8/K7 w - - 0 1", []string{"a5b5", "a5d5", "a5a6", "a5a4", "a1b1"}, []string{"e5f6", "e5f4", "e5d6", "e5b8", "e5h2"}},
		// the queen checks from g4, h1 and g5, not from g2 or d1
		{"8/8/8/7k/8/8/8/K5Q1 w - - 0 1", []string{"g1g2", "g1c1", "g1f1"}, []string{"g1g4", "g1h1", "g1g5", "g1h2"}},
	} {
		for _, onTier := range []bool{true, false} {
			b, err := prog.NewBoard(c.fen)
			require.NoError(t, err)
			b.SetTier(onTier)
			require.Equal(t, onTier, b.Tier())
			var list MoveList
			b.Legal(&list)
			names := map[string]bool{}
			for _, m := range list.Moves {
				names[b.MoveString(m)] = true
			}
			for _, m := range c.legal {
				assert.True(t, names[m], "%s in %s (tier %v)", m, c.fen, onTier)
			}
			for _, m := range c.illegal {
				assert.False(t, names[m], "%s in %s (tier %v)", m, c.fen, onTier)
			}
		}
	}
}

// TestChecksForbiddenTierEqualsInterpreter: checks forbidden added to
// crazyhouse (drops, promotions, en passant, castling) and capablanca (a
// 10x8 board: the tier's two-word sets) counts the same on the tier as
// interpreted.
func TestChecksForbiddenTierEqualsInterpreter(t *testing.T) {
	for _, c := range []struct {
		variant string
		fens    []string
	}{
		{"crazyhouse", []string{"", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 0 4",
			"8/2P5/8/3k4/8/8/5p2/1K6[QRqr] w - - 0 1"}},
		{"capablanca", []string{"", "4k5/10/3q2a3/10/4C5/2B7/10/4K5 w - - 0 1"}},
	} {
		src := append(mustSource(t, c.variant), "\nchecks forbidden\n"...)
		prog, err := Load(c.variant+".alf", src, WithLoader(examples.Loader))
		require.NoError(t, err)
		for _, fen := range c.fens {
			var counts [2]uint64
			for i, onTier := range []bool{true, false} {
				b, err := prog.NewBoard(fen)
				require.NoError(t, err)
				b.SetTier(onTier)
				require.Equal(t, onTier, b.Tier())
				counts[i] = b.Perft(3)
			}
			assert.Equal(t, counts[0], counts[1], "%s %q: tier, interpreted", c.variant, fen)
		}
	}
}
