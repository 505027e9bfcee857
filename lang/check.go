package lang

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// check runs the checks that need the whole file: piece names and letters
// are unique, every name used by spawn, promote, is and has exists, defs do
// not shadow pieces, and the tiles fit the board. The setup's FEN is
// checked where it is read, by the compiler (movegen), which reads it the
// way a board is set up from it: one path for both.
func (p *parser) check(f *File, x *expander) {
	byName := map[string]*Piece{}
	byLetter := map[byte]*Piece{}
	attrs := map[string]bool{}
	var names []string
	for _, pc := range f.Pieces {
		if prev, ok := byName[pc.Name]; ok {
			p.errorAt(pc.Pos, "piece %q declared twice (first at %s)", pc.Name, p.src.Position(prev.Pos))
			continue
		}
		key := pc.Letter
		if pc.Plus {
			key |= 0x80 // +P is its own name
		}
		if prev, ok := byLetter[key]; ok {
			p.errorAt(pc.Pos, "piece %s uses letter %s, already used by %s", pc.Name, pc.LetterString(), prev.Name)
		}
		if d := x.scope.lookup(pc.Name); d != nil {
			p.errorAt(d.name.pos, "def %q has the name of a piece", pc.Name)
		}
		byName[pc.Name] = pc
		byLetter[key] = pc
		names = append(names, pc.Name)
		var royal *Attr
		for _, a := range pc.Attrs {
			attrs[a.Name] = true
			if a.Name == "royal" || a.Name == "lastroyal" {
				if royal != nil && royal.Name != a.Name {
					p.errorAt(a.Pos, "piece %s is %s and %s: a royal piece is one or the other", pc.Name, royal.Name, a.Name)
				}
				royal = a
			}
		}
	}
	attrNames := make([]string, 0, len(attrs))
	for a := range attrs {
		attrNames = append(attrNames, a)
	}
	slices.Sort(attrNames)
	for _, pc := range f.Pieces {
		walkPiece(pc, func(it Item) {
			if c, ok := it.(*PosCond); ok {
				p.checkSquares(f, c)
				return
			}
			n, ok := it.(*Named)
			if !ok {
				return
			}
			if n.Op == "reform" {
				return // a formation's name (checkFormations)
			}
			if n.Op == "has" {
				if !attrs[n.Name] {
					p.errorAt(n.NamePos, "no piece has attribute %q%s", n.Name, p.didYouMean(n.Name, attrNames))
				}
				return
			}
			if byName[n.Name] == nil {
				p.errorAt(n.NamePos, "%s names unknown piece %q%s", n.Op, n.Name, p.didYouMean(n.Name, names))
			}
		})
	}
	hint := func(name string) string { return p.didYouMean(name, names) }
	for _, pc := range f.Pieces {
		p.checkCastles(f, pc, hint, byName)
		p.checkGates(pc)
		p.checkHidden(pc)
	}
	p.checkDrops(f, hint, byName)
	p.checkExtinction(f, names, byName)
	p.checkCheckable(f)
	if c := f.Facing; c != nil && byName[c.Piece.Name] == nil {
		p.errorAt(c.Piece.Pos, "facing names unknown piece %q%s", c.Piece.Name, hint(c.Piece.Name))
	}
	if c := f.Connect; c != nil {
		for _, n := range c.Pieces {
			if byName[n.Name] == nil {
				p.errorAt(n.Pos, "connect names unknown piece %q%s", n.Name, hint(n.Name))
			}
		}
	}
	p.checkGoals(f, hint, byName)
	p.checkFormations(f, byName, hint) // (formation.go)
	p.checkDupleCheck(f)
	for _, names := range [][]PieceName{f.MateShak, f.MateForbidden} {
		for _, n := range names {
			if byName[n.Name] == nil {
				p.errorAt(n.Pos, "mate names unknown piece %q%s", n.Name, hint(n.Name))
			}
		}
	}
	p.checkWalls(f, hint, byName)
	for _, t := range f.Tiles {
		if len(t.Rows) != f.Height {
			p.errorAt(t.Pos, "tiles %d has %d rows for a board of %d ranks", t.Cell, len(t.Rows), f.Height)
			continue
		}
		for r, row := range t.Rows {
			if len(row) != f.Width {
				p.errorAt(t.Pos, "tiles %d: row %d has %d values for a board of %d files", t.Cell, r+1, len(row), f.Width)
			}
		}
	}
}

