package fsfini_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/fsfini"
	"github.com/alfil-go/alfil/movegen"
)

func mustParse(t *testing.T, text string) *fsfini.File {
	t.Helper()
	f, err := fsfini.Parse("t.ini", []byte(text))
	require.NoError(t, err)
	return f
}

func TestParse(t *testing.T) {
	f := mustParse(t, "text before sections is skipped\n[a]\n# comment\n; comment\nmaxRank = 6\n\n[b:a]\ncustomPiece1 = x:mRcpR \nkey=value\n")
	require.Len(t, f.Sections, 2)
	assert.Equal(t, []string{"a", "b"}, f.Names())
	assert.Equal(t, "a", f.Section("b").Base)
	assert.Equal(t, []fsfini.Option{{Key: "customPiece1", Value: "x:mRcpR", Line: 8}, {Key: "key", Value: "value", Line: 9}}, f.Section("b").Options)
	assert.Nil(t, f.Section("c"))

	for text, want := range map[string]string{
		"[a\n":             `t.ini:1: section header "[a" has no ]`,
		"[:chess]\n":       `t.ini:1: section header "[:chess]" names no variant`,
		"[a]\nno equals\n": `t.ini:2: expected key = value, found "no equals"`,
	} {
		_, err := fsfini.Parse("t.ini", []byte(text))
		assert.EqualError(t, err, want)
	}
}

// TestConvert checks what the conversion writes for the options it reads.
func TestConvert(t *testing.T) {
	f := mustParse(t, `[base:chess]
customPiece1 = c:mRcpR
startFen = rnbqkbnr/pppppppp/2c5/8/8/2C5/PPPPPPPP/RNBQKBNR w KQkq 0 1

[child:base]
knight = -
customPiece2 = n:nN
promotionPieceTypes = qc
mandatoryPawnPromotion = false
castlingKingsideFile = f
castlingQueensideFile = d
stalemateValue = loss
nFoldValue = loss
nMoveRule = 0
mustCapture = true
pieceToCharTable = PNBRQ
`)
	r, err := f.Convert("child")
	require.NoError(t, err)
	assert.Empty(t, r.Unsupported)
	src := r.Source
	for _, want := range []string{
		"game child\nboard 8x8\n",
		"piece customPiece1 C\n    slide w empty mov\n",
		"piece customPiece2 N\n    w empty wd empty mov\n",
		"    w empty mov\n    w empty pos x 7 mov promote {queen,customPiece1}\n",
		// O-O to f and O-O-O to d, squares the king's step reaches: castle
		// items, named king-takes-rook as Fairy-Stockfish names them then
		"    castle rook f e\n    castle rook d e\n",
		"setup rnbqkbnr/pppppppp/2c5/8/8/2C5/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", // the en-passant field Fairy-Stockfish lets out
		"nomoves stalemate loss\nnomoves check loss\ncaptures forced\nrepetition 3 win\n",
	} {
		assert.Contains(t, src, want)
	}
	assert.NotContains(t, src, "piece knight")
	assert.NotContains(t, src, "moverule")
	// one castling of each kind: alfil would name both one way
	r, err = mustParse(t, "[mixed:chess]\ncastlingKingsideFile = f\n").Convert("mixed")
	require.NoError(t, err)
	require.Len(t, r.Unsupported, 1)
	assert.Contains(t, r.Unsupported[0].Why, "alfil names all castlings of a variant one way")
	_, err = movegen.Load("child.alf", []byte(src))
	require.NoError(t, err, src)
}

// TestConvertSameLetter checks Fairy-Stockfish's add_piece rule: a piece
// given the letter of another replaces it, and the replaced type leaves
// the default promotion types.
func TestConvertSameLetter(t *testing.T) {
	r, err := mustParse(t, "[nr:chess]\ncustomPiece1 = n:NN\n").Convert("nr")
	require.NoError(t, err)
	assert.NotContains(t, r.Source, "piece knight")
	assert.Contains(t, r.Source, "promote {bishop,rook,queen}")
	assert.Contains(t, r.Source, "piece customPiece1 N\n    slide wwd empty mov then enemy capt mov\n")
}

