package brute_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/alfil-go/alfil/internal/brute"
)

const ramSetup = "1rmkn1/1pppp1/6/6/1PPPP1/1RMKN1 w - - 0 1"

// TestRamTree compares the engine and the enumerator on the whole move
// tree of ram.alf, from its setup and from stacked and played-out positions.
func TestRamTree(t *testing.T) {
	prog := loadShipped(t, "ram")
	depth := 4
	if !deep() {
		depth = 3
	}
	fens := []string{
		ramSetup,
		"1rmkn1/1pppp1/6/2(MN)3/1PP3/1R1K2 w - - 0 1", // a carried knight
		"1r1kn1/1p(mp)p2/6/2(MR)3/1PP3/3K2 b - - 0 1", // a carried rook; black's ram carries a pawn
		"3k2/1P(mr)3/6/2(MP)3/6/3K2 w - - 0 1",        // a carried pawn, one to promote
		"3k2/6/2n3/1(MR)4/6/3K2 w - - 0 1",            // the knight attacks the ram's square
	}
	for _, fen := range fens {
		n := compareTree(t, prog, fen, proxyStart(t, fen), proxyEnum, depth)
		t.Logf("%s: perft %d = %d", fen, depth, n)
	}
	// positions the enumerator's own random playouts reach, at depth 3
	for _, fen := range proxyPlayouts(t, ramSetup, 6, 14, 1) {
		n := compareTree(t, prog, fen, proxyStart(t, fen), proxyEnum, 3)
		t.Logf("%s: perft 3 = %d", fen, n)
	}
}

// TestRamPerft checks the setup's perft by the enumerator alone against
// the rows pinned in movegen/testdata/variants.tsv.
func TestRamPerft(t *testing.T) {
	p := proxyStart(t, ramSetup)
	wants := []int64{1, 10, 100, 1171, 13702}
	if deep() {
		wants = append(wants, 178973)
	}
	for depth, want := range wants {
		assert.Equal(t, want, brute.ProxyPerft(p, depth), "perft %d", depth)
	}
}
