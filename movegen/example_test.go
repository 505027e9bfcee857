package movegen_test

import (
	"fmt"
	"slices"

	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/movegen"
)

func ExampleBoard_Perft() {
	src, _ := examples.Source("chess")
	prog, err := movegen.Load("chess.alf", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := prog.NewBoard("") // the variant's setup
	for depth := 1; depth <= 3; depth++ {
		fmt.Printf("perft(%d) = %d\n", depth, b.Perft(depth))
	}
	// Output:
	// perft(1) = 20
	// perft(2) = 400
	// perft(3) = 8902
}

func ExampleBoard_Legal() {
	src, _ := examples.Source("chess")
	prog, _ := movegen.Load("chess.alf", src)
	b, _ := prog.NewBoard("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	var moves movegen.MoveList
	b.Legal(&moves)
	names := b.Notation(moves.Moves)
	fmt.Println(len(names), "moves, castling:", slices.Contains(names, "e1g1"), slices.Contains(names, "e1c1"))
	m, _ := b.ParseMove("e1g1")
	b.Make(m)
	fmt.Println(b.FEN())
	// Output:
	// 26 moves, castling: true true
	// r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1
}
