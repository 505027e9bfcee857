package movegen

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Invisible pieces and blocking fields (invisible.go, fields.go). The
// move-set and perft comparisons against the brute-force enumerator are
// in internal/brute; these are the engine's own small checks.

// TestHiddenStaysInterpreted: a variant with invisible pieces or fields
// has no kernels, no lowered tables and no tier, and says why.
func TestHiddenStaysInterpreted(t *testing.T) {
	for name, why := range map[string]string{"invisible": "invisible pieces", "fields": "blocking fields"} {
		p := loadVariant(t, name)
		_, err := p.Tier()
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), why)
		assert.False(t, p.lowered, name)
		for _, ty := range p.types {
			assert.Nil(t, ty.attacks, "%s %s", name, ty.Name)
			for _, l := range ty.Lines {
				assert.Nil(t, l.kernel, "%s %s", name, ty.Name)
			}
		}
	}
	assert.False(t, loadVariant(t, "losalamos").fields)
	assert.False(t, loadVariant(t, "losalamos").invisible)
}

// TestFieldAll: an all field bars its own side's steps too, but not its
// owner's (docs/language.md § Blocking fields).
func TestFieldAll(t *testing.T) {
	p := mustLoad(t, "all.alf", `board 4x4
piece warden W
    {w,a,s,d} empty mov
    field: [d] all
piece rook R
    slide {w,a,s,d} empty mov then enemy capt mov
setup 1r2/4/4/W2R w - - 0 1
`)
	for fen, want := range map[string][]string{
		// the rook stops before b1; the warden itself steps there
		"1r2/4/4/W2R w - - 0 1": {"a1a2", "a1b1", "d1c1", "d1d2", "d1d3", "d1d4"},
		// black's rook stops before b1 as well
		"1r2/4/4/W2R b - - 0 1": {"b4a4", "b4b2", "b4b3", "b4c4", "b4d4"},
	} {
		for _, mode := range []Mode{Incremental, Full} {
			b, err := p.NewBoard(fen)
			require.NoError(t, err)
			b.SetMode(mode)
			var list MoveList
			b.Legal(&list)
			names := b.Notation(list.Moves)
			slices.Sort(names)
			assert.Equal(t, want, names, "%s %s", mode, fen)
		}
	}
}

// TestInvisibleRefused: invisible pieces where drops, gates or walls test
// squares for both sides alike are a positioned error.
func TestInvisibleRefused(t *testing.T) {
	_, err := Load("drops.alf", []byte(`board 4x4
piece king K royal
    {w,a,s,d} empty mov
piece mine M invisible
    {w,a,s,d} empty mov
    drop: empty
setup k3/4/4/3K w - - 0 1
`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "drops.alf:4:1: piece mine is invisible in a variant with drops, gates or walls: not supported")
}

// TestHiddenFENAndSAN: the FEN names invisible pieces and wardens like
// any (nothing is hidden from the players), round trip; a landing on a
// mine is a capture in SAN.
func TestHiddenFENAndSAN(t *testing.T) {
	for name, fens := range map[string][]string{
		"invisible": {"rnqknr/pppppp/3m2/2M3/PPPPPP/RNQKNR w - - 0 1", "5k/M5/6/R1m3/1P4/KN4 w - - 0 1", "rnqk1r/2pppp/pPMm1n/1P4/2PPPP/RNQKNR b - - 0 1"},
		"fields":    {"rnqknr/pppppp/3w2/2W3/PPPPPP/RNQKNR w - - 0 1", "R4k/3w2/6/6/6/K5 b - - 0 1"},
	} {
		p := loadVariant(t, name)
		for _, fen := range fens {
			b, err := p.NewBoard(fen)
			require.NoError(t, err)
			assert.Equal(t, fen, b.FEN())
		}
	}
	b, err := loadVariant(t, "invisible").NewBoard("5k/M5/6/R1m3/1P4/KN4 w - - 0 1")
	require.NoError(t, err)
	var list MoveList
	b.Legal(&list)
	san := strings.Join(b.SAN(list.Moves), " ")
	assert.Contains(t, san, "Nxc3")
	assert.Contains(t, san, "Rxc3")
	assert.Contains(t, san, "Rf3")
}
