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

// MaxDepth is the deepest iteration a search runs; Limits.Depth above it
// means MaxDepth.
const MaxDepth = 64

// MaxThreads is the most threads an Engine searches with; Options.Threads
// above it means MaxThreads.
const MaxThreads = 256

const (
	infinity      = 2 * Mate
	maxPly        = 96 // the deepest a search goes, quiescence included
	maxQuiescence = 16
	mateBound     = Mate - maxPly // scores beyond are mates
	// maxEval bounds every score that is not a mate: an evaluation, and
	// what the evaluation hook credits, is clamped to ±maxEval so that no
	// sum of piece values reads as a mate.
	maxEval = mateBound - 1
)

// Limits bounds a search; a zero field means no bound. With no bound at
// all the search stops at depth MaxDepth or when its context ends. Every
// bound, and the context, is checked at every node, quiescence included:
// a search overruns its time by about the time one node takes (one move
// generation and one evaluation).
type Limits struct {
	Depth int           // iterations to complete, 1 to MaxDepth
	Nodes uint64        // nodes to search, summed over the threads
	Time  time.Duration // time from the call of Search
	// History holds the hashes (the searched game's own: Board.Hash, or
	// the tier position's) of the game's positions before the one
	// searched, for the engine's repetition rule (OptionsOf.Repetition):
	// a line that comes back to one of them is scored by the rule.
	History []uint64
}

// Result is what a search found.
//
// A search that is stopped early (by a limit or its context) still
// returns a legal move. Depth is then the deepest iteration that any thread
// completed, 0 when not even depth 1 did. Move, Score and PV are that
// iteration's, unless the next iteration, stopped part way, had already
// found a move that scores better than the completed iteration's move
// (searched first, with a full window, at the new depth): then they are
// that move's. With no iteration completed and no root move searched to
// the end, Move is the first root move in the search's order (the hash
// move, then captures of valuable pieces) and Score is 0.
type ResultOf[M any] struct {
	Move    M        // the best move, detached from the board's storage
	Name    string   // the move in the board's notation
	Score   int      // centipawns for the side to move, or ±(Mate - plies)
	Depth   int      // the deepest iteration completed; 0: none was
	PV      []string // the principal variation, starting with Name
	Nodes   uint64   // nodes searched by every thread
	Elapsed time.Duration
}

// MateIn returns n > 0 when the side to move mates in n moves, -n when it
// is mated in n moves, and 0 when the score is no mate.
func (r ResultOf[M]) MateIn() int {
	switch {
	case r.Score > mateBound:
		return (Mate - r.Score + 1) / 2
	case r.Score < -mateBound:
		return -(Mate + r.Score + 1) / 2
	}
	return 0
}

// Result is what a search of a language board found.
type Result = ResultOf[movegen.Move]

// OptionsOf configures an engine for games of type G.
type OptionsOf[G any] struct {
	Threads   int            // goroutines searching together (lazy SMP); 0 means 1, at most MaxThreads
	Evaluator EvaluatorOf[G] // nil: material and mobility (MaterialOf)
	TableBits int            // the transposition table holds about 2^TableBits entries; 0 means 18
	// Repetition, when set, scores a position of the search that repeats
	// one before it — earlier in the line, or in Limits.History — by the
	// rule, for the side whose move repeated it: at its first
	// repetition, as engines do, since either side could repeat it again.
	// New and NewTier take the program's (repetition N R); nil: none.
	Repetition *movegen.CountRule
	// MoveRule, when set, scores a position whose half-move clock
	// (Game.Halfmove) has reached 2N plies by the rule, for the side whose
	// move reached it — unless the position has no legal move, whose end
	// comes first. New and NewTier take the program's (moverule N R);
	// nil: none.
	MoveRule *movegen.CountRule
}

// Options configures an Engine.
type Options = OptionsOf[*movegen.Board]

