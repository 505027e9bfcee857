package ai

import "github.com/alfil-go/alfil/board"

// Game is what a search needs of a position: legal moves (or only the
// captures) into a list,
// make and unmake, a hash, whose turn it is and whether the game is over,
// and a few facts for ordering moves and evaluating. G is the game's own
// type (each thread of a search plays on a Clone), M its move, L its
// move list and K the mark Make returns and Unmake takes back to.
//
// *movegen.Board (with movegen.Move, *movegen.MoveList and movegen.Mark),
// a board of any variant of the language, and *magic.Position (with
// magic.Move, *magic.MoveList and magic.Position), the bitboard chess
// engine, satisfy it; [New] searches the first, [NewEngine] any.
type Game[G any, M Move[M], L List[M], K any] interface {
	Features
	Clone() G
	// MoveLists returns n empty move lists (one per ply of a search).
	MoveLists(n int) []L
	// Legal fills list with the legal moves of the side to move; when
	// generation stops short (a budget), the list is empty and Err says
	// why.
	Legal(list L)
	// LegalCaptures fills list with the legal moves that capture, in
	// Legal's order, and reports whether there is any legal move at all:
	// the quiescence search's question.
	LegalCaptures(list L) bool
	Err() error
	// Make plays m, a move Legal has just listed, and returns the mark
	// Unmake takes back to.
	Make(m M) K
	Unmake(mk K) error
	Hash() uint64
	// Halfmove is the plies since the last capture or move of a piece
	// that resets the clock: the move rule's count.
	Halfmove() int
	// Result is the result a move has set, without generating; Status
	// adds the end that having no legal move brings.
	Result() board.Result
	Status() board.Result
	Captures(m M) bool
	// Mover is the type of the piece m moves; Victim the largest
	// values[t] over the types t of the pieces it captures, 0 for none.
	Mover(m M) int
	Victim(m M, values []int) int
	MoveString(m M) string
}

// Features are what the default evaluation reads of a position.
type Features interface {
	ToMove() board.Side
	// Material sums values[t] over the side to move's pieces, t their
	// types, less the same over the opponent's.
	Material(values []int) int
	// Mobility counts side's moves, or a cheap stand-in for them.
	Mobility(side board.Side) int
	// EvalHook is the value of the variant's evaluation hook cell (see
	// the package documentation), 0 without one.
	EvalHook() int
}

// Move is what the search needs of a move: a key that finds it again
// among its position's moves (never 0), and a copy that owns its storage.
type Move[M any] interface {
	Key() uint64
	Clone() M
}

// List is a list of moves a Game fills: the search reorders it and keeps
// a prefix.
type List[M any] interface {
	Len() int
	At(i int) M
	Swap(i, j int)
	Truncate(n int)
}
