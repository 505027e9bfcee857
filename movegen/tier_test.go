package movegen

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/tier"
	"github.com/alfil-go/alfil/tier/spec"
)

// TestTierLowersShippedVariants pins which shipped variants the tier
// takes, and why the others stay interpreted.
func TestTierLowersShippedVariants(t *testing.T) {
	lowered := map[string]bool{}
	for _, name := range examples.Names() {
		r, why := loadVariant(t, name).Tier()
		lowered[name] = r != nil
		if r == nil {
			t.Logf("%s: interpreted: %v", name, why)
		}
	}
	for _, name := range []string{"3check", "amazon", "antichess", "atomic", "berolina", "capablanca", "checkers", "chess", "chessgi", "crazyhouse", "grasshopper", "horde", "kingofthehill",
		"knightmate", "loop", "makruk", "mousecats", "nightrider", "minishogi", "pocketknight", "shatranj", "torishogi",
		"shogi", "euroshogi", "yarishogi", "kyotoshogi", "dobutsu", "seirawan", "shouse", "seirawan960", "chess960", "shoshogi", "placement", "sittuyin",
		"almost", "sortofalmost", "chigorin", "perfect", "hoppelpoppel", "newzealand", "pawnsideways", "pawnback", "torpedo",
		"losalamos", "chancellor", "modern", "courier", "legan",
		"embassy", "janus", "centaur", "tencubed", "wolf", "gustav3", "troitzky", "omicron", "grand", "opulent", "shako",
		"giveaway", "codrus", "losers", "extinction", "extinction960", "kinglet", "threekings", "nocheckatomic", "atomar", "atomic960",
		"asean", "ai-wok", "micro", "koedem",
		"racingkings", "coregal", "spartan", "shatar",
		"clobber", "breakthrough", "jesonmor",
		"ataxx", "flipello", "flipello10", "flipersi", "xiangqi", "manchu", "janggi",
		"makpong", "cambodian", "karouk", "duck", "amazons"} {
		require.True(t, lowered[name], "%s is not lowered", name)
	}
	p, err := Load("chess.alf", mustSource(t, "chess"), Interpreted())
	require.NoError(t, err)
	r, why := p.Tier()
	require.Nil(t, r)
	require.ErrorIs(t, why, errInterpreted)
}

func mustSource(t *testing.T, name string) []byte {
	src, err := examples.Source(name)
	require.NoError(t, err)
	return src
}

// TestTierEqualsInterpreter plays random games in every variant the tier
// takes and checks, at every ply, that the tier lists the same legal moves
// as the interpreter — the same actions on the same squares — that
// playing the move there gives the position the interpreter reaches (the
// same hash as the tier position read afresh from it), that Unmake
// restores the hash, and, now and then, that both count the same perft.
func TestTierEqualsInterpreter(t *testing.T) {
	games, plies := 8, 160
	if light() {
		games, plies = 2, 80
	}
	for _, name := range shippedVariants() {
		prog := loadVariant(t, name)
		if prog.tier == nil {
			continue
		}
		t.Run(name, func(t *testing.T) { compareTier(t, prog, games, plies) })
	}
	// past 128 squares: the four-word engine
	src, err := os.ReadFile("../testdata/bench/bigboard.alf")
	require.NoError(t, err)
	big := mustLoad(t, "bigboard.alf", string(src))
	require.NotNil(t, big.tier, "bigboard.alf does not lower")
	t.Run("bigboard", func(t *testing.T) { compareTier(t, big, 2, plies) })
	// what the shipped variants do not show: flying kings' chains of one
	// effect, chains taking the mover's own side, in … do filters that an
	// earlier action on the square changes
	files, err := filepath.Glob("testdata/tier/*.alf")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		prog := mustLoad(t, filepath.Base(f), string(src))
		_, why := prog.Tier()
		require.NoError(t, why, f)
		t.Run(filepath.Base(f), func(t *testing.T) { compareTier(t, prog, games, plies) })
	}
}

// compareTier plays random games of prog and compares the tier with the
// interpreter at every ply (see TestTierEqualsInterpreter).
func compareTier(t *testing.T, prog *Program, games, plies int) {
	compareTierFrom(t, prog, "", games, plies)
}

