package pgn_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/pgn"
)

// TestReadPastRepetition: people play on past a threefold repetition and
// fifty moves while no one claims the draw; a record that ends drawn there
// has claimed it.
func TestReadPastRepetition(t *testing.T) {
	recs := readAll(t, []byte(`[FEN "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"]
[Result "1-0"]

1. Ke2 Ke7 2. Ke1 Ke8 3. Ke2 Ke7 4. Ke1 Ke8 5. Ra7 Kf8 6. Kf2 Kg8 7. Kg3 Kh8 8. Kg4 Kg8 9. Kg5 Kh8 10. Kg6 Kg8 11. Ra8# 1-0

[FEN "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"]
[Result "1/2-1/2"]

1. Ke2 Ke7 2. Ke1 Ke8 3. Ke2 Ke7 4. Ke1 Ke8 1/2-1/2
`))
	require.Len(t, recs, 2)
	assert.Equal(t, game.Outcome{Result: board.FirstWins, Reason: game.Checkmate}, recs[0].Game.Outcome(), "played on past the threefold")
	assert.Equal(t, game.Outcome{Result: board.Draw, Reason: game.Repetition}, recs[1].Game.Outcome(), "the draw claimed")
}

// TestReadFiles reads PGN as other programs write it: Lichess (clock
// comments, Lichess's variant names, a game from a position with black to
// move, a time forfeit), ChessBase (CRLF, NAGs, nested variations,
// escapes, an escape line), and checks each game's moves, end and tags.
func TestReadFiles(t *testing.T) {
	type want struct {
		plies   int
		fen     string // after the moves
		result  board.Result
		outcome game.Outcome
		tags    map[string]string
	}
	tests := []struct {
		file  string
		games []want
	}{
		{"lichess.pgn", []want{
			{33, "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17", board.FirstWins,
				game.Outcome{Result: board.FirstWins, Reason: game.Checkmate}, map[string]string{"Opening": "Philidor Defense", "Black": "alfil-b"}},
			{9, "r1bq1bnr/pppp1k1p/2n3p1/4p3/4P3/5Q2/PPPP1PPP/RNB1K1NR b KQ - 0+3 1 5", board.FirstWins,
				game.Outcome{Result: board.FirstWins, Reason: game.CheckCount}, map[string]string{"Variant": "Three-check"}},
			{7, "rnbqkbnr/ppp2ppp/8/4p3/4K3/8/PPPP1PPP/RNBQ1BNR b kq - 0 4", board.FirstWins,
				game.Outcome{Result: board.FirstWins, Reason: game.MoveAction}, nil},
			{2, "1k5R/8/1K6/8/8/8/8/8 b - - 2 51", board.FirstWins,
				game.Outcome{Result: board.FirstWins, Reason: game.Checkmate}, map[string]string{"SetUp": "1"}},
			{6, "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4", board.SecondWins,
				game.Outcome{}, map[string]string{"Termination": "Time forfeit", "Result": "0-1"}},
		}},
		{"chessbase.pgn", []want{
			{17, "2kr1bQ1/pppqp2p/2n5/3p4/8/5b2/PPPPBPPP/RNBQ1RK1 b - - 0 9", board.FirstWins, game.Outcome{},
				map[string]string{"Black": `Roe, "Rocky" R.`, "Annotator": `A. Nonymous\Club`, "Round": "3.1"}},
			{12, "rnbq1rk1/p1pp1ppp/1p2pn2/8/2PP4/P1Q5/1P2PPPP/R1B1KBNR w KQ - 0 7", board.Draw, game.Outcome{}, nil},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			text, err := os.ReadFile("testdata/" + tt.file)
			require.NoError(t, err)
			if tt.file == "chessbase.pgn" {
				// testdata/.gitattributes keeps git from converting them
				require.Contains(t, string(text), "\r\n", "the file's CRLF line ends")
			}
			recs := readAll(t, text)
			require.Len(t, recs, len(tt.games))
			for i, w := range tt.games {
				rec := recs[i]
				assert.Equal(t, w.plies, rec.Game.Len(), "game %d", i+1)
				assert.Equal(t, w.fen, rec.Game.FEN(), "game %d", i+1)
				assert.Equal(t, w.result, rec.Result, "game %d", i+1)
				assert.Equal(t, w.outcome, rec.Game.Outcome(), "game %d", i+1)
				for name, v := range w.tags {
					assert.Equal(t, v, rec.Tag(name), "game %d, tag %s", i+1, name)
				}
			}
		})
	}
}

