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
}