// compareTierFrom is compareTier from the position fen ("": the setup).
func compareTierFrom(t *testing.T, prog *Program, fen string, games, plies int) {
	rules := prog.tier
	rng := rand.New(rand.NewPCG(11, uint64(len(prog.Name)+len(fen))))
	for g := range games {
		b := mustBoard(t, prog, fen)
		b.SetMode(Full)
		var list MoveList
		var tl tier.MoveList
		for ply := range plies {
			tp, err := tier.New(rules, b.Position())
			require.NoError(t, err)
			b.Legal(&list)
			tp.Legal(&tl)
			want := map[string]Move{}
			for _, m := range list.Moves {
				want[b.Position().SquareName(m.From)+effect(b.Position(), b.Actions(m))] = m
			}
			got := map[string]tier.Move{}
			for _, m := range tl.Moves {
				got[tierEffect(b.Position(), prog, tp, m)] = m
			}
			require.Equal(t, sortedKeys(want), sortedKeys(got), "game %d ply %d at %s", g, ply, b.FEN())
			require.Equal(t, len(list.Moves), len(tl.Moves), "game %d ply %d at %s", g, ply, b.FEN())
			if ply%16 == 5 {
				require.Equal(t, b.Perft(2), tp.Perft(2), "perft 2 at %s", b.FEN())
			}
			if len(list.Moves) == 0 {
				require.Equal(t, b.Status() != board.Ongoing, true)
				break
			}
			key := sortedKeys(want)[rng.IntN(len(want))]
			before := tp.Hash()
			mk := tp.Make(got[key])
			b.Make(want[key])
			fresh, err := tier.New(rules, b.Position())
			require.NoError(t, err)
			require.Equal(t, fresh.Hash(), tp.Hash(), "after %s at ply %d: %s", key, ply, b.FEN())
			require.Equal(t, b.Result(), tp.Result(), "result after %s: %s", key, b.FEN())
			require.Equal(t, int(b.Position().Halfmove), tp.Halfmove(), "half-move clock after %s: %s", key, b.FEN())
			require.NoError(t, tp.Unmake(mk))
			require.Equal(t, before, tp.Hash(), "unmake of %s", key)
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// TestFromTier plays games whose moves the tier lists, each taken back to
// the board with FromTier: the board's move must have the tier move's
// effect, so that both positions stay the same.
func TestFromTier(t *testing.T) {
	for _, name := range []string{"chess", "berolina", "capablanca", "grasshopper", "crazyhouse", "pocketknight", "seirawan", "shouse", "seirawan960", "wolf", "gustav3", "omicron", "grand", "shako"} {
		prog := loadVariant(t, name)
		b := tierBoard(t, prog, "")
		rng := rand.New(rand.NewPCG(5, 7))
		var tl tier.MoveList
		for ply := 0; ply < 60; ply++ {
			tp, err := b.TierPosition()
			require.NoError(t, err)
			tp.Legal(&tl)
			if tl.Len() == 0 {
				break
			}
			m := tl.At(rng.IntN(tl.Len()))
			bm, err := b.FromTier(tp, m)
			require.NoError(t, err, "%s at %s", tp.MoveString(m), b.FEN())
			tp.Make(m)
			b.Make(bm)
			after, err := b.TierPosition()
			require.NoError(t, err)
			require.Equal(t, after.Hash(), tp.Hash(), "%s: %s", name, b.FEN())
		}
	}
	b := mustBoard(t, loadVariant(t, "chess"), "")
	_, err := b.TierPosition()
	require.ErrorIs(t, err, ErrNoTier)
}

// TestTierMoveNames: in the shogi family, whose promotions UCI writes with
// + (and kyotoshogi's turns back with -, its drops of the promoted face
// +P@c3), the tier names each move of random games as the board's
// Notation does.
func TestTierMoveNames(t *testing.T) {
	for _, c := range []struct {
		name, fen string
		want      []string // the forms the games must show
	}{{"shogi", "", []string{"promotes +"}}, {"minishogi", "", nil}, {"euroshogi", "", []string{"promotes +"}}, {"yarishogi", "", nil},
		{"torishogi", "", nil}, {"kyotoshogi", "", []string{"promotes +", "turns back -", "drops +P@"}}, {"crazyhouse", "", nil},
		{"chess960", "", []string{"castles"}}, {"seirawan", "", []string{"gates", "castles"}}, {"seirawan960", "", []string{"gates", "castles"}},
		{"shouse", "", []string{"gates", "drops"}},
		// sittuyin without mets, whose pawns become mets where they stand
		{"sittuyin", "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSRRNNkssrrnn] w - - 0 1", []string{"promotes in place"}}} {
		prog := loadVariant(t, c.name)
		rng := rand.New(rand.NewPCG(3, 7))
		var list MoveList
		var tl tier.MoveList
		seen := map[string]bool{}
		var b *Board
		for ply := 0; ply < 480; ply++ {
			if ply%120 == 0 || b.Status() != board.Ongoing {
				b = tierBoard(t, prog, c.fen)
			}
			tp, err := b.TierPosition()
			require.NoError(t, err)
			tp.Legal(&tl)
			b.Legal(&list)
			if tl.Len() == 0 {
				continue // the game is over: the next ply starts another
			}
			var tierNames []string
			for _, m := range tl.Moves {
				n := tp.MoveString(m)
				tierNames = append(tierNames, n)
				switch {
				case strings.HasPrefix(n, "+"):
					seen["drops +P@"] = true
				case strings.HasSuffix(n, "+"):
					seen["promotes +"] = true
				case strings.HasSuffix(n, "-"):
					seen["turns back -"] = true
				case len(n) == 5 && n[:2] == n[2:4]:
					seen["promotes in place"] = true
				case strings.Contains(n, "@"):
					seen["drops"] = true
				}
				if gated := tp.Actions(m); m.Gate() >= 0 && gated[len(gated)-1].Kind == spec.Spawn {
					seen["gates"] = true
				}
				if slices.ContainsFunc(tp.Actions(m), func(a spec.Act) bool { return a.Kind == spec.Pick }) {
					seen["castles"] = true // a king's move that lifts its rook
				}
			}
			require.ElementsMatch(t, b.Notation(list.Moves), tierNames, "%s at %s", c.name, b.FEN())
			b.Make(list.Moves[rng.IntN(len(list.Moves))])
		}
		for _, w := range c.want {
			require.True(t, seen[w], "%s: no move %s", c.name, w)
		}
	}
}

// TestTierBoardEqualsInterpreted plays random games on two boards of each
// lowered variant, one on the tier and one interpreted, and checks after
// every move that they list the same moves by name, reach the same FEN
// and hash, agree on check, captures, victims and status, and that Unmake
// on the tier board restores the FEN and hash, also across several moves.
func TestTierBoardEqualsInterpreted(t *testing.T) {
	games, plies := 3, 120
	if light() {
		games, plies = 1, 60
	}
	values := make([]int, 64)
	for i := range values {
		values[i] = i + 1
	}
	for _, name := range shippedVariants() {
		prog := loadVariant(t, name)
		if prog.tier == nil {
			continue
		}
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(17, uint64(len(name))))
			for g := range games {
				fast, slow := tierBoard(t, prog, ""), mustBoard(t, prog, "")
				// Full: Incremental's mobility counts a move each line
				// group repeats (torishogi's eagle's steps and slides),
				// the tier's one for each
				slow.SetMode(Full)
				start := fast.Mark()
				var fl, sl MoveList
				for ply := range plies {
					fast.Legal(&fl)
					slow.Legal(&sl)
					fn, sn := fast.Notation(fl.Moves), slow.Notation(sl.Moves)
					require.ElementsMatch(t, sn, fn, "game %d ply %d at %s", g, ply, slow.FEN())
					require.Equal(t, slow.InCheck(), fast.InCheck())
					require.Equal(t, slow.Status(), fast.Status(), slow.FEN())
					if len(fn) == 0 {
						break
					}
					for i, m := range fl.Moves {
						j := slices.Index(sn, fn[i])
						require.Equal(t, slow.Captures(sl.Moves[j]), fast.Captures(m), fn[i])
						require.Equal(t, slow.Victim(sl.Moves[j], values), fast.Victim(m, values), fn[i])
						require.Equal(t, slow.Mover(sl.Moves[j]), fast.Mover(m), fn[i])
					}
					require.Equal(t, slow.Mobility(board.First), fast.Mobility(board.First), "game %d ply %d at %s", g, ply, slow.FEN())
					i := rng.IntN(len(fn))
					fenBefore, hashBefore := fast.FEN(), fast.Hash()
					mk := fast.Make(fl.Moves[i])
					require.NoError(t, fast.Unmake(mk))
					require.Equal(t, fenBefore, fast.FEN())
					require.Equal(t, hashBefore, fast.Hash())
					fast.Make(fl.Moves[i])
					slow.Make(sl.Moves[slices.Index(sn, fn[i])])
					require.Equal(t, slow.FEN(), fast.FEN(), "after %s", fn[i])
					require.Equal(t, slow.Hash(), fast.Hash(), "after %s", fn[i])
					require.Equal(t, slow.Result(), fast.Result(), "after %s", fn[i])
				}
				require.NoError(t, fast.Unmake(start))
				fresh := tierBoard(t, prog, "")
				require.Equal(t, fresh.FEN(), fast.FEN())
				require.Equal(t, fresh.Perft(2), fast.Perft(2))
			}
		})
	}
}

