package lang

import (
	"fmt"
	"strings"
)

// The lexer is written as state functions in the style of text/template,
// without a goroutine: lex runs the states until the input ends and returns
// every item. Lines matter in this language, so the lexer reports the end of
// each non-blank line (itemNewline) and the indentation that starts a line
// outside brackets (itemIndent): indented lines belong to the piece above.

const eof = -1

// stateFn is one state of the lexer; it returns the next state.
type stateFn func(*lexer) stateFn

type lexer struct {
	input     string
	start     int  // start of the current item
	pos       int  // current position
	depth     int  // bracket nesting: newlines inside brackets are block lines
	lineItems int  // items emitted on the current line
	indented  bool // the current line started with white space
	items     []item
}

// lex splits input into items. It never fails: problems become itemError
// items and lexing goes on after them.
func lex(input string) []item {
	l := &lexer{input: input}
	for state := lexLineStart; state != nil; {
		state = state(l)
	}
	return l.items
}

func (l *lexer) next() rune {
	if l.pos >= len(l.input) {
		return eof
	}
	c := l.input[l.pos]
	l.pos++
	return rune(c)
}

func (l *lexer) peek() rune {
	if l.pos >= len(l.input) {
		return eof
	}
	return rune(l.input[l.pos])
}

func (l *lexer) backup() { l.pos-- }

func (l *lexer) ignore() { l.start = l.pos }

// accept consumes the next byte if it is in valid.
func (l *lexer) accept(valid string) bool {
	if c := l.peek(); c != eof && strings.IndexByte(valid, byte(c)) >= 0 {
		l.pos++
		return true
	}
	return false
}

// acceptRun consumes a run of bytes from valid.
func (l *lexer) acceptRun(valid string) {
	for l.accept(valid) {
	}
}

func (l *lexer) emit(t itemType) {
	l.items = append(l.items, item{typ: t, pos: Pos(l.start), val: l.input[l.start:l.pos]})
	l.start = l.pos
	if t != itemIndent {
		l.lineItems++
	}
}

// errorf records an error item and skips the offending text.
func (l *lexer) errorf(format string, args ...any) {
	l.items = append(l.items, item{typ: itemError, pos: Pos(l.start), val: fmt.Sprintf(format, args...)})
	l.start = l.pos
	l.lineItems++
}

const (
	spaceChars = " \t\r"
	digits     = "0123456789"
	identChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789"
)

// lexLineStart handles the start of a line: blank and comment-only lines
// vanish, and leading white space outside brackets becomes an itemIndent.
func lexLineStart(l *lexer) stateFn {
	l.lineItems = 0
	l.acceptRun(spaceChars)
	switch c := l.peek(); {
	case c == eof:
		l.ignore()
		return lexEOF
	case c == '\n':
		l.next()
		l.ignore()
		return lexLineStart
	case c == '#':
		return lexComment
	}
	l.indented = l.pos > l.start
	if l.indented && l.depth == 0 {
		l.emit(itemIndent)
	}
	l.ignore()
	return lexInLine
}

// lexComment skips a comment up to (not including) the end of line.
func lexComment(l *lexer) stateFn {
	for c := l.peek(); c != '\n' && c != eof; c = l.peek() {
		l.next()
	}
	l.ignore()
	return lexInLine
}

// lexEOF ends the last line and the input.
func lexEOF(l *lexer) stateFn {
	if l.lineItems > 0 {
		l.emit(itemNewline)
	}
	l.emit(itemEOF)
	return nil
}

// lexInLine scans the items of a line.
func lexInLine(l *lexer) stateFn {
	l.acceptRun(spaceChars)
	l.ignore()
	c := l.next()
	switch {
	case c == eof:
		return lexEOF
	case c == '\n':
		if l.lineItems > 0 {
			l.backup()
			l.emit(itemNewline)
			l.next()
			l.ignore()
		} else {
			l.ignore()
		}
		return lexLineStart
	case c == '#':
		l.backup()
		return lexComment
	case c == '\\':
		return lexContinuation
	case c == '-' && l.peek() == '>':
		l.next()
		l.emit(itemArrow)
	case c == '-' || isDigit(c):
		return lexNumber
	case isLetter(c):
		return lexIdent
	default:
		if t, ok := punctuation[c]; ok {
			switch t {
			case itemLBrace, itemLBrack, itemLParen, itemLess:
				l.depth++
			case itemRBrace, itemRBrack, itemRParen, itemGreater:
				l.depth = max(l.depth-1, 0)
			}
			l.emit(t)
			return lexInLine
		}
		l.errorf("unexpected character %q", c)
	}
	return lexInLine
}

var punctuation = map[rune]itemType{
	'{': itemLBrace, '}': itemRBrace, '[': itemLBrack, ']': itemRBrack,
	'(': itemLParen, ')': itemRParen, '<': itemLess, '>': itemGreater,
	',': itemComma, ':': itemColon, '=': itemEquals,
}

// lexContinuation joins the next line to this one after a backslash.
func lexContinuation(l *lexer) stateFn {
	l.acceptRun(spaceChars)
	if l.peek() == '#' {
		for c := l.peek(); c != '\n' && c != eof; c = l.peek() {
			l.next()
		}
	}
	if c := l.peek(); c != '\n' && c != eof {
		l.start = l.pos - 1
		l.errorf("a line continuation \\ must end its line")
		return lexInLine
	}
	l.next()
	l.ignore()
	return lexInLine
}

// lexNumber scans -?[0-9]+ and the board size form [0-9]+x[0-9]+.
func lexNumber(l *lexer) stateFn {
	l.acceptRun(digits)
	if l.pos-l.start == 1 && l.input[l.start] == '-' {
		l.errorf("expected a digit after -")
		return lexInLine
	}
	if l.input[l.start] != '-' && l.peek() == 'x' && l.pos+1 < len(l.input) && isDigit(rune(l.input[l.pos+1])) {
		l.next()
		l.acceptRun(digits)
		l.emit(itemSize)
		return lexInLine
	}
	if c := l.peek(); isLetter(c) || c == '_' {
		l.acceptRun(identChars)
		l.errorf("bad number %q", l.input[l.start:l.pos])
		return lexInLine
	}
	l.emit(itemNumber)
	return lexInLine
}

// lexIdent scans an identifier or keyword. A setup keyword that starts an
// unindented line takes the rest of the line as raw text (a FEN string);
// so does game, whose name may be any text such as 3check.
func lexIdent(l *lexer) stateFn {
	l.acceptRun(identChars)
	word := l.input[l.start:l.pos]
	typ, ok := lookupKeyword(word)
	if !ok {
		typ = itemIdent
	}
	first := l.lineItems == 0 && !l.indented && l.depth == 0
	l.emit(typ)
	if (typ == itemSetup || typ == itemGame) && first {
		return lexRawText
	}
	return lexInLine
}

// lexRawText takes the rest of the line, up to a comment, as one item.
func lexRawText(l *lexer) stateFn {
	l.acceptRun(spaceChars)
	l.ignore()
	for c := l.peek(); c != '\n' && c != eof && c != '#'; c = l.peek() {
		l.next()
	}
	text := strings.TrimRight(l.input[l.start:l.pos], spaceChars)
	if text != "" {
		end := l.pos
		l.pos = l.start + len(text)
		l.emit(itemText)
		l.pos = end
		l.ignore()
	}
	return lexInLine
}

func isDigit(c rune) bool  { return c >= '0' && c <= '9' }
func isLetter(c rune) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }
