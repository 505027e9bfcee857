package brute_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/alfil-go/alfil/internal/brute"
)

const freezerSetup = "frmkn1/1pppp1/6/6/1PPPP1/FRMKN1 w - - 0 1"

// TestFreezerTree compares the engine and the enumerator on freezer.alf's
// move tree: its setup, trapped pieces and 3-stacks, and played-out
// positions.
func TestFreezerTree(t *testing.T) {
	prog := loadShipped(t, "freezer")
	depth := 4
	if !deep() {
		depth = 3
	}
	fens := []string{
		freezerSetup,
		"3k2/6/6/2(fMN)3/6/3K2 w - - 0 1",     // a ram and its knight trapped: both frozen
		"3k2/6/6/2(fMN)3/6/3K2 b - - 0 1",     // the freezer leaves them
		"2k3/6/1(Fn)4/3K2/6/6 b - - 0 1",      // a trapped knight gives no check; the king may take its squares
		"3k2/2n3/6/3K2/2F3/6 w - - 0 1",       // check by a knight, answered by trapping it
		"f2k2/1r4/2(MN)3/6/1F1K2/6 b - - 0 1", // freezers on both sides
	}
	for _, fen := range fens {
		n := compareTree(t, prog, fen, proxyStart(t, fen), proxyEnum, depth)
		t.Logf("%s: perft %d = %d", fen, depth, n)
	}
	for _, fen := range proxyPlayouts(t, freezerSetup, 6, 16, 2) {
		n := compareTree(t, prog, fen, proxyStart(t, fen), proxyEnum, 3)
		t.Logf("%s: perft 3 = %d", fen, n)
	}
}

// TestFreezerPerft checks the setup's perft by the enumerator alone against
// the rows pinned in movegen/testdata/variants.tsv.
func TestFreezerPerft(t *testing.T) {
	p := proxyStart(t, freezerSetup)
	wants := []int64{1, 10, 100, 1161, 13479}
	if deep() {
		wants = append(wants, 173679)
	}
	for depth, want := range wants {
		if want == 0 {
			t.Logf("perft %d = %d", depth, brute.ProxyPerft(p, depth))
			continue
		}
		assert.Equal(t, want, brute.ProxyPerft(p, depth), "perft %d", depth)
	}
}
