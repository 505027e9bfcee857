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
//
// Hostile input cannot make expansion slow or large: every token a macro
// produces is counted before it is made (maxExpandedToks), the lines too
// (maxExpandedLines), and a line whose blocks and braces nest more than
// maxNesting deep is refused after one pass over it.

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
	// scope is the defs of the file that wrote it: the names in its body
	// mean what they mean there (defScope).
	scope *defScope
	cost  int  // tokens its substitution handles (see defCost), or costUnknown or costComputing
	bad   bool // its brackets do not match: reported where it is declared, never expanded
}

// Markers for def.cost.
const (
	costUnknown   = -1 // not computed yet
	costComputing = -2 // being computed: a def that meets it again refers to itself
)

type expander struct {
	scope   *defScope // the defs of the file whose lines are expanded
	errs    *parser
	toks    int   // tokens produced so far
	lines   int   // lines produced so far
	nest    int   // blocks open around the line being expanded, turn bodies included
	inBlock int   // block brackets open: lines expanded there are a block's lines
	starts  []int // where each piece line begins in the output of expandLine
	failed  bool  // the piece line being expanded has an error that ends its expansion
	stopped bool  // a bound was exceeded: expand nothing more
}

// halted reports whether the current piece line, or all expansion, stopped.
func (x *expander) halted() bool { return x.failed || x.stopped }

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

// grow counts n tokens about to be produced and reports whether they fit in
// the bound; if not, the caller reports the bound exceeded.
func (x *expander) grow(n int) bool {
	x.toks += n
	return x.toks <= maxExpandedToks
}

// expandLine expands one line of a piece: defs, then turn blocks and
// braces. It returns nothing if the line has an error.
//
// Every line is expanded into one buffer, each after an itemNewline that
// holds the offset ending it, and the lines inside a block go straight
// into the buffer of the line around them: a token is copied once however
// deeply its blocks nest.
func (x *expander) expandLine(line macroLine) []macroLine {
	if x.stopped {
		return nil
	}
	x.failed = false
	toks, ok := x.substitute(line.toks)
	if !ok || !x.checkNesting(toks) {
		return nil
	}
	out := make([]item, 0, len(toks)+1)
	x.starts = x.starts[:0]
	x.expand(&out, macroLine{toks: toks, end: line.end})
	if x.halted() {
		return nil
	}
	lines := make([]macroLine, len(x.starts))
	for k, start := range x.starts {
		end := len(out)
		if k+1 < len(x.starts) {
			end = x.starts[k+1]
		}
		lines[k] = macroLine{toks: out[start+1 : end : end], end: out[start].pos}
	}
	return lines
}

// defOf returns the def that t, a token of the file's lines, names, or nil.
func (x *expander) defOf(t item) *def { return defIn(x.scope, t) }

// defIn returns the def that t names in scope s, or nil.
func defIn(s *defScope, t item) *def {
	if t.typ != itemIdent {
		return nil
	}
	return s.lookup(t.val)
}

// substitute replaces def names by their bodies, recursively. It returns
// false if the line cannot be expanded: it uses a def whose brackets do not
// match (reported where the def is declared), or a bound was exceeded.
//
// The cost of each def is computed first, so an explosion is reported
// before any work is done for it; the tokens are also counted as they are
// produced, which bounds the work for a def that refers to itself.
func (x *expander) substitute(toks []item) ([]item, bool) {
	out := make([]item, 0, len(toks))
	for _, t := range toks {
		d := x.defOf(t)
		if d == nil {
			out = append(out, t)
			continue
		}
		cost := x.defCost(d)
		if x.toks+cost > maxExpandedToks {
			x.exceeded(t.pos, fmt.Sprintf("def %q", t.val))
			return nil, false
		}
		out = slices.Grow(out, cost)
		if !x.substituteDef(&out, d, t, 1) {
			return nil, false
		}
	}
	return out, true
}

// substituteDef appends the expansion of d, used at use, to out; depth is
// the number of defs open.
func (x *expander) substituteDef(out *[]item, d *def, use item, depth int) bool {
	if d.bad {
		return false
	}
	for _, t := range d.body {
		if !x.grow(1) {
			x.exceeded(use.pos, fmt.Sprintf("def %q", use.val))
			return false
		}
		inner := defIn(d.scope, t)
		if inner == nil {
			*out = append(*out, t)
			continue
		}
		if depth >= maxDefDepth {
			x.errorAt(t.pos, "def %q nests more than %d defs deep (does it refer to itself?)", t.val, maxDefDepth)
			x.stopped = true
			return false
		}
		if !x.substituteDef(out, inner, use, depth+1) {
			return false
		}
	}
	return true
}

