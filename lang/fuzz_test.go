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
