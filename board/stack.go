package board

import "strings"

// Stacks (docs/language.md § Proxy pieces). A proxy piece may hold one
// piece, which may itself be a proxy holding one, and so on: a square holds
// a chain of pieces linked by Position.rare (Holds, HeldBy), and squares[sq]
// names its top, so everything that asks "what stands on sq" sees the top.
// Every piece of a stack is on the board, on the stack's square.
//
// Hashing: a held piece's contribution is salted with its depth (hashOf),
// so a stack hashes apart from its top alone, and two pieces of one type in
// one stack do not cancel. Every change of a stack's shape takes the hash of
// the whole stack out and puts it back afterwards (unhashChain, hashChain).

// MaxStack is the most pieces one square may stack (docs/language.md
// § Limits): a FEN deeper is an error, and a join that would make one
// deeper is not generated.
const MaxStack = 8

// Proxy is what a proxy type may hold, by Variant.Proxies.
type Proxy struct {
	Admit []bool // by type: the types it may hold; nil: the type is no proxy
	Ally  bool   // it may hold a piece of its own side
	Enemy bool   // it may hold a piece of the other side
	// Leaves: when it moves, the chain it holds stays on the square it
	// leaves (docs/language.md's leave); otherwise it carries it.
	Leaves bool
}

// IsProxy reports whether type t is a proxy type.
func (v *Variant) IsProxy(t int) bool {
	return t < len(v.Proxies) && v.Proxies[t].Admit != nil
}

// Admits reports whether a piece of type ht and side hs, a proxy, may
// hold a piece of type t and side s.
func (v *Variant) Admits(ht int, hs Side, t int, s Side) bool {
	if !v.IsProxy(ht) {
		return false
	}
	r := &v.Proxies[ht]
	if hs == s && !r.Ally || hs != s && !r.Enemy {
		return false
	}
	return t < len(r.Admit) && r.Admit[t]
}

// leaves reports whether piece pc leaves what it holds when it moves.
func (p *Position) leaves(pc *Piece) bool {
	return int(pc.Type) < len(p.V.Proxies) && p.V.Proxies[pc.Type].Leaves
}

// link is a piece's place in a stack: the identities plus one of the
// piece it holds and of the piece holding it, 0 for none.
type link struct{ held, holder int32 }

// rare holds what only some variants' positions keep: the links of
// stacks (this file) and the squares fields cover (fields.go). Position
// keeps it behind one pointer, nil until one is needed, so that a
// position of a variant with neither stays in its allocation size class
// (movegen's TestBoardMemory).
type rare struct {
	l      []link      // per piece identity: its stack links
	fields *fieldCover // Variant.Fields: the fields' cover; nil without
}

// rareState returns the position's rare part, making it at first use.
func (p *Position) rareState() *rare {
	if p.rare == nil {
		p.rare = &rare{}
	}
	return p.rare
}

// fieldsCover returns the fields' cover, nil in a variant without fields.
func (p *Position) fieldsCover() *fieldCover {
	if p.rare == nil {
		return nil
	}
	return p.rare.fields
}

// link returns piece id's links (zero when it is in no stack).
func (p *Position) link(id int32) link {
	if p.rare != nil && int(id) < len(p.rare.l) {
		return p.rare.l[id]
	}
	return link{}
}

// HeldBy returns the identity of the piece holding piece id, or -1.
func (p *Position) HeldBy(id int32) int32 {
	return p.link(id).holder - 1
}

// Holds returns the identity of the piece that piece id holds, or -1.
func (p *Position) Holds(id int32) int32 {
	return p.link(id).held - 1
}

// linked reports whether piece id is part of a stack.
func (p *Position) linked(id int32) bool {
	return p.link(id) != link{}
}

// hashOf is the hash contribution of piece id, on the board: a held
// piece's is salted with its depth in the stack, for two pieces of one
// type on one square would cancel out.
func (p *Position) hashOf(id int32) uint64 {
	if d := p.StackDepth(id); d > 0 {
		return mix(12, p.pieceHash(&p.Pieces[id]), uint64(d), 0)
	}
	return p.pieceHash(&p.Pieces[id])
}

// Top returns the top of the stack piece id is part of (id itself when it
// is not held).
func (p *Position) Top(id int32) int32 {
	for h := p.HeldBy(id); h >= 0; h = p.HeldBy(h) {
		id = h
	}
	return id
}

// Innermost returns the last piece of the chain piece id holds (id itself
// when it holds nothing).
func (p *Position) Innermost(id int32) int32 {
	for h := p.Holds(id); h >= 0; h = p.Holds(h) {
		id = h
	}
	return id
}

