package movegen

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/examples"
)

// randMoves lists the legal moves of b by name, sorted.
func randMoves(b *Board) []string {
	var list MoveList
	b.Legal(&list)
	names := b.Notation(list.Moves)
	slices.Sort(names)
	return names
}

// TestRandRollFormula pins randRoll to the formula docs/language.md § rand
// states, computed apart (a few lines of Python over 64-bit integers).
func TestRandRollFormula(t *testing.T) {
	assert.Equal(t, uint64(0x5c979ec9d036ae18), randRoll(0, 3, 0, 14, 25, board.First, 0))
	assert.Equal(t, uint64(0x965e0466398ede47), randRoll(0x9e3779b97f4a7c15, 4, 2, 35, 0, board.Second, 3))
	assert.Equal(t, uint64(0x1168b488d4a85362), randRoll(42, 0, 0, 0, 0, board.First, 0))
}

// TestRandMoveSets: exact move sets of dice chess at two positions under
// two seeds, checked by hand from the rolls (randRoll, computed apart):
//
//	knight c3 (type 3, rand 0), roll mod 100 per jump, open below 50:
//	           b5 d5 a4 a2 b1 d1 e4 e2
//	  seed 0:  12  9  2 65 99 51 17 94   open b5 d5 a4 e4
//	  seed 2a: 72 58  8 13 51 63 75 98   open a4 a2
//	fool e3 (type 4, rand 0), rolled at e3, branches w a s d (e4 d3 e2 f3):
//	  all four open, mod 100:      seed 0: 15 → e4   seed 2a: 80 → f3
//	  e4 taken, d3 e2 f3, mod 75:  seed 0: 40 → e2   seed 2a: 55 → f3
//
// The black pawn on d5 is the knight's capture; white's king has its
// three steps, black's lone pawn and king check nothing.
func TestRandMoveSets(t *testing.T) {
	prog := loadVariant(t, "dice")
	tests := []struct {
		fen  string
		want string
	}{
		{"k5/3p2/6/2N1F1/6/K5 w - - 0 1 {seed:0}", "a1a2 a1b1 a1b2 c3a4 c3b5 c3d5 c3e4 e3e4"},
		{"k5/3p2/6/2N1F1/6/K5 w - - 0 1 {seed:2a}", "a1a2 a1b1 a1b2 c3a2 c3a4 e3f3"},
		{"k5/3p2/4P1/2N1F1/6/K5 w - - 0 1 {seed:0}", "a1a2 a1b1 a1b2 c3a4 c3b5 c3d5 e3e2 e4d5 e4e5"},
		{"k5/3p2/4P1/2N1F1/6/K5 w - - 0 1 {seed:2a}", "a1a2 a1b1 a1b2 c3a2 c3a4 e3f3 e4d5 e4e5"},
		// no state field: the file's seed 42 (2a)
		{"k5/3p2/6/2N1F1/6/K5 w - - 0 1", "a1a2 a1b1 a1b2 c3a2 c3a4 e3f3"},
	}
	for _, tt := range tests {
		t.Run(tt.fen, func(t *testing.T) {
			for _, mode := range []Mode{Incremental, Full} {
				b := mustBoard(t, prog, tt.fen)
				b.SetMode(mode)
				assert.Equal(t, tt.want, strings.Join(randMoves(b), " "), "%s", mode)
			}
		})
	}
}

// TestRandSeedInPositions: the seed is read from the FEN (the file's
// seed when absent), written back, advanced by every ply whatever the
// move, restored by Unmake, and hashed.
func TestRandSeedInPositions(t *testing.T) {
	prog := loadVariant(t, "dice")
	assert.True(t, prog.Seeded())
	b := mustBoard(t, prog, "")
	assert.Equal(t, uint64(42), b.Position().Seed)
	assert.Equal(t, prog.setup+" {seed:2a}", b.FEN())

	fen := "rnqkfr/pppppp/6/6/PPPPPP/RNQKFR w - - 0 1 {seed:9e3779b97f4a7c15}"
	b = mustBoard(t, prog, fen)
	require.Equal(t, fen, b.FEN(), "the round trip keeps the seed")
	hash := b.Position().Hash()
	var list MoveList
	b.Legal(&list)
	var after []uint64
	for _, m := range list.Moves {
		mk := b.Make(m)
		after = append(after, b.Position().Seed)
		assert.Equal(t, b.Position().ComputeHash(), b.Position().Hash())
		again, err := prog.NewBoard(b.FEN())
		require.NoError(t, err)
		assert.Equal(t, b.FEN(), again.FEN())
		assert.Equal(t, b.Position().Hash(), again.Position().Hash())
		require.NoError(t, b.Unmake(mk))
	}
	for _, s := range after {
		assert.Equal(t, board.NextSeed(0x9e3779b97f4a7c15), s, "the seed advances alike after every move")
	}
	assert.Equal(t, fen, b.FEN())
	assert.Equal(t, hash, b.Position().Hash())

	other := mustBoard(t, prog, "rnqkfr/pppppp/6/6/PPPPPP/RNQKFR w - - 0 1 {seed:9e3779b97f4a7c16}")
	assert.NotEqual(t, hash, other.Position().Hash(), "the seed is part of the hash")
	assert.Equal(t, b.RepetitionHash(), other.RepetitionHash(), "and not of what a repetition compares")
	assert.Equal(t, b.IdentityHash(), other.IdentityHash())
}

