package movegen

import (
	"slices"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/memory"
)

// The generator interprets a piece's move trees on a board. What travels
// along a line is a partial move: the cursor, the move-local memory, the
// remembered squares and the path — the normals whose actions the move will
// play, each with the square it was placed at. Structures that have to
// continue "with the rest of the line" do so through an explicit stack of
// continuation frames, so generation allocates nothing once its stacks have
// grown.

type genMode uint8

const (
	modeMoves   genMode = iota // collect moves
	modeAttack                 // stop at the first move that captures a target square
	modeAttacks                // collect the squares moves capture on, as modeAttack sees them
)

type failKind uint8

const (
	failCond failKind = iota // a condition failed at the square
	failOff                  // a step left the board; the square is the last one on it
	failHard                 // a limit forbids the square: no clause runs
)

type frameKind uint8

const (
	fSeq      frameKind = iota // run nodes[i:] then next
	fIter                      // a slide iteration completed
	fFinish                    // a block's branch finished: a move
	fSub                       // a multi line completed: a sub-move
	fProbe                     // an exc branch yields something
	fExcHit                    // an exc branch yielded: note it, go on with the line
	fLimitEnd                  // a limit line ended
)

type frame struct {
	kind      frameKind
	nodes     []node
	i         int
	next      int32
	slide     *slideNode
	iter      int
	start     board.Square
	pathLen   int
	localMark int
	outerFail int32
	multi     *multiNode
	count     int
	vstart    int
	sstart    int
	limits    int
	hit       bool // fExcHit: the branch reached its end
}

type limitRule struct {
	only    bool
	squares bitset
}

type gen struct {
	b    *Board
	pos  *board.Position
	prog *Program

	side   board.Side
	mover  int32
	origin board.Square
	// heldAt is origin when the mover is held in a stack, where
	// conditions see it and not the stack's top (docs/language.md § Proxy
	// pieces); board.NoSquare otherwise
	heldAt board.Square
	// restricts are the restrict: lines of the restricting proxies that
	// hold the mover, directly or not: each must hold at a move's
	// landing square for the move to be made (restrict.go)
	restricts [][]op
	proxies   bool // the program's proxies, at hand for reset
	mode      genMode

	path     []ref
	pathSave []ref
	local    memory.Bank
	lsave    []int64
	visited  []board.Square
	mvisited []board.Square
	mshared  []board.Square
	// the squares in mvisited and mshared, for the multiLeaper kernel,
	// and its flood's queue (floodAttack)
	onPath, onShared bitset
	flood            []board.Square
	// what a sub-move passLanding took would change (to note as read)
	landNotes []board.Square
	frames    []frame
	limits    []limitRule
	iter      int
	brk       bool
	line      *Line // the line being generated, for budget errors
	steps     int   // steps of the line so far
	failTo    int32
	subMoves  int
	probing   int
	probeHit  bool
	abort     bool

	out        *MoveList
	pieceStart int
	seen       sigFilter // signatures of the moves since pieceStart
	targets    bitset
	envSq      board.Square

	// obs is told what the generation reads (nil: nobody listens): the
	// holder being refreshed, or inside a multi's sub-move the holder of
	// the multi's line (Board.noting). When own is set the observer keeps
	// this generation's moves: it is told of each and, with collect, of
	// the squares they capture on.
	obs     observer
	own     bool
	collect bool

	// sources: the types a late piece copies, while its copied lines run
	// (late.go)
	sources []int
	// groups is the scratch of a group generation at this nesting level
	// (multisquare.go), made at first use
	groups *groupScratch
}

// reset prepares the generator for one piece.
func (g *gen) reset(id int32, origin board.Square, side board.Side, mode genMode) {
	g.pos = g.b.pos
	g.mover, g.origin, g.side, g.mode = id, origin, side, mode
	if g.proxies { // else heldAt stays NoSquare, as the gen was made
		g.heldAt = board.NoSquare
		g.restricts = g.restricts[:0]
		if id >= 0 && g.pos.HeldBy(id) >= 0 {
			g.heldAt = origin
			g.restrictions(id)
		}
	}
	g.path, g.pathSave = g.path[:0], g.pathSave[:0]
	g.local, g.lsave = g.local[:0], g.lsave[:0]
	g.visited, g.mvisited, g.mshared = g.visited[:0], g.mvisited[:0], g.mshared[:0]
	g.frames, g.limits = g.frames[:0], g.limits[:0]
	g.iter, g.brk, g.failTo, g.subMoves, g.probing, g.probeHit, g.abort = 0, false, -1, 0, 0, false, false
	g.obs, g.own, g.collect = g.b.noting, false, false
}