// EngineOf searches positions of one game through the Game interface. Its
// transposition table is kept between searches of a game; an engine runs
// one search at a time.
type EngineOf[G Game[G, M, L, K], M Move[M], L List[M], K any] struct {
	eval    EvaluatorOf[G]
	values  []int // piece values for move ordering
	tt      *table
	threads int
	repeat  *movegen.CountRule
	clock   *movegen.CountRule // the move rule
	// repetitionKey, when set, is the hash a repetition compares where it
	// is not Hash: a variant with rand leaves the seed out
	// (movegen.Board.RepetitionHash, docs/language.md § rand)
	repetitionKey func(G) uint64
	mu            sync.Mutex
}

// Engine searches boards of a variant of the language.
type Engine = EngineOf[*movegen.Board, movegen.Move, *movegen.MoveList, movegen.Mark]

// New returns an engine for the program: o.Evaluator, or NewMaterial of
// the program.
func New(p *movegen.Program, o Options) *Engine {
	if o.Evaluator == nil {
		o.Evaluator = NewMaterial(p)
	}
	o.Repetition, o.MoveRule = countRules(p, o.Repetition, o.MoveRule)
	var values []int
	if m, ok := o.Evaluator.(*Material); ok {
		values = m.Values
	} else { // a custom evaluator: order captures by victim count alone
		values = make([]int, len(p.Types()))
		for i := range values {
			values[i] = 100
		}
	}
	e := NewEngine(o, values)
	if p.Seeded() {
		e.repetitionKey = (*movegen.Board).RepetitionHash
	}
	return e
}

// NewEngine returns an engine for any Game: values are the piece values,
// by type, that order captures, and the default evaluation's material
// when o.Evaluator is nil. Searching the bitboard chess engine:
//
//	e := ai.NewEngine[*magic.Position, magic.Move, *magic.MoveList, magic.Position](
//		ai.OptionsOf[*magic.Position]{}, []int{100, 300, 300, 500, 900, 0})
func NewEngine[G Game[G, M, L, K], M Move[M], L List[M], K any](o OptionsOf[G], values []int) *EngineOf[G, M, L, K] {
	e := &EngineOf[G, M, L, K]{eval: o.Evaluator, values: values, threads: min(max(o.Threads, 1), MaxThreads), repeat: o.Repetition, clock: o.MoveRule}
	if e.eval == nil {
		e.eval = &MaterialOf[G]{Values: values}
	}
	if o.TableBits == 0 {
		o.TableBits = 18
	}
	e.tt = newTable(o.TableBits)
	return e
}

// Evaluator returns the engine's evaluator.
func (e *EngineOf[G, M, L, K]) Evaluator() EvaluatorOf[G] { return e.eval }

// ErrNoMoves is returned when the position has no legal move to search.
var ErrNoMoves = errors.New("ai: the position has no legal move")

// Search looks for the best move of the side to move. It does not change
// b: every thread searches a clone of it. It stops at the limits or when
// ctx ends, whichever comes first, even inside depth 1, and returns the
// best move found so far (see [Result]). The error is never the
// context's: it is ErrNoMoves, or the board's budget error
// (errors.Is(err, movegen.ErrBudget)) when a position of the search
// needed more generation work than the program's budgets allow. The
// search stops there and returns, with the error, what it had found
// before; b is left as it was.
func (e *EngineOf[G, M, L, K]) Search(ctx context.Context, b G, lim Limits) (ResultOf[M], error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	start := time.Now()
	if b.Result() != board.Ongoing {
		return ResultOf[M]{}, ErrNoMoves
	}
	depth := lim.Depth
	if depth <= 0 || depth > MaxDepth {
		depth = MaxDepth
	}
	shared := &sharedState{done: ctx.Done(), limits: lim, start: start}
	if e.repeat != nil && len(lim.History) > 0 {
		shared.history = make(map[uint64]bool, len(lim.History))
		for _, h := range lim.History {
			shared.history[h] = true
		}
	}
	if e.threads > 1 {
		shared.busy = new(busyTable)
	}
	if lim.Time > 0 {
		shared.deadline = start.Add(lim.Time)
	}
	// every thread searches a clone, so that b stays as it was even when
	// a budget error strikes; the result is one of b's own moves
	moves := b.MoveLists(1)[0]
	b.Legal(moves)
	if err := b.Err(); err != nil {
		return ResultOf[M]{}, err
	}
	if moves.Len() == 0 {
		return ResultOf[M]{}, ErrNoMoves
	}
	main := e.newSearcher(b.Clone(), shared)
	var wg sync.WaitGroup
	helpers := make([]*searcher[G, M, L, K], e.threads-1)
	for i := range helpers {
		h := e.newSearcher(b.Clone(), shared)
		h.helper = i + 1
		helpers[i] = h
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.iterate(depth)
		}()
	}
	main.iterate(depth)
	shared.stop.Store(true)
	wg.Wait()
	res := main.result(b, moves)
	res.Nodes = main.nodes
	for _, h := range helpers {
		res.Nodes += h.nodes
	}
	res.Elapsed = time.Since(start)
	return res, shared.failure()
}

