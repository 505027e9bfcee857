package lang

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"
)

// FuzzParse checks, for any input, that Parse does not panic, that every
// error it reports lies inside the input with a consistent line and column,
// that a file it accepts survives a round trip through String, and that it
// finishes in seconds.
func FuzzParse(f *testing.F) {
	for _, glob := range []string{"testdata/*/*.alf", "../examples/variants/*.alf", "testdata/fuzz/seeds/*"} {
		names, _ := filepath.Glob(glob)
		for _, n := range names {
			if data, err := os.ReadFile(n); err == nil {
				f.Add(string(data))
			}
		}
	}
	f.Add("piece k K\n    slide w opt empty mov , enemy end then capt\n")
	f.Add("board 10x8\npiece k K royal\n    not has frozen castle r i h\n    castle r c d\npiece r R\n    d empty mov\n")
	f.Fuzz(func(t *testing.T, src string) {
		// A hang is a bug too: the watchdog turns it into a crash that
		// the fuzzer records with its input.
		timer := time.AfterFunc(10*time.Second, func() { panic(fmt.Sprintf("Parse hangs on %q", src)) })
		defer timer.Stop()
		file, err := Parse("fuzz.alf", []byte(src))
		if err != nil {
			if file != nil {
				t.Fatalf("Parse returned a file along with errors")
			}
			var list ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("error is not a non-empty ErrorList: %v", err)
			}
			if !sort.IsSorted(list) {
				t.Fatalf("errors are not sorted: %v", list)
			}
			s := NewSource("fuzz.alf", src)
			for _, e := range list {
				if e.Pos.Offset < 0 || e.Pos.Offset > len(src) {
					t.Fatalf("error outside the input (%d bytes): %s", len(src), e)
				}
				if want := s.Position(Pos(e.Pos.Offset)); want != e.Pos {
					t.Fatalf("inconsistent position %+v, want %+v", e.Pos, want)
				}
				if e.Msg == "" {
					t.Fatalf("empty error message at %s", e.Pos)
				}
			}
			return
		}
		text := file.String()
		again, err := Parse("printed.alf", []byte(text))
		if err != nil {
			t.Fatalf("the printed file does not parse:\n%s\n%s", text, snippets(err))
		}
		if !sameAST(file, again) {
			t.Fatalf("round trip changed the AST:\n%s\n---\n%s", text, again)
		}
		if again.String() != text {
			t.Fatalf("printing is not stable:\n%s\n---\n%s", text, again)
		}
	})
}

// FuzzInherit checks files that inherit from the shipped variants: for any
// text after from, Parse does not panic or hang, and every error names a
// file of the chain at a line and column inside it — the file's defs
// written again reach the bases' lines (late-bound defs), extend piece and
// replaces change the inherited pieces, so a mistake may show in any of
// them. A file it accepts prints as a file that parses.
func FuzzInherit(f *testing.F) {
	for _, seed := range []string{
		"def captura: enemy capt mov pass\n",
		"def promotion: promote {queen,amazon}\npiece amazon A replaces queen\n    w mov\n",
		"extend piece rook real value 600\n    drop: empty\n",
		"def around: {w,a}\ndef mover: around\n",
		"piece berolina P replaces pawn\n    wa empty mov\n",
		"def estandar: estandar\n",
	} {
		for _, base := range []string{"chess", "atomic", "crazyhouse"} {
			f.Add(base, seed)
		}
	}
	f.Fuzz(func(t *testing.T, base, body string) {
		timer := time.AfterFunc(10*time.Second, func() { panic(fmt.Sprintf("Parse hangs on from %s with %q", base, body)) })
		defer timer.Stop()
		src := "from " + base + "\n" + body
		texts := map[string]string{"e.alf": src}
		loader := func(name string) (string, []byte, error) {
			filename, data, err := dirLoader(name)
			if err == nil { // a base not found names no text: "from e" in e.alf keeps e.alf's
				texts[filename] = string(data)
			}
			return filename, data, err
		}
		file, err := Parse("e.alf", []byte(src), WithLoader(loader))
		if err != nil {
			var list ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("error is not a non-empty ErrorList: %v", err)
			}
			for _, e := range list {
				text, ok := texts[e.Pos.Filename]
				if !ok {
					t.Fatalf("error in a file not of the chain: %s", e)
				}
				if e.Pos.Offset < 0 || e.Pos.Offset > len(text) {
					t.Fatalf("error outside its file (%d bytes): %s", len(text), e)
				}
				if want := NewSource(e.Pos.Filename, text).Position(Pos(e.Pos.Offset)); want != e.Pos {
					t.Fatalf("inconsistent position %+v, want %+v", e.Pos, want)
				}
			}
			return
		}
		if _, err := Parse("printed.alf", []byte(file.String())); err != nil {
			t.Fatalf("the printed file does not parse:\n%s\n%s", file, snippets(err))
		}
	})
}