// defCost returns how many tokens the substitution of def d handles (every
// token of its body and of the bodies of the defs it uses), at most
// maxExpandedToks+1. Costs are remembered once computed, so a chain of defs
// that double each other costs one visit per def, whatever the sizes (an
// empty def costs 0 and is computed once too). A def that refers to itself
// counts that use as one token: substituteDef stops it at maxDefDepth.
//
// The walk keeps its own stack rather than recursing: a chain of defs may be
// as long as the file.
func (x *expander) defCost(d *def) int {
	if d.cost >= 0 {
		return d.cost
	}
	type frame struct {
		d    *def
		i, n int // the next body token, the cost so far
	}
	d.cost = costComputing
	stack := []frame{{d: d}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.i == len(f.d.body) {
			f.d.cost = f.n
			stack = stack[:len(stack)-1]
			if len(stack) > 0 {
				p := &stack[len(stack)-1]
				p.n = min(p.n+f.d.cost, maxExpandedToks+1)
			}
			continue
		}
		t := f.d.body[f.i]
		f.i++
		f.n = min(f.n+1, maxExpandedToks+1)
		inner := defIn(f.d.scope, t)
		switch {
		case inner == nil, inner.cost == costComputing: // a token, or a def that refers to itself
		case inner.cost == costUnknown:
			inner.cost = costComputing
			stack = append(stack, frame{d: inner})
		default:
			f.n = min(f.n+inner.cost, maxExpandedToks+1)
		}
	}
	return d.cost
}

// checkNesting reports the first bracket of toks that opens a block or a
// brace more than maxNesting deep, counting the blocks open around toks, and
// returns false if there is one. It runs before the line is expanded, so a
// deep nest costs one pass over the line and one error.
func (x *expander) checkNesting(toks []item) bool {
	var counts []bool // for each bracket open: whether it opened a block or brace
	depth := x.nest
	for i, t := range toks {
		switch t.typ {
		case itemLBrace, itemLBrack, itemLParen, itemLess:
			block := t.typ == itemLBrace || isBlockOpen(toks, i)
			counts = append(counts, block)
			if !block {
				continue
			}
			depth++
			if depth > maxNesting {
				x.errorAt(t.pos, "%s is nested %d deep: blocks and braces nest at most %d deep", t.describe(), depth, maxNesting)
				x.failed = true
				return false
			}
		case itemRBrace, itemRBrack, itemRParen, itemGreater:
			if n := len(counts); n > 0 {
				if counts[n-1] {
					depth--
				}
				counts = counts[:n-1]
			}
		}
	}
	return true
}

// expand appends the lines that line becomes to out, each after an
// itemNewline holding the offset that ends it. A line with an error adds
// nothing.
func (x *expander) expand(out *[]item, line macroLine) {
	if x.halted() {
		return
	}
	toks := line.toks
	if len(toks) == 0 {
		return // a brace's empty member emptied the line
	}
	if isTurnMacro(toks, 0) {
		x.expandTurn(out, line)
		return
	}
	// The first brace outside blocks copies this line.
	for i := 0; i < len(toks); i++ {
		switch {
		case isTurnMacro(toks, i):
			x.errorAt(toks[i].pos, "a turn block must start its line")
			return
		case toks[i].typ == itemLBrace:
			x.expandBrace(out, line, i)
			return
		case isBlockOpen(toks, i):
			i = matchClose(toks, i)
		}
	}
	// No braces left here: the line, with the lines inside its blocks
	// expanded.
	mark := len(*out)
	*out = append(*out, item{typ: itemNewline, pos: line.end})
	if !x.appendBlocks(out, toks) {
		*out = (*out)[:mark]
		return
	}
	x.lines++
	if x.lines > maxExpandedLines {
		x.exceeded(firstPos(toks, line.end), "too many lines")
		*out = (*out)[:mark]
		return
	}
	if x.inBlock == 0 {
		x.starts = append(x.starts, mark)
	}
}

// appendBlocks appends the tokens of a line to out, the lines inside its
// blocks expanded, and reports false after an error.
func (x *expander) appendBlocks(out *[]item, toks []item) bool {
	for i := 0; i < len(toks); i++ {
		*out = append(*out, toks[i])
		if !isBlockOpen(toks, i) {
			continue
		}
		end := x.closing(toks, i)
		if end < 0 {
			return false
		}
		x.nest++
		x.inBlock++
		x.expandBlock(out, toks[i+1:end], toks[end].pos)
		x.nest--
		x.inBlock--
		if x.halted() {
			return false
		}
		*out = append(*out, item{typ: itemNewline, pos: toks[end].pos}, toks[end])
		i = end
	}
	return true
}

