package movegen

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Late pieces (docs/language.md § Late pieces (copy:)). The move sets of
// chameleon.alf are checked against the brute-force enumerator in
// internal/brute (late_test.go); these tests keep to what is movegen's own.

// lateNames returns the sorted names of b's legal moves.
func lateNames(b *Board) []string {
	var list MoveList
	b.Legal(&list)
	names := b.Notation(list.Moves)
	slices.Sort(names)
	return names
}

func TestLateTierDeclines(t *testing.T) {
	rules, why := loadVariant(t, "chameleon").Tier()
	require.Nil(t, rules)
	assert.EqualError(t, why, "chameleon copies other pieces' moves (copy:), which the tier's tables cannot hold")
}

// TestLateLastFEN: a variant with copy: last keeps the last mover in
// the FEN's state field, sets it when a move is made and takes it back
// with the move.
func TestLateLastFEN(t *testing.T) {
	p := loadVariant(t, "mimic")
	bothModes(t, p, "rnbmkr/pppppp/6/6/PPPPPP/RNBMKR w - - 0 1 {last:-}", func(t *testing.T, b *Board) {
		start := b.FEN()
		require.Equal(t, "rnbmkr/pppppp/6/6/PPPPPP/RNBMKR w - - 0 1 {last:-}", start)
		m, err := b.ParseMove("b1c3")
		require.NoError(t, err)
		mk := b.Make(m)
		assert.Equal(t, "rnbmkr/pppppp/6/2N3/PPPPPP/R1BMKR b - - 1 1 {last:c3}", b.FEN())
		hash := b.Hash()
		c := mustBoard(t, p, b.FEN())
		assert.Equal(t, hash, c.Hash(), "the hash counts the last mover as the FEN names it")
		require.NoError(t, b.Unmake(mk))
		assert.Equal(t, start, b.FEN())
	})
	_, err := p.NewBoard("rnbmkr/pppppp/6/6/PPPPPP/RNBMKR w - - 0 1 {last:c3}")
	require.Error(t, err, "no piece stands on the last mover's square")
}

// TestLateFriendSteps checks friends [STEPS]: the late piece borrows from
// the squares its steps reach only, with its side's orientation.
func TestLateFriendSteps(t *testing.T) {
	const src = `game t
board 5x5
piece king K royal
    {w,a,s,d} {enemy capt mov,empty mov}
piece rook R
    slide {w,a,s,d} empty mov then enemy capt mov
piece knight N
    {wwa,wwd,aaw,aas,ssa,ssd,ddw,dds} {enemy capt mov,empty mov}
piece page G
    copy: friends [w]
setup k4/5/5/5/K4 w - - 0 1
`
	p := mustLoad(t, "t.alf", src)
	for _, mode := range []Mode{Incremental, Full} {
		b := mustBoard(t, p, "k4/5/2R2/1NG2/4K w - - 0 1")
		b.SetMode(mode)
		var got []string
		for _, n := range lateNames(b) {
			if strings.HasPrefix(n, "c2") {
				got = append(got, n)
			}
		}
		// c2: the rook's rides from c2 — d2, e2 right; down c1; the rook
		// itself blocks upwards; left b2 is its own side's knight
		assert.Equal(t, []string{"c2c1", "c2d2", "c2e2"}, got, "%s, white", mode)
		// black's forward is down: a black page on c4 with a black rook on
		// c3 below it borrows the rook's rides
		b = mustBoard(t, p, "k4/2g2/2r2/5/4K b - - 0 1")
		b.SetMode(mode)
		got = got[:0]
		for _, n := range lateNames(b) {
			if strings.HasPrefix(n, "c4") {
				got = append(got, n)
			}
		}
		assert.Equal(t, []string{"c4a4", "c4b4", "c4c5", "c4d4", "c4e4"}, got, "%s, black", mode)
	}
}

