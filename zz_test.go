package alfil_test

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/alfil-go/alfil/movegen"
)

func BenchmarkOnlyInc(b *testing.B) {
	for _, f := range []string{"chess", "memory"} {
		b.Run(f, func(b *testing.B) {
			path, fen := "testdata/bench/"+f+".alf", ""
			if f == "chess" {
				path, fen = "examples/variants/chess.alf", kiwipete
			}
			src, _ := os.ReadFile(path)
			prog, _ := movegen.Load("q.alf", src)
			board, _ := prog.NewBoard(fen)
			if os.Getenv("FULL") != "" {
				board.SetMode(movegen.Full)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			var list movegen.MoveList
			start := board.Mark()
			for b.Loop() {
				for ply := 0; ply < 1000; ply++ {
					board.Legal(&list)
					if list.Len() == 0 {
						board.Unmake(start)
						continue
					}
					board.Make(list.Moves[rng.IntN(list.Len())])
				}
				board.Unmake(start)
			}
		})
	}
}
