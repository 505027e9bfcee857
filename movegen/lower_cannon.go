package movegen

import (
	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: the screens of cannons on the tier (lower.go's cannon). A
// cannon's then clause may test its screen further than "piece" —
// janggi's `not is cannon`: no cannon jumps a cannon — and the slide
// beyond the screen may move to its empty squares as well as capture
// beyond them (janggi's `slide dir empty then not is cannon slide dir
// mover then cannoncapt`, docs/language.md § Which lines run on the
// bitboard tier). Each becomes hops: per distance beyond the screen, one
// that captures there (cannonScript) and, when the slide moves, one that
// moves there, every square up to it empty.

// screenTests reports whether the cannon's then clause at its screen is
// a normal of conditions of that square alone, which the tier tests
// there: piece, empty, enemy, ally, unmoved, is and has, maybe negated.
func screenTests(n *normal) bool {
	if n.marks || len(n.ops) == 0 {
		return false
	}
	for i := range n.ops {
		switch n.ops[i].kind {
		case opPiece, opEmpty, opEnemy, opAlly, opUnmoved, opIs, opHas:
		default:
			return false
		}
	}
	return true
}

// screenScript starts a cannon's script at its screen on hurdle: a piece
// there, and the screen's conditions.
func (l *lowering) screenScript(screen *normal, hurdle int) (*spec.Script, error) {
	sc := &spec.Script{Conds: []spec.Cond{{Kind: spec.Piece, Sq: board.Square(hurdle)}}}
	for i := range screen.ops {
		c, err := l.condition(&screen.ops[i], board.Square(hurdle))
		if err != nil {
			return nil, err
		}
		sc.Conds = append(sc.Conds, c)
	}
	return sc, nil
}

// screenQuiet returns the hop of a cannon's quiet moves d squares beyond
// its screen: the screen's conditions, the d squares on the ray beyond
// it (rays, per side and hurdle) empty, and a move to the last.
func (l *lowering) screenQuiet(screen, body *normal, rays [2][][]int, d int) (spec.Hop, error) {
	return l.hopAt(body, rays, d, func(_ board.Side, at int, ray []int) (*spec.Script, error) {
		sc, err := l.screenScript(screen, at)
		if err != nil {
			return nil, err
		}
		for _, sq := range ray {
			sc.Conds = append(sc.Conds, spec.Cond{Kind: spec.Empty, Sq: board.Square(sq)})
		}
		sc.Acts = []spec.Act{{Kind: spec.Mov, Sq: board.Square(ray[d-1])}}
		return sc, nil
	})
}

// hopAt returns the hop of the scripts a cannon's slide plays d squares
// beyond its hurdle: body's steps, and per side and hurdle square whose
// ray beyond (rays) is that long, script's answer for the ray's first d
// squares (nil: none there), counted against the budgets.
func (l *lowering) hopAt(body *normal, rays [2][][]int, d int, script func(side board.Side, at int, ray []int) (*spec.Script, error)) (spec.Hop, error) {
	if l.cells += 2 * l.n; l.cells > maxTierCells {
		return spec.Hop{}, errTooLarge
	}
	var h spec.Hop
	for side := range 2 {
		h.Next[side] = l.steps(body, board.Side(side))
		h.Then.At[side] = make([]*spec.Script, l.n)
		for at := range l.n {
			ray := rays[side][at]
			if len(ray) < d {
				continue
			}
			sc, err := script(board.Side(side), at, ray[:d])
			if err != nil {
				return spec.Hop{}, err
			}
			if sc != nil {
				if err := l.count(sc); err != nil {
					return spec.Hop{}, err
				}
			}
			h.Then.At[side][at] = sc
		}
	}
	return h, nil
}
