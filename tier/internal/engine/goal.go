package engine

import (
	"fmt"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: checks forbidden and goals (docs/language.md § Goals and
// checks). With spec.Variant.NoChecks a move is illegal when it leaves a
// royal piece of the opponent capturable. The judge decides it without
// playing the move where it can, as engines decide "gives check": it
// knows, for each type of the side to move, the squares from which a
// piece of that type would capture one of the opponent's royal pieces
// (checkFrom, with the occupancy of the position), and the side's pieces
// that stand first on a ray from such a royal piece (shields: moving one
// may uncover a check, or, the piece itself a rider on that ray, carry
// its own attack further). A plain move of any other piece, a drop and a
// promotion give check exactly when the piece's type, as it ends, may
// capture from the square it ends on; every other move is played.
// Goals (spec.Goal) end the game after each move Make or Perft plays, as
// spec.GoalOutcome says.

// noCheckJudge is what the judge knows of checks the side to move may
// not give.
type noCheckJudge struct {
	// quick: the opponent's royal pieces are not attacked now and the
	// side captures only with plain captures and rays, so that checkFrom
	// and shields decide
	quick     bool
	checkFrom []set // per type
	shields   set
}

// compileNoChecks checks what checks forbidden needs of the variant.
func (r *Rules) compileNoChecks(v *spec.Variant) error {
	if v.NoChecks && len(r.gateTypes) > 0 {
		// a gated piece may give check where the move alone does not
		return fmt.Errorf("tier: checks forbidden in a variant with gates")
	}
	if g := v.Goal; g != nil {
		for s := range 2 {
			r.goalType[s] = g.Type[s]
			for _, sq := range g.Region[s] {
				r.goalRegion[s] = r.goalRegion[s].with(int(sq))
			}
		}
	}
	return nil
}

// prepareNoChecks fills j.nc for the side to move.
func (p *Position) prepareNoChecks(j *judge) {
	r := p.r
	if j.nc == nil {
		j.nc = &noCheckJudge{checkFrom: make([]set, r.ntypes)}
	}
	nc := j.nc
	nc.quick, nc.shields = false, noSquares
	clear(nc.checkFrom)
	us := p.toMove
	them := us.Other()
	kings := p.guarded(them)
	if r.hasHop[us] || r.hasOdd[us] || len(r.partialDirs[us]) > 0 {
		return // captures the tables do not follow: every move is played
	}
	occ, mine := p.occupied(), p.side[us]
	for b := kings; b.some(); b = b.dropLowest() {
		k := b.lowest()
		if p.attacked(k, us, occ, mine) {
			return // a check stands (a position read): every move is played
		}
		for _, t := range r.capTypes[us] {
			nc.checkFrom[t] = nc.checkFrom[t].or(r.revCapt[r.table(t, us, k)])
		}
		for _, cl := range r.capLooks[us] {
			rays := cl.kind.rays(r.sliders, k, occ)
			nc.shields = nc.shields.or(rays.and(mine))
			for _, t := range cl.types {
				nc.checkFrom[t] = nc.checkFrom[t].or(rays)
			}
		}
		for _, cd := range r.attackDirs[us] {
			d := &r.dirs[us][cd.dir]
			ray := d.rev[k]
			if b, ok := d.firstBehind(k, occ); ok {
				ray = ray.minus(d.rev[b])
				if mine.has(b) {
					nc.shields = nc.shields.with(b)
				}
			}
			for _, t := range cd.types {
				nc.checkFrom[t] = nc.checkFrom[t].or(ray)
			}
		}
	}
	nc.quick = true
}

// givesCheck reports whether m, a move of the side to move, leaves a
// royal piece of the opponent capturable (j.nc prepared).
func (j *judge) givesCheck(p *Position, m spec.Move) bool {
	nc := j.nc
	if nc.quick && m.Line() < 0 && m.Chain() < 0 && m.Gate() < 0 {
		to := int(m.To())
		if t := m.Drop(); t >= 0 {
			if !m.DropPromoted() {
				return nc.checkFrom[t].has(to)
			}
		} else if from := int(m.From()); !nc.shields.has(from) {
			t, _ := decode(p.board[from])
			if promo := m.Promotion(); promo >= 0 {
				t = promo
			}
			return nc.checkFrom[t].has(to)
		}
	}
	them := p.toMove.Other()
	p.play(m)
	check := p.royalAttacked(them)
	p.takeBack()
	return check
}

// goalReached reports whether side s has a piece of its goal type in its
// goal region.
func (p *Position) goalReached(s board.Side) bool {
	t := p.r.goalType[s]
	return t >= 0 && p.types[t].and(p.side[s]).meets(p.r.goalRegion[s])
}

// decideGoals sets the result the goal rule gives the position a move
// has left (spec.GoalOutcome).
func (p *Position) decideGoals() {
	g := p.r.spec.Goal
	if g == nil || p.result != board.Ongoing {
		return
	}
	reached := [2]bool{p.goalReached(board.First), p.goalReached(board.Second)}
	p.result = spec.GoalOutcome(g, p.toMove, reached, p.InCheck, p.canReachGoal)
}

// canReachGoal reports whether the side to move has a legal move of a
// piece of its goal type that reaches its goal.
func (p *Position) canReachGoal() bool {
	us := p.toMove
	t := p.r.goalType[us]
	// the replies tried are no moves of the game: what the move that
	// arrived ran stays recorded (AppendPlayed)
	record := p.record
	p.record = false
	defer func() { p.record = record }()
	var list spec.MoveList // rare: only after the first player's arrival
	p.Legal(&list)
	for _, m := range list.Moves {
		if m.Drop() >= 0 || p.board[m.From()] != code(t, us) {
			continue
		}
		p.play(m)
		ok := p.goalReached(us)
		p.takeBack()
		if ok {
			return true
		}
	}
	return false
}