// read records that the generation depends on key.
func (g *gen) read(key int) {
	if g.obs != nil {
		g.obs.read(key, g.iter)
	}
}

// recording reports whether read records anything.
func (g *gen) recording() bool { return g.obs != nil }

// lines runs every line of the piece from its square.
func (g *gen) lines(lines []*Line) {
	for _, l := range lines {
		if g.stopped() {
			return
		}
		if g.mode == modeAttack && !l.capt {
			continue
		}
		g.runLine(l, g.origin)
	}
}

func (g *gen) push(f frame) int32 {
	g.frames = append(g.frames, f)
	return int32(len(g.frames) - 1)
}

// after returns the continuation that runs nodes[i+1:] and then k.
func (g *gen) after(nodes []node, i int, k int32) int32 {
	if i+1 >= len(nodes) {
		return k
	}
	return g.push(frame{kind: fSeq, nodes: nodes, i: i + 1, next: k})
}

// stopped reports whether generation must unwind: a probe or an attack
// test found what it looked for, or a budget ran out.
func (g *gen) stopped() bool { return g.abort || g.b.err != nil }

// exec runs nodes[i:] from cur, then continuation k (-1: the end of the
// line). Every call is one step of the line's and the position's budgets
// and one level of nesting: the generator recurses through exec, so the
// depth budget bounds its stack.
func (g *gen) exec(nodes []node, i int, cur board.Square, k int32) {
	if !g.enter() {
		return
	}
	b := g.b
	if i == len(nodes) {
		g.cont(k, cur)
		b.level--
		return
	}
	mark := len(g.frames)
	switch n := nodes[i].(type) {
	case *normal:
		g.normal(n, nodes, i, cur, k)
	case *slideNode:
		g.slideIter(n, cur, 0, g.after(nodes, i, k), g.failTo)
	case *optNode:
		kk := g.after(nodes, i, k)
		for _, b := range n.branches {
			g.exec(b, 0, cur, kk)
		}
	case *excNode:
		g.exc(n, cur, g.after(nodes, i, k))
	case *blockNode:
		kk := g.after(nodes, i, k)
		fin := g.push(frame{kind: fFinish})
		// the body is a finished move of its own: a failure in it is not a
		// failure of an enclosing slide's body
		savedFail := g.failTo
		g.failTo = -1
		g.exec(n.body, 0, cur, fin)
		g.failTo = savedFail
		g.cont(kk, cur)
	case *multiNode:
		g.multiStart(n, g.after(nodes, i, k))
	case *limitNode:
		g.limit(n, cur, g.after(nodes, i, k))
	case *randNode:
		g.rand(n, cur, g.after(nodes, i, k))
	}
	g.frames = g.frames[:mark]
	b.level--
}

// enter counts one step of the line's and the position's budgets and one
// level of nesting, as every exec does, and reports whether generation may
// go on; the caller leaves the level (b.level--) when it returns.
func (g *gen) enter() bool {
	if g.stopped() {
		return false
	}
	b := g.b
	g.steps++
	b.steps++
	if g.steps > b.budgets.LineSteps || b.steps > b.budgets.PositionSteps || b.level >= b.budgets.Depth {
		g.overBudget()
		return false
	}
	b.level++
	return true
}

// overBudget reports which of exec's budgets ran out.
func (g *gen) overBudget() {
	b := g.b
	switch {
	case g.steps > b.budgets.LineSteps:
		g.exceeded("steps of one line", b.budgets.LineSteps)
	case b.steps > b.budgets.PositionSteps:
		g.exceeded("steps of one position", b.budgets.PositionSteps)
	default:
		g.exceeded("levels of nesting", b.budgets.Depth)
	}
}

// cont continues a partial move that reached continuation k at cur.
func (g *gen) cont(k int32, cur board.Square) {
	if g.stopped() {
		return
	}
	if k < 0 {
		g.emit()
		return
	}
	f := g.frames[k]
	switch f.kind {
	case fSeq:
		g.exec(f.nodes, f.i, cur, f.next)
	case fIter:
		g.iterDone(f, cur)
	case fFinish:
		g.emit()
	case fSub:
		g.subDone(f, cur)
	case fProbe:
		g.probeHit, g.abort = true, true
	case fExcHit:
		// the branch yielded: the rest of the line runs with the failure
		// handling the exc stood in (a failure there may end a slide)
		g.frames[k].hit = true
		saved := g.failTo
		g.failTo = f.outerFail
		g.cont(f.next, cur)
		g.failTo = saved
	case fLimitEnd:
		saved := g.limits
		g.limits = g.limits[:f.limits]
		g.cont(f.next, cur)
		g.limits = saved
	}
}

