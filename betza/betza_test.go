package betza_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/betza"
)

// TestLines checks the move lines of notations that use every atom kind
// and modifier Fairy-Stockfish reads.
func TestLines(t *testing.T) {
	tests := []struct {
		notation string
		want     []string
	}{
		{"W", []string{"w empty mov", "w enemy capt mov", "s empty mov", "s enemy capt mov", "d empty mov", "d enemy capt mov", "a empty mov", "a enemy capt mov"}},
		{"fmWfcF", []string{"w empty mov", "wd enemy capt mov", "wa enemy capt mov"}},
		{"fR", []string{"slide w empty mov then enemy capt mov"}},
		{"vR2", []string{"w empty mov", "w enemy capt mov", "w empty w empty mov", "w empty w enemy capt mov",
			"s empty mov", "s enemy capt mov", "s empty s empty mov", "s empty s enemy capt mov"}},
		{"mRcpR", []string{"slide w empty mov", "slide s empty mov", "slide d empty mov", "slide a empty mov",
			"slide w empty then piece slide w empty then enemy capt mov", "slide s empty then piece slide s empty then enemy capt mov",
			"slide d empty then piece slide d empty then enemy capt mov", "slide a empty then piece slide a empty then enemy capt mov"}},
		{"fpR", []string{"slide w empty then piece slide w empty mov then enemy capt mov"}},
		{"gfB", []string{"slide wd empty then piece wd empty mov", "slide wd empty then piece wd enemy capt mov",
			"slide wa empty then piece wa empty mov", "slide wa empty then piece wa enemy capt mov"}},
		{"mffnN", []string{"w empty wd empty mov", "w empty wa empty mov"}},
		{"mfrnN", []string{"d empty wd empty mov"}},
		{"cnA", []string{"wd empty wd enemy capt mov", "sa empty sa enemy capt mov", "sd empty sd enemy capt mov", "wa empty wa enemy capt mov"}},
		{"mfnZ", []string{"w empty wd empty wd empty mov", "w empty wa empty wa empty mov"}},
		{"ifmnD", []string{"pos x 1 w empty w empty mov"}},
		{"ifmnDifmnD", []string{"pos x 1 w empty w empty mov"}}, // a later atom of the same key replaces
		{"fNN", []string{"slide wwd empty mov then enemy capt mov", "slide wwa empty mov then enemy capt mov"}},
		{"fsW", []string{"w empty mov", "w enemy capt mov", "d empty mov", "d enemy capt mov", "a empty mov", "a enemy capt mov"}},
		{"frF", []string{"wd empty mov", "wd enemy capt mov"}},
		{"bhN", []string{"ssa empty mov", "ssa enemy capt mov", "sdd empty mov", "sdd enemy capt mov", "saa empty mov", "saa enemy capt mov", "ssd empty mov", "ssd enemy capt mov"}},
		{"", nil},
	}
	for _, tt := range tests {
		t.Run(tt.notation, func(t *testing.T) {
			p, err := betza.Parse(tt.notation)
			require.NoError(t, err)
			assert.Equal(t, tt.want, p.Lines(betza.Options{}))
		})
	}
}

func TestInitialOption(t *testing.T) {
	p, err := betza.Parse("imfnD")
	require.NoError(t, err)
	assert.Equal(t, []string{"unmoved w empty w empty mov"}, p.Lines(betza.Options{Initial: "unmoved"}))
}

// TestLandOption checks that Land tests the square a move ends on, and
// not the squares a rider passes: a quiet ride's squares are moves in a
// block, the slide going on past a square outside the region.
func TestLandOption(t *testing.T) {
	for notation, want := range map[string][]string{
		"fW":    {"w empty pos a2..h6 mov", "w enemy pos a2..h6 capt mov"},
		"fR":    {"slide w empty block pos a2..h6 mov end then enemy pos a2..h6 capt mov"},
		"mfR":   {"slide w empty block pos a2..h6 mov end"},
		"cfR":   {"slide w empty then enemy pos a2..h6 capt mov"},
		"fR2":   {"w empty pos a2..h6 mov", "w enemy pos a2..h6 capt mov", "w empty w empty pos a2..h6 mov", "w empty w enemy pos a2..h6 capt mov"},
		"fpR":   {"slide w empty then piece slide w empty block pos a2..h6 mov end then enemy pos a2..h6 capt mov"},
		"fgR":   {"slide w empty then piece w empty pos a2..h6 mov", "slide w empty then piece w enemy pos a2..h6 capt mov"},
		"mfnD":  {"w empty w empty pos a2..h6 mov"},
		"imfnD": {"pos x 1 w empty w empty pos a2..h6 mov"},
	} {
		p, err := betza.Parse(notation)
		require.NoError(t, err)
		assert.Equal(t, want, p.Lines(betza.Options{Land: "pos a2..h6"}), notation)
	}
}

func TestChiral(t *testing.T) {
	for notation, want := range map[string]bool{"N": false, "fmWfcF": false, "frF": true, "mfrWmrfF": true, "hrN": true, "K": false} {
		p, err := betza.Parse(notation)
		require.NoError(t, err)
		assert.Equal(t, want, p.Chiral(), notation)
	}
}

func TestEnPassant(t *testing.T) {
	p, err := betza.Parse("fmWfceF")
	require.NoError(t, err)
	assert.Equal(t, 5, p.EnPassant)
	assert.Equal(t, []string{"w empty mov", "wd enemy capt mov", "wa enemy capt mov"}, p.Lines(betza.Options{}))
}

// TestErrors checks that every notation Fairy-Stockfish would ignore or
// read oddly is refused at the letter that makes it so.
func TestErrors(t *testing.T) {
	tests := []struct {
		notation string
		offset   int
		msg      string
	}{
		{"jN", 0, `modifier or atom "j" is not supported`},
		{"oR", 0, `modifier or atom "o" is not supported`},
		{"Nx", 1, `modifier or atom "x" is not supported`},
		{"fm", 0, `modifiers "fm" without an atom after them`},
		{"3N", 0, "digit 3 does not follow an atom"},
		{"R0", 1, "a ride of at most 0 leaps"},
		{"pN", 0, "p on N: Fairy-Stockfish hops only along W and F lines"},
		{"nNN", 0, "n on a rider or hopper (N)"},
		{"nW", 0, "n on W: Fairy-Stockfish has lame leaps of D, N, A and Z (J) only"},
		{"DD", 1, "a rider of D: Fairy-Stockfish rides only W, F and N lines"},
		{"icN", 0, "i with c: Fairy-Stockfish has no initial captures"},
		{"pR2", 2, "a hopper with a range"},
	}
	for _, tt := range tests {
		t.Run(tt.notation, func(t *testing.T) {
			_, err := betza.Parse(tt.notation)
			var be *betza.Error
			require.True(t, errors.As(err, &be), "%v", err)
			assert.Equal(t, tt.offset, be.Offset)
			assert.Contains(t, be.Msg, tt.msg)
		})
	}
}
