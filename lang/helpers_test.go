package lang

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// mustParse parses src or fails the test with every error, caret-annotated.
func mustParse(t testing.TB, name, src string) *File {
	t.Helper()
	f, err := Parse(name, []byte(src), WithLoader(dirLoader)) // the shipped variants may inherit
	if err != nil {
		t.Fatalf("Parse(%s) failed:\n%s", name, snippets(err))
	}
	return f
}

// snippets renders every error of err with its source line and caret.
func snippets(err error) string {
	var list ErrorList
	if !errors.As(err, &list) {
		return err.Error()
	}
	var b strings.Builder
	for _, e := range list {
		b.WriteString(e.Snippet())
		b.WriteByte('\n')
	}
	return b.String()
}

// sameAST reports whether two ASTs are equal apart from positions.
func sameAST(a, b any) bool { return equalIgnoringPos(reflect.ValueOf(a), reflect.ValueOf(b)) }

var (
	posType    = reflect.TypeFor[Pos]()
	sourceType = reflect.TypeFor[*Source]() // where positions point, not the tree
)

func equalIgnoringPos(a, b reflect.Value) bool {
	if a.Type() != b.Type() {
		return false
	}
	if a.Type() == posType || a.Type() == sourceType {
		return true
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return equalIgnoringPos(a.Elem(), b.Elem())
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if !equalIgnoringPos(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Slice:
		if a.Len() != b.Len() {
			return false
		}
		for i := 0; i < a.Len(); i++ {
			if !equalIgnoringPos(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	}
	return a.Interface() == b.Interface()
}

// requireRoundTrip checks that printing f and parsing the text again gives
// the same AST and the same text.
func requireRoundTrip(t testing.TB, f *File) {
	t.Helper()
	text := f.String()
	again, err := Parse("printed", []byte(text))
	require.NoError(t, err, "reparsing the printed file:\n%s\n%s", text, snippetsOrEmpty(err))
	require.True(t, sameAST(f, again), "the AST changed in a round trip; printed:\n%s\nreprinted:\n%s", text, again.String())
	require.Equal(t, text, again.String())
}

func snippetsOrEmpty(err error) string {
	if err == nil {
		return ""
	}
	return snippets(err)
}

// readTestdata returns the files of dir matching the glob, by name.
func readTestdata(t *testing.T, glob string) map[string]string {
	t.Helper()
	names, err := filepath.Glob(glob)
	require.NoError(t, err)
	require.NotEmpty(t, names, "no files match %s", glob)
	files := map[string]string{}
	for _, n := range names {
		data, err := os.ReadFile(n)
		require.NoError(t, err)
		files[n] = string(data)
	}
	return files
}

// expectedError is an error that a testdata file announces in a comment.
type expectedError struct {
	line    int
	cols    []int // any of these columns
	pattern *regexp.Regexp
}

var (
	trailingMarker = regexp.MustCompile(`#\s*ERROR\s+"((?:[^"\\]|\\.)*)"\s*$`)
	caretMarker    = regexp.MustCompile(`^\s*#( *)\^\s*ERROR\s+"((?:[^"\\]|\\.)*)"\s*$`)
)

// expectedErrors reads the error marks of a testdata file. Two forms exist:
//
//	w mov enemmy    # ERROR "regexp"      the last token before the comment (or the end of line)
//	boardd 8x8
//	#^ ERROR "regexp"                      the column of the caret, on the line above
//
// In the caret form the # stands for column 1 when the caret follows it
// directly; otherwise the caret's own column counts.
func expectedErrors(t *testing.T, src string) []expectedError {
	t.Helper()
	var out []expectedError
	items := lex(src)
	s := NewSource("", src)
	lastCode := 0
	for n := range s.lines { // lines end as the lexer ends them: \n, \r\n or \r
		lineNo := n + 1
		text := s.LineText(lineNo)
		if m := caretMarker.FindStringSubmatchIndex(text); m != nil {
			col := m[3] + 1 // the column of the caret
			if m[3] == m[2] {
				col = m[2] // "#^": the caret stands for the # column
			}
			out = append(out, expectedError{line: lastCode, cols: []int{col}, pattern: compileMarker(t, text[m[4]:m[5]])})
			continue
		}
		if code := strings.TrimSpace(strings.TrimPrefix(text, bom)); code != "" && !strings.HasPrefix(code, "#") {
			lastCode = lineNo
		}
		m := trailingMarker.FindStringSubmatchIndex(text)
		if m == nil {
			continue
		}
		hash := s.lines[n] + m[0]
		var cols []int
		for _, it := range items {
			p := s.Position(it.pos)
			if p.Line != lineNo {
				continue
			}
			switch {
			case it.typ == itemNewline || it.typ == itemEOF:
				cols = append(cols, p.Col)
			case int(it.pos) < hash && it.typ != itemIndent:
				cols = []int{p.Col} // the last token before the comment so far
			}
		}
		out = append(out, expectedError{line: lineNo, cols: cols, pattern: compileMarker(t, text[m[2]:m[3]])})
	}
	return out
}

func compileMarker(t *testing.T, quoted string) *regexp.Regexp {
	t.Helper()
	rx, err := regexp.Compile(strings.ReplaceAll(quoted, `\"`, `"`))
	require.NoError(t, err)
	return rx
}
