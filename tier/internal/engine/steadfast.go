package engine

import (
	"fmt"

	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: steadfast pieces (spec.Type.Steadfast, docs/language.md §
// Attributes and hooks: makpong's king). While the side to move is in
// check a steadfast piece of its moves only to capture the one enemy
// piece that gives check, and not at all when several do. The judge
// finds, once per position in check, the side's steadfast pieces
// (judge.stuck) and the sole checker (judge.sole); a move from a stuck
// square is never judged by the quick rules (judge.stops), and legal
// asks whether one of its captures falls on the sole checker, as the
// interpreter's steadfastLegal reads a move's capt actions.

// compileSteadfast records the steadfast types, refusing them beside
// lastroyal types or duple check, whose royal pieces change with the
// count (the interpreter asks which pieces are royal now).
func (r *Rules) compileSteadfast(v *spec.Variant) error {
	for t, ty := range v.Types {
		if !ty.Steadfast {
			continue
		}
		if r.lastRoyal || v.DupleCheck {
			return fmt.Errorf("tier: steadfast %s beside lastroyal types or duple check", ty.Name)
		}
		r.steadfastTypes |= 1 << t
	}
	return nil
}

// judgeSteadfast fills j's steadfast fields for the side to move: stuck,
// its steadfast pieces while it is in check (none otherwise), and sole,
// the one enemy piece giving check, -1 for several. The sole checker is
// the one enemy piece without which no guarded royal piece would be
// capturable: with two checkers there is none.
func (p *Position) judgeSteadfast(j *judge) {
	j.stuck, j.sole = noSquares, -1
	if p.r.steadfastTypes == 0 || j.quick && j.king >= 0 && j.evade == p.r.full {
		return // (the quick judge found no checker: every square evades)
	}
	us := p.toMove
	var mine set
	for t := range p.r.ntypes {
		if p.r.steadfastTypes&(1<<t) != 0 {
			mine = mine.or(p.types[t].and(p.side[us]))
		}
	}
	them := us.Other()
	kings := p.guarded(us)
	if mine.none() || kings.none() {
		return
	}
	occ := p.occupied()
	checked := func(by set) bool {
		for b := kings; b.some(); b = b.dropLowest() {
			if p.attacked(b.lowest(), them, occ, by) {
				return true
			}
		}
		return false
	}
	if !checked(p.side[them]) {
		return
	}
	j.stuck = mine
	for b := p.side[them]; b.some(); b = b.dropLowest() {
		if sq := b.lowest(); !checked(p.side[them].without(sq)) {
			j.sole = sq
			return
		}
	}
}

// steadfastLegal reports whether m passes the steadfast rule: a move of
// a stuck piece must capture the sole checker.
func (j *judge) steadfastLegal(p *Position, m spec.Move) bool {
	if j.stuck.none() || m.Drop() >= 0 || !j.stuck.has(int(m.From())) {
		return true
	}
	if j.sole < 0 {
		return false
	}
	if acts, ok := p.scriptActs(m); ok {
		for i := range acts {
			if acts[i].Kind == spec.Capt && int(acts[i].Sq) == j.sole {
				return true
			}
		}
		return false
	}
	return m.Captures() && int(m.To()) == j.sole
}
