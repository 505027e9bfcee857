package movegen

import "github.com/alfil-go/alfil/board"

// Stage: rules — the attack oracle, the first part of the bitboard tier.
//
// Legality asks, again and again, whether a side could capture on a square
// (a royal piece's, or the one safe tests). Generating the side's lines to
// find out is the interpreter's answer. When every line of a type that can
// capture has a shape the compiler understands — a leaper (one step, then
// conditions of the landing square, then a capture there) or a rider (a
// slide of "step, empty, mov" whose then clause is "enemy, capt, mov") — on
// a board of at most 64 squares, the compiler lowers the type's captures
// to tables, and the question is answered from them and the occupancy
// bitboards, generating nothing. The answer is the interpreter's: the
// conditions are the same tests on the same square, and a type with any
// capturing line of another shape is not lowered, so its pieces are asked
// the interpreter's way (docs/language.md § Royal pieces and legality).

// lowAttacks is a type's capturing lines, lowered.
type lowAttacks struct {
	leapers []lowLeaper
	riders  []lowRider
}

// lowLeaper is a line of one step whose conditions and capture are all on
// the square it lands on.
type lowLeaper struct {
	n     *normal
	capt  int  // the index of the capt op, whose placed square is the target
	conds []op // the conditions, tested on the target
}

// lowRider is a slide of "step, empty, mov" with the then clause "enemy,
// capt, mov" (and maybe more actions): it captures the first piece on its
// ray when that piece is an enemy.
type lowRider struct {
	rays  [2][]uint64 // per side and square, the ray's squares
	conds []op        // the then clause's conditions, tested on the target
}

// lowerAttacks returns the type's capturing lines lowered, or nil when a
// line that can capture has no lowered shape or the board is too large for
// 64-bit occupancy.
func lowerAttacks(p *Program, t *PieceType) *lowAttacks {
	if p.Width*p.Height > 64 {
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
		return nil
	}
	return a
}

// lowerLeaper recognises a line that is one normal: a step, then only
// conditions of the landing square (enemy, piece, is, pos) and actions
// there, one of them a capt.
func lowerLeaper(l *Line) (lowLeaper, bool) {
	if len(l.nodes) != 1 {
		return lowLeaper{}, false
	}
	n, ok := l.nodes[0].(*normal)
	if !ok || n.marks || len(n.ops) < 2 || n.ops[0].kind != opStep || n.ops[0].dirs == "" {
		return lowLeaper{}, false
	}
	lp := lowLeaper{n: n, capt: -1}
	for i := 1; i < len(n.ops); i++ {
		o := n.ops[i]
		switch {
		case o.kind == opCapt && lp.capt < 0:
			lp.capt = i
		case o.kind == opEnemy, o.kind == opPiece, o.kind == opIs, o.kind == opPos:
			lp.conds = append(lp.conds, o)
		case o.kind == opMov, o.kind == opPromote, o.kind == opWin, o.kind == opLose, o.kind == opDraw:
		default:
			return lowLeaper{}, false
		}
	}
	return lp, lp.capt > 0
}

// lowerRider recognises a rider line: one final slide without cycle or out
// clause whose body is "step, empty, mov" and whose then clause is one
// normal of conditions of the square it stops at (enemy, piece, is, pos)
// and actions there, one of them a capt.
func lowerRider(p *Program, l *Line) (lowRider, bool) {
	if len(l.nodes) != 1 {
		return lowRider{}, false
	}
	s, ok := l.nodes[0].(*slideNode)
	if !ok || !s.final || len(s.cycle) > 0 || s.hasOut || !s.hasThen || len(s.body) != 1 || len(s.then) != 1 {
		return lowRider{}, false
	}
	body, ok := s.body[0].(*normal)
	if !ok || !hasOps(body, opStep, opEmpty, opMov) || body.ops[0].dirs == "" {
		return lowRider{}, false
	}
	then, ok := s.then[0].(*normal)
	if !ok || then.marks {
		return lowRider{}, false
	}
	var r lowRider
	capt := false
	for _, o := range then.ops {
		switch {
		case o.kind == opCapt:
			capt = true
		case o.kind == opEnemy, o.kind == opPiece, o.kind == opIs, o.kind == opPos:
			r.conds = append(r.conds, o)
		case o.kind == opMov, o.kind == opPromote, o.kind == opWin, o.kind == opLose, o.kind == opDraw:
		default:
			return lowRider{}, false
		}
	}
	if !capt {
		return lowRider{}, false
	}
	n := p.Width * p.Height
	for side := board.First; side <= board.Second; side++ {
		r.rays[side] = make([]uint64, n)
		for from := 0; from < n; from++ {
			// the squares the body steps to, until it leaves the board or
			// comes back (a step word that returns would loop for ever)
			for sq := body.end[side][from]; sq >= 0 && r.rays[side][from]&(1<<sq) == 0 && int(sq) != from; sq = body.end[side][sq] {
				r.rays[side][from] |= 1 << sq
			}
		}
	}
	return r, true
}

// lowCapturable answers capturable from the lowered tables: whether a
// pseudo-legal move of side by captures on sq. ok is false when some
// piece of by on the board is of a type that is not lowered: then the
// interpreter must answer.
func (b *Board) lowCapturable(sq board.Square, by board.Side) (hit, ok bool) {
	if !b.prog.lowered {
		return false, false
	}
	pos := b.pos
	if pc := pos.PieceAt(sq); pc != nil && pc.Side == by && b.prog.types[pc.Type].Royal {
		return false, true // a move that takes its own royal piece threatens nothing
	}
	occ := pos.Occupied[0] | pos.Occupied[1]
	for id := range pos.Pieces {
		pc := &pos.Pieces[id]
		if !pc.OnBoard || pc.Side != by {
			continue
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
			if board.Square(lp.n.at(by, int(pc.Square))[lp.capt]) == sq && b.lowHolds(lp.conds, sq, by) {
				return true, true
			}
		}
		for i := range a.riders {
			r := &a.riders[i]
			ray := r.rays[by][pc.Square]
			if ray&(1<<sq) == 0 {
				continue
			}
			// the squares of the ray before sq must be empty: the ray from
			// sq onwards is not among them
			before := ray &^ r.rays[by][sq] &^ (1 << sq)
			if before&occ == 0 && b.lowHolds(r.conds, sq, by) {
				return true, true
			}
		}
	}
	return false, true
}

// lowHolds tests the conditions of a lowered line on its target square sq
// as gen.test does for a generation of side by.
func (b *Board) lowHolds(conds []op, sq board.Square, by board.Side) bool {
	pos := b.pos
	for i := range conds {
		o := &conds[i]
		var pc *board.Piece
		if id := pos.At(sq); id >= 0 {
			pc = &pos.Pieces[id]
			if b.prog.types[pc.Type].Ghost && o.kind != opIs {
				pc = nil // ghosts are empty to everything but is
			}
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
			x, y := pos.XY(sq)
			if by == board.Second {
				y = b.prog.Height - 1 - y
			}
			holds = (o.x < 0 || o.x == x) && (o.y < 0 || o.y == y)
		}
		if holds == o.not {
			return false
		}
	}
	return true
}
