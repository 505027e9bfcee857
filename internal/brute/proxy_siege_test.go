package brute_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/internal/brute"
)

const siegeSetup = "1rtkn1/1pppp1/6/6/1PPPP1/1RTKN1 w - - 0 1"

// TestSiegeTree compares the engine and the enumerator on the whole move
// tree of siege.alf (a restricting proxy: what the tower carries may only
// capture), from its setup, from stacked positions and from positions
// the enumerator's own random playouts reach.
func TestSiegeTree(t *testing.T) {
	prog := loadShipped(t, "siege")
	depth := 4
	if testing.Short() {
		depth = 3
	}
	fens := []string{
		siegeSetup,
		"1rtkn1/1pppp1/6/2(TN)3/1PP3/1R1K2 w - - 0 1", // a carried knight, captures on b5 and d5
		"1r1kn1/1p(tp)p2/6/2(TR)3/1PP3/3K2 b - - 0 1", // a carried rook; black's tower carries a pawn
		"3k2/1P(tr)3/6/2(TP)3/6/3K2 w - - 0 1",        // a carried pawn; a pawn that may promote onto the tower
		"3k2/6/2n3/1(TR)4/6/3K2 w - - 0 1",            // the knight attacks the tower's square
		"3k2/6/6/3(TR)2/6/2K3 b - - 0 1",              // the carried rook checks: d6 is a capture it keeps
		"3k2/6/6/3(tr)2/6/2K3 w - - 0 1",              // black's carried rook's captures cover the d-file: d1 and d2 are no squares for the king
	}
	for _, fen := range fens {
		n := compareTree(t, prog, fen, proxyStart(t, fen), proxyEnum, depth)
		t.Logf("%s: perft %d = %d", fen, depth, n)
	}
	playouts := proxyPlayouts(t, siegeSetup, 6, 14, 3)
	require.Len(t, playouts, 6)
	for _, fen := range playouts {
		n := compareTree(t, prog, fen, proxyStart(t, fen), proxyEnum, 3)
		t.Logf("%s: perft 3 = %d", fen, n)
	}
}

// TestSiegePerft checks the setup's perft by the enumerator alone against
// the rows pinned in movegen/testdata/variants.tsv.
func TestSiegePerft(t *testing.T) {
	p := proxyStart(t, siegeSetup)
	// 1121 at depth 3 checked by hand: ram.alf's 1171 less 50, the
	// quiet moves the carried pieces lose (the pawn's c2c3 after Tc1c2,
	// 10 replies; the rook's 2 after Tc1b1 and after Rb1c1, 10 replies
	// each)
	wants := []int64{1, 10, 100, 1121, 12560}
	if !testing.Short() {
		wants = append(wants, 154598)
	}
	for depth, want := range wants {
		assert.Equal(t, want, brute.ProxyPerft(p, depth), "perft %d", depth)
	}
}
