package fsfini

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/alfil-go/alfil/betza"
)

// write returns the .alf text of the variant.
func (v *variant) write(merged map[string]Option) (string, error) {
	var b strings.Builder
	var body strings.Builder
	chiral := false
	names := map[byte]string{}
	for _, p := range v.pieces {
		names[p.letter] = p.name
	}
	// relative ranks (0-based, from the owner's side) of a region given
	// for each colour in absolute ranks; ok only when both agree
	relative := func(white, black []int, key string) ([]int, bool) {
		var w, bl []int
		for _, r := range white {
			w = append(w, r-1)
		}
		for _, r := range black {
			bl = append(bl, v.maxRank-r)
		}
		slices.Sort(w)
		slices.Sort(bl)
		if !slices.Equal(w, bl) {
			return nil, false
		}
		return w, true
	}
	// the regions matter only to a pawn (both) and to Betza's i (the
	// double-step region): a region nothing uses is not reported
	hasPawn := slices.ContainsFunc(v.pieces, func(p *piece) bool { return p.pawn })
	hasInitial := slices.ContainsFunc(v.pieces, func(p *piece) bool {
		bp, err := betza.Parse(p.betza)
		return !p.pawn && err == nil && slices.ContainsFunc(bp.Moves, func(m betza.Move) bool { return m.Initial })
	})
	doubleRanks, ok := relative(v.doubleWhite, v.doubleBlack, "doubleStepRegion")
	if !v.doubleStep || !hasPawn && !hasInitial {
		doubleRanks, ok = nil, true
	}
	if !ok {
		v.reportKey(merged, "doubleStepRegionWhite", "the double-step regions of White and Black are not each other's mirror image (Fairy-Stockfish's default *2 and *7 on a board of other than 8 ranks)")
	}
	promoRanks, ok := relative(v.promoWhite, v.promoBlack, "promotionRegion")
	if !ok && hasPawn {
		v.reportKey(merged, "promotionRegionWhite", "the promotion regions of White and Black are not each other's mirror image (Fairy-Stockfish's default *8 and *1 on a board of other than 8 ranks)")
	}
	promotions := v.defaultPromotions
	promoTypes, given := v.promoTypes, v.promoTypesSet
	if v.promoTypesWhite != nil {
		promoTypes, given = *v.promoTypesWhite, true
	}
	if v.promoTypesBlack != nil && *v.promoTypesBlack != promoTypes {
		v.reportKey(merged, "promotionPieceTypesBlack", "White and Black promote to different types")
	}
	if given {
		promotions = nil
		for _, c := range []byte(promoTypes) {
			if n, ok := names[lower(c)]; ok && !slices.Contains(promotions, n) {
				promotions = append(promotions, n)
			}
		}
	}
	ghost := false
	for _, p := range v.pieces {
		fmt.Fprintf(&body, "\npiece %s %c", p.name, p.letter-'a'+'A')
		if p.royal {
			body.WriteString(" royal")
		}
		if p.pawn {
			body.WriteString(" resets")
		}
		body.WriteString("\n")
		if p.pawn {
			ghost = v.writePawn(&body, promoRanks, doubleRanks, promotions) || ghost
			continue
		}
		bp, err := betza.Parse(p.betza)
		if err != nil {
			return "", fmt.Errorf("%s:%d: [%s] %s: %v", v.filename, p.line, v.section, p.name, err)
		}
		if bp.EnPassant >= 0 {
			v.reportKey(merged, p.name, "e: the piece takes en passant in Fairy-Stockfish (enPassantTypes); the importer writes en passant for the pawn only")
		}
		if bp.Chiral() {
			chiral = true
		}
		// Betza's i: the moves from the initial region, Fairy-Stockfish's
		// doubleStepRegion (none when doubleStep is false), one copy per
		// rank of it
		plain, initial := &betza.Piece{}, &betza.Piece{}
		for _, m := range bp.Moves {
			if m.Initial {
				initial.Moves = append(initial.Moves, m)
			} else {
				plain.Moves = append(plain.Moves, m)
			}
		}
		lines := plain.Lines(betza.Options{})
		for _, r := range doubleRanks {
			lines = append(lines, initial.Lines(betza.Options{Initial: fmt.Sprintf("pos x %d", r)})...)
		}
		for _, l := range lines {
			fmt.Fprintf(&body, "    %s\n", l)
		}
		if p.royal && v.castling {
			v.writeCastling(&body, merged, names)
		}
	}
	if ghost {
		letter := byte(0)
		for _, c := range []byte("GXYZEJOTUV") {
			if _, used := names[lower(c)]; !used {
				letter = c
				break
			}
		}
		fmt.Fprintf(&body, "\n# the en-passant ghost a double step leaves for one ply\npiece ghost %c ghost\n    every 1: del\n    onDeath: w capt\n", letter)
	}
	if chiral && v.castling && slices.ContainsFunc(v.pieces, func(p *piece) bool { return p.royal }) {
		v.reportKey(merged, "castling", "a piece not symmetric left to right needs symmetry rotate, under which castle items count files from each side's left")
	}

	sort.SliceStable(v.issues, func(i, j int) bool { return v.issues[i].Line < v.issues[j].Line })
	fmt.Fprintf(&b, "# %s, converted by alfil import from %s [%s].\n", v.section, v.filename, v.section)
	if len(v.issues) > 0 {
		b.WriteString("#\n# Options of the section this file does not express:\n")
		for _, i := range v.issues {
			fmt.Fprintf(&b, "#   line %d: %s = %s: %s\n", i.Line, i.Key, i.Value, i.Why)
		}
	}
	fmt.Fprintf(&b, "game %s\nboard %dx%d\n", v.section, v.maxFile, v.maxRank)
	if chiral {
		b.WriteString("# Fairy-Stockfish turns the second player's moves half a turn\nsymmetry rotate\n")
	}
	b.WriteString(body.String())
	fmt.Fprintf(&b, "\nsetup %s\n", v.startFen)
	fmt.Fprintf(&b, "nomoves stalemate %s\nnomoves check %s\n", v.stalemate, v.checkmate)
	if v.mustCapture {
		b.WriteString("captures forced\n")
	}
	if v.nFoldRule > 0 {
		// nFoldValue is the result for the side to move; repetition's for
		// the side whose move repeated
		fmt.Fprintf(&b, "repetition %d %s\n", v.nFoldRule, map[string]string{"win": "loss", "loss": "win", "draw": "draw"}[v.nFoldValue])
	}
	if v.nMoveRule > 0 {
		fmt.Fprintf(&b, "moverule %d draw\n", v.nMoveRule)
	}
	return b.String(), nil
}

