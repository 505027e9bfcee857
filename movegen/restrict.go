package movegen

import (
	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
)

// Restricting proxies (docs/language.md § Proxy pieces, Restricted). A
// proxy written "proxy … restrict" has a restrict: line of conditions;
// a piece it holds, directly or not, keeps only the moves at whose
// landing square — the square of the move's last mov or join, its origin
// for a move with neither — every condition holds, tested in the
// position before the move with the held piece as the mover. The filter
// stands in gen.emit, which every generation passes through: the move
// lists of both modes, the attack tests (a move it forbids captures
// nothing, so gives no check) and the incremental keeper's attack
// records. Its tests read through gen.test, so a holder being refreshed
// records what they read; and whether a piece is held by a restricting
// proxy changes only with its holder chain, which listChanges already
// follows for frozen proxies.

// restriction compiles proxy piece pc's restrict: line, for its proxy
// attribute a: conditions only.
func (c *compiler) restriction(pc *lang.Piece, a *lang.Attr) []op {
	if pc.Restrict == nil {
		c.errorf(a.Pos, "piece %s is a restricting proxy (proxy … restrict) without a restrict: line: write the conditions its held pieces' moves must meet, such as restrict: enemy (docs/language.md § Proxy pieces, Restricted)", pc.Name)
		return nil
	}
	var ops []op
	for _, it := range pc.Restrict.Items {
		switch it.(type) {
		case *lang.Simple, *lang.Not, *lang.Named, *lang.PosCond, *lang.SideCond, *lang.Mem:
		default:
			c.restrictNotCondition(pc, it)
			return nil
		}
		o, ok := c.op(it)
		if !ok {
			return nil
		}
		if !o.kind.isCondition() {
			c.restrictNotCondition(pc, it)
			return nil
		}
		ops = append(ops, o)
	}
	return ops
}

// restrictNotCondition reports an item of pc's restrict: line that is no
// condition.
func (c *compiler) restrictNotCondition(pc *lang.Piece, it lang.Item) {
	c.errorf(it.Position(), "piece %s's restrict: line holds conditions only, found %s: the conditions are tested at the held move's landing square; steps, structures and actions have no place there (docs/language.md § Proxy pieces, Restricted)", pc.Name, it)
}

// strayRestrictions rejects a restrict: line on a piece that is no
// restricting proxy: it would restrict nothing.
func (c *compiler) strayRestrictions() {
	for _, pc := range c.file.Pieces {
		if pc.Restrict == nil {
			continue
		}
		restricting := false
		for _, a := range pc.Attrs {
			restricting = restricting || a.Proxy != nil && a.Proxy.Restricted
		}
		if !restricting {
			c.errorf(pc.Restrict.Pos, "piece %s has a restrict: line and is no restricting proxy: write proxy SIDES … restrict in its attributes (docs/language.md § Proxy pieces, Restricted)", pc.Name)
		}
	}
}

// restrictions lists in g.restricts the restrict: lines of the
// restricting proxies that hold piece id, directly or not.
func (g *gen) restrictions(id int32) {
	pos := g.pos
	for h := pos.HeldBy(id); h >= 0; h = pos.HeldBy(h) {
		if t := pos.Pieces[h].Type; int(t) < len(g.prog.proxy) && g.prog.proxy[t].restrict != nil {
			g.restricts = append(g.restricts, g.prog.proxy[t].restrict)
		}
	}
}

// restrictionsHold reports whether the current path meets every
// restriction of g.restricts at its landing square.
func (g *gen) restrictionsHold() bool {
	land := g.landingSquare()
	for _, ops := range g.restricts {
		for i := range ops {
			if o := &ops[i]; g.test(o, land) == o.not {
				return false
			}
		}
	}
	return true
}

// landingSquare returns where the current path leaves the mover: the
// square of its last mov or join (an in … do's marks aside), its origin
// when it has neither.
func (g *gen) landingSquare() board.Square {
	land := g.origin
	for _, r := range g.path {
		n := r.n
		if n.marks {
			continue
		}
		placed := n.at(g.side, int(r.at))
		for i := range n.ops {
			if k := n.ops[i].kind; (k == opMov || k == opJoin) && placed[i] >= 0 {
				land = board.Square(placed[i])
			}
		}
	}
	return land
}
