package lang

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/alfil-go/alfil/memory"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Limits for TestHostile: no input here may make Parse take longer or
// allocate more. Each takes a fraction of a second and at most some tens of
// megabytes, in proportion to its size; before the fixes several hung or
// took many seconds.
const (
	hostileTime  = 10 * time.Second
	hostileAlloc = 128 << 20
)

// TestHostile parses inputs made to hurt the front end: explosions, deep
// nests, floods of errors and expensive suggestions. Each must give exactly
// the errors listed, quickly and in bounded memory.
func TestHostile(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // the errors; nil if the file parses
	}{
		{"doubling defs ending in an empty def",
			doublingDefs(30) + "def d30:\npiece k K\n    d0 w mov\n",
			[]string{`h.alf:33:5: macro expansion too large: def "d0" (the limit is 16384 lines and 262144 tokens per file)`}},
		{"doubling defs ending in an empty def, used from the middle",
			doublingDefs(40) + "def d40:\npiece k K\n    d9 w mov\n",
			[]string{`h.alf:43:5: macro expansion too large: def "d9" (the limit is 16384 lines and 262144 tokens per file)`}},
		{"doubling defs ending in an empty def, unused",
			doublingDefs(40) + "def d40:\npiece k K\n    w mov\n", nil},
		{"a def that refers to itself after a big def",
			doublingDefs(16) + "def d16: w\ndef loop: d0 loop\npiece k K\n    loop mov\n",
			[]string{`h.alf:20:5: macro expansion too large: def "loop" (the limit is 16384 lines and 262144 tokens per file)`}},
		// the cost walk keeps its own stack: a chain as long as the file
		// is no recursion as deep
		{"a chain of 100000 defs",
			longDefChain(100000) + "piece k K\n    c0 mov\n",
			[]string{`h.alf:32:10: def "c32" nests more than 32 defs deep (does it refer to itself?)`}},
		{"defs referring to each other",
			"def x1: w x2\ndef x2: x1\npiece k K\n    x1 mov\n",
			[]string{`h.alf:2:9: def "x1" nests more than 32 defs deep (does it refer to itself?)`}},
		{"a turn whose copies are long",
			piece("turn x=[" + strings.Repeat("w ", 3000) + "] < " + strings.Repeat("x ", 3000) + "mov >"),
			[]string{`h.alf:3:5: macro expansion too large: turn (the limit is 16384 lines and 262144 tokens per file)`}},
		{"a turn with many variables",
			piece("turn (" + seq("v", 5000, ",") + ")=[(" + strings.Repeat("w,", 4999) + "w)] < " + seq("v", 5000, " ") + " mov >"), nil},
		{"many braces in a row",
			piece(strings.Repeat("{w} ", 20000) + "mov"),
			[]string{`h.alf:3:21: macro expansion too large: braces (the limit is 16384 lines and 262144 tokens per file)`}},
		{"deep parentheses",
			piece(strings.Repeat("(", 100000) + "w" + strings.Repeat(")", 100000) + " mov"),
			[]string{`h.alf:3:5: unexpected "(" in a move line`}},
		{"deep parentheses in a turn binding",
			piece("turn x=[" + strings.Repeat("(", 100000) + "w" + strings.Repeat(")", 100000) + "] < x mov >"),
			[]string{`h.alf:3:13: unexpected "(" in a move line`}},
		{"a long chain of not",
			piece("w " + strings.Repeat("not ", 200000) + "empty mov"),
			[]string{`h.alf:3:263: keyword "not" is nested 65 deep: structures nest at most 64 deep`}},
		{"deep multis",
			piece(strings.Repeat("multi [ ", 100000) + "w empty mov" + strings.Repeat(" ]", 100000)),
			[]string{`h.alf:3:523: "[" is nested 65 deep: blocks and braces nest at most 64 deep`}},
		{"a long line inside deep blocks", // each token is copied once, not once per block
			piece(strings.Repeat("multi [ ", 60) + strings.Repeat("w empty ", 50000) + "mov" + strings.Repeat(" ]", 60)), nil},
		{"deep braces in a def",
			"def deep: " + strings.Repeat("{", 100000) + "w" + strings.Repeat("}", 100000) + "\n" + piece("deep mov"),
			[]string{`h.alf:1:75: "{" is nested 65 deep: blocks and braces nest at most 64 deep`}},
		{"a flood of bad characters", strings.Repeat("$", 1<<20), tooMany("h.alf:1:%d: unexpected character '$'", 1)},
		{"a flood of bad bytes", strings.Repeat("\xff ", 1<<19),
			tooMany("h.alf:1:%d: expected UTF-8 text, found invalid byte 0xFF", 2)},
		{"a flood of unknown words among many defs",
			seq("def m", 5000, ": w\n") + ": w\npiece k K\n" + seq("    w x", 5000, "y\n") + "y\n",
			tooManyLines(`h.alf:%d:7: undefined name "x%dy": not a step, keyword or def`, 5002)},
		{"a flood of pieces with one letter",
			seq("piece p", 10000, " A\n    w mov\n") + " A\n    w mov\n", tooManyPieces()},
		{"a flood of unknown attributes among many attributes",
			"piece k K " + seq("attr", 20000, " ") + "\n" + seq("    w has b", 1000, "\n") + "\n",
			tooManyLines(`h.alf:%d:11: no piece has attribute "b%d"`, 2)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, parseBounded(t, "h.alf", tt.src))
		})
	}
}

