package fsfini_test

import (
	"fmt"
	"strings"

	"github.com/alfil-go/alfil/fsfini"
)

// A section of a variants.ini converted to a variant file, and an option
// the importer cannot express reported by name.
func ExampleFile_Convert() {
	ini := `[cannons:chess]
customPiece1 = c:mRcpR
startFen = rnbqkbnr/pppppppp/1c4c1/8/8/1C4C1/PPPPPPPP/RNBQKBNR w KQkq - 0 1
perpetualCheckIllegal = true
`
	f, err := fsfini.Parse("my.ini", []byte(ini))
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := f.Convert("cannons")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range strings.Split(r.Source, "\n") {
		if strings.HasPrefix(line, "piece customPiece1") || strings.HasPrefix(line, "game") {
			fmt.Println(line)
		}
	}
	for _, i := range r.Unsupported {
		fmt.Println(i)
	}
	// Output:
	// game cannons
	// piece customPiece1 C
	// my.ini:4: [cannons] perpetualCheckIllegal = true: not supported by the importer
}
