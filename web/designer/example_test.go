package designer_test

import (
	"fmt"

	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/web/designer"
)

// A session as the designer's page drives it: a variant typed, a move
// clicked, and what the page draws from the State.
func ExampleSession() {
	src, _ := examples.Source("chess")
	var s designer.Session
	st, err := s.Load(string(src), false)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(st.Width, "x", st.Height, len(st.Moves), "moves")
	for i, m := range st.Moves {
		if m.SAN == "Nf3" {
			st, _ = s.Play(i)
		}
	}
	fmt.Println(st.History[0].SAN, st.History[0].UCI, st.ToMove)
	fmt.Println(st.FEN)

	// a mistake: the session keeps its game and says where
	_, err = s.Load("game oops\nboard 8x8\npiece rook R\n    slide {w,a,s,d} empty mov ~\n", true)
	fmt.Println(err)
	// Output:
	// 8 x 8 20 moves
	// Nf3 g1f3 black
	// rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1
	// designer.alf:4:31: unexpected character '~'
}