// checkCastles checks the castle items of a piece (docs/language.md
// § Castling): the piece is royal, the ally's type exists, the files lie on
// the board and differ, and each castle ends a move line of its own, after
// conditions only, for the compiler places it from the piece's square.
func (p *parser) checkCastles(f *File, pc *Piece, hint func(string) string, byName map[string]*Piece) {
	top := map[*Castle]bool{}
	for _, l := range pc.Moves {
		for i, it := range l.Items {
			c, ok := it.(*Castle)
			if !ok {
				continue
			}
			top[c] = true
			if i != len(l.Items)-1 {
				next := l.Items[i+1]
				p.errorAt(next.Position(), "castle must end its line, found %s after it", next)
			}
			for _, before := range l.Items[:i] {
				if !isCondition(before) {
					p.errorAt(before.Position(), "only conditions may come before castle (it starts from the piece's square), found %s", before)
				}
			}
		}
	}
	walkPiece(pc, func(it Item) {
		c, ok := it.(*Castle)
		if !ok {
			return
		}
		if !top[c] {
			p.errorAt(c.Pos, "castle must stand in a move line of its own, not inside a structure or hook")
		}
		if byName[c.Name] == nil {
			p.errorAt(c.NamePos, "castle names unknown piece %q%s", c.Name, hint(c.Name))
		}
		last := fileName(f.Width - 1)
		for _, fl := range []struct {
			name string
			pos  Pos
		}{{c.King, c.KingPos}, {c.Rook, c.RookPos}} {
			if FileIndex(fl.name) >= f.Width {
				p.errorAt(fl.pos, "expected a file of the %d-file board (a to %s) in castle, found %q", f.Width, last, fl.name)
			}
		}
		if c.King == c.Rook {
			p.errorAt(c.RookPos, "expected a file other than %s in castle: the two pieces cannot end on one square", c.King)
		}
	})
}

// checkExtinction checks the pieces the extinction rule names
// (docs/language.md § Extinction): each a declared piece, not a ghost,
// which is never counted.
func (p *parser) checkExtinction(f *File, names []string, byName map[string]*Piece) {
	for _, n := range f.ExtinctionPieces {
		switch pc := byName[n.Name]; {
		case pc == nil:
			// a misspelt word after the result reads as a piece name
			p.errorAt(n.Pos, "extinction names unknown piece %q%s", n.Name,
				p.didYouMean(n.Name, append([]string{"all", "left", "vs", "reply"}, names...)))
		case slices.ContainsFunc(pc.Attrs, func(a *Attr) bool { return a.Name == "ghost" }):
			p.errorAt(n.Pos, "extinction names piece %s, a ghost: ghosts are never counted", n.Name)
		}
	}
}

// checkDupleCheck checks that duplecheck has lastroyal pieces to rule
// on (docs/language.md § Royal pieces and legality).
func (p *parser) checkDupleCheck(f *File) {
	if !f.DupleCheck {
		return
	}
	for _, pc := range f.Pieces {
		if slices.ContainsFunc(pc.Attrs, func(a *Attr) bool { return a.Name == "lastroyal" }) {
			return
		}
	}
	p.errorAt(f.dupleCheckPos, "duplecheck without a lastroyal piece: it rules on a side's lastroyal pieces")
}

