package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/lang"
)

// runCase is one command line with what it must print and return.
type runCase struct {
	name      string
	args      []string
	status    int
	stdout    []string // substrings expected on standard output
	stderr    []string // substrings expected on standard error
	notStdout []string
}

func runCases(t *testing.T, tests []runCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			status := run(tt.args, &out, &errOut)
			assert.Equal(t, tt.status, status, "stderr: %s", errOut.String())
			for _, s := range tt.stdout {
				assert.Contains(t, out.String(), s)
			}
			for _, s := range tt.notStdout {
				assert.NotContains(t, out.String(), s)
			}
			for _, s := range tt.stderr {
				assert.Contains(t, errOut.String(), s)
			}
		})
	}
}

func TestRun(t *testing.T) {
	runCases(t, []runCase{
		{"no arguments", nil, 2, nil, []string{"usage:"}, nil},
		{"unknown command", []string{"fly"}, 2, nil, []string{`unknown command "fly"`}, nil},
		{"check chess file", []string{"check", "../variants/chess.alf"}, 0,
			[]string{"game chess, board 8x8, 7 pieces", "king", "royal", "setup rnbqkbnr/"}, nil, nil},
		{"check zoo file", []string{"check", "../variants/zoo.alf"}, 0,
			[]string{"game zoo, board 10x10, 25 pieces", "ubiubi", "reflector"}, nil, nil},
		{"check embedded variant", []string{"check", "-variant", "chess"}, 0, []string{"chess.alf: game chess"}, nil, nil},
		{"unknown embedded variant", []string{"check", "-variant", "nope"}, 1, nil, []string{`no embedded variant "nope"`}, nil},
		{"missing file", []string{"check", "testdata/none.alf"}, 1, nil, []string{"none.alf"}, nil},
		{"misspelled keywords", []string{"check", "testdata/misspelled.alf"}, 1, nil, []string{
			`testdata/misspelled.alf:7:7: unknown condition "enemmy" (did you mean "enemy"?)`,
			" |     w enemmy capt mov\n | ......^",
			`testdata/misspelled.alf:8:5: unknown keyword "slid" (did you mean "slide"?)`,
			`testdata/misspelled.alf:9:13: spawn names unknown piece "qeen"`,
			"3 error(s)"}, nil},
		{"print canonical", []string{"check", "-print", "../variants/chess.alf"}, 0,
			[]string{"piece knight N value 320\n    wwa enemy capt mov\n"}, nil, []string{"def ", "estandar"}},
		{"check needs one file", []string{"check", "a", "b"}, 2, nil, []string{"name one FILE"}, nil},
		{"variants", []string{"variants"}, 0, []string{"chess\n", "zoo\n"}, nil, nil},
	})
}

// TestPrintReparses checks that check -print output is itself a valid
// variant file with the same canonical form.
func TestPrintReparses(t *testing.T) {
	for _, name := range examples.Names() {
		t.Run(name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			require.Equal(t, 0, run([]string{"check", "-print", "-variant", name}, &out, &errOut), errOut.String())
			path := filepath.Join(t.TempDir(), name+".alf")
			require.NoError(t, os.WriteFile(path, out.Bytes(), 0o644))
			f, err := lang.Parse(path, out.Bytes())
			require.NoError(t, err)
			assert.Equal(t, strings.TrimSuffix(out.String(), "\n"), f.String())
		})
	}
}

