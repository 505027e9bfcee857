package lang

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// check runs the checks that need the whole file: piece names and letters
// are unique, every name used by spawn, promote, is and has exists, defs do
// not shadow pieces, and the setup and tiles fit the board.
func (p *parser) check(f *File, x *expander) {
	byName := map[string]*Piece{}
	byLetter := map[byte]*Piece{}
	attrs := map[string]bool{}
	var names []string
	for _, pc := range f.Pieces {
		if prev, ok := byName[pc.Name]; ok {
			p.errorAt(pc.Pos, "piece %q declared twice (first at %s)", pc.Name, p.src.position(prev.Pos))
			continue
		}
		if prev, ok := byLetter[pc.Letter]; ok {
			p.errorAt(pc.Pos, "piece %s uses letter %c, already used by %s", pc.Name, pc.Letter, prev.Name)
		}
		if d, ok := x.defs[pc.Name]; ok {
			p.errorAt(d.name.pos, "def %q has the name of a piece", pc.Name)
		}
		byName[pc.Name] = pc
		byLetter[pc.Letter] = pc
		names = append(names, pc.Name)
		for _, a := range pc.Attrs {
			attrs[a.Name] = true
		}
	}
	attrNames := make([]string, 0, len(attrs))
	for a := range attrs {
		attrNames = append(attrNames, a)
	}
	slices.Sort(attrNames)
	for _, pc := range f.Pieces {
		walkPiece(pc, func(it Item) {
			n, ok := it.(*Named)
			if !ok {
				return
			}
			if n.Op == "has" {
				if !attrs[n.Name] {
					p.errorAt(n.NamePos, "no piece has attribute %q%s", n.Name, didYouMean(n.Name, attrNames))
				}
				return
			}
			if byName[n.Name] == nil {
				p.errorAt(n.NamePos, "%s names unknown piece %q%s", n.Op, n.Name, didYouMean(n.Name, names))
			}
		})
	}
	if f.Setup != nil {
		p.checkSetup(f, f.Setup, byLetter)
	}
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

// checkSetup checks the shape of the FEN-shaped setup string: one rank per
// board rank separated by /, each as wide as the board (digit runs count
// empty squares and may exceed 9), known letters, then optional side to move,
// castling, en-passant, halfmove and fullmove fields.
func (p *parser) checkSetup(f *File, s *Setup, byLetter map[byte]*Piece) {
	// The FEN sits after "setup" and spaces; locate it in the source so
	// errors point inside it.
	base := int(s.Pos) + strings.Index(p.src.text[s.Pos:], s.FEN)
	at := func(off int, format string, args ...any) { p.errorAt(Pos(base+off), format, args...) }
	fields := strings.Fields(s.FEN)
	if len(fields) == 0 { // only white space the lexer does not strip, such as \v
		at(0, "setup has no position")
		return
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != f.Height {
		at(0, "setup has %d ranks for a board of %d ranks", len(ranks), f.Height)
		return
	}
	off := 0
	for r, rank := range ranks {
		width := 0
		for i := 0; i < len(rank); {
			c := rank[i]
			switch {
			case isDigit(rune(c)):
				j := i
				for j < len(rank) && isDigit(rune(rank[j])) {
					j++
				}
				n, _ := strconv.Atoi(rank[i:j])
				if n == 0 || rank[i] == '0' {
					at(off+i, "setup rank %d: bad empty-square count %q", r+1, rank[i:j])
					return
				}
				width += n
				i = j
			case isLetter(rune(c)) && c != '_':
				if byLetter[strings.ToUpper(string(c))[0]] == nil {
					at(off+i, "setup rank %d: no piece has letter %c", r+1, c)
					return
				}
				width++
				i++
			default:
				at(off+i, "setup rank %d: unexpected %q", r+1, c)
				return
			}
		}
		if width != f.Width {
			at(off, "setup rank %d is %d squares wide for a board of %d files", r+1, width, f.Width)
			return
		}
		off += len(rank) + 1
	}
	rest := fields[1:]
	fieldOff := func(i int) int { // offset of field i+1 in the FEN
		o := 0
		for k := 0; k <= i; k++ {
			o = strings.Index(s.FEN[o:], fields[k]) + o + len(fields[k])
		}
		return strings.Index(s.FEN[o:], fields[i+1]) + o
	}
	checks := []struct {
		name string
		ok   func(string) bool
	}{
		{"side to move (w or b)", func(v string) bool { return v == "w" || v == "b" }},
		{"castling field (- or letters such as KQkq)", func(v string) bool {
			return v == "-" || strings.Trim(v, "KQkqABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") == ""
		}},
		{"en-passant field (- or squares such as e3)", func(v string) bool { return v == "-" || validSquares(v) }},
		{"halfmove clock", isCount},
		{"fullmove number", isCount},
	}
	// Fairy-Stockfish's check counters: W+B after the en-passant field,
	// or a trailing +W+B
	counter := func(v string, lead bool) bool {
		if lead != strings.HasPrefix(v, "+") {
			return false
		}
		w, b, ok := strings.Cut(strings.TrimPrefix(v, "+"), "+")
		return ok && isCount(w) && isCount(b)
	}
	k := 0
	for i, v := range rest {
		if k == 3 && counter(v, false) || i == len(rest)-1 && k >= 3 && counter(v, true) {
			continue
		}
		if k >= len(checks) {
			at(fieldOff(i), "setup has an extra field %q", v)
			return
		}
		if !checks[k].ok(v) {
			at(fieldOff(i), "setup: bad %s %q", checks[k].name, v)
			return
		}
		k++
	}
}

func isCount(s string) bool {
	n, err := strconv.Atoi(s)
	return err == nil && n >= 0
}

// validSquares accepts one or more algebraic squares such as e3 or e5f6.
func validSquares(s string) bool {
	if s == "" {
		return false
	}
	for s != "" {
		if s[0] < 'a' || s[0] > 'z' {
			return false
		}
		j := 1
		for j < len(s) && isDigit(rune(s[j])) {
			j++
		}
		if j == 1 {
			return false
		}
		s = s[j:]
	}
	return true
}

// unknownWord explains an identifier that is neither a step, a keyword nor a
// def, naming what it most likely was meant to be.
func (p *parser) unknownWord(word string) string {
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
	var candidates []string
	for w := range keywords {
		candidates = append(candidates, w)
	}
	for w := range aliases {
		candidates = append(candidates, w)
	}
	for name := range p.defs {
		candidates = append(candidates, name)
	}
	slices.Sort(candidates)
	best := closest(word, candidates)
	if best == "" {
		return fmt.Sprintf("undefined name %q: not a step, keyword or def", word)
	}
	kind := "name"
	if _, isDef := p.defs[best]; isDef {
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
func didYouMean(word string, candidates []string) string {
	if best := closest(word, candidates); best != "" {
		return fmt.Sprintf(" (did you mean %q?)", best)
	}
	return ""
}

// closest returns the candidate nearest to word by edit distance, if it is
// near enough to be a plausible misspelling.
func closest(word string, candidates []string) string {
	best, bestDist := "", max(1, len(word)/3)+1
	for _, c := range candidates {
		if c == word {
			continue
		}
		if d := editDistance(strings.ToLower(word), strings.ToLower(c)); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
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