// checkGoals checks the goal declarations (docs/language.md § Goals):
// each names a piece and squares of the board, each side has one goal at
// most, and reply or hold stands on every goal or on none.
func (p *parser) checkGoals(f *File, hint func(string) string, byName map[string]*Piece) {
	var bySide [2]*Goal
	for _, g := range f.Goals {
		switch {
		case byName[g.Piece.Name] != nil:
		case g.Piece.Name == "any":
			g.Any = true // any piece of the side, as no piece is named any
		default:
			p.errorAt(g.Piece.Pos, "goal names unknown piece %q%s", g.Piece.Name, hint(g.Piece.Name))
		}
		for _, r := range g.Region {
			switch r.Kind {
			case "square":
				if SquareIndex(r.Name, f.Width, f.Height) < 0 {
					p.errorAt(r.Pos, "goal square %s is not on the %dx%d board", r.Name, f.Width, f.Height)
				}
			case "rank":
				if n, err := strconv.Atoi(r.Name); err != nil || n < 1 || n > f.Height {
					p.errorAt(r.Pos, "goal rank %s is not a rank of the %dx%d board (1 to %d)", r.Name, f.Width, f.Height, f.Height)
				}
			case "file":
				if FileIndex(r.Name) >= f.Width {
					p.errorAt(r.Pos, "goal file %s is not a file of the %dx%d board (a to %s)", r.Name, f.Width, f.Height, fileName(f.Width-1))
				}
			}
		}
		for s, name := range [2]string{"first", "second"} {
			if g.Side != "" && g.Side != name {
				continue
			}
			if prev := bySide[s]; prev != nil {
				p.errorAt(g.Pos, "a second goal for the %s player (first at %s)", name, p.src.Position(prev.Pos))
				break
			}
			bySide[s] = g
		}
		if first := f.Goals[0]; max(g.Count, 1) != max(first.Count, 1) || g.Full != first.Full || g.Safe != first.Safe {
			// like the ending, the rule's terms are one for the game
			terms := func(g *Goal) string {
				if t := g.Terms(); len(t) > 0 {
					return strings.Join(t, " ")
				}
				return "no terms"
			}
			p.errorAt(g.Pos, "goal with %s, but the goal at %s with %s: count, full and safe stand alike on every goal",
				terms(g), p.src.Position(first.Pos), terms(first))
		} else if g.Ending() != first.Ending() {
			// the rule is one for the game: both players' goals end alike
			ending := func(e, other string) string {
				if e == "" {
					return "without " + other
				}
				return "with " + e
			}
			p.errorAt(g.Pos, "goal %s, but the goal at %s is %s: reply or hold stands on every goal or none",
				ending(g.Ending(), first.Ending()), p.src.Position(first.Pos), ending(first.Ending(), g.Ending()))
		}
	}
}

// checkDrops checks the drops declarations (docs/language.md § Hands and
// drops): drops bicolor names a piece that is dropped; drops castle a
// royal piece and another piece, and files of the board, the partner's
// other than the royal piece's.
func (p *parser) checkDrops(f *File, hint func(string) string, byName map[string]*Piece) {
	for _, named := range []struct {
		name *PieceName
		what string
	}{{f.BicolorDrops, "drops bicolor"}, {f.ForcedDropType, "drops forced"}} {
		b := named.name
		if b == nil {
			continue
		}
		switch pc := byName[b.Name]; {
		case pc == nil:
			p.errorAt(b.Pos, "%s names unknown piece %q%s", named.what, b.Name, hint(b.Name))
		case len(pc.Drops) == 0:
			p.errorAt(b.Pos, "%s names piece %s, which has no drop lines", named.what, b.Name)
		}
	}
	c := f.DropCastle
	if c == nil {
		return
	}
	king := byName[c.King.Name]
	switch {
	case king == nil:
		p.errorAt(c.King.Pos, "drops castle names unknown piece %q%s", c.King.Name, hint(c.King.Name))
	case !slices.ContainsFunc(king.Attrs, func(a *Attr) bool { return a.Name == "royal" }):
		p.errorAt(c.King.Pos, "drops castle names piece %s, which is not royal: only a royal piece castles", c.King.Name)
	}
	rook := byName[c.Rook.Name]
	switch {
	case rook == nil:
		p.errorAt(c.Rook.Pos, "drops castle names unknown piece %q%s", c.Rook.Name, hint(c.Rook.Name))
	case c.Rook.Name == c.King.Name:
		p.errorAt(c.Rook.Pos, "drops castle names %s twice: the castling piece's partner is another piece", c.Rook.Name)
	case king != nil && len(king.Drops) == 0 && len(rook.Drops) == 0:
		p.errorAt(c.Pos, "drops castle names pieces %s and %s, neither of which has drop lines", c.King.Name, c.Rook.Name)
	}
	last := fileName(f.Width - 1)
	seen := map[string]bool{c.KingFile.Name: true}
	for i, fl := range append([]FileName{c.KingFile}, c.RookFiles...) {
		switch {
		case FileIndex(fl.Name) >= f.Width:
			p.errorAt(fl.Pos, "expected a file of the %d-file board (a to %s) in drops castle, found %q", f.Width, last, fl.Name)
		case i > 0 && seen[fl.Name]:
			p.errorAt(fl.Pos, "file %s named twice in drops castle", fl.Name)
		}
		seen[fl.Name] = true
	}
}