// TestConvertUnsupported checks that every option the importer cannot
// express is reported with its line and why, and is listed in the file's
// header comment.
func TestConvertUnsupported(t *testing.T) {
	f := mustParse(t, `[u:chess]
castlingWins = q
passWhite = true
perpetualCheckIllegal = true
promotionRegionWhite = a8 b8
startFen = 8/8/8/8/8/8/8/*7 w - - 0 1
customPiece1 = e:fmWfceF
customPiece2 = c:mRcpR
customPiece3 = x:vjsB
soldier = s
maxRank = 6
promotionPawnTypes = n
`)
	r, err := f.Convert("u")
	require.NoError(t, err)
	var got []string
	for _, i := range r.Unsupported {
		got = append(got, i.String())
	}
	assert.Equal(t, []string{
		"t.ini:2: [u] castlingWins = q: not supported by the importer",
		"t.ini:3: [u] passWhite = true: passing for one player only: alfil's pass rule is both players'",
		"t.ini:4: [u] perpetualCheckIllegal = true: not supported by the importer",
		"t.ini:5: [u] promotionRegionWhite = a8 b8: only regions of whole ranks (*N) are supported",
		"t.ini:6: [u] startFen = 8/8/8/8/8/8/8/*7 w - - 0 1: Fairy-Stockfish's hoppers hop over wall squares; a hole is the board's edge to alfil's",
		"t.ini:7: [u] customPiece1 = e:fmWfceF: e: the piece takes en passant in Fairy-Stockfish (enPassantTypes); the importer writes en passant for the pawn only",
		"t.ini:9: [u] customPiece3 = x:vjsB: j between two direction letters, which Fairy-Stockfish then reads apart",
		"t.ini:10: [u] soldier = s: a soldier steps sideways only past the river (soldierPromotionRank)",
		"t.ini:12: [u] promotionPawnTypes = n: only Fairy-Stockfish's pawn type promotes as a pawn in the importer",
	}, got)
	assert.True(t, strings.HasPrefix(r.Source, "# u, converted by alfil import from t.ini [u].\n#\n# Options of the section this file does not express:\n#   line 2: castlingWins = q"))
}

func TestConvertErrors(t *testing.T) {
	f := mustParse(t, "[a:xiangqi]\n[b:c]\n[c:b]\n[d:chess]\ncustomPiece1 = x:mRcoR\n[e:chess]\nmaxRank = 11\n[f:chess]\nknight = 3\n[g:chess]\ncustomPiece2 = y\n")
	for name, want := range map[string]string{
		"a": "t.ini:1: [a:xiangqi]: the importer knows the bases chess, fairy, nocastle, gardner, losalamos, capablanca, embassy, janus, almost, amazon, nightrider, grasshopper, crazyhouse, loop, chessgi and the sections of the file",
		"b": "t.ini:2: [b:c]: inheritance cycle",
		"d": `t.ini:5: [d] customPiece1: betza mRcoR: at 4: modifier or atom "o" is not supported (Fairy-Stockfish reads m c p g n i f b l r v s h and the atoms W F D N A H C L Z J G K R B Q)`,
		"e": "t.ini:7: [e] maxRank = 11: expected 1 to 10",
		"f": "t.ini:9: [f] knight = 3: expected a letter or -",
		"g": "t.ini:11: [g] customPiece2 = y: expected LETTER:BETZA",
		"z": "t.ini: no variant [z] (have a, b, c, d, e, f, g)",
	} {
		_, err := f.Convert(name)
		assert.EqualError(t, err, want, name)
	}
}