// sharedState is what the threads of one search share.
type sharedState struct {
	done     <-chan struct{} // the context's
	limits   Limits
	start    time.Time
	deadline time.Time
	stop     atomic.Bool     // set by the first thread to see a limit or the context's end
	nodes    atomic.Uint64   // nodes entered by every thread
	depth    atomic.Int32    // best.depth, read without the lock
	busy     *busyTable      // the positions being searched; nil with one thread
	history  map[uint64]bool // Limits.History, when the engine has a repetition rule

	mu   sync.Mutex
	best iteration // the deepest iteration any thread completed
	err  error     // the first board error (a generation budget) that stopped a thread
}

// failure returns the board error that stopped the search, or nil.
func (sh *sharedState) failure() error {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return sh.err
}

// iteration is what an iteration of one thread found.
type iteration struct {
	depth, score int
	move         uint64   // the best root move's Key
	pv           []string // its principal variation
}

// deepest reports the deepest iteration completed by any thread.
func (sh *sharedState) deepest() iteration {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return sh.best
}

// searcher is one thread's search state.
type searcher[G Game[G, M, L, K], M Move[M], L List[M], K any] struct {
	e       *EngineOf[G, M, L, K]
	b       G
	sh      *sharedState
	helper  int // 0 for the main thread
	root    []M // the root moves, in the order the next iteration searches them
	lists   []L
	scores  [][]int32
	killers [maxPly][2]uint64
	history [4096]int32
	bonus   [maxPly + 1]int // the evaluation hook's credit along the line, for the first player
	// path: the hash of the position at each ply of the line searched
	path [maxPly + 1]uint64
	// deferred holds, per ply, the moves put off because another thread
	// was searching them
	deferred [maxPly + 1][]int
	nodes    uint64
	// the iteration under way: its depth, and halt, set when the search
	// stops or another thread completes the depth first
	depth int
	halt  bool
	// partial is the main thread's last iteration when it stopped part
	// way (depth 0: none), with the move it searched first
	partial      iteration
	partialFirst uint64
}

// newSearcher returns a searcher of b with b's legal moves at the root,
// ordered for the first iteration.
func (e *EngineOf[G, M, L, K]) newSearcher(b G, sh *sharedState) *searcher[G, M, L, K] {
	// a list per ply, and one for following the principal variation
	s := &searcher[G, M, L, K]{e: e, b: b, sh: sh, lists: b.MoveLists(maxPly + 2), scores: make([][]int32, maxPly+1)}
	list := s.lists[0]
	b.Legal(list)
	var ttMove uint64
	if en, ok := e.tt.probe(b.Hash()); ok {
		ttMove = en.move
	}
	scores := s.order(list, 0, ttMove)
	for i := range list.Len() {
		pick(list, scores, i)
	}
	for i := range list.Len() {
		s.root = append(s.root, list.At(i))
	}
	return s
}

