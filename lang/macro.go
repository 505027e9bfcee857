package lang

import (
	"fmt"
	"slices"
)

// Macro expansion works on tokens, before move lines are parsed, in the order
// LANGUAGE.md §10 gives: def names are substituted first (recursively), then
// turn blocks are copied once per binding, then every {a,b,,c} copies the
// line it stands in once per member; turn and braces repeat until none is
// left. Expanded tokens keep the offsets they had in the file, so errors in
// expanded text point at what the user wrote.
//
// A "line" for braces is the innermost line that contains them: a line of a
// piece, or a line inside a block (multi [ … ], limit [ … ] < … >, turn …
// < … >), so "multi [ {wa,wd} enemy capt ]" copies only the line inside the
// brackets.

// Expansion bounds. Exceeding one is an error at the macro that did it.
const (
	maxDefDepth      = 32      // defs inside defs
	maxExpandedToks  = 1 << 18 // tokens produced for the whole file
	maxExpandedLines = 1 << 14 // lines produced for the whole file
)

// macroLine is one logical line of tokens (without its newline); end is the
// offset of the newline or bracket that ends it, for "found end of line".
type macroLine struct {
	toks []item
	end  Pos
}

type def struct {
	name item
	body []item
	size int // tokens after expansion, once computed; 0 before
}

type expander struct {
	defs    map[string]*def
	errs    *parser
	toks    int  // tokens produced so far
	lines   int  // lines produced so far
	stopped bool // a bound was exceeded: expand nothing more
}

// errorAt reports an error unless the expansion already stopped on a bound.
func (x *expander) errorAt(pos Pos, format string, args ...any) {
	if !x.stopped {
		x.errs.errorAt(pos, format, args...)
	}
}

// exceeded reports a bound and stops the expansion of this piece.
func (x *expander) exceeded(pos Pos, what string) {
	x.errorAt(pos, "macro expansion too large: %s (the limit is %d lines and %d tokens per file)",
		what, maxExpandedLines, maxExpandedToks)
	x.stopped = true
}

// substitute replaces def names by their bodies. The size of each def's
// expansion is computed first, so an explosion is caught before any work is
// done for it.
func (x *expander) substitute(toks []item, depth int) []item {
	out := make([]item, 0, len(toks))
	for _, t := range toks {
		if x.stopped {
			return nil
		}
		d, ok := x.defs[t.val]
		if t.typ != itemIdent || !ok {
			out = append(out, t)
			continue
		}
		if depth >= maxDefDepth {
			x.errorAt(t.pos, "def %q nests more than %d defs deep (does it refer to itself?)", t.val, maxDefDepth)
			x.stopped = true
			return nil
		}
		if depth == 0 {
			x.toks += x.defSize(d, 0)
			if x.toks > maxExpandedToks {
				x.exceeded(t.pos, fmt.Sprintf("def %q", t.val))
				return nil
			}
		}
		out = append(out, x.substitute(d.body, depth+1)...)
	}
	return out
}

// defSize returns how many tokens def d expands to, at most
// maxExpandedToks+1; a def nested too deeply counts as too large.
func (x *expander) defSize(d *def, depth int) int {
	if d.size > 0 || depth >= maxDefDepth {
		return max(d.size, 1)
	}
	n := 0
	for _, t := range d.body {
		if inner, ok := x.defs[t.val]; ok && t.typ == itemIdent {
			n += x.defSize(inner, depth+1)
		} else {
			n++
		}
		n = min(n, maxExpandedToks+1)
	}
	d.size = n
	return n
}

// expand returns the lines a logical line becomes.
func (x *expander) expand(line macroLine) []macroLine {
	if x.stopped {
		return nil
	}
	toks := line.toks
	if len(toks) == 0 {
		return nil // a brace's empty member emptied the line
	}
	if isTurnMacro(toks, 0) {
		return x.expandTurn(line)
	}
	// The first brace outside blocks copies this line.
	for i := 0; i < len(toks); i++ {
		switch {
		case isTurnMacro(toks, i):
			x.errorAt(toks[i].pos, "a turn block must start its line")
			return nil
		case toks[i].typ == itemLBrace:
			return x.expandBrace(line, i)
		case isBlockOpen(toks, i):
			i = matchClose(toks, i)
		}
	}
	// No braces left here: expand the lines inside blocks, if any.
	out := toks
	if slices.ContainsFunc(toks, func(t item) bool { return t.typ == itemLess || t.typ == itemMulti }) {
		out = x.expandBlocks(toks)
		if out == nil {
			return nil
		}
	}
	x.lines++
	if x.lines > maxExpandedLines {
		x.exceeded(firstPos(toks, line.end), "too many lines")
		return nil
	}
	return []macroLine{{toks: out, end: line.end}}
}

