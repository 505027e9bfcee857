package lang

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The lexer is written as state functions in the style of text/template,
// without a goroutine: lex runs the states until the input ends and returns
// every item. Lines matter in this language, so the lexer reports the end of
// each non-blank line (itemNewline) and the indentation that starts a line
// outside brackets (itemIndent): indented lines belong to the piece above.
//
// A line ends at "\n", at "\r\n" or at a lone "\r" (old Mac files). A UTF-8
// byte order mark at the start of the file is skipped; offsets still count
// from the real start, so they stay byte offsets into the file. Outside
// comments and the raw text of game and setup lines only ASCII is allowed.

const eof = -1

// bom is the UTF-8 byte order mark that some editors put first in a file.
const bom = "\uFEFF"

// stateFn is one state of the lexer; it returns the next state.
type stateFn func(*lexer) stateFn

type lexer struct {
	input     string
	start     int  // start of the current item
	pos       int  // current position
	depth     int  // bracket nesting: newlines inside brackets are block lines
	lineItems int  // items emitted on the current line
	indented  bool // the current line started with white space
	errCount  int  // error items emitted
	items     []item
}

// lex splits input into items. It never fails: problems become itemError
// items and lexing goes on after them. Past maxErrors+1 error items it
// records no more: the parser reports only that many.
func lex(input string) []item {
	// About one item per four bytes: growing the list as it fills would
	// allocate several times its size.
	l := &lexer{input: input, items: make([]item, 0, len(input)/4+2)}
	if strings.HasPrefix(input, bom) {
		l.pos = len(bom)
		l.start = l.pos
	}
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

// acceptLineEnd consumes one line end: "\r\n", "\r" or "\n".
func (l *lexer) acceptLineEnd() {
	if l.accept("\r") {
		l.accept("\n")
		return
	}
	l.accept("\n")
}

// skipToLineEnd consumes everything up to (not including) the end of the
// line or of the input, checking that it is valid UTF-8: it is comment text.
func (l *lexer) skipToLineEnd() {
	from := l.pos
	for c := l.peek(); !isLineEnd(c) && c != eof; c = l.peek() {
		l.pos++
	}
	l.checkUTF8(from, l.pos)
}

func (l *lexer) emit(t itemType) {
	l.items = append(l.items, item{typ: t, pos: Pos(l.start), val: l.input[l.start:l.pos]})
	l.start = l.pos
	if t != itemIndent {
		l.lineItems++
	}
}

// errorf records an error item at the start of the current item and skips
// the offending text.
func (l *lexer) errorf(format string, args ...any) {
	l.errorAt(l.start, format, args...)
	l.start = l.pos
	l.lineItems++
}

// errorAt records an error item at offset pos.
func (l *lexer) errorAt(pos int, format string, args ...any) {
	l.errCount++
	if l.errCount > maxErrors+1 {
		return // the parser stops at "too many errors"
	}
	l.items = append(l.items, item{typ: itemError, pos: Pos(pos), val: fmt.Sprintf(format, args...)})
}

// checkUTF8 reports the invalid UTF-8 in input[from:to], one error per run
// of invalid bytes.
func (l *lexer) checkUTF8(from, to int) {
	for i := from; i < to; {
		r, size := utf8.DecodeRuneInString(l.input[i:to])
		if r == utf8.RuneError && size == 1 {
			n := invalidRun(l.input[i:to])
			l.errorAt(i, "%s", invalidUTF8(l.input[i:i+n]))
			i += n
			continue
		}
		i += size
	}
}

// invalidRun returns the length of the run of invalid UTF-8 bytes that s
// starts with.
func invalidRun(s string) int {
	n := 0
	for n < len(s) {
		if r, size := utf8.DecodeRuneInString(s[n:]); r != utf8.RuneError || size != 1 {
			break
		}
		n++
	}
	return n
}

// invalidUTF8 describes a run of bytes that are not UTF-8.
func invalidUTF8(run string) string {
	if len(run) == 1 {
		return fmt.Sprintf("expected UTF-8 text, found invalid byte 0x%02X", run[0])
	}
	return fmt.Sprintf("expected UTF-8 text, found %d invalid bytes starting with 0x%02X", len(run), run[0])
}

// quoteChar shows a character in an error message: printable ASCII as
// itself ('$'), anything else with its code point as well ('é' (U+00E9)).
func quoteChar(r rune) string {
	if r < utf8.RuneSelf && strconv.IsPrint(r) {
		return strconv.QuoteRune(r)
	}
	return fmt.Sprintf("%s (%U)", strconv.QuoteRune(r), r)
}

const (
	spaceChars = " \t"
	digits     = "0123456789"
	identChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789"
)

// isLineEnd reports whether c starts a line end: "\n", "\r\n" or "\r".
func isLineEnd(c rune) bool { return c == '\n' || c == '\r' }

// lexLineStart handles the start of a line: blank and comment-only lines
// vanish, and leading white space outside brackets becomes an itemIndent.
func lexLineStart(l *lexer) stateFn {
	l.lineItems = 0
	l.acceptRun(spaceChars)
	switch c := l.peek(); {
	case c == eof:
		l.ignore()
		return lexEOF
	case isLineEnd(c):
		l.acceptLineEnd()
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
	l.skipToLineEnd()
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
	case isLineEnd(c):
		l.backup()
		if l.lineItems > 0 {
			l.emit(itemNewline)
		}
		l.acceptLineEnd()
		l.ignore()
		return lexLineStart
	case c == '#':
		l.backup()
		return lexComment
	case c == '\\':
		return lexContinuation
	case c == '-' && l.peek() == '>':
		l.next()
		l.emit(itemArrow)
	case c == '.' && l.peek() == '.':
		// a range of pos: 3..5, d1..f3
		l.next()
		l.emit(itemDotDot)
	case c == '-' || isDigit(c):
		return lexNumber
	case c == '+' && isLetter(l.peek()):
		// a promoted piece's letter, +P: read as one identifier
		return lexIdent
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
		l.backup()
		l.badChar()
	}
	return lexInLine
}

// badChar reports the character at l.pos, which starts no item, and skips
// it: the whole UTF-8 sequence of a non-ASCII character, or the whole run of
// bytes that are not UTF-8.
func (l *lexer) badChar() {
	r, size := utf8.DecodeRuneInString(l.input[l.pos:])
	if r == utf8.RuneError && size == 1 {
		n := invalidRun(l.input[l.pos:])
		l.pos += n
		l.errorf("%s", invalidUTF8(l.input[l.start:l.pos]))
		return
	}
	l.pos += size
	if r >= utf8.RuneSelf {
		l.errorf("unexpected character %s: non-ASCII text may stand only in comments and game and setup lines", quoteChar(r))
		return
	}
	l.errorf("unexpected character %s", quoteChar(r))
}

var punctuation = map[rune]itemType{
	'{': itemLBrace, '}': itemRBrace, '[': itemLBrack, ']': itemRBrack,
	'(': itemLParen, ')': itemRParen, '<': itemLess, '>': itemGreater,
	',': itemComma, ':': itemColon, '=': itemEquals,
}

// lexContinuation joins the next line to this one after a backslash.
func lexContinuation(l *lexer) stateFn {
	backslash := l.start
	l.acceptRun(spaceChars)
	if l.peek() == '#' {
		l.skipToLineEnd()
	}
	if c := l.peek(); !isLineEnd(c) && c != eof {
		l.start = backslash
		l.errorf("a line continuation \\ must end its line")
		return lexInLine
	}
	l.acceptLineEnd()
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
// so does game, whose name may be any text such as 3check, and from,
// which names such a game.
func lexIdent(l *lexer) stateFn {
	l.acceptRun(identChars)
	word := l.input[l.start:l.pos]
	typ, ok := lookupKeyword(word)
	if !ok {
		typ = itemIdent
	}
	first := l.lineItems == 0 && !l.indented && l.depth == 0
	l.emit(typ)
	if (typ == itemSetup || typ == itemGame || typ == itemFrom) && first {
		return lexRawText
	}
	return lexInLine
}

// lexRawText takes the rest of the line, up to a comment, as one item,
// trimmed of white space (Unicode white space too: \v, \f, no-break space).
// Nothing is emitted if nothing is left.
func lexRawText(l *lexer) stateFn {
	end := l.pos
	for end < len(l.input) && !isLineEnd(rune(l.input[end])) && l.input[end] != '#' {
		end++
	}
	raw := l.input[l.pos:end]
	l.checkUTF8(l.pos, end)
	if text := strings.TrimFunc(raw, unicode.IsSpace); text != "" {
		l.start = l.pos + len(raw) - len(strings.TrimLeftFunc(raw, unicode.IsSpace))
		l.pos = l.start + len(text)
		l.emit(itemText)
	}
	l.pos = end
	l.ignore()
	return lexInLine
}

func isDigit(c rune) bool  { return c >= '0' && c <= '9' }
func isLetter(c rune) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }
