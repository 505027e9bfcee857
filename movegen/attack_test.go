package movegen

import (
	"github.com/alfil-go/alfil/examples"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
)

// TestLoweredAttacksEqualLines plays random games in every shipped
// variant and, at every position, asks for every square and both sides
// whether the side could capture there: the lowered tables
// (lowCapturable) must answer as generating the lines does (linesCapture)
// wherever they answer at all. It also lists which variants are lowered,
// so that a change that stops chess lowering is seen.
func TestLoweredAttacksEqualLines(t *testing.T) {
	// two games a variant: with ninety-odd variants the run stays in CI's
	// time, and the seeds differ per variant
	games, plies := 2, 80
	if light() {
		games, plies = 1, 40
	}
	var lowered []string
	sampled := map[string]bool{}
	for _, name := range shippedVariants() {
		sampled[name] = true
	}
	for _, name := range examples.Names() {
		prog := loadVariant(t, name)
		if prog.lowered {
			lowered = append(lowered, name)
		}
		if !sampled[name] {
			continue
		}
		t.Run(name, func(t *testing.T) {
			asked := 0
			randomPositions(t, prog, 7, name, games, plies, func(b *Board) {
				for sq := board.Square(0); int(sq) < b.pos.Squares(); sq++ {
					for _, by := range []board.Side{board.First, board.Second} {
						low, ok := b.lowCapturable(sq, by)
						if !ok {
							continue
						}
						asked++
						require.Equal(t, b.linesCapture(sq, by), low, "%s: can %v capture on %s?", b.FEN(), by, b.pos.SquareName(sq))
					}
				}
			})
			if prog.lowered {
				assert.NotZero(t, asked)
			}
		})
	}
	for _, name := range []string{"chess", "3check", "berolina", "capablanca", "grasshopper", "horde", "kingofthehill", "makruk", "shatranj", "amazon", "nightrider", "knightmate", "embassy", "gustav3", "omicron", "racingkings", "coregal", "shatar"} {
		assert.Contains(t, lowered, name, "%s's captures lower", name)
	}
	t.Logf("lowered: %v", lowered)
}

// randomPositions plays games random games of up to plies plies from the
// setup of prog, each move drawn by a generator seeded with seed and the
// variant's name, and calls visit at every position before its move.
func randomPositions(t *testing.T, prog *Program, seed uint64, name string, games, plies int, visit func(b *Board)) {
	rng := rand.New(rand.NewPCG(seed, uint64(len(name))))
	var list MoveList
	for range games {
		b := mustBoard(t, prog, "")
		for range plies {
			visit(b)
			b.Legal(&list)
			if list.Len() == 0 {
				break
			}
			b.Make(list.Moves[rng.IntN(list.Len())])
		}
	}
}

// TestLowLegalEqualsPlaying plays random games in every shipped variant
// and judges every pseudo-legal move of every position twice: from the
// lowered tables without playing it (lowLegal), where they can, and by
// playing it and asking (as Legal does otherwise). The verdicts must agree.
func TestLowLegalEqualsPlaying(t *testing.T) {
	// two games a variant: with ninety-odd variants the run stays in CI's
	// time, and the seeds differ per variant
	games, plies := 2, 80
	if light() {
		games, plies = 1, 40
	}
	for _, name := range shippedVariants() {
		prog := loadVariant(t, name)
		if !prog.lowered {
			continue
		}
		t.Run(name, func(t *testing.T) {
			if prog.flips {
				t.Skip("every move flips or outflanks, which the lowered tables do not follow: lowLegal judges none (and no piece is royal)")
			}
			if !mustBoard(t, prog, "").ghostsLeaveOnly() {
				t.Skip("an every hook that is not a ghost's leaves lowLegal nothing to judge (dobutsu's lion)")
			}
			judged := 0
			var pseudo MoveList
			randomPositions(t, prog, 11, name, games, plies, func(b *Board) {
				judged += sameVerdicts(t, b, &pseudo)
			})
			assert.NotZero(t, judged)
		})
	}
}

