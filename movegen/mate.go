package movegen

import (
	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
)

// Stage: the mate rule (docs/language.md § The mate rule). A checkmate's
// result depends on the pieces that give it and on the checks before it,
// which a board does not keep: game.Game applies the rule with
// MateRule and CheckingTypes; perft and the search see a checkmate as
// any other.

// typeSet returns, per type, whether names names it; nil for no names.
func typeSet(names []lang.PieceName, byName map[string]int, n int) []bool {
	if names == nil {
		return nil
	}
	set := make([]bool, n)
	for _, name := range names {
		set[byName[name.Name]] = true
	}
	return set
}

// MateRule returns the variant's mate rule: per piece type, whether a
// check by it is a shak (mate shak; nil without the rule: every mate
// stands) and whether a mate given by such pieces alone loses for the
// side that gives it (mate forbidden; nil: none does).
func (p *Program) MateRule() (shak, forbidden []bool) { return p.mateShak, p.mateForbidden }

// CheckingTypes returns the types of the pieces of side's opponent that
// could capture a piece of side that counts as royal now — the pieces
// that give check — once per piece, in no particular order.
func (b *Board) CheckingTypes(side board.Side) []int {
	royal := map[board.Square]bool{}
	b.royalNow(side, func(_ int32, pc *board.Piece) bool {
		royal[pc.Square] = true
		return false
	})
	if len(royal) == 0 {
		return nil
	}
	var list MoveList
	them := side.Other()
	b.generate(&list, them)
	var types []int
	seen := map[int32]bool{}
	for _, m := range list.Moves {
		if seen[m.Piece] {
			continue
		}
		b.eachCaptured(m, them, func(pc *board.Piece) bool {
			if royal[pc.Square] {
				seen[m.Piece] = true
				types = append(types, int(b.pos.Pieces[m.Piece].Type))
				return false
			}
			return true
		})
	}
	return types
}