// parseBounded parses src and returns its errors, failing the test if Parse
// takes longer than hostileTime or allocates more than hostileAlloc.
func parseBounded(t *testing.T, name, src string) []string {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	done := make(chan []string, 1)
	go func() {
		var got []string
		_, err := Parse(name, []byte(src))
		var list ErrorList
		if errors.As(err, &list) {
			for _, e := range list {
				got = append(got, e.Error())
			}
		}
		done <- got
	}()
	select {
	case got := <-done:
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		require.LessOrEqual(t, alloc, uint64(hostileAlloc), "Parse allocated %d MB on a %d KB input", alloc>>20, len(src)>>10)
		return got
	case <-time.After(hostileTime):
		t.Fatalf("Parse takes more than %v on a %d KB input", hostileTime, len(src)>>10)
		return nil
	}
}

// doublingDefs returns defs d0…d(n-1), each using the next one twice.
func doublingDefs(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "def d%d: d%d d%d\n", i, i+1, i+1)
	}
	return b.String()
}

// seq returns prefix0 sep prefix1 sep … prefix(n-1), without the last sep.
func seq(prefix string, n int, sep string) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(sep)
		}
		fmt.Fprintf(&b, "%s%d", prefix, i)
	}
	return b.String()
}

// tooMany returns the maxErrors errors of a flood on line 1, one every
// step columns, then "too many errors".
func tooMany(format string, step int) []string {
	var want []string
	for i := 0; i < maxErrors; i++ {
		want = append(want, fmt.Sprintf(format, 1+i*step))
	}
	return append(want, fmt.Sprintf("h.alf:1:%d: too many errors", 1+maxErrors*step))
}

// tooManyLines returns the maxErrors errors of a flood starting at line
// first, one per line, then "too many errors".
func tooManyLines(format string, first int) []string {
	var want []string
	for i := 0; i <= maxErrors; i++ {
		want = append(want, fmt.Sprintf(format, first+i, i))
	}
	last := want[maxErrors]
	want[maxErrors] = last[:strings.Index(last, ": ")+2] + "too many errors"
	return want
}

// tooManyPieces returns the errors of the flood of pieces: every piece after
// the first reuses its letter.
func tooManyPieces() []string {
	var want []string
	for i := 1; i <= maxErrors; i++ {
		want = append(want, fmt.Sprintf("h.alf:%d:1: piece p%d uses letter A, already used by p%d", 2*i+1, i, i-1))
	}
	return append(want, fmt.Sprintf("h.alf:%d:1: too many errors", 2*maxErrors+3))
}

