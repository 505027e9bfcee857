package brute_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/internal/brute"
	"github.com/alfil-go/alfil/movegen"
)

var fieldsVariant = hiddenVariant{name: "fields", moves: brute.FieldsMoves, play: brute.FieldsPlay, playout: brute.FieldsPlayout}

const fieldsSetup = "rnqknr/pppppp/3w2/2W3/PPPPPP/RNQKNR w - - 0 1"

func TestFieldsSetupPerft(t *testing.T) {
	prog := loadShipped(t, "fields")
	depth := 4
	if !deep() {
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
	if deep() {
		depth = 4
	}
	for _, fen := range hiddenPlayouts(t, fieldsVariant, prog, fieldsSetup, 8, 18) {
		n := hiddenCompare(t, fieldsVariant, prog, fen, depth)
		t.Logf("%s: perft %d = %d", fen, depth, n)
	}
}

// TestFieldsExact checks hand-made positions against move lists worked
// out by hand from docs/language.md § Blocking fields.
func TestFieldsExact(t *testing.T) {
	prog := loadShipped(t, "fields")
	for _, tt := range []struct {
		name, fen string
		want      []string
	}{
		// the black warden on d4 covers c4, e4, d3, d5 for white: the rook
		// stops at b4, the knight lands neither on c4 nor on d3
		{"a ray stops, a leaper cannot land", "5k/6/R2w2/6/1N4/K5 w - - 0 1", []string{
			"a1a2", "a1b1", "a4a2", "a4a3", "a4a5", "a4a6", "a4b4", "b2d1"}},
		// black's own pieces pass: the rook steps to d5, the king to e5
		// and the warden anywhere next to it
		{"its own side passes", "3r1k/6/3w2/6/6/K5 b - - 0 1", []string{
			"d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", "d4e5",
			"d6a6", "d6b6", "d6c6", "d6d5", "d6e6", "f6e5", "f6e6", "f6f5"}},
		// the warden's field on d6 shields the king on f6 from the rook:
		// a warden move that uncovers rank 6 (to c4, d4, e4) is illegal
		{"a field shields the king", "R4k/3w2/6/6/6/K5 b - - 0 1", []string{
			"d5c5", "d5c6", "d5d6", "d5e5", "d5e6", "f6e5", "f6e6", "f6f5"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			hiddenExact(t, fieldsVariant, prog, tt.fen, tt.want)
			hiddenCompare(t, fieldsVariant, prog, tt.fen, 3)
		})
	}
}

// TestFieldsReopen: after the warden moves, the squares it no longer
// covers are open again — in incremental mode, on a board that kept the
// moves of the position before (the readers of the uncovered squares must
// be refreshed), as in full mode.
func TestFieldsReopen(t *testing.T) {
	prog := loadShipped(t, "fields")
	want := []string{"a1a2", "a1b1", "a4a2", "a4a3", "a4a5", "a4a6", "a4b4", "a4c4", "a4d4", "b2c4", "b2d1", "b2d3"}
	for _, mode := range []movegen.Mode{movegen.Incremental, movegen.Full} {
		b := engineBoard(t, prog, "5k/6/R2w2/6/1N4/K5 b - - 0 1", mode)
		// white's lines are kept from a white position first
		mk0 := b.Make(hiddenMove(t, b, "f6f5"))
		names, _ := legalNames(b)
		assert.Equal(t, []string{"a1a2", "a1b1", "a4a2", "a4a3", "a4a5", "a4a6", "a4b4", "b2d1"}, names, mode)
		require.NoError(t, b.Unmake(mk0))
		mk := b.Make(hiddenMove(t, b, "d4e5"))
		names, _ = legalNames(b)
		assert.Equal(t, want, names, "%s after d4e5", mode)
		require.NoError(t, b.Unmake(mk))
		assert.Equal(t, "5k/6/R2w2/6/1N4/K5 b - - 0 1", b.FEN())
	}
	p, err := brute.HiddenParse("5k/6/R2w2/6/1N4/K5 b - - 0 1")
	require.NoError(t, err)
	assert.Equal(t, want, brute.FieldsMoves(brute.FieldsPlay(p, "d4e5")))
}
