package movegen

import (
	"math/bits"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/magic"
)

// The fast path. The compiler gives a kernel to every line that is one
// step and conditions of the square it lands on (a leaper, below), on any
// board. On an 8x8 board it also recognises a move line that
// is a classic rider — one slide in one orthogonal or diagonal direction
// whose body is "step, empty, mov" and whose then clause, if any, is
// "enemy, capt, mov" (the rook, bishop and queen of chess.alf, written
// slide {w,a,s,d} mover then captura) — and generates it from a magic
// bitboard lookup on the position's occupancy instead of interpreting the
// slide square by square. It produces the same moves, with the same normals
// in the same order, and records the same reads (the squares up to and
// including the blocker), so both modes and every hook see no difference.
// Compile with Interpreted() to turn it off.

// rider is a line the fast path generates.
type rider struct {
	body *normal // step, empty, mov
	then *normal // enemy, capt, mov; nil when the slide has no then
	diag bool
	// per side: the ray's squares from each square, and whether the ray
	// runs towards higher square numbers (its nearest square is its
	// lowest bit)
	rays [2][64]magic.Bitboard
	up   [2]bool
}

// chooseKernel returns the kernel that generates line l, or nil for a line
// the interpreter walks: the rider lookup for a classic rider on 8x8,
// unless the program is compiled Interpreted.
func (c *compiler) chooseKernel(l *Line) kernel {
	if c.opts.interpreted || c.prog.walls || c.prog.proxies || c.prog.hides() {
		// the kernels read the sides' bitboards, where a wall is a
		// piece of its side (docs/language.md § Two-part turns) and an
		// invisible piece one of both sides' lines; they know no
		// fields, and take a mover's square as its own, not a stack's
		return nil
	}
	// the magic lookup knows the 8x8 board's rays, without holes
	if r := recogniseRider(l, c.prog.Width, c.prog.Height); r != nil && c.prog.holes == nil {
		return r
	}
	if w := recogniseWalker(l); w != nil && c.prog.Width*c.prog.Height <= maxWalkerSquares {
		return w
	}
	if h := recogniseHopper(l); h != nil && c.prog.Width*c.prog.Height <= maxWalkerSquares {
		return h
	}
	if lp := recogniseLeaper(l); lp != nil {
		return lp
	}
	if ml := recogniseMultiLeaper(l, c.prog.types); ml != nil {
		ml.words = newFloodWords(ml, c.prog.Width*c.prog.Height)
		return ml
	}
	return nil
}

// plain reports whether a normal is steps, conditions and actions only —
// no generation-time effects (memory, remember, break), no safe or
// visited test, not an in … do — so that testing it needs nothing but
// the board (plainTest).
func plain(n *normal) bool {
	if n.marks {
		return false
	}
	for _, o := range n.ops {
		switch k := o.kind; {
		case k == opStep, k.isAction():
		case k == opEmpty, k == opEnemy, k == opAlly, k == opPiece, k == opUnmoved, k == opIs, k == opHas, k == opPos:
		default:
			return false
		}
	}
	return true
}

// plainTest tests a plain normal placed at square at as gen.normal does:
// each condition on its op's square, failing at the first step off the
// board or the first condition that does not hold.
func (g *gen) plainTest(n *normal, at board.Square) bool {
	placed := n.at(g.side, int(at))
	for j := range n.ops {
		o := &n.ops[j]
		sq := board.Square(placed[j])
		if sq < 0 {
			return false
		}
		if o.kind.isCondition() && g.test(o, sq) == o.not {
			return false
		}
	}
	return true
}

// hopper is a grasshopper's line: a final slide of "step, empty" (no move
// of its own) whose then clause, on the first piece in the way, is a plain
// normal — typically "piece, step, then a quiet move or a capture beyond
// it". Its kernel walks to the hurdle with the interpreter's tests and
// runs the then clause there, on boards up to 128 squares.
type hopper struct {
	body *normal // step, empty
	then *normal
}

// recogniseHopper returns the hopper a line is, or nil.
func recogniseHopper(l *Line) *hopper {
	s, body, then, ok := oneSlide(l)
	if !ok || !s.hasThen || then == nil || !hasOps(body, opStep, opEmpty) || !plain(then) {
		return nil
	}
	return &hopper{body: body, then: then}
}

