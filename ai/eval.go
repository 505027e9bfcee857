package ai

import (
	"fmt"
	"strings"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/movegen"
)

// EvaluatorOf scores a position of a game G from the side to move's point
// of view, in centipawns. It may generate moves but must leave the
// position as it found it.
type EvaluatorOf[G any] interface {
	Evaluate(g G) int
}

// Evaluator scores boards of the language.
type Evaluator = EvaluatorOf[*movegen.Board]

// MobilityWeight is what one more pseudo-legal move is worth to Material.
const MobilityWeight = 4

// MaterialOf is the default evaluator: the material balance plus
// MobilityWeight per pseudo-legal move more than the opponent has, both
// read through the game's Features.
type MaterialOf[G Features] struct {
	Values []int // per piece type, in centipawns
}

// Material is the default evaluator of language boards.
type Material = MaterialOf[*movegen.Board]

// NewMaterial returns the evaluator for a program: declared values, and
// estimates for the types that declare none.
func NewMaterial(p *movegen.Program) *Material {
	m := &Material{Values: make([]int, len(p.Types()))}
	for i, t := range p.Types() {
		switch {
		case t.HasValue:
			m.Values[i] = t.Value
		case t.Royal || t.Ghost:
			m.Values[i] = 0 // never traded: its loss is the game's end, or nothing
		default:
			m.Values[i] = estimate(p, i)
		}
	}
	return m
}

// estimate values a type at 100 centipawns plus 35 per move it has on
// average alone on the empty board: a knight about 280, a rook about 590.
func estimate(p *movegen.Program, t int) int {
	ranks := make([]string, p.Height)
	for i := range ranks {
		ranks[i] = fmt.Sprint(p.Width)
	}
	b, err := p.NewBoard(strings.Join(ranks, "/") + " w - - 0 1")
	if err != nil {
		return 100
	}
	b.SetMode(movegen.Full) // the position is edited directly below
	pos := b.Position()
	id := pos.NewPiece(t, board.First, true)
	total := 0
	for sq := board.Square(0); int(sq) < pos.Squares(); sq++ {
		mk := pos.Mark()
		pos.Place(id, sq)
		total += b.Mobility(board.First)
		pos.Undo(mk)
	}
	return 100 + 35*total/pos.Squares()
}

// Evaluate implements EvaluatorOf.
func (m *MaterialOf[G]) Evaluate(g G) int {
	us := g.ToMove()
	return g.Material(m.Values) + MobilityWeight*(g.Mobility(us)-g.Mobility(us.Other()))
}
