package fsfini_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/movegen"
)

// TestConvertRules checks the rules written for Fairy-Stockfish's
// extinction, passing, facing-king and forced-drop options, drop
// regions, wall squares, regions and promotion types that differ by
// side, castling with two rook types, and a j, which Fairy-Stockfish skips.
func TestConvertRules(t *testing.T) {
	for _, c := range []struct{ options, want string }{
		{"extinctionValue = loss\nextinctionPieceTypes = p", "\nextinction loss pawn\n"},
		{"extinctionValue = win\nextinctionPieceTypes = *\nextinctionPieceCount = 1", "\nextinction win all left 1\n"},
		{"extinctionValue = draw\nextinctionPieceTypes = qr\nextinctionOpponentPieceCount = 2", "\nextinction draw {queen,rook} vs 2\n"},
		{"extinctionValue = loss\nextinctionPieceTypes = *\nextinctionClaim = true", "\nextinction loss all vs 0 reply\n"},
		{"pass = true", "\npass\n"},
		{"passOnStalemate = true", "\npass stalemate\n"},
		{"flyingGeneral = true", "\nfacing king illegal\n"},
		{"bikjangRule = true", "\nfacing king draw\n"},
		{"pieceDrops = true\nmustDrop = true", "\ndrops forced\n"},
		{"pieceDrops = true\nmustDrop = true\nmustDropType = n", "\ndrops forced knight\n"},
		{"pieceDrops = true\ndropRegionWhite = *1\ndropRegionBlack = *8", "piece knight N\n    drop: empty pos x 0\n"},
		{"pieceDrops = true\ndropRegionWhite = *1 *2\ndropRegionBlack = *8 *7", "piece knight N\n    drop: empty {pos x 0,pos x 1}\n"},
		{"immobilityIllegal = false", "game r\n"},
		{"startFen = rnbqkbnr/pppppppp/8/2*2*2/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "setup rnbqkbnr/pppppppp/8/2*2*2/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"},
		// regions and types that are not each other's mirror image: a
		// line for each side
		{"promotionPieceTypesWhite = q\npromotionPieceTypesBlack = n", "    side first {wa,wd} enemy pos x 7 capt mov promote queen\n"},
		{"promotionPieceTypesWhite = q\npromotionPieceTypesBlack = n", "    side second {wa,wd} enemy pos x 7 capt mov promote knight\n"},
		{"maxRank = 6\nstartFen = 4k3/8/8/8/8/4K3 w - - 0 1", "    side first pos x 1 w empty spawn ghost w empty mov\n    side second w empty not pos x 5 mov\n"},
		{"chancellor = c\ncastlingRookPieces = rc\nstartFen = rnbqkbnc/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNC w KQkq - 0 1", "d ally unmoved {is rook,is chancellor} pick aa put d mov\n"},
		{"customPiece1 = a:jNmjB", "piece customPiece1 A\n"},
	} {
		r, err := mustParse(t, "[r:chess]\n"+c.options+"\n").Convert("r")
		require.NoError(t, err)
		assert.Empty(t, r.Unsupported, c.options)
		assert.Contains(t, r.Source, c.want, c.options)
		_, err = movegen.Load("r.alf", []byte(r.Source))
		require.NoError(t, err, r.Source)
	}
	// j is skipped: jNmjB writes what NmB writes
	withJ, err := mustParse(t, "[r:chess]\ncustomPiece1 = a:jNmjB\n").Convert("r")
	require.NoError(t, err)
	without, err := mustParse(t, "[r:chess]\ncustomPiece1 = a:NmB\n").Convert("r")
	require.NoError(t, err)
	assert.Equal(t, without.Source, withJ.Source)
	// none is Fairy-Stockfish's default: no rule, as without types
	for _, options := range []string{"extinctionValue = none\nextinctionPieceTypes = p", "extinctionValue = loss"} {
		r, err := mustParse(t, "[r:chess]\n"+options+"\n").Convert("r")
		require.NoError(t, err)
		assert.NotContains(t, r.Source, "\nextinction", options)
	}
}
