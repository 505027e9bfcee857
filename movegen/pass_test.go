package movegen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/examples"
)

// passKings is a 4x4 board with two kings and the pass rule (pass, or
// pass stalemate with stuck).
func passKings(t *testing.T, stuck bool) *Program {
	t.Helper()
	rule := "pass"
	if stuck {
		rule = "pass stalemate"
	}
	p, err := Load("kp.alf", []byte(`game kp
board 4x4
piece king K royal
    {w,a,s,d,wa,wd,as,sd} empty mov
    {w,a,s,d,wa,wd,as,sd} enemy capt mov
piece rook R
    slide {w,a,s,d} empty mov then enemy capt mov
setup k3/4/4/3K w - - 0 1
`+rule+"\n"))
	require.NoError(t, err)
	return p
}

// chessWith is the shipped chess with the pass rule rule added.
func chessWith(t *testing.T, rule string) *Program {
	t.Helper()
	src, err := examples.Source("chess")
	require.NoError(t, err)
	p, err := Load("chess.alf", append(src, []byte("\n"+rule+"\n")...))
	require.NoError(t, err)
	return p
}

// TestPassPerft checks the pass rule against Fairy-Stockfish's pass and
// passOnStalemate (the numbers are its source build's, on variants.ini
// variants [pkp] maxRank=4 maxFile=d king=k pass=true, and
// [passchess:chess] pass=true, [pstale:chess] passOnStalemate=true), in
// both modes: the pass of the king, never in check, and the end of the
// game after two passes in a row.
func TestPassPerft(t *testing.T) {
	p := passKings(t, false)
	assert.NotNil(t, p.tier, "the tier passes too (checkPerft counts there; tier/internal/engine/pass.go)")
	checkPerft(t, p, "k3/4/4/3K w - - 0 1", 3, 75)
	pass := chessWith(t, "pass")
	checkPerft(t, pass, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3, 10187)
	checkPerft(t, pass, "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", 4, 14321)
	stale := chessWith(t, "pass stalemate")
	checkPerft(t, stale, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 5, 807)
	checkPerft(t, stale, "k7/P7/K7/8/8/8/8/8 w - - 0 1", 5, 1004)
}

// TestPassMove checks the pass move's names, its legality, the count of
// passes in a row and the draw at the second.
func TestPassMove(t *testing.T) {
	b, err := passKings(t, false).NewBoard("k3/4/4/3K w - - 0 1")
	require.NoError(t, err)
	var list MoveList
	b.Legal(&list)
	names := b.Notation(list.Moves)
	assert.Contains(t, names, "d1d1", "a pass is written from and to the passer's square")
	m, err := b.ParseMove("d1d1")
	require.NoError(t, err)
	assert.True(t, b.IsPass(m))
	assert.Equal(t, []string{"--"}, b.SAN([]Move{m})[:1])
	hash := b.pos.Hash()
	mk := b.Make(m)
	assert.Equal(t, int32(1), b.pos.Passes)
	assert.Equal(t, b.pos.ComputeHash(), b.pos.Hash())
	assert.NotEqual(t, hash, b.pos.Hash(), "a position reached by a pass is not the one before")
	second, err := b.ParseMove("a4a4")
	require.NoError(t, err)
	b.Make(second)
	assert.Equal(t, board.Draw, b.Status(), "two passes in a row draw")
	require.NoError(t, b.Unmake(mk))
	assert.Equal(t, int32(0), b.pos.Passes)
	assert.Equal(t, hash, b.pos.Hash())

	// a king in check may not pass; a rook's move resets the count
	b, err = passKings(t, false).NewBoard("k3/4/4/R2K b - - 0 1")
	require.NoError(t, err)
	_, err = b.ParseMove("a4a4")
	assert.Error(t, err, "a side in check passes")
	b, err = passKings(t, false).NewBoard("k3/4/4/R2K w - - 0 1")
	require.NoError(t, err)
	for _, mv := range []string{"d1d1", "a4b4", "a1a2"} {
		m, err := b.ParseMove(mv)
		require.NoError(t, err, mv)
		b.Make(m)
	}
	assert.Equal(t, int32(0), b.pos.Passes)

	// pass stalemate: only a side with no other move passes
	b, err = passKings(t, true).NewBoard("k3/4/4/3K w - - 0 1")
	require.NoError(t, err)
	_, err = b.ParseMove("d1d1")
	assert.Error(t, err, "a side with moves passes under pass stalemate")
}

// TestPassWithoutRoyal checks that a side without a royal piece passes
// with its piece on the lowest square, and that a side with no piece has
// no pass.
func TestPassWithoutRoyal(t *testing.T) {
	p, err := Load("r.alf", []byte(`game r
board 4x4
piece rook R
    slide {w,a,s,d} empty mov then enemy capt mov
setup r3/4/1R2/3R w - - 0 1
pass
`))
	require.NoError(t, err)
	b, err := p.NewBoard("r3/4/1R2/3R w - - 0 1")
	require.NoError(t, err)
	_, err = b.ParseMove("d1d1")
	assert.NoError(t, err, "the rook on d1 is on the lowest square")
	b, err = p.NewBoard("r3/4/4/4 w - - 0 1")
	require.NoError(t, err)
	var list MoveList
	b.Legal(&list)
	assert.Zero(t, list.Len())
}
