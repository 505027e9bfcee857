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
			bothModes(t, prog, c.fen, func(t *testing.T, b *Board) {
				assert.Equal(t, c.inCheck, b.InCheck())
				var list MoveList
				b.Legal(&list)
				names := b.Notation(list.Moves)
				for _, m := range c.legal {
					assert.True(t, slices.Contains(names, m), "%s not in %v", m, names)
				}
				for _, m := range c.illegal {
					assert.False(t, slices.Contains(names, m), "%s in %v", m, names)
				}
			})
		})
	}
}

// TestLastRoyalCapturedWins checks that taking a side's last lastroyal
// piece ends the game, as taking its last royal piece does.
func TestLastRoyalCapturedWins(t *testing.T) {
	prog := loadVariant(t, "shoshogi")
	// white's king en prise
	bothModes(t, prog, "4k4/9/9/9/9/9/9/9/4K3r b - - 0 1", func(t *testing.T, b *Board) {
		m, err := b.ParseMove("i1e1")
		require.NoError(t, err)
		_, err = b.Play(m)
		require.NoError(t, err)
		assert.Equal(t, board.WinFor(board.Second), b.Status())
	})
	// one of two taken: the game goes on, and the prince left is royal
	bothModes(t, prog, "4k4/9/9/9/9/9/9/4+E4/4K3r b - - 0 1", func(t *testing.T, b *Board) {
		m, err := b.ParseMove("i1e1")
		require.NoError(t, err)
		_, err = b.Play(m)
		require.NoError(t, err)
		assert.Equal(t, board.Ongoing, b.Status())
		assert.True(t, b.InCheck(), "the crown prince, now the last, stands attacked by the rook on e1")
	})
}
