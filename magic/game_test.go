package magic

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
)

// play returns the position after the UCI moves.
func play(t *testing.T, fen string, moves ...string) *Position {
	t.Helper()
	p, err := ParseFEN(fen)
	require.NoError(t, err)
	for _, s := range moves {
		m, err := p.ParseUCI(s)
		require.NoError(t, err, s)
		p.Make(m)
	}
	return p
}

// TestHash: the hash is the position's identity — transpositions agree,
// and the side to move, castling rights and en-passant file each change
// it.
func TestHash(t *testing.T) {
	start := play(t, StartFEN)
	assert.Equal(t, start.Hash(), play(t, StartFEN, "g1f3", "g8f6", "f3g1", "f6g8").Hash(), "knights out and back")
	assert.Equal(t, play(t, StartFEN, "e2e3", "d7d6", "d2d3").Hash(), play(t, StartFEN, "d2d3", "d7d6", "e2e3").Hash(), "move order")
	assert.NotEqual(t, start.Hash(), play(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").Hash(), "side to move")
	assert.NotEqual(t, start.Hash(), play(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1").Hash(), "castling")
	ep := play(t, StartFEN, "e2e4")
	noEP := play(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	assert.NotEqual(t, noEP.Hash(), ep.Hash(), "en passant")

	// Make and Unmake leave it as it was, through every legal move
	p := play(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	h := p.Hash()
	for _, m := range p.LegalMoves(nil) {
		before := p.Make(m)
		require.NoError(t, p.Unmake(before))
		assert.Equal(t, h, p.Hash(), m.String())
	}
}

// TestGameFacts checks what the search reads: status, captures, movers,
// victims, material.
func TestGameFacts(t *testing.T) {
	mate := play(t, StartFEN, "f2f3", "e7e5", "g2g4", "d8h4")
	assert.Equal(t, board.WinFor(board.Second), mate.Status(), "fool's mate")
	stalemate := play(t, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
	assert.Equal(t, board.Draw, stalemate.Status())
	assert.Equal(t, board.Ongoing, play(t, StartFEN).Status())

	values := []int{100, 300, 300, 500, 900, 0}
	p := play(t, "4k3/8/8/3pP3/8/8/8/4K2R w K d6 0 1")
	ep, err := p.ParseUCI("e5d6")
	require.NoError(t, err)
	assert.True(t, p.Captures(ep))
	assert.Equal(t, 100, p.Victim(ep, values), "en passant takes a pawn")
	assert.Equal(t, int(Pawn), p.Mover(ep))
	quiet, err := p.ParseUCI("h1h5")
	require.NoError(t, err)
	assert.False(t, p.Captures(quiet))
	assert.Equal(t, 0, p.Victim(quiet, values))
	assert.Equal(t, 500, p.Material(values), "a rook up, pawns even")
	assert.Equal(t, board.First, p.ToMove())
	assert.Positive(t, p.Mobility(board.First))
}