// normal checks and records one placed normal, then goes on.
func (g *gen) normal(n *normal, nodes []node, i int, cur board.Square, k int32) {
	placed := n.at(g.side, int(cur))
	lmark, vlen, brk := -1, len(g.visited), g.brk
	defer func() {
		if lmark >= 0 {
			g.restoreLocal(lmark)
			g.dropLocal(lmark)
		}
		g.visited, g.brk = g.visited[:vlen], brk
	}()
	last := cur
	ops := n.ops
	barred := -1
	if n.fields {
		// the ops before the first step a field bars run as usual, then
		// the step fails as off the board (fields.go)
		if barred = g.fieldBarredAt(n, placed); barred >= 0 {
			ops = ops[:barred]
		}
	}
	for j := range ops {
		o := &ops[j]
		sq := board.Square(placed[j])
		if sq < 0 {
			if n.marks {
				continue
			}
			g.fail(failOff, last)
			return
		}
		if len(g.limits) > 0 && g.forbidden(sq) {
			g.fail(failHard, sq)
			return
		}
		last = sq
		switch k := o.kind; {
		case k == opStep:
		case k.isCondition():
			if n.marks { // an in … do filter: tested when the move is played
				continue
			}
			if g.test(o, sq) == o.not {
				g.fail(failCond, sq)
				return
			}
		case k.isAction():
		default:
			if lmark < 0 {
				lmark = g.saveLocal()
			}
			g.effect(o, sq)
		}
	}
	if barred >= 0 {
		if sq := board.Square(placed[barred]); len(g.limits) > 0 && g.forbidden(sq) {
			g.fail(failHard, sq)
		} else {
			g.fail(failOff, last)
		}
		return
	}
	if n.actions {
		g.path = append(g.path, ref{n, cur})
	}
	g.exec(nodes, i+1, board.Square(n.end[g.side][cur]), k)
	if n.actions {
		g.path = g.path[:len(g.path)-1]
	}
}

// effect runs a generation-time op: local writes, remember, break.
func (g *gen) effect(o *op, sq board.Square) {
	g.envSq = sq
	switch o.kind {
	case opLocalSet, opLocalAdd:
		_, idx := o.a.Target(g)
		v := o.b.Eval(g)
		if o.kind == opLocalAdd {
			v = memory.Add(v, g.local.Get(idx))
		}
		g.local.Set(idx, v)
	case opLocalGrow:
		g.local.Grow(o.b.Eval(g))
	case opRemember:
		g.visited = append(g.visited, sq)
	case opBreak:
		g.brk = true
	}
}

// slideIter runs iteration iter of a slide from cur.
func (g *gen) slideIter(s *slideNode, cur board.Square, iter int, k int32, outerFail int32) {
	if limit := g.b.iterCap(); iter >= limit { // a slide that never ends
		g.exceeded("iterations of one slide", limit)
		return
	}
	mark := len(g.frames)
	lmark := g.saveLocal()
	fi := g.push(frame{kind: fIter, slide: s, iter: iter, next: k, start: cur, pathLen: len(g.path),
		localMark: lmark, outerFail: outerFail})
	savedIter, savedFail := g.iter, g.failTo
	g.iter, g.failTo = iter, fi
	if len(s.cycle) > 0 {
		g.exec(s.phases[iter%len(s.cycle)], 0, cur, fi)
	} else {
		g.exec(s.body, 0, cur, fi)
	}
	g.iter, g.failTo = savedIter, savedFail
	g.dropLocal(lmark)
	g.frames = g.frames[:mark]
}

// iterDone: an iteration completed at cur.
func (g *gen) iterDone(f frame, cur board.Square) {
	s := f.slide
	savedFail, savedIter, brk := g.failTo, g.iter, g.brk
	g.failTo, g.brk = f.outerFail, false
	if s.final {
		g.cont(f.next, cur) // a stop point
	}
	if brk {
		if !s.final {
			g.cont(f.next, cur)
		}
	} else {
		g.slideIter(s, cur, f.iter+1, f.next, f.outerFail)
	}
	g.failTo, g.iter, g.brk = savedFail, savedIter, brk
}