// expandBlock splits the inside of a block into lines and expands each.
func (x *expander) expandBlock(out *[]item, toks []item, end Pos) {
	for _, l := range splitLines(toks, end) {
		x.expand(out, l)
	}
}

// expandBrace copies line once per member of the brace group at open.
func (x *expander) expandBrace(out *[]item, line macroLine, open int) {
	toks := line.toks
	close := x.closing(toks, open)
	if close < 0 {
		return
	}
	for _, member := range splitList(toks[open+1 : close]) {
		n := open + len(member) + len(toks) - close - 1
		if !x.grow(n) {
			x.exceeded(toks[open].pos, "braces")
			return
		}
		copied := make([]item, 0, n)
		copied = append(copied, toks[:open]...)
		copied = append(copied, member...)
		copied = append(copied, toks[close+1:]...)
		x.expand(out, macroLine{toks: copied, end: line.end})
		if x.halted() {
			return
		}
	}
}

// expandTurn copies the body of a turn block once per binding:
//
//	turn: 'turn' vars '=' '[' binding (',' binding)* ']' '<' lines '>'
//	vars: IDENT | '(' IDENT (',' IDENT)* ')'
//	binding: tokens | '(' tokens (',' tokens)* ')'
func (x *expander) expandTurn(out *[]item, line macroLine) {
	toks := line.toks
	vars, i, ok := x.turnVars(toks)
	if !ok {
		return
	}
	if i >= len(toks) || toks[i].typ != itemEquals {
		x.errorAt(posAt(toks, i, line.end), "expected = after the turn variables, found %s", describeAt(toks, i))
		return
	}
	i++
	if i >= len(toks) || toks[i].typ != itemLBrack {
		x.errorAt(posAt(toks, i, line.end), "expected [ with the turn bindings, found %s", describeAt(toks, i))
		return
	}
	bindings, i, ok := x.turnBindings(toks, i, len(vars))
	if !ok {
		return
	}
	if i >= len(toks) || toks[i].typ != itemLess {
		x.errorAt(posAt(toks, i, line.end), "expected < to open the turn body, found %s", describeAt(toks, i))
		return
	}
	bodyEnd := x.closing(toks, i)
	if bodyEnd < 0 {
		return
	}
	if bodyEnd+1 < len(toks) {
		x.errorAt(toks[bodyEnd+1].pos, "expected end of line after the turn body, found %s", toks[bodyEnd+1].describe())
		return
	}
	x.expandTurnBody(out, toks[0].pos, toks[i+1:bodyEnd], toks[bodyEnd].pos, vars, bindings)
}

// turnVars reads the variables of the turn block toks, which start after
// its turn keyword, and returns the index of the token after them; it
// reports false after an error:
//
//	vars: IDENT | '(' IDENT (',' IDENT)* ')'
func (x *expander) turnVars(toks []item) (vars []item, next int, ok bool) {
	i := 1
	if toks[i].typ != itemLParen {
		return []item{toks[i]}, i + 1, true
	}
	close := x.closing(toks, i)
	if close < 0 {
		return nil, 0, false
	}
	for _, v := range splitList(toks[i+1 : close]) {
		if len(v) != 1 || v[0].typ != itemIdent {
			x.errorAt(firstPos(v, toks[i].pos), "expected a variable name in turn (…)")
			return nil, 0, false
		}
		vars = append(vars, v[0])
	}
	return vars, close + 1, true
}

// turnBindings reads the list of bindings that opens at toks[open], each
// binding the values of nvars variables, and returns the index of the token
// after the list; it reports false after an error:
//
//	'[' binding (',' binding)* ']'
//	binding: tokens | '(' tokens (',' tokens)* ')'
func (x *expander) turnBindings(toks []item, open, nvars int) (bindings [][][]item, next int, ok bool) {
	listEnd := x.closing(toks, open)
	if listEnd < 0 {
		return nil, 0, false
	}
	for _, b := range splitList(toks[open+1 : listEnd]) {
		values := [][]item{b}
		if nvars > 1 {
			if len(b) == 0 || b[0].typ != itemLParen || matchClose(b, 0) != len(b)-1 {
				x.errorAt(firstPos(b, toks[open].pos), "expected a (…) binding for %d variables", nvars)
				return nil, 0, false
			}
			values = splitList(b[1 : len(b)-1])
		}
		if len(values) != nvars {
			x.errorAt(firstPos(b, toks[open].pos), "binding has %d values for %d variables", len(values), nvars)
			return nil, 0, false
		}
		bindings = append(bindings, values)
	}
	return bindings, listEnd + 1, true
}

