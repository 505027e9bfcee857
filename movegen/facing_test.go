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
	t.Run("facing illegal: the flying general", func(t *testing.T) {
		xiangqi := loadVariant(t, "xiangqi")
		for _, tt := range []struct {
			name, fen string
			legal     []string
		}{
			{"facing at the start: part them, no capture", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", []string{"e1d1", "e1f1"}},
			{"a chariot between them moves along the file", "4k4/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1",
				[]string{"e1d1", "e1f1", "e2e10", "e2e3", "e2e4", "e2e5", "e2e6", "e2e7", "e2e8", "e2e9"}},
			{"the general may not step onto the open file", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", []string{"e1e2", "e1f1"}},
		} {
			for _, mode := range []Mode{Incremental, Full} {
				b := mustBoard(t, xiangqi, tt.fen)
				b.SetMode(mode)
				var list MoveList
				b.Legal(&list)
				names := b.Notation(list.Moves)
				slices.Sort(names)
				assert.Equal(t, tt.legal, names, "%s (%s)", tt.name, mode)
			}
		}
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
