package brute_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/internal/brute"
	"github.com/alfil-go/alfil/movegen"
)

// randDiceDefaultSeed is dice.alf's seed declaration.
const randDiceDefaultSeed = 42

// randDice reads dice chess's rules from the shipped file's text.
func randDice(t testing.TB) brute.RandDice {
	t.Helper()
	src, err := examples.Source("dice")
	require.NoError(t, err)
	d, err := brute.RandReadDice(string(src))
	require.NoError(t, err)
	return d
}

// randCanonical is fen as the engine writes it (its state field, its
// clocks), the form compareTree finds the board back in.
func randCanonical(t testing.TB, prog *movegen.Program, fen string) string {
	t.Helper()
	b, err := prog.NewBoard(fen)
	require.NoError(t, err)
	return b.FEN()
}

// randCompare walks the tree from fen in the engine and the enumerator.
func randCompare(t *testing.T, prog *movegen.Program, d brute.RandDice, fen string, depth int) int64 {
	t.Helper()
	fen = randCanonical(t, prog, fen)
	p, err := brute.RandParse(fen, randDiceDefaultSeed)
	require.NoError(t, err)
	return compareTree(t, prog, fen, p, enumerator[brute.RandPos]{moves: d.Moves, play: d.Play}, depth)
}

// randPlayout plays plies random legal moves of the enumerator from the
// setup with seed, and returns the FEN reached (before a position
// without moves).
func randPlayout(t testing.TB, d brute.RandDice, seed uint64, plies int, pick *rand.Rand) string {
	t.Helper()
	p, err := brute.RandParse(randDicePlacement, seed)
	require.NoError(t, err)
	for range plies {
		moves := d.Moves(p)
		if len(moves) == 0 {
			break
		}
		next := d.Play(p, moves[pick.IntN(len(moves))])
		if len(d.Moves(next)) == 0 {
			break
		}
		p = next
	}
	return p.FEN()
}

// randDicePlacement is dice.alf's setup.
const randDicePlacement = "rnqkfr/pppppp/6/6/PPPPPP/RNQKFR w - - 0 1"

// TestRandDiceSetup compares the trees from the setup under the file's
// seed and two others, to depth 4 (the file's seed to 5 without -short,
// outside the race detector).
func TestRandDiceSetup(t *testing.T) {
	prog := loadShipped(t, "dice")
	d := randDice(t)
	for i, seed := range []string{"", " {seed:0}", " {seed:9e3779b97f4a7c15}"} {
		depth := 4
		if deep() && i == 0 {
			depth = 5
		}
		t.Run("seed"+seed, func(t *testing.T) {
			n := randCompare(t, prog, d, randDicePlacement+seed, depth)
			assert.Positive(t, n)
			t.Logf("%s%s: perft %d = %d", randDicePlacement, seed, depth, n)
		})
	}
}

// TestRandDicePositions compares the trees from hand-picked positions and
// from positions random playouts of the enumerator reach, to depth 3 (4
// without -short, outside the race detector).
func TestRandDicePositions(t *testing.T) {
	prog := loadShipped(t, "dice")
	d := randDice(t)
	fens := []string{
		// a fool among pieces of both sides, knights on open ground
		"k5/2p3/1nF3/2NP2/6/5K w - - 0 1 {seed:1}",
		"k5/2p3/1nF3/2NP2/6/5K b - - 0 1 {seed:1}",
		// promotions, a king the knights and the fool may check
		"3k2/P1F3/2n3/6/1N3p/K5 w - - 0 1 {seed:2a}",
		"r2k1r/1P4/2N3/2f3/3n2/R2K1R b - - 0 1 {seed:deadbeef}",
	}
	pick := rand.New(rand.NewPCG(18, 2026))
	for i, plies := range []int{6, 11, 17, 24, 31, 40} {
		fens = append(fens, randPlayout(t, d, uint64(1000+i), plies, pick))
	}
	for _, fen := range fens {
		t.Run(fen, func(t *testing.T) {
			depth := 3
			if deep() {
				depth = 4
			}
			n := randCompare(t, prog, d, fen, depth)
			t.Logf("%s: perft %d = %d", fen, depth, n)
		})
	}
}

// TestRandReadDice: the enumerator takes the rolling pieces' type indexes
// and rand ordinals from the text, and refuses what it cannot count.
func TestRandReadDice(t *testing.T) {
	src := "board 6x6\ndef mover: empty mov\npiece king K royal\n    w mover\npiece fool F\n    rand 50 w mover, 50 s mover\npiece knight N\n    {wwa,wwd} rand 50 mover, 50 end\n"
	d, err := brute.RandReadDice(src)
	require.NoError(t, err)
	assert.Equal(t, "{2 0 1 0}", fmt.Sprint(d), "the knight is the third piece, the fool the second")
	_, err = brute.RandReadDice("def r: rand 50 w, 50 s\npiece knight N\n    r mov\npiece fool F\n    rand 100 w mov\n")
	assert.ErrorContains(t, err, "a def holds a rand")
	_, err = brute.RandReadDice("piece knight N\n    w mov\n")
	assert.ErrorContains(t, err, "a knight and a fool with one rand each")
}
