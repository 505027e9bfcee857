package movegen

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
)

// TestFacingRule checks the facing rule (docs/language.md § Facing
// pieces) in janggi.alf, both modes: generals facing on an open file must
// be parted, or the side passes, which it may even in check; a pass that
// leaves them facing ends the game; a move may make them face.
func TestFacingRule(t *testing.T) {
	prog := loadVariant(t, "janggi")
	tests := []struct {
		name   string
		fen    string
		facing bool
		legal  []string // sorted
	}{
		{"facing: part them or pass", "4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1", true,
			[]string{"e2d1", "e2d2", "e2d3", "e2e2", "e2f1", "e2f2", "e2f3"}},
		{"facing and in check: the pass is legal", "4k4/9/9/9/9/9/9/9/r3K4/9 w - - 0 1", true,
			[]string{"e2d1", "e2d3", "e2e2", "e2f1", "e2f3"}},
		{"a screen between: no facing, the king may stay on the file", "4k4/9/9/9/4p4/9/9/9/4K4/9 w - - 0 1", false,
			[]string{"e2d1", "e2d2", "e2d3", "e2e1", "e2e2", "e2e3", "e2f1", "e2f2", "e2f3"}},
		{"in check without facing: no pass", "4k4/9/9/9/4p4/9/9/9/r3K4/9 w - - 0 1", false,
			[]string{"e2d1", "e2d3", "e2e1", "e2e3", "e2f1", "e2f3"}},
	}
	for _, mode := range []Mode{Incremental, Full} {
		for _, tt := range tests {
			t.Run(mode.String()+"/"+tt.name, func(t *testing.T) {
				b := mustBoard(t, prog, tt.fen)
				b.SetMode(mode)
				assert.Equal(t, tt.facing, b.Facing())
				var list MoveList
				b.Legal(&list)
				names := b.Notation(list.Moves)
				slices.Sort(names)
				assert.Equal(t, tt.legal, names)
			})
		}
	}
	t.Run("a pass that leaves them facing ends the game", func(t *testing.T) {
		b := mustBoard(t, prog, "4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1")
		m, err := b.ParseMove("e2e2")
		require.NoError(t, err)
		mk := b.Make(m)
		assert.Equal(t, board.Draw, b.Status())
		var list MoveList
		b.Legal(&list)
		assert.Zero(t, list.Len(), "no moves after the end")
		require.NoError(t, b.Unmake(mk))
		assert.Equal(t, board.Ongoing, b.Status())
	})
	t.Run("a move that makes them face is legal, and the game goes on", func(t *testing.T) {
		b := mustBoard(t, prog, "4k4/9/9/9/4p4/9/9/9/4K4/9 b - - 0 1")
		m, err := b.ParseMove("e6d6")
		require.NoError(t, err)
		b.Make(m)
		assert.True(t, b.Facing())
		assert.Equal(t, board.Ongoing, b.Status())
	})
}