// stopped reports whether the iteration must end. Called once at every
// node, before the node generates anything, it counts the node and checks
// every bound: the stop flag another thread may have set, the context,
// the node count and the clock; and whether another thread has completed
// this iteration's depth, which makes it pointless. Each check costs
// nanoseconds; a node of the language engine costs tens of microseconds.
// Once it has said yes it says yes until the next iteration.
func (s *searcher[G, M, L, K]) stopped() bool {
	if s.halt || s.failed() {
		return true
	}
	sh := s.sh
	if sh.stop.Load() || int(sh.depth.Load()) >= s.depth {
		s.halt = true
		return true
	}
	select {
	case <-sh.done:
		sh.stop.Store(true)
		s.halt = true
		return true
	default:
	}
	total := sh.nodes.Add(1)
	if lim := sh.limits.Nodes; lim > 0 && total > lim ||
		!sh.deadline.IsZero() && !time.Now().Before(sh.deadline) {
		sh.stop.Store(true)
		s.halt = true
		return true
	}
	return false
}

// failed reports whether the board has met a generation budget (see
// movegen.Board.Err): it generates no more moves, so an empty list would
// read as the end of the game. The error stops the search, and Search
// returns it.
func (s *searcher[G, M, L, K]) failed() bool {
	err := s.b.Err()
	if err == nil {
		return false
	}
	sh := s.sh
	sh.mu.Lock()
	if sh.err == nil {
		sh.err = err
	}
	sh.mu.Unlock()
	sh.stop.Store(true)
	s.halt = true
	return true
}

// iterate deepens one ply at a time, publishing each iteration it
// completes, until the search stops. The threads of a search share the
// table and share their results: an iteration another thread has
// completed is skipped, or abandoned when it is under way, and helpers of
// odd number run one ply ahead, so that the threads spread over two
// depths and fill the table for each other.
func (s *searcher[G, M, L, K]) iterate(maxDepth int) {
	for {
		// the first depth no thread has completed (every iteration this
		// thread ran, completed or abandoned, was completed by some
		// thread), one more for odd helpers while that is not too deep
		d := int(s.sh.depth.Load()) + 1
		if s.helper%2 == 1 && d < maxDepth {
			d++
		}
		if d > maxDepth || s.sh.stop.Load() {
			return
		}
		s.depth, s.halt = d, false
		s.preferDeepest()
		first := s.root[0].Key()
		score, searched := s.searchRoot(d)
		if searched < len(s.root) {
			if s.sh.stop.Load() && s.helper == 0 && searched > 0 {
				s.partial = iteration{depth: d, score: score, move: s.root[0].Key()}
				s.partialFirst = first
			}
			continue // overtaken by another thread, or stopped: the loop ends
		}
		s.publish(d, score)
		mate := (score > mateBound || score < -mateBound) && Mate-abs(score) <= d
		if d == maxDepth || mate {
			s.sh.stop.Store(true) // a forced mate within the horizon: deeper finds nothing better
			return
		}
		if s.helper == 0 && !s.sh.deadline.IsZero() && time.Since(s.sh.start) > time.Until(s.sh.deadline) {
			s.sh.stop.Store(true) // the next iteration would not finish in time
			return
		}
	}
}

// preferDeepest moves the root move of the deepest completed iteration to
// the front, when another thread completed it.
func (s *searcher[G, M, L, K]) preferDeepest() {
	key := s.sh.deepest().move
	for i, m := range s.root {
		if m.Key() == key {
			copy(s.root[1:i+1], s.root[:i])
			s.root[0] = m
			return
		}
	}
}

// publish offers a completed iteration to the other threads; the deepest
// one is kept (the first to complete a depth keeps it).
func (s *searcher[G, M, L, K]) publish(depth, score int) {
	if int(s.sh.depth.Load()) >= depth {
		return
	}
	it := iteration{depth: depth, score: score, move: s.root[0].Key(), pv: s.pv(depth)}
	sh := s.sh
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if depth > sh.best.depth {
		sh.best = it
		sh.depth.Store(int32(depth))
	}
}

