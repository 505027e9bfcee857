package pgn_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/pgn"
)

// A game played in SAN, written with a few tags: the roster's others are
// PGN's unknowns, and the reason it ended is a comment before the result.
func ExampleWrite() {
	prog, err := pgn.Embedded("chess")
	if err != nil {
		panic(err)
	}
	g, err := game.New(prog, "")
	if err != nil {
		panic(err)
	}
	for _, m := range []string{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7"} {
		if err := g.PlaySAN(m); err != nil {
			panic(err)
		}
	}
	err = pgn.Write(os.Stdout, g, pgn.Tag{Name: "Event", Value: "Casual game"}, pgn.Tag{Name: "White", Value: "Scholar"})
	if err != nil {
		panic(err)
	}
	// Output:
	// [Event "Casual game"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "Scholar"]
	// [Black "?"]
	// [Result "1-0"]
	// [Termination "normal"]
	//
	// 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# {checkmate} 1-0
}

// Games read one at a time: a Lichess three-check game (its variant named
// as Lichess names it, with clock comments) and a game resigned after a
// variation, whose result the board does not show.
func ExampleReader() {
	const text = `[Variant "Three-check"]
[Result "1-0"]

1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. Bc4 Nc6 3. Bxf7+ Kxf7
4. Qh5+ g6 5. Qf3+ 1-0

[White "Anderssen"]
[Result "0-1"]

1. e4 e5 2. f4 (2. Nf3 Nc6 (2... d6)) exf4 $1 {White resigns.} 0-1
`
	rd := pgn.NewReader(strings.NewReader(text), pgn.Embedded)
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			panic(err)
		}
		fmt.Println(rec.Game.Program().Name, rec.Game.SANMoves(), rec.Result, rec.Game.Outcome())
	}
	// Output:
	// 3check [e4 e5 Bc4 Nc6 Bxf7+ Kxf7 Qh5+ g6 Qf3+] 1-0 1-0 (check count)
	// chess [e4 e5 f4 exf4] 0-1 ongoing
}

// An illegal move: the error says which game, where, which move and why.
func ExampleError() {
	const text = `[Event "Rated Blitz game"]

1. e4 e5 2. Nf3 Nc6 3. Nxe5 Nxe5 4. Nxe5 *
`
	_, err := pgn.ReadAll(strings.NewReader(text), nil)
	var e *pgn.Error
	if errors.As(err, &e) {
		fmt.Println(e.Game, e.Line, e.Col, e.Move, e.Token)
	}
	fmt.Println(err)
	// Output:
	// 1 3 37 4 Nxe5
	// game 1, line 3:37: move 4 (white) "Nxe5": no legal move "Nxe5" in r1bqkbnr/pppp1ppp/8/4n3/4P3/8/PPPP1PPP/RNBQKB1R w KQkq - 0 4
}