// TestNumberRanges checks that every number out of its range is an error at
// its position, and that the ends of each range are accepted.
func TestNumberRanges(t *testing.T) {
	const int64Range = "(-9223372036854775808 to 9223372036854775807)"
	tests := []struct {
		name string
		src  string // a file; "P" stands for "piece king K\n    "
		want string // the error; empty if the file parses
	}{
		{"cell index", "P mcmp l65535 0 mov", ""},
		{"cell index too big", "P mcmp l65536 0 mov", "r.alf:2:10: memory cell l65536 is out of range (l0 to l65535)"},
		{"cell index past int32", "P mset l99999999999 1", "r.alf:2:10: memory cell l99999999999 is out of range (l0 to l65535)"},
		{"cell index past int64", "P mset p99999999999999999999 1", "r.alf:2:10: memory cell p99999999999999999999 is out of range (p0 to p65535)"},
		{"indirect cell index", "P madd gtl70000 1", "r.alf:2:10: memory cell gtl70000 is out of range (gtl0 to gtl65535)"},
		{"cell in the second operand", "P mcmp l0 t65536 mov", "r.alf:2:13: memory cell t65536 is out of range (t0 to t65535)"},
		{"number", "P mcmp l0 9223372036854775807 mset l1 -9223372036854775808 mov", ""},
		{"number too big", "P mcmp l0 9223372036854775808 mov", "r.alf:2:13: number 9223372036854775808 is out of range " + int64Range},
		{"number too small", "P mgrw g -9223372036854775809", "r.alf:2:12: number -9223372036854775809 is out of range " + int64Range},
		{"every", "P every 2147483647: del", ""},
		{"every past int32", "P every 4294967296: del", "r.alf:2:11: every 4294967296 is out of range (1 to 2147483647)"},
		{"every 0", "P every 0: del", "r.alf:2:11: every 0 is out of range (1 to 2147483647)"},
		{"every negative", "P every -3: del", "r.alf:2:11: every -3 is out of range (1 to 2147483647)"},
		{"value", "piece a A value 100000\n    w mov\npiece b B value -100000\n    w mov", ""},
		{"value too big", "piece a A value 100001\n    w mov", "r.alf:1:17: value 100001 is out of range (-100000 to 100000)"},
		{"value too small", "piece a A value -100001\n    w mov", "r.alf:1:17: value -100001 is out of range (-100000 to 100000)"},
		{"value past int64", "piece a A value 99999999999999999999\n    w mov", "r.alf:1:17: value 99999999999999999999 is out of range (-100000 to 100000)"},
		{"multi", "P multi 1024 [ w mov ]", ""},
		{"multi too big", "P multi 1025 [ w mov ]", "r.alf:2:11: multi count 1025 is out of range (1 to 1024)"},
		{"multi 0", "P multi 0 [ w mov ]", "r.alf:2:11: multi count 0 is out of range (1 to 1024)"},
		{"tiles", "board 1x1\ntiles 65535\n    9223372036854775807\ntiles 0\n    -9223372036854775808", ""},
		{"tiles cell too big", "board 1x1\ntiles 65536\n    1", "r.alf:2:7: tile memory cell 65536 is out of range (0 to 65535)"},
		{"tiles cell negative", "board 1x1\ntiles -1\n    1", "r.alf:2:7: tile memory cell -1 is out of range (0 to 65535)"},
		{"tile value too big", "board 1x1\ntiles 0\n    9223372036854775808", "r.alf:3:5: number 9223372036854775808 is out of range " + int64Range},
		{"eval", "eval g65535", ""},
		{"eval too big", "eval g65536", "r.alf:1:6: memory cell g65536 is out of range (g0 to g65535)"},
		{"checks", "checks 1000", ""},
		{"checks too big", "checks 1001", "r.alf:1:8: checks 1001 is out of range (1 to 1000)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.Replace(tt.src, "P ", "piece king K\n    ", 1) + "\n"
			if tt.want == "" {
				requireRoundTrip(t, mustParse(t, "r.alf", src))
				return
			}
			assert.Equal(t, []string{tt.want}, parseErrors(t, "r.alf", src))
		})
	}
	f := mustParse(t, "r.alf", "piece king K value -100000\n    every 2147483647: mcmp gl65535 -9223372036854775808 del\n")
	assert.Equal(t, -100000, f.Pieces[0].Attrs[0].Value)
	assert.Equal(t, 2147483647, f.Pieces[0].Every[0].N)
	m := f.Pieces[0].Every[0].Line.Items[0].(*Mem)
	assert.Equal(t, int64(65535), m.A.Value)
	assert.Equal(t, int64(math.MinInt64), m.B.Value)
}

// TestMaxCell checks that the bound of cell indexes is the one package
// memory enforces.
func TestMaxCell(t *testing.T) {
	assert.Equal(t, memory.MaxCells-1, maxCell)
}

// TestRawText checks that the text of game and setup lines is trimmed of
// all white space, Unicode's included, and nothing else.
func TestRawText(t *testing.T) {
	f := mustParse(t, "g.alf", "game \u00a0\vTres\u00a0en raya\u2003\f # c\nboard 1x1\npiece k K\n    w mov\nsetup \u00a0K w\v\n")
	assert.Equal(t, "Tres\u00a0en raya", f.Name)
	assert.Equal(t, "K w", f.Setup.FEN)
	requireRoundTrip(t, f)
}

// longDefChain returns defs c0 … c(n-1), each using the next, and c(n).
func longDefChain(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "def c%d: c%d\n", i, i+1)
	}
	fmt.Fprintf(&b, "def c%d: w\n", n)
	return b.String()
}
