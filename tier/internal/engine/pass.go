package engine

import (
	"fmt"
	"slices"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: the pass rule (spec.Pass; docs/language.md § Passing), as the
// interpreter's pass.go plays it: one pass per position, a script line
// of its own whose one action is a pass on the passer's square — the
// side's royal piece on the lowest square, or its piece on the lowest
// square; none for a side with no piece on the board. It is legal unless
// the side is in check, and not beside a capture when captures are
// forced; with pass stalemate only a side with no other legal move
// passes. Two passes in a row end the game, counted with fullboard
// count (fillEnd), else drawn. How many passes in a row led to the
// position is part of it (Position.passes) and of its hash.

// passRules is the compiled pass rule.
type passRules struct {
	stalemate bool
	line      int // the pass's script line
}

// passKey is the hash of a position that a pass led to.
var passKey = mix(0x70617373_9e3779b9)

// addPass compiles v's pass rule: its script line, placed on every
// square, which no piece generates.
func (r *Rules) addPass(v *spec.Variant) error {
	if v.Pass == nil {
		return nil
	}
	if r.lastRoyal || len(r.gateTypes) > 0 {
		return fmt.Errorf("tier: a pass rule with lastroyal types or gates")
	}
	if len(r.scripts) >= spec.MaxLines {
		return fmt.Errorf("tier: more than %d script lines", spec.MaxLines)
	}
	l := scriptLine{promo: -1}
	for s := range 2 {
		l.at[s] = make([]*spec.Script, r.n)
		l.sig[s], l.asPlain[s], l.plainAttack[s] = make([]uint64, r.n), make([]spec.Move, r.n), make([]bool, r.n)
		for sq := range r.n {
			l.at[s][sq] = &spec.Script{Acts: []spec.Act{{Kind: spec.Pass, Sq: board.Square(sq)}}}
		}
	}
	r.pass = &passRules{stalemate: v.Pass.Stalemate, line: len(r.scripts)}
	r.scripts = append(r.scripts, l)
	return nil
}

// isPass reports whether m is the pass.
func (p *Position) isPass(m spec.Move) bool {
	return p.r.pass != nil && m.Line() == p.r.pass.line
}

// passMove returns the side to move's pass, or false when it has none
// (no pass rule, the game over, no piece on the board, or, judged, in
// check). It does not look at the other moves.
func (p *Position) passMove(judged bool) (spec.Move, bool) {
	if p.r.pass == nil || p.result != board.Ongoing {
		return 0, false
	}
	us := p.toMove
	passer := p.royal.and(p.side[us])
	if passer.none() {
		passer = p.side[us]
	}
	if passer.none() || judged && p.r.anyRoyal && p.InCheck() {
		return 0, false
	}
	sq := passer.lowest()
	return spec.ScriptMove(sq, sq, p.r.pass.line), true
}

// addPass appends the pass to list, the side to move's legal moves
// (judged) or pseudo-legal ones, when the rule gives one there.
func (p *Position) addPass(list *spec.MoveList, judged bool) {
	if p.r.pass == nil || p.r.pass.stalemate && len(list.Moves) > 0 {
		return
	}
	if p.r.spec.Forced && slices.ContainsFunc(list.Moves, p.Captures) {
		return
	}
	if m, ok := p.passMove(judged); ok {
		list.Moves = append(list.Moves, m)
	}
}

// countPass counts, after m was played, the passes in a row that led to
// the position, and ends the game at the second.
func (p *Position) countPass(m spec.Move) {
	if p.r.pass == nil {
		return
	}
	if !p.isPass(m) {
		if p.passes != 0 {
			p.passes = 0
			p.hash ^= passKey
		}
		return
	}
	if p.passes == 0 {
		p.hash ^= passKey
	}
	p.passes++
	if p.passes >= 2 && p.result == board.Ongoing {
		p.setResult(p.counted())
	}
}

// perftPass counts the legal moves for Perft's last ply, list being
// scratch space, with the pass rule: with pass stalemate countLegal's
// count, or the pass alone; else Legal's list.
func (p *Position) perftPass(list *spec.MoveList) uint64 {
	if !p.r.pass.stalemate || p.r.spec.Forced {
		p.Legal(list)
		return uint64(len(list.Moves))
	}
	if n := p.countLegal(list); n > 0 {
		return n
	}
	if _, ok := p.passMove(true); ok {
		return 1
	}
	return 0
}
