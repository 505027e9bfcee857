package uci_test

import (
	"io"
	"strings"
	"testing"

	"github.com/alfil-go/alfil/uci"
)

// FuzzCommand feeds the engine arbitrary command lines: it must answer
// them or say why not, never panic. A search a line starts is stopped at
// once; perft is left out (a deep one is a long count, not a fault).
func FuzzCommand(f *testing.F) {
	for _, seed := range []string{
		"uci", "isready", "position startpos moves e2e4 e7e5", "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
		"setoption name UCI_Variant value zoo", "setoption name Hash value 99999", "go depth 2", "go wtime -5",
		"go movetime 1", "position fen k7/8/8/8/8/8/8/7K w - - 0 1 moves h1g1 a8b8", "setoption name VariantPath value /",
		"go infinite", "stop", "ucinewgame", "position fen", "setoption name Threads value 2",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.Contains(line, "perft") {
			return
		}
		e := uci.New(io.Discard)
		for _, l := range strings.Split(line, "\n") {
			if !e.Command(l) {
				break
			}
			e.Command("stop")
		}
		e.Command("isready")
	})
}