// StackDepth returns how many pieces hold piece id: 0 for a top.
func (p *Position) StackDepth(id int32) int {
	d := 0
	for h := p.HeldBy(id); h >= 0; h = p.HeldBy(h) {
		d++
	}
	return d
}

// ChainLen returns how many pieces the chain from piece id down has (1
// when it holds nothing).
func (p *Position) ChainLen(id int32) int {
	n := 1
	for h := p.Holds(id); h >= 0; h = p.Holds(h) {
		n++
	}
	return n
}

// setLinks sets what piece id holds and what holds it (identities, -1 for
// none), journaled.
func (p *Position) setLinks(id, held, holder int32) {
	now, old := link{held + 1, holder + 1}, p.link(id)
	if old == now {
		return
	}
	p.growLinks()
	p.journal = append(p.journal, change{kind: chLink, a: id, b: old.held, old: int64(old.holder)})
	p.rare.l[id] = now
}

// hashChain toggles the hash of the chain from piece id down.
func (p *Position) hashChain(id int32) {
	for ; id >= 0; id = p.Holds(id) {
		p.hash ^= p.hashOf(id)
	}
}

// rehashHeld runs change on held piece id with its hash taken out before
// and put back after (its depth salt keeps the square-wise deltas of the
// setters from applying).
func (p *Position) rehashHeld(id int32, change func()) {
	p.hash ^= p.hashOf(id)
	change()
	p.hash ^= p.hashOf(id)
}

// detach takes piece id out of its stack with the chain it takes along —
// what it holds, unless it leaves it — and returns the chain's last piece.
// The taken chain is unhashed and still marked on the board at its old
// square; what stays behind keeps the square, rehashed.
func (p *Position) detach(id int32) (last int32) {
	pc := &p.Pieces[id]
	from := pc.Square
	p.hashChain(p.Top(id))
	held, holder := p.Holds(id), p.HeldBy(id)
	stays := int32(-1) // what takes id's place in the stack
	if held >= 0 && p.leaves(pc) {
		stays = held
		p.setLinks(id, -1, -1)
		p.setLinks(held, p.Holds(held), holder)
	} else {
		p.setLinks(id, held, -1)
	}
	if holder >= 0 {
		p.setLinks(holder, stays, p.HeldBy(holder))
	} else {
		p.setSquare(from, stays)
	}
	if top := p.squares[from]; top >= 0 {
		p.hashChain(top)
	}
	return p.Innermost(id)
}

// settle puts the chain from piece id on sq, where squares[sq] already
// names its stack's top, and hashes it.
func (p *Position) settle(id int32, sq Square) {
	for c := id; c >= 0; c = p.Holds(c) {
		if p.Pieces[c].Square != sq {
			p.savePiece(c)
			p.Pieces[c].Square = sq
		}
	}
}

// moveStacked is MoveTo for a piece in a stack: it leaves the stack with
// what it carries (docs/language.md § Proxy pieces) for sq, removing
// whatever stands there.
func (p *Position) moveStacked(id int32, sq Square) {
	pc := &p.Pieces[id]
	if !pc.OnBoard || sq == pc.Square {
		p.SetUnmoved(id, false)
		return
	}
	p.detach(id)
	p.Remove(sq)
	p.setSquare(sq, id)
	p.settle(id, sq)
	p.hashChain(id)
	p.SetUnmoved(id, false)
}

// Join moves piece id, with what it carries, to sq, where a stack stands,
// and makes one stack of both: over false puts the mover's chain under the
// last piece of the stack there, which must be a proxy holding nothing;
// over true puts the stack there under the last piece of the mover's
// chain. The caller (movegen) has checked that the holder admits the
// piece it gets.
func (p *Position) Join(id int32, sq Square, over bool) {
	pc := &p.Pieces[id]
	top := p.squares[sq]
	if top < 0 || sq == pc.Square {
		p.MoveTo(id, sq)
		return
	}
	var last int32 = id
	if p.linked(id) {
		last = p.detach(id)
	} else {
		p.hash ^= p.pieceHash(pc)
		p.setSquare(pc.Square, -1)
	}
	p.hashChain(top)
	if over {
		p.setLinks(last, top, p.HeldBy(last))
		p.setLinks(top, p.Holds(top), last)
		p.setSquare(sq, id)
	} else {
		inner := p.Innermost(top)
		p.setLinks(inner, id, p.HeldBy(inner))
		p.setLinks(id, p.Holds(id), inner)
	}
	p.settle(id, sq)
	p.hashChain(p.squares[sq])
	p.SetUnmoved(id, false)
}

