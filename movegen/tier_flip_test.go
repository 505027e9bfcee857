package movegen

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier"
	"github.com/alfil-go/alfil/tier/spec"
)

// flipVariants are the board-filling games lower_flip.go takes to the
// tier.
var flipVariants = []string{"ataxx", "flipello", "flipello10", "flipersi"}

// TestTierFlipVariantsLower: the board-filling games — ataxx's clones
// and jumps with their ring of flips, othello's outflanking drops, drops
// start, drops free, the pass rule and fullboard count — run on the
// bitboard tier (lower_flip.go).
func TestTierFlipVariantsLower(t *testing.T) {
	for _, name := range flipVariants {
		r, why := loadVariant(t, name).Tier()
		require.NoError(t, why, name)
		require.NotNil(t, r, name)
	}
}

// TestTierFlipGames plays random games of the board-filling games to
// their end, a board on the tier beside an interpreted one: at every
// ply the same moves (UCI), legal and pseudo-legal, the same status,
// and after each move the
// same FEN, hash and result; perft 2 the same now and then, and on the
// tier position read afresh. The games must pass (one pass, and two in
// a row that end the game), fill the board and run a side out of
// stones, so that every end is seen. testdata/tier's flipmix.alf (flips
// left in scripts) and passroyal.alf (a king's pass) play the same way.
func TestTierFlipGames(t *testing.T) {
	games := 16
	if light() {
		games = 6
	}
	progs := map[string]*Program{}
	for _, name := range flipVariants {
		progs[name] = loadVariant(t, name)
	}
	for _, name := range []string{"flipmix", "passroyal"} {
		src, err := os.ReadFile("testdata/tier/" + name + ".alf")
		require.NoError(t, err)
		progs[name] = mustLoad(t, name+".alf", string(src))
	}
	var passes, doubles, full, other int
	for _, name := range sortedKeys(progs) {
		prog := progs[name]
		rng := rand.New(rand.NewPCG(23, uint64(len(name))))
		for g := range games {
			fast, slow := tierBoard(t, prog, ""), mustBoard(t, prog, "")
			slow.SetMode(Full)
			var fl, sl MoveList
			for ply := 0; ply < 300; ply++ {
				fast.Legal(&fl)
				slow.Legal(&sl)
				fn, sn := fast.Notation(fl.Moves), slow.Notation(sl.Moves)
				require.ElementsMatch(t, sn, fn, "%s game %d ply %d at %s", name, g, ply, slow.FEN())
				require.Equal(t, slow.Status(), fast.Status(), slow.FEN())
				fast.Pseudo(&fl)
				slow.Pseudo(&sl)
				require.ElementsMatch(t, slow.Notation(sl.Moves), fast.Notation(fl.Moves), "pseudo-legal at %s", slow.FEN())
				fast.Legal(&fl)
				slow.Legal(&sl)
				if ply%7 == 3 {
					tp, err := tier.New(prog.tier, slow.Position())
					require.NoError(t, err)
					require.Equal(t, slow.Perft(2), tp.Perft(2), "perft 2 at %s", slow.FEN())
					require.Equal(t, slow.Perft(2), fast.Perft(2), "perft 2 at %s", slow.FEN())
				}
				if len(fn) == 0 {
					switch {
					case slow.Position().Passes >= 2:
						doubles++
					case fullBoard(slow):
						full++
					default:
						other++
					}
					break
				}
				i := rng.IntN(len(fn))
				j := slices.Index(sn, fn[i])
				if fast.IsPass(fl.Moves[i]) {
					require.True(t, slow.IsPass(sl.Moves[j]), fn[i])
					passes++
				}
				fast.Make(fl.Moves[i])
				slow.Make(sl.Moves[j])
				require.Equal(t, slow.FEN(), fast.FEN(), "after %s", fn[i])
				require.Equal(t, slow.Hash(), fast.Hash(), "after %s", fn[i])
				require.Equal(t, slow.Result(), fast.Result(), "after %s at %s", fn[i], slow.FEN())
				fresh, err := tier.New(prog.tier, slow.Position())
				require.NoError(t, err)
				require.Equal(t, fresh.Hash(), tierHash(t, fast), "tier hash after %s", fn[i])
			}
		}
	}
	t.Logf("passes %d, games ended by two passes %d, by a full board %d, otherwise %d", passes, doubles, full, other)
	require.Positive(t, passes)
	require.Positive(t, doubles+full)
}