func (v *variant) reportKey(merged map[string]Option, key, why string) {
	if slices.ContainsFunc(v.issues, func(i Issue) bool { return i.Key == key }) {
		return // reported already, where its value was read
	}
	o, ok := merged[key]
	if !ok {
		o = Option{Key: key, Value: "(default)", Line: v.sectionLine} // a default: the section's line
	}
	v.report(o, why)
}

// writePawn writes Fairy-Stockfish's pawn: a step forward to an empty
// square, a diagonal step forward to take, promotion on entering the
// promotion ranks (only there when it is mandatory), the double step from
// the double-step ranks leaving an en-passant ghost, and the capture of
// a ghost. It tells whether a ghost is needed.
func (v *variant) writePawn(b *strings.Builder, promoRanks, doubleRanks []int, promotions []string) bool {
	promote := ""
	switch len(promotions) {
	case 0:
	case 1:
		promote = " promote " + promotions[0]
	default:
		promote = " promote {" + strings.Join(promotions, ",") + "}"
	}
	// ends writes the ways a move ending on the cursor's square
	// finishes: unpromoted outside the promotion ranks (anywhere when
	// promotion is not mandatory), promoted on them
	ends := func(action string) []string {
		plain := action
		if v.mandatoryPromotion {
			for _, r := range promoRanks {
				plain = fmt.Sprintf("not pos x %d %s", r, plain)
			}
		}
		out := []string{plain}
		if promote != "" {
			for _, r := range promoRanks {
				out = append(out, fmt.Sprintf("pos x %d %s%s", r, action, promote))
			}
		}
		return out
	}
	for _, e := range ends("mov") {
		fmt.Fprintf(b, "    w empty %s\n", e)
	}
	for _, e := range ends("capt mov") {
		fmt.Fprintf(b, "    {wa,wd} enemy %s\n", e)
	}
	for _, r := range doubleRanks {
		for _, e := range ends("mov") {
			fmt.Fprintf(b, "    pos x %d w empty spawn ghost w empty %s\n", r, e)
		}
	}
	if len(doubleRanks) > 0 {
		b.WriteString("    {wa,wd} is ghost capt mov\n")
	}
	return len(doubleRanks) > 0
}

// writeCastling writes the king's castle items: Fairy-Stockfish's king
// ends on castlingKingsideFile or castlingQueensideFile and the rook
// beside it, on the inner side.
func (v *variant) writeCastling(b *strings.Builder, merged map[string]Option, names map[byte]string) {
	if len(v.castlingRooks) != 1 || names[lower(v.castlingRooks[0])] == "" {
		if len(v.castlingRooks) > 1 {
			v.reportKey(merged, "castlingRookPieces", "castling with more than one rook type")
		}
		return
	}
	rook := names[lower(v.castlingRooks[0])]
	file := func(n int) string { return string(rune('a' + n)) }
	fmt.Fprintf(b, "    castle %s %s %s\n", rook, file(v.kingsideFile), file(v.kingsideFile-1))
	fmt.Fprintf(b, "    castle %s %s %s\n", rook, file(v.queensideFile), file(v.queensideFile+1))
}
