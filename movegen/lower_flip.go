package movegen

import (
	"fmt"
	"slices"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: lowering board-filling games (docs/language.md § Passing, §
// Actions: flip and outflank; docs/architecture.md § The bitboard tier).
// The fill rules — fullboard, drops start, drops free — and the pass
// rule go to the tier as rules of the variant. A type whose every move
// and drop ends with the same flips where it lands — an in … do of enemy
// flip around the square of its last mov or its drop (ataxx's convert),
// or an outflank there (othello) — keeps its lines as plain leaps and
// plain drops, and those flips become the type's (spec.TypeFlip), played
// with the tier's sets. A drop line may also ask that the piece outflank
// (outflanks), or, as its last node, an opt whose branches each step to a
// square and ask for a piece of the side there (ataxx's clone), which
// become the type's drop tests.

// fillRules lowers the variant's fill rules into v (its pass rule:
// lowerFacingPass).
func (p *Program) fillRules(v *spec.Variant) {
	if p.flips || p.fullBoard != board.Ongoing || p.fullCount || len(p.dropStart) > 0 || p.variant.FreeDrops {
		v.Fill = &spec.FillRules{FullBoard: p.fullBoard, Count: p.fullCount, DropStart: p.dropStart, FreeDrops: p.variant.FreeDrops}
	}
}

// landing is what a placed script does where it lands: the ring of
// squares whose enemy pieces it flips, in its order, and whether it
// outflanks there.
type landing struct {
	ring     []board.Square
	outflank bool
}

// landings collects, per side and landing square, a type's landings,
// which must agree where two scripts land on one square.
type landings struct {
	at          [2][]*landing
	any         bool // some landing flips
	count       int  // the landings recorded
	outflanking int  // those that outflank
}

// add records that a script of side s lands on sq doing ld.
func (ls *landings) add(n int, s board.Side, sq board.Square, ld landing) error {
	if ls.at[s] == nil {
		ls.at[s] = make([]*landing, n)
	}
	if old := ls.at[s][sq]; old != nil {
		if old.outflank != ld.outflank || !slices.Equal(old.ring, ld.ring) {
			return fmt.Errorf("lines of one type that flip differently where they land")
		}
		return nil
	}
	ls.at[s][sq] = &ld
	ls.any = ls.any || ld.outflank || len(ld.ring) > 0
	ls.count++
	if ld.outflank {
		ls.outflanking++
	}
	return nil
}

// flip returns the type's flips as the tier takes them, or why not.
func (ls *landings) flip(n int) (*spec.TypeFlip, error) {
	if ls.outflanking != 0 && ls.outflanking != ls.count {
		return nil, fmt.Errorf("lines of one type of which some outflank and others not")
	}
	f := &spec.TypeFlip{Outflank: ls.outflanking > 0}
	for s := range 2 {
		if ls.at[s] == nil {
			continue
		}
		f.Ring[s] = make([][]board.Square, n)
		for sq, ld := range ls.at[s] {
			if ld != nil {
				f.Ring[s][sq] = ld.ring
			}
		}
	}
	return f, nil
}

// splitLanding splits a placed script's actions at its landing — the
// last mov, or the drop's spawn at index 0 — into the actions up to it
// and what it does there after: marked flips whose only filters ask for
// an enemy piece on their square (a flip turns nothing else), and an
// outflank on the landing square. ok is false when the actions after the
// landing are others, or a flip or outflank comes before it.
func splitLanding(acts []spec.Act, drop bool) (base []spec.Act, to board.Square, ld landing, ok bool) {
	at := -1
	if drop {
		at = 0
	} else {
		for i, a := range acts {
			if a.Kind == spec.Mov {
				at = i
			}
		}
	}
	if at < 0 {
		return nil, 0, ld, !slices.ContainsFunc(acts, flips)
	}
	to = acts[at].Sq
	if slices.ContainsFunc(acts[:at], flips) {
		return nil, 0, ld, false
	}
	for _, a := range acts[at+1:] {
		switch {
		case a.Kind == spec.Flip && a.Marked && !a.WithPrev && enemyFilter(a):
			ld.ring = append(ld.ring, a.Sq)
		case a.Kind == spec.Outflank && !a.Marked && a.Sq == to && !ld.outflank:
			ld.outflank = true
		default:
			return nil, 0, ld, false
		}
	}
	return acts[:at+1], to, ld, true
}

// flips reports whether an action flips.
func flips(a spec.Act) bool { return a.Kind == spec.Flip || a.Kind == spec.Outflank }

// enemyFilter reports whether a marked action's filters only ask for an
// enemy piece on its square, which a flip asks anyway.
func enemyFilter(a spec.Act) bool {
	for _, c := range a.If {
		if c.Kind != spec.Enemy || c.Not || c.Sq != a.Sq {
			return false
		}
	}
	return true
}

// fillDrops lowers a type's drop lines in a variant with flips or fill
// rules (drops, which it replaces there): each line, placed on every
// square, is the drop, an empty square asked, maybe an outflanks test
// there, maybe the landing's flips, and maybe, last, an opt of ally
// tests. Lines that test nothing more than the empty square go to
// ty.Drop, the others to the type's drop tests; the flips to ls.
func (l *lowering) fillDrops(t *PieceType, ty *spec.Type, ls *landings) error {
	ty.DropFace = -1
	var tests []spec.DropTest
	for _, line := range t.Drops {
		nodes := line.nodes
		var opt *optNode
		if k := len(nodes) - 1; k >= 0 {
			if o, ok := nodes[k].(*optNode); ok {
				opt, nodes = o, nodes[:k]
			}
		}
		if err := fillNodes(nodes); err != nil {
			return fmt.Errorf("drop line at %s: %w", line.Source, err)
		}
		allyAt, err := allyBranches(opt)
		if err != nil {
			return fmt.Errorf("drop line at %s: %w", line.Source, err)
		}
		bare := *line
		bare.nodes = nodes
		test := spec.DropTest{}
		tested := opt != nil
		for s := range 2 {
			side := board.Side(s)
			for sq := range l.n {
				sc, err := l.place(&bare, side, sq)
				if err != nil {
					return fmt.Errorf("drop line at %s: %w", line.Source, err)
				}
				if sc == nil {
					continue
				}
				var near []board.Square
				if opt != nil {
					var ok bool
					if near, ok = allySquares(nodes, opt, allyAt, side, sq); !ok {
						continue // no branch stays on the board
					}
				}
				outflanks, ok := dropConds(sc.Conds, sq)
				if !ok {
					return fmt.Errorf("drop line at %s: a drop line that asks more than an empty square and outflanks", line.Source)
				}
				tested = tested || outflanks
				test.Outflanks = test.Outflanks || outflanks
				acts, to, ld, ok := splitLanding(sc.Acts, true)
				if !ok || len(acts) != 1 || acts[0].Kind != spec.Spawn || int(to) != sq || acts[0].Type != t.Index {
					return fmt.Errorf("drop line at %s: a drop line whose actions are more than the drop and its flips", line.Source)
				}
				if err := ls.add(l.n, side, to, ld); err != nil {
					return fmt.Errorf("drop line at %s: %w", line.Source, err)
				}
				if test.On[s] == nil {
					test.On[s] = make([]bool, l.n)
				}
				test.On[s][sq] = true
				if opt != nil {
					if test.Ally[s] == nil {
						test.Ally[s] = make([][]board.Square, l.n)
					}
					test.Ally[s][sq] = near
				}
			}
		}
		if !tested {
			// an empty square is all it asks: plain drops
			for s := range 2 {
				if test.On[s] == nil {
					continue
				}
				if ty.Drop[s] == nil {
					ty.Drop[s] = make([]bool, l.n)
				}
				for sq, on := range test.On[s] {
					ty.Drop[s][sq] = ty.Drop[s][sq] || on
				}
			}
			continue
		}
		if test.Outflanks && opt != nil {
			return fmt.Errorf("drop line at %s: a drop line with outflanks and an opt", line.Source)
		}
		// (a line's outflanks test, on the square dropped on, is placed
		// on every square the line is: dropConds refuses it elsewhere)
		tests = append(tests, test)
	}
	if len(tests) > 0 {
		ty.Flip = &spec.TypeFlip{DropTests: tests}
	}
	return nil
}

// fillNodes reports why nodes are not a drop line fillDrops lowers: a
// chain (chainNodes) of plain normals, which may test outflanks.
func fillNodes(nodes []node) error {
	for _, nd := range nodes {
		n, ok := nd.(*normal)
		if !ok || n.marks {
			if err := chainNodes([]node{nd}); err != nil {
				return err
			}
			continue
		}
		if why := unlowered(n); why != "" {
			return fmt.Errorf("%s", why)
		}
		for _, o := range n.ops {
			switch k := o.kind; {
			case k == opStep, k.isAction(), k == opOutflanks:
			case k == opEmpty, k == opEnemy, k == opAlly, k == opPiece, k == opUnmoved, k == opIs, k == opHas, k == opPos:
			default:
				return fmt.Errorf("a normal with memory, onfile or generation-time effects")
			}
		}
	}
	return nil
}

// dropConds reports whether a placed drop's conditions ask its square
// sq to be empty, and only that and maybe that a piece there outflank,
// and whether they ask that.
func dropConds(conds []spec.Cond, sq int) (outflanks, ok bool) {
	empty := false
	for _, c := range conds {
		switch {
		case int(c.Sq) != sq || c.Not:
			return false, false
		case c.Kind == spec.Outflanks:
			outflanks = true
		case c.Kind == spec.Empty:
			empty = true
		default:
			return false, false
		}
	}
	return outflanks, empty
}

// allyBranches checks that each branch of a drop line's last opt is one
// normal of steps and one ally test, and returns the index of that test
// in each branch's ops (nil for no opt).
func allyBranches(opt *optNode) ([]int, error) {
	if opt == nil {
		return nil, nil
	}
	var at []int
	for _, br := range opt.branches {
		if len(br) != 1 {
			return nil, fmt.Errorf("an opt whose branches are not one normal of steps and an ally test")
		}
		n, ok := br[0].(*normal)
		if !ok || n.marks {
			return nil, fmt.Errorf("an opt whose branches are not one normal of steps and an ally test")
		}
		ally := -1
		for i, o := range n.ops {
			switch {
			case o.kind == opStep:
			case o.kind == opAlly && !o.not && ally < 0:
				ally = i
			default:
				return nil, fmt.Errorf("an opt whose branches are not one normal of steps and an ally test")
			}
		}
		if ally < 0 {
			return nil, fmt.Errorf("an opt whose branches are not one normal of steps and an ally test")
		}
		at = append(at, ally)
	}
	return at, nil
}

// allySquares returns the squares a drop line's last opt asks one of to
// hold a piece of side, the line placed on sq (its nodes before the opt
// given), or false when every branch leaves the board.
func allySquares(nodes []node, opt *optNode, allyAt []int, side board.Side, sq int) ([]board.Square, bool) {
	cur := sq
	for _, nd := range nodes {
		if n := nd.(*normal); !n.marks { // an in … do leaves the cursor where it was
			if cur = int(n.end[side][cur]); cur < 0 {
				return nil, false
			}
		}
	}
	var near []board.Square
	for b, br := range opt.branches {
		placed := br[0].(*normal).at(side, cur)
		if slices.ContainsFunc(placed[:allyAt[b]+1], func(at int16) bool { return at < 0 }) {
			continue
		}
		if at := board.Square(placed[allyAt[b]]); !slices.Contains(near, at) {
			near = append(near, at)
		}
	}
	return near, len(near) > 0
}

// fillTypes strips from the lowered types' move lines the flips where
// they land, when each type's lines and drops all agree on them (drops,
// the landings fillDrops found, per type), and makes them the type's.
// A type whose lines flip otherwise keeps them in its scripts, played
// action by action — unless its drops flip, which the tier's drops do
// only as the type's.
func (l *lowering) fillTypes(v *spec.Variant, drops []*landings) error {
	for t := range v.Types {
		ty := &v.Types[t]
		ls := drops[t]
		if ls == nil {
			ls = &landings{}
		}
		dropFlips, clean := ls.any, true
		for _, line := range ty.Lines {
			for s := range 2 {
				for _, sc := range line.At[s] {
					if sc == nil {
						continue
					}
					_, to, ld, ok := splitLanding(sc.Acts, false)
					if !ok || !slices.ContainsFunc(sc.Acts, func(a spec.Act) bool { return a.Kind == spec.Mov }) {
						clean = false // (a line that lands nowhere flips nothing where it lands)
						continue
					}
					if ls.add(l.n, board.Side(s), to, ld) != nil {
						clean = false
					}
				}
			}
		}
		switch {
		case !ls.any:
			continue // nothing flips where it lands
		case !clean && dropFlips:
			return fmt.Errorf("%s: drops that flip beside lines that flip otherwise", ty.Name)
		case !clean:
			continue // the flips stay actions of the lines' scripts
		case len(ty.Rides) > 0 || len(ty.Hops) > 0 || len(ty.Multis) > 0:
			return fmt.Errorf("%s: rides, hops or multis of a type that flips where it lands", ty.Name)
		}
		f, err := ls.flip(l.n)
		if err != nil {
			return fmt.Errorf("%s: %w", ty.Name, err)
		}
		if ty.Flip != nil {
			f.DropTests = ty.Flip.DropTests
		}
		ty.Flip = f
		for i := range ty.Lines {
			for s := range 2 {
				for sq, sc := range ty.Lines[i].At[s] {
					if sc != nil {
						base, _, _, _ := splitLanding(sc.Acts, false)
						ty.Lines[i].At[s][sq] = &spec.Script{Conds: sc.Conds, Acts: slices.Clone(base)}
					}
				}
			}
		}
	}
	return nil
}