// fullBoard reports whether no square of b holds nothing.
func fullBoard(b *Board) bool {
	pos := b.Position()
	for sq := range board.Square(pos.Squares()) {
		if pos.PieceAt(sq) == nil {
			return false
		}
	}
	return true
}

func tierHash(t *testing.T, b *Board) uint64 {
	h, ok := b.TierHash()
	require.True(t, ok)
	return h
}

// TestTierFlipFromTier takes moves chosen on a copy of the tier position
// (a search's) back to the board with FromTier in the board-filling
// games, passes included.
func TestTierFlipFromTier(t *testing.T) {
	for _, name := range flipVariants {
		prog := loadVariant(t, name)
		b := tierBoard(t, prog, "")
		rng := rand.New(rand.NewPCG(5, 9))
		var tl tier.MoveList
		for ply := 0; ply < 200; ply++ {
			tp, err := b.TierPosition()
			require.NoError(t, err)
			tp.Legal(&tl)
			if tl.Len() == 0 {
				require.NotEqual(t, board.Ongoing, tp.Status())
				break
			}
			m := tl.At(rng.IntN(tl.Len()))
			bm, err := b.FromTier(tp, m)
			require.NoError(t, err, "%s at %s", tp.MoveString(m), b.FEN())
			require.Equal(t, tp.MoveString(m), b.Notation([]Move{bm})[0])
			tp.Make(m)
			b.Make(bm)
			after, err := b.TierPosition()
			require.NoError(t, err)
			require.Equal(t, after.Hash(), tp.Hash(), "%s: %s", name, b.FEN())
		}
	}
}

// TestTierFlipEnds: the ends random games seldom reach, on the tier as
// interpreted — a side that passes, two passes in a row counted
// (fullboard count), a side with no move and no pass rule (flipersi),
// a side with no stone left, and a full board.
func TestTierFlipEnds(t *testing.T) {
	hand := "[PPPPPPPPPPpppppppppp]"
	for _, c := range []struct {
		variant, fen string
		perft        []uint64 // from depth 1
		result       board.Result
	}{
		{"flipello", "8/8/8/3PP3/3PP3/8/8/p7" + hand + " w - - 0 1", []uint64{1, 1, 0}, board.WinFor(board.First)},
		{"flipello", "pppp4/8/8/3PP3/3PP3/8/8/8" + hand + " b - - 0 1", []uint64{1, 1, 0}, board.Draw},
		{"flipello", "8/8/8/3PP3/3PP3/8/8/8" + hand + " w - - 0 1", []uint64{1, 0}, board.WinFor(board.First)},
		{"flipersi", "8/8/8/3PP3/3PP3/8/8/p7" + hand + " w - - 0 1", []uint64{0}, board.WinFor(board.Second)},
		{"ataxx", "P6/7/7/7/7/7/7 b - - 0 1", []uint64{0}, board.WinFor(board.First)},
		{"ataxx", "7/7/7/7/ppppppp/ppppppp/PPPPPPP w - - 0 1", []uint64{1, 75, 249}, board.Ongoing},
		{"ataxx", "PPPPPPP/ppppppp/PPPPPPP/ppppppp/PPPPPPP/ppppppp/PPPPPPp w - - 0 1", []uint64{0}, board.WinFor(board.First)},
	} {
		prog := loadVariant(t, c.variant)
		fast, slow := tierBoard(t, prog, c.fen), mustBoard(t, prog, c.fen)
		for d, want := range c.perft {
			require.Equal(t, want, fast.Perft(d+1), "%s %s perft %d on the tier", c.variant, c.fen, d+1)
			require.Equal(t, want, slow.Perft(d+1), "%s %s perft %d interpreted", c.variant, c.fen, d+1)
		}
		// play the passes there are: the game ends as counted
		var fl, sl MoveList
		for range 3 {
			fast.Legal(&fl)
			slow.Legal(&sl)
			if fl.Len() != 1 || !fast.IsPass(fl.Moves[0]) {
				break
			}
			require.Equal(t, 1, sl.Len())
			require.True(t, slow.IsPass(sl.Moves[0]))
			require.Equal(t, slow.Notation(sl.Moves), fast.Notation(fl.Moves))
			fast.Make(fl.Moves[0])
			slow.Make(sl.Moves[0])
		}
		require.Equal(t, c.result, slow.Status(), "%s %s", c.variant, c.fen)
		require.Equal(t, c.result, fast.Status(), "%s %s", c.variant, c.fen)
	}
}

