package ai_test

import (
	"context"
	"fmt"

	"github.com/alfil-go/alfil/ai"
	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/magic"
	"github.com/alfil-go/alfil/movegen"
)

// A back-rank mate, found at depth 3 and scored as mate in 1.
func ExampleEngine_Search() {
	src, _ := examples.Source("chess")
	prog, _ := movegen.Load("chess.alf", src)
	b, _ := prog.NewBoard("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
	res, _ := ai.New(prog, ai.Options{}).Search(context.Background(), b, ai.Limits{Depth: 3})
	fmt.Println(res.Name, "mate in", res.MateIn())
	// Output: d1d8 mate in 1
}

// The same search on the bitboard chess engine, through the Game
// interface: Legal's mate, 1.Nf6+ gxf6 2.Bxf7#.
func ExampleNewEngine() {
	p, _ := magic.ParseFEN("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1")
	e := ai.NewEngine[*magic.Position, magic.Move, *magic.MoveList, magic.Position](
		ai.OptionsOf[*magic.Position]{}, []int{100, 300, 300, 500, 900, 0})
	res, _ := e.Search(context.Background(), p, ai.Limits{Depth: 3})
	fmt.Println(res.PV, "mate in", res.MateIn())
	// Output: [d5f6 g7f6 c4f7] mate in 2
}
