package lang

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBetzaPiece checks that betza NOTATION gives a piece the move lines
// package betza writes, before its own lines, and that they print and
// parse back as ordinary lines.
func TestBetzaPiece(t *testing.T) {
	f, err := Parse("b.alf", []byte("piece horse H betza nN value 300\n    w w mov\npiece cannon C royal betza mRcpR\n"))
	require.NoError(t, err, snippetsOrEmpty(err))
	horse := f.Pieces[0]
	require.Len(t, horse.Moves, 17)
	assert.Equal(t, "w empty wd empty mov", horse.Moves[0].String())
	assert.Equal(t, "w w mov", horse.Moves[16].String())
	require.Len(t, horse.Attrs, 1)
	assert.Equal(t, 300, horse.Attrs[0].Value)
	cannon := f.Pieces[1]
	assert.Equal(t, "royal", cannon.Attrs[0].Name)
	assert.Equal(t, "slide w empty then piece slide w empty then enemy capt mov", cannon.Moves[4].String())
	requireRoundTrip(t, f)
}

func TestBetzaErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"unsupported modifier", "piece c C betza mRcjR\n", `e.alf:1:20: betza mRcjR: modifier or atom "j" is not supported (Fairy-Stockfish reads m c p g n i f b l r v s h and the atoms W F D N A H C L Z J G K R B Q)`},
		{"en passant", "piece p P betza fmWfceF\n", "e.alf:1:22: betza fmWfceF: e (en passant) is a rule of the variant, not of a notation: write the pawn's ghost lines (docs/language.md § Betza notation)"},
		{"no notation", "piece p P betza\n", "e.alf:1:16: expected a Betza notation after betza, found end of line"},
		{"a number for a notation", "piece p P betza 3\n", "e.alf:1:17: expected a Betza notation after betza, found number 3"},
		{"modifiers without atom", "piece p P betza Nfm\n", `e.alf:1:18: betza Nfm: modifiers "fm" without an atom after them`},
		{"lame rider", "piece p P betza nNN\n", "e.alf:1:17: betza nNN: n on a rider or hopper (N): Fairy-Stockfish ignores it there"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("e.alf", []byte(tt.src))
			var list ErrorList
			require.True(t, errors.As(err, &list), "%v", err)
			require.Len(t, list, 1, snippets(err))
			assert.Equal(t, tt.want, list[0].Error())
		})
	}
}
