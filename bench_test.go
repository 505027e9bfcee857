package alfil_test

import (
	"testing"

	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/lang"
)

// BenchmarkParse measures reading a whole variant file: lexing, macro
// expansion, parsing and checks. The README's performance table quotes it.
func BenchmarkParse(b *testing.B) {
	for _, name := range []string{"chess", "zoo"} {
		src, err := examples.Source(name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(src)))
			var f *lang.File
			for b.Loop() {
				f, err = lang.Parse(name+".alf", src)
			}
			if err != nil || len(f.Pieces) == 0 {
				b.Fatalf("parse %s: %v", name, err)
			}
		})
	}
}