// TestTierBudget: a variant whose lowered scripts would be too large stays
// interpreted, with the reason, and plays the same.
func TestTierBudget(t *testing.T) {
	// 4^6 = 4,096 lines of six steps on an 11x11 board
	src := "board 11x11\npiece king K royal\n    {w,a,s,d} {w,a,s,d} {w,a,s,d} {w,a,s,d} {w,a,s,d} {w,a,s,d} empty mov\n" +
		"setup 11/11/11/11/11/5k5/11/11/11/11/5K5 w - - 0 1\n"
	prog := mustLoad(t, "wide.alf", src)
	r, why := prog.Tier()
	require.Nil(t, r)
	require.ErrorIs(t, why, errTooLarge)
	b := mustBoard(t, prog, "")
	require.False(t, b.Tier())
	require.NotZero(t, b.Perft(1))
}

// TestTierDropRefusals: a variant whose drop lines ask more than an empty
// square, or drop a royal piece, stays interpreted, with the reason.
func TestTierDropRefusals(t *testing.T) {
	for _, c := range []struct{ name, drop, want string }{
		{"a step", "drop: w empty", "a drop line that asks more than an empty square"},
		{"an enemy test", "drop: empty w enemy", "a drop line that asks more than an empty square"},
		{"no test", "drop: w", "a drop line that asks more than an empty square"},
		{"an onfile test", "drop: empty onfile man", "an onfile test that is not one not onfile"},
		{"two onfile tests", "drop: empty not onfile man not onfile king", "an onfile test that is not one not onfile"},
		{"different onfile tests", "drop: empty not onfile man\n    drop: empty not onfile man 2", "drop lines with different onfile tests"},
		{"a lastroyal type", "", "lastroyal type, is dropped"},
		{"a royal face", "drop: empty promote king", "or a ghost or royal one"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "board 4x4\npiece king K royal\n    w empty mov\n" +
				"piece man M\n    " + c.drop + "\n    w empty mov\n" +
				"setup 4/1k2/4/1K2[Mm] w - - 0 1\n"
			if c.drop == "" {
				src = "board 4x4\npiece king K lastroyal\n    drop: empty\n    w empty mov\n" +
					"setup 4/1k2/4/1K2[Mm] w - - 0 1\npiece man M\n    w empty mov\n"
			}
			prog := mustLoad(t, "drops.alf", src)
			r, why := prog.Tier()
			require.Nil(t, r)
			require.ErrorContains(t, why, c.want)
			require.NotZero(t, mustBoard(t, prog, "").Perft(1), "it plays, interpreted")
		})
	}
	t.Run("two faces", func(t *testing.T) {
		src := "board 4x4\npiece king K royal\n    w empty mov\n" +
			"piece man M\n    drop: empty promote gold\n    drop: empty promote silver\n    w empty mov\n" +
			"piece gold +M\n    w empty mov\npiece silver S\n    w empty mov\n" +
			"setup 4/1k2/4/1K2[Mm] w - - 0 1\n"
		prog := mustLoad(t, "drops.alf", src)
		r, why := prog.Tier()
		require.Nil(t, r)
		require.ErrorContains(t, why, "drop lines that promote to different types")
	})
}

