package ffishoracle_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/internal/ffishoracle"
)

// TestOracle checks the driver against numbers published for chess and
// a custom piece loaded from a variants.ini.
func TestOracle(t *testing.T) {
	o := ffishoracle.Start(t, "the oracle is not checked")
	t.Log(o.Info())
	require.True(t, o.Knows("chess"))
	require.False(t, o.Knows("alfilprobe"))
	o.Use("chess", false)
	assert.Equal(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", o.StartFEN())
	assert.Equal(t, uint64(8902), o.Perft("startpos", 3))
	// kiwipete
	assert.Equal(t, uint64(97862), o.Perft("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3))
	assert.Equal(t, uint64(1), o.Perft("startpos", 0))
	assert.Len(t, o.Moves("startpos"), 20)
	assert.Equal(t, []string{"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}, o.Moves("4k3/8/8/8/8/8/8/4K3 w - - 0 1"))
	assert.Equal(t, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", o.FEN("startpos", "e2e4", "e7e5"))
	assert.Empty(t, o.Moves("startpos", "f2f3", "e7e5", "g2g4", "d8h4"), "mated")

	missing, printed := o.Load("[alfilprobe:chess]\ncustomPiece1 = z:N\n\n[alfilbad:nosuchbase]\n")
	assert.Equal(t, []string{"alfilbad"}, missing, "printed %q", printed)
	require.True(t, o.Knows("alfilprobe"))
	o.Use("alfilprobe", false)
	assert.Equal(t, uint64(13), o.Perft("4k3/8/8/8/3Z4/8/8/4K3 w - - 0 1", 1))

	o.Use("chess", true) // Chess960 mode: castling written king takes rook
	assert.Contains(t, o.Moves("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1h1")
}
