package movegen

import (
	"slices"
	"strings"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
)

// Proxy pieces (docs/language.md § Proxy pieces). A proxy holds one piece
// on its square, which may hold one in turn: the board keeps the chain
// (board/stack.go) and names the stack's top on the square, so every
// condition that looks at a square sees the top. Here: the proxy types'
// rules, which pieces are frozen, where a join lands (room), and the
// actions that act on stacks.

// proxyRule is what movegen needs of a proxy type beyond what the board
// keeps (board.Proxy).
type proxyRule struct {
	frozen bool // what it holds has no moves and captures nothing
	// restrict, for a restricting proxy, is its restrict: line: what it
	// holds keeps the moves that meet it (restrict.go)
	restrict []op
	priority int // of two proxies that could hold each other, the higher ends outside
}

// proxyTypes reads the proxy attributes of the file's pieces into v and
// the program, once every type is declared (an admit list names types
// declared later), and rejects the rules proxies do not mix with.
func (c *compiler) proxyTypes(v *board.Variant) {
	p := c.prog
	var first lang.Pos // the first proxy attribute, where rule-wide errors point
	for i, pc := range c.file.Pieces {
		for _, a := range pc.Attrs {
			if a.Proxy == nil {
				continue
			}
			t := p.types[i]
			if t.Ghost || t.Wall {
				c.errorf(a.Pos, "piece %s is a proxy and a %s: a proxy holds pieces on its square, which a ghost or wall has not", pc.Name, map[bool]string{true: "ghost", false: "wall"}[t.Ghost])
				continue
			}
			r := board.Proxy{Admit: make([]bool, len(c.file.Pieces)), Leaves: a.Proxy.Leave,
				Ally: a.Proxy.Sides != "enemy", Enemy: a.Proxy.Sides != "ally"}
			if a.Proxy.Admit == nil {
				for k := range r.Admit {
					r.Admit[k] = !p.types[k].Ghost && !p.types[k].Wall
				}
			}
			for _, n := range a.Proxy.Admit {
				k, ok := p.byName[n.Name]
				switch {
				case !ok:
					c.errorf(n.Pos, "proxy admits unknown piece %q", n.Name)
				case p.types[k].Ghost || p.types[k].Wall:
					c.errorf(n.Pos, "proxy admits %s, a ghost or wall, which no stack holds", n.Name)
				default:
					r.Admit[k] = true
				}
			}
			for len(v.Proxies) <= i {
				v.Proxies = append(v.Proxies, board.Proxy{})
			}
			v.Proxies[i] = r
			for len(p.proxy) <= i {
				p.proxy = append(p.proxy, proxyRule{})
			}
			p.proxy[i] = proxyRule{frozen: a.Proxy.Frozen, priority: a.Proxy.Priority}
			if a.Proxy.Restricted {
				p.proxy[i].restrict = c.restriction(pc, a)
			}
			if !p.proxies {
				first = a.Pos
			}
			p.proxies = true
		}
	}
	c.strayRestrictions()
	for i, pc := range c.file.Pieces {
		if hooks := append(slices.Clone(pc.OnHold), pc.OnRelease...); len(hooks) > 0 {
			if !v.IsProxy(i) {
				c.errorf(hooks[0].Pos, "piece %s has onHold or onRelease hooks, and is no proxy: only a proxy holds pieces", pc.Name)
			}
			p.proxyHooks = true
		}
	}
	if !p.proxies {
		// the words of stacks mean nothing without a proxy type
		for _, pc := range c.file.Pieces {
			lines := slices.Concat(pc.Moves, pc.OnDeath, pc.Drops, pc.Gates)
			for _, e := range pc.Every {
				lines = append(lines, e.Line)
			}
			for _, l := range lines {
				lang.Walk(l.Items, func(it lang.Item) {
					switch n := it.(type) {
					case *lang.Simple:
						if n.Op == "room" || n.Op == "join" || n.Op == "holding" || n.Op == "held" {
							c.errorf(n.Pos, "%s needs a proxy type: no piece of this variant holds another (docs/language.md § Proxy pieces)", n.Op)
						}
					case *lang.Named:
						if n.Op == "heldby" || n.Op == "holds" {
							c.errorf(n.Pos, "%s needs a proxy type: no piece of this variant holds another (docs/language.md § Proxy pieces)", n.Op)
						}
					}
				})
			}
		}
		return
	}
	// what stacks do not mix with (docs/language.md § Proxy pieces,
	// Restrictions): each rule assumes one piece per square
	f := c.file
	reject := func(pos lang.Pos, what string) {
		c.errorf(pos, "%s does not mix with proxy pieces: it assumes one piece per square (docs/language.md § Proxy pieces, Restrictions)", what)
	}
	for i, pc := range f.Pieces {
		t := p.types[i]
		// pick and put move one piece by hand: a lifted stack would
		// come apart
		lines := slices.Concat(pc.Moves, pc.OnDeath, pc.OnHold, pc.OnRelease)
		for _, e := range pc.Every {
			lines = append(lines, e.Line)
		}
		for _, l := range lines {
			lang.Walk(l.Items, func(it lang.Item) {
				if n, ok := it.(*lang.Simple); ok && (n.Op == "pick" || n.Op == "put" || n.Op == "pickcapt") {
					reject(n.Pos, n.Op)
				}
			})
		}
		switch {
		case len(pc.Drops) > 0:
			reject(pc.Pos, "piece "+pc.Name+"'s drop lines")
		case len(pc.Gates) > 0:
			reject(pc.Pos, "piece "+pc.Name+"'s gate lines")
		case t.Steadfast:
			reject(pc.Pos, "piece "+pc.Name+"'s steadfast")
		}
	}
	if p.toHand {
		reject(first, "captures hand")
	}
	if p.forced {
		reject(first, "captures forced")
	}
	if p.facing != nil {
		reject(first, "the facing rule")
	}
	if p.connect != nil {
		reject(first, "the connect rule")
	}
	if v.Castling {
		reject(first, "castling")
	}
	if p.flips {
		reject(first, "flip and outflank")
	}
	if c.file.Groups {
		reject(first, "groups (multi-square pieces)")
	}
	if p.late {
		reject(first, "a late piece (copy:)")
	}
}

