package ai

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/movegen"
)

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// TestParallelSearch runs searches with two threads, and several engines
// sharing one program on several goroutines: under go test -race it
// proves the shared table and the cloned boards safe.
func TestParallelSearch(t *testing.T) {
	prog := load(t, "chess")
	var wg sync.WaitGroup
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, err := prog.NewBoard(kiwipete)
			if !assert.NoError(t, err) {
				return
			}
			e := New(prog, Options{Threads: 2, TableBits: 14})
			res, err := e.Search(context.Background(), b, Limits{Depth: 2})
			if assert.NoError(t, err) {
				assert.NotEmpty(t, res.Name)
				assert.Equal(t, kiwipete, b.FEN())
			}
		}()
	}
	wg.Wait()
}

// TestModesSearchAlike checks that one thread searches the same tree in
// both generator modes: the same move, score and node count (at depth 3;
// 2 under the race detector).
func TestModesSearchAlike(t *testing.T) {
	prog := load(t, "chess")
	depth := 3
	if raceEnabled {
		depth = 2 // one thread: nothing for the detector, and ten times slower
	}
	var results [2]Result
	for i, mode := range []movegen.Mode{movegen.Incremental, movegen.Full} {
		b, err := prog.NewBoard(kiwipete)
		require.NoError(t, err)
		b.SetMode(mode)
		results[i], err = New(prog, Options{TableBits: 14}).Search(context.Background(), b, Limits{Depth: depth})
		require.NoError(t, err)
	}
	assert.Equal(t, results[0].Name, results[1].Name)
	assert.Equal(t, results[0].Score, results[1].Score)
	assert.Equal(t, results[0].Nodes, results[1].Nodes)
}

func TestLimits(t *testing.T) {
	prog := load(t, "chess")
	b, err := prog.NewBoard(kiwipete)
	require.NoError(t, err)
	e := New(prog, Options{TableBits: 14})

	res, err := e.Search(context.Background(), b, Limits{Nodes: 3000})
	require.NoError(t, err)
	assert.NotEmpty(t, res.Name)
	assert.Less(t, res.Nodes, uint64(3000+5000), "stops soon after the node limit")

	start := time.Now()
	res, err = e.Search(context.Background(), b, Limits{Time: 150 * time.Millisecond})
	require.NoError(t, err)
	assert.Less(t, time.Since(start), 2*time.Second)
	assert.Contains(t, legalNames(b), res.Name, "a time limit may end the search inside depth 1, never without a move")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err = e.Search(ctx, b, Limits{})
	require.NoError(t, err, "a cancelled search still returns a move")
	assert.Equal(t, 0, res.Depth)
	assert.NotEmpty(t, res.Name)

	mated, err := prog.NewBoard("3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1")
	require.NoError(t, err)
	_, err = e.Search(context.Background(), mated, Limits{Depth: 2})
	assert.ErrorIs(t, err, ErrNoMoves)
}

// TestEstimatedValues checks the values estimated for pieces that declare
// none: more moves, more value. (A grasshopper alone on the board has no
// hurdle and no move: it gets the base 100.)
func TestEstimatedValues(t *testing.T) {
	prog := load(t, "zoo")
	m := NewMaterial(prog)
	byName := map[string]int{}
	for i, ty := range prog.Types() {
		byName[ty.Name] = m.Values[i]
		if ty.HasValue {
			assert.Equal(t, ty.Value, m.Values[i], ty.Name)
		}
	}
	for _, name := range []string{"nightrider", "cannon", "lion"} {
		assert.Greater(t, byName[name], 100, name)
	}
	assert.Equal(t, 100, byName["grasshopper"])
	assert.Greater(t, byName["lion"], byName["nightrider"], "a queen-like piece is worth more")
}

func TestMateIn(t *testing.T) {
	for _, c := range []struct{ score, want int }{
		{Mate - 1, 1}, {Mate - 3, 2}, {Mate - 5, 3}, {-(Mate - 2), -1}, {-(Mate - 4), -2}, {250, 0}, {-250, 0},
	} {
		assert.Equal(t, c.want, Result{Score: c.score}.MateIn(), "score %d", c.score)
	}
}
