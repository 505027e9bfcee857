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
		// flags of any piece, counted, full and safe: goal any, count, full,
		// safe (docs/language.md § Goals and checks)
		{"flagRegion = e5", "\ngoal any e5\n"},
		{"flagPiece = *\nflagRegion = e5", "\ngoal any e5\n"},
		{"flagPiece = k\nflagRegion = e5\nflagPieceSafe = true", "\ngoal king e5 safe\n"},
		{"flagPiece = n\nflagRegion = d4 e4 d5 e5\nflagPieceCount = 2\nflagPieceBlockedWin = true\nflagMove = true", "\ngoal knight d4 e4 d5 e5 count 2 full hold\n"},
		{"flagPieceWhite = n\nflagRegionWhite = *8\nflagRegionBlack = *1\nflagPieceSafe = true\nflagMove = true", "\ngoal first knight rank 8 hold safe\ngoal second any rank 1 hold safe\n"},
		{"flagPiece = n\nflagPieceCount = 1", "\nnomoves check loss\nrepetition"}, // no region: no goal
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
		// flags (docs/language.md § Goals and checks): for both sides or
		// per side; flagMove with kings replies, with other pieces holds;
		// flagRegionWhite over flagRegion over whiteFlag, whatever the order
		{"flagPiece = k\nflagRegion = *8", "\ngoal king rank 8\n"},
		{"flagPiece = k\nflagRegion = *8\nflagMove = true", "\ngoal king rank 8 reply\n"},
		{"flagPiece = n\nflagRegion = e5 d4\nflagMove = true", "\ngoal knight e5 d4 hold\n"},
		{"flagPiece = p\nflagRegionWhite = *8 h*\nflagRegionBlack = *1 a*", "\ngoal first pawn rank 8 file h\ngoal second pawn rank 1 file a\n"},
		{"flagPieceWhite = q\nflagPieceBlack = r\nflagRegion = e4", "\ngoal first queen e4\ngoal second rook e4\n"},
		{"flagPiece = k\nflagRegionWhite = *8\nflagRegion = *5\nwhiteFlag = *6", "\ngoal first king rank 8\ngoal second king rank 5\n"},
		{"flagPiece = n\nflagRegionWhite = e5", "\ngoal first knight e5\n"},
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
	// flags the goal rule cannot say, reported
	for _, c := range []struct{ options, why string }{
		{"flagPieceWhite = k\nflagPieceBlack = n\nflagRegion = e5\nflagMove = true", "flagMove with a king flag piece for one side only"},
		{"flagPiece = x\nflagRegion = e5", "expected the letter of a piece of the variant"},
		{"flagPiece = k\nflagRegion = e5\nflagMove = true\nflagPieceSafe = true", "flagPieceSafe with flagMove and king flag pieces: alfil's goal is safe with hold only"},
	} {
		r, err := mustParse(t, "[r:chess]\n"+c.options+"\n").Convert("r")
		require.NoError(t, err)
		require.Len(t, r.Unsupported, 1, c.options)
		assert.Equal(t, c.why, r.Unsupported[0].Why, c.options)
	}
	_, err = mustParse(t, "[r:chess]\nflagPiece = k\nflagRegion = i9\n").Convert("r")
	assert.ErrorContains(t, err, "flagRegion = i9: expected squares (e5), ranks (*8) and files (a*) of the board")
	// none is Fairy-Stockfish's default: no rule, as without types
	for _, options := range []string{"extinctionValue = none\nextinctionPieceTypes = p", "extinctionValue = loss"} {
		r, err := mustParse(t, "[r:chess]\n"+options+"\n").Convert("r")
		require.NoError(t, err)
		assert.NotContains(t, r.Source, "\nextinction", options)
	}
}