// generate walks to the hurdle and runs the then clause there.
func (h *hopper) generate(g *gen, from board.Square) {
	limit := g.b.iterCap()
	cur := from
	for iter := 0; ; iter++ {
		if iter >= limit {
			g.exceeded("iterations of one slide", limit)
			return
		}
		sq := board.Square(h.body.end[g.side][cur])
		if sq < 0 {
			return
		}
		if !g.test(&h.body.ops[1], sq) { // the hurdle
			if g.plainTest(h.then, sq) && h.then.actions {
				g.path = append(g.path, ref{h.then, sq})
				g.emit()
				g.path = g.path[:len(g.path)-1]
			}
			return
		}
		cur = sq
	}
}

// maxWalkerSquares is the largest board whose riders the walker kernel
// takes. On larger boards the incremental mode regenerates a slide from
// the first iteration a change touched (resumable), which pays more there
// than walking without the interpreter.
const maxWalkerSquares = 128

// walker is a rider on any board and along any step word (the
// nightrider's wwa as well as the rook's w): one final slide of "step,
// empty, mov" with an optional then clause "enemy, capt, mov". Its kernel
// walks the ray square by square as the interpreter would — the same
// reads, the same moves in the same order — without the interpreter's
// frames.
type walker struct {
	body *normal // step, empty, mov
	then *normal // enemy, capt, mov; nil when the slide has no then
}

// recogniseWalker returns the walker a line is, or nil.
func recogniseWalker(l *Line) *walker {
	s, body, then, ok := oneSlide(l)
	if !ok || !hasOps(body, opStep, opEmpty, opMov) {
		return nil
	}
	w := &walker{body: body}
	if s.hasThen {
		if then == nil || !hasOps(then, opEnemy, opCapt, opMov) {
			return nil
		}
		w.then = then
	}
	return w
}

// oneSlide returns the slide of a line that is one final slide without
// cycle or out clause, with a body of one normal, and that normal — the
// shape of riders and hoppers — or false. then is the then clause's
// normal when it is one normal (nil otherwise).
func oneSlide(l *Line) (s *slideNode, body, then *normal, ok bool) {
	if len(l.nodes) != 1 {
		return nil, nil, nil, false
	}
	s, ok = l.nodes[0].(*slideNode)
	if !ok || !s.final || len(s.cycle) > 0 || s.hasOut || len(s.body) != 1 {
		return nil, nil, nil, false
	}
	if body, ok = s.body[0].(*normal); !ok || len(body.ops) == 0 || body.ops[0].kind != opStep || body.ops[0].dirs == "" {
		return nil, nil, nil, false
	}
	if len(s.then) == 1 {
		then, _ = s.then[0].(*normal)
	}
	return s, body, then, true
}

// generate walks the ray from square from.
func (w *walker) generate(g *gen, from board.Square) {
	base := len(g.path)
	defer func() { g.path = g.path[:base] }()
	limit := g.b.iterCap()
	cur := from
	for iter := 0; ; iter++ {
		if iter >= limit { // a step word that comes back never ends
			g.exceeded("iterations of one slide", limit)
			return
		}
		sq := board.Square(w.body.end[g.side][cur])
		if sq < 0 {
			return // off the board: the slide ends
		}
		if !g.test(&w.body.ops[1], sq) { // empty, as the interpreter tests it
			if w.then != nil && g.test(&w.then.ops[0], sq) {
				g.path = append(g.path, ref{w.then, sq})
				g.emit()
			}
			return
		}
		g.path = append(g.path, ref{w.body, cur})
		cur = sq
		g.emit()
		if g.stopped() {
			return
		}
	}
}

// leaper is a line that is one normal: a step, then conditions of the
// square it lands on and actions — the king's, the knight's and the
// pawn's lines of chess. Its kernel tests the conditions on the landing
// square with the interpreter's own test (so it reads what the
// interpreter reads) and emits the move, without the frames and the
// per-op walk of the interpreter. It works on any board.
type leaper struct{ n *normal }

// recogniseLeaper returns the leaper a line is, or nil: one plain normal
// (see plain) with a single step, first, so that every other op stands on
// the landing square.
func recogniseLeaper(l *Line) *leaper {
	if len(l.nodes) != 1 {
		return nil
	}
	n, ok := l.nodes[0].(*normal)
	if !ok || !plain(n) || len(n.ops) < 2 || n.ops[0].kind != opStep || n.ops[0].dirs == "" {
		return nil
	}
	for _, o := range n.ops[1:] {
		if o.kind == opStep {
			return nil
		}
	}
	return &leaper{n: n}
}

