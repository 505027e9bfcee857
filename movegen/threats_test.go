package movegen

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/examples"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The threatened-square map (threats.go; docs/language.md § Check as its
// own attribute, The threatened-square map), drawn by Diagram and checked
// by hand. jaque's maps on playouts are compared with a brute-force
// enumerator in internal/brute.

func loadShippedVariant(t testing.TB, name string) *Program {
	t.Helper()
	src, err := examples.Source(name)
	require.NoError(t, err)
	return mustLoad(t, name+".alf", string(src))
}

// threatNames returns by's map for occupant as square names.
func threatNames(b *Board, by board.Side, occupant int) []string {
	set := b.Threatened(by, occupant)
	var names []string
	for _, sq := range set.Squares(nil) {
		names = append(names, b.pos.SquareName(sq))
	}
	return names
}

// jaque: white king a1, knight c2, rook d1; black king d6, queen b4.
// White's map: the knight's a1 a3 b4 d4 e1 e3, the rook's d-file up to the
// black king on d6 and c1 b1 a1 e1 f1 along the first rank (a1 counts: a
// black piece there, in place of the white king, would be taken), the
// king's a2 b1 b2. The queen on b4 (the knight's) and the king on d6 (the
// rook's) are on it: both checked. Black's map: the queen's file b1-b6,
// rank a4 c4-f4, diagonals a3 c5 d6(own king: a white piece there would
// be taken) a5 c3 d2 e1; the king's c5-e5 c6 e6 (and d5 again). Neither
// the knight on c2 nor the king on a1 nor the rook on d1 is on it.
func TestThreatenedJaque(t *testing.T) {
	p := loadShippedVariant(t, "jaque")
	const fen = "3k2/6/1q4/6/2N3/K2R2 w - - 0 1"
	eachMode(t, p, fen, func(t *testing.T, b *Board) {
		for _, occupant := range []int{0, 5} { // king, pawn: captures in jaque ignore the victim's type
			assert.Equal(t, []string{"a1", "b1", "c1", "e1", "f1", "a2", "b2", "d2", "a3", "d3", "e3", "b4", "d4", "d5", "d6"}, sortedSquares(threatNames(b, board.First, occupant)))
			assert.Equal(t, []string{"b1", "e1", "b2", "d2", "a3", "b3", "c3", "a4", "c4", "d4", "e4", "f4", "a5", "b5", "c5", "d5", "e5", "b6", "c6", "d6", "e6"}, sortedSquares(threatNames(b, board.Second, occupant)))
		}
		set := b.Threatened(board.First, 0)
		assert.Equal(t, strings.Join([]string{
			" 6  .  .  . (k) .  .",
			" 5  .  .  .  x  .  .",
			" 4  . (q) .  x  .  .",
			" 3  x  .  .  x  x  .",
			" 2  x  x  N  x  .  .",
			" 1 (K) x  x  R  x  x",
			"    a  b  c  d  e  f",
		}, "\n")+"\n", b.Diagram(&set))
		assert.Equal(t, fen, b.FEN(), "the map leaves the position as it found it")
	})
}

// sortedSquares orders square names by rank, then file, as Squares does.
func sortedSquares(names []string) []string {
	slices.SortFunc(names, func(a, b string) int {
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		return strings.Compare(a[1:]+a[:1], b[1:]+b[:1])
	})
	return names
}

// The setup: each side's pawns are covered by its own pieces (a piece of
// the other side there would be taken), its third rank by its pawns'
// diagonal captures, and the a1 rook by nothing (the b1 knight leaps to
// a3 c3 d2, the b2 pawn takes forward only).
func TestThreatenedJaqueSetup(t *testing.T) {
	p := loadShippedVariant(t, "jaque")
	eachMode(t, p, "", func(t *testing.T, b *Board) {
		assert.Equal(t, []string{"b1", "c1", "d1", "e1", "f1", "a2", "b2", "c2", "d2", "e2", "f2", "a3", "b3", "c3", "d3", "e3", "f3"}, threatNames(b, board.First, 0))
		assert.Equal(t, []string{"a4", "b4", "c4", "d4", "e4", "f4", "a5", "b5", "c5", "d5", "e5", "f5", "b6", "c6", "d6", "e6", "f6"}, threatNames(b, board.Second, 0))
	})
}

