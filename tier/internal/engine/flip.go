package engine

import (
	"fmt"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: filling the board (spec.FillRules, spec.TypeFlip;
// docs/language.md § Passing and § Actions, flip and outflank): ataxx and
// othello. A move or drop of a type with flips turns, where it lands,
// the enemy pieces of a ring (ataxx's convert: the ring's set and the
// enemy set, one and) or the lines it outflanks (othello: along each of
// the eight rays, the enemy pieces up to the first square that holds
// none, when that square holds a piece of the mover's — the rays' sets
// and the nearest blocker, as a rider's ride finds it). Drops may ask to
// outflank, or to stand next to a piece of the side; while a square of
// drops start is empty drops go only there; drops free never empty the
// hand; the game ends when no square is empty, and with fullboard count
// the side with more pieces wins.

// fillRules are the compiled FillRules and flips.
type fillRules struct {
	spec      *spec.FillRules // nil: no fill rules (flips alone)
	start     set             // drops start's squares
	freeDrops bool
	types     []*typeFlip // per type, nil for none
	// rays[d][sq]: the squares along direction d of the eight from sq,
	// sq left out; up[d]: d runs to higher squares
	rays [8][]set
	up   [8]bool
	// a step along direction d moves a set's squares by delta[d], those
	// of edge[d] (where it leaves the board) left out first
	delta [8]int
	edge  [8]set
	// ring[sq]: the eight squares around sq (an outflanking drop stands
	// next to an enemy piece)
	ring []set
}

// typeFlip is a type's spec.TypeFlip as sets.
type typeFlip struct {
	ring     [2][]set            // per side and landing square
	ringList [2][][]board.Square // the same, in the order the line lists them
	any      bool                // some ring is not empty
	outflank bool
	tests    []dropTest
}

// dropTest is a spec.DropTest as sets.
type dropTest struct {
	on        [2]set
	outflanks bool
	ally      [2][]set // nil: no ally asked
}

// addFill compiles v's fill rules and flips; the types whose drops are
// all tested (ataxx's clone) become drop types here.
func (r *Rules) addFill(v *spec.Variant) error {
	anyFlip := false
	for _, ty := range v.Types {
		anyFlip = anyFlip || ty.Flip != nil
	}
	if v.Fill == nil && !anyFlip {
		return nil
	}
	if r.anyRoyal && anyFlip {
		// a flip changes which side a piece attacks for: the judge's pins
		// and checks would not see it
		return fmt.Errorf("tier: flips in a variant with royal pieces")
	}
	f := &fillRules{spec: v.Fill, types: make([]*typeFlip, r.ntypes)}
	r.fill = f
	if v.Fill != nil {
		f.freeDrops = v.Fill.FreeDrops
		for _, sq := range v.Fill.DropStart {
			if sq < 0 || int(sq) >= r.n {
				return fmt.Errorf("tier: drops start names square %d", sq)
			}
			f.start.add(int(sq))
		}
	}
	w, h := v.Width, v.Height
	f.ring = make([]set, r.n)
	for d, step := range [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		f.rays[d] = make([]set, r.n)
		f.up[d] = step[1] > 0 || step[1] == 0 && step[0] > 0
		f.delta[d] = step[0] + step[1]*w
		for sq := range r.n {
			x, y := sq%w+step[0], sq/w+step[1]
			if x >= 0 && x < w && y >= 0 && y < h {
				f.ring[sq].add(y*w + x)
			} else {
				f.edge[d].add(sq)
			}
			for ; x >= 0 && x < w && y >= 0 && y < h; x, y = x+step[0], y+step[1] {
				f.rays[d][sq].add(y*w + x)
			}
		}
	}
	for t, ty := range v.Types {
		if ty.Flip == nil {
			continue
		}
		if ty.Ghost || ty.Royal {
			return fmt.Errorf("tier: %s, a ghost or royal type, flips", ty.Name)
		}
		tf := &typeFlip{outflank: ty.Flip.Outflank}
		for s := range 2 {
			if rings := ty.Flip.Ring[s]; rings != nil {
				if len(rings) != r.n {
					return fmt.Errorf("tier: the rings of %s on %d squares, not %d", ty.Name, len(rings), r.n)
				}
				tf.ring[s], tf.ringList[s] = make([]set, r.n), rings
				for sq, ring := range rings {
					for _, at := range ring {
						if at < 0 || int(at) >= r.n {
							return fmt.Errorf("tier: a ring of %s names square %d", ty.Name, at)
						}
						tf.ring[s][sq].add(int(at))
						tf.any = true
					}
				}
			}
		}
		for _, dt := range ty.Flip.DropTests {
			var test dropTest
			test.outflanks = dt.Outflanks
			for s := range 2 {
				if dt.On[s] != nil && len(dt.On[s]) != r.n || dt.Ally[s] != nil && len(dt.Ally[s]) != r.n {
					return fmt.Errorf("tier: a drop test of %s not placed on %d squares", ty.Name, r.n)
				}
				for sq, ok := range dt.On[s] {
					if ok {
						test.on[s].add(sq)
					}
				}
				if dt.Ally[s] != nil {
					test.ally[s] = make([]set, r.n)
					for sq, near := range dt.Ally[s] {
						for _, at := range near {
							if at < 0 || int(at) >= r.n {
								return fmt.Errorf("tier: a drop test of %s names square %d", ty.Name, at)
							}
							test.ally[s][sq].add(int(at))
						}
					}
				}
			}
			tf.tests = append(tf.tests, test)
		}
		f.types[t] = tf
		if len(tf.tests) > 0 && !contains(r.dropTypes, t) {
			if ty.LastRoyal || ty.DropPromoted[0] != nil || ty.DropPromoted[1] != nil {
				return fmt.Errorf("tier: %s drops with tests and promoted", ty.Name)
			}
			r.dropTypes = append(r.dropTypes, t)
		}
	}
	return nil
}

// outflanked returns the enemy pieces a piece of side us standing on sq
// outflanks: along each ray, the run of enemy pieces up to the first
// square without one, when that square holds a piece of us (a ghost's
// square, or an empty one, closes nothing).
func (p *Position) outflanked(sq int, us board.Side) set {
	f := p.r.fill
	enemy, mine := p.side[us.Other()], p.side[us]
	var out set
	for d := range f.rays {
		ray := f.rays[d][sq]
		stop := ray.minus(enemy)
		if stop.none() {
			continue
		}
		b := stop.nearest(f.up[d])
		if !mine.has(b) {
			continue
		}
		out = out.or(ray.minus(f.rays[d][b]).without(b))
	}
	return out
}

// outflankers returns the empty squares where a piece of side us would
// outflank a line: per direction, the runs of enemy pieces that start
// next to a piece of us, grown a step at a time, and the empty squares
// one step past them — the classic othello generator, on sets.
func (p *Position) outflankers(us board.Side) set {
	f := p.r.fill
	enemy, mine := p.side[us.Other()], p.side[us]
	empty := p.r.full.minus(p.occupied())
	var out set
	for d := range f.rays {
		step := func(s set) set { return s.minus(f.edge[d]).shift(f.delta[d]) }
		run := step(mine).and(enemy)
		for run.some() {
			out = out.or(step(run).and(empty))
			run = step(run).and(enemy)
		}
	}
	return out
}

// outflanks reports whether a piece of side us on sq would outflank a
// line (spec.Outflanks).
func (p *Position) outflanks(sq int, us board.Side) bool {
	f := p.r.fill
	enemy, mine := p.side[us.Other()], p.side[us]
	if !f.ring[sq].meets(enemy) {
		return false
	}
	for d := range f.rays {
		// the first square along the ray that holds no enemy piece, past
		// at least one that does, holds a piece of us
		ray := f.rays[d][sq]
		if stop := ray.minus(enemy); stop.some() {
			if b := stop.nearest(f.up[d]); mine.has(b) && ray.minus(f.rays[d][b]).without(b).some() {
				return true
			}
		}
	}
	return false
}

// turn turns the enemy pieces on the squares of b to side us, keeping
// their types (and their origins), recording a flip for each.
func (p *Position) turn(b set, us board.Side) {
	for sq := range b.squares {
		t, _ := decode(p.board[sq])
		o := p.origin[sq]
		p.setPiece(sq, code(t, us))
		p.setOrigin(sq, o)
		if p.record {
			p.played = append(p.played, spec.Act{Kind: spec.Flip, Sq: board.Square(sq)})
		}
	}
}

// flipAt plays a script's flip on sq (spec.Flip) for side us.
func (p *Position) flipAt(sq int, us board.Side) {
	if p.side[us.Other()].has(sq) {
		t, _ := decode(p.board[sq])
		o := p.origin[sq]
		p.setPiece(sq, code(t, us))
		p.setOrigin(sq, o)
	}
}

// outflankAt plays a script's outflank on sq (spec.Outflank) for side us.
func (p *Position) outflankAt(sq int, us board.Side) {
	for at := range p.outflanked(sq, us).squares {
		p.flipAt(at, us)
	}
}

// lander returns the flips of the piece m moves or drops, nil for none:
// read before m is played.
func (p *Position) lander(m spec.Move) *typeFlip {
	if p.r.fill == nil || m.Chain() >= 0 || m.IsPass() {
		return nil
	}
	t := m.Drop()
	if t < 0 {
		c := p.board[m.From()]
		if c == 0 {
			return nil
		}
		t, _ = decode(c)
	}
	return p.r.fill.types[t]
}

// land plays the flips tf of a piece of side us that has landed on to.
func (p *Position) land(tf *typeFlip, to int, us board.Side) {
	if tf.any {
		p.turn(tf.ring[us][to].and(p.side[us.Other()]), us)
	}
	if tf.outflank {
		p.turn(p.outflanked(to, us), us)
	}
}

// appendLanding appends to dst the flips m plays where it lands, as the
// interpreter's actions list them: a flip on each square of the ring,
// an outflank on the landing square.
func (p *Position) appendLanding(dst []spec.Act, m spec.Move) []spec.Act {
	tf := p.lander(m)
	if tf == nil {
		return dst
	}
	to := m.To()
	if tf.any {
		for _, sq := range tf.ringList[p.toMove][to] {
			dst = append(dst, spec.Act{Kind: spec.Flip, Sq: sq})
		}
	}
	if tf.outflank {
		dst = append(dst, spec.Act{Kind: spec.Outflank, Sq: to})
	}
	return dst
}

// testedDrops returns to, the squares a piece of type t in us's hand may
// be dropped on (showing its promoted face, when promoted), with the
// empty squares its drop tests let it go to, and narrowed to drops
// start's empty squares while there are some; occ is the occupied
// squares.
func (p *Position) testedDrops(t int, promoted bool, us board.Side, occ, to set) set {
	f := p.r.fill
	if tf := f.types[t]; tf != nil && !promoted {
		mine := p.side[us]
		var outs set // where a drop outflanks, found once
		found := false
		for i := range tf.tests {
			dt := &tf.tests[i]
			cand := dt.on[us].minus(occ).minus(to)
			if dt.outflanks {
				if !found {
					outs, found = p.outflankers(us), true
				}
				cand = cand.and(outs)
			}
			if dt.ally[us] == nil {
				to = to.or(cand)
				continue
			}
			for sq := range cand.squares {
				if dt.ally[us][sq].meets(mine) {
					to.add(sq)
				}
			}
		}
	}
	if open := f.start.minus(occ); open.some() {
		to = to.and(open)
	}
	return to
}

// fillEnd decides, after a move, a game under fullboard R whose board
// the move left full.
func (p *Position) fillEnd() {
	f := p.r.fill
	if f == nil || f.spec == nil || p.result != board.Ongoing {
		return
	}
	if f.spec.FullBoard == board.Ongoing && !f.spec.Count || p.occupied() != p.r.full {
		return
	}
	if f.spec.Count {
		p.setResult(p.counted())
		return
	}
	switch f.spec.FullBoard {
	case board.FirstWins:
		p.setResult(board.WinFor(p.toMove))
	case board.SecondWins:
		p.setResult(board.WinFor(p.toMove.Other()))
	default:
		p.setResult(f.spec.FullBoard)
	}
}

// counted is the result of a game counted (fullboard count): the side
// with more pieces on the board wins, as many draw; without count a
// draw.
func (p *Position) counted() board.Result {
	if f := p.r.fill; f == nil || f.spec == nil || !f.spec.Count {
		return board.Draw
	}
	switch a, b := p.side[board.First].count(), p.side[board.Second].count(); {
	case a > b:
		return board.WinFor(board.First)
	case b > a:
		return board.WinFor(board.Second)
	}
	return board.Draw
}
