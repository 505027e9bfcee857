package lang_test

import (
	"errors"
	"fmt"

	"github.com/alfil-go/alfil/lang"
)

func ExampleParse() {
	src := `board 8x8
def mover: empty mov
def captura: enemy capt mov
piece rook R
    slide {w,a,s,d} mover then captura
`
	f, err := lang.Parse("rook.alf", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range f.Pieces[0].Moves {
		fmt.Println(line)
	}
	// Output:
	// slide w empty mov then enemy capt mov
	// slide a empty mov then enemy capt mov
	// slide s empty mov then enemy capt mov
	// slide d empty mov then enemy capt mov
}

// Errors come as a list, each with its position and, for tools, a snippet
// of the line with a caret under the offending token.
func ExampleParse_errors() {
	src := `board 8x8
piece king K
    w enemmy capt mov
    w spawn qeen
piece queen Q
    slide w empty mov
`
	_, err := lang.Parse("king.alf", []byte(src))
	var list lang.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			fmt.Println(e.Snippet())
		}
	}
	// Output:
	// king.alf:3:7: unknown condition "enemmy" (did you mean "enemy"?)
	//  |     w enemmy capt mov
	//  | ......^
	// king.alf:4:13: spawn names unknown piece "qeen" (did you mean "queen"?)
	//  |     w spawn qeen
	//  | ............^
}

// Macros are expanded before parsing: turn copies its block per binding and
// braces copy their line per member.
func ExampleFile_String() {
	src := `board 8x8
def estandar: {enemy capt mov, empty mov}
piece flatknight F
    turn (x,y)=[(w,{a,d})] <
        x empty x empty y estandar
    >
`
	f, err := lang.Parse("flat.alf", []byte(src))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f)
	// Output:
	// board 8x8
	//
	// piece flatknight F
	//     w empty w empty a enemy capt mov
	//     w empty w empty a empty mov
	//     w empty w empty d enemy capt mov
	//     w empty w empty d empty mov
}