// result is the search's result (see Result), made by the main thread
// once every thread has stopped, as one of the moves of b, the board
// searched.
func (s *searcher[G, M, L, K]) result(b G, moves L) ResultOf[M] {
	it := s.sh.deepest()
	res := ResultOf[M]{Score: it.score, Depth: it.depth, PV: it.pv}
	key := s.root[0].Key()
	if it.depth > 0 {
		key = it.move
	}
	// a deeper iteration stopped part way may have found better: a move
	// that beat, with a full window, the move of the deepest complete one
	if p := s.partial; p.depth > it.depth && (it.depth == 0 || p.move != it.move && s.partialFirst == it.move) {
		key, res.Score, res.PV = p.move, p.score, nil
		if s.b.Err() == nil {
			res.PV = s.pvAfter(s.rootMove(key), p.depth-1)
		}
	}
	res.Move = moves.At(0)
	for i := range moves.Len() {
		if m := moves.At(i); m.Key() == key {
			res.Move = m
			break
		}
	}
	res.Move = res.Move.Clone()
	res.Name = b.MoveString(res.Move)
	if len(res.PV) == 0 {
		res.PV = []string{res.Name}
	}
	return res
}

// rootMove returns the root move whose Key is key.
func (s *searcher[G, M, L, K]) rootMove(key uint64) M {
	for _, m := range s.root {
		if m.Key() == key {
			return m
		}
	}
	return s.root[0]
}

