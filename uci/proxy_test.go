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
	for _, v := range []string{"ram", "freezer", "merge"} {
		out = session(t, "setoption name UCI_Variant value "+v, "position startpos", "go depth 3", "@wait bestmove", "quit")
		require.Contains(t, out, "bestmove ", v)
		assert.NotContains(t, out, "error", v)
		assert.NotContains(t, out, "bestmove 0000", v)
		assert.True(t, strings.Contains(out, "pv "), v)
	}
}