// expandTurnBody expands body, the lines of the turn block at pos that end
// at end, once per binding, with each variable of vars replaced by its
// value. Each copy is counted before it is made.
func (x *expander) expandTurnBody(out *[]item, pos Pos, body []item, end Pos, vars []item, bindings [][][]item) {
	varAt := turnVarIndexes(vars, body)
	for _, values := range bindings {
		n := 0 // the size of the copy, counted before it is made
		for j := range body {
			if k := varAt[j]; k >= 0 {
				n += len(values[k])
			} else {
				n++
			}
		}
		if !x.grow(n) {
			x.exceeded(pos, "turn")
			return
		}
		copied := make([]item, 0, n)
		for j, t := range body {
			if k := varAt[j]; k >= 0 {
				copied = append(copied, values[k]...)
			} else {
				copied = append(copied, t)
			}
		}
		x.nest++
		if x.checkNesting(copied) { // a value may nest deeper where it stands
			x.expandBlock(out, copied, end)
		}
		x.nest--
		if x.halted() {
			return
		}
	}
}

// turnVarIndexes returns, for each token of body, the index in vars of the
// variable it stands for, or -1. A variable named twice is the first one.
func turnVarIndexes(vars, body []item) []int {
	index := make(map[string]int, len(vars))
	for k := len(vars) - 1; k >= 0; k-- {
		index[vars[k].val] = k
	}
	varAt := make([]int, len(body))
	for j, t := range body {
		varAt[j] = -1
		if k, ok := index[t.val]; ok && t.typ == itemIdent {
			varAt[j] = k
		}
	}
	return varAt
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
			x.errs.src.Position(toks[open].pos), toks[end].describe())
		return -1
	}
	return end
}

var closerOf = map[itemType]itemType{itemLBrace: itemRBrace, itemLBrack: itemRBrack, itemLParen: itemRParen, itemLess: itemGreater}

var canonicalPunct = map[itemType]string{itemRBrace: "}", itemRBrack: "]", itemRParen: ")", itemGreater: ">"}

// checkBrackets reports the first bracket of toks that is not matched (a
// bracket never closed, a closer with nothing open, a closer of the wrong
// kind) and returns false if there is one.
func (p *parser) checkBrackets(toks []item) bool {
	var open []int // indexes of the brackets open
	for i, t := range toks {
		switch t.typ {
		case itemLBrace, itemLBrack, itemLParen, itemLess:
			open = append(open, i)
		case itemRBrace, itemRBrack, itemRParen, itemGreater:
			if len(open) == 0 {
				p.errorAt(t.pos, "unexpected %s: no bracket is open", t.describe())
				return false
			}
			o := toks[open[len(open)-1]]
			if want := closerOf[o.typ]; t.typ != want {
				p.errorAt(t.pos, "expected %q to close the %s at %s, found %s", canonicalPunct[want], o.describe(),
					p.src.Position(o.pos), t.describe())
				return false
			}
			open = open[:len(open)-1]
		}
	}
	if len(open) > 0 {
		p.errorAt(toks[open[0]].pos, "%s is never closed", toks[open[0]].describe())
		return false
	}
	return true
}

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
// white space. The members share the array of toks unless newlines had to
// be dropped.
func splitList(toks []item) [][]item {
	var out [][]item
	start, depth, newlines := 0, 0, false
	for i, t := range toks {
		switch t.typ {
		case itemLBrace, itemLBrack, itemLParen, itemLess:
			depth++
		case itemRBrace, itemRBrack, itemRParen, itemGreater:
			depth--
		case itemComma:
			if depth == 0 {
				out = append(out, listMember(toks[start:i], newlines))
				start, newlines = i+1, false
			}
		case itemNewline:
			newlines = newlines || depth == 0
		}
	}
	return append(out, listMember(toks[start:], newlines))
}

// listMember returns a member of a list, without the newlines outside its
// brackets if it has any.
func listMember(toks []item, newlines bool) []item {
	if !newlines {
		return toks[:len(toks):len(toks)]
	}
	out := make([]item, 0, len(toks))
	depth := 0
	for _, t := range toks {
		switch t.typ {
		case itemLBrace, itemLBrack, itemLParen, itemLess:
			depth++
		case itemRBrace, itemRBrack, itemRParen, itemGreater:
			depth--
		case itemNewline:
			if depth == 0 {
				continue
			}
		}
		out = append(out, t)
	}
	return out
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
