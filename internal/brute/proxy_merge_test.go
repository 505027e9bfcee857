package brute_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/internal/brute"
)

const mergeSetup = "rn1kn1/pppppp/6/6/PPPPPP/RN1KN1 w - - 0 1"

// mergeStart parses fen for the enumerator with merge.alf's rules.
func mergeStart(t *testing.T, fen string) brute.ProxyPos {
	t.Helper()
	p, err := brute.ParseMergeFEN(fen)
	require.NoError(t, err)
	return p
}

// TestMergeTree compares the engine and the enumerator on merge.alf's
// move tree: its setup, knights about to merge, a merged pair, and
// positions the enumerator's random playouts reach.
func TestMergeTree(t *testing.T) {
	prog := loadShipped(t, "merge")
	depth := 4
	if !deep() {
		depth = 3
	}
	fens := []string{
		mergeSetup,
		"3k2/6/6/2N3/6/1N1K2 w - - 0 1",        // two knights that may merge, either onto the other
		"3k2/6/6/2(CN)3/6/3K2 w - - 0 1",       // a merged pair: the centaur carries, the knight may split off
		"1n1k2/6/2(cn)3/6/2N3/1N1K2 b - - 0 1", // pairs and knights on both sides
		"3k2/2n3/6/2(CN)3/6/1N1K2 w - - 0 1",   // a pair and a lone knight that may merge again after a split
	}
	for _, fen := range fens {
		n := compareTree(t, prog, fen, mergeStart(t, fen), proxyEnum, depth)
		t.Logf("%s: perft %d = %d", fen, depth, n)
	}
	// playouts from a position where merges are near
	from := "r2k2/1n1n2/pp2pp/PP2PP/1N1N2/R2K2 w - - 0 1"
	for i, p := range mergePlayouts(t, from, 6, 10, 3) {
		fen := p.Placement() + map[bool]string{true: " w", false: " b"}[p.White] + " - - 0 1"
		n := compareTree(t, prog, fen, p, proxyEnum, 3)
		t.Logf("playout %d %s: perft 3 = %d", i, fen, n)
	}
}

// mergePlayouts returns n positions reached by seeded random playouts of
// the enumerator from fen.
func mergePlayouts(t *testing.T, fen string, n, plies int, seed int64) []brute.ProxyPos {
	t.Helper()
	// half of them with a merged pair on the board
	var out, stacked []brute.ProxyPos
	for _, p := range proxyPlayoutsWith(t, fen, 20*n, plies, seed, mergeStart) {
		if strings.Contains(p.Placement(), "(") {
			stacked = append(stacked, p)
		} else if len(out) < n/2 {
			out = append(out, p)
		}
	}
	return append(out, stacked[:min(n-len(out), len(stacked))]...)
}

// TestMergePerft checks the setup's perft by the enumerator alone against
// the rows pinned in movegen/testdata/variants.tsv.
func TestMergePerft(t *testing.T) {
	p := mergeStart(t, mergeSetup)
	wants := []int64{1, 11, 121, 1476, 17599}
	if deep() {
		wants = append(wants, 226382)
	}
	for depth, want := range wants {
		assert.Equal(t, want, brute.ProxyPerft(p, depth), "perft %d", depth)
	}
}
