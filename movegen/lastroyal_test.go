package movegen

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
)

// TestLastRoyal checks the lastroyal attribute (docs/language.md § Royal
// pieces and legality) on sho shogi's king and crown prince: a side with
// both is not in check and may leave either attacked; with one left, that
// one is royal; a promotion into a lastroyal type relieves no check.
func TestLastRoyal(t *testing.T) {
	prog := loadVariant(t, "shoshogi")
	for _, c := range []struct {
		name, fen string
		inCheck   bool
		legal     []string // among the legal moves
		illegal   []string // not among them
	}{
		{"two royals: the king may step into the rook's file", "4k4/9/4r4/9/9/9/9/3+E5/3K5 w - - 0 1", false,
			[]string{"d1e1", "d2e2", "d2e3"}, nil},
		{"two royals: the prince may leave the king attacked", "4k4/9/4r4/9/9/9/9/4+E4/4K4 w - - 0 1", false,
			[]string{"e2d2", "e2f3"}, nil},
		{"one royal: the king in check must answer it", "4k4/9/9/4E4/9/9/9/9/r3K4 w - - 0 1", true,
			[]string{"e1e2", "e1d2", "e1f2"}, []string{"e6e7+", "e6e7", "e6d7+"}},
		{"one royal and a new prince that may stand attacked", "4k4/3r5/9/4E4/9/9/9/9/4K4 w - - 0 1", false,
			[]string{"e6d7+", "e6d7"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, mode := range []Mode{Incremental, Full} {
				b, err := prog.NewBoard(c.fen)
				require.NoError(t, err)
				b.SetMode(mode)
				assert.Equal(t, c.inCheck, b.InCheck(), "%v", mode)
				var list MoveList
				b.Legal(&list)
				var names []string
				for _, m := range list.Moves {
					names = append(names, b.MoveString(m))
				}
				for _, m := range c.legal {
					assert.True(t, slices.Contains(names, m), "%v: %s not in %v", mode, m, names)
				}
				for _, m := range c.illegal {
					assert.False(t, slices.Contains(names, m), "%v: %s in %v", mode, m, names)
				}
			}
		})
	}
}

// TestLastRoyalCapturedWins checks that taking a side's last lastroyal
// piece ends the game, as taking its last royal piece does.
func TestLastRoyalCapturedWins(t *testing.T) {
	prog := loadVariant(t, "shoshogi")
	b, err := prog.NewBoard("4k4/9/9/9/9/9/9/9/4K3r b - - 0 1") // white's king en prise
	require.NoError(t, err)
	m, err := b.ParseMove("i1e1")
	require.NoError(t, err)
	_, err = b.Play(m)
	require.NoError(t, err)
	assert.Equal(t, board.WinFor(board.Second), b.Status())
}