// fail handles a partial move that failed at sq: inside a slide body it
// ends the slide, running then or out, or passing on the state after the
// last completed iteration.
func (g *gen) fail(kind failKind, sq board.Square) {
	h := g.failTo
	if h < 0 {
		return
	}
	f := g.frames[h]
	s := f.slide
	saveAt := len(g.pathSave)
	g.pathSave = append(g.pathSave, g.path[f.pathLen:]...)
	g.path = g.path[:f.pathLen]
	savedFail, savedIter := g.failTo, g.iter
	g.failTo, g.iter = f.outerFail, f.iter
	switch {
	case kind == failCond && s.hasThen:
		g.exec(s.then, 0, sq, f.next)
	case kind == failOff && s.hasOut:
		g.exec(s.out, 0, sq, f.next)
	case !s.final:
		now := g.saveLocal()
		g.restoreLocal(f.localMark)
		g.cont(f.next, f.start)
		g.restoreLocal(now)
		g.dropLocal(now)
	}
	g.failTo, g.iter = savedFail, savedIter
	g.path = append(g.path, g.pathSave[saveAt:]...)
	g.pathSave = g.pathSave[:saveAt]
}

// exc runs the first branch that yields anything. A branch runs once: the
// frame at its end notes that it yielded and goes on with the line, so
// nested excs cost the sum of their branches, not a product. A branch
// holding a block is probed first instead, because a block's finished
// moves leave the branch without passing its end and must not be played
// when the branch as a whole yields nothing.
func (g *gen) exc(e *excNode, cur board.Square, k int32) {
	savedFail := g.failTo
	mark := len(g.frames)
	hit := g.push(frame{kind: fExcHit, next: k, outerFail: savedFail})
	for i, b := range e.branches {
		g.failTo = -1
		if e.blocks[i] {
			if g.yields(b, cur) {
				g.exec(b, 0, cur, hit)
				g.failTo = savedFail
				g.frames = g.frames[:mark]
				return
			}
		} else {
			g.frames[hit].hit = false
			g.exec(b, 0, cur, hit)
			if g.frames[hit].hit {
				g.failTo = savedFail
				g.frames = g.frames[:mark]
				return
			}
		}
		g.failTo = savedFail
		if g.stopped() {
			g.frames = g.frames[:mark]
			return
		}
	}
	g.frames = g.frames[:mark]
	g.fail(failCond, cur)
}

// yields reports whether a branch lets any partial move through.
func (g *gen) yields(b []node, cur board.Square) bool {
	mark := len(g.frames)
	p := g.push(frame{kind: fProbe})
	g.probing++
	hit := g.probeHit
	g.probeHit = false
	g.exec(b, 0, cur, p)
	found := g.probeHit
	g.probeHit, g.abort = hit, false
	g.probing--
	g.frames = g.frames[:mark]
	return found
}

// limit runs the lines of a limit or only block with its squares forbidden
// (or the others).
func (g *gen) limit(l *limitNode, cur board.Square, k int32) {
	rule := limitRule{only: l.only, squares: newBitset(g.pos.Squares())}
	for _, st := range l.squares {
		if sq := st.end[g.side][g.origin]; sq >= 0 {
			rule.squares.set(int(sq))
		}
	}
	depth := len(g.limits)
	mark := len(g.frames)
	end := g.push(frame{kind: fLimitEnd, next: k, limits: depth})
	g.limits = append(g.limits, rule)
	savedFail := g.failTo
	g.failTo = -1
	for _, line := range l.lines {
		g.exec(line, 0, cur, end)
	}
	g.failTo = savedFail
	g.limits = g.limits[:depth]
	g.frames = g.frames[:mark]
}

// forbidden reports whether an active limit or only forbids sq.
func (g *gen) forbidden(sq board.Square) bool {
	if sq == g.origin {
		return false
	}
	for _, r := range g.limits {
		if r.squares.has(int(sq)) != r.only {
			return true
		}
	}
	return false
}