// TestTierFlipStrips: lower_flip.go makes the flips a type's moves and
// drops all make where they land the type's (testdata/tier/flipmix.alf's
// disc), and leaves those of a type whose lines flip differently in its
// scripts (its stone).
func TestTierFlipStrips(t *testing.T) {
	src, err := os.ReadFile("testdata/tier/flipmix.alf")
	require.NoError(t, err)
	prog := mustLoad(t, "flipmix.alf", string(src))
	require.NotNil(t, prog.tier)
	stone, disc := prog.tierSpec.Types[0], prog.tierSpec.Types[1]
	require.Nil(t, stone.Flip, "the stone's lines flip differently")
	require.True(t, slices.ContainsFunc(stone.Lines, func(l spec.Line) bool {
		return slices.ContainsFunc(l.At[0], func(sc *spec.Script) bool {
			return sc != nil && slices.ContainsFunc(sc.Acts, func(a spec.Act) bool { return a.Kind == spec.Flip })
		})
	}), "the stone keeps its flips in its scripts")
	require.NotNil(t, disc.Flip)
	require.True(t, disc.Flip.Outflank)
	require.Len(t, disc.Flip.DropTests, 1)
	for _, l := range disc.Lines {
		for _, sc := range l.At[0] {
			if sc != nil {
				require.Len(t, sc.Acts, 1, "the disc's steps are plain moves")
			}
		}
	}
}

// TestTierFlipRefusals: what lower_flip.go and the engine do not take
// keeps the variant interpreted, with the reason.
func TestTierFlipRefusals(t *testing.T) {
	for _, c := range []struct{ name, lines, want string }{
		{"drops that flip beside lines that flip elsewhere",
			"    w empty mov in d -> do enemy flip end\n    ww empty mov\n    drop: empty outflank\n", "drops that flip beside lines that flip otherwise"},
		{"an opt that is not of ally tests",
			"    drop: empty opt w enemy , s ally end\n", "an opt"},
		{"a drop line whose flip's filter asks more than an enemy piece",
			"    drop: empty in w -> do not is stone flip end\n", "more than the drop and its flips"},
		{"flips beside a royal piece",
			"    w empty mov outflank\n    drop: empty\npiece king K royal\n    {w,s} empty mov\n", "royal"},
	} {
		src := "game refuse\nboard 4x4\npiece stone S\n" + c.lines + "setup S3/4/4/3s[SSss] w - - 0 1\n"
		if strings.Contains(c.lines, "royal") {
			src = strings.Replace(src, "setup S3/4/4/3s", "setup SK2/4/4/2ks", 1)
		}
		prog := mustLoad(t, "refuse.alf", src)
		r, why := prog.Tier()
		require.Nil(t, r, c.name)
		require.ErrorContains(t, why, c.want, c.name)
	}
}
