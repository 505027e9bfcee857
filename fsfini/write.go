package fsfini

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/alfil-go/alfil/betza"
)

// write returns the .alf text of the variant.
func (v *variant) write(merged map[string]Option) (string, error) {
	v.passSides(merged)
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
	if v.dropWhite != nil || v.dropBlack != nil {
		white, black := v.dropWhite, v.dropBlack
		if white == nil || black == nil { // the other colour drops everywhere
			white, black = nil, nil
			for r := 1; r <= v.maxRank; r++ {
				if v.dropWhite == nil || slices.Contains(v.dropWhite, r) {
					white = append(white, r)
				}
				if v.dropBlack == nil || slices.Contains(v.dropBlack, r) {
					black = append(black, r)
				}
			}
		}
		var ok bool
		if v.dropRanks, ok = relative(white, black, "dropRegion"); !ok {
			v.reportKey(merged, "dropRegionWhite", "the drop regions of White and Black are not each other's mirror image")
		}
	}
	sides := v.sides(names, hasPawn || hasInitial)
	if v.pseudoRoyal {
		v.pseudoRoyals(merged, names, sides)
	}
	ghost := false
	for _, p := range v.pieces {
		fmt.Fprintf(&body, "\npiece %s %c", p.name, p.letter-'a'+'A')
		switch {
		case p.royal:
			body.WriteString(" royal")
		case p.lastRoyal:
			body.WriteString(" lastroyal")
		}
		if p.pawn {
			body.WriteString(" resets")
		}
		body.WriteString("\n")
		for _, side := range sides {
			v.writeDrop(&body, p, side)
		}
		if o, ok := v.mobilityOption(p.name); ok && p.pawn {
			v.report(o, "a mobility region of Fairy-Stockfish's pawn: the importer confines the other pieces only")
		}
		if p.pawn {
			double := false
			for _, side := range sides {
				double = v.writePawn(&body, side) || double
			}
			if double {
				body.WriteString("    {wa,wd} is ghost capt mov\n")
			}
			ghost = ghost || double
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
		var passant []betza.Move // initial moves that leave en-passant squares
		anyDouble := slices.ContainsFunc(sides, func(s sideRules) bool { return len(s.doubleRanks) > 0 })
		for _, m := range bp.Moves {
			switch {
			case !m.Initial:
				plain.Moves = append(plain.Moves, m)
			case anyDouble && leavesPassant(m, bp.Moves):
				passant = append(passant, m)
			default:
				initial.Moves = append(initial.Moves, m)
			}
		}
		// the piece's lines for each side its mobility region sets apart
		// (mobility.go), the initial ones of each side of the double-step
		// region that region's side shares
		canTake := slices.ContainsFunc(v.pieces, func(p *piece) bool { return p.pawn })
		var lines []string
		for _, sideLands := range v.landSides(p.name) {
			for _, land := range sideLands.lands {
				ls := landing{cond: sideLands.cond, land: land}
				add := func(more []string) { lines = append(lines, more...) }
				add(plain.Lines(betza.Options{Land: ls.land}))
				for _, side := range sides {
					if side.cond != "" && ls.cond != "" && side.cond != ls.cond {
						continue // the other side's double step
					}
					for _, r := range side.doubleRanks {
						add(initial.Lines(betza.Options{Initial: fmt.Sprintf("%spos x %d", side.cond, r), Land: ls.land}))
					}
				}
				// Fairy-Stockfish leaves en-passant squares between the squares
				// of an initial move no plain move reaches (Position::do_move),
				// which its pawns may take: the forward double step of a lame
				// leaper is written as the pawn's, with a ghost
				land := ""
				if ls.land != "" {
					land = ls.land + " "
				}
				for _, m := range passant {
					for _, side := range sides {
						if side.cond != "" && ls.cond != "" && side.cond != ls.cond {
							continue
						}
						for _, r := range side.doubleRanks {
							switch {
							case !canTake: // nothing takes en passant: a plain initial move
								add((&betza.Piece{Moves: []betza.Move{m}}).Lines(betza.Options{Initial: fmt.Sprintf("%spos x %d", side.cond, r), Land: ls.land}))
							case m.Kind == betza.Lame && m.Forward == 2 && m.Right == 0:
								ghost = true
								add([]string{fmt.Sprintf("%spos x %d w empty spawn ghost w empty %smov", side.cond, r, land)})
							default:
								v.reportKey(merged, p.name, fmt.Sprintf("i: an initial %s of (%d,%d) leaves en-passant squares the pawns may take; the importer writes those of a lame forward double step only", m.Kind, m.Forward, m.Right))
							}
						}
					}
				}
			}
		}
		for _, l := range lines {
			fmt.Fprintf(&body, "    %s\n", l)
		}
		if v.castling && v.castles(p) {
			if o, ok := v.mobilityOption(p.name); ok {
				v.report(o, "a mobility region of a king that castles: the importer does not confine castling")
			}
			v.writeCastling(&body, merged, names, p.name == "king")
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
	if strings.Contains(strings.Fields(v.startFen)[0], "[") && !v.pieceDrops && !v.capturesToHand {
		v.reportKey(merged, "startFen", "pieces in hand without pieceDrops or capturesToHand")
	}
	if v.dropNoDoubled.Key != "" && !slices.ContainsFunc(v.pieces, func(p *piece) bool { return p.letter == lower(v.dropNoDoubled.Value[0]) }) {
		v.report(v.dropNoDoubled, "no piece has that letter")
	}
	if chiral && v.castling && slices.ContainsFunc(v.pieces, v.castles) {
		v.reportKey(merged, "castling", "a piece not symmetric left to right needs symmetry rotate, under which castle items count files from each side's left")
	}

	if strings.Contains(strings.Fields(v.startFen)[0], "*") && slices.ContainsFunc(v.pieces, func(p *piece) bool {
		bp, err := betza.Parse(p.betza)
		return err == nil && slices.ContainsFunc(bp.Moves, func(m betza.Move) bool { return m.Kind == betza.Hop || m.Kind == betza.Grasshop })
	}) {
		v.reportKey(merged, "startFen", "Fairy-Stockfish's hoppers hop over wall squares; a hole is the board's edge to alfil's")
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
	if v.checkCounting {
		fmt.Fprintf(&b, "checks %d\n", v.checksToWin())
	}
	if !v.checking {
		// Fairy-Stockfish's checking = false: a move that gives check is
		// illegal (Position::legal), alfil's checks forbidden
		b.WriteString("checks forbidden\n")
	}
	switch {
	case v.capturesToHand && v.dropLoop:
		b.WriteString("captures hand\n")
	case v.capturesToHand:
		// a promoted piece taken goes to the hand as what it was before
		b.WriteString("captures hand demoted\n")
	}
	v.writeRules(&b, merged, names)
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
func (v *variant) writePawn(b *strings.Builder, side sideRules) bool {
	promote := ""
	switch len(side.promotions) {
	case 0:
	case 1:
		promote = " promote " + side.promotions[0]
	default:
		promote = " promote {" + strings.Join(side.promotions, ",") + "}"
	}
	// ends writes the ways a move ending on the cursor's square
	// finishes: unpromoted outside the promotion ranks (anywhere when
	// promotion is not mandatory), promoted on them
	ends := func(action string) []string {
		plain := action
		if v.mandatoryPromotion {
			for _, r := range side.promoRanks {
				plain = fmt.Sprintf("not pos x %d %s", r, plain)
			}
		}
		out := []string{plain}
		if promote != "" {
			for _, r := range side.promoRanks {
				out = append(out, fmt.Sprintf("pos x %d %s%s", r, action, promote))
			}
		}
		return out
	}
	for _, e := range ends("mov") {
		fmt.Fprintf(b, "    %sw empty %s\n", side.cond, e)
	}
	for _, e := range ends("capt mov") {
		fmt.Fprintf(b, "    %s{wa,wd} enemy %s\n", side.cond, e)
	}
	for _, r := range side.doubleRanks {
		for _, e := range ends("mov") {
			fmt.Fprintf(b, "    %spos x %d w empty spawn ghost w empty %s\n", side.cond, r, e)
		}
	}
	return len(side.doubleRanks) > 0
}

// sideRules are the pawn's regions and promotion types of one side, or
// of both when they are each other's mirror image (cond empty), with
// ranks relative to the side (0-based, pos x R). cond is the side test
// that starts each line of one side's (side first, side second).
type sideRules struct {
	cond                    string
	promoRanks, doubleRanks []int
	promotions              []string
}

// sides returns the rules of both sides as one when they mirror each
// other, as Fairy-Stockfish's defaults do on eight ranks, else one for
// each side: its absolute regions (*2 and *7, *8 and *1 on a board of
// another height) and promotionPieceTypesWhite/Black. double tells
// whether anything takes an initial move (a pawn or Betza's i).
func (v *variant) sides(names map[byte]string, double bool) []sideRules {
	relative := func(ranks []int, white bool) []int {
		var out []int
		for _, r := range ranks {
			if !white {
				r = v.maxRank + 1 - r
			}
			if r >= 1 && r <= v.maxRank { // a region off the board is none
				out = append(out, r-1)
			}
		}
		slices.Sort(out)
		return out
	}
	types := func(own *string) []string {
		given, letters := v.promoTypesSet, v.promoTypes
		if own != nil {
			given, letters = true, *own
		}
		if !given {
			return v.defaultPromotions
		}
		var list []string
		for _, c := range []byte(letters) {
			if n, ok := names[lower(c)]; ok && !slices.Contains(list, n) {
				list = append(list, n)
			}
		}
		return list
	}
	white := sideRules{cond: "side first ", promoRanks: relative(v.promoWhite, true), promotions: types(v.promoTypesWhite)}
	black := sideRules{cond: "side second ", promoRanks: relative(v.promoBlack, false), promotions: types(v.promoTypesBlack)}
	if v.doubleStep && double {
		white.doubleRanks, black.doubleRanks = relative(v.doubleWhite, true), relative(v.doubleBlack, false)
	}
	if slices.Equal(white.promoRanks, black.promoRanks) && slices.Equal(white.doubleRanks, black.doubleRanks) && slices.Equal(white.promotions, black.promotions) {
		white.cond = ""
		return []sideRules{white}
	}
	return []sideRules{white, black}
}

// writeCastling writes the king's castling as chess.alf's lines are
// written (pick and put), so that UCI names it as Fairy-Stockfish does
// outside Chess960 (e1g1): the king goes from its file in the start
// position to castlingKingsideFile or castlingQueensideFile, the rook from
// the corner (castlingRookKingsideFile, castlingRookQueensideFile) to the
// square beside it on the inner side. As in Fairy-Stockfish, both are
// unmoved, the squares either passes or reaches are empty but for the two
// of them, and the king's squares from its own to its target are not
// attacked.
//
// guarded: the castling piece is Fairy-Stockfish's king type, whose
// squares must not be attacked; any other piece (river's commoner, which
// castlingKingPiece names) castles without that test (Position::legal:
// "non-royal pieces can not be impeded from castling").
func (v *variant) writeCastling(b *strings.Builder, merged map[string]Option, names map[byte]string, guarded bool) {
	// castlingRookPieces: the types that castle with the king, read as
	// Fairy-Stockfish reads a piece set (up to a letter of no type)
	var rooks []string
	for _, c := range []byte(strings.ReplaceAll(v.castlingRooks, " ", "")) {
		n, ok := names[lower(c)]
		if !ok {
			break
		}
		if !slices.Contains(rooks, n) {
			rooks = append(rooks, n)
		}
	}
	if len(rooks) == 0 {
		return
	}
	// the partner test: one type, or any of several (perfect.alf's)
	rook := "is " + rooks[0]
	if len(rooks) > 1 {
		rook = "{is " + strings.Join(rooks, ",is ") + "}"
	}
	fields := strings.Fields(v.startFen)
	ranks := strings.Split(strings.SplitN(fields[0], "[", 2)[0], "/")
	white, black := fileOf(ranks[len(ranks)-1], 'K'), fileOf(ranks[0], 'k')
	if white < 0 || white != black {
		if len(fields) > 2 && fields[2] != "-" {
			v.reportKey(merged, "castling", "the kings do not start on one file of the first ranks")
		}
		return
	}
	// the castling rooks: as Fairy-Stockfish reads the castling field's K
	// and Q (Position::set), the first piece of a castling type from the
	// board's last file down, and from its first file up — in the corner
	// but for active chess's queen, which leaves h1's rook the partner
	var letters []byte
	for c, n := range names {
		if slices.Contains(rooks, n) {
			letters = append(letters, c)
		}
	}
	kingside := castlingRookFile(ranks[len(ranks)-1], ranks[0], letters, v.maxFile-1, -1)
	queenside := castlingRookFile(ranks[len(ranks)-1], ranks[0], letters, 0, 1)
	if kingside < 0 || queenside < 0 {
		kingside, queenside = v.maxFile-1, 0 // no rook there, or the sides differ: the corners
	}
	items, lines := 0, 0 // castlings written as castle items, as lines
	defer func() {
		if items > 0 && lines > 0 {
			// a variant with castle items names every castling as the king
			// taking its rook (docs/language.md § Castling), where
			// Fairy-Stockfish names so only those its king's step reaches
			v.reportKey(merged, "castlingQueensideFile", "one castling the king's step reaches (named king takes rook) and one it does not (named by the king's target): alfil names all castlings of a variant one way")
		}
	}()
	for _, side := range []struct{ kto, rf int }{{v.kingsideFile, kingside}, {v.queensideFile, queenside}} {
		rto := side.kto - 1
		if side.rf < white {
			rto = side.kto + 1
		}
		if side.kto == white || side.rf == white {
			v.reportKey(merged, "castlingKingsideFile", "castling where the king does not move")
			continue
		}
		if abs(side.kto-white) == 1 || rto == white {
			// Fairy-Stockfish names a castling the king's step would name
			// as the king taking its rook (uci.cpp), as castle items do;
			// they also set the rook down where the king stood
			if len(rooks) > 1 {
				v.reportKey(merged, "castlingRookPieces", "a castling the king's step also reaches, with more than one rook type (a castle item names one)")
				continue
			}
			if !guarded {
				v.reportKey(merged, "castlingKingPiece", "a castling the step of a piece other than the king also reaches (a castle item tests the king's squares)")
				continue
			}
			fmt.Fprintf(b, "    castle %s %c %c\n", rooks[0], 'a'+side.kto, 'a'+rto)
			items++
			continue
		}
		line := castleLine(white, side.kto, side.rf, rto, rook)
		if !guarded {
			line = strings.Join(slices.DeleteFunc(strings.Fields(line), func(w string) bool { return w == "safe" }), " ")
		}
		fmt.Fprintf(b, "    %s\n", line)
		lines++
	}
}

// castleLine writes one castling as a walk of the cursor along the first
// rank from the king's file kf: the king's squares up to kto empty and
// safe, the other squares the rook passes or reaches empty, the rook on
// rf (a piece the test rook names: is rook, {is rook,is chancellor})
// picked and put on rto, the king moved to kto.
func castleLine(kf, kto, rf, rto int, rook string) string {
	var parts []string
	cur := kf
	walk := func(to int) {
		switch {
		case to > cur:
			parts = append(parts, strings.Repeat("d", to-cur))
		case to < cur:
			parts = append(parts, strings.Repeat("a", cur-to))
		}
		cur = to
	}
	parts = append(parts, "unmoved safe")
	visited := map[int]bool{kf: true}
	dir := 1
	if kto < kf {
		dir = -1
	}
	for f := kf + dir; ; f += dir {
		walk(f)
		visited[f] = true
		if f == rf {
			parts = append(parts, "safe")
		} else {
			parts = append(parts, "empty safe")
		}
		if f == kto {
			break
		}
	}
	lo, hi := min(rf, rto), max(rf, rto)
	for f := lo; f <= hi; f++ {
		if !visited[f] && f != rf {
			walk(f)
			parts = append(parts, "empty")
		}
	}
	walk(rf)
	parts = append(parts, "ally unmoved "+rook+" pick")
	walk(rto)
	parts = append(parts, "put")
	walk(kto)
	parts = append(parts, "mov")
	return strings.Join(parts, " ")
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// castlingRookFile returns the file of the first piece whose letter is
// one of letters (lower case) on White's first rank and Black's last,
// from the file from on by step, or -1 when the two sides have none or
// differ there.
func castlingRookFile(white, black string, letters []byte, from, step int) int {
	first := func(rank string, upper bool) int {
		row := expandRank(rank)
		for f := from; f >= 0 && f < len(row); f += step {
			c := row[f]
			if c != 0 && slices.Contains(letters, lower(c)) && (c >= 'A' && c <= 'Z') == upper {
				return f
			}
		}
		return -1
	}
	if w := first(white, true); w == first(black, false) {
		return w
	}
	return -1
}

// expandRank returns a FEN rank's squares, 0 for an empty one.
func expandRank(rank string) []byte {
	var row []byte
	n := 0
	for i := 0; i < len(rank); i++ {
		c := rank[i]
		switch {
		case c >= '0' && c <= '9':
			n = n*10 + int(c-'0')
			continue
		case c == '+' || c == '~':
			continue
		}
		row = append(row, make([]byte, n)...)
		n = 0
		row = append(row, c)
	}
	return append(row, make([]byte, n)...)
}

// fileOf returns the file of the first piece letter in a FEN rank, -1
// for none.
func fileOf(rank string, letter byte) int { return bytes.IndexByte(expandRank(rank), letter) }

// writeDrop writes a piece's drop line when pieces are dropped
// (pieceDrops): on any empty square; Fairy-Stockfish's pawn not on its
// first rank (unless firstRankPawnDrops) nor in the promotion ranks
// (unless promotionZonePawnDrops), every piece only in the drop region
// (dropRegionWhite/Black, whole ranks), and the dropNoDoubled type not on a
// file where its side has dropNoDoubledCount of it (Position::drop_region).
func (v *variant) writeDrop(b *strings.Builder, p *piece, side sideRules) {
	if !v.pieceDrops || !p.pawn && side.cond == "side second " {
		return
	}
	line := "empty"
	if p.pawn {
		line = side.cond + line
	}
	if p.pawn {
		if !v.firstRankPawnDrops {
			line += " not pos x 0"
		}
		if !v.promotionZonePawnDrops {
			for _, r := range side.promoRanks {
				line += fmt.Sprintf(" not pos x %d", r)
			}
		}
	}
	// dropRegion: the ranks of the region, relative to the dropping side
	switch len(v.dropRanks) {
	case 0:
	case v.maxRank:
	case 1:
		line += fmt.Sprintf(" pos x %d", v.dropRanks[0])
	default:
		var alternatives []string
		for _, r := range v.dropRanks {
			alternatives = append(alternatives, fmt.Sprintf("pos x %d", r))
		}
		line += " {" + strings.Join(alternatives, ",") + "}"
	}
	if v.dropNoDoubled.Key != "" && len(v.dropNoDoubled.Value) > 0 && lower(v.dropNoDoubled.Value[0]) == p.letter {
		if v.dropNoDoubledCount <= 0 {
			return // every file holds at least none of them: never dropped
		}
		line += fmt.Sprintf(" not onfile %s %d", p.name, v.dropNoDoubledCount)
	}
	// a mobility region confines drops too (Position::drop_region)
	for _, ls := range v.landSides(p.name) {
		for _, land := range ls.lands {
			if land != "" {
				land = " " + land
			}
			fmt.Fprintf(b, "    drop: %s%s\n", line, land)
		}
	}
}

// leavesPassant tells whether Fairy-Stockfish leaves en-passant squares
// after the initial move m of a piece whose moves are all: m goes along
// a line more than one square, and no plain quiet move reaches its
// target on the empty board (PseudoMoves[1] & ~PseudoMoves[0]).
func leavesPassant(m betza.Move, all []betza.Move) bool {
	if !m.Quiet || m.Kind == betza.Hop || m.Kind == betza.Grasshop {
		return false
	}
	f, r := m.Forward, m.Right
	if !(f == 0 || r == 0 || abs(f) == abs(r)) || max(abs(f), abs(r)) < 2 {
		return false // between_bb is empty
	}
	for _, p := range all {
		if p.Initial || !p.Quiet {
			continue
		}
		if p.Forward == f && p.Right == r && (p.Kind == betza.Leap || p.Kind == betza.Lame || p.Kind == betza.Ride) {
			return false
		}
		// a ride, or a hopper (whose pseudo moves ride), along the line
		if p.Kind != betza.Leap && p.Kind != betza.Lame {
			for n := 2; n <= 12; n++ {
				if p.Forward*n == f && p.Right*n == r && (p.Limit == 0 || p.Limit >= n) {
					return false
				}
			}
		}
	}
	return true
}

// writeRules writes the extinction rule, passing, the facing kings,
// goals and forced drops (docs/language.md § Extinction, § Passing,
// § Facing pieces, § Goals and checks, § Hands and drops), each from the
// Fairy-Stockfish options that say the same.
func (v *variant) writeRules(b *strings.Builder, merged map[string]Option, names map[byte]string) {
	// pieceNames reads a piece-type option as Fairy-Stockfish does: its
	// letters up to the first that names no type, * all of them
	pieceNames := func(o Option) (list []string, all bool) {
		for _, c := range []byte(strings.ReplaceAll(o.Value, " ", "")) {
			switch n, ok := names[lower(c)]; {
			case c == '*':
				all = true
			case ok:
				if !slices.Contains(list, n) {
					list = append(list, n)
				}
			default:
				if c != '-' {
					v.report(o, fmt.Sprintf("no piece has the letter %c", c))
				}
				return list, all
			}
		}
		return list, all
	}
	// with extinctionPseudoRoyal Fairy-Stockfish's extinction rule is not
	// judged: its pieces cannot be taken (pseudoroyal.go)
	if v.extinction != "" && v.extinctionTypes.Key != "" && !v.pseudoRoyal {
		// Fairy-Stockfish's extinctionValue is the result of the side
		// left with extinctionPieceCount or fewer of a type while the
		// other has extinctionOpponentPieceCount or more (one more when
		// it is its turn, with extinctionClaim): alfil's extinction R,
		// left N, vs M and reply
		list, all := pieceNames(v.extinctionTypes)
		counted := ""
		switch {
		case all:
			counted = " all" // Fairy-Stockfish's * counts all pieces together
		case len(list) == 1:
			counted = " " + list[0]
		case len(list) > 1:
			counted = " {" + strings.Join(list, ",") + "}"
		}
		if counted != "" {
			if all && len(list) > 0 {
				v.report(v.extinctionTypes, "* together with single types")
			}
			fmt.Fprintf(b, "extinction %s%s", v.extinction, counted)
			if v.extinctionCount > 0 {
				fmt.Fprintf(b, " left %d", v.extinctionCount)
			}
			if v.extinctionOpponent > 0 || v.extinctionClaim {
				fmt.Fprintf(b, " vs %d", v.extinctionOpponent)
			}
			if v.extinctionClaim {
				b.WriteString(" reply")
			}
			b.WriteString("\n")
		}
	}
	switch {
	case v.pass:
		b.WriteString("pass\n")
	case v.passOnStalemate:
		b.WriteString("pass stalemate\n")
	}
	// Fairy-Stockfish's flying general and bikjang are rules of its king
	// type, which the importer names king
	king := slices.IndexFunc(v.pieces, func(p *piece) bool { return p.name == "king" }) >= 0
	switch {
	case v.flyingGeneral.Key != "" && v.bikjang.Key != "":
		v.report(v.bikjang, "flyingGeneral and bikjangRule together")
	case !king:
	case v.flyingGeneral.Key != "":
		b.WriteString("facing king illegal\n")
	case v.bikjang.Key != "":
		b.WriteString("facing king draw\n")
	}
	v.writeGoals(b, merged, names)
	if v.connectN > 0 {
		v.writeConnect(b, pieceNames)
	}
	if v.mustDrop {
		forced := ""
		if v.mustDropType.Key != "" && !strings.Contains(v.mustDropType.Value, "*") {
			list, _ := pieceNames(v.mustDropType)
			if len(list) > 0 {
				forced = " " + list[len(list)-1] // a type option keeps the last letter read
			}
		}
		fmt.Fprintf(b, "drops forced%s\n", forced)
	}
}

// writeGoals writes the goal declarations (docs/language.md § Goals and
// checks) of Fairy-Stockfish's flagPiece and flagRegion, per side or for
// both, and flagMove: with a king flag piece on both sides the reply
// racing kings' king gets, with other pieces on both sides hold — which
// is how Fairy-Stockfish's is_immediate_game_end reads flagMove, by
// whether the flag piece of the side to move, or of Black, is its king.
func (v *variant) writeGoals(b *strings.Builder, merged map[string]Option, names map[byte]string) {
	type goal struct {
		piece, region Option
		name          string
		items         []string
	}
	var goals [2]goal
	for s, side := range [2]string{"White", "Black"} {
		g := &goals[s]
		for _, key := range []string{"flagPiece", "flagPiece" + side} {
			if o, ok := merged[key]; ok {
				g.piece = o
			}
		}
		// Fairy-Stockfish reads whiteFlag (its older name, and 11.1's),
		// then flagRegion, then flagRegionWhite: the last one set counts
		for _, key := range []string{strings.ToLower(side) + "Flag", "flagRegion", "flagRegion" + side} {
			if o, ok := merged[key]; ok {
				g.region = o
			}
		}
		// Fairy-Stockfish's flag piece is any piece when not given or *:
		// goal any
		g.name = "any"
		if g.piece.Key != "" && !strings.HasPrefix(g.piece.Value, "*") {
			if n, ok := names[lower(g.piece.Value[0])]; ok && len(g.piece.Value) == 1 {
				g.name = n
			} else {
				v.report(g.piece, "expected the letter of a piece of the variant")
				return
			}
		}
		if g.region.Key != "" {
			g.items, _ = v.goalRegion(g.region) // checked as the option was read
		}
	}
	// count, full and safe: flagPieceCount, flagPieceBlockedWin and
	// flagPieceSafe, the goal's terms before and after the ending
	count, safe := "", ""
	if v.flagCount > 1 {
		count = fmt.Sprintf(" count %d", v.flagCount)
	}
	if v.flagBlockedWin {
		count += " full"
	}
	if v.flagSafe {
		safe = " safe"
	}
	ending := ""
	if v.flagMove {
		switch kings := [2]bool{goals[0].name == "king", goals[1].name == "king"}; kings {
		case [2]bool{true, true}:
			ending = " reply"
		case [2]bool{false, false}:
			ending = " hold"
		default:
			v.report(merged["flagMove"], "flagMove with a king flag piece for one side only")
			return
		}
		if ending == " reply" && safe != "" {
			v.report(merged["flagPieceSafe"], "flagPieceSafe with flagMove and king flag pieces: alfil's goal is safe with hold only")
			return
		}
	}
	ending = count + ending + safe
	w, k := goals[0], goals[1]
	if w.name == k.name && slices.Equal(w.items, k.items) {
		if len(w.items) > 0 {
			fmt.Fprintf(b, "goal %s %s%s\n", w.name, strings.Join(w.items, " "), ending)
		}
		return
	}
	for s, side := range [2]string{"first", "second"} {
		if g := goals[s]; len(g.items) > 0 {
			fmt.Fprintf(b, "goal %s %s %s%s\n", side, g.name, strings.Join(g.items, " "), ending)
		}
	}
}

// writeConnect writes Fairy-Stockfish's connectN (docs/language.md §
// Connect): connect N, the types of connectPieceTypes (all pieces when it
// is not given or holds *), the lines connectHorizontal, connectVertical
// and connectDiagonal allow (none written when all do), and connectValue,
// the result of the side that made the row. A rule that can make no row
// — no line allowed, or no type of the variant counted — is not written,
// as Fairy-Stockfish's then never ends a game.
func (v *variant) writeConnect(b *strings.Builder, pieceNames func(Option) ([]string, bool)) {
	group := ""
	if v.connectTypes.Key != "" {
		list, all := pieceNames(v.connectTypes)
		switch {
		case all:
		case len(list) == 0:
			return
		case len(list) == 1:
			group = " " + list[0]
		default:
			group = " {" + strings.Join(list, ",") + "}"
		}
	}
	var lines []string
	for i, word := range []string{"ranks", "files", "diagonals"} {
		if v.connectLines[i] {
			lines = append(lines, word)
		}
	}
	switch len(lines) {
	case 0:
		return
	case 3:
		lines = nil
	}
	fmt.Fprintf(b, "connect %d%s", v.connectN, group)
	for _, l := range lines {
		b.WriteString(" " + l)
	}
	fmt.Fprintf(b, " %s\n", v.connectValue)
}

// passSides reads passWhite, passBlack, passOnStalemateWhite and
// passOnStalemateBlack, which Fairy-Stockfish reads after pass and
// passOnStalemate whatever their order (parser.cpp): alfil's pass rule
// is one for both players, so the two colours' must agree, else the
// option that sets them apart is reported.
func (v *variant) passSides(merged map[string]Option) {
	for _, rule := range []struct {
		key  string
		both *bool
	}{{"pass", &v.pass}, {"passOnStalemate", &v.passOnStalemate}} {
		var side [2]bool
		var last Option
		for c, colour := range []string{"White", "Black"} {
			side[c] = *rule.both
			if o, ok := merged[rule.key+colour]; ok {
				side[c], last = o.Value == "true", o
			}
		}
		if side[0] != side[1] {
			v.report(last, "passing for one player only: alfil's pass rule is both players'")
			continue
		}
		*rule.both = side[0]
	}
}

// checksToWin returns N of checks N for checkCounting: the checks the
// start position's counters say a side still needs (the field W+B after
// en passant, or Lichess's trailing +W+B of checks given, out of 3), the
// larger of the two; without counters Fairy-Stockfish's FEN reader lets
// the next check win (Position::set), so 1.
func (v *variant) checksToWin() int {
	fields := strings.Fields(v.startFen)
	need := 1
	for i, f := range fields {
		w, b, ok := strings.Cut(strings.TrimPrefix(f, "+"), "+")
		wn, err1 := strconv.Atoi(w)
		bn, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || i == 0 {
			continue
		}
		if strings.HasPrefix(f, "+") { // checks given, Lichess's
			wn, bn = 3-wn, 3-bn
		}
		need = max(wn, bn, 1)
	}
	return need
}
