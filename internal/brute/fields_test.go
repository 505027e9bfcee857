package brute_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/internal/brute"
)

var fieldsVariant = hiddenVariant{name: "fields", moves: brute.FieldsMoves, play: brute.FieldsPlay, playout: brute.FieldsPlayout}

const fieldsSetup = "rnqknr/pppppp/3w2/2W3/PPPPPP/RNQKNR w - - 0 1"

func TestFieldsSetupPerft(t *testing.T) {
	prog := loadShipped(t, "fields")
	depth := 4
	if testing.Short() {
		depth = 3
	}
	got := hiddenCompare(t, fieldsVariant, prog, fieldsSetup, depth)
	p, err := brute.HiddenParse(fieldsSetup)
	require.NoError(t, err)
	assert.Equal(t, brute.FieldsPerft(p, depth), got)
	t.Logf("perft %d = %d", depth, got)
}

func TestFieldsPlayouts(t *testing.T) {
	prog := loadShipped(t, "fields")
	depth := 3
	if !testing.Short() {
		depth = 4
	}
	for _, fen := range hiddenPlayouts(t, fieldsVariant, prog, fieldsSetup, 8, 18) {
		n := hiddenCompare(t, fieldsVariant, prog, fen, depth)
		t.Logf("%s: perft %d = %d", fen, depth, n)
	}
}
