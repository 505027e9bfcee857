package ai_test

import (
	"context"
	"fmt"

	"github.com/alfil-go/alfil/ai"
	"github.com/alfil-go/alfil/examples"
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
