package magic_test

import (
	"fmt"

	"github.com/alfil-go/alfil/magic"
)

func ExamplePosition_Perft() {
	p, _ := magic.ParseFEN(magic.StartFEN)
	fmt.Println(p.Perft(4))
	// Output: 197281
}

func ExamplePosition_ParseUCI() {
	p, _ := magic.ParseFEN("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1")
	for _, s := range []string{"e5d6", "e1g1", "a1a8"} {
		m, _ := p.ParseUCI(s)
		fmt.Println(m, m.Kind() == magic.EnPassant, m.Kind() == magic.KingCastle, m.Kind().IsCapture())
	}
	// Output:
	// e5d6 true false true
	// e1g1 false true false
	// a1a8 false false true
}

func ExampleRookAttacks() {
	d4, _ := magic.ParseUCI("d4a1")
	// blockers on d6 and f4: d5 d6, e4 f4, and the open rays down and left
	occupied := magic.Bitboard(1<<43 | 1<<29)
	fmt.Println(magic.RookAttacks(d4.From(), occupied).Count())
	// Output: 10
}
