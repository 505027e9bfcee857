package tier

import (
	"math/bits"

	"github.com/alfil-go/alfil/board"
)

// Stage: generation. Plain moves come from the tables and the rays as
// bitboards, one per piece, so that two lines reaching one square make one
// move, as the interpreter merges moves of the same effect; scripts are
// tested condition by condition.

// Pseudo fills list with the side to move's pseudo-legal moves: moves that
// may leave a royal piece capturable. A finished game has none.
func (p *Position) Pseudo(list *MoveList) {
	list.Moves = list.Moves[:0]
	if p.result != board.Ongoing {
		return
	}
	us := p.toMove
	for t := range p.r.ntypes {
		for b := p.types[t] & p.side[us]; b != 0; b &= b - 1 {
			p.pieceMoves(list, t, us, bits.TrailingZeros64(b))
		}
	}
}

// pieceMoves appends the moves of the piece of type t and side us on sq.
func (p *Position) pieceMoves(list *MoveList, t int, us board.Side, sq int) {
	r := p.r
	occ := p.occupied()
	empty, enemy := ^occ, p.side[us.Other()]
	i := r.table(t, us, sq)
	quiet := r.quiet[i] & empty
	capt := r.capt[i] & enemy
	for _, td := range r.typeDirs[t][us] {
		d := &r.dirs[us][td.dir]
		att := d.ray[sq]
		if blockers := att & occ; blockers != 0 {
			att &^= d.ray[first(blockers, d.up)]
		}
		quiet |= att & empty
		if td.capture {
			capt |= att & enemy
		}
	}
	for _, id := range r.condPlain[t] {
		l := &r.scripts[id]
		if l.promo >= 0 || l.at[us] == nil || l.needsGhost && p.ghosts == 0 {
			continue
		}
		if sc := l.at[us][sq]; sc != nil && p.holds(sc, us) {
			if l.capture {
				capt |= 1 << sc.Acts[0].Sq
			} else {
				quiet |= 1 << sc.Acts[0].Sq
			}
		}
	}
	start := len(list.Moves)
	for b := quiet; b != 0; b &= b - 1 {
		list.Moves = append(list.Moves, plainMove(sq, bits.TrailingZeros64(b), -1, false))
	}
	for b := capt; b != 0; b &= b - 1 {
		list.Moves = append(list.Moves, plainMove(sq, bits.TrailingZeros64(b), -1, true))
	}
	if r.promoFrom[i] {
		p.promotions(list, t, us, sq)
	}
	for _, id := range r.special[t] {
		l := &r.scripts[id]
		if l.at[us] == nil || l.needsGhost && p.ghosts == 0 {
			continue
		}
		if sc := l.at[us][sq]; sc != nil && p.holds(sc, us) && !p.sameEffect(list.Moves[start:], l, us, sq) {
			list.Moves = append(list.Moves, scriptMove(sq, int(lastMov(sc, sq)), id))
		}
	}
}

// sameEffect reports whether a move among moves (the same piece's) has the
// effect of script line l's move from sq.
func (p *Position) sameEffect(moves []Move, l *scriptLine, us board.Side, sq int) bool {
	plain, sig := l.asPlain[us][sq], l.sig[us][sq]
	for _, m := range moves {
		if line := m.line(); line < 0 && m == plain || line >= 0 && p.r.scripts[line].sig[us][sq] == sig {
			return true
		}
	}
	return false
}

// promotions appends the promoting moves of a piece: per promotion type,
// the plain ones from the tables and the script lines with plain actions.
func (p *Position) promotions(list *MoveList, t int, us board.Side, sq int) {
	r := p.r
	empty, enemy := ^p.occupied(), p.side[us.Other()]
	for gi := range r.promos[t] {
		g := &r.promos[t][gi]
		j := int(us)*r.n + sq
		quiet, capt := g.quiet[j]&empty, g.capt[j]&enemy
		for _, id := range r.condPlain[t] {
			l := &r.scripts[id]
			if l.promo != g.to || l.at[us] == nil || l.needsGhost && p.ghosts == 0 {
				continue
			}
			if sc := l.at[us][sq]; sc != nil && p.holds(sc, us) {
				if l.capture {
					capt |= 1 << sc.Acts[0].Sq
				} else {
					quiet |= 1 << sc.Acts[0].Sq
				}
			}
		}
		for b := quiet; b != 0; b &= b - 1 {
			list.Moves = append(list.Moves, plainMove(sq, bits.TrailingZeros64(b), g.to, false))
		}
		for b := capt; b != 0; b &= b - 1 {
			list.Moves = append(list.Moves, plainMove(sq, bits.TrailingZeros64(b), g.to, true))
		}
	}
}