// Chess, on the tier and off it: white's rook a1, knight c3 and king e1
// against black's king e8 and pawn d5. White's map: the rook's a-file and
// b1-d1 (and e1: a black piece in the king's place), the knight's a2 a4
// b1 b5 d1 d5 e2 e4 (the d5 pawn on it), the king's d1 d2 e2 f2 f1; the
// black king is not on it. Black's: the king's d8 f8 d7 e7 f7 and the
// pawn's captures c4 e4 — not d4, where it only steps.
func TestThreatenedChess(t *testing.T) {
	p := loadShippedVariant(t, "chess")
	const fen = "4k3/8/8/3p4/8/2N5/8/R3K3 w - - 0 1"
	white := []string{"b1", "c1", "d1", "e1", "f1", "a2", "d2", "e2", "f2", "a3", "a4", "e4", "a5", "b5", "d5", "a6", "a7", "a8"}
	black := []string{"c4", "e4", "d7", "e7", "f7", "d8", "f8"}
	check := func(t *testing.T, b *Board) {
		for _, pawn := range []int{5} {
			assert.Equal(t, white, threatNames(b, board.First, pawn))
			assert.Equal(t, black, threatNames(b, board.Second, pawn))
		}
	}
	t.Run("tier", func(t *testing.T) { check(t, tierBoard(t, p, fen)) })
	eachMode(t, p, fen, check)
}

// Once the board has generated, a map costs no allocation, in either
// mode, on jaque and on chess's tier.
func TestThreatenedAllocs(t *testing.T) {
	p := loadShippedVariant(t, "jaque")
	eachMode(t, p, "", func(t *testing.T, b *Board) {
		var list MoveList
		b.Legal(&list)
		assert.Zero(t, testing.AllocsPerRun(20, func() { b.Threatened(board.First, 0) }))
	})
	b := tierBoard(t, loadShippedVariant(t, "chess"), "")
	b.Threatened(board.First, 5)
	assert.Zero(t, testing.AllocsPerRun(20, func() { b.Threatened(board.Second, 5) }))
}

// The check rule reads the map: on positions of random jaque games, in
// both modes, the side to move's checked pieces are exactly its checkable
// pieces on squares of the opponent's map, InCheck says whether there is
// one, and a position's map is the same in both modes.
func TestThreatenedCheckedPieces(t *testing.T) {
	p := loadShippedVariant(t, "jaque")
	r := rand.New(rand.NewPCG(18, 1))
	positions, checked := 0, 0
	for game := range 6 {
		inc, full := mustBoard(t, p, ""), mustBoard(t, p, "")
		inc.SetMode(Incremental)
		full.SetMode(Full)
		for ply := range 40 {
			for _, b := range []*Board{inc, full} {
				side := b.pos.ToMove
				set := b.Threatened(side.Other(), 0)
				var onMap []int32
				for id, pc := range b.pos.Pieces {
					if pc.OnBoard && pc.Side == side && p.types[pc.Type].Checkable && set.Has(pc.Square) {
						onMap = append(onMap, int32(id))
					}
				}
				assert.Equal(t, onMap, b.checkedPieces(side, nil), "game %d ply %d %s %s", game, ply, b.mode, b.FEN())
				positions++
				if len(onMap) > 0 {
					checked++
				}
				assert.Equal(t, len(onMap) > 0, b.InCheck(), "game %d ply %d %s", game, ply, b.FEN())
				other := b.Threatened(side, 0)
				if b == full {
					incSet, incOther := inc.Threatened(side.Other(), 0), inc.Threatened(side, 0)
					assert.Equal(t, incSet, set, "%s", b.FEN())
					assert.Equal(t, incOther, other, "%s", b.FEN())
				}
			}
			var list MoveList
			inc.Legal(&list)
			if len(list.Moves) == 0 || inc.pos.Result != board.Ongoing {
				break
			}
			name := inc.Notation(list.Moves[r.IntN(len(list.Moves)):][:1])[0]
			for _, b := range []*Board{inc, full} {
				_, err := b.Play(mustParse(t, b, name))
				require.NoError(t, err)
			}
		}
	}
	t.Logf("%d positions, %d with a checked piece", positions, checked)
	assert.Greater(t, checked, 10, "the games reach checks")
}

