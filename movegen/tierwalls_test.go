package movegen

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/tier"
)

// TestTierSteadfast compares the tier with the interpreter on makpong's
// steadfast king (docs/language.md § Attributes and hooks) from positions
// in check: one checker the king may take, one it may not reach, two, and
// a checker a pinned piece could take — and random games on from there.
func TestTierSteadfast(t *testing.T) {
	prog := loadVariant(t, "makpong")
	require.NotNil(t, prog.tier, "makpong does not lower")
	games, plies := 3, 40
	if light() {
		games, plies = 1, 20
	}
	for _, fen := range []string{
		"4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1",   // the king takes the rook: e1e2 only
		"4k3/8/8/8/8/5n2/4r3/3SK3 w - - 0 1", // two checkers: mated
		"4k3/8/8/8/8/8/8/r3K2R w - - 0 1",    // the checker out of reach: block or take with the rook
		"4k3/8/8/8/8/8/4r3/R3K2R b - - 0 1",  // Black not in check, White's king next to a rook
		"3rk3/8/8/8/8/8/3P4/R2K1N2 b - - 0 1",
		"rnsmksnr/8/ppppp1pp/5p2/4N3/PPPPPPPP/8/R1SKMSNR b - - 0 1",
	} {
		t.Run(fen, func(t *testing.T) {
			compareTierFrom(t, prog, fen, games, plies)
			samePerftOnTier(t, prog, fen, 3)
		})
	}
}

// samePerftOnTier checks that the tier and the interpreter count the same
// perft from fen.
func samePerftOnTier(t *testing.T, prog *Program, fen string, depth int) {
	b := mustBoard(t, prog, fen)
	tp, err := tier.New(prog.tier, b.Position())
	require.NoError(t, err)
	require.Equal(t, b.Perft(depth), tp.Perft(depth), "perft %d at %s", depth, fen)
}