// searchRoot searches the root moves depth plies deep, in order, and moves
// the best one to the front. It returns the best one's score and how many
// moves it searched to the end: fewer than all when the iteration was
// stopped.
func (s *searcher[G, M, L, K]) searchRoot(depth int) (score, searched int) {
	b := s.b
	if s.stopped() {
		return 0, 0
	}
	s.nodes++
	s.path[0] = s.repetitionKey(b.Hash())
	alpha, best := -infinity, 0
	n, deferred := len(s.root), s.deferred[0][:0]
	for j := 0; j < n+len(deferred); j++ {
		i := j
		if j >= n {
			i = deferred[j-n]
		}
		v, later := s.child(s.root[i], depth, alpha, infinity, 0, j > 0 && j < n)
		if later {
			deferred = append(deferred, i)
			continue
		}
		if s.halt {
			break
		}
		searched++
		if v > alpha {
			alpha, best = v, i
		}
	}
	s.deferred[0] = deferred
	if searched == 0 {
		return 0, 0
	}
	m := s.root[best]
	copy(s.root[1:best+1], s.root[:best])
	s.root[0] = m
	if searched == len(s.root) {
		s.e.tt.store(entry{key: b.Hash(), move: m.Key(), score: int32(toTT(alpha, 0)), depth: int8(depth), bound: exact})
	}
	return alpha, searched
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// negamax searches depth plies below the node at ply (ply > 0: the root
// is searchRoot's). When the search stops it returns 0 at once, a score
// every caller discards.
//
// It is long on purpose: it runs at every node, and its steps — table
// probe, generation, ordering, the move loop with deferral and cut-off
// bookkeeping, the table store — share the node's state; splitting them
// would pass that state through calls at every node.
func (s *searcher[G, M, L, K]) negamax(depth, alpha, beta, ply int) int {
	if s.stopped() {
		return 0
	}
	s.nodes++
	b := s.b
	if r := b.Result(); r != board.Ongoing {
		return resultScore(r, b.ToMove(), ply)
	}
	key := b.Hash()
	if s.e.repeat != nil && s.repeats(s.repetitionKey(key), ply) {
		return resultScore(s.e.repeat.ResultFor(b.ToMove().Other()), b.ToMove(), ply)
	}
	if s.e.clock != nil && b.Halfmove() >= 2*s.e.clock.N {
		if r := b.Status(); r != board.Ongoing { // mate on the last ply is mate
			return resultScore(r, b.ToMove(), ply)
		}
		return resultScore(s.e.clock.ResultFor(b.ToMove().Other()), b.ToMove(), ply)
	}
	s.path[ply] = s.repetitionKey(key)
	if ply >= maxPly-maxQuiescence-1 {
		return s.evaluate(ply)
	}
	if depth <= 0 {
		return s.quiesce(alpha, beta, ply, 0)
	}
	var ttMove uint64
	if e, ok := s.e.tt.probe(key); ok {
		ttMove = e.move
		if int(e.depth) >= depth {
			score := fromTT(int(e.score), ply)
			switch {
			case e.bound == exact,
				e.bound == lower && score >= beta,
				e.bound == upper && score <= alpha:
				return score
			}
		}
	}
	list := s.lists[ply]
	b.Legal(list)
	if list.Len() == 0 {
		r := b.Status()
		if s.failed() {
			return 0
		}
		return resultScore(r, b.ToMove(), ply)
	}
	scores := s.order(list, ply, ttMove)
	best, bestKey, origAlpha := -infinity, uint64(0), alpha
	n, deferred := list.Len(), s.deferred[ply][:0]
moves:
	for j := 0; ; j++ {
		// the moves in order, then those deferred because another thread
		// was searching them
		var i int
		switch {
		case j < n:
			pick(list, scores, j)
			i = j
		case j-n < len(deferred):
			i = deferred[j-n]
		default:
			break moves
		}
		m := list.At(i)
		capture := b.Captures(m)
		score, later := s.child(m, depth, alpha, beta, ply, j > 0 && j < n)
		if later {
			deferred = append(deferred, i)
			continue
		}
		if s.halt {
			return 0
		}
		if score > best {
			best, bestKey = score, m.Key()
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
	s.deferred[ply] = deferred
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

// repetitionKey returns what the repetition rule compares of the current
// position, whose Hash is hash: hash itself unless the engine's game
// leaves something of it out (EngineOf.repetitionKey).
func (s *searcher[G, M, L, K]) repetitionKey(hash uint64) uint64 {
	if s.e.repetitionKey != nil {
		return s.e.repetitionKey(s.b)
	}
	return hash
}

// repeats reports whether the position at ply, whose hash is key, came
// before: at an earlier ply of the line with the same side to move, or in
// the game before the search.
func (s *searcher[G, M, L, K]) repeats(key uint64, ply int) bool {
	for p := ply - 2; p >= 0; p -= 2 {
		if s.path[p] == key {
			return true
		}
	}
	return s.sh.history[key]
}

// shareDepth is the least depth at which the threads of a parallel search
// split a node's moves (see busyTable): below it a deferral costs more
// than the search it saves.
const shareDepth = 2

// child plays m at ply, searches the position depth-1 plies deep with the
// window (alpha, beta) from the mover's side, and takes m back. In a
// parallel search, with mayDefer, a position another thread is searching
// is not searched: child reports it deferred instead.
func (s *searcher[G, M, L, K]) child(m M, depth, alpha, beta, ply int, mayDefer bool) (score int, deferred bool) {
	b := s.b
	mk := s.make(m, ply)
	busy := s.sh.busy
	var key uint64
	marked := false
	if busy != nil && depth >= shareDepth {
		key = b.Hash()
		if mayDefer && busy.busy(key) {
			b.Unmake(mk)
			return 0, true
		}
		marked = busy.mark(key)
	}
	score = -s.negamax(depth-1, -beta, -alpha, ply+1)
	if marked {
		busy.unmark(key)
	}
	b.Unmake(mk)
	return score, false
}

// quiesce searches captures only, until the position is quiet, so that
// the evaluation is not taken in the middle of an exchange.
func (s *searcher[G, M, L, K]) quiesce(alpha, beta, ply, qdepth int) int {
	if s.stopped() {
		return 0
	}
	s.nodes++
	b := s.b
	if r := b.Result(); r != board.Ongoing {
		return resultScore(r, b.ToMove(), ply)
	}
	list := s.lists[ply]
	if !b.LegalCaptures(list) {
		r := b.Status()
		if s.failed() {
			return 0
		}
		return resultScore(r, b.ToMove(), ply)
	}
	stand := s.evaluate(ply)
	if s.halt {
		return 0
	}
	if stand >= beta || qdepth >= maxQuiescence || ply >= maxPly-1 {
		return stand
	}
	alpha = max(alpha, stand)
	n := list.Len()
	scores := s.order(list, ply, 0)
	for i := range n {
		pick(list, scores, i)
		mk := s.make(list.At(i), ply)
		score := -s.quiesce(-beta, -alpha, ply+1, qdepth+1)
		b.Unmake(mk)
		if s.halt {
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
func (s *searcher[G, M, L, K]) make(m M, ply int) K {
	b := s.b
	mover := b.ToMove()
	before := b.EvalHook()
	mk := b.Make(m)
	s.bonus[ply+1] = s.bonus[ply] + credit(mover, b.EvalHook()-before)
	return mk
}

// evaluate is the evaluator's score plus what the evaluation hook credited
// along the line, both for the side to move, kept inside ±maxEval.
func (s *searcher[G, M, L, K]) evaluate(ply int) int {
	b := s.b
	v := clampEval(clampEval(s.e.eval.Evaluate(b)) + credit(b.ToMove(), s.bonus[ply]))
	if s.failed() { // the evaluator generated moves past a budget
		return 0
	}
	return v
}

// clampEval keeps a score that is no mate inside ±maxEval, below every
// mate score: declared piece values (up to ±100000 each) summed over many
// pieces, an evaluator of one's own or the hook's credits could otherwise
// reach a mate's score, and MateIn would report a mate.
func clampEval(v int) int {
	return min(max(v, -maxEval), maxEval)
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
func (s *searcher[G, M, L, K]) order(list L, ply int, ttMove uint64) []int32 {
	sc := s.scores[ply][:0]
	values := s.e.values
	for i := range list.Len() {
		m := list.At(i)
		k := m.Key()
		var v int32
		switch {
		case ttMove != 0 && k == ttMove:
			v = 1 << 30
		case s.b.Captures(m):
			victim := s.b.Victim(m, values)
			attacker := values[s.b.Mover(m)]
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
func pick[M any](list List[M], scores []int32, i int) {
	best := i
	for j := i + 1; j < len(scores); j++ {
		if scores[j] > scores[best] {
			best = j
		}
	}
	list.Swap(i, best)
	scores[i], scores[best] = scores[best], scores[i]
}

// pv follows the table's best moves from the root.
func (s *searcher[G, M, L, K]) pv(depth int) []string {
	return s.follow(nil, depth)
}

// pvAfter is the variation that starts with the root move m and follows
// the table's best moves for up to depth more plies.
func (s *searcher[G, M, L, K]) pvAfter(m M, depth int) []string {
	b := s.b
	name := b.MoveString(m)
	mk := b.Make(m)
	defer b.Unmake(mk)
	return s.follow([]string{name}, depth+1)
}

// follow appends to names the table's best moves from the board's
// position until the variation is depth moves long.
func (s *searcher[G, M, L, K]) follow(names []string, depth int) []string {
	b := s.b
	var marks []K
	list := s.lists[maxPly+1]
	for len(names) < depth {
		e, ok := s.e.tt.probe(b.Hash())
		if !ok || e.move == 0 || b.Result() != board.Ongoing {
			break
		}
		b.Legal(list)
		if b.Err() != nil {
			break
		}
		found := false
		for i := range list.Len() {
			if m := list.At(i); m.Key() == e.move {
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

// countRules returns the repetition and move rules a search applies: the
// ones given, or else the program's.
func countRules(p *movegen.Program, repetition, moveRule *movegen.CountRule) (*movegen.CountRule, *movegen.CountRule) {
	if rule, ok := p.Repetition(); ok && repetition == nil {
		repetition = &rule
	}
	if rule, ok := p.MoveRule(); ok && moveRule == nil {
		moveRule = &rule
	}
	return repetition, moveRule
}