// Chain appends to buf the chain from piece id down, id first, and
// returns it.
func (p *Position) Chain(id int32, buf []int32) []int32 {
	for c := id; c >= 0; c = p.Holds(c) {
		buf = append(buf, c)
	}
	return buf
}

// liftChain takes piece id and everything it holds off the board; what
// held id, if anything, holds nothing after.
func (p *Position) liftChain(id int32) {
	pc := &p.Pieces[id]
	from := pc.Square
	p.hashChain(p.Top(id))
	if holder := p.HeldBy(id); holder >= 0 {
		p.setLinks(holder, -1, p.HeldBy(holder))
	} else {
		p.setSquare(from, -1)
	}
	for c := id; c >= 0; {
		next := p.Holds(c)
		p.setLinks(c, -1, -1)
		p.savePiece(c)
		p.countRoyal(&p.Pieces[c], -1)
		p.Pieces[c].OnBoard = false
		c = next
	}
	if top := p.squares[from]; top >= 0 {
		p.hashChain(top)
	}
}

// captureChain captures piece id and everything it holds, id first.
func (p *Position) captureChain(id int32) {
	var buf [MaxStack]int32
	chain := p.Chain(id, buf[:0])
	p.liftChain(id)
	p.journal = append(p.journal, change{kind: chCaptured, a: int32(len(p.Captured))})
	p.Captured = append(p.Captured, chain...)
	p.saveState()
	p.Halfmove = -1 // the ply's end counts it back to 0
}

// stackMark reads, at byte i of rank (rank y, file x), a ( that opens a
// stack or a ) that closes the one opened at index open of Pieces, and
// returns the new open index (-1 once closed). At ) it links the pieces
// read since (, top first, and checks each holder admits the next.
func (p *Position) stackMark(rank string, i, y, x, open int, bad func(int, string, ...any) error) (int, error) {
	switch c := rank[i]; {
	case c == '(' && open >= 0:
		return open, bad(i, "rank %d: a stack inside a stack: write its pieces in one ( ), top first", y+1)
	case c == '(' && p.V.Proxies == nil:
		return open, bad(i, "rank %d: ( opens a stack, and this variant has no proxy pieces", y+1)
	case c == '(' && x >= p.V.Width:
		return open, bad(i, "rank %d is wider than the board's %d files", y+1, p.V.Width)
	case c == '(' && p.V.Hole(p.Sq(x, y)):
		return open, bad(i, "rank %d: %s is a hole of the board, written *: no piece stands there", y+1, p.SquareName(p.Sq(x, y)))
	case c == '(':
		return len(p.Pieces), nil
	case c != ')':
		return open, bad(i, "rank %d: %q inside a stack: a stack lists pieces only, top first", y+1, rune(c))
	case open < 0:
		return open, bad(i, "rank %d: ) closes no stack", y+1)
	}
	n := len(p.Pieces) - open
	switch {
	case n < 2:
		return open, bad(i, "rank %d: a stack ( ) holds two pieces or more", y+1)
	case n > MaxStack:
		return open, bad(i, "rank %d: a stack of %d pieces, more than the %d allowed", y+1, n, MaxStack)
	}
	for k := open; k+1 < len(p.Pieces); k++ {
		h, c := &p.Pieces[k], &p.Pieces[k+1]
		if !p.V.Admits(int(h.Type), h.Side, int(c.Type), c.Side) {
			return open, bad(i, "rank %d: %c cannot hold %c (its proxy attribute does not admit it)", y+1, p.letter(h), p.letter(c))
		}
		// a FEN is read before any journal: no undo needed
		p.growLinks()
		p.rare.l[k].held, p.rare.l[k+1].holder = int32(k+2), int32(k+1)
	}
	sq := p.Sq(x, y)
	p.squares[sq] = int32(open)
	p.updateOccupied(sq)
	return -1, nil
}

// writeStack writes the stack whose top is piece id: ( its pieces, top
// first ).
func (p *Position) writeStack(b *strings.Builder, id int32) {
	b.WriteByte('(')
	for c := id; c >= 0; c = p.Holds(c) {
		p.writePiece(b, &p.Pieces[c])
	}
	b.WriteByte(')')
}

// growLinks makes the links table as long as Pieces.
func (p *Position) growLinks() {
	r := p.rareState()
	if n := len(p.Pieces) - len(r.l); n > 0 {
		r.l = append(r.l, make([]link, n)...)
	}
}