// TestLateFENRoundTrip: a position with late pieces reads and writes back,
// and after every legal move and its unmake the board is as it was.
func TestLateFENRoundTrip(t *testing.T) {
	p := loadVariant(t, "chameleon")
	for _, fen := range []string{
		"rncksb/pppppp/6/6/PPPPPP/RNCKSB w - - 0 1",
		"k4K/6/1n4/6/2C1r1/6 w - - 0 1",
		"rc4/Ppppk1/2B1pp/P1b1PP/RnKP1C/1N2S1 w - - 3 9",
	} {
		bothModes(t, p, fen, func(t *testing.T, b *Board) {
			require.Equal(t, fen, b.FEN())
			var list MoveList
			b.Legal(&list)
			for _, m := range list.Moves {
				mk := b.Make(m)
				after := b.FEN()
				c := mustBoard(t, p, after)
				require.Equal(t, after, c.FEN())
				require.NoError(t, b.Unmake(mk))
				require.Equal(t, fen, b.FEN())
			}
		})
	}
}

// TestLateAllocs: generating and playing with late pieces allocates
// nothing once the lists and arenas have grown.
func TestLateAllocs(t *testing.T) {
	for _, c := range []struct{ name, variant, fen string }{
		{"chameleon/incremental", "chameleon", "rc4/Ppppk1/2B1pp/P1b1PP/RnKP1C/1N2S1 w - - 0 1"},
		{"chameleon/full", "chameleon", "rc4/Ppppk1/2B1pp/P1b1PP/RnKP1C/1N2S1 w - - 0 1"},
		{"mimic/incremental", "mimic", "1R1m1r/1N1bpk/2pp1p/2P2P/1r1PPK/R5 b - - 0 1 {last:b5}"},
		{"mimic/full", "mimic", "1R1m1r/1N1bpk/2pp1p/2P2P/1r1PPK/R5 b - - 0 1 {last:b5}"},
	} {
		mode := Incremental
		if strings.HasSuffix(c.name, "full") {
			mode = Full
		}
		t.Run(c.name, func(t *testing.T) {
			b := mustBoard(t, loadVariant(t, c.variant), c.fen)
			b.SetMode(mode)
			var list MoveList
			b.Legal(&list)
			b.Perft(3)
			assert.Zero(t, testing.AllocsPerRun(20, func() { b.Legal(&list) }), "generation")
			assert.Zero(t, testing.AllocsPerRun(3, func() { b.Perft(2) }), "a search two plies deep")
		})
	}
}

// TestLateDifferential plays random move-and-undo sequences in the late
// variants, from their setups and from mid-game positions, checking after
// every step that the incremental mode's holders, trigger map and attack
// map equal a fresh calculation and its moves the full mode's
// (differential). FuzzIncremental does the same with the fuzzer's
// choices, over every shipped variant.
func TestLateDifferential(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 3))
	for _, c := range []struct{ variant, fen string }{
		{"chameleon", ""},
		{"chameleon", "rc4/Ppppk1/2B1pp/P1b1PP/RnKP1C/1N2S1 w - - 0 1"},
		{"mimic", ""},
		{"mimic", "1R1m1r/1N1bpk/2pp1p/2P2P/1r1PPK/R5 b - - 0 1 {last:b5}"},
	} {
		p := loadVariant(t, c.variant)
		for range 10 {
			choices := make([]byte, 40)
			for i := range choices {
				choices[i] = byte(r.IntN(256))
			}
			require.NoError(t, differential(mustBoard(t, p, c.fen), choices), "%s %q %v", c.variant, c.fen, choices)
		}
	}
}

// TestLateSourcesUnion: sources named several times are compiled once —
// a union, so a file cannot make a late piece's work grow by repeating
// them.
func TestLateSourcesUnion(t *testing.T) {
	const src = `game t
board 5x5
piece king K royal
    {w,a,s,d} {enemy capt mov,empty mov}
piece page G
    copy: threateners friends [w] last enemy threateners
    copy: friends [w,s] friends last ally
setup k4/5/5/5/K4 w - - 0 1
`
	p := mustLoad(t, "t.alf", src)
	var got []string
	for _, s := range p.types[p.byName["page"]].late {
		got = append(got, s.String())
	}
	// friends: w, s, then the king steps not named yet (a, d, wa, wd, sa, sd)
	assert.Equal(t, []string{"threateners", "friends (8 steps)", "last"}, got)
	assert.True(t, p.variant.TracksLast)
}
