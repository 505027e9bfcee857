package alfil_test

import (
	"testing"

	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/lang"
	"github.com/alfil-go/alfil/movegen"
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

// BenchmarkPerft measures move generation of the chess written in the
// language, single-threaded, as nodes per second.
func BenchmarkPerft(b *testing.B) {
	src, err := examples.Source("chess")
	if err != nil {
		b.Fatal(err)
	}
	prog, err := movegen.Load("chess.alf", src)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		fen   string
		depth int
		nodes uint64
	}{
		{"startpos/d4", "", 4, 197281},
		{"startpos/d5", "", 5, 4865609},
		{"kiwipete/d3", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862},
		{"kiwipete/d4", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
	} {
		b.Run(c.name, func(b *testing.B) {
			board, err := prog.NewBoard(c.fen)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			var n uint64
			for b.Loop() {
				n = board.Perft(c.depth)
			}
			if n != c.nodes {
				b.Fatalf("perft(%d) = %d, want %d", c.depth, n, c.nodes)
			}
			b.ReportMetric(float64(c.nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
