package movegen

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
)

// TestTierFacingPassCannons compares the tier with the interpreter on
// positions that show what xiangqi, manchu and janggi bring to it: the
// flying general (a lone piece between the generals pinned to their
// file, a general kept off the open file, generals facing in a loaded
// position), janggi's bikjang (part them or pass, in check too; a pass
// that keeps them facing ends the game), the pass (not in check, two in
// a row draw; chess with pass and pass stalemate too), and cannons —
// checks over a screen, two pieces between a cannon and a general each
// held (moving either leaves the other a screen), a piece stepping onto
// the line to become a screen, janggi's cannon that jumps no cannon and
// moves beyond its screen, and along a palace diagonal, checking over the
// palace's centre. At each position both list the same moves by name and
// agree on check, status and perft 3; then random plies from it must keep
// FEN, hash, result and clock the same on both boards.
func TestTierFacingPassCannons(t *testing.T) {
	for _, c := range []struct{ variant, fen string }{
		{"xiangqi", "4k4/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1"},
		{"xiangqi", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"},
		{"xiangqi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"},
		{"xiangqi", "4k4/9/9/9/4c4/9/9/9/9/4K4 b - - 0 1"},
		{"xiangqi", "4k4/9/9/4c4/9/9/4P4/9/9/4K4 w - - 0 1"},
		{"xiangqi", "3k5/4c4/9/9/4N4/9/4P4/9/9/4K4 w - - 0 1"},
		{"xiangqi", "4k4/4c4/9/9/9/9/9/9/3R5/4K4 w - - 0 1"},
		{"xiangqi", "4k4/4c4/9/9/9/9/4P4/9/3R5/4K4 w - - 0 1"},
		{"xiangqi", "3k5/9/9/9/3c5/9/9/3C5/3R5/4K4 b - - 0 1"},
		{"xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"},
		{"manchu", "4k4/9/4c4/9/1r2M2n1/9/4p4/9/4A4/3K5 b - - 0 1"},
		{"manchu", "3k5/9/4c4/9/1r2M2n1/9/4p4/9/4A4/4K4 w - - 0 1"},
		{"manchu", "3k5/9/9/9/4M4/9/4c4/9/9/4K4 b - - 0 1"},
		{"janggi", "4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1"},
		{"janggi", "3aka3/9/9/9/9/9/9/9/4K4/3A1A3 b - - 0 1"},
		{"janggi", "3aka3/9/4c4/9/4R4/9/4C4/9/4K4/3A1A3 w - - 0 1"},
		{"janggi", "4k4/9/9/9/9/9/9/9/r3K4/9 w - - 0 1"},
		{"janggi", "4k4/9/9/9/4p4/9/9/9/r3K4/9 w - - 0 1"},
		{"janggi", "3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1"},
		{"janggi", "4k4/9/4c4/9/4C4/9/9/4P4/4K4/9 w - - 0 1"},
		{"janggi", "4k4/9/4c4/9/4P4/9/9/9/4K4/9 w - - 0 1"},
		{"janggi", "3akab2/4c4/9/4p4/9/4P4/9/4C4/3AKA3/9 w - - 0 1"},
		{"janggi", "4k4/4a4/9/9/9/9/9/3C5/4A4/5K3 w - - 0 1"},
		{"janggi", "4k4/9/9/9/9/9/9/5K3/4A4/3c5 w - - 0 1"},
		{"janggi", "4k4/9/9/9/9/9/9/5K3/4C4/3c5 w - - 0 1"},
		{"janggi", "4k4/9/9/9/9/9/9/4K4/4A4/3c5 w - - 0 1"},
		{"janggi", "4k4/9/9/9/9/9/9/3K1A3/4c4/5R3 w - - 0 1"},
		{"janggi", "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"},
	} {
		prog := loadVariant(t, c.variant)
		t.Run(c.variant+"/"+c.fen, func(t *testing.T) {
			compareFrom(t, prog, c.fen, 3)
			compareGames(t, prog, c.fen, 4, 40)
		})
	}
	// the pass beside castling, en passant and promotions: chess with
	// pass and with pass stalemate; and beside forced captures, where a
	// capture keeps it out (the rule as tierflip's and tierasian's
	// branches built it, merged: tier/internal/engine/pass.go)
	for _, rule := range []string{"pass", "pass stalemate", "pass\ncaptures forced", "pass stalemate\ncaptures forced"} {
		prog := chessWith(t, rule)
		r, why := prog.Tier()
		require.NotNil(t, r, "chess with %q: %v", rule, why)
		t.Run("chess with "+rule, func(t *testing.T) {
			compareFrom(t, prog, "", 3)
			compareGames(t, prog, "", 4, 80)
			compareGames(t, prog, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 2, 20)
		})
	}
}

// compareGames plays random games from fen on a tier board and an
// interpreted one of prog: at each ply they must list the same moves by
// name and agree on status, and after each move on FEN, hash and result.
func compareGames(t *testing.T, prog *Program, fen string, games, plies int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(23, uint64(len(fen))))
	for range games {
		fast, slow := tierBoard(t, prog, fen), mustBoard(t, prog, fen)
		slow.SetMode(Full)
		var fl, sl MoveList
		for ply := range plies {
			fast.Legal(&fl)
			slow.Legal(&sl)
			fn, sn := fast.Notation(fl.Moves), slow.Notation(sl.Moves)
			require.ElementsMatch(t, sn, fn, "ply %d at %s", ply, slow.FEN())
			require.Equal(t, slow.Status(), fast.Status(), slow.FEN())
			if len(fn) == 0 {
				break
			}
			i := rng.IntN(len(fn))
			fast.Make(fl.Moves[i])
			slow.Make(sl.Moves[slices.Index(sn, fn[i])])
			require.Equal(t, slow.FEN(), fast.FEN(), "after %s", fn[i])
			require.Equal(t, slow.Hash(), fast.Hash(), "after %s", fn[i])
			require.Equal(t, slow.Result(), fast.Result(), "after %s", fn[i])
			require.Equal(t, slow.Position().Halfmove, fast.Position().Halfmove, "after %s", fn[i])
		}
	}
}

