package engine

import (
	"fmt"
	"slices"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: the pass rule (spec.PassRule; docs/language.md § Passing), as
// movegen's pass.go rules it. The pass is one move (spec.PassMove, a line
// value of its own), made by the side's royal piece on the lowest square
// or, without one, by its piece on the lowest square, as Fairy-Stockfish
// makes it; none for a side with no piece on the board. With pass
// stalemate only a side with no other legal move passes; with captures
// forced a capture excludes it. It is legal when it leaves no royal piece
// of the side capturable — but while the facing pieces face each other it
// is legal even in check, and never under facing NAME illegal. It changes
// nothing on the board; a passer of a type that resets restarts the
// half-move clock (play), as the interpreter's restarts rules a move from
// and to one square. Two passes in a row end the game, counted under
// fullboard count (counted, flip.go), else drawn. How many passes in a
// row led to the position is part of it (Position.passes) and of its
// hash.

// addPassRule checks that the variant's other rules let the tier take its
// pass rule: none that judges a move otherwise than by whether it leaves
// a royal piece capturable (forbidden checks, duplecheck, lastroyal
// types), no forced drops, gates or goal rule, whose lists the tier does
// not build with the pass as the interpreter does. (Forced captures it
// takes: addPass.)
func (r *Rules) addPassRule(v *spec.Variant) error {
	if v.Pass != nil && (v.MustDrop || v.NoChecks || v.DupleCheck || v.Goal != nil || r.lastRoyal || len(r.gateTypes) > 0) {
		return fmt.Errorf("tier: a pass rule beside forced drops, forbidden checks, duplecheck, goals, lastroyal types or gates")
	}
	return nil
}

// passedKey is the hash's key for a position reached by a pass (the
// interpreter's hash tells those apart too).
var passedKey = mix(0x50415353)

// passer returns the square of the piece that makes side s's pass, false
// when s has no piece on the board (ghosts are not pieces: occupied).
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
// with pass stalemate only to an empty list, with captures forced only
// to a list without a capture, and when judged only a legal pass.
func (p *Position) addPass(list *spec.MoveList, judged bool) {
	pass := p.r.spec.Pass
	if pass == nil || p.result != board.Ongoing || pass.Stalemate && len(list.Moves) > 0 {
		return
	}
	if p.r.spec.Forced && slices.ContainsFunc(list.Moves, p.Captures) {
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
	return p.r.spec.Pass != nil && p.result == board.Ongoing && ok && p.passLegal()
}

// countPasses records, after move m was played, how many passes in a row
// led to the position (passes), and ends the game at the second.
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
		p.setResult(p.counted())
	}
}

// countWithPass counts the side to move's legal moves for Perft's last
// ply, list being scratch space: as countLegal does — by population where
// it can — and its pass, which countLegal's lists leave out. With
// captures forced the pass depends on the other moves' being captures:
// Legal's list, pass included, is counted.
func (p *Position) countWithPass(list *spec.MoveList) uint64 {
	pass := p.r.spec.Pass
	if pass == nil {
		return p.countLegal(list)
	}
	if p.r.spec.Forced {
		p.Legal(list)
		return uint64(len(list.Moves))
	}
	p.passOff = true
	n := p.countLegal(list)
	p.passOff = false
	if (!pass.Stalemate || n == 0) && p.canPass() {
		n++
	}
	return n
}
