package movegen

import (
	"math/bits"

	"github.com/alfil-go/alfil/board"
)

// multiLeaper is a line that is one multi whose lines are each one leap:
// a step, then conditions of the square it lands on and at most a move
// there — the emperor's three king steps and the ubi-ubi's knight tours of
// zoo.alf (docs/language.md § multi). The interpreter plays every sub-move
// on the board and takes it back; these sub-moves change nothing but
// where the mover stands (a capture may only end the sequence), so the
// kernel walks the same sequences on the board as it is, seeing the mover
// on its current square and its square of origin empty as the interpreter
// would. It tries the sub-moves in the same order, counts the same steps
// and levels against the budgets (a flood's capture test, more: see
// floodCount), reports the same reads (the squares its conditions test,
// and those a played sub-move changes) and emits the same moves, built of
// the same normals.
type multiLeaper struct {
	m    *multiNode
	subs []multiLeap
	// flood: a shared multi of "step empty mov", "step enemy capt mov
	// pass" and "notfirst pass" lines (the ubi-ubi's), whose attack tests
	// floodAttack answers
	flood bool
	// words: the flood's lines as squares, on boards of up to 128
	// squares, or nil (floodWords)
	words *floodWords
}

// floodWords are a flood multi's lines as sets of squares: per side and
// square, where its move lines and its capture lines land, as two words;
// and how many lines only pass. They exist only when no line lands back
// on its own square and no two lines of a kind land on one square, so
// that counting the set's squares counts the lines that land.
type floodWords struct {
	move, capt [2][][2]uint64
	passes     int
}

// newFloodWords returns the words of flood multi k on a board of squares
// squares, or nil when the board is too big or the lines do not allow.
func newFloodWords(k *multiLeaper, squares int) *floodWords {
	if !k.flood || squares > 128 {
		return nil
	}
	fw := &floodWords{}
	for side := range 2 {
		fw.move[side] = make([][2]uint64, squares)
		fw.capt[side] = make([][2]uint64, squares)
		for sq := range squares {
			for i := range k.subs {
				s := &k.subs[i]
				dst := &fw.move[side][sq]
				switch s.floodKind {
				case floodPass:
					continue
				case floodCapture:
					dst = &fw.capt[side][sq]
				}
				to := int(s.n.end[side][sq])
				if to < 0 {
					continue
				}
				bit := uint64(1) << (to & 63)
				if to == sq || dst[to>>6]&bit != 0 {
					return nil
				}
				dst[to>>6] |= bit
			}
		}
	}
	for _, s := range k.subs {
		if s.floodKind == floodPass {
			fw.passes++
		}
	}
	return fw
}

// multiLeap is one line of the multi.
type multiLeap struct {
	n    *normal
	step bool // the first op is a step; without one the line is a pass where the piece stands
	mov  bool
	capt bool
	pass bool
	// floodKind: in a flood multi, which of its three shapes the line is
	floodKind uint8
}

// The shapes of a flood multi's lines (multiLeaper.flood).
const (
	floodMove    uint8 = iota // step empty mov
	floodCapture              // step enemy capt mov pass
	floodPass                 // notfirst pass
)

