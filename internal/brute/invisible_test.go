package brute_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/internal/brute"
)

var invisibleVariant = hiddenVariant{name: "invisible", moves: brute.InvisibleMoves, play: brute.InvisiblePlay, playout: brute.InvisiblePlayout}

const invisibleSetup = "rnqknr/pppppp/3m2/2M3/PPPPPP/RNQKNR w - - 0 1"

func TestInvisibleSetupPerft(t *testing.T) {
	prog := loadShipped(t, "invisible")
	depth := 4
	if testing.Short() {
		depth = 3
	}
	got := hiddenCompare(t, invisibleVariant, prog, invisibleSetup, depth)
	p, err := brute.HiddenParse(invisibleSetup)
	require.NoError(t, err)
	assert.Equal(t, brute.InvisiblePerft(p, depth), got)
	t.Logf("perft %d = %d", depth, got)
}

func TestInvisiblePlayouts(t *testing.T) {
	prog := loadShipped(t, "invisible")
	depth := 3
	if !testing.Short() {
		depth = 4
	}
	for _, fen := range hiddenPlayouts(t, invisibleVariant, prog, invisibleSetup, 8, 18) {
		n := hiddenCompare(t, invisibleVariant, prog, fen, depth)
		t.Logf("%s: perft %d = %d", fen, depth, n)
	}
}
