package uci_test

import (
	"fmt"
	"strings"

	"github.com/alfil-go/alfil/uci"
)

// An engine session as a GUI holds it, driven one command at a time: the
// variant chosen, a position set up, a perft and a search, whose bestmove
// Wait waits for. Every reply goes to the writer (shown here: readyok,
// perft's total and the best move).
func Example() {
	var out strings.Builder
	e := uci.New(&out)
	for _, command := range []string{
		"uci",
		"setoption name UCI_Variant value chess",
		"isready",
		"position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
		"go perft 2",
		"go depth 3",
	} {
		e.Command(command)
	}
	e.Wait()
	e.Command("quit")
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(line, "Nodes searched") || strings.HasPrefix(line, "bestmove") || line == "readyok" {
			fmt.Println(line)
		}
	}
	// Output:
	// readyok
	// Nodes searched: 128
	// bestmove a1a8
}