// multiStart offers a multi's lines from the mover's square.
//
// Sub-moves are played on the board, so later sub-moves read a position
// the earlier ones changed. What the line depends on is still exact: the
// squares and memory its conditions read (on the changed position, where
// an unchanged square reads as before the move), everything a sub-move's
// actions read or change (noted as it is played, hooks and filters
// included: b.noting), and so the line is generated again only when one
// of those changes.
func (g *gen) multiStart(m *multiNode, k int32) {
	if g.own && g.b.noting == nil {
		g.b.noting = g.obs
		defer func() { g.b.noting = nil }()
	}
	pc := &g.pos.Pieces[g.mover]
	if !pc.OnBoard {
		return
	}
	vstart, sstart := len(g.mvisited), len(g.mshared)
	g.mvisited = append(g.mvisited, pc.Square)
	g.mshared = append(g.mshared, pc.Square)
	g.offer(m, 0, k, vstart, sstart)
	g.mvisited, g.mshared = g.mvisited[:vstart], g.mshared[:sstart]
}

// offer runs the multi's lines for sub-move number count+1; when none
// applies after at least one sub-move, the sequence ends.
func (g *gen) offer(m *multiNode, count int, k int32, vstart, sstart int) {
	pc := &g.pos.Pieces[g.mover]
	if !pc.OnBoard {
		g.cont(k, pc.Square)
		return
	}
	sq := pc.Square
	before := g.subMoves
	mark := len(g.frames)
	fs := g.push(frame{kind: fSub, multi: m, count: count, next: k, pathLen: len(g.path), vstart: vstart, sstart: sstart})
	savedIter, savedFail, savedLimits := g.iter, g.failTo, g.limits
	g.iter, g.failTo = count, -1
	for _, line := range m.lines {
		g.exec(line, 0, sq, fs)
	}
	g.iter, g.failTo, g.limits = savedIter, savedFail, savedLimits
	g.frames = g.frames[:mark]
	if g.subMoves == before && count > 0 {
		g.cont(k, sq)
	}
}

// subMoveSteps is what playing a multi's sub-move on the board counts for
// the step budgets: about the time of that many steps.
const subMoveSteps = 64

// subDone: a multi line reached its end; play it on the board as a
// sub-move and offer the lines again.
func (g *gen) subDone(f frame, cur board.Square) {
	sub := g.path[f.pathLen:]
	if len(sub) == 0 {
		return
	}
	// playing a sub-move costs as much as many steps
	g.steps += subMoveSteps
	g.b.steps += subMoveSteps
	pass := hasOp(sub, opPass)
	before := g.pos.Pieces[g.mover].Square
	if g.b.hookDepth == 0 {
		g.b.hookRuns = 0 // a sub-move is played like a move
	}
	if pass {
		// the sequence ends: what playing it would show is only where the
		// mover lands, and what it changes
		if at, ok := g.passLanding(sub, g.b.noting != nil); ok {
			for _, sq := range g.landNotes {
				g.b.note(int(sq))
			}
			if g.landing(f, at, at != before) {
				g.cont(f.next, cur)
			}
			return
		}
	}
	mk := g.pos.Mark()
	g.b.apply(sub, g.mover, g.side, g.local)
	if g.b.noting != nil {
		g.b.noteChanges(mk)
	}
	pc := &g.pos.Pieces[g.mover]
	// the landing rules apply to every sub-move but one that only passes
	// where the piece stands
	if !g.landing(f, pc.Square, pc.OnBoard && !(pass && pc.Square == before)) {
		g.pos.Undo(mk)
		return
	}
	if pass { // the sequence ends here
		g.pos.Undo(mk)
		g.cont(f.next, cur)
		return
	}
	vlen := len(g.mvisited)
	g.mvisited = append(g.mvisited, pc.Square)
	count := f.count + 1
	if f.multi.count > 0 && count >= f.multi.count || !pc.OnBoard {
		g.cont(f.next, pc.Square)
	} else {
		g.offer(f.multi, count, f.next, f.vstart, f.sstart)
	}
	g.mvisited = g.mvisited[:vlen]
	g.pos.Undo(mk)
}

// landing applies the landing rules to a sub-move that left the mover on
// at, moved telling whether it did more than pass where it stood: a
// distinct multi crosses no square twice, a shared one lands on each
// square once in all its sequences (kept for the whole multi). It counts
// the sub-move and reports whether the sequence goes on.
func (g *gen) landing(f frame, at board.Square, moved bool) bool {
	if moved && (f.multi.distinct && slices.Contains(g.mvisited[f.vstart:], at) ||
		f.multi.shared && slices.Contains(g.mshared[f.sstart:], at)) {
		return false
	}
	if f.multi.shared && moved {
		g.mshared = append(g.mshared, at)
	}
	g.subMoves++
	return true
}

