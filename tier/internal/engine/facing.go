package engine

import (
	"fmt"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: the facing rule (spec.Facing; docs/language.md § Facing pieces),
// as movegen's facing.go rules it. Two facing pieces, one of each side,
// face each other when they share a file or a rank with no piece between.
// With facing NAME illegal (xiangqi's flying general) that is a check of
// its own, which the judge folds into what it already knows: a facing
// piece of the opponent on the line of the side's own, with one piece of
// the side between, pins that piece to the line (Fairy-Stockfish's
// flying general in its blockers), and a facing piece may not move where
// it would face one of the opponent's (exposed). Where they face each
// other already — only otherwise under facing NAME RESULT, janggi's
// bikjang — every move is played to be judged, and the game ends when
// they still face each other after the move (endFacing).

// facingRules is the compiled facing rule.
type facingRules struct {
	typ     int
	illegal bool
	result  board.Result
	// between[a*n+b]: the squares strictly between a and b where they
	// share a file or a rank (lined[a*n+b]), a != b
	between []set
	lined   []bool
}

// addFacing compiles the facing rule. The tier takes it where the facing
// type is the only royal type (so that the judge's king is the facing
// piece) and no rule that the interpreter applies before it — forced
// captures, forced drops, forbidden checks — or that ends the game beside
// it is in play.
func (r *Rules) addFacing(v *spec.Variant) error {
	f := v.Facing
	if f == nil {
		return nil
	}
	if f.Type < 0 || f.Type >= r.ntypes || !r.royal[f.Type] || r.lastRoyal || r.ghost[f.Type] {
		return fmt.Errorf("tier: the facing type %d is not the variant's royal type", f.Type)
	}
	for t := range r.ntypes {
		if r.royal[t] && t != f.Type {
			return fmt.Errorf("tier: %s is royal beside the facing type", v.Types[t].Name)
		}
	}
	if v.Forced || v.MustDrop || v.NoChecks || v.DupleCheck || v.Goal != nil || v.CheckLimit > 0 || r.anyReal || contains(r.dropTypes, f.Type) {
		return fmt.Errorf("tier: a facing rule beside forced captures or drops, forbidden checks, goals, check counting, extinction or drops of the facing type")
	}
	w := v.Width
	fr := &facingRules{typ: f.Type, illegal: f.Illegal, result: f.Result, between: make([]set, r.n*r.n), lined: make([]bool, r.n*r.n)}
	for a := range r.n {
		for b := range r.n {
			xa, ya, xb, yb := a%w, a/w, b%w, b/w
			if a == b || xa != xb && ya != yb {
				continue
			}
			dx, dy := sign(xb-xa), sign(yb-ya)
			var between set
			for x, y := xa+dx, ya+dy; x != xb || y != yb; x, y = x+dx, y+dy {
				between.add(y*w + x)
			}
			fr.between[a*r.n+b], fr.lined[a*r.n+b] = between, true
		}
	}
	r.facing = fr
	return nil
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// facingNow reports whether a facing piece of each side face each other
// with the occupancy occ.
func (p *Position) facingNow(occ set) bool {
	f := p.r.facing
	for a := range p.types[f.typ].and(p.side[board.First]).squares {
		if p.facesFrom(a, p.types[f.typ].and(p.side[board.Second]), occ) {
			return true
		}
	}
	return false
}

// facesFrom reports whether a facing piece on sq would face one of those
// on theirs with the occupancy occ.
func (p *Position) facesFrom(sq int, theirs set, occ set) bool {
	f := p.r.facing
	for b := range theirs.squares {
		if i := sq*p.r.n + b; f.lined[i] && !f.between[i].meets(occ) {
			return true
		}
	}
	return false
}

// facingApplies reports whether the facing rule judges the side to
// move's moves now: always with facing NAME illegal, else while the
// facing pieces face each other.
func (p *Position) facingApplies() bool {
	f := p.r.facing
	return f != nil && (f.illegal || p.facingNow(p.occupied()))
}

// judgeFacing adds the facing rule to j, the judge of side us's moves
// with the occupancy occ: the pieces of us that alone stand between its
// facing piece and one of the opponent's are pinned to the squares
// between them. It reports false where every move must be played: the
// facing pieces face each other now, or the pins are too many.
func (p *Position) judgeFacing(j *judge, us board.Side, occ set) bool {
	f := p.r.facing
	if p.facingNow(occ) {
		return false
	}
	if !f.illegal {
		return true
	}
	theirs := p.types[f.typ].and(p.side[us.Other()])
	for k := range p.types[f.typ].and(p.side[us]).squares {
		for e := range theirs.squares {
			i := k*p.r.n + e
			if !f.lined[i] {
				continue
			}
			blockers := f.between[i].and(occ)
			if blockers.count() != 1 || !blockers.meets(p.side[us]) {
				continue
			}
			if j.pins == maxPins {
				return false
			}
			b := blockers.lowest()
			j.pinSq[j.pins], j.pinLine[j.pins] = int16(b), f.between[i].with(e)
			j.pins++
			j.pinned = j.pinned.with(b)
		}
	}
	return true
}

// exposed reports whether side them could capture a royal piece of the
// opponent standing on king with the occupancy occ, its own pieces those
// of mine — or, with facing NAME illegal, whether that piece, the facing
// type (addFacing), would face one of them's facing pieces.
func (p *Position) exposed(king int, them board.Side, occ, mine set) bool {
	if p.attacked(king, them, occ, mine) {
		return true
	}
	f := p.r.facing
	return f != nil && f.illegal && p.facesFrom(king, p.types[f.typ].and(mine), occ)
}

// facingBefore reports, before a move is played, whether it may end the
// game by the facing rule: facing NAME RESULT, and the facing pieces face
// each other.
func (p *Position) facingBefore() bool {
	f := p.r.facing
	return f != nil && !f.illegal && p.facingNow(p.occupied())
}

// endFacing ends the game after side us's move when the facing pieces
// faced each other before it (faced) and still do: RESULT, written for
// us.
func (p *Position) endFacing(faced bool, us board.Side) {
	if !faced || p.result != board.Ongoing || !p.facingNow(p.occupied()) {
		return
	}
	switch r := p.r.facing.result; r {
	case board.FirstWins:
		p.setResult(board.WinFor(us))
	case board.SecondWins:
		p.setResult(board.WinFor(us.Other()))
	default:
		p.setResult(r)
	}
}
