package uci_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestProxyVariants: the UCI engine takes stacked FENs and held-piece
// moves (c3'c4, docs/language.md § Proxy pieces) and searches the
// proxy variants.
func TestProxyVariants(t *testing.T) {
	out := session(t, "setoption name UCI_Variant value ram", "position fen 3k2/6/6/2(MR)3/6/3K2 w - - 0 1 moves c3'c4 d6e6", "go perft 1")
	assert.NotContains(t, out, "error")
	assert.Contains(t, out, "c3c4: 1\n", "the ram takes its rook in again")
	assert.Contains(t, out, "c4c3: 1\n", "the rook may enter its ram again")
	// siege.alf: the rook in the tower may only capture, and has nothing
	// to take: the tower's d3d4 stays, the rook's d3d5 and d3'd4 are gone
	out = session(t, "setoption name UCI_Variant value siege", "position fen 3k2/6/6/2(TR)3/6/3K2 w - - 0 1 moves c3d3 d6e6", "go perft 1")
	assert.NotContains(t, out, "error")
	assert.Contains(t, out, "d3d4: 1\n", "the tower's step")
	assert.NotContains(t, out, "d3d5: 1\n", "the carried rook's quiet move is gone")
	assert.NotContains(t, out, "d3'd4", "the carried rook's quiet move is gone")
	for _, v := range []string{"ram", "freezer", "merge", "siege"} {
		out = session(t, "setoption name UCI_Variant value "+v, "position startpos", "go depth 3", "@wait bestmove", "quit")
		require.Contains(t, out, "bestmove ", v)
		assert.NotContains(t, out, "error", v)
		assert.NotContains(t, out, "bestmove 0000", v)
		assert.True(t, strings.Contains(out, "pv "), v)
	}
}
