package engine

import (
	"sync"
	"sync/atomic"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: multis (draughts' capture chains, spec.Multi). A move of a multi
// is a path — which sub-move, in turn, from the square the piece stands
// on — too long for a 32-bit move, so each path generated is named by a
// number (a node of a trie of paths: a sub-move after a shorter path),
// and the move carries the number (spec.ChainMove). The numbers are the
// variant's (Rules.chains), as wall turns' are (walls.go): every position
// of the variant — a clone, a board set up afresh that replays a game's
// moves, as game.Game's Clone and SAN history do — plays every path any
// of them named. The book only grows; a lock keeps it safe to share. The walk tests each
// sub-move on the occupancy the earlier ones left, as the interpreter
// tests it on the board it played them on.

// chainNode is a path: the one before it (-1 for none: the path's
// first sub-move starts from from) and its last sub-move.
type chainNode struct {
	parent int32
	multi  int32 // id into Rules.multis
	from   int16
	sub    uint8
}

// chainBook is the multi paths the positions of a variant have named.
type chainBook struct {
	mu       sync.RWMutex
	nodes    []chainNode
	ix       map[uint64]int32
	overflow atomic.Bool // a path went unnamed: some list was not complete
}

// node returns path id's last node.
func (b *chainBook) node(id int32) chainNode {
	b.mu.RLock()
	n := b.nodes[id]
	b.mu.RUnlock()
	return n
}

// chainNodeID returns the number of the path that plays sub after parent
// (-1: as the first sub-move of multi mi from from), naming it when new;
// -1 when the variant has named spec.MaxChains paths already.
func (p *Position) chainNodeID(parent int32, mi int, from int, sub int) int32 {
	b := p.r.chains
	key := uint64(parent+1)<<40 | uint64(mi)<<24 | uint64(from)<<8 | uint64(sub)
	b.mu.RLock()
	id, ok := b.ix[key]
	b.mu.RUnlock()
	if ok {
		return id
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if id, ok := b.ix[key]; ok {
		return id // named meanwhile
	}
	if len(b.nodes) >= spec.MaxChains {
		b.overflow.Store(true)
		return -1
	}
	id = int32(len(b.nodes))
	b.nodes = append(b.nodes, chainNode{parent: parent, multi: int32(mi), from: int16(from), sub: uint8(sub)})
	b.ix[key] = id
	return id
}

// chainWalk is what one walk of a multi shares.
type chainWalk struct {
	list  *spec.MoveList
	m     *multi
	mi    int
	from  int
	start int // the piece's moves in list start here
}

// chainMoves appends the moves of multi mi of the piece of side us on
// from, but those with the effect of a move the piece has from start on
// in list.
func (p *Position) chainMoves(list *spec.MoveList, mi int, us board.Side, from int, occ set, start int) {
	m := &p.r.multis[mi]
	if need := m.enemies[from]; need.some() && !need.meets(p.side[us.Other()]) {
		return // nothing to capture
	}
	w := chainWalk{list: list, m: m, mi: mi, from: from, start: start}
	p.walkChain(&w, from, -1, 0, occ, p.side[us])
}

// walkChain offers the sub-moves number count+1 from cur, after path
// node, on the occupancy occ with the mover's side's pieces mine.
func (p *Position) walkChain(w *chainWalk, cur int, node int32, count int, occ, mine set) {
	m := w.m
	applied := false
	for k, at := range m.subs {
		sc := at[cur]
		if sc == nil || !m.tests[k][cur].holds(occ, mine) {
			continue
		}
		applied = true
		id := p.chainNodeID(node, w.mi, w.from, k)
		if id < 0 {
			continue // no number left: see Overflow
		}
		o, mn, next := occ, mine, cur
		for _, a := range sc.Acts {
			sq := int(a.Sq)
			switch a.Kind {
			case spec.Capt:
				o, mn = o.without(sq), mn.without(sq)
			case spec.Mov:
				o, mn = o.without(next).with(sq), mn.without(next).with(sq)
				next = sq
			}
		}
		if m.end[k] || m.count > 0 && count+1 >= m.count {
			p.emitChain(w, id)
			continue
		}
		p.walkChain(w, next, id, count+1, o, mn)
	}
	if !applied && count > 0 {
		p.emitChain(w, node) // nothing applies: the sequence ends here
	}
}

// emitChain appends the move of path id, unless the piece has a move of
// its effect already.
func (p *Position) emitChain(w *chainWalk, id int32) {
	if w.m.apart {
		w.list.Moves = append(w.list.Moves, spec.ChainMove(w.from, int(id)))
		return
	}
	sig := effectSignature(p.chainActs(p.chainBuf[:0], id))
	us := w.m.side
	for _, mv := range w.list.Moves[w.start:] {
		if p.moveSig(mv, us) == sig {
			return
		}
	}
	w.list.Moves = append(w.list.Moves, spec.ChainMove(w.from, int(id)))
}

// moveSig returns the effect signature of a move of the piece of side us
// on its from square.
func (p *Position) moveSig(m spec.Move, us board.Side) uint64 {
	if line := m.Line(); line >= 0 {
		return p.r.scripts[line].sig[us][m.From()]
	}
	if id := m.Chain(); id >= 0 {
		return effectSignature(p.chainActs(p.chainBuf[:0], int32(id)))
	}
	return effectSignature(p.appendPlainActs(p.chainBuf[:0], m))
}

// chainActs appends to dst the actions of path id, sub-move by sub-move.
func (p *Position) chainActs(dst []spec.Act, id int32) []spec.Act {
	p.path = p.path[:0]
	b := p.r.chains
	b.mu.RLock()
	n := b.nodes[id]
	for {
		p.path = append(p.path, n.sub)
		if n.parent < 0 {
			break
		}
		n = b.nodes[n.parent]
	}
	b.mu.RUnlock()
	m := &p.r.multis[n.multi]
	cur := int(n.from)
	for i := len(p.path) - 1; i >= 0; i-- {
		sc := m.subs[p.path[i]][cur]
		dst = append(dst, sc.Acts...)
		if to := lastMov(sc, cur); to >= 0 {
			cur = int(to)
		}
	}
	p.chainBuf = dst[:0]
	return dst
}

// playChain plays path id for the piece of side us on from.
func (p *Position) playChain(id int32, from int, us board.Side) {
	p.runScript(p.chainActs(p.chainBuf[:0], id), from, us)
}

// Overflow reports whether the variant has named spec.MaxChains multi
// paths (or MaxWallTurns wall turns a square) and left out the moves of
// new ones since: lists are no longer complete, and a board should go
// back to the interpreter.
func (p *Position) Overflow() bool {
	return p.r.chains != nil && p.r.chains.overflow.Load() || p.wallOverflow()
}