func TestGameCommands(t *testing.T) {
	runCases(t, []runCase{
		{"perft", []string{"perft", "-depth", "3"}, 0, []string{"nodes 8902\n"}, nil, nil},
		{"perft divide", []string{"perft", "-variant", "chess", "-depth", "2", "-divide"}, 0,
			[]string{"e2e4: 20\n", "g1f3: 20\n", "nodes 400\n"}, nil, nil},
		{"perft fen", []string{"perft", "-fen", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "-depth", "4"}, 0,
			[]string{"nodes 43238\n"}, nil, nil},
		{"perft file", []string{"perft", "-file", "../variants/zoo.alf", "-depth", "1"}, 0, []string{"nodes "}, nil, nil},
		{"perft tier", []string{"perft", "-depth", "3"}, 0, []string{"nodes 8902\n"}, []string{"(bitboard tier)"}, nil},
		{"perft full mode", []string{"perft", "-depth", "3", "-mode", "full", "-tier=false"}, 0, []string{"nodes 8902\n"}, []string{"(full mode)"}, nil},
		{"perft incremental mode", []string{"perft", "-depth", "3", "-mode", "incremental", "-tier=false"}, 0, []string{"nodes 8902\n"}, []string{"(incremental mode)"}, nil},
		{"perft bad tier", []string{"perft", "-depth", "3", "-tier=maybe"}, 2, nil, []string{`invalid value "maybe" for flag -tier`}, nil},
		{"search on the tier", []string{"search", "-depth", "3", "-fen", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"}, 0, []string{"bestmove d1d8 score mate 1"}, nil, nil},
		{"search interpreted", []string{"search", "-depth", "3", "-tier=false", "-fen", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"}, 0, []string{"bestmove d1d8 score mate 1"}, nil, nil},
		{"perft interpreted", []string{"perft", "-depth", "3", "-fastpath=false"}, 0, []string{"nodes 8902\n"}, []string{"(incremental mode, interpreted)"}, nil},
		{"perft magic", []string{"perft", "-engine", "magic", "-depth", "4"}, 0, []string{"nodes 197281\n"}, []string{"(magic bitboards)"}, nil},
		{"perft magic divide", []string{"perft", "-engine", "magic", "-depth", "2", "-divide", "-fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}, 0,
			[]string{"e1g1: 43\n", "nodes 2039\n"}, nil, nil},
		{"perft magic other variant", []string{"perft", "-engine", "magic", "-variant", "zoo", "-depth", "1"}, 2, nil, []string{"standard chess only"}, nil},
		{"perft magic bad fen", []string{"perft", "-engine", "magic", "-fen", "8/8 w - -", "-depth", "1"}, 1, nil, []string{"want 8 ranks"}, nil},
		{"perft bad engine", []string{"perft", "-engine", "stockfish", "-depth", "1"}, 2, nil, []string{`-engine is alfil or magic, not "stockfish"`}, nil},
		{"perft bad mode", []string{"perft", "-depth", "3", "-mode", "fast"}, 2, nil, []string{`want incremental or full, not "fast"`}, nil},
		{"play full mode", []string{"play", "-seed", "7", "-plies", "4", "-mode", "full", "-depth", "2"}, 0, []string{"stopped after 4 plies"}, nil, nil},
		{"perft needs a depth", []string{"perft"}, 2, nil, []string{"give -depth N"}, nil},
		{"perft bad fen", []string{"perft", "-fen", "8/8 w", "-depth", "1"}, 1, nil, []string{"FEN has 2 ranks"}, nil},
		{"perft bad file", []string{"perft", "-file", "testdata/misspelled.alf", "-depth", "1"}, 1, nil,
			[]string{"misspelled.alf:7:7", " | ......^", "3 error(s)"}, nil},
		{"moves", []string{"moves", "-fen", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}, 0, []string{"e1g1\n", "e1c1\n", "h1h8\n"}, nil, nil},
		{"play", []string{"play", "-seed", "7", "-plies", "6", "-movetime", "20ms"}, 0, []string{"chess: ai (first) against ai (second), seed 7", "1. ", "(score ", "depth ", "3. ", "stopped after 6 plies"}, nil, nil},
		{"play random against greedy", []string{"play", "-seed", "7", "-plies", "6", "-white", "random", "-black", "greedy", "-variant", "checkers"}, 0, []string{"checkers: random (first) against greedy (second)", "stopped after 6 plies"}, nil, nil},
		{"play bad player", []string{"play", "-white", "human"}, 2, nil, []string{`a player is ai, random or greedy, not "human"`}, nil},
		{"play two threads", []string{"play", "-plies", "2", "-depth", "2", "-threads", "2"}, 0, []string{"stopped after 2 plies"}, nil, nil},
		{"search mate in one", []string{"search", "-fen", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "-depth", "3"}, 0, []string{"bestmove d1d8 score mate 1\n"}, nil, nil},
		{"search mated", []string{"search", "-fen", "3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", "-depth", "2"}, 1, nil, []string{"no legal move"}, nil},
		{"search fairy", []string{"search", "-variant", "mousecats", "-depth", "3"}, 0, []string{"bestmove "}, nil, nil},
		{"search movetime", []string{"search", "-movetime", "50ms"}, 0, []string{"bestmove ", " score "}, nil, nil},
		{"play to the end", []string{"play", "-fen", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"}, 0, []string{"result 1-0 (checkmate) after 0 plies"}, nil, nil},
		{"play to a drawn end", []string{"play", "-fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "-white", "random", "-black", "random", "-seed", "3", "-plies", "200"},
			0, []string{"result 1/2-1/2 ("}, nil, nil},
		{"threats", []string{"threats", "-variant", "jaque", "-fen", "3k2/6/1q4/6/2N3/K2R2 b - - 0 1"}, 0,
			[]string{"capturable by white (a black king standing in", " 6  .  .  . (k) .  .\n", " 1 (K) x  x  R  x  x\n", "15 squares: a1 b1 c1 e1 f1 a2 b2 d2 a3 d3 e3 b4 d4 d5 d6\n"}, nil, nil},
		{"threats by black for a pawn", []string{"threats", "-fen", "4k3/8/8/3p4/8/2N5/8/R3K3 w - - 0 1", "-by", "black", "-type", "P", "-mode", "full"}, 0,
			[]string{"a white pawn standing in", "7 squares: c4 e4 d7 e7 f7 d8 f8\n"}, nil, nil},
		{"threats bad side", []string{"threats", "-by", "red"}, 2, nil, []string{`-by is white or black, not "red"`}, nil},
		{"threats bad type", []string{"threats", "-type", "dragon"}, 2, nil, []string{`no piece "dragon" in chess`}, nil},
		{"tree", []string{"tree", "-variant", "zoo", "bomb"}, 0, []string{"piece bomb Z: 5 lines", "in @"}, nil, nil},
		{"tree unknown piece", []string{"tree", "dragon"}, 1, nil, []string{`no piece "dragon"`}, nil},
		{"tree needs a piece", []string{"tree"}, 2, nil, []string{"name one PIECE"}, nil},
	})
}

func TestImport(t *testing.T) {
	out := filepath.Join(t.TempDir(), "b.alf")
	runCases(t, []runCase{
		{"import one variant", []string{"import", "testdata/cannon.ini"}, 0,
			[]string{"game cannonchess\n", "piece customPiece1 C\n", "slide w empty then piece slide w empty then enemy capt mov\n"}, nil, nil},
		{"import needs -variant", []string{"import", "testdata/several.ini"}, 2, nil, []string{"has 4 variants; choose one with -variant: a, b, c, d"}, nil},
		{"import a chosen variant", []string{"import", "-variant", "a", "testdata/several.ini"}, 0, []string{"game a\n"}, nil, nil},
		{"import reports what it leaves out", []string{"import", "-variant", "b", "testdata/several.ini"}, 1, nil, []string{
			"not supported: testdata/several.ini:5: [b] perpetualCheckIllegal = true: not supported by the importer",
			"not supported: testdata/several.ini:6: [b] materialCounting = janggi: not supported by the importer",
			"2 option(s) of [b] cannot be expressed; nothing written"}, []string{"game"}},
		{"import -partial writes the rest", []string{"import", "-partial", "-variant", "b", "testdata/several.ini"}, 3,
			[]string{"#   line 5: perpetualCheckIllegal = true", "game b\n"}, []string{"not supported: testdata/several.ini:5"}, nil},
		{"import a bad notation", []string{"import", "-variant", "c", "testdata/several.ini"}, 1, nil, []string{`several.ini:9: [c] customPiece1: betza mRcoR: at 4: modifier or atom "o" is not supported`}, nil},
		{"import on a shipped variant", []string{"import", "-variant", "d", "testdata/several.ini"}, 0,
			[]string{"from giveaway\ngame d\nnomoves stalemate loss\nextinction win all left 1\n"}, nil, nil},
		{"import -o", []string{"import", "-o", out, "testdata/cannon.ini"}, 0, nil, nil, []string{"game"}},
		{"import a missing file", []string{"import", "testdata/none.ini"}, 1, nil, []string{"none.ini"}, nil},
		{"import without a file", []string{"import"}, 2, nil, []string{"name one FILE.ini"}, nil},
		{"perft of an imported variant", []string{"perft", "-file", out, "-depth", "3"}, 0, []string{"nodes 29326\n"}, nil, nil},
		{"a file inheriting from a shipped variant", []string{"perft", "-file", "testdata/knightless.alf", "-depth", "3"}, 0, []string{"nodes 6572\n"}, nil, nil},
		{"check a file inheriting", []string{"check", "-print", "testdata/knightless.alf"}, 0, []string{"game knightless\n", "piece queen Q value 900\n"}, nil, []string{"piece knight"}},
	})
}