func mustParse(t *testing.T, b *Board, name string) Move {
	t.Helper()
	m, err := b.ParseMove(name)
	require.NoError(t, err)
	return m
}

// On variants of every kind of construct the map must survive (drops,
// blasts, stacks, groups, fields, invisible and late pieces, walls,
// holes), on the setup and a few random plies on, in both modes: the map
// leaves the position (FEN and hash) as it found it, both modes draw the
// same map, and on a square of the threatened side's piece it is the
// capturable test itself. internal/brute sweeps every shipped variant.
func TestThreatenedConstructs(t *testing.T) {
	for _, name := range []string{"jaque", "atomic", "crazyhouse", "ram", "merge", "domino", "fields", "invisible", "chameleon", "duck", "gustav3"} {
		t.Run(name, func(t *testing.T) {
			p := loadShippedVariant(t, name)
			inc, full := mustBoard(t, p, ""), mustBoard(t, p, "")
			inc.SetMode(Incremental)
			full.SetMode(Full)
			r := rand.New(rand.NewPCG(7, uint64(len(name))))
			for ply := range 4 {
				for _, by := range []board.Side{board.First, board.Second} {
					occupant := r.IntN(len(p.types))
					fen, hash := full.FEN(), full.pos.Hash()
					want := full.Threatened(by, occupant)
					require.Equal(t, fen, full.FEN(), "ply %d", ply)
					require.Equal(t, hash, full.pos.Hash(), "ply %d %s", ply, fen)
					assert.Equal(t, want, inc.Threatened(by, occupant), "ply %d %s by %v for %s", ply, fen, by, p.types[occupant].Name)
					require.Equal(t, fen, inc.FEN())
					for _, pc := range full.pos.Pieces {
						if pc.OnBoard && pc.Side != by {
							assert.Equal(t, full.capturable(pc.Square, by), want.Has(pc.Square), "%s %s", fen, full.pos.SquareName(pc.Square))
						}
					}
				}
				var list MoveList
				full.Legal(&list)
				if len(list.Moves) == 0 || full.pos.Result != board.Ongoing {
					break
				}
				name := full.Notation(list.Moves[r.IntN(len(list.Moves)):][:1])[0]
				for _, b := range []*Board{inc, full} {
					_, err := b.Play(mustParse(t, b, name))
					require.NoError(t, err)
				}
			}
		})
	}
}

// A checkable multi-square piece is checked when any of its squares is on
// the map: domino with checkable rooks (its towers are two of them), on
// random games in both modes.
func TestThreatenedCheckedGroups(t *testing.T) {
	src, err := examples.Source("domino")
	require.NoError(t, err)
	p := mustLoad(t, "domino.alf", strings.Replace(string(src), "piece rook R value", "piece rook R checkable value", 1))
	r := rand.New(rand.NewPCG(18, 2))
	checkedParts := 0
	// the white tower on a1-a2: the black rook on f1 takes on a1 only
	for _, fen := range []string{"5k/6/6/3K2/R{1}5/R{1}4r w - - 0 1", "", "", "", ""} {
		inc, full := mustBoard(t, p, fen), mustBoard(t, p, fen)
		inc.SetMode(Incremental)
		full.SetMode(Full)
		for range 30 {
			for _, b := range []*Board{inc, full} {
				side := b.pos.ToMove
				set := b.Threatened(side.Other(), 3)
				var onMap []int32
				for id, pc := range b.pos.Pieces {
					if !pc.OnBoard || pc.Side != side || !p.types[pc.Type].Checkable {
						continue
					}
					parts := []int32{int32(id)}
					if pc.Group > 0 {
						parts = b.pos.GroupParts(int32(id), nil)
					}
					if slices.ContainsFunc(parts, func(q int32) bool { return set.Has(b.pos.Pieces[q].Square) }) {
						onMap = append(onMap, int32(id))
						if !set.Has(pc.Square) {
							checkedParts++
						}
					}
				}
				assert.Equal(t, onMap, b.checkedPieces(side, nil), "%s %s", b.mode, b.FEN())
			}
			var list MoveList
			full.Legal(&list)
			if len(list.Moves) == 0 || full.pos.Result != board.Ongoing {
				break
			}
			name := full.Notation(list.Moves[r.IntN(len(list.Moves)):][:1])[0]
			for _, b := range []*Board{inc, full} {
				_, err := b.Play(mustParse(t, b, name))
				require.NoError(t, err)
			}
		}
	}
	assert.Positive(t, checkedParts, "pieces checked through another square of their group")
}