// TestBuiltinsPublishedPerft converts a section based on each built-in
// variant the importer knows and checks the published perft numbers of
// that variant (Fairy-Stockfish's perft suite) without Fairy-Stockfish.
func TestBuiltinsPublishedPerft(t *testing.T) {
	rows := []struct {
		variant, fen string
		depth        int
		nodes        uint64
	}{
		{"losalamos", "", 5, 191846},
		{"losalamos", "6/2P3/6/1K1k2/6/6 w - - 0 1", 6, 187431},
		{"almost", "", 3, 11895},
		{"almost", "8/1k5P/8/8/8/3K4/p7/8 b - - 0 1", 2, 140},
		{"amazon", "", 4, 318185},
		{"nightrider", "", 4, 419019},
		{"grasshopper", "", 4, 635298},
		{"capablanca", "", 4, 805128},
		{"embassy", "", 4, 809539},
		{"janus", "", 4, 772074},
		{"crazyhouse", "", 4, 197281},
		{"crazyhouse", "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1", 2, 75353},
		{"crazyhouse", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", 3, 88634},
		{"crazyhouse", "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1", 3, 58057},
		{"loop", "5R2/2p1Nb2/2B4k/6p1/8/P3PP2/1PPqR3/3R1BKn[QBNPPPPrrrnppp] b - - 1 1", 2, 31983},
		{"chessgi", "5Rp1/2p1Nb2/2B4k/6p1/8/P3PP2/1PPqR3/3R1BKn[QBNPPPPrrrnpp] b - - 1 48", 2, 32816},
	}
	for _, row := range rows {
		t.Run(row.variant, func(t *testing.T) {
			r, err := mustParse(t, "[imported:"+row.variant+"]\n").Convert("imported")
			require.NoError(t, err)
			require.Empty(t, r.Unsupported)
			prog, err := movegen.Load("imported.alf", []byte(r.Source))
			require.NoError(t, err)
			b, err := prog.NewBoard(row.fen)
			require.NoError(t, err)
			assert.Equal(t, row.nodes, b.Perft(row.depth), "perft %d of %s", row.depth, row.fen)
		})
	}
}

// TestConvertChecking checks that checking = false is written as checks
// forbidden, and checking = true as nothing.
func TestConvertChecking(t *testing.T) {
	f := mustParse(t, "[off:chess]\nchecking = false\n[on:chess]\nchecking = true\n")
	r, err := f.Convert("off")
	require.NoError(t, err)
	assert.Empty(t, r.Unsupported)
	assert.Contains(t, r.Source, "nomoves check loss\nchecks forbidden\n")
	r, err = f.Convert("on")
	require.NoError(t, err)
	assert.NotContains(t, r.Source, "checks forbidden")
}

// TestConvertMobility checks the mobility regions: each move of the piece
// tests the square it ends on, a rider's quiet squares in a block so that
// it rides on through the rest, once per rectangle of the region, with
// side tests when the two sides' regions differ; a pawn's region and a
// castling king's are reported.
func TestConvertMobility(t *testing.T) {
	f := mustParse(t, `[m:chess]
customPiece1 = x:mfRcW
startFen = 4k3/8/8/8/8/8/8/X3K3 w - - 0 1
mobilityRegionWhiteCustomPiece1 = *1 *2 c3 d3
mobilityRegionBlackCustomPiece1 = *1 *2 c3 d3
mobilityRegionWhiteBishop = *5 *6 *7 *8
mobilityRegionWhitePawn = *3
mobilityRegionBlackKing = *8
mobilityRegionWhiteNoSuchPiece = *1
`)
	r, err := f.Convert("m")
	require.NoError(t, err)
	var got []string
	for _, i := range r.Unsupported {
		got = append(got, i.String())
	}
	assert.Equal(t, []string{
		"t.ini:7: [m] mobilityRegionWhitePawn = *3: a mobility region of Fairy-Stockfish's pawn: the importer confines the other pieces only",
		"t.ini:8: [m] mobilityRegionBlackKing = *8: a mobility region of a king that castles: the importer does not confine castling",
	}, got)
	for _, want := range []string{
		"piece customPiece1 X\n" +
			"    slide w empty block pos a1..h2 mov end\n" +
			"    w enemy pos a1..h2 capt mov\n" +
			"    s enemy pos a1..h2 capt mov\n" +
			"    d enemy pos a1..h2 capt mov\n" +
			"    a enemy pos a1..h2 capt mov\n" +
			"    slide w empty block pos c3..d3 mov end\n" +
			"    w enemy pos c3..d3 capt mov\n",
		"piece bishop B\n    slide wd empty block side first pos a5..h8 mov end then enemy side first pos a5..h8 capt mov\n",
		"    slide wd empty block side second mov end then enemy side second capt mov\n",
	} {
		assert.Contains(t, r.Source, want)
	}
	_, err = movegen.Load("m.alf", []byte(r.Source))
	require.NoError(t, err, r.Source)
}

// TestConvertConnect checks what the connect options write: connect N,
// the types connectPieceTypes names, the lines the connect directions
// allow (none written when all three do) and connectValue; a rule that can
// make no row is not written.
func TestConvertConnect(t *testing.T) {
	f := mustParse(t, `[all:chess]
connectN = 4
[some:chess]
connectN = 3
connectPieceTypes = pn
connectHorizontal = false
connectValue = loss
[diagonal:chess]
connectN = 5
connectPieceTypes = *
connectHorizontal = false
connectVertical = false
connectValue = draw
[nolines:chess]
connectN = 3
connectHorizontal = false
connectVertical = false
connectDiagonal = false
[notypes:chess]
connectN = 3
connectPieceTypes = z
[off:chess]
connectPieceTypes = p
`)
	for name, want := range map[string]string{
		"all": "connect 4 win\n", "some": "connect 3 {pawn,knight} files diagonals loss\n",
		"diagonal": "connect 5 diagonals draw\n", "nolines": "", "notypes": "", "off": "",
	} {
		r, err := f.Convert(name)
		require.NoError(t, err)
		if want == "" {
			assert.NotContains(t, r.Source, "connect", name)
			continue
		}
		assert.Empty(t, r.Unsupported, name)
		assert.Contains(t, r.Source, "\n"+want, name)
		_, err = movegen.Load(name+".alf", []byte(r.Source))
		require.NoError(t, err, r.Source)
	}
}

// TestConvertBaseLetters checks that a type option a base section set
// names the types it named there, when a later section letters them
// anew: Fairy-Stockfish reads it into types as it parses the base
// (gemini's archbishop, janus's j, lettered a).
func TestConvertBaseLetters(t *testing.T) {
	f := mustParse(t, "[j:chess]\narchbishop = j\npromotionPieceTypes = jq\n\n[g:j]\narchbishop = a\n\n[own:j]\narchbishop = a\npromotionPieceTypes = aq\n")
	for _, name := range []string{"g", "own"} {
		r, err := f.Convert(name)
		require.NoError(t, err)
		assert.Contains(t, r.Source, "promote {archbishop,queen}\n", name)
	}
}

// TestConvertCastlingPieces checks the castling rook found as
// Fairy-Stockfish finds it (the first castling piece from the edge:
// active chess's rook on h1, beside a queen in the corner) and the
// castling of a piece other than the king (river's commoner), whose
// squares may be attacked.
func TestConvertCastlingPieces(t *testing.T) {
	f := mustParse(t, `[active:chess]
maxFile = i
startFen = rnbkqbnrq/ppppppppp/9/9/9/9/PPPPPPPPP/RNBKQBNRQ w KQkq - 0 1
castlingQueensideFile = b
[river:chess]
king = -
commoner = k
castlingKingPiece = k
`)
	r, err := f.Convert("active")
	require.NoError(t, err)
	assert.Empty(t, r.Unsupported)
	assert.Contains(t, r.Source, "    unmoved safe d empty safe d empty safe d empty safe d ally unmoved is rook pick aa put d mov\n")
	r, err = f.Convert("river")
	require.NoError(t, err)
	assert.Empty(t, r.Unsupported)
	assert.Contains(t, r.Source, "piece commoner K\n")
	assert.Contains(t, r.Source, "    unmoved d empty d empty d ally unmoved is rook pick aa put d mov\n")
	assert.NotContains(t, r.Source, "safe")
}

// TestConvertPseudoRoyal checks extinctionPseudoRoyal: a type no side can
// have more of than extinctionPieceCount + 1 is royal, one of count 0
// that nothing makes more of is lastroyal, and the extinction rule,
// which such pieces never meet, is not written; a type a pawn promotes
// into is reported.
func TestConvertPseudoRoyal(t *testing.T) {
	f := mustParse(t, `[two:chess]
king = -
commoner = k
extinctionValue = loss
extinctionPseudoRoyal = true
extinctionPieceTypes = k
extinctionPieceCount = 1
startFen = rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1
[last:two]
extinctionPieceCount = 0
startFen = rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1
[promoted:last]
promotionPieceTypes = qk
`)
	for name, want := range map[string]string{"two": "piece commoner K royal\n", "last": "piece commoner K lastroyal\n"} {
		r, err := f.Convert(name)
		require.NoError(t, err)
		assert.Empty(t, r.Unsupported, name)
		assert.Contains(t, r.Source, want, name)
		assert.NotContains(t, r.Source, "\nextinction", name)
		_, err = movegen.Load(name+".alf", []byte(r.Source))
		require.NoError(t, err, r.Source)
	}
	r, err := f.Convert("promoted")
	require.NoError(t, err)
	require.Len(t, r.Unsupported, 1)
	assert.Contains(t, r.Unsupported[0].Why, "commoner pseudo-royal while a side has 1 or fewer, which it may outgrow")
}

// TestConvertPassSides checks the per-colour pass options: read after
// pass and passOnStalemate, as Fairy-Stockfish reads them, written when
// both players agree, reported when they do not.
func TestConvertPassSides(t *testing.T) {
	f := mustParse(t, "[both:chess]\npassWhite = true\npassBlack = true\n[off:chess]\npassBlack = false\npass = true\npassWhite = false\n[stale:chess]\npassOnStalemateWhite = true\npassOnStalemateBlack = true\n[one:chess]\npassWhite = true\n")
	for name, want := range map[string]string{"both": "\npass\n", "stale": "\npass stalemate\n"} {
		r, err := f.Convert(name)
		require.NoError(t, err)
		assert.Empty(t, r.Unsupported, name)
		assert.Contains(t, r.Source, want, name)
	}
	r, err := f.Convert("off")
	require.NoError(t, err)
	assert.Empty(t, r.Unsupported)
	assert.NotContains(t, r.Source, "\npass")
	r, err = f.Convert("one")
	require.NoError(t, err)
	require.Len(t, r.Unsupported, 1)
	assert.Equal(t, "t.ini:12: [one] passWhite = true: passing for one player only: alfil's pass rule is both players'", r.Unsupported[0].String())
}

// TestConvertCheckCounting checks checkCounting: checks N, N the checks
// the start position's counters say a side needs (W+B, or Lichess's
// +W+B of checks given), 1 without counters as Fairy-Stockfish reads a
// FEN without them.
func TestConvertCheckCounting(t *testing.T) {
	f := mustParse(t, "[a:chess]\ncheckCounting = true\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1\n"+
		"[b:chess]\ncheckCounting = true\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+0\n"+
		"[c:chess]\ncheckCounting = true\n")
	for name, want := range map[string]string{"a": "\nchecks 3\n", "b": "\nchecks 3\n", "c": "\nchecks 1\n"} {
		r, err := f.Convert(name)
		require.NoError(t, err)
		assert.Empty(t, r.Unsupported, name)
		assert.Contains(t, r.Source, want, name)
		_, err = movegen.Load(name+".alf", []byte(r.Source))
		require.NoError(t, err, r.Source)
	}
}