// checkGates checks a piece's gate lines (docs/language.md § Gating):
// they hold conditions only, tested on the square a move leaves, where the
// gated piece enters as part of the move — no step, action or structure —
// and not safe, which would need a piece of the line's own to stand there.
func (p *parser) checkGates(pc *Piece) {
	for _, l := range pc.Gates {
		for _, it := range l.Items {
			cond := it
			for {
				n, ok := cond.(*Not)
				if !ok {
					break
				}
				cond = n.Cond
			}
			switch s, ok := cond.(*Simple); {
			case !isCondition(it):
				p.errorAt(it.Position(), "a gate line holds conditions only (tested on the square a move leaves), found %s", describeItem(it))
			case ok && s.Op == "safe":
				p.errorAt(it.Position(), "safe in a gate line: a gate's conditions read the square a move leaves as it stands")
			}
		}
	}
}

// describeItem names a line item in an error: its first word, or the
// step it is.
func describeItem(it Item) string {
	if st, ok := it.(*Step); ok {
		return fmt.Sprintf("step %q", st.Dirs)
	}
	return fmt.Sprintf("%q", strings.Fields(it.String())[0])
}

// fileName names file x as FileIndex reads it.
func fileName(x int) string {
	if x < 26 {
		return string(rune('a' + x))
	}
	return "a" + string(rune('a'+x-26))
}

// isCondition reports whether a line item is a condition.
func isCondition(it Item) bool {
	switch n := it.(type) {
	case *Simple:
		t, ok := keywords[n.Op]
		return ok && t.isCondition()
	case *Not, *PosCond, *SideCond:
		return true
	case *Named:
		return n.Op == "is" || n.Op == "has" || n.Op == "onfile" || n.Op == "count" || n.Op == "harmless" || n.Op == "heldby" || n.Op == "holds"
	case *Mem:
		return n.Op == "mcmp" || n.Op == "mless" || n.Op == "mdiff"
	}
	return false
}

// checkSquares checks that the squares an absolute pos names are on the
// board.
func (p *parser) checkSquares(f *File, c *PosCond) {
	if c.Square == "" {
		return
	}
	from, to, _ := strings.Cut(c.Square, "..")
	for _, name := range []string{from, to} {
		if x, y, ok := squareCoords(name); ok && (x >= f.Width || y >= f.Height) {
			p.errorAt(c.Pos, "pos names square %s, off the %dx%d board (a1 to %s%d)", name, f.Width, f.Height, fileName(f.Width-1), f.Height)
		}
	}
}

