package movegen_test

import (
	"fmt"
	"slices"

	"github.com/alfil-go/alfil/board"
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

// Moves named in standard algebraic notation, read and written: pieces by
// their letters, pawns by none, captures with x, the file or rank that
// tells two pieces apart only when both could go, castling as O-O, check
// and mate marked. SAN names a move among the legal moves of its position.
func ExampleBoard_SAN() {
	src, _ := examples.Source("chess")
	prog, _ := movegen.Load("chess.alf", src)
	b, _ := prog.NewBoard("r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1")
	var played []string
	for _, san := range []string{"O-O", "Kd7", "Rad1", "Kc7", "Rfe1", "Ra2", "Rd2", "Rxd2"} {
		m, err := b.ParseSAN(san) // a missing check mark is forgiven
		if err != nil {
			fmt.Println(err)
			return
		}
		var moves movegen.MoveList
		b.Legal(&moves)
		for i, name := range b.SAN(moves.Moves) {
			if moves.Moves[i].Key() == m.Key() {
				played = append(played, name)
			}
		}
		b.Make(m)
	}
	fmt.Println(played)
	// Output:
	// [O-O Kd7 Rad1+ Kc7 Rfe1 Ra2 Rd2 Rxd2]
}

// The threatened-square map of a jaque position (docs/language.md § Check
// as its own attribute): the squares where a black piece would be
// capturable by White. The black king on d6 and queen on b4 are on it —
// both are checked — and an empty square is on it when White could take a
// black king standing there.
func ExampleBoard_Threatened() {
	src, _ := examples.Source("jaque")
	prog, _ := movegen.Load("jaque.alf", src)
	b, _ := prog.NewBoard("3k2/6/1q4/6/2N3/K2R2 b - - 0 1")
	set := b.Threatened(board.First, 0) // type 0: the king
	fmt.Print(b.Diagram(&set))
	fmt.Println(set.Len(), "squares; in check:", b.InCheck())
	// Output:
	//  6  .  .  . (k) .  .
	//  5  .  .  .  x  .  .
	//  4  . (q) .  x  .  .
	//  3  x  .  .  x  x  .
	//  2  x  x  N  x  .  .
	//  1 (K) x  x  R  x  x
	//     a  b  c  d  e  f
	// 15 squares; in check: true
}
