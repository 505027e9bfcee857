package ai

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/movegen"
)

// backRank is a mate in one (d1d8) among quiet moves only.
const backRank = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"

func mustBoard(t testing.TB, p *movegen.Program, fen string) *movegen.Board {
	t.Helper()
	b, err := p.NewBoard(fen)
	require.NoError(t, err)
	return b
}

// legalNames returns the legal moves of b in its notation.
func legalNames(b *movegen.Board) []string {
	var list movegen.MoveList
	b.Legal(&list)
	return b.Notation(list.Moves)
}

// firstRootMove is the move a fresh engine searches first at b.
func firstRootMove(t testing.TB, p *movegen.Program, b *movegen.Board) string {
	t.Helper()
	s := New(p, Options{TableBits: 10}).newSearcher(b, &sharedState{})
	return b.MoveString(s.root[0])
}

// TestStopBeforeSearching stops searches before their first node: a
// cancelled context, a budget of one node, a deadline of a nanosecond. Each
// returns at once, with no iteration completed (Depth 0), the first root
// move in the search's order, and the board as it was.
func TestStopBeforeSearching(t *testing.T) {
	prog := load(t, "chess")
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name     string
		ctx      context.Context
		lim      Limits
		maxNodes uint64
	}{
		{"cancelled context", cancelled, Limits{}, 0},
		{"one node", context.Background(), Limits{Nodes: 1}, 1},
		{"one nanosecond", context.Background(), Limits{Time: time.Nanosecond}, 0},
	} {
		for _, threads := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s/threads %d", c.name, threads), func(t *testing.T) {
				b := mustBoard(t, prog, kiwipete)
				first := firstRootMove(t, prog, b)
				res, err := New(prog, Options{Threads: threads, TableBits: 10}).Search(c.ctx, b, c.lim)
				require.NoError(t, err)
				assert.Equal(t, 0, res.Depth)
				assert.LessOrEqual(t, res.Nodes, c.maxNodes)
				assert.Equal(t, first, res.Name)
				assert.Equal(t, []string{first}, res.PV)
				assert.Equal(t, 0, res.Score)
				assert.Equal(t, kiwipete, b.FEN())
			})
		}
	}
}

// TestNodeLimitIsExact checks that a node budget is honoured to the node,
// inside depth 1 and its quiescence as well as deeper: one thread searches
// exactly the budget (the position needs far more), two threads together
// no more than it.
func TestNodeLimitIsExact(t *testing.T) {
	prog := load(t, "chess")
	for _, n := range []uint64{2, 10, 100, 1000, 4000} {
		for _, threads := range []int{1, 2} {
			t.Run(fmt.Sprintf("%d nodes/threads %d", n, threads), func(t *testing.T) {
				b := mustBoard(t, prog, kiwipete)
				res, err := New(prog, Options{Threads: threads, TableBits: 12}).Search(context.Background(), b, Limits{Nodes: n})
				require.NoError(t, err)
				if threads == 1 {
					assert.Equal(t, n, res.Nodes)
				} else {
					assert.LessOrEqual(t, res.Nodes, n)
				}
				assert.Contains(t, legalNames(b), res.Name)
				assert.Equal(t, kiwipete, b.FEN())
			})
		}
	}
}

// cancellingEval cancels the search's context at its at-th call and
// counts the calls that come after.
type cancellingEval struct {
	inner        Evaluator
	at           int
	calls, after int
	cancel       context.CancelFunc
}

func (c *cancellingEval) Evaluate(b *movegen.Board) int {
	c.calls++
	switch {
	case c.calls == c.at:
		c.cancel()
	case c.calls > c.at:
		c.after++
	}
	return c.inner.Evaluate(b)
}

