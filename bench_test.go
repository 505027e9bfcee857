package alfil_test

import (
	"math/rand/v2"
	"os"
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
		for _, mode := range []movegen.Mode{movegen.Incremental, movegen.Full} {
			b.Run(c.name+"/"+mode.String(), func(b *testing.B) {
				board, err := prog.NewBoard(c.fen)
				if err != nil {
					b.Fatal(err)
				}
				board.SetMode(mode)
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
}

// BenchmarkPlies plays random legal moves in the scenarios of the seed's
// timing table (seed 000, "tiempos") and reports microseconds per ply: one
// legal-move generation plus one move. A game that ends starts over.
func BenchmarkPlies(b *testing.B) {
	for _, c := range []struct {
		name  string
		file  string
		plies int
	}{
		{"knights-knights", "testdata/bench/knights.alf", 1000},
		{"knights-queens", "testdata/bench/knightsqueens.alf", 1000},
		{"knights-emperor", "testdata/bench/emperor.alf", 5},
		{"memory", "testdata/bench/memory.alf", 1000},
		{"queens", "testdata/bench/queens.alf", 1000},
		{"knights-pawns", "testdata/bench/knightspawns.alf", 2000},
	} {
		b.Run(c.name, func(b *testing.B) {
			src, err := os.ReadFile(c.file)
			if err != nil {
				b.Fatal(err)
			}
			prog, err := movegen.Load(c.file, src)
			if err != nil {
				b.Fatal(err)
			}
			board, err := prog.NewBoard("")
			if err != nil {
				b.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			var list movegen.MoveList
			start := board.Mark()
			b.ReportAllocs()
			for b.Loop() {
				for ply := 0; ply < c.plies; ply++ {
					board.Legal(&list)
					if list.Len() == 0 {
						board.Unmake(start)
						continue
					}
					board.Make(list.Moves[rng.IntN(list.Len())])
				}
				board.Unmake(start)
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*c.plies), "µs/ply")
		})
	}
}
