package tier

//go:generate go run ./internal/copy

import (
	"errors"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/internal/engine"
	"github.com/alfil-go/alfil/tier/internal/engine128"
	"github.com/alfil-go/alfil/tier/spec"
)

// MaxSquares is the largest board the tier takes.
const MaxSquares = 128

// Move is a compact move (spec.Move).
type Move = spec.Move

// MoveList holds generated moves (spec.MoveList).
type MoveList = spec.MoveList

// Mark is a point Unmake takes a position back to (spec.Mark).
type Mark = spec.Mark

// ErrMark is returned by Unmake for a mark past the moves played.
var ErrMark = errors.New("tier: Unmake of a mark past the moves played")

// Rules is a variant compiled for the tier: its tables, on one 64-bit word
// per set of squares for boards of at most 64 squares, on two up to 128.
// It is immutable and safe to share.
type Rules struct {
	narrow *engine.Rules
	wide   *engine128.Rules
}

// Compile builds the tier's tables for v. It fails for a board above
// MaxSquares, too many types or script lines, or a script that names a
// square or type the variant does not have.
func Compile(v *spec.Variant) (*Rules, error) {
	if v.Width*v.Height <= 64 {
		r, err := engine.Compile(v)
		if err != nil {
			return nil, err
		}
		return &Rules{narrow: r}, nil
	}
	r, err := engine128.Compile(v)
	if err != nil {
		return nil, err
	}
	return &Rules{wide: r}, nil
}

// Position is a position on the tier. It is not safe for concurrent use;
// Clone it. Each call goes to the engine of the board's width: the
// generation, legality and perft loops run inside it.
type Position struct {
	narrow *engine.Position
	wide   *engine128.Position
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
	if r.narrow != nil {
		return &Position{narrow: engine.NewPosition(r.narrow)}
	}
	return &Position{wide: engine128.NewPosition(r.wide)}
}

// Load sets p to pos, reusing p's storage.
func (p *Position) Load(pos *board.Position) error {
	if p.narrow != nil {
		return p.narrow.Load(pos)
	}
	return p.wide.Load(pos)
}

// Clone returns an independent copy.
func (p *Position) Clone() *Position {
	if p.narrow != nil {
		return &Position{narrow: p.narrow.Clone()}
	}
	return &Position{wide: p.wide.Clone()}
}

// Pseudo fills list with the side to move's pseudo-legal moves.
func (p *Position) Pseudo(list *MoveList) {
	if p.narrow != nil {
		p.narrow.Pseudo(list)
		return
	}
	p.wide.Pseudo(list)
}

// Legal fills list with the side to move's legal moves.
func (p *Position) Legal(list *MoveList) {
	if p.narrow != nil {
		p.narrow.Legal(list)
		return
	}
	p.wide.Legal(list)
}

// LegalCaptures fills list with the legal moves that capture, in Legal's
// order, and reports whether there is any legal move.
func (p *Position) LegalCaptures(list *MoveList) bool {
	if p.narrow != nil {
		return p.narrow.LegalCaptures(list)
	}
	return p.wide.LegalCaptures(list)
}

// Make plays m, a move Legal or Pseudo gave for this position, and returns
// the mark Unmake takes back to.
func (p *Position) Make(m Move) Mark {
	if p.narrow != nil {
		return p.narrow.Make(m)
	}
	return p.wide.Make(m)
}

// Unmake takes back every move played since mk; ErrMark for a mark past
// the moves played.
func (p *Position) Unmake(mk Mark) error {
	ok := false
	if p.narrow != nil {
		ok = p.narrow.Unmake(mk)
	} else {
		ok = p.wide.Unmake(mk)
	}
	if !ok {
		return ErrMark
	}
	return nil
}

// Perft counts the leaves of the legal move tree to depth, counting the
// last ply's moves without playing them.
func (p *Position) Perft(depth int) uint64 {
	if p.narrow != nil {
		return p.narrow.Perft(depth)
	}
	return p.wide.Perft(depth)
}

