package ffishoracle_test

import (
	"os"
	"strconv"
	"strings"
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
	// the driver keeps its board between requests: back and on again
	assert.Equal(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", o.FEN("startpos", "e2e4"))
	assert.Equal(t, "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", o.FEN("startpos", "d2d4"))
	assert.Equal(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", o.FEN("startpos"))
	assert.Equal(t, "4k3/8/8/8/8/8/8/3K4 b - - 1 1", o.FEN("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1d1"))
	assert.Equal(t, uint64(20), o.Perft("startpos", 1))

	missing, printed := o.Load("[alfilprobe:chess]\ncustomPiece1 = z:N\n\n[alfilbad:nosuchbase]\n")
	assert.Equal(t, []string{"alfilbad"}, missing, "printed %q", printed)
	require.True(t, o.Knows("alfilprobe"))
	o.Use("alfilprobe", false)
	assert.Equal(t, uint64(13), o.Perft("4k3/8/8/8/3Z4/8/8/4K3 w - - 0 1", 1))

	o.Use("chess", true) // Chess960 mode: castling written king takes rook
	assert.Contains(t, o.Moves("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "e1h1")
}

// TestOracleAgainstPerftSuite counts the rows of alfil's perft suite
// (movegen/testdata/variants.tsv: published numbers and Fairy-Stockfish's
// current source build) up to 100,000 nodes with ffish, 20,000 with
// -short: the oracle of August 2023 plays these variants by the rules
// the suite holds, or this test says where it does not. Variants ffish
// lacks (checkers, mousecats) are passed over; NAME960 is NAME in
// Chess960 mode.
func TestOracleAgainstPerftSuite(t *testing.T) {
	o := ffishoracle.Start(t, "the oracle is not checked against the perft suite")
	limit := uint64(100_000)
	if testing.Short() {
		limit = 20_000
	}
	data, err := os.ReadFile("../../movegen/testdata/variants.tsv")
	require.NoError(t, err)
	counted := 0
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Split(line, "\t")
		require.Len(t, f, 5, "bad row %q", line)
		depth, err := strconv.Atoi(f[2])
		require.NoError(t, err)
		nodes, err := strconv.ParseUint(f[3], 10, 64)
		require.NoError(t, err)
		name, chess960 := f[0], false
		if base, ok := strings.CutSuffix(name, "960"); ok && base != "chess" {
			name, chess960 = base, true
		}
		if nodes > limit || !o.Knows(name) {
			continue
		}
		o.Use(name, chess960)
		assert.Equal(t, nodes, o.Perft(f[1], depth), "%s (%s): perft %d from %s", f[0], f[4], depth, f[1])
		counted++
	}
	t.Logf("%d rows counted", counted)
	require.Greater(t, counted, 100)
}
