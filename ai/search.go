package ai

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/movegen"
)

// Mate is the score of a won game: a forced win in n plies scores
// Mate - n, a forced loss -(Mate - n).
const Mate = 1_000_000

const (
	infinity      = 2 * Mate
	maxPly        = 96 // the deepest a search goes, quiescence included
	maxDepth      = 64
	maxQuiescence = 16
	mateBound     = Mate - maxPly // scores beyond are mates
)

// Limits bounds a search; a zero field means no bound. With no bound at
// all the search stops at depth 64 or when its context ends.
type Limits struct {
	Depth int
	Nodes uint64
	Time  time.Duration
}

// Result is what a search found.
type Result struct {
	Move    movegen.Move // the best move, detached from the board's storage
	Name    string       // the move in the board's notation
	Score   int          // centipawns for the side to move, or ±(Mate - plies)
	Depth   int          // the deepest iteration completed
	PV      []string     // the principal variation, starting with Name
	Nodes   uint64       // nodes searched by every thread
	Elapsed time.Duration
}

// MateIn returns n > 0 when the side to move mates in n moves, -n when it
// is mated in n moves, and 0 when the score is no mate.
func (r Result) MateIn() int {
	switch {
	case r.Score > mateBound:
		return (Mate - r.Score + 1) / 2
	case r.Score < -mateBound:
		return -(Mate + r.Score + 1) / 2
	}
	return 0
}

// Options configures an Engine.
type Options struct {
	Threads   int       // goroutines searching together (lazy SMP); 0 means 1
	Evaluator Evaluator // nil: NewMaterial of the program
	TableBits int       // the transposition table holds about 2^TableBits entries; 0 means 18
}

// Engine searches positions of one program. Its transposition table is
// kept between searches of a game; an Engine runs one search at a time.
type Engine struct {
	prog    *movegen.Program
	eval    Evaluator
	values  []int // piece values for move ordering
	tt      *table
	threads int
	mu      sync.Mutex
}

// New returns an engine for the program.
func New(p *movegen.Program, o Options) *Engine {
	e := &Engine{prog: p, eval: o.Evaluator, threads: max(o.Threads, 1)}
	if e.eval == nil {
		e.eval = NewMaterial(p)
	}
	if m, ok := e.eval.(*Material); ok {
		e.values = m.Values
	} else { // a custom evaluator: order captures by victim count alone
		e.values = make([]int, len(p.Types))
		for i := range e.values {
			e.values[i] = 100
		}
	}
	if o.TableBits == 0 {
		o.TableBits = 18
	}
	e.tt = newTable(o.TableBits)
	return e
}

// Evaluator returns the engine's evaluator.
func (e *Engine) Evaluator() Evaluator { return e.eval }

// ErrNoMoves is returned when the position has no legal move to search.
var ErrNoMoves = errors.New("ai: the position has no legal move")