// recogniseMultiLeaper returns the multiLeaper a line is, or nil. Every
// line of the multi must be one normal without in … do marks: a step
// first (or no step at all, for a pass where the piece stands), then
// conditions on the landing square that do not tell a ghost from an empty
// square (is does: the interpreter's sub-moves remove the ghosts they
// land on), then mov, capt and pass. A sub-move that does not pass must
// land on an empty square by its own condition and only move, so that
// the squares the sequence crosses are empty on the board as it is; one
// that captures must pass, and its condition must rule out a ghost when
// some type has an onDeath hook, so that no hook runs while the sequence
// is walked — no other piece may have one.
func recogniseMultiLeaper(l *Line, types []*PieceType) *multiLeaper {
	if len(l.nodes) != 1 {
		return nil
	}
	m, ok := l.nodes[0].(*multiNode)
	if !ok {
		return nil
	}
	hooks := false
	for _, t := range types {
		if len(t.OnDeath) > 0 {
			if !t.Ghost {
				return nil
			}
			hooks = true
		}
	}
	k := &multiLeaper{m: m}
	for _, line := range m.lines {
		if len(line) != 1 {
			return nil
		}
		n, ok := line[0].(*normal)
		if !ok || n.marks || len(n.ops) == 0 {
			return nil
		}
		s := multiLeap{n: n, step: n.ops[0].kind == opStep}
		if s.step && n.ops[0].dirs == "" {
			return nil
		}
		empty, solid := false, false // lands on an empty square; on a piece that is no ghost
		for i, o := range n.ops {
			switch o.kind {
			case opStep:
				if i > 0 {
					return nil
				}
			case opEmpty:
				empty = empty || !o.not
				solid = solid || o.not
			case opEnemy, opAlly, opPiece:
				solid = solid || !o.not
			case opUnmoved, opNotOrigin, opNotFirst, opHas, opPos:
			case opMov:
				s.mov = true
			case opCapt:
				s.capt = true
			case opPass:
				s.pass = true
			default:
				return nil
			}
		}
		switch {
		case !s.step && (s.mov || s.capt || !s.pass):
			return nil // a stepless line only passes
		case s.step && !s.mov:
			return nil
		case !s.pass && (s.capt || !empty):
			return nil
		case s.capt && hooks && !solid:
			return nil
		}
		k.subs = append(k.subs, s)
	}
	k.flood = m.shared && !m.distinct && m.count == 0
	for i := range k.subs {
		s := &k.subs[i]
		switch {
		case hasOps(s.n, opStep, opEmpty, opMov):
			s.floodKind = floodMove
		case hasOps(s.n, opStep, opEnemy, opCapt, opMov, opPass):
			s.floodKind = floodCapture
		case hasOps(s.n, opNotFirst, opPass):
			s.floodKind = floodPass
		default:
			k.flood = false
		}
	}
	return k
}

// multiWalk is one generation of a multiLeaper: the generator, the
// square the mover left, and where the reads of played sub-moves go.
type multiWalk struct {
	k      *multiLeaper
	g      *gen
	origin board.Square
	noting observer
	mover  board.Piece // the mover as it stands after a sub-move
	sstart int
}

// generate walks the multi from square from, as exec and multiStart do.
func (k *multiLeaper) generate(g *gen, from board.Square) {
	if !g.enter() { // exec of the line's one node
		return
	}
	defer func() { g.b.level-- }()
	pc := &g.pos.Pieces[g.mover]
	if !pc.OnBoard {
		return
	}
	w := multiWalk{k: k, g: g, origin: from, noting: g.b.noting, mover: *pc}
	if w.noting == nil && g.own {
		w.noting = g.obs
	}
	w.mover.Unmoved = false
	if n := g.pos.Squares(); len(g.onPath)*64 < n {
		g.onPath, g.onShared = newBitset(n), newBitset(n)
	}
	if k.flood && g.mode == modeAttack && !g.recording() && w.noting == nil && w.floodAttack(from) {
		return
	}
	w.sstart = len(g.mshared)
	g.onPath.set(int(from))
	g.mshared = append(g.mshared, from)
	g.onShared.set(int(from))
	w.offer(0, from)
	g.onPath.clear(int(from))
	for _, sq := range g.mshared[w.sstart:] {
		g.onShared.clear(int(sq))
	}
	g.mshared = g.mshared[:w.sstart]
}

// floodAttack answers an attack test of a flood multi (multiLeaper.flood)
// without the walk's machinery. On a board of up to 128 squares it finds
// the squares the piece reaches a word at a time (floodCount). On a
// bigger one it visits them in the walk's own order — depth first, the
// sub-moves in their order, every square once — counting the steps the
// walk counts (a try of every line from every square reached; for each
// line whose conditions hold, the end of the line and the sub-move
// played) and stopping where the walk stops: at the first capture on a
// target, which aborts the test as gen.emit does. It reports false,
// having changed nothing, when the budgets could run out on the way or
// the test is a probe; the walk then answers, step by step.
func (w *multiWalk) floodAttack(from board.Square) bool {
	g, b := w.g, w.g.b
	if g.probing > 0 {
		return false
	}
	if w.k.words != nil {
		if hit, ok := w.floodCount(from); ok {
			g.abort = g.abort || hit
			return true
		}
	}
	f := floodDFS{reached: g.onShared, visited: append(g.flood[:0], from), words: g.pos.Squares() <= 128}
	if f.words {
		f.occupied, f.enemy = wideWords(g.pos, g.side)
	}
	f.reached.set(int(from)) // empty: the walk fills it only after this
	hit := w.floodVisit(&f, from, 0)
	for _, sq := range f.visited {
		f.reached.clear(int(sq))
	}
	g.flood = f.visited[:0]
	if f.over {
		return false
	}
	g.steps += f.steps
	b.steps += f.steps
	if f.played > 0 && b.hookDepth == 0 {
		b.hookRuns = 0 // as playing a sub-move does
	}
	g.abort = g.abort || hit
	return true
}

