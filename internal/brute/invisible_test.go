package brute_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/internal/brute"
	"github.com/alfil-go/alfil/movegen"
)

var invisibleVariant = hiddenVariant{name: "invisible", moves: brute.InvisibleMoves, play: brute.InvisiblePlay, playout: brute.InvisiblePlayout}

const invisibleSetup = "rnqknr/pppppp/3m2/2M3/PPPPPP/RNQKNR w - - 0 1"

func TestInvisibleSetupPerft(t *testing.T) {
	prog := loadShipped(t, "invisible")
	depth := 4
	if !deep() {
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
	if deep() {
		depth = 4
	}
	for _, fen := range hiddenPlayouts(t, invisibleVariant, prog, invisibleSetup, 8, 18) {
		n := hiddenCompare(t, invisibleVariant, prog, fen, depth)
		t.Logf("%s: perft %d = %d", fen, depth, n)
	}
}

// TestInvisibleExact checks hand-made positions against move lists
// worked out by hand from docs/language.md § Invisible pieces.
func TestInvisibleExact(t *testing.T) {
	prog := loadShipped(t, "invisible")
	for _, tt := range []struct {
		name, fen string
		want      []string
	}{
		// the rook slides over the black mine on c3 (a3c3 lands on it and
		// takes it) and is stopped by its own mine on a5; the knight takes
		// the mine by landing on c3; the pawn cannot take it diagonally
		{"through and onto a mine", "5k/M5/6/R1m3/1P4/KN4 w - - 0 1", []string{
			"a1a2", "a3a2", "a3a4", "a3b3", "a3c3", "a3d3", "a3e3", "a3f3",
			"a5a4", "a5a6", "a5b4", "a5b5", "a5b6", "b1c3", "b1d2", "b2b3"}},
		// the rook gives check through black's own mine: the mine shields
		// nothing, not even moved between (d5), and d5 is attacked
		{"a mine is no shield", "3k2/6/3m2/6/6/K2R2 b - - 0 1", []string{"d6c5", "d6c6", "d6e5", "d6e6"}},
		// a pawn's push and a mine's step both land on the enemy mine
		{"pushed and stepped on", "5k/6/3m2/2MP2/6/K5 w - - 0 1", []string{
			"a1a2", "a1b1", "a1b2", "c3b2", "c3b3", "c3b4", "c3c2", "c3c4", "c3d2", "c3d4", "d3d4"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			hiddenExact(t, invisibleVariant, prog, tt.fen, tt.want)
			hiddenCompare(t, invisibleVariant, prog, tt.fen, 3)
		})
	}
}

// TestInvisibleCaptures: landing on a mine is a capture for Captures,
// Victims and the position's captured pieces; a slide over it is not, and
// leaves it.
func TestInvisibleCaptures(t *testing.T) {
	prog := loadShipped(t, "invisible")
	for _, mode := range []movegen.Mode{movegen.Incremental, movegen.Full} {
		b := engineBoard(t, prog, "5k/M5/6/R1m3/1P4/KN4 w - - 0 1", mode)
		mine := -1
		for i, ty := range prog.Types() {
			if ty.Name == "mine" {
				mine = i
			}
		}
		require.GreaterOrEqual(t, mine, 0)
		for name, takes := range map[string]bool{"b1c3": true, "a3c3": true, "a3d3": false, "a3f3": false, "b2b3": false} {
			m := hiddenMove(t, b, name)
			assert.Equal(t, takes, b.Captures(m), "%s Captures %s", mode, name)
			var victims []int
			b.Victims(m, func(ty int) { victims = append(victims, ty) })
			if takes {
				assert.Equal(t, []int{mine}, victims, "%s Victims %s", mode, name)
			} else {
				assert.Empty(t, victims, "%s Victims %s", mode, name)
			}
		}
		// the rook passes over the mine to f3: the mine stays
		mk := b.Make(hiddenMove(t, b, "a3f3"))
		assert.Equal(t, "5k/M5/6/2m2R/1P4/KN4 b - - 1 1", b.FEN())
		require.NoError(t, b.Unmake(mk))
		// the knight lands on it: it is captured
		mk = b.Make(hiddenMove(t, b, "b1c3"))
		assert.Equal(t, "5k/M5/6/R1N3/1P4/K5 b - - 0 1", b.FEN())
		assert.Len(t, b.Position().Captured, 1)
		require.NoError(t, b.Unmake(mk))
	}
}
