package movegen

import (
	"fmt"
	"slices"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: lowering a rider whose every move ends by touching
// (docs/language.md § Actions, touch; § First moves named by file): Ouk
// Chatrang's rook,
//
//	slide {w,a,s,d} empty block mov aim end then enemy capt mov aim
//
// where aim is in … do normals whose only action is touch. Each of its
// moves is a rook's move — the block's a quiet one to the square reached,
// the then clause's a capture — followed by aim placed on the square the
// move ends on, the same in both clauses. So the line lowers to the plain
// Ride of `slide {w,a,s,d} empty mov then enemy capt mov` and, per side
// and square a move ends on, aim's touches there (spec.Type.Touch), which
// the tier runs after every move of the type: the moves, their attacks
// and their legality are a rook's, and only Make reads the touches.

// touchRide lowers line when it has that shape: the ride, the touches
// placed per side and square, and true; false for any other shape.
func (l *lowering) touchRide(line *Line) (spec.Ride, spec.Line, bool, error) {
	var r spec.Ride
	var touch spec.Line
	if len(line.nodes) != 1 {
		return r, touch, false, nil
	}
	s, ok := line.nodes[0].(*slideNode)
	if !ok || !s.final || len(s.cycle) > 0 || s.hasOut || !s.hasThen || len(s.body) != 2 || len(s.then) < 2 {
		return r, touch, false, nil
	}
	step, ok := s.body[0].(*normal)
	if !ok || !hasOps(step, opStep, opEmpty) || step.ops[0].dirs == "" {
		return r, touch, false, nil
	}
	blk, ok := s.body[1].(*blockNode)
	if !ok || len(blk.body) < 2 {
		return r, touch, false, nil
	}
	if n, ok := blk.body[0].(*normal); !ok || !hasOps(n, opMov) {
		return r, touch, false, nil
	}
	if n, ok := s.then[0].(*normal); !ok || !hasOps(n, opEnemy, opCapt, opMov) {
		return r, touch, false, nil
	}
	quietAim, thenAim := blk.body[1:], s.then[1:]
	if !touchesOnly(quietAim) || !touchesOnly(thenAim) {
		return r, touch, false, nil
	}
	r.Capture = true
	for sd := range 2 {
		side := board.Side(sd)
		r.Next[sd] = l.steps(step, side)
		touch.At[sd] = make([]*spec.Script, l.n)
		for sq := range l.n {
			quiet, err := l.place(&Line{nodes: quietAim, Source: line.Source}, side, sq)
			if err != nil {
				return r, touch, false, err
			}
			then, err := l.place(&Line{nodes: thenAim, Source: line.Source}, side, sq)
			if err != nil {
				return r, touch, false, err
			}
			if !sameTouches(quiet, then) {
				return r, touch, false, nil // the two clauses touch differently
			}
			if err := l.count(quiet); err != nil {
				return r, touch, false, err
			}
			touch.At[sd][sq] = quiet
		}
	}
	return r, touch, true, nil
}

// touchesOnly reports whether nodes are in … do normals whose filters
// are conditions of the board and whose only action is touch.
func touchesOnly(nodes []node) bool {
	for _, nd := range nodes {
		n, ok := nd.(*normal)
		if !ok || !n.marks || !plainMarks(n) {
			return false
		}
		for _, o := range n.ops {
			if o.kind.isAction() && o.kind != opTouch {
				return false
			}
		}
	}
	return true
}

// sameTouches reports whether two placed scripts of touches are the same.
func sameTouches(a, b *spec.Script) bool {
	if a == nil || b == nil {
		return a == b
	}
	return slices.EqualFunc(a.Acts, b.Acts, func(x, y spec.Act) bool {
		return x.Kind == y.Kind && x.Sq == y.Sq && x.Marked == y.Marked && x.WithPrev == y.WithPrev && slices.Equal(x.If, y.If)
	}) && len(a.Conds) == 0 && len(b.Conds) == 0
}

// touchLines lowers the lines of a type that touches: each must be a
// touchRide, all with the same touches. It returns the rides and the
// touches, or false when no line of t touches; an error when some do and
// others do not, which the tier would have to tell apart per move.
func (l *lowering) touchLines(t *PieceType) ([]spec.Ride, spec.Line, bool, error) {
	var rides []spec.Ride
	var touch spec.Line
	for i, line := range t.Lines {
		r, tl, ok, err := l.touchRide(line)
		if err != nil {
			return nil, touch, false, fmt.Errorf("line at %s: %w", line.Source, err)
		}
		if !ok {
			if i > 0 {
				return nil, touch, false, fmt.Errorf("line at %s: a line that does not touch beside lines that do", line.Source)
			}
			return nil, touch, false, nil
		}
		if i > 0 && !sameTouchLine(touch, tl) {
			return nil, touch, false, fmt.Errorf("line at %s: lines that touch differently", line.Source)
		}
		rides, touch = append(rides, r), tl
	}
	if len(rides) == 0 {
		return nil, touch, false, nil
	}
	if len(t.Drops) > 0 || len(t.Every) > 0 || len(t.OnDeath) > 0 {
		return nil, touch, false, fmt.Errorf("a type that touches with drop lines or hooks")
	}
	return rides, touch, true, nil
}

// sameTouchLine reports whether two lowered touch lines are the same.
func sameTouchLine(a, b spec.Line) bool {
	for s := range 2 {
		if !slices.EqualFunc(a.At[s], b.At[s], sameTouches) {
			return false
		}
	}
	return true
}
