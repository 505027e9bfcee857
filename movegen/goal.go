package movegen

import (
	"strconv"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: goals and checks forbidden (docs/language.md § Goals and
// checks). checks forbidden makes every move judged as a move holding a
// nocheck is (rules.go); goal declarations end the game when a side's
// piece stands on its goal squares, as spec.GoalOutcome decides — the
// bitboard tier plays the same rule (tier/internal/engine).

// goals compiles the goal declarations of f, or returns nil when there
// are none: per side the type that reaches the goal (-1: none) and the
// squares of its region, absolute — racing kings' two kings race to the
// same rank 8.
func goals(f *lang.File, byName map[string]int, width, height int) *spec.Goal {
	if len(f.Goals) == 0 {
		return nil
	}
	g := &spec.Goal{Type: [2]int{-1, -1}}
	for _, d := range f.Goals {
		var region []board.Square
		seen := make([]bool, width*height)
		add := func(sq int) {
			if !seen[sq] {
				seen[sq] = true
				region = append(region, board.Square(sq))
			}
		}
		for _, r := range d.Region {
			switch r.Kind {
			case "square":
				add(lang.SquareIndex(r.Name, width, height))
			case "rank":
				y, _ := strconv.Atoi(r.Name) // checked by the parser
				for x := range width {
					add(x + (y-1)*width)
				}
			case "file":
				x := lang.FileIndex(r.Name)
				for y := range height {
					add(x + y*width)
				}
			}
		}
		typ := byName[d.Piece.Name]
		if d.Any {
			typ = goalAnyType
		}
		for s, name := range [2]string{"first", "second"} {
			if d.Side == "" || d.Side == name {
				g.Type[s], g.Region[s] = typ, region
			}
		}
		g.Reply, g.Hold = d.Reply, d.Hold
	}
	return g
}

// goalReached reports whether side s has a piece of its goal type on a
// square of its goal region — count of them, or with full at least one
// while every square of the region holds a piece (goal_terms.go).
func (p *Program) goalReached(pos *board.Position, s board.Side) bool {
	g := p.goal
	if g.Type[s] == -1 {
		return false
	}
	if p.goalTerms != (goalTerms{}) {
		return p.goalCounted(pos, s)
	}
	for _, sq := range g.Region[s] {
		if pc := pos.PieceAt(sq); pc != nil && pc.Side == s && goalType(p.types, g.Type[s], pc) {
			return true
		}
	}
	return false
}

// GoalReached reports whether side s has reached its goal in pos: a
// piece of the type its goal declaration names stands on one of its goal
// squares (docs/language.md § Goals and checks). It is false in a variant
// without goals.
func (p *Program) GoalReached(pos *board.Position, s board.Side) bool {
	return p.goal != nil && p.goalReached(pos, s)
}

// goalResult returns the result the goal rule gives the board's position
// (spec.GoalOutcome). Whether the second player can reply by reaching its
// goal is found by playing its legal moves of its goal type.
func (b *Board) goalResult() board.Result {
	p, pos := b.prog, b.pos
	stm := pos.ToMove
	reached := [2]bool{p.goalReached(pos, board.First), p.goalReached(pos, board.Second)}
	inCheck := func() bool { return p.royal && b.royalCapturable(stm) || p.checkable && b.checkedAny(stm) }
	if p.goalTerms.safe {
		return b.safeGoalOutcome(reached)
	}
	return spec.GoalOutcome(p.goal, stm, reached, inCheck, b.canReachGoal)
}

// canReachGoal reports whether the side to move has a legal move of a
// piece of its goal type after which it has reached its goal.
func (b *Board) canReachGoal() bool {
	stm := b.pos.ToMove
	typ := b.prog.goal.Type[stm]
	// a list of its own (rare: only after the first player's arrival),
	// which keeps the board small
	list := &MoveList{}
	b.Legal(list)
	for _, m := range list.Moves {
		if pc := &b.pos.Pieces[m.Piece]; !goalType(b.prog.types, typ, pc) || pc.Side != stm {
			continue
		}
		mk := b.Make(m)
		ok := b.prog.goalReached(b.pos, stm)
		b.Unmake(mk)
		if ok {
			return true
		}
	}
	return false
}
