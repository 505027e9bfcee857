package lang

import (
	"fmt"
	"sort"
	"strings"
)

// Pos is a byte offset into a variant file. Every token and every AST node
// carries one; it becomes a line and column only when an error is built, so
// the lexer never counts lines.
type Pos int

// Position returns the node's position; embedding Pos gives every node this
// method.
func (p Pos) Position() Pos { return p }

// Position is a human-readable place in a variant file. Line and Col are
// 1-based; Col counts bytes.
type Position struct {
	Filename string
	Offset   int
	Line     int
	Col      int
}

// String formats the position as file:line:col (or line:col without a file).
func (p Position) String() string {
	if p.Filename == "" {
		return fmt.Sprintf("%d:%d", p.Line, p.Col)
	}
	return fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Col)
}

// Source turns offsets into positions for one file. The parser's errors
// use it, and so does the compiler's, so both name a place alike.
//
// A file that inherits from another (from NAME, docs/language.md
// § Inheritance) holds nodes parsed from several texts; each text then has
// its own range of offsets, starting at base, and the Source of the file
// parsed first knows them all, so a position inside an inherited node names
// the file it was written in.
type Source struct {
	name  string
	text  string
	lines []int // offset of the first byte of every line
	base  Pos   // the offset of the text's first byte
	set   *sourceSet
}

// sourceSet is the texts of one parse: the file and those it inherits from.
type sourceSet struct {
	files []*Source
	next  Pos // the base of the next text added
}

// NewSource indexes the lines of text, the contents of the file name. A line ends at "\n", "\r\n" or a
// lone "\r", as in the lexer.
func NewSource(name, text string) *Source {
	s := &Source{name: name, text: text, lines: []int{0}}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			s.lines = append(s.lines, i+1)
		case '\n':
			s.lines = append(s.lines, i+1)
		}
	}
	return s
}

// add indexes another text of s's parse (an inherited file) and gives it
// the next free range of offsets, past every text added before.
func (s *Source) add(name, text string) *Source {
	if s.set == nil {
		s.set = &sourceSet{files: []*Source{s}, next: s.base + Pos(len(s.text)) + 1}
	}
	t := NewSource(name, text)
	t.base, t.set = s.set.next, s.set
	s.set.next += Pos(len(text)) + 1
	s.set.files = append(s.set.files, t)
	return t
}

// chainFile returns the i-th text of s's parse, in the order they were
// added: the file parsed first, its base, the base's base…
func (s *Source) chainFile(i int) *Source {
	if s.set == nil {
		return s
	}
	return s.set.files[i]
}

// file returns the text of s's parse that offset p lies in (its end
// included), or s when none does.
func (s *Source) file(p Pos) *Source {
	if s.set == nil {
		return s
	}
	for _, f := range s.set.files {
		if p >= f.base && p <= f.base+Pos(len(f.text)) {
			return f
		}
	}
	return s
}

// Position converts an offset; offsets outside the text are clamped to it.
func (s *Source) Position(p Pos) Position {
	s = s.file(p)
	off := min(max(int(p-s.base), 0), len(s.text))
	line := sort.Search(len(s.lines), func(i int) bool { return s.lines[i] > off })
	return Position{Filename: s.name, Offset: off, Line: line, Col: off - s.lines[line-1] + 1}
}

// LineAt returns the text of the line offset p lies on, in whichever file
// of the parse holds it, without its line end.
func (s *Source) LineAt(p Pos) string {
	return s.file(p).LineText(s.Position(p).Line)
}

// TextFrom returns the text of the file that holds offset p, from p to
// that file's end.
func (s *Source) TextFrom(p Pos) string {
	s = s.file(p)
	off := min(max(int(p-s.base), 0), len(s.text))
	return s.text[off:]
}

// LineText returns the text of the given 1-based line of s's own text
// without its line end.
func (s *Source) LineText(line int) string {
	if line < 1 || line > len(s.lines) {
		return ""
	}
	start := s.lines[line-1]
	end := len(s.text)
	if line < len(s.lines) {
		end = s.lines[line]
	}
	text := s.text[start:end]
	switch {
	case strings.HasSuffix(text, "\r\n"):
		return text[:len(text)-2]
	case strings.HasSuffix(text, "\n"), strings.HasSuffix(text, "\r"):
		return text[:len(text)-1]
	}
	return text
}

// Error is one problem found in a variant file.
type Error struct {
	Pos  Position
	Msg  string
	Line string // the source line, for Snippet; may be empty
}

// Error formats the error as file:line:col: msg.
func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// Snippet returns the error followed by its source line and a caret under
// the offending column, for command-line tools:
//
//	zoo.alf:3:5: unknown word "enemmy" (did you mean "enemy"?)
//	 | w enemmy capt mov
//	 | ..^
//
// Col counts bytes, but the caret is placed by characters, so it stands
// under the offending character even after non-ASCII text on the line. A
// byte order mark starting the line is not shown.
func (e *Error) Snippet() string {
	if e.Line == "" {
		return e.Error()
	}
	col := min(max(e.Pos.Col-1, 0), len(e.Line))
	line, before := e.Line, e.Line[:col]
	if strings.HasPrefix(line, bom) {
		line = line[len(bom):]
		before = strings.TrimPrefix(before, bom)
	}
	var b strings.Builder
	b.WriteString(e.Error())
	b.WriteString("\n | ")
	b.WriteString(line)
	b.WriteString("\n | ")
	for _, r := range before {
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte('.')
		}
	}
	b.WriteByte('^')
	return b.String()
}

// ErrorList is a list of errors. Its zero value is an empty list ready to
// use; it is itself an error, so callers can use errors.As to walk it.
type ErrorList []*Error

// Add appends an error.
func (l *ErrorList) Add(pos Position, msg string) { *l = append(*l, &Error{Pos: pos, Msg: msg}) }

// Len, Swap and Less make the list sortable by file, line, column and message.
func (l ErrorList) Len() int      { return len(l) }
func (l ErrorList) Swap(i, j int) { l[i], l[j] = l[j], l[i] }
func (l ErrorList) Less(i, j int) bool {
	a, b := l[i].Pos, l[j].Pos
	if a.Filename != b.Filename {
		return a.Filename < b.Filename
	}
	if a.Offset != b.Offset {
		return a.Offset < b.Offset
	}
	return l[i].Msg < l[j].Msg
}

// Sort sorts the list by position.
func (l ErrorList) Sort() { sort.Stable(l) }

// RemoveMultiples sorts the list and keeps only the first error on each line.
func (l *ErrorList) RemoveMultiples() {
	l.Sort()
	var last Position
	kept := (*l)[:0]
	for i, e := range *l {
		if i == 0 || e.Pos.Filename != last.Filename || e.Pos.Line != last.Line {
			last = e.Pos
			kept = append(kept, e)
		}
	}
	*l = kept
}

// Error reports the first error and how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Err returns the list as an error, or nil if it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}
