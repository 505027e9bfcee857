package fsfini

import (
	"fmt"
	"slices"
	"strings"
)

// Pseudo-royal pieces: with extinctionPseudoRoyal, Fairy-Stockfish makes
// a side's pieces of the extinction types pseudo-royal while it has
// extinctionPieceCount + 1 or fewer of a type (Position::set_state): a
// move may not leave one of them attacked, a side with one attacked is in
// check, and the extinction rule, whose pieces cannot be taken so, is not
// judged. The importer writes such a type royal when no side can ever
// have more than that many of it — as many as the setup gives it, when no
// pawn promotes into it (twokings2's two kings, mounted's centaur) — and
// lastroyal, royal while its side has one, when extinctionPieceCount is 0,
// no pawn promotes into it, nothing is dropped and no other type is royal (docs/language.md § Royal pieces and
// legality: lastroyal is Fairy-Stockfish's extinctionPseudoRoyal);
// anything else is reported.

// pseudoRoyals marks the pseudo-royal types royal or lastroyal, or
// reports why it cannot.
func (v *variant) pseudoRoyals(merged map[string]Option, names map[byte]string, sides []sideRules) {
	o := v.pseudoRoyalOption
	if v.extinctionTypes.Key == "" {
		return // no types: nothing is pseudo-royal
	}
	var types []*piece
	for _, c := range []byte(strings.ReplaceAll(v.extinctionTypes.Value, " ", "")) {
		n, ok := names[lower(c)]
		if c == '*' {
			v.report(o, "every piece pseudo-royal (extinctionPieceTypes = *)")
			return
		}
		if !ok {
			break // Fairy-Stockfish's piece set ends at a letter of no type
		}
		if i := slices.IndexFunc(v.pieces, func(p *piece) bool { return p.name == n }); i >= 0 && !slices.Contains(types, v.pieces[i]) {
			types = append(types, v.pieces[i])
		}
	}
	counts := setupCounts(v.startFen)
	for _, p := range types {
		promoted := slices.ContainsFunc(sides, func(s sideRules) bool { return slices.Contains(s.promotions, p.name) })
		most := max(counts[p.letter-'a'+'A'], counts[p.letter])
		switch {
		case p.pawn:
			v.report(o, "a pseudo-royal pawn")
			return
		case !promoted && most <= v.extinctionCount+1:
			p.royal = true
		case v.extinctionCount == 0 && !promoted && !v.pieceDrops && !slices.ContainsFunc(v.pieces, func(q *piece) bool { return q.royal && !slices.Contains(types, q) }):
			// a promotion or a drop into the type makes its pieces
			// pseudo-royal by Fairy-Stockfish's own counts, which
			// lastroyal's do not follow
			p.lastRoyal = true
		default:
			v.report(o, fmt.Sprintf("%s pseudo-royal while a side has %d or fewer, which it may outgrow: alfil's royal types are royal always or while one (lastroyal)", p.name, v.extinctionCount+1))
			return
		}
	}
	if slices.ContainsFunc(v.pieces, func(p *piece) bool { return p.lastRoyal }) && slices.ContainsFunc(v.pieces, func(p *piece) bool { return p.royal }) {
		v.report(o, "royal and pseudo-royal types together")
	}
}

// setupCounts counts the pieces of a FEN's board and hand by letter.
func setupCounts(fen string) map[byte]int {
	counts := map[byte]int{}
	for _, c := range []byte(strings.Fields(fen)[0]) {
		if isLetter(c) {
			counts[c]++
		}
	}
	return counts
}