// TestRewriteFiles writes the games of each testdata file back, as the
// golden .golden files hold them: the tags kept, the Variant names the
// program's, the moves in alfil's SAN, comments and variations gone.
func TestRewriteFiles(t *testing.T) {
	for _, name := range []string{"lichess", "chessbase"} {
		t.Run(name, func(t *testing.T) {
			text, err := os.ReadFile("testdata/" + name + ".pgn")
			require.NoError(t, err)
			var out bytes.Buffer
			for _, rec := range readAll(t, text) {
				require.NoError(t, pgn.Write(&out, rec.Game, rec.Tags...))
			}
			golden(t, name+".golden", out.Bytes())
			again := readAll(t, out.Bytes())
			for i, rec := range readAll(t, text) {
				assert.Equal(t, rec.Game.Moves(), again[i].Game.Moves())
				assert.Equal(t, rec.Result, again[i].Result)
			}
		})
	}
}

// TestWrite: the header and movetext Write makes of games that end in
// each way, start from a position, or go on.
func TestWrite(t *testing.T) {
	resigned := newGame(t, "chess", "", "d4", "d5", "c4")
	require.NoError(t, resigned.Resign(board.Second))
	agreed := newGame(t, "capablanca", "", "e4", "e5", "Cg3")
	require.NoError(t, agreed.AgreeDraw())
	tests := []struct {
		name string
		g    *game.Game
		tags []pgn.Tag
	}{
		{"fool's mate", newGame(t, "chess", "", "f3", "e5", "g4", "Qh4#"),
			[]pgn.Tag{{"Event", "Fools' cup"}, {"White", `Fool, "The"`}, {"ECO", "A00"}, {"Variant", "ignored"}}},
		{"black to move from a FEN", newGame(t, "chess", "k7/8/1K6/8/8/8/8/7R b - - 0 50", "Kb8", "Rh8#"), nil},
		{"resigned", resigned, []pgn.Tag{{"Date", "2026.01.02"}}},
		{"agreed draw in capablanca", agreed, nil},
		{"stalemate in shatranj", newGame(t, "shatranj", "k7/p1K5/PR6/8/8/8/8/8 w - - 0 1", "Rb5"), nil},
		{"adjudicated", newGame(t, "makruk", "", "e4"), []pgn.Tag{{"Result", "1-0"}, {"Termination", "adjudication"}}},
		{"ongoing, long lines", randomGame(t, "chess", "", 120, rand.New(rand.NewPCG(5, 5))), nil},
		{"atomic", randomGame(t, "atomic", "", 40, rand.New(rand.NewPCG(6, 6))), nil},
	}
	var out bytes.Buffer
	for _, tt := range tests {
		fmt.Fprintf(&out, "; %s\n", tt.name)
		require.NoError(t, pgn.Write(&out, tt.g, tt.tags...), tt.name)
	}
	for _, line := range strings.Split(out.String(), "\n") {
		assert.LessOrEqual(t, len(line), pgn.LineWidth, line)
	}
	golden(t, "write.golden", out.Bytes())
}

