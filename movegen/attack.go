package movegen

import (
	"slices"

	"github.com/alfil-go/alfil/board"
)

// Stage: rules — the attack oracle, the first part of the bitboard tier.
//
// Legality asks, again and again, whether a side could capture on a square
// (a royal piece's, or the one safe tests). Generating the side's lines to
// find out is the interpreter's answer. When every line of a type that can
// capture has a shape the compiler understands — a leaper (one step, then
// conditions of the landing square, then a capture there), a rider (a
// slide of "step, empty, mov" whose then clause is "enemy, capt, mov") or
// a hopper (a slide of "step, empty" whose then clause hops the first
// piece and captures beyond it, as the grasshopper does) — on
// a board of at most 128 squares, the compiler lowers the type's captures
// to tables, and the question is answered from them and the occupancy
// bitboards, generating nothing. The answer is the interpreter's: the
// conditions are the same tests on the same square, and a type with any
// capturing line of another shape is not lowered, so its pieces are asked
// the interpreter's way (docs/language.md § Royal pieces and legality).

// lowAttacks is a type's capturing lines, lowered.
type lowAttacks struct {
	leapers []lowLeaper
	riders  []lowRider
	hoppers []lowHopper
}

// lowHopper is a grasshopper-like line: a final slide whose body is "step,
// empty" (no move of its own) and whose then clause, at the first piece
// on the ray, is "piece, step, conditions of the landing square, capt":
// it captures just beyond the first piece in its way.
type lowHopper struct {
	body  *normal
	then  *normal
	capt  int  // the index of the then clause's capt op
	conds []op // the conditions of the landing square
}

// lowLeaper is a line of one step whose conditions and capture are all on
// the square it lands on; the conditions may include an opt whose
// branches are conditions only (king of the hill's "on one of the four
// centre squares"), of which one must hold.
type lowLeaper struct {
	step  *normal // the first normal, whose step lands on the target
	conds []op    // the conditions, tested on the target
	anyOf [][]op  // the opt's branches: one must hold (none: no opt)
}

// lowRider is a slide of "step, empty, mov" with the then clause "enemy,
// capt, mov" (and maybe more actions): it captures the first piece on its
// ray when that piece is an enemy.
type lowRider struct {
	rays  [2][]wide // per side and square, the ray's squares
	conds []op      // the then clause's conditions, tested on the target
}

// wide is a set of up to 128 squares: square i is bit i%64 of word i/64,
// as in board.Position.Wide.
type wide [2]uint64

func (w wide) has(sq board.Square) bool { return w[sq>>6]&(1<<(sq&63)) != 0 }
func (w *wide) set(sq board.Square)     { w[sq>>6] |= 1 << (sq & 63) }
func (w *wide) clear(sq board.Square)   { w[sq>>6] &^= 1 << (sq & 63) }

// before returns the squares of w that are not in x nor sq: for a ray w
// through sq and the same ray x from sq on, the squares before sq.
func (w wide) before(x wide, sq board.Square) wide {
	r := wide{w[0] &^ x[0], w[1] &^ x[1]}
	r.clear(sq)
	return r
}

func (w wide) meets(x wide) bool { return w[0]&x[0] != 0 || w[1]&x[1] != 0 }

// lowerAttacks returns the type's capturing lines lowered, or nil when a
// line that can capture has no lowered shape or the board is too large for
// the two-word occupancy.
func lowerAttacks(p *Program, t *PieceType) *lowAttacks {
	if p.Width*p.Height > 128 {
		return nil
	}
	a := &lowAttacks{}
	for _, l := range t.Lines {
		if !l.capt {
			continue // moves that capture nothing threaten nothing
		}
		if lp, ok := lowerLeaper(l); ok {
			a.leapers = append(a.leapers, lp)
			continue
		}
		if r, ok := lowerRider(p, l); ok {
			a.riders = append(a.riders, r)
			continue
		}
		if h, ok := lowerHopper(l); ok {
			a.hoppers = append(a.hoppers, h)
			continue
		}
		return nil
	}
	return a
}

