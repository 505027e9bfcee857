package board

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGroupsBoard checks the board's side of multi-square pieces: parts in
// FEN order (the leader first), numbers that do not matter, and a hash
// that counts the grouping and is kept as pieces move.
func TestGroupsBoard(t *testing.T) {
	v := &Variant{Width: 4, Height: 4, Letters: []byte("KW"), Royal: []bool{true, false}, Ghost: -1, Groups: true}
	p := mustParse(t, v, "3k/W{5}3/W{5}W{9}W{9}1/K3 w")
	require.Equal(t, "3k/W{1}3/W{1}W{2}W{2}1/K3 w - - 0 1", p.FEN())
	a3 := p.At(p.Sq(0, 2))
	parts := p.GroupParts(p.At(p.Sq(0, 1)), nil)
	require.Equal(t, []int32{a3, p.At(p.Sq(0, 1))}, parts, "a3 is written before a2: it leads")
	require.True(t, p.GroupLeader(a3))
	require.False(t, p.GroupLeader(p.At(p.Sq(0, 1))))

	// the same pieces, grouped otherwise or not at all, hash apart
	other := mustParse(t, v, "3k/W{1}3/W{2}W{1}W{2}1/K3 w")
	apart := mustParse(t, v, "3k/W3/WWW1/K3 w")
	require.NotEqual(t, p.Hash(), other.Hash())
	require.NotEqual(t, p.Hash(), apart.Hash())
	require.NotEqual(t, other.Hash(), apart.Hash())

	// moving a group keeps Hash equal to ComputeHash, and the position
	// reached equals the one read from its FEN
	mk := p.Mark()
	for _, id := range parts {
		p.Lift(id)
	}
	for _, id := range parts {
		pc := &p.Pieces[id]
		p.Place(id, pc.Square+4) // one rank up
	}
	require.Equal(t, "W{1}2k/W{1}3/1W{2}W{2}1/K3 w - - 0 1", p.FEN())
	require.Equal(t, p.ComputeHash(), p.Hash())
	require.Equal(t, mustParse(t, v, p.FEN()).Hash(), p.Hash())
	p.Undo(mk)
	require.Equal(t, "3k/W{1}3/W{1}W{2}W{2}1/K3 w - - 0 1", p.FEN())
	require.Equal(t, p.ComputeHash(), p.Hash())
}