// wideWords returns, on a board of up to 128 squares, its squares with a
// piece that is no ghost and those with one of side's opponent
// (board.Position.Wide).
func wideWords(pos *board.Position, side board.Side) (occupied, enemy [2]uint64) {
	wide := &pos.Wide
	return [2]uint64{wide[0][0] | wide[1][0], wide[0][1] | wide[1][1]}, wide[side.Other()]
}

// floodCount answers an attack test of a flood multi with its words
// (floodWords), reporting whether it captures on a target: it finds the
// squares the piece reaches a word at a time and counts the lines that
// land from each. That is the walk's count when no capture falls on a
// target; when one does, the walk stops there, after a part of the
// squares that depends on its order, and the flood still counts them
// all — the steps of the walk that finds no target, more than the walk
// counts, so that a budget runs out no later than with the walk
// (docs/language.md § Limits). It reports ok false, having changed
// nothing, when a budget could run out; the walk then answers.
func (w *multiWalk) floodCount(from board.Square) (hit, ok bool) {
	g, b, fw := w.g, w.g.b, w.k.words
	occupied, enemy := wideWords(g.pos, g.side)
	empty := [2]uint64{^occupied[0], ^occupied[1]}
	var target [2]uint64
	copy(target[:], g.targets)
	moves, capts := fw.move[g.side], fw.capt[g.side]
	reached := [2]uint64{}
	reached[from>>6] |= 1 << (from & 63)
	queue := append(g.flood[:0], from)
	defer func() { g.flood = queue[:0] }()
	played := 0
	for i := 0; i < len(queue); i++ {
		at := queue[i]
		land := empty
		if at != from { // past the first sub-move the square of origin is empty
			land[from>>6] |= 1 << (from & 63)
			played += fw.passes
		}
		c := &capts[at]
		c0, c1 := c[0]&enemy[0], c[1]&enemy[1]
		hit = hit || c0&target[0]|c1&target[1] != 0
		m := &moves[at]
		m0, m1 := m[0]&land[0], m[1]&land[1]
		played += bits.OnesCount64(c0) + bits.OnesCount64(c1) + bits.OnesCount64(m0) + bits.OnesCount64(m1)
		for wd, fresh := range [2]uint64{m0 &^ reached[0], m1 &^ reached[1]} {
			reached[wd] |= fresh
			for ; fresh != 0; fresh &= fresh - 1 {
				queue = append(queue, board.Square(wd*64+bits.TrailingZeros64(fresh)))
			}
		}
	}
	steps := len(queue)*len(w.k.subs) + played*(1+subMoveSteps)
	if g.steps+steps > b.budgets.LineSteps || b.steps+steps > b.budgets.PositionSteps ||
		b.level+2*len(queue)+2 > b.budgets.Depth {
		return false, false
	}
	g.steps += steps
	b.steps += steps
	if played > 0 && b.hookDepth == 0 {
		b.hookRuns = 0 // as playing a sub-move does
	}
	return hit, true
}

// floodDFS is one floodAttack: the squares reached, and the steps and
// sub-moves the walk would have counted so far.
type floodDFS struct {
	reached       bitset
	visited       []board.Square // the squares set in reached
	steps, played int
	over          bool // a budget could run out: the walk must answer
	// words: the board has at most 128 squares, and occupied and enemy
	// are its squares with a piece that is no ghost, and with one of the
	// opponent's (board.Position.Wide)
	words           bool
	occupied, enemy [2]uint64
}