// lowerLeaper recognises a leaper line: a normal that is a step and then
// only conditions of the landing square (enemy, piece, is, pos) and actions
// there, maybe followed by an opt whose branches are such conditions
// alone and by a normal of such conditions and actions, without further
// steps; one of the actions a capt.
func lowerLeaper(l *Line) (lowLeaper, bool) {
	if len(l.nodes) == 0 || len(l.nodes) > 3 {
		return lowLeaper{}, false
	}
	n, ok := l.nodes[0].(*normal)
	if !ok || n.marks || len(n.ops) < 1 || n.ops[0].kind != opStep || n.ops[0].dirs == "" {
		return lowLeaper{}, false
	}
	ops := n.ops[1:]
	lp := lowLeaper{step: n}
	rest := l.nodes[1:]
	if len(rest) > 0 {
		if o, ok := rest[0].(*optNode); ok {
			for _, br := range o.branches {
				c, ok := onlyConditions(br)
				if !ok {
					return lowLeaper{}, false
				}
				lp.anyOf = append(lp.anyOf, c)
			}
			rest = rest[1:]
		}
	}
	if len(rest) == 1 {
		last, ok := rest[0].(*normal)
		if !ok || last.marks {
			return lowLeaper{}, false
		}
		ops = append(append([]op(nil), ops...), last.ops...)
	} else if len(rest) > 1 {
		return lowLeaper{}, false
	}
	_, conds, ok := targetOps(ops, 0)
	lp.conds = conds
	return lp, ok
}

// onlyConditions returns the conditions of a branch that is one normal of
// target-square conditions and nothing else.
func onlyConditions(br []node) ([]op, bool) {
	if len(br) != 1 {
		return nil, false
	}
	n, ok := br[0].(*normal)
	if !ok || n.marks || len(n.ops) == 0 {
		return nil, false
	}
	for _, o := range n.ops {
		switch o.kind {
		case opEnemy, opPiece, opIs, opPos:
		default:
			return nil, false
		}
	}
	return n.ops, true
}

// targetOps reads ops[from:], the ops of a lowered line on its target
// square: conditions of that square (enemy, piece, is, pos), kept in
// conds, and actions there, one of them a capt, whose index it returns.
// ok is false for anything else.
func targetOps(ops []op, from int) (capt int, conds []op, ok bool) {
	capt = -1
	for i := from; i < len(ops); i++ {
		o := ops[i]
		switch {
		case o.kind == opCapt && capt < 0:
			capt = i
		case o.kind == opEnemy, o.kind == opPiece, o.kind == opIs, o.kind == opPos:
			conds = append(conds, o)
		case o.kind == opMov, o.kind == opPromote, o.kind == opWin, o.kind == opLose, o.kind == opDraw:
		default:
			return -1, nil, false
		}
	}
	return capt, conds, capt >= 0
}

// lowerRider recognises a rider line: one final slide without cycle or out
// clause whose body is "step, empty, mov" and whose then clause is one
// normal of conditions of the square it stops at (enemy, piece, is, pos)
// and actions there, one of them a capt.
func lowerRider(p *Program, l *Line) (lowRider, bool) {
	s, body, then, ok := oneSlide(l)
	if !ok || !s.hasThen || then == nil || then.marks || !hasOps(body, opStep, opEmpty, opMov) {
		return lowRider{}, false
	}
	var r lowRider
	if _, conds, ok := targetOps(then.ops, 0); ok {
		r.conds = conds
	} else {
		return lowRider{}, false
	}
	n := p.Width * p.Height
	for side := board.First; side <= board.Second; side++ {
		r.rays[side] = make([]wide, n)
		for from := 0; from < n; from++ {
			// the squares the body steps to, until it leaves the board or
			// comes back (a step word that returns would loop for ever)
			ray := &r.rays[side][from]
			sq := board.Square(body.end[side][from])
			for ; sq >= 0 && !ray.has(sq) && int(sq) != from; sq = board.Square(body.end[side][sq]) {
				ray.set(sq)
			}
			if int(sq) == from {
				// a step word that comes back to the rider's square: the
				// slide stops there, on the rider itself, and its then
				// clause runs on it — not a ray's capture
				return lowRider{}, false
			}
		}
	}
	return r, true
}

// lowerHopper recognises a hopper line: one final slide without cycle or
// out clause whose body is "step, empty" and whose then clause is one
// normal: piece (the hurdle), a step, then conditions of the landing
// square (enemy, piece, is, pos) and actions there, one of them a capt.
func lowerHopper(l *Line) (lowHopper, bool) {
	s, body, then, ok := oneSlide(l)
	if !ok || !s.hasThen || then == nil || then.marks || !hasOps(body, opStep, opEmpty) ||
		len(then.ops) < 3 || then.ops[0].kind != opPiece || then.ops[0].not ||
		then.ops[1].kind != opStep || then.ops[1].dirs == "" {
		return lowHopper{}, false
	}
	capt, conds, ok := targetOps(then.ops, 2)
	return lowHopper{body: body, then: then, capt: capt, conds: conds}, ok
}

