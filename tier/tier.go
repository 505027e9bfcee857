package tier

//go:generate go run ./internal/copy

import (
	"errors"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/internal/engine"
	"github.com/alfil-go/alfil/tier/internal/engine128"
	"github.com/alfil-go/alfil/tier/internal/engine256"
	"github.com/alfil-go/alfil/tier/spec"
)

// MaxSquares is the largest board the tier takes.
const MaxSquares = 256

// Move is a compact move (spec.Move).
type Move = spec.Move

// MoveList holds generated moves (spec.MoveList).
type MoveList = spec.MoveList

// Mark is a point Unmake takes a position back to (spec.Mark).
type Mark = spec.Mark

// ErrMark is returned by Unmake for a mark past the moves played.
var ErrMark = errors.New("tier: Unmake of a mark past the moves played")

// Rules is a variant compiled for the tier: its tables, on one 64-bit word
// per set of squares for boards of at most 64 squares, on two up to 128,
// on four up to 256. It is immutable and safe to share.
type Rules struct {
	narrow *engine.Rules
	wide   *engine128.Rules
	huge   *engine256.Rules
}

// Compile builds the tier's tables for v. It fails for a board above
// MaxSquares, too many types or script lines, or a script that names a
// square or type the variant does not have.
func Compile(v *spec.Variant) (*Rules, error) {
	var (
		r   Rules
		err error
	)
	switch n := v.Width * v.Height; {
	case n <= 64:
		r.narrow, err = engine.Compile(v)
	case n <= 128:
		r.wide, err = engine128.Compile(v)
	default:
		r.huge, err = engine256.Compile(v)
	}
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// Position is a position on the tier. It is not safe for concurrent use;
// Clone it. Each call goes, through one interface call, to the engine of
// the board's width: the generation, legality and perft loops run inside
// it.
type Position struct {
	e engineAPI
}

// engineAPI is what each width's engine offers (package engine and its
// generated copies).
type engineAPI interface {
	Load(pos *board.Position) error
	Pseudo(list *MoveList)
	Legal(list *MoveList)
	LegalCaptures(list *MoveList) bool
	Make(m Move) Mark
	Unmake(mk Mark) bool
	Perft(depth int) uint64
	AppendActions(dst []spec.Act, m Move) []spec.Act
	SetRecord(on bool)
	Overflow() bool
	AppendPlayed(dst []spec.Act) []spec.Act
	Actions(m Move) []spec.Act
	Mark() Mark
	Checks() [2]int32
	Moves(side board.Side) int
	ToMove() board.Side
	Result() board.Result
	Status() board.Result
	Hash() uint64
	Halfmove() int
	InCheck() bool
	Captures(m Move) bool
	Mover(m Move) int
	Victim(m Move, values []int) int
	MoveString(m Move) string
	WallSquare(m Move) (board.Square, bool)
	Material(values []int) int
	Mobility(side board.Side) int
}

// New returns the tier position of pos, a position of the variant r was
// compiled from.
func New(r *Rules, pos *board.Position) (*Position, error) {
	p := NewPosition(r)
	if err := p.Load(pos); err != nil {
		return nil, err
	}
	return p, nil
}

// NewPosition returns an empty position of r's variant, for Load.
func NewPosition(r *Rules) *Position {
	switch {
	case r.narrow != nil:
		return &Position{engine.NewPosition(r.narrow)}
	case r.wide != nil:
		return &Position{engine128.NewPosition(r.wide)}
	}
	return &Position{engine256.NewPosition(r.huge)}
}

// Load sets p to pos, reusing p's storage.
func (p *Position) Load(pos *board.Position) error { return p.e.Load(pos) }

// Clone returns an independent copy.
func (p *Position) Clone() *Position {
	switch e := p.e.(type) {
	case *engine.Position:
		return &Position{e.Clone()}
	case *engine128.Position:
		return &Position{e.Clone()}
	}
	return &Position{p.e.(*engine256.Position).Clone()}
}

// Pseudo fills list with the side to move's pseudo-legal moves.
func (p *Position) Pseudo(list *MoveList) { p.e.Pseudo(list) }

// Legal fills list with the side to move's legal moves.
func (p *Position) Legal(list *MoveList) { p.e.Legal(list) }

// LegalCaptures fills list with the legal moves that capture, in Legal's
// order, and reports whether there is any legal move.
func (p *Position) LegalCaptures(list *MoveList) bool { return p.e.LegalCaptures(list) }

// Make plays m, a move Legal or Pseudo gave for this position, and returns
// the mark Unmake takes back to.
func (p *Position) Make(m Move) Mark { return p.e.Make(m) }

// Unmake takes back every move played since mk; ErrMark for a mark past
// the moves played.
func (p *Position) Unmake(mk Mark) error {
	if !p.e.Unmake(mk) {
		return ErrMark
	}
	return nil
}

// Perft counts the leaves of the legal move tree to depth, counting the
// last ply's moves without playing them.
func (p *Position) Perft(depth int) uint64 { return p.e.Perft(depth) }

// Actions returns the actions m runs, in order, as the language writes
// them: a plain move is "capt T" (when it captures), "mov T" and
// "promote X" (when it promotes); a drop is "spawn X" on its square; a
// script move is its script's actions.
func (p *Position) Actions(m Move) []spec.Act { return p.e.Actions(m) }

// AppendActions appends the actions m runs to dst (see Actions).
func (p *Position) AppendActions(dst []spec.Act, m Move) []spec.Act {
	return p.e.AppendActions(dst, m)
}

// SetRecord sets whether Make keeps the actions each move runs, for
// AppendPlayed (a board that mirrors the tier's moves on a
// board.Position records).
func (p *Position) SetRecord(on bool) { p.e.SetRecord(on) }

// AppendPlayed appends to dst the actions the last move Make played ran,
// while recording: Actions, but the marked ones (in … do) whose filters
// did not hold.
func (p *Position) AppendPlayed(dst []spec.Act) []spec.Act { return p.e.AppendPlayed(dst) }

// Overflow reports whether the position has named more multi paths
// (draughts' capture chains, spec.Multi) than a Move can carry — about a
// million distinct ones in its life — and so left some moves out of its
// lists since. A board hands itself back to the interpreter then.
func (p *Position) Overflow() bool { return p.e.Overflow() }

// Mark returns the current point, for Unmake.
func (p *Position) Mark() Mark { return p.e.Mark() }

// Checks returns the checks each side has given (check counting).
func (p *Position) Checks() [2]int32 { return p.e.Checks() }

// Moves counts side's pseudo-legal moves, whoever is to move (Mobility is
// the cheaper stand-in a search's evaluation reads).
func (p *Position) Moves(side board.Side) int { return p.e.Moves(side) }

// ToMove returns the side to move.
func (p *Position) ToMove() board.Side { return p.e.ToMove() }

// Result returns the result a move has set, or board.Ongoing.
func (p *Position) Result() board.Result { return p.e.Result() }

// Status returns the result a move set, or the end that having no legal
// move brings (the variant's nomoves rules), or board.Ongoing.
func (p *Position) Status() board.Result { return p.e.Status() }

// Halfmove returns the plies since the last capture or move of a piece
// whose type resets the clock (spec.Type.Resets), as board.Position's.
func (p *Position) Halfmove() int { return p.e.Halfmove() }

// Hash returns the position's Zobrist hash: pieces, ghosts, unmoved
// pieces, the side to move, and the hands and promoted pieces' origins
// of a variant with hands.
func (p *Position) Hash() uint64 { return p.e.Hash() }

// InCheck reports whether a royal piece of the side to move is capturable.
func (p *Position) InCheck() bool { return p.e.InCheck() }

// Captures reports whether m captures: one of its capt actions falls on a
// square where an opponent piece or ghost stands now.
func (p *Position) Captures(m Move) bool { return p.e.Captures(m) }

// Mover returns the type of the piece m moves (or drops).
func (p *Position) Mover(m Move) int { return p.e.Mover(m) }

// Victim returns the largest values[t] over the types t of the opponent
// pieces m captures directly (ghosts left out), 0 when none.
func (p *Position) Victim(m Move, values []int) int { return p.e.Victim(m, values) }

// MoveString returns m in UCI form (P@e4 for a drop), or for a move that
// does not take its piece elsewhere the from square and each action with
// its square.
func (p *Position) MoveString(m Move) string { return p.e.MoveString(m) }

// WallSquare returns the square a wall turn puts its wall on (the wall
// rule, docs/language.md § Two-part turns), or false for a move that is
// no wall turn.
func (p *Position) WallSquare(m Move) (board.Square, bool) { return p.e.WallSquare(m) }

// Material returns the sum of values[t] over the side to move's pieces, t
// their types, less the same over the opponent's.
func (p *Position) Material(values []int) int { return p.e.Material(values) }

// Mobility is a cheap stand-in for side's moves: the squares its pieces'
// plain moves and rides reach.
func (p *Position) Mobility(side board.Side) int { return p.e.Mobility(side) }

// EvalHook is 0: a variant with an evaluation hook is not lowered.
func (p *Position) EvalHook() int { return 0 }

// MoveLists returns n empty move lists, one per ply of a search.
func (p *Position) MoveLists(n int) []*MoveList {
	out := make([]*MoveList, n)
	for i := range out {
		out[i] = &MoveList{Moves: make([]Move, 0, 64)}
	}
	return out
}

// Err is always nil: the tier has no budget to run out of.
func (p *Position) Err() error { return nil }
