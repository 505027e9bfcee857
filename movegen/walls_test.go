package movegen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWallNames checks the two-part turns' names, as Fairy-Stockfish
// writes and reads them (the move, a comma, the wall's flight from where
// the piece landed), and the FEN's * for a wall, both ways.
func TestWallNames(t *testing.T) {
	duck := loadVariant(t, "duck")
	b, err := duck.NewBoard("")
	require.NoError(t, err)
	m, err := b.ParseMove("e2e4,e4d5")
	require.NoError(t, err)
	sq, ok := b.WallSquare(m)
	require.True(t, ok)
	assert.Equal(t, "d5", b.pos.SquareName(sq))
	assert.Equal(t, []string{"e4,d5"}, b.SAN([]Move{m}))
	b.Make(m)
	assert.Equal(t, "rnbqkbnr/pppppppp/8/3*4/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", b.FEN())
	assert.Equal(t, b.pos.ComputeHash(), b.pos.Hash())
	_, err = b.ParseMove("e7e5,e5d5")
	assert.Error(t, err, "the duck stays where it stands")
	m, err = b.ParseMove("e7e5,e5d4")
	require.NoError(t, err)
	b.Make(m)
	assert.Equal(t, "rnbqkbnr/pppp1ppp/8/4p3/3*P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", b.FEN(), "the duck moved: one duck on the board")

	// read back, the * is the duck: nothing captures it or passes it
	b, err = duck.NewBoard("4k3/8/8/8/8/8/8/R2*K3 w - - 0 1")
	require.NoError(t, err)
	var list MoveList
	b.Legal(&list)
	for _, name := range b.Notation(list.Moves) {
		assert.NotContains(t, []string{"a1d1", "a1e1"}, name[:4], "the rook passes or takes the duck: %s", name)
	}
	assert.Equal(t, "4k3/8/8/8/8/8/8/R2*K3 w - - 0 1", b.FEN())

	amazons := loadVariant(t, "amazons")
	b, err = amazons.NewBoard("")
	require.NoError(t, err)
	m, err = b.ParseMove("d1d4,d4d1")
	require.NoError(t, err, "the arrow flies back over the square the amazon left")
	b.Make(m)
	assert.Equal(t, "3q2q3/10/10/q8q/10/10/Q2Q5Q/10/10/3*2Q3 b - - 1 1", b.FEN())
	_, err = b.ParseMove("d10d2,d2d1")
	assert.Error(t, err, "an arrow stops where an arrow stands")
}

// TestWallsInterpreted checks that a variant with a wall type stays off
// the interpreter's kernels, which see a wall as a piece of its side,
// and lowers to the bitboard tier, which keeps walls in no side's set
// (docs/language.md § Two-part turns).
func TestWallsInterpreted(t *testing.T) {
	for _, name := range []string{"duck", "amazons"} {
		p := loadVariant(t, name)
		r, why := p.Tier()
		assert.NotNil(t, r, name)
		assert.NoError(t, why, name)
		for _, typ := range p.types {
			for _, l := range typ.Lines {
				assert.Nil(t, l.kernel, "%s: %s has a kernel", name, typ.Name)
			}
		}
	}
}