// passLanding returns the square a sub-move that ends the sequence
// leaves the mover on, without playing it, when playing it and taking it
// back would show nothing else: its actions are movs of the mover, marks,
// pass and captures of other pieces that have no onDeath hook. ok false:
// play it to see. With note, g.landNotes lists what playing it would
// change, to be noted as read as Board.noteChanges would: the squares the
// mover leaves and enters, and those it captures on.
func (g *gen) passLanding(sub []ref, note bool) (at board.Square, ok bool) {
	pos := g.pos
	at = pos.Pieces[g.mover].Square
	g.landNotes = g.landNotes[:0]
	// cleared: the squares the sub-move has emptied so far
	var cleared [4]board.Square
	nclear := 0
	isCleared := func(sq board.Square) bool { return slices.Contains(cleared[:nclear], sq) }
	clearSq := func(sq board.Square) bool {
		if nclear == len(cleared) {
			return false
		}
		cleared[nclear] = sq
		nclear++
		return true
	}
	for _, r := range sub {
		n := r.n
		if n.marks {
			return 0, false
		}
		placed := n.at(g.side, int(r.at))
		for i := range n.ops {
			o := &n.ops[i]
			sq := board.Square(placed[i])
			if sq < 0 || !o.kind.isAction() {
				continue
			}
			switch o.kind {
			case opMov:
				if note {
					g.landNotes = append(g.landNotes, at, sq)
				}
				if sq != at {
					if !clearSq(at) || !clearSq(sq) { // MoveTo removes what stood there
						return 0, false
					}
					at = sq
				}
			case opCapt:
				if sq == at { // the mover itself
					return 0, false
				}
				if note {
					g.landNotes = append(g.landNotes, sq)
				}
				if id := pos.At(sq); id >= 0 && !isCleared(sq) {
					if len(g.prog.types[pos.Pieces[id].Type].OnDeath) > 0 || !clearSq(sq) {
						return 0, false
					}
				}
			case opMark, opPass:
			default:
				return 0, false
			}
		}
	}
	return at, true
}

func hasOp(refs []ref, k opKind) bool {
	for _, r := range refs {
		for i := range r.n.ops {
			if r.n.ops[i].kind == k {
				return true
			}
		}
	}
	return false
}

// emit turns the current path into a move.
func (g *gen) emit() {
	if len(g.path) == 0 || g.probing > 0 {
		return
	}
	if len(g.restricts) > 0 && !g.restrictionsHold() {
		return // a move its proxy forbids: not made, and no attack (restrict.go)
	}
	switch g.mode {
	case modeAttack:
		if g.capturesTarget() {
			g.abort = true
		}
		return
	case modeAttacks:
		g.collectAttacks()
		return
	}
	if g.emitMove(signature(g.path, g.side)) && g.collect {
		g.collectAttacks()
	}
}

// emitMove turns the current path, whose signature is sig, into a move
// unless one of the piece's moves has the same effect, reporting whether
// it did.
func (g *gen) emitMove(sig uint64) bool {
	out := g.out
	if g.seen.start != g.pieceStart || g.seen.list != out {
		g.seen.reset(out, g.pieceStart)
	}
	if g.seen.has(sig) {
		return false // the same effect by another path
	}
	g.seen.add(sig)
	start := len(out.arena)
	out.arena = append(out.arena, g.path...)
	m := Move{Piece: g.mover, From: g.origin, refs: out.arena[start:len(out.arena):len(out.arena)], sig: sig}
	if len(g.local) > 0 {
		ls := len(out.locals)
		out.locals = append(out.locals, g.local...)
		m.local = out.locals[ls:len(out.locals):len(out.locals)]
	}
	out.Moves = append(out.Moves, m)
	if g.own {
		g.obs.made(g.iter)
	}
	return true
}

// collectAttacks records the squares the current path captures on
// directly, as capturesTarget judges them.
func (g *gen) collectAttacks() {
	if !g.ownRoyalCaptured() {
		g.directCaptures(func(sq int16) bool {
			g.obs.attack(board.Square(sq), g.iter)
			return true
		})
	}
}

// capturesTarget reports whether the current path captures on a target
// square directly: by a capt of its own, not as a side effect of an in … do
// (a blast next to a royal piece is no check, as in atomic chess). A move
// that would capture a royal piece of its own side, directly or not, is not
// one the opponent may play, so it threatens nothing.
func (g *gen) capturesTarget() bool {
	hit := false
	g.directCaptures(func(sq int16) bool {
		hit = g.targets.has(int(sq))
		return !hit
	})
	return hit && !g.ownRoyalCaptured()
}