// lastMov returns the square a script's last mov goes to (from when none).
func lastMov(sc *Script, from int) board.Square {
	to := board.Square(from)
	for _, a := range sc.Acts {
		if a.Kind == Mov {
			to = a.Sq
		}
	}
	return to
}

// holds tests a script's conditions for a move of side us.
func (p *Position) holds(sc *Script, us board.Side) bool {
	for i := range sc.Conds {
		if p.test(&sc.Conds[i], us) == sc.Conds[i].Not {
			return false
		}
	}
	return true
}

// test tests one condition (not applied by the caller).
func (p *Position) test(c *Cond, us board.Side) bool {
	bit := uint64(1) << c.Sq
	switch c.Kind {
	case Empty:
		return p.occupied()&bit == 0
	case Enemy:
		return p.side[us.Other()]&bit != 0
	case Ally:
		return p.side[us]&bit != 0
	case Piece:
		return p.occupied()&bit != 0
	case Unmoved:
		return p.unmoved&bit != 0 && p.occupied()&bit != 0
	case Is:
		if pc := p.board[c.Sq]; pc != 0 {
			t, _ := decode(pc)
			return c.Types&(1<<t) != 0
		}
		if g := p.ghost[c.Sq]; g != 0 {
			t, _ := decode(g)
			return c.Types&(1<<t) != 0
		}
		return false
	case Safe:
		return !p.attacked(int(c.Sq), us.Other(), p.occupied(), p.side[us.Other()])
	}
	return false
}

// attacked reports whether side by could capture on sq with the
// occupancy occ, its own pieces being those of mine (a move being judged
// may have taken some).
func (p *Position) attacked(sq int, by board.Side, occ, mine uint64) bool {
	r := p.r
	for _, t := range r.capTypes[by] {
		if r.revCapt[r.table(t, by, sq)]&p.types[t]&mine != 0 {
			return true
		}
	}
	for _, cd := range r.capDirs[by] {
		d := &r.dirs[by][cd.dir]
		blockers := d.rev[sq] & occ
		if blockers == 0 {
			continue
		}
		b := first(blockers, d.revUp)
		if mine&(1<<b) == 0 {
			continue
		}
		t, _ := decode(p.board[b])
		for _, ct := range cd.types {
			if ct == t {
				return true
			}
		}
	}
	if r.hasOdd[by] && !(r.oddFree[by] && p.ghosts&(1<<sq) == 0) {
		for _, o := range r.odd[by][sq] {
			if c := p.board[o.from]; c == code(o.typ, by) && mine&(1<<o.from) != 0 && p.holdsAgainst(o.s, by, sq) {
				return true
			}
		}
	}
	return false
}

// holdsAgainst tests a capturing script of side by as if a piece of the
// opponent stood on target (safe asks about squares the mover is not on).
func (p *Position) holdsAgainst(sc *Script, by board.Side, target int) bool {
	for i := range sc.Conds {
		c := &sc.Conds[i]
		var ok bool
		switch {
		case int(c.Sq) == target && (c.Kind == Enemy || c.Kind == Piece || c.Kind == Empty || c.Kind == Ally):
			ok = c.Kind == Enemy || c.Kind == Piece
		case int(c.Sq) == target && c.Kind == Is && c.Types&^p.r.ghostTypes == 0:
			ok = false // what stands there is a piece, never a ghost
		default:
			ok = p.test(c, by)
		}
		if ok == c.Not {
			return false
		}
	}
	return true
}