// floodVisit offers the sub-moves number count+1 from at, reporting a
// capture on a target.
func (w *multiWalk) floodVisit(f *floodDFS, at board.Square, count int) bool {
	g, b := w.g, w.g.b
	// the walk's levels at this depth: two per sub-move (try and the end
	// of its line) below the level it started from; the most the lines
	// tried here add: a try, an end and a sub-move each
	most := f.steps + len(w.k.subs)*(2+subMoveSteps)
	if b.level+2*count+2 > b.budgets.Depth || g.steps+most > b.budgets.LineSteps || b.steps+most > b.budgets.PositionSteps {
		f.over = true
		return false
	}
	f.steps += len(w.k.subs) // every line is tried
	for j := range w.k.subs {
		s := &w.k.subs[j]
		if s.floodKind == floodPass {
			if count > 0 {
				f.land()
			}
			continue
		}
		to := board.Square(s.n.end[g.side][at])
		if to < 0 {
			continue
		}
		if s.floodKind == floodCapture {
			if !f.enemyAt(w, to, count, at) {
				continue
			}
			f.land()
			if f.reached.has(int(to)) { // the walk lands there once
				continue
			}
			f.mark(to)
			if g.targets.has(int(to)) {
				// the walk stops here: the tries of the lines after this
				// one, here and below, never happen
				f.steps -= len(w.k.subs) - 1 - j
				return true
			}
			continue
		}
		if !f.emptyAt(w, to, count, at) {
			continue
		}
		f.land()
		if f.reached.has(int(to)) {
			continue
		}
		f.mark(to)
		if w.floodVisit(f, to, count+1) {
			f.steps -= len(w.k.subs) - 1 - j
			return true
		}
		if f.over {
			return false
		}
	}
	return false
}

// emptyAt reports whether sq looks empty to a condition of sub-move
// count+1, the mover standing on cur (multiWalk.seen): from the side's
// occupancy words on boards of up to 128 squares.
func (f *floodDFS) emptyAt(w *multiWalk, sq board.Square, count int, cur board.Square) bool {
	if !f.words || count > 0 && (sq == cur || sq == w.origin) {
		return w.seen(sq, count, cur, false) == nil
	}
	return (f.occupied[sq>>6])&(1<<(sq&63)) == 0
}

// enemyAt reports whether the enemy condition holds at sq for sub-move
// count+1, the mover standing on cur.
func (f *floodDFS) enemyAt(w *multiWalk, sq board.Square, count int, cur board.Square) bool {
	if !f.words || count > 0 && (sq == cur || sq == w.origin) {
		return w.isEnemy(w.seen(sq, count, cur, false))
	}
	return (f.enemy[sq>>6])&(1<<(sq&63)) != 0
}

// land counts a sub-move whose conditions hold: the end of its line and
// playing it.
func (f *floodDFS) land() {
	f.steps += 1 + subMoveSteps
	f.played++
}

func (f *floodDFS) mark(sq board.Square) {
	f.reached.set(int(sq))
	f.visited = append(f.visited, sq)
}

// offer tries the sub-moves number count+1 from cur, as gen.offer does.
func (w *multiWalk) offer(count int, cur board.Square) {
	g := w.g
	before := g.subMoves
	savedIter := g.iter
	g.iter = count
	for i := range w.k.subs {
		w.try(&w.k.subs[i], count, cur)
		if g.stopped() {
			break
		}
	}
	g.iter = savedIter
	if g.subMoves == before && count > 0 && !g.stopped() {
		if g.mode == modeMoves {
			g.emit() // nothing applies: the sequence ends here; it captures nothing
		}
	}
}

// try runs one line of the multi from cur: exec and normal, then, when
// its conditions hold, the end of the line and subDone.
func (w *multiWalk) try(s *multiLeap, count int, cur board.Square) {
	g := w.g
	if !g.enter() {
		return
	}
	if to, ok := w.lands(s, count, cur); ok {
		g.path = append(g.path, ref{s.n, cur})
		if g.enter() { // exec at the end of the line, which reaches subDone
			w.subDone(s, count, cur, to)
			g.b.level--
		}
		g.path = g.path[:len(g.path)-1]
	}
	g.b.level--
}

// lands returns where sub-move s from cur lands, and whether it stays on
// the board and its conditions hold there.
func (w *multiWalk) lands(s *multiLeap, count int, cur board.Square) (board.Square, bool) {
	n := s.n
	to := cur
	if s.step {
		if to = board.Square(n.end[w.g.side][cur]); to < 0 {
			return to, false // off the board
		}
	}
	for j := range n.ops {
		if o := &n.ops[j]; o.kind.isCondition() && w.test(o, to, count, cur) == o.not {
			return to, false
		}
	}
	return to, true
}

