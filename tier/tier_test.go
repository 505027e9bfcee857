package tier_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/movegen"
	"github.com/alfil-go/alfil/tier"
	"github.com/alfil-go/alfil/tier/spec"
)

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// position loads a shipped variant's position on the tier.
func position(t testing.TB, variant, fen string) (*movegen.Program, *tier.Position) {
	t.Helper()
	src, err := examples.Source(variant)
	require.NoError(t, err)
	prog, err := movegen.Load(variant+".alf", src, movegen.WithLoader(examples.Loader))
	require.NoError(t, err)
	rules, why := prog.Tier()
	require.NoError(t, why)
	b, err := prog.NewBoard(fen)
	require.NoError(t, err)
	p, err := tier.New(rules, b.Position())
	require.NoError(t, err)
	return prog, p
}

func Example() {
	src, _ := examples.Source("chess")
	prog, _ := movegen.Load("chess.alf", src)
	rules, _ := prog.Tier()
	b, _ := prog.NewBoard("")
	p, _ := tier.New(rules, b.Position())
	fmt.Println(p.Perft(3))
	var list tier.MoveList
	p.Legal(&list)
	fmt.Println(list.Len(), p.MoveString(list.At(0)))
	// Output:
	// 8902
	// 20 b1a3
}

// TestZeroAllocations: generation, make and unmake allocate nothing once
// the lists and the journal have grown.
func TestZeroAllocations(t *testing.T) {
	_, p := position(t, "chess", kiwipete)
	var list tier.MoveList
	p.Legal(&list)
	p.Perft(3)
	assert.Zero(t, testing.AllocsPerRun(20, func() { p.Legal(&list) }), "generation")
	assert.Zero(t, testing.AllocsPerRun(20, func() {
		for _, m := range list.Moves {
			mk := p.Make(m)
			_ = p.Unmake(mk)
		}
	}), "make and unmake")
	assert.Zero(t, testing.AllocsPerRun(3, func() { p.Perft(2) }), "perft")
}

// TestUnmakeRestores plays every move of kiwipete's first two plies and
// checks that the hash and the move list come back.
func TestUnmakeRestores(t *testing.T) {
	_, p := position(t, "chess", kiwipete)
	hash := p.Hash()
	var list, after tier.MoveList
	p.Legal(&list)
	for _, m := range list.Moves {
		mk := p.Make(m)
		assert.NotEqual(t, hash, p.Hash())
		assert.Equal(t, board.Second, p.ToMove())
		p.Legal(&after)
		require.NoError(t, p.Unmake(mk))
		assert.Equal(t, hash, p.Hash(), p.MoveString(m))
	}
	assert.NoError(t, p.Unmake(tier.Mark{}), "back to the start")
	mk := p.Make(list.At(0))
	require.NoError(t, p.Unmake(mk))
	assert.NoError(t, p.Unmake(mk), "a mark at the current point changes nothing")
}

// TestStatus: checkmate and stalemate by the variant's nomoves rules.
func TestStatus(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want board.Result
	}{
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", board.Ongoing},
		{"3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", board.FirstWins},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", board.Draw},
	} {
		_, p := position(t, "chess", c.fen)
		assert.Equal(t, c.want, p.Status(), c.fen)
	}
}

