package engine

import (
	"fmt"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: the pass rule (spec.Variant.Pass; docs/language.md § Passing), as
// movegen's pass.go rules it. The pass is one move (spec.PassMove), made
// by the side's royal piece on the lowest square or, without one, by its
// piece on the lowest square, as Fairy-Stockfish makes it; with pass
// stalemate only when the side has no other legal move. It is legal when
// it leaves no royal piece of the side capturable — but while the facing
// pieces face each other it is legal even in check, and never under
// facing NAME illegal. It changes nothing on the board; two passes in a
// row draw the game.

// addPassRule checks that the variant's other rules let the tier take its
// pass rule: none that the interpreter applies to the move list before
// the pass is added (forced captures and drops, forbidden checks), no
// royal type judged otherwise (lastroyal, duplecheck) and no goal rule.
func (r *Rules) addPassRule(v *spec.Variant) error {
	if v.Pass && (v.Forced || v.MustDrop || v.NoChecks || v.DupleCheck || v.Goal != nil || r.lastRoyal) {
		return fmt.Errorf("tier: a pass rule beside forced captures or drops, forbidden checks, duplecheck, goals or lastroyal types")
	}
	return nil
}

// passedKey is the hash's key for a position reached by a pass (the
// interpreter's hash tells those apart too).
var passedKey = mix(0x50415353)

// passer returns the square of the piece that makes side s's pass, false
// when s has no piece on the board.
func (p *Position) passer(s board.Side) (int, bool) {
	if kings := p.royal.and(p.side[s]); kings.some() {
		return kings.lowest(), true
	}
	if p.side[s].none() {
		return 0, false
	}
	return p.side[s].lowest(), true
}

// passLegal reports whether the side to move may pass.
func (p *Position) passLegal() bool {
	if f := p.r.facing; f != nil && p.facingNow(p.occupied()) {
		return !f.illegal
	}
	return !p.r.anyRoyal || !p.royalAttacked(p.toMove)
}

// addPass adds the side to move's pass to list, its legal moves (judged)
// or its pseudo-legal ones, where the rule gives one: the game going on,
// with pass stalemate only to an empty list, and when judged only a legal
// pass.
func (p *Position) addPass(list *spec.MoveList, judged bool) {
	if p.result != board.Ongoing || p.r.spec.PassStuck && len(list.Moves) > 0 {
		return
	}
	sq, ok := p.passer(p.toMove)
	if ok && (!judged || p.passLegal()) {
		list.Moves = append(list.Moves, spec.PassMove(sq))
	}
}

// canPass reports whether the side to move, which has no other legal
// move, may pass.
func (p *Position) canPass() bool {
	_, ok := p.passer(p.toMove)
	return p.r.spec.Pass && p.result == board.Ongoing && ok && p.passLegal()
}

// countPasses records, after move m was played, how many passes in a row
// led to the position (passes), and draws the game at the second.
func (p *Position) countPasses(m spec.Move) {
	before := p.passes
	if m.IsPass() {
		p.passes++
	} else {
		p.passes = 0
	}
	if (before > 0) != (p.passes > 0) {
		p.hash ^= passedKey
	}
	if p.passes >= 2 && p.result == board.Ongoing {
		p.setResult(board.Draw)
	}
}

// countWithPass counts the side to move's legal moves as countLegal does
// — by population where it can — and its pass, which countLegal's lists
// leave out.
func (p *Position) countWithPass(list *spec.MoveList) uint64 {
	if !p.r.spec.Pass {
		return p.countLegal(list)
	}
	p.passOff = true
	n := p.countLegal(list)
	p.passOff = false
	if (!p.r.spec.PassStuck || n == 0) && p.canPass() {
		n++
	}
	return n
}
