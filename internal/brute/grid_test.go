package brute

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestGridNamesAndSteps(t *testing.T) {
	g := Grid{W: 6, H: 6}
	for sq := range 36 {
		back, ok := g.Square(g.Name(sq))
		require.True(t, ok)
		require.Equal(t, sq, back)
	}
	for _, bad := range []string{"", "a", "g1", "a0", "a7", "a01", "ax"} {
		_, ok := g.Square(bad)
		require.False(t, ok, bad)
	}
	to, ok := g.Step(0, 1, 2)
	require.True(t, ok)
	require.Equal(t, "b3", g.Name(to))
	_, ok = g.Step(0, -1, 0)
	require.False(t, ok)
}

func TestPlacement(t *testing.T) {
	g := Grid{W: 6, H: 6}
	cells, err := g.Placement("rnqk1r/pppppp/6/6/PPPPPP/RNQKIR")
	require.NoError(t, err)
	require.Equal(t, byte('R'), cells[0])
	require.Equal(t, byte('I'), cells[4])
	require.Equal(t, byte(0), cells[g.W*5+4])
	for _, bad := range []string{"6/6", "7/6/6/6/6/6", "5/6/6/6/6/6", "ppppppp/6/6/6/6/6"} {
		_, err := g.Placement(bad)
		require.Error(t, err, bad)
	}
}

// TestPerftOnATree counts a tree whose every node has two children.
func TestPerftOnATree(t *testing.T) {
	moves := func(int) []int { return []int{0, 1} }
	play := func(p, m int) int { return 2*p + m }
	require.Equal(t, int64(8), Perft(1, 3, moves, play))
	require.Equal(t, int64(1), Perft(1, 0, moves, play))
}