// directCaptures calls visit with every square a capt or pickcapt of the
// current path falls on, in…do blasts aside, until visit returns false.
func (g *gen) directCaptures(visit func(sq int16) bool) {
	for _, r := range g.path {
		n := r.n
		if n.marks {
			continue
		}
		placed := n.at(g.side, int(r.at))
		for i := range n.ops {
			if k := n.ops[i].kind; (k == opCapt || k == opPickCapt) && placed[i] >= 0 && !visit(placed[i]) {
				return
			}
		}
	}
}

// ownRoyalCaptured reports whether the current path would capture a royal
// piece of the mover's side, directly or through an in … do whose filter
// lets the square through.
func (g *gen) ownRoyalCaptured() bool {
	if !g.prog.royal {
		return false
	}
	for _, r := range g.path {
		n := r.n
		placed := n.at(g.side, int(r.at))
		skip := false
		for i := range n.ops {
			o := &n.ops[i]
			sq := placed[i]
			switch {
			case sq < 0:
			case o.kind == opStep:
				skip = false
			case skip:
			case o.kind.isCondition():
				// an in … do filter; other conditions held when generated
				skip = n.marks && g.test(o, board.Square(sq)) == o.not
			case o.kind == opCapt || o.kind == opPickCapt:
				g.read(int(sq))
				if pc := g.pos.PieceAt(board.Square(sq)); pc != nil && pc.Side == g.side && g.prog.types[pc.Type].Royal {
					return true
				}
			}
		}
	}
	return false
}

// test evaluates a condition at sq (before its not).
func (g *gen) test(o *op, sq board.Square) bool {
	if g.recording() {
		g.readBy(o, sq)
	}
	switch o.kind {
	case opOnFile:
		return g.onFile(o.typ, o.n, sq)
	case opCount:
		return g.count(o.typ, o.n)
	case opHarmless:
		// as safe: a capture's attack test does not ask it
		return g.mode != modeMoves || g.b.harmless(sq, g.side, o.typ, g.mover)
	case opRoom, opHolding, opHolds, opHeld, opHeldBy:
		return g.stackTest(o, sq)
	}
	return g.testPiece(o, sq, g.pieceSeen(sq, o.kind == opIs))
}

// pieceSeen returns the piece a condition finds on sq: nil for none, and for a
// ghost but to is (ghosts are empty to everything else).
func (g *gen) pieceSeen(sq board.Square, is bool) *board.Piece {
	id := g.pos.At(sq)
	if id < 0 {
		return nil
	}
	if sq == g.heldAt {
		id = g.mover // a held mover sees itself at its own square (proxy.go)
	}
	pc := &g.pos.Pieces[id]
	if t := g.prog.types[pc.Type]; t.Ghost && !is || t.Invisible && pc.Side != g.side && !is {
		return nil // a ghost, or an invisible piece of the opponent (invisible.go)
	}
	return pc
}

// testPiece evaluates a condition at sq where pc stands (nil: nothing, or
// a ghost), before its not.
func (g *gen) testPiece(o *op, sq board.Square, pc *board.Piece) bool {
	switch o.kind {
	case opEmpty:
		return pc == nil
	case opEnemy:
		return pc != nil && pc.Side != g.side && !g.prog.types[pc.Type].Wall
	case opAlly:
		return pc != nil && pc.Side == g.side && !g.prog.types[pc.Type].Wall
	case opPiece:
		return pc != nil
	case opUnmoved:
		return pc != nil && pc.Unmoved
	case opNotOrigin:
		return sq != g.origin
	case opNotFirst:
		return g.iter > 0
	case opSafe:
		return g.mode != modeMoves || g.b.safe(sq, g.side, g.mover)
	case opOutflanks:
		return g.b.outflanked(sq, g.side, nil)
	case opNotVisited:
		for _, v := range g.visited {
			if v == sq {
				return false
			}
		}
		return true
	case opIs:
		return pc != nil && int(pc.Type) == o.typ
	case opHas:
		return pc != nil && g.prog.types[pc.Type].Attrs[o.attr]
	case opPos:
		return g.prog.posHolds(o, g.side, int(sq))
	}
	g.envSq = sq
	a, b := o.a.Eval(g), o.b.Eval(g)
	switch o.kind {
	case opMcmp:
		return a == b
	case opMless:
		return a < b
	}
	return a != b // opMdiff
}