func TestWriteErrors(t *testing.T) {
	mated := newGame(t, "chess", "", "f3", "e5", "g4", "Qh4#")
	tests := []struct {
		name    string
		g       *game.Game
		tags    []pgn.Tag
		wantErr string
	}{
		{"bad tag name", mated, []pgn.Tag{{"My Tag", "x"}}, `pgn: bad tag name "My Tag"`},
		{"bad result", mated, []pgn.Tag{{"Result", "2-0"}}, `pgn: bad Result tag "2-0"`},
		{"result against the board", mated, []pgn.Tag{{"Result", "1-0"}}, `pgn: Result tag "1-0" contradicts the game's end, 0-1 (checkmate)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			err := pgn.Write(&out, tt.g, tt.tags...)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.wantErr)
			assert.Zero(t, out.Len(), "nothing written")
		})
	}
}

// TestRoundTrip: random games of several variants, from their setup and
// from a later position with the second side to move, written and read
// back: the same start, moves, position and result.
func TestRoundTrip(t *testing.T) {
	plies := 100
	if testing.Short() {
		plies = 30
	}
	for _, variant := range []string{"chess", "capablanca", "shatranj", "makruk", "3check", "atomic", "antichess", "horde", "kingofthehill", "checkers", "zoo", "crazyhouse", "shogi", "kyotoshogi", "dobutsu", "seirawan", "shouse", "seirawan960", "placement", "sittuyin", "xiangqi", "manchu", "janggi", "cambodian", "karouk", "asean", "ai-wok", "makpong", "micro", "koedem", "racingkings", "coregal", "spartan", "shatar", "jesonmor", "dice"} {
		t.Run(variant, func(t *testing.T) {
			plies := plies
			if variant == "zoo" {
				plies = 10 // a hundred moves a position, each named and read
			}
			rng := rand.New(rand.NewPCG(uint64(len(variant)), 7))
			var games []*game.Game
			for range 3 {
				games = append(games, randomGame(t, variant, "", plies, rng))
			}
			// a game from the position after an odd number of plies
			opening := randomGame(t, variant, "", 7, rng)
			games = append(games, randomGame(t, variant, opening.FEN(), plies, rng))

			var out bytes.Buffer
			for i, g := range games {
				require.NoError(t, pgn.Write(&out, g, pgn.Tag{"Round", fmt.Sprint(i + 1)}))
			}
			recs := readAll(t, out.Bytes())
			require.Len(t, recs, len(games))
			for i, g := range games {
				rec := recs[i]
				assert.Equal(t, g.StartFEN(), rec.Game.StartFEN(), "game %d", i+1)
				assert.Equal(t, g.Moves(), rec.Game.Moves(), "game %d", i+1)
				assert.Equal(t, g.FEN(), rec.Game.FEN(), "game %d", i+1)
				assert.Equal(t, g.Outcome().Result, rec.Result, "game %d", i+1)
				assert.Equal(t, fmt.Sprint(i+1), rec.Tag("Round"))
			}
			if t.Failed() {
				t.Log(out.String())
			}
		})
	}
}

// TestReadErrors: each kind of bad input, with where it is and what it
// says, and the games around a bad one read.
func TestReadErrors(t *testing.T) {
	const fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
	tests := []struct {
		name, input string
		wantErr     string
	}{
		{"no such move", "[Event \"x\"]\n\n1. e4 e5 2. Nxe5 *",
			`game 1, line 3:13: move 2 (white) "Nxe5": no legal move "Nxe5" in ` + fen},
		{"a move after mate", "1. f3 e5 2. g4 Qh4# 3. a3 0-1",
			`game 1, line 1:24: move 3 (white) "a3": the game is over: it ended 0-1 (checkmate) before this move`},
		{"black's move", "1. e4 e5 2. Nf3 Nf3 *",
			`game 1, line 1:17: move 2 (black) "Nf3": no legal move "Nf3" in `},
		{"figurines", "1. e4 e5 2. ♘f3 *", `game 1, line 1:13: move 2 (white) "♘f3": no legal move`},
		{"result against the tag", "[Result \"1-0\"]\n1. e4 0-1", `game 1, line 2:7: "0-1": the result disagrees with the Result tag "1-0"`},
		{"result against the board", "1. f3 e5 2. g4 Qh4# 1-0", `game 1, line 1:21: "1-0": the moves end the game 0-1 (checkmate)`},
		{"bad result tag", "[Result \"won\"]\n1. e4 *", `game 1, line 1:9: "won": Result is 1-0, 0-1, 1/2-1/2 or *`},
		{"unknown variant", "[Variant \"Bughouse\"]\n1. e4 *", `game 1, line 1:10: "Bughouse": Variant: no embedded variant "bughouse"`},
		{"bad FEN", "[SetUp \"1\"]\n[FEN \"8/8 w\"]\n1. e4 *", `game 1, line 2:6: "8/8 w": FEN: `},
		{"SetUp without FEN", "[SetUp \"1\"]\n1. e4 *", `game 1, line 1:8: "1": SetUp "1" without a FEN tag`},
		{"tag without value", "[Event]\n1. e4 *", `game 1, line 1:7: "]": expected the tag's value, a string, found "]"`},
		{"tag not closed", "[Event \"x\"\n1. e4 *", `game 1, line 2:1: "1.": expected ], found "1."`},
		{"string not closed", "[Event \"x]\n1. e4 *", `game 1, line 1:8: string not closed on its line`},
		{"bad tag name", "[9x \"y\"]\n*", `game 1, line 1:2: "9x": bad tag name (letters, digits and _, starting with a letter)`},
		{"comment not closed", "1. e4 {forever", `game 1, line 1:7: comment not closed`},
		{"variation not closed", "1. e4 (1. d4 d5 *", `game 1, line 1:7: "(": variation not closed before the end of the input`},
		{"stray parenthesis", "1. e4 ) e5 *", `game 1, line 1:7: ")": unexpected ")" in the moves`},
		{"stray string", "1. e4 \"e5\" *", `game 1, line 1:7: "e5": unexpected string "e5" in the moves`},
		{"dollar alone", "1. e4 $ e5 *", `game 1, line 1:7: $ without a number`},
		{"bad character", "1. e4 <e5> *", `game 1, line 1:7: unexpected character '<'`},
		{"long token", "1. " + strings.Repeat("a", 70000) + " *", `game 1, line 1:4: token longer than 65536 bytes`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, err := pgn.ReadAll(strings.NewReader(tt.input), nil)
			assert.Empty(t, recs)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.wantErr)
			var list pgn.ErrorList
			require.True(t, errors.As(err, &list))
			assert.Len(t, list, 1)
		})
	}
}