// Search looks for the best move of the side to move. It does not change
// b (threads other than the first search clones of it). It stops at the
// limits or when ctx ends, and always completes depth 1.
func (e *Engine) Search(ctx context.Context, b *movegen.Board, lim Limits) (Result, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	start := time.Now()
	if b.Pos.Result != board.Ongoing {
		return Result{}, ErrNoMoves
	}
	var probe movegen.MoveList
	b.Legal(&probe)
	if probe.Len() == 0 {
		return Result{}, ErrNoMoves
	}
	depth := lim.Depth
	if depth <= 0 || depth > maxDepth {
		depth = maxDepth
	}
	shared := &sharedState{ctx: ctx, limits: lim, start: start}
	if lim.Time > 0 {
		shared.deadline = start.Add(lim.Time)
	}
	main := e.newSearcher(b, shared)
	var wg sync.WaitGroup
	helpers := make([]*searcher, e.threads-1)
	for i := range helpers {
		h := e.newSearcher(b.Clone(), shared)
		h.helper, h.complete = i+1, true // a helper may stop at any time
		helpers[i] = h
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.iterate(depth)
		}()
	}
	res := main.iterate(depth)
	shared.stop.Store(true)
	wg.Wait()
	res.Nodes = main.nodes
	for _, h := range helpers {
		res.Nodes += h.nodes
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// sharedState is what the threads of one search share.
type sharedState struct {
	ctx      context.Context
	limits   Limits
	start    time.Time
	deadline time.Time
	stop     atomic.Bool
	nodes    atomic.Uint64 // nodes of every thread, counted in batches
}

// searcher is one thread's search state.
type searcher struct {
	e        *Engine
	b        *movegen.Board
	sh       *sharedState
	helper   int // 0 for the main thread
	lists    []movegen.MoveList
	scores   [][]int32
	killers  [maxPly][2]uint64
	history  [4096]int32
	bonus    [maxPly + 1]int // the evaluation hook's credit along the line, for the first player
	nodes    uint64
	batch    uint64
	complete bool // depth 1 is done: stopping is allowed
	rootBest movegen.Move
	rootHas  bool
}

func (e *Engine) newSearcher(b *movegen.Board, sh *sharedState) *searcher {
	return &searcher{e: e, b: b, sh: sh, lists: make([]movegen.MoveList, maxPly+1), scores: make([][]int32, maxPly+1)}
}

// stopped reports whether the search must end, checking the limits every
// 1024 nodes.
func (s *searcher) stopped() bool {
	if !s.complete {
		return false
	}
	if s.sh.stop.Load() {
		return true
	}
	if s.batch < 1024 {
		return false
	}
	total := s.sh.nodes.Add(s.batch)
	s.batch = 0
	lim := s.sh.limits
	if s.sh.ctx.Err() != nil || lim.Nodes > 0 && total >= lim.Nodes ||
		!s.sh.deadline.IsZero() && time.Now().After(s.sh.deadline) {
		s.sh.stop.Store(true)
		return true
	}
	return false
}

// iterate deepens one ply at a time and returns what the deepest complete
// iteration found. Helpers start one ply deeper every other thread, so the
// threads spread over depths and fill the table for each other.
func (s *searcher) iterate(depth int) Result {
	var res Result
	for d := 1 + s.helper%2; d <= depth; d++ {
		s.rootHas = false
		score := s.negamax(d, -infinity, infinity, 0)
		if s.stopped() && s.complete {
			break // the iteration is incomplete: keep the last one
		}
		if !s.complete {
			s.complete = true
			s.batch = 1024 // check the limits at the next node
		}
		if s.helper > 0 || !s.rootHas {
			continue
		}
		res.Move, res.Score, res.Depth = s.rootBest.Clone(), score, d
		res.Name = s.b.MoveString(res.Move)
		res.PV = s.pv(d)
		if score > mateBound || score < -mateBound {
			if Mate-abs(score) <= d {
				break // a forced mate within the horizon: deeper finds nothing better
			}
		}
		if !s.sh.deadline.IsZero() && time.Since(s.sh.start) > time.Until(s.sh.deadline) {
			break // the next iteration would not finish in time
		}
	}
	return res
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// negamax searches depth plies below the node at ply.
func (s *searcher) negamax(depth, alpha, beta, ply int) int {
	s.nodes++
	s.batch++
	b := s.b
	if r := b.Pos.Result; r != board.Ongoing {
		return resultScore(r, b.Pos.ToMove, ply)
	}
	if ply >= maxPly-maxQuiescence-1 {
		return s.evaluate(ply)
	}
	if depth <= 0 {
		return s.quiesce(alpha, beta, ply, 0)
	}
	key := b.Pos.Hash()
	var ttMove uint64
	if e, ok := s.e.tt.probe(key); ok {
		ttMove = e.move
		if ply > 0 && int(e.depth) >= depth {
			score := fromTT(int(e.score), ply)
			switch {
			case e.bound == exact,
				e.bound == lower && score >= beta,
				e.bound == upper && score <= alpha:
				return score
			}
		}
	}
	list := &s.lists[ply]
	b.Legal(list)
	if list.Len() == 0 {
		return resultScore(b.Status(), b.Pos.ToMove, ply)
	}
	scores := s.order(list, ply, ttMove)
	best, bestKey, origAlpha := -infinity, uint64(0), alpha
	for i := range list.Moves {
		pick(list.Moves, scores, i)
		m := list.Moves[i]
		capture := b.Captures(m)
		mk := s.make(m, ply)
		score := -s.negamax(depth-1, -beta, -alpha, ply+1)
		b.Unmake(mk)
		if s.stopped() {
			return 0
		}
		if score > best {
			best, bestKey = score, m.Key()
			if ply == 0 {
				s.rootBest, s.rootHas = m, true
			}
		}
		if score > alpha {
			alpha = score
		}
		if alpha >= beta {
			if !capture {
				k := &s.killers[ply]
				if k[0] != bestKey {
					k[1], k[0] = k[0], bestKey
				}
				s.history[bestKey&4095] += int32(depth * depth)
			}
			break
		}
	}
	bnd := exact
	switch {
	case best >= beta:
		bnd = lower
	case best <= origAlpha:
		bnd = upper
	}
	s.e.tt.store(entry{key: key, move: bestKey, score: int32(toTT(best, ply)), depth: int8(depth), bound: bnd})
	return best
}

// quiesce searches captures only, until the position is quiet, so that
// the evaluation is not taken in the middle of an exchange.
func (s *searcher) quiesce(alpha, beta, ply, qdepth int) int {
	s.nodes++
	s.batch++
	b := s.b
	if r := b.Pos.Result; r != board.Ongoing {
		return resultScore(r, b.Pos.ToMove, ply)
	}
	list := &s.lists[ply]
	b.Legal(list)
	if list.Len() == 0 {
		return resultScore(b.Status(), b.Pos.ToMove, ply)
	}
	stand := s.evaluate(ply)
	if stand >= beta || qdepth >= maxQuiescence || ply >= maxPly-1 {
		return stand
	}
	alpha = max(alpha, stand)
	keep := list.Moves[:0]
	for _, m := range list.Moves {
		if b.Captures(m) {
			keep = append(keep, m)
		}
	}
	list.Moves = keep
	scores := s.order(list, ply, 0)
	for i := range list.Moves {
		pick(list.Moves, scores, i)
		mk := s.make(list.Moves[i], ply)
		score := -s.quiesce(-beta, -alpha, ply+1, qdepth+1)
		b.Unmake(mk)
		if s.stopped() {
			return 0
		}
		if score >= beta {
			return score
		}
		alpha = max(alpha, score)
	}
	return alpha
}

// make plays m at ply and carries the evaluation hook's credit to ply+1.
func (s *searcher) make(m movegen.Move, ply int) movegen.Mark {
	b := s.b
	mover := b.Pos.ToMove
	before := hookValue(b)
	mk := b.Make(m)
	s.bonus[ply+1] = s.bonus[ply] + credit(mover, hookValue(b)-before)
	return mk
}

// evaluate is the evaluator's score plus what the evaluation hook credited
// along the line, both for the side to move.
func (s *searcher) evaluate(ply int) int {
	b := s.b
	return s.e.eval.Evaluate(b) + credit(b.Pos.ToMove, s.bonus[ply])
}

// hookValue reads the evaluation hook's cell (eval gN), 0 without one.
func hookValue(b *movegen.Board) int {
	if c := b.Prog.EvalCell; c >= 0 {
		return int(b.Pos.Global.Get(int64(c)))
	}
	return 0
}

// credit turns a change of the hook made by side into the first player's
// terms, or the first player's credit into side's: the same sign flip.
func credit(side board.Side, v int) int {
	if side == board.Second {
		return -v
	}
	return v
}

// order scores the moves for ordering: the hash move, then captures by
// victim value less a fraction of the attacker's, then the killers, then
// the history of cut-offs.
func (s *searcher) order(list *movegen.MoveList, ply int, ttMove uint64) []int32 {
	sc := s.scores[ply][:0]
	values := s.e.values
	for _, m := range list.Moves {
		k := m.Key()
		var v int32
		switch {
		case ttMove != 0 && k == ttMove:
			v = 1 << 30
		case s.b.Captures(m):
			victim := 0
			s.b.Victims(m, func(t int) { victim = max(victim, values[t]) })
			attacker := values[s.b.Pos.Pieces[m.Piece].Type]
			v = 1<<29 + int32(victim*16-attacker)
		case k == s.killers[ply][0]:
			v = 1<<28 + 1
		case k == s.killers[ply][1]:
			v = 1 << 28
		default:
			v = s.history[k&4095]
		}
		sc = append(sc, v)
	}
	s.scores[ply] = sc
	return sc
}

// pick moves the best-scored of moves[i:] to i (selection, one step at a
// time: a cut-off early saves sorting the rest).
func pick(moves []movegen.Move, scores []int32, i int) {
	best := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[best] {
			best = j
		}
	}
	moves[i], moves[best] = moves[best], moves[i]
	scores[i], scores[best] = scores[best], scores[i]
}

// pv follows the table's best moves from the root.
func (s *searcher) pv(depth int) []string {
	b := s.b
	var names []string
	var marks []movegen.Mark
	var list movegen.MoveList
	for len(names) < depth {
		e, ok := s.e.tt.probe(b.Pos.Hash())
		if !ok || e.move == 0 || b.Pos.Result != board.Ongoing {
			break
		}
		b.Legal(&list)
		found := false
		for _, m := range list.Moves {
			if m.Key() == e.move {
				names = append(names, b.MoveString(m))
				marks = append(marks, b.Make(m.Clone()))
				found = true
				break
			}
		}
		if !found {
			break
		}
	}
	for i := len(marks) - 1; i >= 0; i-- {
		b.Unmake(marks[i])
	}
	return names
}

// resultScore scores a finished game for the side to move.
func resultScore(r board.Result, toMove board.Side, ply int) int {
	switch r {
	case board.Ongoing, board.Draw:
		return 0
	case board.WinFor(toMove):
		return Mate - ply
	}
	return -(Mate - ply)
}

// toTT and fromTT make mate scores relative to the node that stores them.
func toTT(score, ply int) int {
	switch {
	case score > mateBound:
		return score + ply
	case score < -mateBound:
		return score - ply
	}
	return score
}

func fromTT(score, ply int) int {
	switch {
	case score > mateBound:
		return score - ply
	case score < -mateBound:
		return score + ply
	}
	return score
}