// compareFrom checks that the tier and the interpreter list the same
// moves at fen, agree on check and status, and count the same perft to
// depth.
func compareFrom(t *testing.T, prog *Program, fen string, depth int) {
	t.Helper()
	fast, slow := tierBoard(t, prog, fen), mustBoard(t, prog, fen)
	var fl, sl MoveList
	fast.Legal(&fl)
	slow.Legal(&sl)
	require.ElementsMatch(t, slow.Notation(sl.Moves), fast.Notation(fl.Moves), fen)
	require.Equal(t, slow.InCheck(), fast.InCheck(), fen)
	require.Equal(t, slow.Status(), fast.Status(), fen)
	require.Equal(t, slow.Perft(depth), fast.Perft(depth), "perft %d at %s", depth, fen)
}

// TestTierPassesDraw: on the tier, as interpreted, janggi's two passes in
// a row draw, and Unmake takes them back.
func TestTierPassesDraw(t *testing.T) {
	prog := loadVariant(t, "janggi")
	for _, b := range []*Board{tierBoard(t, prog, ""), mustBoard(t, prog, "")} {
		start := b.Mark()
		hash := b.Hash()
		for _, mv := range []string{"e2e2", "e9e9"} {
			m, err := b.ParseMove(mv)
			require.NoError(t, err, mv)
			require.True(t, b.IsPass(m))
			b.Make(m)
		}
		require.Equal(t, board.Draw, b.Status())
		require.Equal(t, int32(2), b.Position().Passes)
		require.NoError(t, b.Unmake(start))
		require.Equal(t, hash, b.Hash())
		require.Equal(t, board.Ongoing, b.Status())
	}
}

// TestTierFacingPassRefusals: the facing and pass rules beside rules the
// tier does not combine them with keep the variant interpreted, with the
// reason, and it plays the same there.
func TestTierFacingPassRefusals(t *testing.T) {
	for _, c := range []struct{ name, rules, want string }{
		{"facing a type that is not royal", "facing rook illegal", "the facing type"},
		{"facing beside check counting", "facing king illegal\nchecks 3", "a facing rule beside"},
		// (beside forced captures the tier passes: testdata/tier/passroyal.alf)
		{"a pass beside forbidden checks", "pass\nchecks forbidden", "a pass rule beside"},
	} {
		t.Run(c.name, func(t *testing.T) {
			prog := chessWith(t, c.rules)
			r, why := prog.Tier()
			require.Nil(t, r)
			require.ErrorContains(t, why, c.want)
			b := mustBoard(t, prog, "")
			require.False(t, b.Tier())
			require.NotZero(t, b.Perft(2))
		})
	}
}