// Actions returns the actions m runs, in order, as the language writes
// them: a plain move is "capt T" (when it captures), "mov T" and
// "promote X" (when it promotes); a script move is its script's actions.
func (p *Position) Actions(m Move) []spec.Act {
	if p.narrow != nil {
		return p.narrow.Actions(m)
	}
	return p.wide.Actions(m)
}

// AppendActions appends the actions m runs to dst (see Actions).
func (p *Position) AppendActions(dst []spec.Act, m Move) []spec.Act {
	if p.narrow != nil {
		return p.narrow.AppendActions(dst, m)
	}
	return p.wide.AppendActions(dst, m)
}

// Mark returns the current point, for Unmake.
func (p *Position) Mark() Mark {
	if p.narrow != nil {
		return p.narrow.Mark()
	}
	return p.wide.Mark()
}

// Checks returns the checks each side has given (check counting).
func (p *Position) Checks() [2]int32 {
	if p.narrow != nil {
		return p.narrow.Checks()
	}
	return p.wide.Checks()
}

// Moves counts side's pseudo-legal moves, whoever is to move (Mobility is
// the cheaper stand-in a search's evaluation reads).
func (p *Position) Moves(side board.Side) int {
	if p.narrow != nil {
		return p.narrow.Moves(side)
	}
	return p.wide.Moves(side)
}

// ToMove returns the side to move.
func (p *Position) ToMove() board.Side {
	if p.narrow != nil {
		return p.narrow.ToMove()
	}
	return p.wide.ToMove()
}

// Result returns the result a move has set, or board.Ongoing.
func (p *Position) Result() board.Result {
	if p.narrow != nil {
		return p.narrow.Result()
	}
	return p.wide.Result()
}

// Status returns the result a move set, or the end that having no legal
// move brings (the variant's nomoves rules), or board.Ongoing.
func (p *Position) Status() board.Result {
	if p.narrow != nil {
		return p.narrow.Status()
	}
	return p.wide.Status()
}

// Hash returns the position's Zobrist hash: pieces, ghosts, unmoved
// pieces and the side to move.
func (p *Position) Hash() uint64 {
	if p.narrow != nil {
		return p.narrow.Hash()
	}
	return p.wide.Hash()
}

// InCheck reports whether a royal piece of the side to move is capturable.
func (p *Position) InCheck() bool {
	if p.narrow != nil {
		return p.narrow.InCheck()
	}
	return p.wide.InCheck()
}

// Captures reports whether m captures: one of its capt actions falls on a
// square where an opponent piece or ghost stands now.
func (p *Position) Captures(m Move) bool {
	if p.narrow != nil {
		return p.narrow.Captures(m)
	}
	return p.wide.Captures(m)
}

// Mover returns the type of the piece m moves.
func (p *Position) Mover(m Move) int {
	if p.narrow != nil {
		return p.narrow.Mover(m)
	}
	return p.wide.Mover(m)
}

// Victim returns the largest values[t] over the types t of the opponent
// pieces m captures directly (ghosts left out), 0 when none.
func (p *Position) Victim(m Move, values []int) int {
	if p.narrow != nil {
		return p.narrow.Victim(m, values)
	}
	return p.wide.Victim(m, values)
}

// MoveString returns m in UCI form, or for a move that does not take its
// piece elsewhere the from square and each action with its square.
func (p *Position) MoveString(m Move) string {
	if p.narrow != nil {
		return p.narrow.MoveString(m)
	}
	return p.wide.MoveString(m)
}

// Material returns the sum of values[t] over the side to move's pieces, t
// their types, less the same over the opponent's.
func (p *Position) Material(values []int) int {
	if p.narrow != nil {
		return p.narrow.Material(values)
	}
	return p.wide.Material(values)
}

// Mobility counts side's pseudo-legal moves.
func (p *Position) Mobility(side board.Side) int {
	if p.narrow != nil {
		return p.narrow.Mobility(side)
	}
	return p.wide.Mobility(side)
}

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
