package brute_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/internal/brute"
)

// Late pieces (docs/language.md § Late pieces (copy:)): chameleon chess
// against the literal enumerator of internal/brute/late.go.

// lateEnumerator drives brute's chameleon chess for compareTree.
var lateEnumerator = enumerator[brute.LatePos]{moves: brute.LateMoves, play: brute.LatePlay}

func latePos(t *testing.T, fen string) brute.LatePos {
	t.Helper()
	p, err := brute.LateFromFEN(fen)
	require.NoError(t, err)
	return p
}

// TestLateMoveSets pins the legal moves of hand-picked positions, checked
// by hand from the rules, in the enumerator and in the engine.
func TestLateMoveSets(t *testing.T) {
	prog := loadShipped(t, "chameleon")
	tests := []struct {
		name, fen string
		want      string
	}{
		{
			// the rook on c4 threatens the chameleon on c2, which moves
			// as a rook too: along the rank, and up to take the rook; its
			// own steps c3, b2, d2, c1 are among them
			"chameleon attacked by a rook", "6/1k4/2r3/6/2C3/3K2 w - - 0 1",
			"c2a2 c2b2 c2c1 c2c3 c2c4 c2d2 c2e2 c2f2 d1c1 d1d2 d1e1 d1e2",
		},
		{
			// the rook on e2 and the knight on b4 threaten the chameleon
			// on c2: rook rides (a2, b2, c1, c3…c6, d2, e2 taking) and
			// knight jumps (a1, a3, b4 taking, d4, e1, e3), its own steps
			// among them; the king on f6 may only go to f5, the rook
			// holding the e-file
			"chameleon attacked by a rook and a knight", "k4K/6/1n4/6/2C1r1/6 w - - 0 1",
			"c2a1 c2a2 c2a3 c2b2 c2b4 c2c1 c2c3 c2c4 c2c5 c2c6 c2d2 c2d4 c2e1 c2e2 c2e3 f6f5",
		},
		{
			// the black squire on e4 stands beside a black rook on f4 and
			// could take the chameleon on e2 by that borrowed rook ride; a
			// squire's own moves capture nothing, so the chameleon copies
			// nothing (the depth-1 rule): its own steps only
			"threat only by a borrowed move", "k5/6/4sr/6/4C1/K5 w - - 0 1",
			"a1a2 a1b1 a1b2 e2d2 e2e1 e2e3 e2f2",
		},
		{
			// the squire on c2 borrows the king's steps (d1), the rook's
			// rides (d3) and the knight's jumps (b1) besides its own
			// diagonal step to b3
			"squire beside a king, a knight and a rook", "5k/6/6/3R2/2S3/1N1K2 w - - 0 1",
			"b1a3 b1c3 b1d2 " +
				"c2a1 c2a2 c2a3 c2b2 c2b3 c2b4 c2c1 c2c3 c2c4 c2c5 c2c6 c2d2 c2d4 c2e1 c2e2 c2e3 c2f2 " +
				"d1c1 d1d2 d1e1 d1e2 d3a3 d3b3 d3c3 d3d2 d3d4 d3d5 d3d6 d3e3 d3f3",
		},
		{
			// the black chameleon on c4 is threatened by the white pawn on
			// b3 and copies the pawn with black's forward: the step to c3
			// (its own too) and the capture on b3
			"chameleon copies a pawn, with its own forward", "k5/6/2c3/1P4/6/5K b - - 0 1",
			"a6a5 a6b5 a6b6 c4b3 c4b4 c4c3 c4c5 c4d4",
		},
		{
			// the white chameleon on c5, threatened by the black pawn on
			// b6, copies its lines with white's forward: c6 and b6 are on
			// the last rank, so the borrowed moves promote the chameleon;
			// its own step to c6 stays a plain move
			"chameleon promotes by a borrowed pawn move", "kp4/2C3/6/6/6/5K w - - 0 1",
			"c5b5 c5b6b c5b6n c5b6r c5c4 c5c6 c5c6b c5c6n c5c6r c5d5 f1e1 f1e2 f1f2",
		},
		{
			// the black king on e6 is in check from the white squire on c4
			// borrowing the ride of the bishop on b3: it may not stay on
			// the diagonal (d5)
			"check by a borrowed move", "4k1/6/2S3/1B4/6/K5 b - - 0 1",
			"e6d6 e6e5 e6f5 e6f6",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := brute.LateMoves(latePos(t, tt.fen))
			require.Equal(t, strings.Fields(tt.want), got, "enumerator")
			compareTree(t, prog, tt.fen, latePos(t, tt.fen), lateEnumerator, 1)
		})
	}
}