// TestCancelInsideQuiescence cancels the context from inside the
// evaluation, which only quiescence calls at depth 1: the search must
// evaluate nothing more and return the best of the root moves it finished.
func TestCancelInsideQuiescence(t *testing.T) {
	prog := load(t, "chess")
	for _, at := range []int{1, 5, 50} {
		t.Run(fmt.Sprint("at call ", at), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			ev := &cancellingEval{inner: NewMaterial(prog), at: at, cancel: cancel}
			b := mustBoard(t, prog, kiwipete)
			res, err := New(prog, Options{Evaluator: ev, TableBits: 10}).Search(ctx, b, Limits{})
			require.NoError(t, err)
			assert.Equal(t, at, ev.calls, "evaluations after the context ended: %d", ev.after)
			assert.Equal(t, 0, res.Depth)
			assert.Contains(t, legalNames(b), res.Name)
		})
	}
}

// TestPartialDepthOne searches the back-rank mate with every node budget
// smaller than a full depth 1: the result is the best of the root moves
// searched to the end, so its score never falls as the budget grows, and
// it is the mate once the mate's root move has been searched, before
// depth 1 completes.
func TestPartialDepthOne(t *testing.T) {
	prog := load(t, "chess")
	full, err := New(prog, Options{TableBits: 10}).Search(context.Background(), mustBoard(t, prog, backRank), Limits{Depth: 1})
	require.NoError(t, err)
	require.Equal(t, "d1d8", full.Name)
	require.Equal(t, 1, full.MateIn())
	last, mateAt := -infinity, uint64(0)
	for n := uint64(1); n < full.Nodes; n++ {
		b := mustBoard(t, prog, backRank)
		res, err := New(prog, Options{TableBits: 10}).Search(context.Background(), b, Limits{Nodes: n})
		require.NoError(t, err)
		require.Equal(t, 0, res.Depth, "%d nodes", n)
		require.GreaterOrEqual(t, res.Score, last, "%d nodes: %s", n, res.Name)
		last = res.Score
		if res.MateIn() == 1 {
			require.Equal(t, "d1d8", res.Name)
			if mateAt == 0 {
				mateAt = n
			}
		}
	}
	assert.NotZero(t, mateAt, "the mate is found before depth 1 completes (%d nodes)", full.Nodes)
}

// TestZooStops is the case: on the zoo's 10x10 board depth 1
// with its quiescence takes minutes, and a search must still stop at its
// node budget, or at once when its context has ended, with a legal move.
func TestZooStops(t *testing.T) {
	prog := load(t, "zoo")
	e := New(prog, Options{TableBits: 12})
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name string
		ctx  context.Context
		lim  Limits
	}{
		{"30 nodes", context.Background(), Limits{Nodes: 30}},
		{"cancelled", cancelled, Limits{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := mustBoard(t, prog, "")
			res, err := e.Search(c.ctx, b, c.lim)
			require.NoError(t, err)
			assert.Equal(t, 0, res.Depth)
			assert.LessOrEqual(t, res.Nodes, c.lim.Nodes)
			assert.Contains(t, legalNames(b), res.Name)
		})
	}
}

// constEval scores every position v for the first player.
type constEval int

func (v constEval) Evaluate(b *movegen.Board) int {
	if b.Position().ToMove == board.First {
		return int(v)
	}
	if v == math.MinInt {
		return math.MaxInt
	}
	return -int(v)
}

// TestEvaluationIsNoMate checks that no evaluation reads as a mate: an
// evaluator of one's own returning values at or past the mate score, and
// declared piece values whose sum passes it (heavy.alf), give scores
// strictly inside the mate band, and MateIn reports no mate.
func TestEvaluationIsNoMate(t *testing.T) {
	chess := load(t, "chess")
	src, err := os.ReadFile("testdata/heavy.alf")
	require.NoError(t, err)
	heavy, err := movegen.Load("heavy.alf", src)
	require.NoError(t, err)
	for _, c := range []struct {
		name  string
		prog  *movegen.Program
		eval  Evaluator
		depth int
	}{
		{"mate", chess, constEval(Mate), 2},
		{"mate minus one", chess, constEval(Mate - 1), 3},
		{"twice mate", chess, constEval(2 * Mate), 2},
		{"minus twice mate", chess, constEval(-2 * Mate), 3},
		{"max int", chess, constEval(math.MaxInt), 2},
		{"min int", chess, constEval(math.MinInt), 3},
		{"heavy pieces", heavy, nil, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := mustBoard(t, c.prog, "")
			res, err := New(c.prog, Options{Evaluator: c.eval, TableBits: 12}).Search(context.Background(), b, Limits{Depth: c.depth})
			require.NoError(t, err)
			assert.Equal(t, 0, res.MateIn(), "score %d", res.Score)
			assert.LessOrEqual(t, abs(res.Score), mateBound)
		})
	}
}

