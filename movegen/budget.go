package movegen

import (
	"errors"
	"fmt"

	"github.com/alfil-go/alfil/lang"
)

// Budgets bound the work a variant file can make the generator do, so that
// no file, position or move hangs the library or exhausts its memory:
// docs/language.md (section "Limits") lists them with their error texts.
// The static ones are checked when a variant is compiled and reported as
// positioned errors; the dynamic ones are counted while moves are
// generated and played, and exceeding one stops the work and leaves a
// [*BudgetError] in [Board.Err]. A zero field means its default; the
// defaults are generous enough for every shipped variant to run far from
// them.
type Budgets struct {
	// LineSteps bounds the steps (a normal placed, a structure entered, a
	// multi sub-move offered) of one move line generated for one piece.
	LineSteps int
	// PositionSteps bounds the steps of one call of Legal, Pseudo, Status,
	// InCheck, Mobility or Make, legality tests and hooks included.
	PositionSteps int
	// Depth bounds how deeply the generator nests: each normal, slide
	// iteration and multi sub-move of a partial move is one level, so this
	// bounds the length of a partial move and the stack it needs.
	Depth int
	// SlideIterations bounds the iterations of one slide whose body never
	// fails nor leaves the board, as a multiple of the board's squares
	// (plus 64).
	SlideIterations int
	// HookRuns bounds the hooks (every and onDeath, nested ones included)
	// run while one move is played; HookDepth bounds hooks started from
	// inside hooks.
	HookRuns, HookDepth int
	// Placements bounds the compiled program's placement tables: the
	// squares of every op of every normal, for both sides and every start
	// square (two bytes each).
	Placements int
}

// DefaultBudgets are the budgets a zero field stands for.
var DefaultBudgets = Budgets{
	LineSteps:       1 << 20,
	PositionSteps:   1 << 25,
	Depth:           1 << 15,
	SlideIterations: 4,
	HookRuns:        1 << 12,
	HookDepth:       32,
	Placements:      1 << 25,
}

// withDefaults fills the zero fields.
func (b Budgets) withDefaults() Budgets {
	d := DefaultBudgets
	for _, f := range []struct{ v, def *int }{
		{&b.LineSteps, &d.LineSteps}, {&b.PositionSteps, &d.PositionSteps}, {&b.Depth, &d.Depth},
		{&b.SlideIterations, &d.SlideIterations}, {&b.HookRuns, &d.HookRuns},
		{&b.HookDepth, &d.HookDepth}, {&b.Placements, &d.Placements},
	} {
		if *f.v <= 0 {
			*f.v = *f.def
		}
	}
	return b
}

// WithBudgets compiles a variant with other budgets than DefaultBudgets
// (zero fields keep their defaults): tighter ones for fuzzing or a server
// that must answer quickly, looser ones for a variant known to be heavy.
func WithBudgets(b Budgets) Option { return func(o *options) { o.budgets = b } }

// ErrBudget is what every BudgetError matches with errors.Is.
var ErrBudget = errors.New("generation budget exceeded")

// BudgetError reports that generating or playing moves went past one of
// the [Budgets]. Source is the move line (or hook) that was running.
type BudgetError struct {
	Budget string // which budget: "steps of one line", "nesting depth", …
	Limit  int
	Piece  string // the piece type whose line was running
	Source lang.Position
}

func (e *BudgetError) Error() string {
	if e.Piece == "" { // not a line's budget
		return fmt.Sprintf("generation budget exceeded: more than %d %s", e.Limit, e.Budget)
	}
	return fmt.Sprintf("%s: generation budget exceeded: more than %d %s (piece %s)", e.Source, e.Limit, e.Budget, e.Piece)
}

// Is makes errors.Is(err, ErrBudget) true.
func (e *BudgetError) Is(target error) bool { return target == ErrBudget }

// Err returns the budget error that stopped generation on this board, or
// nil. Once it is set the board generates no moves (Legal and Pseudo leave
// their list empty, Perft counts 0): the position needs more work than the
// budgets allow, and a partial answer would be a wrong one. Unmake still
// takes moves back; make a new board (or Clone one) to go on.
func (b *Board) Err() error {
	if b.err == nil {
		return nil
	}
	return b.err
}

// exceeded records a budget error for the line g is running and stops g.
func (g *gen) exceeded(budget string, limit int) {
	g.b.budgetError(budget, limit, g.line, g.pos.Pieces[g.mover].Type)
	g.abort = true
}

// budgetError records the first budget error: the budget, its limit, and
// the line of piece type typ that was running.
func (b *Board) budgetError(budget string, limit int, l *Line, typ int16) {
	if b.err != nil {
		return
	}
	e := &BudgetError{Budget: budget, Limit: limit}
	if l != nil {
		e.Source = l.Source
	}
	if typ >= 0 && int(typ) < len(b.prog.types) {
		e.Piece = b.prog.types[typ].Name
	}
	b.err = e
}

// begin starts a top-level operation (Legal, Make, …): its step count
// starts from zero. Nested calls (a legality test inside Legal, a hook
// inside Make) count with the operation that started them.
func (b *Board) begin() {
	if b.depth == 0 && b.level == 0 {
		b.steps = 0
		b.hookRuns = 0
	}
}