// TestReadRecovers: after a bad game the reader goes on with the next,
// whether the fault is in the moves or in the tags.
func TestReadRecovers(t *testing.T) {
	input := `[Event "one"]

1. e4 e5 *

[Event "two"]

1. e4 e5 2. Ke3 (2. Nf3) Nc6 1-0

[Event "three"]
[Variant "bughouse"]
[Site "?"]

1. e4 e5 *

[Event "four" oops]

1. d4 *

[Event "five"]

1. d4 d5 (1... Nf6 2. c4) 2. c4 *
`
	rd := pgn.NewReader(strings.NewReader(input), nil)
	var events []string
	var errs []string
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			break
		}
		var e *pgn.Error
		if err != nil {
			require.True(t, errors.As(err, &e), "%v", err)
			errs = append(errs, fmt.Sprintf("game %d line %d", e.Game, e.Line))
			continue
		}
		events = append(events, rec.Tag("Event"))
	}
	assert.Equal(t, []string{"one", "five"}, events)
	assert.Equal(t, []string{"game 2 line 7", "game 3 line 10", "game 4 line 15"}, errs)
}

func TestErrorFields(t *testing.T) {
	_, err := pgn.ReadAll(strings.NewReader("1. e4 e5\n2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Bxe5 *"), nil)
	var list pgn.ErrorList
	require.True(t, errors.As(err, &list))
	require.Len(t, list, 1)
	e := list[0]
	assert.Equal(t, pgn.Error{Game: 1, Line: 2, Col: 38, Move: 5, Side: board.First, Token: "Bxe5", Err: e.Err}, *e)
	assert.ErrorContains(t, e.Unwrap(), `no legal move "Bxe5"`)
}

func TestVariantName(t *testing.T) {
	tests := []struct{ tag, want string }{
		{"", "chess"},
		{"Standard", "chess"},
		{"From Position", "chess"},
		{"chess", "chess"},
		{"Three-check", "3check"},
		{"3check", "3check"},
		{"King of the Hill", "kingofthehill"},
		{"Antichess", "antichess"},
		{"Atomic", "atomic"},
		{"Horde", "horde"},
		{"Capa_Blanca", "capablanca"},
		{"seirawan+960", "seirawan960"},
		{"ai-wok", "ai-wok"},
		{"Ai Wok", "ai-wok"},
	}
	for _, tt := range tests {
		t.Run(tt.tag, func(t *testing.T) {
			assert.Equal(t, tt.want, pgn.VariantName(tt.tag))
		})
	}
}