// walkPiece calls visit on every item of every line of the piece.
func walkPiece(pc *Piece, visit func(Item)) {
	for _, l := range pc.Moves {
		Walk(l.Items, visit)
	}
	for _, e := range pc.Every {
		Walk(e.Line.Items, visit)
	}
	for _, l := range pc.OnDeath {
		Walk(l.Items, visit)
	}
	for _, l := range slices.Concat(pc.OnHold, pc.OnRelease) {
		Walk(l.Items, visit)
	}
	for _, l := range pc.Drops {
		Walk(l.Items, visit)
	}
	for _, l := range pc.Gates {
		Walk(l.Items, visit)
	}
	if pc.Restrict != nil {
		Walk(pc.Restrict.Items, visit)
	}
}

// Walk calls visit on every item of seq, depth first, parents before their
// contents.
func Walk(seq Seq, visit func(Item)) {
	for _, it := range seq {
		visit(it)
		switch n := it.(type) {
		case *Not:
			Walk(Seq{n.Cond}, visit)
		case *Slide:
			Walk(n.Body, visit)
			if n.Then != nil {
				Walk(n.Then.Items, visit)
			}
			if n.Out != nil {
				Walk(n.Out.Items, visit)
			}
		case *Opt:
			for _, b := range n.Branches {
				Walk(b, visit)
			}
		case *Exc:
			for _, b := range n.Branches {
				Walk(b, visit)
			}
		case *Rand:
			for _, b := range n.Branches {
				Walk(b, visit)
			}
		case *Block:
			Walk(n.Body, visit)
		case *Multi:
			for _, l := range n.Lines {
				Walk(l.Items, visit)
			}
		case *In:
			Walk(n.Do, visit)
		case *Limit:
			for _, l := range n.Lines {
				Walk(l.Items, visit)
			}
		}
	}
}

// unknownWord explains an identifier that is neither a step, a keyword nor a
// def, naming what it most likely was meant to be.
func (p *parser) unknownWord(word string) string {
	if !p.reporting() {
		return "" // the error will not be shown
	}
	if msg, ok := p.suggests[word]; ok {
		return msg
	}
	if p.suggests == nil {
		p.suggests = map[string]string{}
	}
	msg := p.explainWord(word)
	p.suggests[word] = msg
	return msg
}

func (p *parser) explainWord(word string) string {
	if p.words == nil {
		for w := range keywords {
			p.words = append(p.words, w)
		}
		for w := range aliases {
			p.words = append(p.words, w)
		}
		p.words = append(p.words, p.scope.names()...)
		slices.Sort(p.words)
	}
	best := p.closest(word, p.words)
	if best == "" {
		return fmt.Sprintf("undefined name %q: not a step, keyword or def", word)
	}
	kind := "name"
	if p.scope.visible(best) {
		kind = "def"
	} else {
		switch t, _ := lookupKeyword(best); {
		case t.isCondition():
			kind = "condition"
		case t.isAction():
			kind = "action"
		default:
			kind = "keyword"
		}
	}
	return fmt.Sprintf("unknown %s %q (did you mean %q?)", kind, word, best)
}

// didYouMean returns ` (did you mean "x"?)` for the closest candidate, or "".
func (p *parser) didYouMean(word string, candidates []string) string {
	if !p.reporting() {
		return ""
	}
	if best := p.closest(word, candidates); best != "" {
		return fmt.Sprintf(" (did you mean %q?)", best)
	}
	return ""
}

// maxSuggestWork bounds the work spent on suggestions for one file, counted
// in cells of edit-distance tables. A file with thousands of pieces and
// thousands of misspelled names still parses fast; the suggestions past the
// budget are left out.
const maxSuggestWork = 1 << 22