// hurdle returns the first occupied square on the hopper's ray from from,
// or -1.
func (h *lowHopper) hurdle(by board.Side, from board.Square, occ wide) board.Square {
	end := h.body.end[by]
	for sq, n := board.Square(end[from]), 0; sq >= 0 && n < len(end); sq, n = board.Square(end[sq]), n+1 {
		if occ.has(sq) {
			return sq
		}
	}
	return -1
}

// lowCapturable answers capturable from the lowered tables: whether a
// pseudo-legal move of side by captures on sq. ok is false when some
// piece of by on the board is of a type that is not lowered: then the
// interpreter must answer.
func (b *Board) lowCapturable(sq board.Square, by board.Side) (hit, ok bool) {
	if !b.prog.lowered {
		return false, false
	}
	return b.lowCaptures(sq, by, b.occupied(), b.pos.PieceAt(sq), nil)
}

// occupied returns the squares with a piece that is not a ghost.
func (b *Board) occupied() wide {
	w := &b.pos.Wide
	return wide{w[0][0] | w[1][0], w[0][1] | w[1][1]}
}

// lowCaptures answers lowCapturable for a position that may differ from
// the board's in three ways a move without side effects makes: the
// occupancy occ, the piece standing on sq (occupant, nil for none), and
// the pieces taken off the board (gone), which capture nothing.
func (b *Board) lowCaptures(sq board.Square, by board.Side, occ wide, occupant *board.Piece, gone []int32) (hit, ok bool) {
	pos := b.pos
	if occupant != nil && occupant.Side == by && b.prog.types[occupant.Type].Royal {
		return false, true // a move that takes its own royal piece threatens nothing
	}
pieces:
	for id := range pos.Pieces {
		pc := &pos.Pieces[id]
		if !pc.OnBoard || pc.Side != by {
			continue
		}
		for _, g := range gone {
			if g == int32(id) {
				continue pieces
			}
		}
		t := b.prog.types[pc.Type]
		a := t.attacks
		if a == nil {
			return false, false
		}
		if t.reach[by] != nil && !t.reach[by][pc.Square].has(int(sq)) {
			continue
		}
		for i := range a.leapers {
			lp := &a.leapers[i]
			if board.Square(lp.step.end[by][pc.Square]) == sq && b.lowHolds(lp.conds, sq, by, occupant) && b.anyHolds(lp.anyOf, sq, by, occupant) {
				return true, true
			}
		}
		for i := range a.riders {
			r := &a.riders[i]
			ray := r.rays[by][pc.Square]
			if !ray.has(sq) || !occ.has(sq) { // the then clause runs where the ray meets a piece
				continue
			}
			// the squares of the ray before sq must be empty: the ray from
			// sq onwards is not among them
			if !ray.before(r.rays[by][sq], sq).meets(occ) && b.lowHolds(r.conds, sq, by, occupant) {
				return true, true
			}
		}
		for i := range a.hoppers {
			h := &a.hoppers[i]
			if hurdle := h.hurdle(by, pc.Square, occ); hurdle >= 0 &&
				board.Square(h.then.at(by, int(hurdle))[h.capt]) == sq && b.lowHolds(h.conds, sq, by, occupant) {
				return true, true
			}
		}
	}
	return false, true
}

// lowHolds tests the conditions of a lowered line on its target square sq,
// where occupant stands, as gen.test does for a generation of side by.
func (b *Board) lowHolds(conds []op, sq board.Square, by board.Side, occupant *board.Piece) bool {
	for i := range conds {
		o := &conds[i]
		pc := occupant
		if pc != nil && b.prog.types[pc.Type].Ghost && o.kind != opIs {
			pc = nil // ghosts are empty to everything but is
		}
		var holds bool
		switch o.kind {
		case opEnemy:
			holds = pc != nil && pc.Side != by
		case opPiece:
			holds = pc != nil
		case opIs:
			holds = pc != nil && int(pc.Type) == o.typ
		case opPos:
			holds = b.prog.posHolds(o, by, int(sq))
		}
		if holds == o.not {
			return false
		}
	}
	return true
}