// TestTierZoneRides: the slides that lower to filtered rides (zoneRide)
// become rides, the zone's copies of a line merged; a slide whose
// position tests stop it before squares where they hold again stays
// interpreted, with the reason.
func TestTierZoneRides(t *testing.T) {
	_, v, err := lowerTier(loadVariant(t, "shogi"))
	require.NoError(t, err)
	rides := map[string]int{}
	for _, ty := range v.Types {
		rides[ty.Name] = len(ty.Rides)
		if ty.Name == "rook" || ty.Name == "lance" {
			require.Empty(t, ty.Lines, ty.Name)
		}
	}
	// the rook's plain slide, into the zone and out of it, along four
	// rays; the lance's plain slide and into the zone
	require.Equal(t, 12, rides["rook"])
	require.Equal(t, 2, rides["lance"])

	for _, c := range []struct{ name, line, want string }{
		{"tests that stop the slide midway", "slide w empty not pos x 1 mov then enemy capt mov", "a structure the tier does not lower"},
		{"a test that is not of the position", "slide w empty is king mov then enemy capt mov", "a structure the tier does not lower"},
		{"a slide without moves", "slide w empty\n    w empty mov", "a structure the tier does not lower"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "board 4x4\npiece king K royal\n    w empty mov\n" +
				"piece man M\n    " + c.line + "\n" +
				"setup 4/1k2/4/MK2 w - - 0 1\n"
			prog := mustLoad(t, "zone.alf", src)
			r, why := prog.Tier()
			require.Nil(t, r)
			require.ErrorContains(t, why, c.want)
			require.NotZero(t, mustBoard(t, prog, "").Perft(1), "it plays, interpreted")
		})
	}
}