// TestCompileRefuses: what the tier cannot take is an error, not a wrong
// answer.
func TestCompileRefuses(t *testing.T) {
	_, err := tier.Compile(&spec.Variant{Width: 17, Height: 16})
	assert.ErrorContains(t, err, "272 squares")
	next := make([]board.Square, 4)
	next[0], next[1], next[2], next[3] = 1, 0, -1, -1 // a ray that comes back
	loop := &spec.Variant{Width: 2, Height: 2, Types: []spec.Type{{Name: "loop", Rides: []spec.Ride{{Next: [2][]board.Square{next, next}}}}}}
	_, err = tier.Compile(loop)
	assert.ErrorContains(t, err, "ray")
	// a filtered ride whose filter is not one square a square, one that
	// promotes to a type there is not
	ray := []board.Square{2, 3, -1, -1}
	short := &spec.Variant{Width: 2, Height: 2, Types: []spec.Type{{Name: "short", Rides: []spec.Ride{{Next: [2][]board.Square{ray, ray}, To: [2][]bool{{true}, nil}}}}}}
	_, err = tier.Compile(short)
	assert.ErrorContains(t, err, "a filter of 1 squares, not 4")
	promo := &spec.Variant{Width: 2, Height: 2, Types: []spec.Type{{Name: "promo", Rides: []spec.Ride{{Next: [2][]board.Square{ray, ray}, Promotes: true, Promote: 3}}}}}
	_, err = tier.Compile(promo)
	assert.ErrorContains(t, err, "promotes to type 3")
	bad := &spec.Script{Acts: []spec.Act{{Kind: spec.Mov, Sq: 7}}}
	line := spec.Line{At: [2][]*spec.Script{{bad, nil, nil, nil}, make([]*spec.Script, 4)}}
	_, err = tier.Compile(&spec.Variant{Width: 2, Height: 2, Types: []spec.Type{{Name: "far", Lines: []spec.Line{line}}}})
	assert.ErrorContains(t, err, "bad action")
	// a royal type beside lastroyal ones: two rules of royalty at once
	mixed := &spec.Variant{Width: 2, Height: 2, Types: []spec.Type{{Name: "king", Royal: true}, {Name: "prince", Royal: true, LastRoyal: true}}}
	_, err = tier.Compile(mixed)
	assert.ErrorContains(t, err, "king is royal beside lastroyal types")
	// a count that names two types, or none there is
	for _, types := range []uint64{3, 1 << 5} {
		count := &spec.Script{Conds: []spec.Cond{{Kind: spec.Count, Types: types, N: 1}}, Acts: []spec.Act{{Kind: spec.Mov, Sq: 1}}}
		line := spec.Line{At: [2][]*spec.Script{{count, nil, nil, nil}, make([]*spec.Script, 4)}}
		_, err = tier.Compile(&spec.Variant{Width: 2, Height: 2, Types: []spec.Type{{Name: "a", Lines: []spec.Line{line}}, {Name: "b"}}})
		assert.ErrorContains(t, err, "bad condition")
	}
}

// BenchmarkPerft counts perft on the tier from a few variants' setups,
// as nodes per second (bench_test.go at the root has every variant).
func BenchmarkPerft(b *testing.B) {
	for _, c := range []struct {
		name, variant, fen string
		depth              int
	}{{"chess", "chess", "", 4}, {"kiwipete", "chess", kiwipete, 4}, {"kingofthehill", "kingofthehill", "", 4},
		{"grasshopper", "grasshopper", "", 4}, {"capablanca", "capablanca", "", 4}, {"atomic", "atomic", "", 4}, {"checkers", "checkers", "", 8}, {"bigboard", "", "", 3},
		{"shoshogi", "shoshogi", "", 4}, {"placement", "placement", "", 4}, {"sittuyin", "sittuyin", "", 3}} {
		b.Run(c.name, func(b *testing.B) {
			var p *tier.Position
			if c.variant == "" {
				p = bigBoard(b)
			} else {
				_, p = position(b, c.variant, c.fen)
			}
			var nodes uint64
			for b.Loop() {
				nodes += p.Perft(c.depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// bigBoard returns the start of two chess armies on 16x16
// (testdata/bench/bigboard.alf) on the tier's four-word engine.
func bigBoard(t testing.TB) *tier.Position {
	src, err := os.ReadFile("../testdata/bench/bigboard.alf")
	require.NoError(t, err)
	prog, err := movegen.Load("bigboard.alf", src)
	require.NoError(t, err)
	rules, why := prog.Tier()
	require.NoError(t, why)
	b, err := prog.NewBoard("")
	require.NoError(t, err)
	p, err := tier.New(rules, b.Position())
	require.NoError(t, err)
	return p
}
