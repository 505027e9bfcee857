package betza_test

import (
	"strings"
	"testing"

	"github.com/alfil-go/alfil/betza"
	"github.com/alfil-go/alfil/lang"
)

// FuzzParse checks that any notation is either refused with an error
// inside it or gives lines the language parses.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"N", "mRcpR", "fmWfceF", "ifmnD", "gQ", "nZ", "hrN", "vR2sW", "NN", "jN", "R0", "fm", "FfW", "mfrWmrfF", "K9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, notation string) {
		p, err := betza.Parse(notation)
		if err != nil {
			be, ok := err.(*betza.Error)
			if !ok || be.Offset < 0 || be.Offset >= max(len(notation), 1) {
				t.Fatalf("%q: error %v outside the notation", notation, err)
			}
			return
		}
		lines := p.Lines(betza.Options{})
		if len(lines) == 0 {
			return
		}
		src := "piece x X\n    " + strings.Join(lines, "\n    ") + "\n"
		if _, err := lang.Parse("f.alf", []byte(src)); err != nil {
			t.Fatalf("%q: lines that do not parse:\n%s\n%v", notation, src, err)
		}
	})
}