// TestTierEveryRefusals: every hooks the tier does not play keep the
// variant interpreted, with the reason; dobutsu's lion (every 1: pos x l
// safe win) lowers.
func TestTierEveryRefusals(t *testing.T) {
	for _, c := range []struct{ name, lines, want string }{
		{"every 2", "every 2: pos x l win", "hooks other than one every 1 hook"},
		{"two hooks", "every 1: pos x l win\n    every 1: pos x 0 lose", "hooks other than one every 1 hook"},
		{"an action", "every 1: pos x 0 w empty spawn man", "an action other than win and lose"},
		{"a type dropped", "drop: empty\n    every 1: pos x l win", "every hook on a type that moves or drops create"},
		{"an onDeath hook", "onDeath: win", "an onDeath hook on a piece that is not a ghost"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "board 4x4\npiece king K royal\n    w empty mov\n" +
				"piece man M\n    " + c.lines + "\n    w empty mov\n" +
				"setup 4/1k2/4/MK2 w - - 0 1\n"
			prog := mustLoad(t, "every.alf", src)
			r, why := prog.Tier()
			require.Nil(t, r)
			require.ErrorContains(t, why, c.want)
			require.NotZero(t, mustBoard(t, prog, "").Perft(1), "it plays, interpreted")
		})
	}
	t.Run("ghosts", func(t *testing.T) {
		src := "board 4x4\npiece king K royal\n    w empty mov\n    every 1: pos x l win\n" +
			"piece man M\n    unmoved w empty spawn ghost w empty mov\npiece ghost G ghost\n    every 1: del\n" +
			"setup 4/1k2/4/MK2 w - - 0 1\n"
		prog := mustLoad(t, "every.alf", src)
		r, why := prog.Tier()
		require.Nil(t, r)
		require.ErrorContains(t, why, "every hooks in a variant with ghosts")
	})
	r, why := loadVariant(t, "dobutsu").Tier()
	require.NoError(t, why)
	require.NotNil(t, r)
}

// TestTierLastRoyalRefusals: lastroyal types lower (sho shogi), but not
// beside types that are royal for good, whose rule the interpreter keeps
// apart (it guards a royal piece a move makes only where no type is
// lastroyal).
func TestTierLastRoyalRefusals(t *testing.T) {
	src := "board 4x4\npiece king K royal\n    w empty mov\n" +
		"piece prince P lastroyal\n    w empty mov\n" +
		"setup 4/1kp1/4/1KP1 w - - 0 1\n"
	prog := mustLoad(t, "lastroyal.alf", src)
	r, why := prog.Tier()
	require.Nil(t, r)
	require.ErrorContains(t, why, "royal types beside lastroyal ones")
	require.NotZero(t, mustBoard(t, prog, "").Perft(1), "it plays, interpreted")
	r, why = loadVariant(t, "shoshogi").Tier()
	require.NoError(t, why)
	require.NotNil(t, r)
}