// latePlayouts returns n positions reached from the setup by random
// playouts of the enumerator, of minPlies to minPlies+9 plies (either side
// to move), seeded so the test is reproducible; games that ended are
// left out.
func latePlayouts(t *testing.T, setup string, seed uint64, n, minPlies int) []string {
	return lateVariantPlayouts(t, latePos, setup, seed, n, minPlies)
}

// lateVariantPlayouts plays random games of the enumerator from setup, read
// by pos, and returns n positions that still have moves.
func lateVariantPlayouts(t *testing.T, pos func(*testing.T, string) brute.LatePos, setup string, seed uint64, n, minPlies int) []string {
	t.Helper()
	r := rand.New(rand.NewPCG(18, seed))
	var out []string
	for len(out) < n {
		p := pos(t, setup)
		for range minPlies + r.IntN(10) {
			moves := brute.LateMoves(p)
			if len(moves) == 0 {
				break
			}
			p = brute.LatePlay(p, moves[r.IntN(len(moves))])
		}
		if len(brute.LateMoves(p)) > 0 {
			out = append(out, brute.LateFEN(p))
		}
	}
	return out
}

// latePinned are the perft rows of chameleon chess in
// movegen/testdata/variants.tsv, by FEN and depth: the enumerator agrees.
var latePinned = map[string]map[int]int64{
	"rncksb/pppppp/6/6/PPPPPP/RNCKSB w - - 0 1":      {4: 6858, 5: 82197},
	"rnc1s1/p1kP1p/1p1p2/6/P1PPP1/RNb1KB b - - 0 1":  {3: 3906, 4: 51420},
	"rc4/Ppppk1/2B1pp/P1b1PP/RnKP1C/1N2S1 w - - 0 1": {3: 11271, 4: 214275},
	"r1c2b/N1sk1P/n2p1P/3Pp1/1PS1K1/RC3B b - - 0 1":  {3: 4559, 4: 73914},
}

// TestLateTrees walks the legal move tree from the setup and from
// playout positions in the engine (both interpreted modes) and the
// enumerator side by side.
func TestLateTrees(t *testing.T) {
	setup := "rncksb/pppppp/6/6/PPPPPP/RNCKSB w - - 0 1"
	fens := append([]string{setup}, latePlayouts(t, setup, 1, 6, 10)...)
	fens = append(fens, latePlayouts(t, setup, 2, 3, 30)...)
	require.False(t, slices.Contains(fens[1:], setup))
	lateWalkTrees(t, "chameleon", fens, latePos, lateEnumerator, latePinned)
}

// lateWalkTrees compares the trees of variant from fens — the setup first,
// a depth deeper, for its tree is small — engine against enumerator, and
// requires the counts pinned in movegen/testdata/variants.tsv, every one of
// whose positions must be among fens.
func lateWalkTrees(t *testing.T, variant string, fens []string, pos func(*testing.T, string) brute.LatePos, e enumerator[brute.LatePos], pinned map[string]map[int]int64) {
	prog := loadShipped(t, variant)
	depth := 3
	if deep() {
		depth = 4
	}
	for i, fen := range fens {
		t.Run(fen, func(t *testing.T) {
			d := depth
			if i == 0 {
				d = depth + 1
			}
			n := compareTree(t, prog, fen, pos(t, fen), e, d)
			t.Logf("%s depth %d: %d", fen, d, n)
			if want, ok := pinned[fen][d]; ok {
				require.Equal(t, want, n)
			}
		})
	}
	for fen := range pinned {
		require.Contains(t, fens, fen, "a pinned row's position is no longer walked")
	}
}

// lateMimicEnumerator drives brute's mimic chess for compareTree.
var lateMimicEnumerator = enumerator[brute.LatePos]{moves: brute.LateMoves, play: brute.LatePlay}

func lateMimicPos(t *testing.T, fen string) brute.LatePos {
	t.Helper()
	p, err := brute.LateMimicFromFEN(fen)
	require.NoError(t, err)
	return p
}