// TestGreedyPrefersTheWin gives Greedy an evaluation that rates every
// position past a mate for the side not to move: the mating move must
// still outrank them all.
func TestGreedyPrefersTheWin(t *testing.T) {
	prog := load(t, "chess")
	for _, v := range []constEval{-2 * Mate, math.MinInt} {
		b := mustBoard(t, prog, backRank)
		// after White's move Black is to move and scores v: White gains -v
		m, err := Greedy{Eval: constEval(-v), Rand: rand.New(rand.NewPCG(1, 2))}.Choose(context.Background(), b)
		require.NoError(t, err)
		assert.Equal(t, "d1d8", b.MoveString(m), "evaluation %d", v)
	}
}

func TestClampEval(t *testing.T) {
	for _, c := range []struct{ in, want int }{
		{0, 0}, {250, 250}, {-250, -250}, {maxEval, maxEval}, {mateBound, maxEval}, {Mate, maxEval},
		{-Mate, -maxEval}, {math.MaxInt, maxEval}, {math.MinInt, -maxEval},
	} {
		assert.Equal(t, c.want, clampEval(c.in), "clampEval(%d)", c.in)
	}
}

// TestBudgetErrorStopsSearch gives checkers a generation budget that the
// root position fits and deeper ones do not: the search must stop with
// the budget error instead of reading the empty move lists of the struck
// board as lost games, return a legal move of what it had completed, and
// leave the board it was given able to generate. The players report the
// error of a board that cannot generate its moves.
func TestBudgetErrorStopsSearch(t *testing.T) {
	src, err := examples.Source("checkers")
	require.NoError(t, err)
	prog, err := movegen.Load("checkers.alf", src, movegen.WithBudgets(movegen.Budgets{PositionSteps: 200}))
	require.NoError(t, err)
	for _, threads := range []int{1, 2} {
		t.Run(fmt.Sprint("threads ", threads), func(t *testing.T) {
			b := mustBoard(t, prog, "")
			b.SetTier(false) // budgets bound the interpreter; the tier has none to run out of
			before := legalNames(b)
			require.NotEmpty(t, before)
			require.NoError(t, b.Err())
			res, err := New(prog, Options{Threads: threads, TableBits: 10}).Search(context.Background(), b, Limits{Depth: 4})
			require.ErrorIs(t, err, movegen.ErrBudget)
			assert.Less(t, res.Depth, 4)
			assert.Contains(t, before, res.Name)
			assert.NoError(t, b.Err(), "the board searched is untouched")
			assert.Equal(t, before, legalNames(b))
		})
	}

	chess, err := examples.Source("chess")
	require.NoError(t, err)
	tight, err := movegen.Load("chess.alf", chess, movegen.WithBudgets(movegen.Budgets{PositionSteps: 200}))
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(3, 4))
	for _, p := range []Player{Random{Rand: rng}, Greedy{Eval: NewMaterial(tight), Rand: rng}, &Searcher{Engine: New(tight, Options{}), Limits: Limits{Depth: 2}}} {
		b := mustBoard(t, tight, "")
		b.SetTier(false) // budgets bound the interpreter; the tier has none to run out of
		_, err := p.Choose(context.Background(), b)
		assert.ErrorIs(t, err, movegen.ErrBudget, "%T", p)
	}
}