// closest returns the candidate nearest to word by edit distance, if it is
// near enough to be a plausible misspelling, or "" if there is none or the
// suggestion budget is spent.
func (p *parser) closest(word string, candidates []string) string {
	best, bestDist := "", max(1, len(word)/3)+1
	lower := strings.ToLower(word)
	for _, c := range candidates {
		if c == word || abs(len(c)-len(word)) >= bestDist {
			continue // the distance is at least the difference in length
		}
		p.spent += max(1, min(len(word), 65)*min(len(c), 65))
		if p.spent > maxSuggestWork {
			return ""
		}
		if d := editDistance(lower, strings.ToLower(c)); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// editDistance is the optimal-string-alignment distance: insertions,
// deletions, substitutions and swaps of neighbours each cost one.
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return max(len(a), len(b))
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// checkWalls checks the wall pieces and the wall rule (docs/language.md §
// Two-part turns): a wall has no move lines nor hooks, at most one type
// is a wall, and place names a wall.
func (p *parser) checkWalls(f *File, hint func(string) string, byName map[string]*Piece) {
	var first *Piece
	for _, pc := range f.Pieces {
		if !slices.ContainsFunc(pc.Attrs, func(a *Attr) bool { return a.Name == "wall" }) {
			continue
		}
		switch {
		case first != nil:
			p.errorAt(pc.Pos, "piece %s is a wall, and so is %s: a variant has one wall type", pc.Name, first.Name)
		case len(pc.Moves) > 0 || len(pc.Every) > 0 || len(pc.OnDeath) > 0 || len(pc.OnHold) > 0 || len(pc.OnRelease) > 0 || len(pc.Drops) > 0 || len(pc.Gates) > 0 || len(pc.Copies) > 0:
			p.errorAt(pc.Pos, "piece %s is a wall: it has no move lines, hooks, drop or gate lines", pc.Name)
		case slices.ContainsFunc(pc.Attrs, func(a *Attr) bool {
			return a.Name == "royal" || a.Name == "lastroyal" || a.Name == "real" || a.Name == "ghost"
		}):
			p.errorAt(pc.Pos, "piece %s is a wall: it cannot be royal, real or a ghost", pc.Name)
		}
		if first == nil {
			first = pc
		}
	}
	r := f.Place
	if r == nil {
		return
	}
	switch pc := byName[r.Wall.Name]; {
	case pc == nil:
		p.errorAt(r.Wall.Pos, "place names unknown piece %q%s", r.Wall.Name, hint(r.Wall.Name))
	case !slices.ContainsFunc(pc.Attrs, func(a *Attr) bool { return a.Name == "wall" }):
		p.errorAt(r.Wall.Pos, "place names piece %s, which is not a wall (give it the attribute wall)", r.Wall.Name)
	}
}

// checkHidden checks the invisible attribute and the field line
// (docs/language.md § Invisible pieces, § Blocking fields). An invisible
// piece cannot be royal: whether a royal piece is capturable is judged by
// the opponent's capt actions, and an invisible piece is taken by a mov
// that lands on it, which no check test sees — the game would end by a
// capture no rule forbade. A ghost is invisible to both sides already, and
// a ghost's or a wall's field would bar squares for pieces that are not
// in an army.
func (p *parser) checkHidden(pc *Piece) {
	has := func(name string) *Attr {
		if i := slices.IndexFunc(pc.Attrs, func(a *Attr) bool { return a.Name == name }); i >= 0 {
			return pc.Attrs[i]
		}
		return nil
	}
	if inv := has("invisible"); inv != nil {
		for _, other := range []string{"royal", "lastroyal", "ghost"} {
			if has(other) != nil {
				p.errorAt(inv.Pos, "piece %s is invisible and %s: an invisible piece cannot be royal (a mov that lands on it captures it, which no check test sees) nor a ghost (a ghost is invisible to both sides already)", pc.Name, other)
				break
			}
		}
	}
	for _, role := range []string{"ghost", "wall"} {
		if pc.Field != nil && has(role) != nil {
			p.errorAt(pc.Field.Pos, "piece %s is a %s: a %s has no field", pc.Name, role, role)
		}
	}
	if inv := has("invisible"); inv != nil && has("wall") != nil {
		p.errorAt(inv.Pos, "piece %s is a wall: a wall cannot be invisible", pc.Name)
	}
}
