package engine

import "github.com/alfil-go/alfil/board"

// Stage: duple check (spec.Variant.DupleCheck, docs/language.md § Royal
// pieces and legality). A side's lastroyal pieces are counted as a move
// leaves them: one must not stand capturable, and several not all at
// once. The judge's quick rules guard one royal piece; a side with two
// lastroyal pieces or more has every move played (spartan chess's two
// kings), and a move that promotes into a lastroyal type is played
// anyway.

// dupleJudged reports whether duple check asks side s's moves to be
// played: it has several lastroyal pieces.
func (p *Position) dupleJudged(s board.Side) bool {
	return p.r.spec.DupleCheck && p.royal.and(p.side[s]).count() > 1
}

// dupleChecked reports whether side s is in check under duple check: its
// one lastroyal piece capturable, or every one of several.
func (p *Position) dupleChecked(s board.Side) bool {
	occ, mine := p.occupied(), p.side[s.Other()]
	kings := p.royal.and(p.side[s])
	if kings.none() {
		return false
	}
	for b := kings; b.some(); b = b.dropLowest() {
		if !p.attacked(b.lowest(), s.Other(), occ, mine) {
			return false
		}
	}
	return true
}
