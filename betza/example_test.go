package betza_test

import (
	"fmt"

	"github.com/alfil-go/alfil/betza"
)

// The xiangqi horse, a knight whose leap a piece beside it blocks, as move
// lines.
func Example() {
	p, err := betza.Parse("nN")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range p.Lines(betza.Options{})[:4] {
		fmt.Println(l)
	}
	// Output:
	// w empty wd empty mov
	// w empty wd enemy capt mov
	// s empty sa empty mov
	// s empty sa enemy capt mov
}

// A notation Fairy-Stockfish does not read is an error naming the letter.
func ExampleParse_error() {
	_, err := betza.Parse("mRcjR")
	fmt.Println(err)
	// Output:
	// betza mRcjR: at 4: modifier or atom "j" is not supported (Fairy-Stockfish reads m c p g n i f b l r v s h and the atoms W F D N A H C L Z J G K R B Q)
}
