package uci_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestLateVariant: the engine plays chameleon chess (late pieces,
// docs/language.md § Late pieces (copy:)): perft from the setup after a
// move, and a short search that names a best move.
func TestLateVariant(t *testing.T) {
	out := session(t, "setoption name UCI_Variant value chameleon", "position startpos", "go perft 3",
		"position startpos moves b2b3 e5e4", "go depth 2", "@wait bestmove", "isready")
	assert.Contains(t, out, "Nodes searched: 674\n")
	assert.Contains(t, out, "bestmove ")
	assert.True(t, strings.HasSuffix(out, "readyok\n"), out)

	// mimic chess: the FEN's state field names the last mover
	out = session(t, "setoption name UCI_Variant value mimic", "position startpos", "go perft 3",
		"position fen 1R1m1r/1N1bpk/2pp1p/2P2P/1r1PPK/R5 b - - 0 1 {last:b5}", "go perft 3",
		"position startpos moves b1c3 d6e4", "go depth 2", "@wait bestmove", "isready")
	assert.Contains(t, out, "Nodes searched: 698\n")
	assert.Contains(t, out, "Nodes searched: 6808\n")
	assert.NotContains(t, out, "info string error", "d6e4: the mimic jumps as the knight that moved last")
	assert.Contains(t, out, "bestmove ")
	assert.True(t, strings.HasSuffix(out, "readyok\n"), out)
}