// expandBlocks returns the line with the lines inside its blocks expanded,
// or nil after an error.
func (x *expander) expandBlocks(toks []item) []item {
	out := make([]item, 0, len(toks))
	for i := 0; i < len(toks); i++ {
		out = append(out, toks[i])
		if !isBlockOpen(toks, i) {
			continue
		}
		end := x.closing(toks, i)
		if end < 0 {
			return nil
		}
		for _, inner := range x.expandBlock(toks[i+1:end], toks[end].pos) {
			out = append(out, item{typ: itemNewline, pos: inner.end})
			out = append(out, inner.toks...)
		}
		out = append(out, item{typ: itemNewline, pos: toks[end].pos}, toks[end])
		i = end
	}
	return out
}

// expandBlock splits the inside of a block into lines and expands each.
func (x *expander) expandBlock(toks []item, end Pos) []macroLine {
	var out []macroLine
	for _, l := range splitLines(toks, end) {
		out = append(out, x.expand(l)...)
	}
	return out
}

// expandBrace copies line once per member of the brace group at open.
func (x *expander) expandBrace(line macroLine, open int) []macroLine {
	toks := line.toks
	close := x.closing(toks, open)
	if close < 0 {
		return nil
	}
	var out []macroLine
	for _, member := range splitList(toks[open+1 : close]) {
		copied := make([]item, 0, len(toks)+len(member))
		copied = append(copied, toks[:open]...)
		copied = append(copied, member...)
		copied = append(copied, toks[close+1:]...)
		x.toks += len(copied)
		if x.toks > maxExpandedToks {
			x.exceeded(toks[open].pos, "braces")
			return nil
		}
		out = append(out, x.expand(macroLine{toks: copied, end: line.end})...)
		if x.stopped {
			return nil
		}
	}
	return out
}

// expandTurn copies the body of a turn block once per binding:
//
//	turn: 'turn' vars '=' '[' binding (',' binding)* ']' '<' lines '>'
//	vars: IDENT | '(' IDENT (',' IDENT)* ')'
//	binding: tokens | '(' tokens (',' tokens)* ')'
func (x *expander) expandTurn(line macroLine) []macroLine {
	toks := line.toks
	i := 1
	var vars []item
	if toks[i].typ == itemLParen {
		close := x.closing(toks, i)
		if close < 0 {
			return nil
		}
		for _, v := range splitList(toks[i+1 : close]) {
			if len(v) != 1 || v[0].typ != itemIdent {
				x.errorAt(firstPos(v, toks[i].pos), "expected a variable name in turn (…)")
				return nil
			}
			vars = append(vars, v[0])
		}
		i = close + 1
	} else {
		vars = append(vars, toks[i])
		i++
	}
	if i >= len(toks) || toks[i].typ != itemEquals {
		x.errorAt(posAt(toks, i, line.end), "expected = after the turn variables, found %s", describeAt(toks, i))
		return nil
	}
	i++
	if i >= len(toks) || toks[i].typ != itemLBrack {
		x.errorAt(posAt(toks, i, line.end), "expected [ with the turn bindings, found %s", describeAt(toks, i))
		return nil
	}
	listEnd := x.closing(toks, i)
	if listEnd < 0 {
		return nil
	}
	var bindings [][][]item
	for _, b := range splitList(toks[i+1 : listEnd]) {
		values := [][]item{b}
		if len(vars) > 1 {
			if len(b) == 0 || b[0].typ != itemLParen || matchClose(b, 0) != len(b)-1 {
				x.errorAt(firstPos(b, toks[i].pos), "expected a (…) binding for %d variables", len(vars))
				return nil
			}
			values = splitList(b[1 : len(b)-1])
		}
		if len(values) != len(vars) {
			x.errorAt(firstPos(b, toks[i].pos), "binding has %d values for %d variables", len(values), len(vars))
			return nil
		}
		bindings = append(bindings, values)
	}
	i = listEnd + 1
	if i >= len(toks) || toks[i].typ != itemLess {
		x.errorAt(posAt(toks, i, line.end), "expected < to open the turn body, found %s", describeAt(toks, i))
		return nil
	}
	bodyEnd := x.closing(toks, i)
	if bodyEnd < 0 {
		return nil
	}
	if bodyEnd+1 < len(toks) {
		x.errorAt(toks[bodyEnd+1].pos, "expected end of line after the turn body, found %s", toks[bodyEnd+1].describe())
		return nil
	}
	body := toks[i+1 : bodyEnd]
	var out []macroLine
	for _, values := range bindings {
		copied := make([]item, 0, len(body))
		for _, t := range body {
			k := varIndex(vars, t)
			if k < 0 {
				copied = append(copied, t)
				continue
			}
			copied = append(copied, values[k]...)
		}
		x.toks += len(copied)
		if x.toks > maxExpandedToks {
			x.exceeded(toks[0].pos, "turn")
			return nil
		}
		out = append(out, x.expandBlock(copied, toks[bodyEnd].pos)...)
		if x.stopped {
			return nil
		}
	}
	return out
}

