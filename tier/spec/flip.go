package spec

import "github.com/alfil-go/alfil/board"

// Board-filling games (docs/language.md § Passing and § Actions, flip
// and outflank): ataxx and othello. Their stones never leave the board;
// they turn to the side of the stone that lands beside them, the board
// fills, and the side with more stones wins.

// FillRules are a variant's rules of filling the board.
type FillRules struct {
	// FullBoard: the result, for the side to move, of a position with no
	// empty square (fullboard R; a ghost's square counts as empty),
	// board.Ongoing for none. With Count the side with more pieces on the
	// board wins instead, as many draw (fullboard count) — and two passes
	// in a row are counted the same way.
	FullBoard board.Result
	Count     bool
	// DropStart: while one of these squares is empty, drops go only
	// there (drops start: reversi's centre).
	DropStart []board.Square
	// FreeDrops: a drop never empties the hand (drops free: ataxx's
	// endless supply).
	FreeDrops bool
}

// TypeFlip is what every move and drop of a type does where it lands —
// the square of its last mov, or the square dropped on — besides moving
// or dropping the piece, and the drops of the type that ask more of
// the board than an empty square.
type TypeFlip struct {
	// Ring[s][sq]: the squares, in order, whose enemy pieces turn to side
	// s, keeping their types, when a piece of s lands on sq (an in … do
	// of enemy flip: ataxx's convert); nil or empty for none.
	Ring [2][][]board.Square
	// Outflank: the enemy lines a piece landing on a square outflanks
	// turn to its side (outflank: othello).
	Outflank bool
	// DropTests: drop lines whose square must pass a test beyond being
	// empty (Type.Drop holds the others).
	DropTests []DropTest
}

// DropTest is a drop line that asks the board more than an empty square:
// On[s][sq] tells the squares side s drops on by it; Outflanks asks the
// piece dropped to outflank a line (outflanks); Ally, when not nil, asks
// one of Ally[s][sq] to hold a piece of side s (an opt of ally tests:
// ataxx's clone next to its own stone).
type DropTest struct {
	On        [2][]bool
	Outflanks bool
	Ally      [2][][]board.Square
}