// BenchmarkThreatened draws one map of the setup, beside one Legal call of
// the same board: jaque in both modes, chess interpreted and on the tier.
func BenchmarkThreatened(b *testing.B) {
	for _, c := range []struct {
		variant string
		mode    Mode
		tier    bool
	}{{"jaque", Incremental, false}, {"jaque", Full, false}, {"chess", Incremental, false}, {"chess", Incremental, true}} {
		p := loadShippedVariant(b, c.variant)
		board0, err := p.NewBoard("")
		require.NoError(b, err)
		board0.SetTier(c.tier)
		board0.SetMode(c.mode)
		name := c.variant + "/" + c.mode.String()
		if c.tier {
			name = c.variant + "/tier"
		}
		b.Run(name+"/map", func(b *testing.B) {
			for range b.N {
				board0.Threatened(board.Second, 0)
			}
		})
		b.Run(name+"/legal", func(b *testing.B) {
			var list MoveList
			for range b.N {
				board0.Legal(&list)
			}
		})
	}
}

// With shogi's two-character letters every cell is four wide, the files
// line up, and a promoted piece on the map is bracketed whole.
func TestDiagramWideLetters(t *testing.T) {
	p := loadShippedVariant(t, "shogi")
	// black's pawn on e6 takes forward, on e5
	b := mustBoard(t, p, "lnsgkgsnl/1r5b1/pppp1pppp/4p4/4+P4/9/PPPP1PPPP/1B5R1/LNSGKGSNL[] b 0 1")
	set := b.Threatened(board.Second, 0)
	lines := strings.Split(b.Diagram(&set), "\n")
	assert.Equal(t, " 5  .   .   .   .  (+P) .   .   .   .", lines[4])
	assert.Equal(t, "    a   b   c   d   e   f   g   h   i", lines[9])
}

// A stand-in type the variant does not have is a programming error.
func TestThreatenedBadType(t *testing.T) {
	b := mustBoard(t, loadShippedVariant(t, "jaque"), "")
	assert.PanicsWithValue(t, "movegen: Threatened: jaque has no piece type 6", func() { b.Threatened(board.First, 6) })
}

// The map is for a type: a hunter takes only kings (its line's `is
// king`), so the squares it covers are on the king's map and not on the
// pawn's. White hunter a1, king d1; black king d4, pawn a4. For a black
// king standing in: the hunter's b1 c1 d1 (in the white king's place)
// a2 a3 — not a4, whose pawn it may not take — and the king's c1 c2 d2.
// For a pawn: the king's c1 c2 d2 only.
func TestThreatenedDependsOnType(t *testing.T) {
	p := mustLoad(t, "hunt.alf", `game hunt
board 4x4
piece king K royal
    {w,a,s,d,wa,wd,as,sd} empty mov
    {w,a,s,d,wa,wd,as,sd} enemy capt mov
piece hunter H
    slide {w,d} empty mov then enemy is king capt mov
piece pawn P
    w empty mov
`)
	eachMode(t, p, "p2k/4/4/H2K w - - 0 1", func(t *testing.T, b *Board) {
		assert.Equal(t, []string{"b1", "c1", "d1", "a2", "c2", "d2", "a3"}, threatNames(b, board.First, 0))
		assert.Equal(t, []string{"c1", "c2", "d2"}, threatNames(b, board.First, 2))
	})
}

// A finished game (Black has lost its king and prince: extinction) still
// has a map: the rook on c1 covers a1 (in its king's place) b1 d1 e1 f1
// c2 and the queen on c3, the king a2 b1 b2.
func TestThreatenedGameOver(t *testing.T) {
	b := mustBoard(t, loadShippedVariant(t, "jaque"), "6/6/6/2q3/6/K1R3 w - - 0 1")
	require.Equal(t, board.WinFor(board.First), b.Result())
	assert.Equal(t, []string{"a1", "b1", "d1", "e1", "f1", "a2", "b2", "c2", "c3"}, threatNames(b, board.First, 0))
}
