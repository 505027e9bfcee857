package engine

import (
	"fmt"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: touches (spec.Type.Touch, docs/language.md § Actions: touch).
// A type whose every move ends by touching — Ouk Chatrang's rook, whose
// move takes the first leap from an enemy king on the file or rank it
// ends on — moves as its rides do; after each of its moves play runs
// the touches placed on the square it ends on, each where its filters
// hold on the board the move left, and a touched piece counts as moved.
// A touch changes no square, so generation, attacks and legality never
// read them; AppendActions lists them all, as the interpreter's Actions
// lists a move's in … do actions, and a recording play keeps those that
// ran.

// touchTable is a touching type's touches: per side and square a move
// ends on, the actions, and the squares they may touch (reach), which let
// play skip a move that can touch no unmoved piece.
type touchTable struct {
	acts  [2][][]spec.Act
	reach [2][]set
}

// compileTouch records the types that touch (Rules.touches), refusing a
// touching type that moves otherwise than along its rides, and touches
// that are not marked Touch actions.
func (r *Rules) compileTouch(v *spec.Variant) error {
	for t, ty := range v.Types {
		if ty.Touch.At[0] == nil && ty.Touch.At[1] == nil {
			continue
		}
		if len(ty.Lines) > 0 || len(ty.Hops) > 0 || len(ty.Multis) > 0 || ty.Drop[0] != nil || ty.Drop[1] != nil || ty.Ghost {
			return fmt.Errorf("tier: %s touches and moves otherwise than along its rides", ty.Name)
		}
		for _, ride := range ty.Rides {
			if ride.Promotes {
				return fmt.Errorf("tier: %s touches and promotes", ty.Name)
			}
		}
		if r.touches == nil {
			r.touches = make([]*touchTable, r.ntypes)
		}
		tt := &touchTable{}
		for s := range 2 {
			if len(ty.Touch.At[s]) != r.n {
				return fmt.Errorf("tier: %s's touches are not placed on every square", ty.Name)
			}
			tt.acts[s], tt.reach[s] = make([][]spec.Act, r.n), make([]set, r.n)
			for sq, sc := range ty.Touch.At[s] {
				if sc == nil {
					continue
				}
				if len(sc.Conds) > 0 {
					return fmt.Errorf("tier: %s's touches have conditions of their own", ty.Name)
				}
				for _, a := range sc.Acts {
					if a.Kind != spec.Touch || !a.Marked || int(a.Sq) >= r.n {
						return fmt.Errorf("tier: %s touches with an action other than a marked touch", ty.Name)
					}
					if err := r.checkConds(a.If); err != nil {
						return err
					}
					tt.reach[s][sq] = tt.reach[s][sq].with(int(a.Sq))
				}
				tt.acts[s][sq] = sc.Acts
			}
		}
		r.touches[t] = tt
	}
	return nil
}

// touchAfter runs the touches of the plain move m of side us, just
// played: those of the type now on its target.
func (p *Position) touchAfter(m spec.Move, us board.Side) {
	if p.r.touches == nil {
		return
	}
	to := int(m.To())
	c := p.board[to]
	if c == 0 {
		return
	}
	t, _ := decode(c)
	tt := p.r.touches[t]
	if tt == nil || !p.record && tt.reach[us][to].and(p.unmoved).and(p.occupied()).none() {
		return // nothing it could touch has not moved yet
	}
	ran := true // the last marked square's filters held
	for i := range tt.acts[us][to] {
		a := &tt.acts[us][to][i]
		if !a.WithPrev {
			ran = p.condsHold(a.If, us)
		}
		if !ran {
			continue
		}
		if p.record {
			p.played = append(p.played, *a)
		}
		p.touch(int(a.Sq))
	}
}

// touch makes the piece on sq, if any, count as moved.
func (p *Position) touch(sq int) {
	if p.board[sq] != 0 {
		p.setUnmoved(p.unmoved.without(sq))
	}
}

// appendTouches appends the touches of the plain move m (AppendActions):
// every one placed on its target, as the interpreter lists them.
func (p *Position) appendTouches(dst []spec.Act, m spec.Move) []spec.Act {
	if p.r.touches == nil || m.Drop() >= 0 || m.Chain() >= 0 {
		return dst
	}
	c := p.board[m.From()]
	if c == 0 {
		return dst
	}
	t, s := decode(c)
	if tt := p.r.touches[t]; tt != nil {
		dst = append(dst, tt.acts[s][m.To()]...)
	}
	return dst
}