// sameVerdicts compares lowLegal with playing for every pseudo-legal move
// of b's position and returns how many lowLegal judged.
func sameVerdicts(t testing.TB, b *Board, pseudo *MoveList) int {
	t.Helper()
	if !b.ghostsLeaveOnly() {
		return 0
	}
	b.Pseudo(pseudo)
	side := b.pos.ToMove
	judged := 0
	for _, m := range pseudo.Moves {
		legal, known := b.lowLegal(m, side)
		if !known {
			continue
		}
		judged++
		before := b.royalCounts()
		mk := b.Mark()
		b.play(m, side)
		b.probing, b.probe = true, mk.pos
		played := b.legalAfter(side, before, nil)
		b.probing = false
		b.Unmake(mk)
		require.Equal(t, played, legal, "%s: %s", b.FEN(), b.MoveString(m))
	}
	return judged
}

// TestLoweringShapes: which lines lower, and which keep the interpreter.
func TestLoweringShapes(t *testing.T) {
	tests := []struct {
		name, piece string
		lowered     bool
	}{
		{"leaper", "wwa enemy capt mov", true},
		{"leaper with a rank condition and promotion", "wa enemy pos x l capt mov promote king", true},
		{"rider", "slide w empty mov then enemy capt mov", true},
		{"nightrider", "slide wwa empty mov then enemy capt mov", true},
		{"grasshopper", "slide w empty then piece w enemy capt mov", true},
		{"leaper onto one of some squares", "w opt pos 1 1 , pos 2 2 end enemy capt mov", true},
		{"an opt that steps", "w opt w , a end enemy capt mov", false},
		{"a rider that hops", "slide w empty mov then piece w enemy capt mov", false},
		{"cannon", "slide w empty mov then piece slide w empty then enemy capt mov", false},
		{"capture on another square", "w empty w enemy capt mov", false},
		{"safe", "w safe enemy capt mov", false},
		{"no capture at all", "w empty mov", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "board 5x5\npiece king K royal\n    w mov\npiece x X\n    " + tt.piece + "\n"
			prog := mustLoad(t, "t.alf", src)
			x := prog.types[prog.byName["x"]]
			assert.Equal(t, tt.lowered, x.attacks != nil)
		})
	}
}

// TestLegalCaptures plays random games in every shipped variant and checks
// at every position that LegalCaptures lists exactly the capturing moves
// of Legal, in Legal's order, and says whether Legal lists any move.
func TestLegalCaptures(t *testing.T) {
	games, plies := 3, 60
	if light() {
		games, plies = 1, 30
	}
	for _, name := range shippedVariants() {
		prog := loadVariant(t, name)
		t.Run(name, func(t *testing.T) {
			var legal, caps MoveList
			randomPositions(t, prog, 13, name, games, plies, func(b *Board) {
				b.Legal(&legal)
				var want []Move
				for _, m := range legal.Moves {
					if b.Captures(m) {
						want = append(want, m)
					}
				}
				any := b.LegalCaptures(&caps)
				require.Equal(t, legal.Len() > 0, any, "%s", b.FEN())
				require.Equal(t, refsOf(want), refsOf(caps.Moves), "%s", b.FEN())
			})
		})
	}
}

// TestLoweredRiderNeedsAPiece: a rider's then clause runs only where the
// ray meets a piece, even when it asks for no enemy (then capt mov): an
// empty square on the ray is passed, not captured on. (FuzzGen found the
// lowered tables saying otherwise; testdata/fuzz/FuzzGen keeps the file.)
func TestLoweredRiderNeedsAPiece(t *testing.T) {
	prog := mustLoad(t, "t.alf", "board 5x5\npiece king K royal\n    w mov\npiece rook R\n    slide w empty mov then capt mov\nsetup 4k/5/5/5/R3K w - - 0 1\n")
	require.True(t, prog.lowered)
	b := mustBoard(t, prog, "")
	a3, _ := b.pos.ParseSquare("a3")
	low, ok := b.lowCapturable(a3, board.First)
	require.True(t, ok)
	assert.False(t, low, "a3 is empty: the rook passes it")
	assert.False(t, b.linesCapture(a3, board.First))
}