// TestTierHarmlessRefusals: count, harmless and nocheck lower (sittuyin),
// but not a harmless test of a type that captures otherwise than with
// plain captures and rides, which the tier does not ask from a square;
// nor one in a slide's then clause, whose start square is not the moving
// piece's; nor count or harmless in a drop line.
func TestTierHarmlessRefusals(t *testing.T) {
	for _, c := range []struct{ name, lines, want string }{
		{"a hopper", "w empty harmless hopper mov promote hopper", "harmless hopper: a type that captures otherwise"},
		{"a capturing script", "w empty harmless sapper mov promote sapper", "harmless sapper: a type that captures otherwise"},
		{"in a then clause", "slide w empty mov then enemy harmless man capt mov", "a harmless test outside a move line's chain"},
		{"in a drop line", "drop: empty harmless man", "a harmless test"},
		{"count in a drop line", "drop: empty not count man 2", "a count test"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "board 5x5\npiece king K royal\n    {w,a,s,d} empty mov\n" +
				"piece man M\n    " + c.lines + "\n    w empty mov nocheck\n" +
				"piece hopper H\n    slide w empty then piece w enemy capt mov\n" +
				"piece sapper S\n    w enemy capt\n" +
				"setup 5/1k3/5/5/MK3[Mm] w - - 0 1\n"
			if !strings.Contains(c.lines, "drop:") {
				src = strings.Replace(src, "[Mm]", "", 1)
			}
			prog := mustLoad(t, "harmless.alf", src)
			r, why := prog.Tier()
			require.Nil(t, r)
			require.ErrorContains(t, why, c.want)
			require.NotZero(t, mustBoard(t, prog, "").Perft(1), "it plays, interpreted")
		})
	}
	r, why := loadVariant(t, "sittuyin").Tier()
	require.NoError(t, why)
	require.NotNil(t, r)
}

// TestTierHopCheckBesideAnother: a hop that checks beside another checker
// (here a knight) is a check the evasions do not count; capturing the
// knight leaves the king in check.
func TestTierHopCheckBesideAnother(t *testing.T) {
	src, err := os.ReadFile("testdata/tier/hopdrops.alf")
	require.NoError(t, err)
	prog := mustLoad(t, "hopdrops.alf", string(src))
	fen := "5N/1g3g/k3gN/6/2Kn2/4nG[] w - - 4 24"
	var fl, sl MoveList
	fast, slow := tierBoard(t, prog, fen), mustBoard(t, prog, fen)
	fast.Legal(&fl)
	slow.Legal(&sl)
	require.ElementsMatch(t, slow.Notation(sl.Moves), fast.Notation(fl.Moves))
	require.NotContains(t, fast.Notation(fl.Moves), "f1e1")
}

// TestTierGateRefusals: gates the tier does not play keep the variant
// interpreted, with the reason: a gate line that tests more than unmoved
// and pos, a gating type that is royal, a promotion from a gate square
// (a gated plain move keeps its type where a promotion's goes), a move
// that leaves more than two gate squares, and gates beside multis.
func TestTierGateRefusals(t *testing.T) {
	for _, c := range []struct{ name, gate, king, extra, want string }{
		{"an empty test", "gate: empty", "", "", "a gate line that tests more than unmoved and pos"},
		{"an is test", "gate: not is king unmoved", "", "", "a gate line that tests more than unmoved and pos"},
		{"a royal type", "", "    gate: unmoved pos x 0\n", "", "a ghost or royal type, gates"},
		{"a promotion", "gate: unmoved pos x 0", "", "piece pawn P\n    w empty mov promote man\n", "may promote from a1, a gate square"},
		// the king lifts two allies of its rank, never set down, and moves
		{"three gate squares", "gate: pos x 0", "    d ally pick d ally pick aa w empty mov\n", "", "leaves more than two gate squares"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "board 4x4\npiece king K royal\n    {w,a,s,d} empty mov\n" + c.king +
				"piece man M\n    " + c.gate + "\n    w empty mov\n" + c.extra +
				"setup 4/1k2/4/1KMM[Mm] w - - 0 1\n"
			prog := mustLoad(t, "gates.alf", src)
			r, why := prog.Tier()
			require.Nil(t, r)
			require.ErrorContains(t, why, c.want)
			require.NotZero(t, mustBoard(t, prog, "").Perft(1), "it plays, interpreted")
		})
	}
	t.Run("multis", func(t *testing.T) {
		src := "board 4x4\npiece man M real\n    gate: pos x 0\n    w empty mov\n" +
			"    multi [\n        turn dir=[wa,wd] <\n            dir enemy capt dir empty mov\n        >\n    ]\n" +
			"setup 4/1m2/4/1M2[Mm] w - - 0 1\nextinction loss\n"
		prog := mustLoad(t, "gates.alf", src)
		r, why := prog.Tier()
		require.Nil(t, r)
		require.ErrorContains(t, why, "gates in a variant with multis")
		require.NotZero(t, mustBoard(t, prog, "").Perft(1), "it plays, interpreted")
	})
}