func varIndex(vars []item, t item) int {
	if t.typ != itemIdent {
		return -1
	}
	for k, v := range vars {
		if v.val == t.val {
			return k
		}
	}
	return -1
}

// isTurnMacro tells a turn block (turn x=…, turn (x,y)=…) from the turn
// operand (mcmp turn 3).
func isTurnMacro(toks []item, i int) bool {
	if i >= len(toks) || toks[i].typ != itemTurn || i+1 >= len(toks) {
		return false
	}
	next := toks[i+1].typ
	return next == itemLParen || next == itemIdent && i+2 < len(toks) && toks[i+2].typ == itemEquals
}

// isBlockOpen reports whether toks[i] opens a block of lines: the < of a
// limit, only or turn, or the [ of a multi.
func isBlockOpen(toks []item, i int) bool {
	switch toks[i].typ {
	case itemLess:
		return true
	case itemLBrack:
		for j := i - 1; j >= 0 && j >= i-4; j-- {
			switch toks[j].typ {
			case itemMulti:
				return true
			case itemNumber, itemDistinct, itemShared:
				continue
			}
			return false
		}
	}
	return false
}

// closing returns the index of the bracket closing toks[open], reporting an
// error (and returning -1) if it is never closed or closed by the wrong kind.
func (x *expander) closing(toks []item, open int) int {
	end := matchClose(toks, open)
	if end == len(toks) {
		x.errorAt(toks[open].pos, "%s is never closed", toks[open].describe())
		return -1
	}
	if want := closerOf[toks[open].typ]; toks[end].typ != want {
		x.errorAt(toks[end].pos, "expected %q to close the %s at %s, found %s", canonicalPunct[want], toks[open].describe(),
			x.errs.src.position(toks[open].pos), toks[end].describe())
		return -1
	}
	return end
}

var closerOf = map[itemType]itemType{itemLBrace: itemRBrace, itemLBrack: itemRBrack, itemLParen: itemRParen, itemLess: itemGreater}

var canonicalPunct = map[itemType]string{itemRBrace: "}", itemRBrack: "]", itemRParen: ")", itemGreater: ">"}

// matchClose returns the index of the bracket closing toks[open], or
// len(toks) if it is not closed. Brackets of every kind nest; a closer of the
// wrong kind counts as closing.
func matchClose(toks []item, open int) int {
	depth := 0
	for i := open; i < len(toks); i++ {
		switch toks[i].typ {
		case itemLBrace, itemLBrack, itemLParen, itemLess:
			depth++
		case itemRBrace, itemRBrack, itemRParen, itemGreater:
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return len(toks)
}

// splitList splits tokens at top-level commas; newlines inside a list are
// white space.
func splitList(toks []item) [][]item {
	var out [][]item
	var cur []item
	depth := 0
	for _, t := range toks {
		switch t.typ {
		case itemLBrace, itemLBrack, itemLParen, itemLess:
			depth++
		case itemRBrace, itemRBrack, itemRParen, itemGreater:
			depth--
		case itemComma:
			if depth == 0 {
				out = append(out, cur)
				cur = nil
				continue
			}
		case itemNewline:
			if depth == 0 {
				continue
			}
		}
		cur = append(cur, t)
	}
	return append(out, cur)
}

// splitLines splits tokens at newlines outside brackets; empty lines vanish.
// end is the offset that ends the last line.
func splitLines(toks []item, end Pos) []macroLine {
	var out []macroLine
	start, depth := 0, 0
	for i, t := range toks {
		switch t.typ {
		case itemLBrace, itemLBrack, itemLParen, itemLess:
			depth++
		case itemRBrace, itemRBrack, itemRParen, itemGreater:
			depth = max(depth-1, 0)
		case itemNewline:
			if depth == 0 {
				if i > start {
					out = append(out, macroLine{toks: toks[start:i], end: t.pos})
				}
				start = i + 1
			}
		}
	}
	if start < len(toks) {
		out = append(out, macroLine{toks: toks[start:], end: end})
	}
	return out
}

func firstPos(toks []item, fallback Pos) Pos {
	if len(toks) > 0 {
		return toks[0].pos
	}
	return fallback
}

func posAt(toks []item, i int, end Pos) Pos {
	if i < len(toks) {
		return toks[i].pos
	}
	return end
}

func describeAt(toks []item, i int) string {
	if i < len(toks) {
		return toks[i].describe()
	}
	return "end of line"
}