// readBy reports what testing condition o at sq reads.
func (g *gen) readBy(o *op, sq board.Square) {
	switch o.kind {
	case opOnFile: // the whole file
		x, _ := g.b.pos.XY(sq)
		for y := range g.prog.Height {
			g.read(int(g.b.pos.Sq(x, y)))
		}
	case opNotOrigin, opNotFirst, opNotVisited, opPos, opMcmp, opMless, opMdiff, opHeld, opHeldBy:
		// nothing of the board, or memory read through Bank
	case opSafe, opHarmless:
		g.read(g.b.keys.any()) // safe and harmless place a stand-in and ask every line of one side
	case opOutflanks:
		g.read(g.b.keys.any()) // the lines from the square, to the board's edges
	case opCount: // a piece anywhere on the board
		g.read(g.b.keys.any())
	default:
		g.read(int(sq))
	}
}

// Bank, Cursor and Ply make the generator the memory environment of the
// square in envSq.
func (g *gen) Bank(k memory.Kind) memory.Bank {
	switch k {
	case memory.Local:
		return g.local
	case memory.Piece:
		g.read(int(g.envSq))
		g.read(g.b.keys.pieceMem(g.envSq))
		if id := g.pos.At(g.envSq); id >= 0 {
			if g.envSq == g.heldAt {
				id = g.mover // as pieceSeen
			}
			return g.pos.Pieces[id].Mem
		}
		return nil
	case memory.Tile:
		g.read(g.b.keys.tile(g.envSq))
		return g.pos.Tile(g.envSq)
	}
	g.read(g.b.keys.global())
	return g.pos.Global
}

func (g *gen) Cursor() (int64, int64) {
	x, y := g.pos.XY(g.envSq)
	if g.side == board.Second { // counted as pos counts (posHolds)
		y = g.prog.Height - 1 - y
		if g.prog.rotate {
			x = g.prog.Width - 1 - x
		}
	}
	return int64(x), int64(y)
}

func (g *gen) Ply() int64 {
	g.read(g.b.keys.ply())
	return int64(g.pos.Ply)
}

// saveLocal pushes a copy of the local memory and returns its mark.
func (g *gen) saveLocal() int {
	mark := len(g.lsave)
	g.lsave = append(g.lsave, int64(len(g.local)))
	g.lsave = append(g.lsave, g.local...)
	return mark
}

// restoreLocal sets the local memory back to the copy at mark.
func (g *gen) restoreLocal(mark int) {
	n := int(g.lsave[mark])
	g.local = append(g.local[:0], g.lsave[mark+1:mark+1+n]...)
}

// dropLocal forgets the copies from mark on.
func (g *gen) dropLocal(mark int) { g.lsave = g.lsave[:mark] }

// kernel generates a line's moves without walking its tree. The compiler
// chooses one per line (chooseKernel), so how a line is generated is
// decided once, when it is compiled. A kernel emits the same moves, built
// of the line's own normals in the same order, and reports the same reads
// and captures to the generator's observer as the interpreter would.
type kernel interface {
	generate(g *gen, from board.Square)
}

// runLine generates one line from origin: by the line's kernel, or by
// walking its tree.
func (g *gen) runLine(l *Line, origin board.Square) {
	g.line, g.steps = l, 0
	if l.kernel != nil {
		l.kernel.generate(g, origin)
		return
	}
	g.exec(l.nodes, 0, origin, -1)
}

// count reports whether n or more ally pieces of type t (the side
// generating) stand on the board: count's test (sittuyin's promotion
// only without a met, with more than one pawn only on its squares).
func (g *gen) count(t, n int) bool {
	pos := g.b.pos
	for id := range pos.Pieces {
		if pc := &pos.Pieces[id]; pc.OnBoard && pc.Side == g.side && int(pc.Type) == t {
			if n--; n == 0 {
				return true
			}
		}
	}
	return false
}

// onFile reports whether n or more ally pieces of type t (the side
// generating) stand on sq's file: onfile's test (shogi's nifu: not onfile
// pawn; torishogi's swallows: not onfile swallow 2).
func (g *gen) onFile(t, n int, sq board.Square) bool {
	pos := g.b.pos
	x, _ := pos.XY(sq)
	for y := range g.prog.Height {
		if pc := pos.PieceAt(pos.Sq(x, y)); pc != nil && pc.Side == g.side && int(pc.Type) == t {
			if n--; n == 0 {
				return true
			}
		}
	}
	return false
}