// TestLateMimicMoveSets pins the legal moves of hand-picked mimic chess
// positions (copy: last enemy), checked by hand from the rules, in the
// enumerator and in the engine.
func TestLateMimicMoveSets(t *testing.T) {
	prog := loadShipped(t, "mimic")
	tests := []struct {
		name, fen string
		want      string
	}{
		{
			// the black knight on c3 moved last: the mimic on c1 jumps as
			// a knight (a2, b3, d3, e2) besides its own steps; the king
			// may not go to e2, which the knight holds
			"after a knight's move", "k5/6/6/2n3/6/2M2K w - - 0 1 {last:c3}",
			"c1a2 c1b1 c1b3 c1c2 c1d1 c1d3 c1e2 f1e1 f1f2",
		},
		{
			// the black pawn on b4 moved last: the white mimic on c3 moves
			// as a white pawn — forward is up for it — and so takes b4
			"after a pawn's move", "k5/6/1p4/2M3/6/5K w - - 0 1 {last:b4}",
			"c3b3 c3b4 c3c2 c3c4 c3d3 f1e1 f1e2 f1f2",
		},
		{
			// the white pawn on b4 moved last: the black mimic on c5 moves
			// as a black pawn, down, and takes b4; the king may not step
			// to a5, which the pawn attacks
			"a borrowed pawn move goes the mimic's forward", "k5/2m3/1P4/6/6/5K b - - 0 1 {last:b4}",
			"a6b5 a6b6 c5b4 c5b5 c5c4 c5c6 c5d5",
		},
		{
			// after the black pawn's move to d3 the mimic on c5 moves as a
			// white pawn: to c6 and taking on d6, both on its last rank,
			// promoting itself; its own step to c6 stays a plain move
			"a borrowed pawn move promotes the mimic", "k2r2/2M3/6/3p2/6/5K w - - 0 1 {last:d3}",
			"c5b5 c5c4 c5c6 c5c6b c5c6n c5c6r c5d5 c5d6b c5d6n c5d6r f1e1 f1f2",
		},
		{
			// any move of the black rook would let the white mimic on e3
			// copy it and take the king on e6 up the file: all illegal;
			// a king's move lends the mimic king steps, which reach none
			// of the king's squares
			"a move that lends the enemy mimic a check", "4k1/6/6/4M1/5K/r5 b - - 0 1 {last:-}",
			"e6d5 e6d6 e6e5 e6f5 e6f6",
		},
		{
			// the black mimic moved last: a mimic never copies a mimic, so
			// the white one has its own steps only
			"after the enemy mimic's move", "k5/6/2m3/6/2M3/5K w - - 0 1 {last:c4}",
			"c2b2 c2c1 c2c3 c2d2 f1e1 f1e2 f1f2",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := brute.LateMoves(lateMimicPos(t, tt.fen))
			require.Equal(t, strings.Fields(tt.want), got, "enumerator")
			compareTree(t, prog, tt.fen, lateMimicPos(t, tt.fen), lateMimicEnumerator, 1)
		})
	}
}

// lateMimicPinned are the perft rows of mimic chess in
// movegen/testdata/variants.tsv, by FEN and depth: the enumerator agrees.
var lateMimicPinned = map[string]map[int]int64{
	"rnbmkr/pppppp/6/6/PPPPPP/RNBMKR w - - 0 1 {last:-}":     {4: 7343, 5: 88483},
	"rnbmk1/1pppp1/p5/P2P2/RPP1Np/2BM1K b - - 0 1 {last:f1}": {3: 1096, 4: 16427},
	"1R1m1r/1N1bpk/2pp1p/2P2P/1r1PPK/R5 b - - 0 1 {last:b5}": {3: 6808, 4: 122212},
	"r2nkr/3b1p/pPpP2/3R1R/1MNB2/4K1 b - - 0 1 {last:f3}":    {3: 3776, 4: 91632},
}

// TestLateMimicTrees walks mimic chess's legal move tree from the setup
// and from playout positions in the engine (both interpreted modes) and
// the enumerator side by side.
func TestLateMimicTrees(t *testing.T) {
	setup := "rnbmkr/pppppp/6/6/PPPPPP/RNBMKR w - - 0 1 {last:-}"
	fens := append([]string{setup}, lateMimicPlayouts(t, setup, 3, 6, 10)...)
	fens = append(fens, lateMimicPlayouts(t, setup, 4, 3, 30)...)
	lateWalkTrees(t, "mimic", fens, lateMimicPos, lateMimicEnumerator, lateMimicPinned)
}

// lateMimicPlayouts is latePlayouts for mimic chess.
func lateMimicPlayouts(t *testing.T, setup string, seed uint64, n, minPlies int) []string {
	return lateVariantPlayouts(t, lateMimicPos, setup, seed, n, minPlies)
}