// generate runs the line from square from: what exec and normal do for
// a one-normal line, the same steps counted against the budgets.
func (k *leaper) generate(g *gen, from board.Square) {
	n := k.n
	placed := n.at(g.side, int(from))
	to := board.Square(placed[0])
	if to < 0 {
		return
	}
	b := g.b
	// the interpreter's two steps: the normal, and the end of the line
	g.steps += 2
	b.steps += 2
	if g.steps > b.budgets.LineSteps || b.steps > b.budgets.PositionSteps {
		g.overBudget()
		return
	}
	// every condition stands on the landing square (plainTest, unrolled
	// for the one square: this runs for most lines of most pieces)
	for j := 1; j < len(n.ops); j++ {
		if o := &n.ops[j]; o.kind.isCondition() && g.test(o, to) == o.not {
			return
		}
	}
	if !n.actions {
		return // nothing to play: no move
	}
	g.path = append(g.path, ref{n, from})
	g.emit()
	g.path = g.path[:len(g.path)-1]
}

// recogniseRider returns the rider a line is, or nil: a walker's shape,
// on 8x8, along an orthogonal or diagonal step.
func recogniseRider(l *Line, width, height int) *rider {
	w := recogniseWalker(l)
	if width != 8 || height != 8 || w == nil {
		return nil
	}
	body := w.body
	r := &rider{body: body, then: w.then}
	for side := board.First; side <= board.Second; side++ {
		// the direction, from the body's placement on d4
		const d4 = 27
		to := int(body.end[side][d4])
		if to < 0 {
			return nil
		}
		dx, dy := to%8-d4%8, to/8-d4/8
		if dx < -1 || dx > 1 || dy < -1 || dy > 1 || dx == 0 && dy == 0 {
			return nil
		}
		r.diag = dx != 0 && dy != 0
		r.up[side] = dy > 0 || dy == 0 && dx > 0
		for sq := 0; sq < 64; sq++ {
			// the step must take every square one (dx, dy) on, and fail
			// where that leaves the board: a word whose letters wander
			// off the board and back (adw on the a-file) fails there,
			// which the lookup would not
			want := -1
			if x, y := sq%8+dx, sq/8+dy; x >= 0 && x < 8 && y >= 0 && y < 8 {
				want = y*8 + x
			}
			if int(body.end[side][sq]) != want {
				return nil
			}
			for x, y := sq%8+dx, sq/8+dy; x >= 0 && x < 8 && y >= 0 && y < 8; x, y = x+dx, y+dy {
				r.rays[side][sq] |= 1 << (y*8 + x)
			}
		}
	}
	return r
}

// hasOps reports whether n is exactly the ops kinds, none negated, in
// that order.
func hasOps(n *normal, kinds ...opKind) bool {
	if len(n.ops) != len(kinds) || n.marks {
		return false
	}
	for i, k := range kinds {
		if n.ops[i].kind != k || n.ops[i].not {
			return false
		}
	}
	return true
}

// rider generates a rider line: one lookup gives the squares the ray
// reaches, the quiet ones are moves nearest first, and the blocker, when
// it is an enemy and the line has a then clause, is the last move.
func (r *rider) generate(g *gen, from board.Square) {
	occ := magic.Bitboard(g.pos.Occupied[0] | g.pos.Occupied[1])
	ray := r.rays[g.side][from]
	var reach magic.Bitboard
	if r.diag {
		reach = magic.BishopAttacks(magic.Square(from), occ) & ray
	} else {
		reach = magic.RookAttacks(magic.Square(from), occ) & ray
	}
	base := len(g.path)
	defer func() { g.path = g.path[:base] }()
	quiet := reach &^ occ
	cur := from
	for quiet != 0 {
		var sq board.Square
		if r.up[g.side] {
			sq = board.Square(bits.TrailingZeros64(uint64(quiet)))
		} else {
			sq = board.Square(63 - bits.LeadingZeros64(uint64(quiet)))
		}
		quiet &^= 1 << sq
		g.read(int(sq))
		g.path = append(g.path, ref{r.body, cur})
		cur = sq
		g.emit()
		if g.stopped() {
			return
		}
	}
	if blocker := reach & occ; blocker != 0 {
		sq := board.Square(bits.TrailingZeros64(uint64(blocker))) // the ray holds one blocker
		g.read(int(sq))
		if r.then != nil && g.pos.Occupied[g.side.Other()]&(1<<sq) != 0 {
			g.path = append(g.path, ref{r.then, sq})
			g.emit()
		}
	}
}