// test evaluates a condition at sq as the interpreter would see the board
// after count sub-moves brought the mover to cur: the mover there, its
// square of origin empty.
func (w *multiWalk) test(o *op, sq board.Square, count int, cur board.Square) bool {
	g := w.g
	if count == 0 || sq != cur && sq != w.origin {
		return g.test(o, sq)
	}
	if g.recording() {
		g.readBy(o, sq)
	}
	return g.testPiece(o, sq, w.seen(sq, count, cur, o.kind == opIs))
}

// seen returns the piece a condition of sub-move count+1 finds on sq, the
// mover standing on cur: after a sub-move the mover is there and its
// square of origin is empty, as on the board the interpreter played them
// on; elsewhere what gen.pieceSeen finds.
func (w *multiWalk) seen(sq board.Square, count int, cur board.Square, is bool) *board.Piece {
	switch {
	case count == 0:
	case sq == cur:
		w.mover.Square = cur
		return &w.mover
	case sq == w.origin:
		return nil
	}
	return w.g.pieceSeen(sq, is)
}

// isEnemy reports whether pc is the opponent's, as the enemy condition
// sees it.
func (w *multiWalk) isEnemy(pc *board.Piece) bool { return pc != nil && pc.Side != w.g.side }

// subDone plays a sub-move that reached its end, as gen.subDone does.
func (w *multiWalk) subDone(s *multiLeap, count int, cur, to board.Square) {
	g, b, m := w.g, w.g.b, w.k.m
	g.steps += subMoveSteps
	b.steps += subMoveSteps
	if b.hookDepth == 0 {
		b.hookRuns = 0 // a sub-move is played like a move
	}
	if w.noting != nil && s.mov {
		// what playing it changes: the squares the mover leaves and
		// enters (and the piece it captures there)
		w.noting.read(int(cur), 0)
		w.noting.read(int(to), 0)
	}
	at := cur
	if s.mov {
		at = to
	}
	moved := !(s.pass && at == cur)
	if moved && (m.distinct && g.onPath.has(int(at)) || m.shared && g.onShared.has(int(at))) {
		return
	}
	if m.shared && moved {
		g.mshared = append(g.mshared, at) // kept for the whole multi
		g.onShared.set(int(at))
	}
	g.subMoves++
	if s.pass { // the sequence ends here
		w.emit(s, to)
		return
	}
	if m.distinct {
		g.onPath.set(int(at)) // a distinct sequence crosses no square twice
	}
	if m.count > 0 && count+1 >= m.count {
		w.emit(s, to)
	} else {
		w.offer(count+1, at)
	}
	if m.distinct {
		g.onPath.clear(int(at))
	}
}

// emit emits the sequence that ended with sub-move s landing on to. Only
// that sub-move may capture, directly and on to: a sequence that does not
// capture, or does not capture on a target, tells an attack test nothing,
// and emit would only walk its path to find that out.
func (w *multiWalk) emit(s *multiLeap, to board.Square) {
	g := w.g
	switch g.mode {
	case modeAttack:
		if !s.capt || !g.targets.has(int(to)) {
			return
		}
	case modeAttacks:
		if !s.capt {
			return
		}
	case modeMoves:
		if len(g.path) > 0 && g.probing == 0 {
			w.emitMove(s, to)
		}
		return
	}
	g.emit()
}

// emitMove is gen.emit's making of a move for a sequence of the multi,
// which knows its shape: only the last sub-move may capture, on to, and
// the sub-moves before it only move the piece — each mov replacing the
// one before it in the signature — so the signature of the last three
// sub-moves is the whole path's (the one before the last mov decides
// whether a capt where the piece stands follows a mov there), and the
// attacks the move records are at most the capture on to.
func (w *multiWalk) emitMove(s *multiLeap, to board.Square) {
	g := w.g
	tail := g.path[max(0, len(g.path)-3):]
	if !g.emitMove(signature(tail, g.side)) || !g.collect || !s.capt {
		return
	}
	// as collectAttacks: a capture of a royal piece of the mover's side
	// threatens nothing
	if g.prog.royal {
		g.read(int(to))
		if pc := g.pos.PieceAt(to); pc != nil && pc.Side == g.side && g.prog.types[pc.Type].Royal {
			return
		}
	}
	g.obs.attack(to, g.iter)
}
