package pgn

import (
	"bufio"
	"fmt"
	"io"
)

// maxToken is the longest token the scanner keeps, in bytes: a tag value
// or a move name longer than that is an error. Comments, which can be
// any length, are skipped without being kept.
const maxToken = 1 << 16

// tokenKind tells what a token is.
type tokenKind uint8

const (
	tokEOF      tokenKind = iota // the end of the input
	tokError                     // bytes that are no token; text: why
	tokLBracket                  // [ : a tag pair starts
	tokRBracket                  // ] : a tag pair ends
	tokString                    // "…": a tag value, text unescaped
	tokSymbol                    // a tag name, a move, or a result (1-0, 0-1, 1/2-1/2)
	tokStar                      // * : the result of a game that goes on
	tokNumber                    // a move number with its dots: 12. or 12...
	tokNAG                       // $n: an annotation
	tokLParen                    // ( : a variation starts
	tokRParen                    // ) : a variation ends
)

// token is one token with where it starts (from 1; Col in bytes).
type token struct {
	kind      tokenKind
	text      string
	line, col int
}

// String describes the token for "expected X, found Y".
func (t token) String() string {
	switch t.kind {
	case tokEOF:
		return "the end of the input"
	case tokString:
		return fmt.Sprintf("string %q", t.text)
	}
	return fmt.Sprintf("%q", t.text)
}

// scanner splits PGN text into tokens. It skips white space, comments
// ({…} and ; to the end of the line) and escape lines (% in the first
// column). It counts lines as it goes, on \n: a \r before it is white
// space.
type scanner struct {
	r         *bufio.Reader
	line, col int // where the next byte is
	err       error
}

func newScanner(r io.Reader) *scanner {
	s := &scanner{r: bufio.NewReader(r), line: 1, col: 1}
	if bom, err := s.r.Peek(3); err == nil && string(bom) == "\xef\xbb\xbf" {
		s.r.Discard(3)
	}
	return s
}

// peek returns the next byte without reading it; false at the end of the
// input or on a read error (kept in err).
func (s *scanner) peek() (byte, bool) {
	b, err := s.r.Peek(1)
	if err != nil {
		if err != io.EOF {
			s.err = err
		}
		return 0, false
	}
	return b[0], true
}

// next reads the next byte.
func (s *scanner) next() (byte, bool) {
	c, ok := s.peek()
	if !ok {
		return 0, false
	}
	s.r.Discard(1)
	if c == '\n' {
		s.line, s.col = s.line+1, 1
	} else {
		s.col++
	}
	return c, true
}

// scan returns the next token. Every token but tokEOF consumes at least
// one byte, so a caller that scans until tokEOF ends.
func (s *scanner) scan() token {
	for {
		c, ok := s.peek()
		t := token{line: s.line, col: s.col}
		switch {
		case !ok:
			t.kind = tokEOF
			return t
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			s.next()
		case c == '%' && s.col == 1, c == ';':
			s.skipLine()
		case c == '{':
			if !s.skipComment() {
				t.kind, t.text = tokError, "comment not closed"
				return t
			}
		case c == '.':
			s.next() // dots on their own ("12. ... e5")
		case c == '"':
			return s.str(t)
		case c == '$':
			return s.nag(t)
		case isSymbolByte(c):
			return s.symbol(t)
		default:
			s.next()
			t.kind, t.text = punctuation(c), string(c)
			if t.kind == tokError {
				t.text = fmt.Sprintf("unexpected character %q", c)
			}
			return t
		}
	}
}

// punctuation returns the kind of a one-byte token, tokError for a byte
// that starts none.
func punctuation(c byte) tokenKind {
	switch c {
	case '[':
		return tokLBracket
	case ']':
		return tokRBracket
	case '(':
		return tokLParen
	case ')':
		return tokRParen
	case '*':
		return tokStar
	}
	return tokError
}

// skipLine reads up to the end of the line.
func (s *scanner) skipLine() {
	for {
		c, ok := s.next()
		if !ok || c == '\n' {
			return
		}
	}
}

// skipComment reads a {…} comment, and reports whether it was closed.
// Comments do not nest: PGN's end at the first }.
func (s *scanner) skipComment() bool {
	s.next()
	for {
		c, ok := s.next()
		if !ok {
			return false
		}
		if c == '}' {
			return true
		}
	}
}

// str reads a string: "…" on one line, with \" and \\ escaped.
func (s *scanner) str(t token) token {
	s.next()
	var buf []byte
	long := false
	for {
		c, ok := s.peek()
		if !ok || c == '\n' {
			t.kind, t.text = tokError, "string not closed on its line"
			return t
		}
		s.next()
		switch c {
		case '"':
			if long {
				t.kind, t.text = tokError, fmt.Sprintf("string longer than %d bytes", maxToken)
				return t
			}
			t.kind, t.text = tokString, string(buf)
			return t
		case '\\':
			if e, ok := s.peek(); ok && (e == '\\' || e == '"') {
				s.next()
				c = e
			}
		}
		if len(buf) < maxToken {
			buf = append(buf, c)
		} else {
			long = true
		}
	}
}

// nag reads a numeric annotation glyph, $ and digits.
func (s *scanner) nag(t token) token {
	s.next()
	buf := []byte{'$'}
	for {
		c, ok := s.peek()
		if !ok || !isDigit(c) {
			break
		}
		s.next()
		if len(buf) < 8 {
			buf = append(buf, c)
		}
	}
	t.kind, t.text = tokNAG, string(buf)
	if len(buf) == 1 {
		t.kind, t.text = tokError, "$ without a number"
	}
	return t
}

// symbol reads a run of symbol bytes: a move, a tag name, a result, or
// with the dots that follow its digits a move number.
func (s *scanner) symbol(t token) token {
	var buf []byte
	long, digits := false, true
	for {
		c, ok := s.peek()
		if !ok || !isSymbolByte(c) {
			break
		}
		s.next()
		digits = digits && isDigit(c)
		if len(buf) < maxToken {
			buf = append(buf, c)
		} else {
			long = true
		}
	}
	if long {
		t.kind, t.text = tokError, fmt.Sprintf("token longer than %d bytes", maxToken)
		return t
	}
	if c, ok := s.peek(); ok && c == '.' && digits {
		for c, ok := s.peek(); ok && c == '.'; c, ok = s.peek() {
			s.next()
			buf = append(buf, c)
		}
		t.kind, t.text = tokNumber, string(buf)
		return t
	}
	t.kind, t.text = tokSymbol, string(buf)
	return t
}

// isSymbolByte reports whether c continues a symbol: PGN's letters,
// digits and _+#=:-, the / of 1/2-1/2 and of the long move names
// (Board.Notation), the annotation marks ! and ?, and any byte of a
// multi-byte character (a move in figurines reads as one bad move).
func isSymbolByte(c byte) bool {
	switch c {
	case '_', '+', '#', '=', ':', '-', '/', '!', '?', '~', '@':
		return true
	}
	return isLetter(c) || isDigit(c) || c >= 0x80
}