// TestRandSeedDeclaration: the seed declaration changes the start
// position's moves (the knight's jumps), and a seed without a rand is an
// error.
func TestRandSeedDeclaration(t *testing.T) {
	src, err := examples.Source("dice")
	require.NoError(t, err)
	moves := map[string]string{}
	for _, seed := range []string{"seed 42", "seed 0", "seed 5"} {
		text := strings.Replace(string(src), "seed 42", seed, 1)
		prog, err := Load("dice.alf", []byte(text))
		require.NoError(t, err)
		moves[seed] = strings.Join(randMoves(mustBoard(t, prog, "")), " ")
	}
	// the knight b1's jumps a3, c3, d2 (blocked) roll; seed 42 opens a3
	assert.Contains(t, moves["seed 42"], "b1a3")
	assert.NotEqual(t, moves["seed 42"], moves["seed 0"])
	assert.NotEqual(t, moves["seed 42"], moves["seed 5"])

	_, err = Load("t.alf", []byte("board 4x4\nseed 3\npiece king K royal\n    w empty mov\nsetup 3k/4/4/K3 w - - 0 1\n"))
	assert.ErrorContains(t, err, "t.alf:2:1: seed 3: no line of the variant uses rand, so nothing reads the seed")
}

// TestRandPerftStable: the same FEN and seed give the same perft in both
// modes and on every run; another seed gives another.
func TestRandPerftStable(t *testing.T) {
	prog := loadVariant(t, "dice")
	fen := "r2k1r/1P4/2N3/2f3/3n2/R2K1R b - - 0 1 {seed:deadbeef}"
	var counts []uint64
	for range 2 {
		for _, mode := range []Mode{Incremental, Full} {
			b := mustBoard(t, prog, fen)
			b.SetMode(mode)
			counts = append(counts, b.Perft(3))
			require.Equal(t, fen, b.FEN())
		}
	}
	assert.Equal(t, []uint64{counts[0], counts[0], counts[0], counts[0]}, counts)
	b := mustBoard(t, prog, strings.Replace(fen, "deadbeef", "deadbeee", 1))
	assert.NotEqual(t, counts[0], b.Perft(3))
}

// TestRandQuietLegality: a king's step is judged with the dice of the
// next ply. The keeper's quiet judgment asked the opponent's dirty
// knight holders on the position without the seed's advance, and let
// the black king step to d6, which the white knight b5 takes next ply
// (and kept it from d4, which it does not); the brute-force enumerator
// found it (internal/brute/rand_test.go).
func TestRandQuietLegality(t *testing.T) {
	prog := loadVariant(t, "dice")
	fen := "r3fr/pN2kp/6/n2P1p/2P1PR/R1q1FK b - - 0 1 {seed:32f67af831896d08}"
	want := "a3b5 a3c4 a5a4 a6b6 a6c6 a6d6 c1a1 c1b1 c1b2 c1c2 c1d1 c1d2 c1e1 c1e3 c1f4 e5d4 e5d5 e5f4 e6d6 f3e2 f5f4"
	for _, mode := range []Mode{Incremental, Full} {
		b := mustBoard(t, prog, fen)
		b.SetMode(mode)
		assert.Equal(t, want, strings.Join(randMoves(b), " "), "%s", mode)
	}
}

// TestRandTierDeclines: a variant with rand stays interpreted, and says
// why.
func TestRandTierDeclines(t *testing.T) {
	prog := loadVariant(t, "dice")
	rules, why := prog.Tier()
	assert.Nil(t, rules)
	assert.ErrorContains(t, why, "rand: a line's branch depends on the position's seed")
}

// TestRandKeys: a rand's key is its type and the ordinal of its source
// position among the type's rands; the copies braces make share it.
func TestRandKeys(t *testing.T) {
	src := "board 5x5\npiece king K royal\n    {w,s} empty mov\npiece dicer X\n    w empty mov\n" +
		"    {wa,wd} rand 50 {enemy capt mov,empty mov}, 50\n    every 1: rand live 10 del, 90\n    rand 100 s empty mov\n" +
		"setup 4k/5/5/5/KX3 w - - 0 1\n"
	prog, err := Load("t.alf", []byte(src))
	require.NoError(t, err)
	x := prog.types[prog.byName["dicer"]]
	var keys []string
	for _, l := range append(append([]*Line(nil), x.Lines...), x.Every[0].Line) {
		eachNode(l.nodes, func(nd node) {
			if r, ok := nd.(*randNode); ok {
				keys = append(keys, randDumpHead(r))
			}
		})
	}
	assert.Equal(t, []string{
		"rand [50 50] (type 1, rand 0)", "rand [50 50] (type 1, rand 0)", "rand [50 50] (type 1, rand 0)", "rand [50 50] (type 1, rand 0)",
		"rand [100] (type 1, rand 2)", "rand live [10 90] (type 1, rand 1)",
	}, keys, "text order: the move line's rand, the hook's, the last line's")
	assert.False(t, x.Every[0].memoryLocal || x.Every[0].deletes, "a hook with rand is weighed by playing the move (dueKnown)")
	for _, g := range x.groups {
		assert.Equal(t, slices.ContainsFunc(g.lines, func(l *Line) bool { return hasRand(l.nodes) }), g.rand)
	}
}

// TestRandInSlide: a rand in a slide's body rolls at each square with the
// iteration in its key; the moves are the squares whose roll opens.
func TestRandInSlide(t *testing.T) {
	src := "board 5x5\nseed 99\npiece king K royal\n    {w,s} empty mov\npiece drunk D\n    slide w empty rand 50 mov, 50\n" +
		"setup 4k/5/5/5/DK3 w - - 0 1\n"
	prog, err := Load("t.alf", []byte(src))
	require.NoError(t, err)
	for _, seed := range []uint64{99, 1, 2, 3, 4, 5} {
		b := mustBoard(t, prog, "")
		b.Position().SetSeed(seed)
		var want []string
		for i := range 4 {
			cursor := board.Square(5 * (i + 1)) // a2, a3, a4, a5
			if randRoll(seed, 1, 0, 0, cursor, board.First, i)%100 < 50 {
				want = append(want, "a1"+b.Position().SquareName(cursor))
			}
		}
		want = append(want, "b1b2")
		slices.Sort(want)
		for _, mode := range []Mode{Full, Incremental} {
			b.SetMode(mode)
			assert.Equal(t, want, randMoves(b), "seed %d, %s", seed, mode)
		}
	}
}

// TestRandLiveAndStrict: a strict rand whose rolled branch fails makes no
// move; a live one rolls among the branches that let something through,
// and makes no move when none does.
func TestRandLiveAndStrict(t *testing.T) {
	src := "board 5x5\npiece king K royal\n    {w,s} empty mov\npiece strict S\n    rand 50 w empty mov, 50 a empty mov\n" +
		"piece live L\n    rand live 50 w empty mov, 50 a empty mov\nsetup 4k/5/5/2L2/S1K2 w - - 0 1\n"
	prog, err := Load("t.alf", []byte(src))
	require.NoError(t, err)
	strictRolls, liveRolls := 0, 0
	for seed := range uint64(64) {
		fen := fmt.Sprintf("4k/5/5/2L2/S1K2 w - - 0 1 {seed:%x}", seed)
		b := mustBoard(t, prog, fen)
		moves := randMoves(b)
		// strict on a1: w (a2) is open, a (off the board) fails
		strictW := randRoll(seed, 1, 0, 0, 0, board.First, 0)%100 < 50
		assert.Equal(t, strictW, slices.Contains(moves, "a1a2"), "seed %d: %v", seed, moves)
		if strictW {
			strictRolls++
		}
		// live on c2: both open
		liveW := randRoll(seed, 2, 0, 7, 7, board.First, 0)%100 < 50
		assert.Equal(t, liveW, slices.Contains(moves, "c2c3"), "seed %d: %v", seed, moves)
		assert.Equal(t, !liveW, slices.Contains(moves, "c2b2"), "seed %d: %v", seed, moves)
		if liveW {
			liveRolls++
		}
	}
	assert.True(t, strictRolls > 10 && strictRolls < 54, "the strict rand's a2 opened %d times in 64", strictRolls)
	assert.True(t, liveRolls > 10 && liveRolls < 54, "the live rand went w %d times in 64", liveRolls)

	// live with only w open (b2 taken by the king): always w; with none, no move
	for seed := range uint64(16) {
		p := mustBoard(t, prog, fmt.Sprintf("4k/5/5/1KL2/S4 w - - 0 1 {seed:%x}", seed))
		assert.Contains(t, randMoves(p), "c2c3", "seed %d", seed)
		q := mustBoard(t, prog, fmt.Sprintf("4k/5/K4/L4/S4 w - - 0 1 {seed:%x}", seed))
		for _, m := range randMoves(q) {
			assert.False(t, strings.HasPrefix(m, "a2"), "seed %d: the live rand has nowhere to go: %s", seed, m)
		}
	}
}

// TestRandDifferentialFile: the differential variant with rand in a
// slide, nested live rands, a hook and a promotion keeps Incremental
// equal to Full over move sequences (FuzzIncremental plays many more).
func TestRandDifferentialFile(t *testing.T) {
	src, err := os.ReadFile("testdata/differential/rand.alf")
	require.NoError(t, err)
	prog, err := Load("rand.alf", src)
	require.NoError(t, err)
	for _, choices := range [][]byte{{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, {5, 5, 5, 0, 5, 5, 0, 9, 9, 9, 9, 9, 9}, {200, 13, 77, 4, 31, 8, 8, 8, 2, 2}} {
		require.NoError(t, differential(mustBoard(t, prog, ""), choices))
	}
}