// frozen reports whether piece id is held, directly or not, by a frozen
// proxy: it has no moves and captures nothing.
func (b *Board) frozen(id int32) bool {
	pos := b.pos
	for h := pos.HeldBy(id); h >= 0; h = pos.HeldBy(h) {
		if t := pos.Pieces[h].Type; int(t) < len(b.prog.proxy) && b.prog.proxy[t].frozen {
			return true
		}
	}
	return false
}

// still reports whether piece pc, identity id, is on the board but
// frozen (a bool test for a variant without proxies).
func (b *Board) still(id int32, pc *board.Piece) bool {
	return b.prog.proxies && b.frozen(id)
}

// joinPlan decides where a join of mover to sq lands (docs/language.md
// § Proxy pieces, Nesting): ok false when it cannot stack there (no room);
// over true when the stack there goes under the mover's chain, false
// when the mover's chain goes under the stack there.
func (b *Board) joinPlan(mover int32, sq board.Square) (ok, over bool) {
	pos := b.pos
	top := pos.At(sq)
	m := &pos.Pieces[mover]
	if top < 0 || !m.OnBoard || m.Square == sq {
		return false, false
	}
	// the chain that moves: the mover and, unless it leaves them, what it
	// holds
	last, n := mover, 1
	if pos.Holds(mover) < 0 || !pos.V.Proxies[m.Type].Leaves { // a piece that holds is a proxy
		last, n = pos.Innermost(mover), pos.ChainLen(mover)
	}
	if n+pos.ChainLen(top) > board.MaxStack {
		return false, false
	}
	inner := pos.Innermost(top)
	tp, ip, lp := &pos.Pieces[top], &pos.Pieces[inner], &pos.Pieces[last]
	enter := pos.V.Admits(int(ip.Type), ip.Side, int(m.Type), m.Side)
	hold := pos.V.Admits(int(lp.Type), lp.Side, int(tp.Type), tp.Side)
	switch {
	case enter && hold:
		// the higher priority ends outside; equal: what stood there
		return true, b.prog.proxy[lp.Type].priority > b.prog.proxy[ip.Type].priority
	case enter:
		return true, false
	case hold:
		return true, true
	}
	return false, false
}

// stackMove plays a mov (join false) or a join of mover to sq: a join
// stacks where room holds and moves as mov elsewhere. Then the hooks run:
// onRelease of a proxy that lost the piece it held, then onHold of the
// one that gained one (docs/language.md § Proxy pieces).
func (b *Board) stackMove(mover int32, sq board.Square, join bool) {
	pos := b.pos
	holder, held, top := pos.HeldBy(mover), pos.Holds(mover), pos.At(sq)
	ok, over := false, false
	if join {
		ok, over = b.joinPlan(mover, sq)
	}
	if ok {
		pos.Join(mover, sq, over)
	} else {
		pos.MoveTo(mover, sq)
	}
	if !b.prog.proxyHooks {
		return
	}
	if holder >= 0 && pos.Holds(holder) != mover {
		b.proxyHook(holder, false)
	}
	if held >= 0 && pos.Holds(mover) != held {
		b.proxyHook(mover, false) // it left what it held behind
	}
	switch {
	case !ok:
	case !over:
		b.proxyHook(pos.HeldBy(mover), true)
	default:
		b.proxyHook(pos.HeldBy(top), true)
	}
}