// anyHolds reports whether one of the groups of conditions holds on sq
// (true when there are none).
func (b *Board) anyHolds(groups [][]op, sq board.Square, by board.Side, occupant *board.Piece) bool {
	for _, g := range groups {
		if b.lowHolds(g, sq, by, occupant) {
			return true
		}
	}
	return len(groups) == 0
}

// lowLegal judges the legality of move m of side without playing it, when
// the tables can: every type is lowered, the move only moves its piece,
// captures pieces without onDeath hooks, promotes its piece and spawns
// ghosts, which no table sees; no royal
// piece is taken or made, and the every hooks due at the end of the ply
// at most delete ghosts (b.ghostsLeaveOnly, which the caller computed
// once). Then the move is legal when no royal piece of side can be
// captured in the position it leaves: the tables read with the occupancy
// it leaves and without the pieces it takes. known is false otherwise:
// play it to know.
func (b *Board) lowLegal(m Move, side board.Side) (legal, known bool) {
	e := lowEffect{b: b, mover: m.Piece, gone: b.gone[:0]}
	defer func() { b.gone = e.gone[:0] }()
	if !e.of(m, side) {
		return false, false
	}
	pos := b.pos
	for id := range pos.Pieces {
		pc := &pos.Pieces[id]
		if !pc.OnBoard || pc.Side != side || !b.prog.types[pc.Type].Royal {
			continue
		}
		sq := pc.Square
		if int32(id) == m.Piece {
			sq = e.at
		}
		hit, ok := b.lowCaptures(sq, side.Other(), e.occ, pc, e.gone)
		if !ok {
			return false, false
		}
		if hit {
			return false, true
		}
	}
	return true, true
}

// lowEffect is what a move the tables can judge leaves: where its piece
// ends, the occupancy, and the pieces it takes off the board.
type lowEffect struct {
	b     *Board
	mover int32
	at    board.Square
	occ   wide
	gone  []int32
}

// of works out the effect of move m of side, reporting false when the
// move does something the tables cannot follow (see lowLegal).
func (e *lowEffect) of(m Move, side board.Side) bool {
	pos, prog := e.b.pos, e.b.prog
	mover := &pos.Pieces[m.Piece]
	if !mover.OnBoard {
		return false
	}
	e.at, e.occ = mover.Square, e.b.occupied()
	for _, r := range m.refs {
		n := r.n
		if n.marks {
			return false
		}
		placed := n.at(side, int(r.at))
		for i := range n.ops {
			o := &n.ops[i]
			sq := board.Square(placed[i])
			if !o.kind.isAction() || sq < 0 {
				continue
			}
			ok := true
			switch o.kind {
			case opMov:
				if sq != e.at {
					ok = e.take(sq, false)
					e.occ.clear(e.at)
					e.occ.set(sq)
					e.at = sq
				}
			case opCapt:
				ok = sq != e.at && e.take(sq, true)
			case opPromote:
				ok = sq == e.at && !prog.types[o.typ].Royal && !prog.types[mover.Type].Royal
			case opSpawn:
				// a ghost (the en-passant square a double step leaves) is
				// invisible to every table: only what it replaces matters
				ok = prog.types[o.typ].Ghost && sq != e.at && e.take(sq, false)
			case opMark, opPass:
			default:
				ok = false
			}
			if !ok {
				return false
			}
		}
	}
	return true
}

// take removes the piece on sq, if any, the mover aside: false when that
// is not a plain removal (a royal piece, or a capture that runs onDeath
// hooks).
func (e *lowEffect) take(sq board.Square, captured bool) bool {
	pos := e.b.pos
	id := pos.At(sq)
	if id < 0 || id == e.mover || slices.Contains(e.gone, id) {
		return id != e.mover
	}
	t := e.b.prog.types[pos.Pieces[id].Type]
	if t.Royal || captured && len(t.OnDeath) > 0 {
		return false
	}
	e.gone = append(e.gone, id)
	e.occ.clear(sq)
	return true
}

// ghostsLeaveOnly reports whether the every hooks due at the end of this
// ply, if any, only delete ghosts, which no lowered table sees.
func (b *Board) ghostsLeaveOnly() bool {
	return b.allDueHooks(func(pc *board.Piece, h Hook) bool {
		return h.deletes && b.prog.types[pc.Type].Ghost
	})
}