// proxyHook runs proxy id's onHold (hold) or onRelease hooks where it
// stands.
func (b *Board) proxyHook(id int32, hold bool) {
	if id < 0 || !b.pos.Pieces[id].OnBoard {
		return
	}
	t := b.prog.types[b.pos.Pieces[id].Type]
	lines := t.OnRelease
	if hold {
		lines = t.OnHold
	}
	if len(lines) > 0 {
		b.runHook(id, b.pos.Pieces[id].Square, lines)
	}
}

// occupant returns the identity of "the piece on sq" for an action of
// mover: the stack's top, but the mover itself at the mover's own square
// (docs/language.md § Proxy pieces: a held mover's promote promotes it,
// not its holder).
func (b *Board) occupant(sq board.Square, mover int32) int32 {
	if b.prog.proxies && mover >= 0 {
		if m := &b.pos.Pieces[mover]; m.OnBoard && m.Square == sq {
			return mover
		}
	}
	return b.pos.At(sq)
}

// captStack captures the stack on sq, top first, and runs the onDeath
// hooks of every piece of it (docs/language.md § Proxy pieces: a capture
// takes the stack).
func (b *Board) captStack(sq board.Square, top int32) {
	var buf [board.MaxStack]int32
	chain := b.pos.Chain(top, buf[:0])
	b.capture(top)
	for _, id := range chain {
		b.onDeath(id, sq)
	}
}

// heldMarks returns one ' per piece above m's mover in its stack: how
// Notation tells a held piece's move from its holder's when both would
// read alike (docs/language.md § Proxy pieces, Notation).
func (b *Board) heldMarks(m Move) string {
	if m.Piece < 0 || int(m.Piece) >= len(b.pos.Pieces) {
		return ""
	}
	return strings.Repeat("'", b.pos.StackDepth(m.Piece))
}

// markHeld rewrites, among the UCI names out (counted in count), those that
// several moves share and whose mover is held: its from square gets its
// marks (c3'c4), so the holder's move keeps c3c4.
func (b *Board) markHeld(moves []Move, out []string, count map[string]int) {
	for i, m := range moves {
		if out[i] == "" || count[out[i]] < 2 {
			continue
		}
		if marks := b.heldMarks(m); marks != "" {
			from := b.pos.SquareName(m.From)
			count[out[i]]--
			out[i] = from + marks + strings.TrimPrefix(out[i], from)
			count[out[i]]++
		}
	}
}

// eachInStack calls visit with every opponent piece (of side's opponent)
// of the stack on sq, top first, until visit returns false, and reports
// whether it never did: a capture there takes them all (eachCaptured).
func (b *Board) eachInStack(sq board.Square, side board.Side, visit func(*board.Piece) bool) bool {
	for id := b.pos.At(sq); id >= 0; id = b.pos.Holds(id) {
		if pc := &b.pos.Pieces[id]; pc.Side != side && !visit(pc) {
			return false
		}
	}
	return true
}

// holdsThere tests holding (the piece id holds a piece) and holds NAME
// (it holds a NAME) for the piece id a condition sees, -1 for none.
func (b *Board) holdsThere(o *op, id int32) bool {
	if id < 0 {
		return false
	}
	h := b.pos.Holds(id)
	return h >= 0 && (o.kind == opHolding || int(b.pos.Pieces[h].Type) == o.typ)
}

// stackTest evaluates the conditions of stacks (before their not): room,
// holding, holds NAME, held, heldby NAME.
func (g *gen) stackTest(o *op, sq board.Square) bool {
	switch o.kind {
	case opRoom:
		ok, _ := g.b.joinPlan(g.mover, sq)
		return ok
	case opHolding, opHolds:
		return g.b.holdsThere(o, g.b.occupant(sq, g.mover))
	case opHeld:
		return g.pos.HeldBy(g.mover) >= 0
	}
	h := g.pos.HeldBy(g.mover) // heldby NAME
	return h >= 0 && int(g.pos.Pieces[h].Type) == o.typ
}
