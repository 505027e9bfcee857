package movegen

import "github.com/alfil-go/alfil/board"

// bitset is a set of squares.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

func (b bitset) set(sq int)      { b[sq>>6] |= 1 << (sq & 63) }
func (b bitset) clear(sq int)    { b[sq>>6] &^= 1 << (sq & 63) }
func (b bitset) has(sq int) bool { return b[sq>>6]&(1<<(sq&63)) != 0 }

// or adds the members of c.
func (b bitset) or(c bitset) {
	for i := range c {
		b[i] |= c[i]
	}
}

// computeReach finds, for every side and square, the squares where a move
// of piece type t standing there could capture, following its move trees
// without evaluating conditions. Legality checks only generate the pieces
// whose reach covers a royal square. The table is an optimisation that must
// never miss a capture, so a type whose lines hold anything the walk does
// not model exactly (multi, a slide whose body is not a run of normals) gets
// no table: it may capture anywhere.
func (c *compiler) computeReach(t *PieceType) {
	p := c.prog
	n := p.Width * p.Height
	for _, l := range t.Lines {
		if l.capt && !reachable(l.nodes) {
			return
		}
	}
	work := min(reachWork, c.reachLeft)
	defer func() { c.reachLeft -= min(reachWork, c.reachLeft) - max(work, 0) }()
	r := &reacher{squares: n, work: &work}
	for side := board.First; side <= board.Second; side++ {
		t.reach[side] = make([]bitset, n)
		r.side, r.subMoves = side, nil
		for sq := 0; sq < n; sq++ {
			r.out = newBitset(n)
			for _, l := range t.Lines {
				if l.capt {
					r.seq(l.nodes, []int16{int16(sq)})
				}
			}
			if work < 0 { // too costly to compute: anywhere
				t.reach = [2][]bitset{}
				return
			}
			t.reach[side][sq] = r.out
		}
	}
}

// reachWork bounds the ops one type's reach walk looks at, and
// reachTotal those of all types together: past either, a type gets no
// table (it may capture anywhere), which costs legality tests time but
// never correctness, and keeps compiling a huge variant quick.
const (
	reachWork  = 1 << 22
	reachTotal = 1 << 24
)

// reachable reports whether the reach walk models every node exactly.
func reachable(nodes []node) bool {
	for _, nd := range nodes {
		switch x := nd.(type) {
		case *normal:
		case *slideNode:
			for _, b := range x.body {
				if _, ok := b.(*normal); !ok {
					return false
				}
			}
			if !reachable(x.then) || !reachable(x.out) {
				return false
			}
		case *optNode:
			if !allReachable(x.branches) {
				return false
			}
		case *excNode:
			if !allReachable(x.branches) {
				return false
			}
		case *randNode:
			if !allReachable(x.branches) {
				return false
			}
		case *blockNode:
			if !reachable(x.body) {
				return false
			}
		case *limitNode:
			if !allReachable(x.lines) {
				return false
			}
		case *multiNode:
			if !allReachable(x.lines) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func allReachable(seqs [][]node) bool {
	for _, s := range seqs {
		if !reachable(s) {
			return false
		}
	}
	return true
}

// reacher runs move trees over sets of cursor squares.
type reacher struct {
	side    board.Side
	squares int
	// scratch sets: squares (dedupe) and the (square, phase) states a
	// slide walk has seen
	squareMarks, stateMarks marks
	out                     bitset
	movs                    []int16 // squares a mov or put may take the piece to
	work                    *int    // ops still to look at (reachWork); below 0 the walk gives up
	// what one sub-move of each multi may do from each square, for the
	// side being walked
	subMoves map[*multiNode][]*subMoveReach
}

// seq returns the cursor squares at the end of nodes started from curs,
// recording capture squares on the way.
func (r *reacher) seq(nodes []node, curs []int16) []int16 {
	for _, nd := range nodes {
		if len(curs) == 0 || *r.work < 0 {
			return nil
		}
		curs = r.node(nd, curs)
	}
	return curs
}

func (r *reacher) normal(n *normal, curs []int16, offboard *[]int16) []int16 {
	var next []int16
	for _, cur := range curs {
		if *r.work < 0 {
			return nil
		}
		if end, ok := r.step(n, cur, offboard); ok {
			next = append(next, end)
		}
	}
	return r.dedupe(next)
}

// step walks normal n from the cursor cur: it records where n may capture
// and where a mov or put may take the piece, and returns the cursor after
// it, or ok false when a step leaves the board (offboard, if not nil,
// then gets the last square on it).
func (r *reacher) step(n *normal, cur int16, offboard *[]int16) (end int16, ok bool) {
	*r.work -= len(n.ops) + 1
	placed := n.at(r.side, int(cur))
	last := cur
	for i, o := range n.ops {
		sq := placed[i]
		if sq < 0 {
			if n.marks {
				continue
			}
			if offboard != nil {
				*offboard = append(*offboard, last)
			}
			return 0, false
		}
		last = sq
		switch o.kind {
		case opCapt, opPickCapt:
			r.out.set(int(sq))
		case opMov, opPut:
			r.movs = append(r.movs, sq)
		}
	}
	return n.end[r.side][cur], true
}

func (r *reacher) node(nd node, curs []int16) []int16 {
	switch x := nd.(type) {
	case *normal:
		return r.normal(x, curs, nil)
	case *optNode:
		var all []int16
		for _, b := range x.branches {
			all = append(all, r.seq(b, curs)...)
		}
		return r.dedupe(all)
	case *excNode:
		var all []int16
		for _, b := range x.branches {
			all = append(all, r.seq(b, curs)...)
		}
		return r.dedupe(all)
	case *randNode: // any branch may be rolled: their union
		var all []int16
		for _, b := range x.branches {
			all = append(all, r.seq(b, curs)...)
		}
		return r.dedupe(all)
	case *blockNode:
		return r.dedupe(append(r.seq(x.body, curs), curs...))
	case *limitNode:
		for _, l := range x.lines {
			r.seq(l, curs)
		}
		return curs
	case *slideNode:
		return r.slide(x, curs)
	case *multiNode:
		return r.multi(x, curs)
	}
	return curs
}

// multi follows sub-moves from every square a mov or put of an earlier one
// may have taken the piece to, up to the multi's count.
func (r *reacher) multi(m *multiNode, curs []int16) []int16 {
	seen := make([]bool, r.squares)
	for _, c := range curs {
		seen[c] = true
	}
	all := append([]int16(nil), curs...)
	frontier := curs
	for step := 0; len(frontier) > 0 && (m.count == 0 || step < m.count); step++ {
		var next []int16
		for _, sq := range frontier {
			sub := r.subMove(m, sq)
			if sub == nil { // out of work
				return nil
			}
			r.out.or(sub.capt)
			for _, t := range sub.movs {
				if !seen[t] {
					seen[t] = true
					next = append(next, t)
					all = append(all, t)
				}
			}
		}
		frontier = next
	}
	return all
}

// subMoveReach is what one sub-move of a multi may do from a square: where
// it may capture and where a mov or put may take the piece.
type subMoveReach struct {
	capt bitset
	movs []int16
}

// subMove returns what one sub-move of m may do from sq, walking the
// multi's lines once per square and side: the walks from every start
// square of the type share them. nil when the work budget ran out.
func (r *reacher) subMove(m *multiNode, sq int16) *subMoveReach {
	if r.subMoves == nil {
		r.subMoves = map[*multiNode][]*subMoveReach{}
	}
	memo := r.subMoves[m]
	if memo == nil {
		memo = make([]*subMoveReach, r.squares)
		r.subMoves[m] = memo
	}
	if memo[sq] != nil {
		return memo[sq]
	}
	out, movs := r.out, r.movs
	r.out, r.movs = newBitset(r.squares), nil
	for _, l := range m.lines {
		r.seq(l, []int16{sq})
	}
	sub := &subMoveReach{capt: r.out, movs: r.dedupe(r.movs)}
	r.out, r.movs = out, movs
	if *r.work < 0 {
		return nil
	}
	memo[sq] = sub
	return sub
}

// slide follows the iterations over (square, cycle phase) states until no
// new state appears. Then runs wherever a body op could fail, out from every
// last square before the board's edge, and what follows the slide from any
// reached state.
func (r *reacher) slide(s *slideNode, curs []int16) []int16 {
	phases := max(len(s.cycle), 1)
	type state struct{ sq, phase int16 }
	// the states' own marks: the walk below dedupes squares with r.squareMarks
	// (a slide's body holds only normals, so no slide walk nests in it)
	seen, stamp := r.stateMarks.fresh(phases * r.squares)
	key := func(st state) int { return int(st.phase)*r.squares + int(st.sq) }
	var frontier []state
	for _, c := range curs {
		st := state{c, 0}
		if seen[key(st)] != stamp {
			seen[key(st)] = stamp
			frontier = append(frontier, st)
		}
	}
	var starts, looked, offs []int16
	for len(frontier) > 0 && *r.work >= 0 {
		st := frontier[len(frontier)-1]
		frontier = frontier[:len(frontier)-1]
		starts = append(starts, st.sq)
		// the body is a run of normals (reachable checked it): one cursor
		// in, at most one out
		cur, ok := st.sq, true
		walk := func(n *normal) {
			if !ok {
				return
			}
			for _, sq := range n.at(r.side, int(cur)) {
				if sq >= 0 {
					looked = append(looked, sq)
				}
			}
			cur, ok = r.step(n, cur, &offs)
		}
		if len(s.cycle) > 0 {
			walk(s.cycle[st.phase])
		}
		for _, nd := range s.body {
			walk(nd.(*normal))
		}
		if next := (state{cur, int16((int(st.phase) + 1) % phases)}); ok && seen[key(next)] != stamp {
			seen[key(next)] = stamp
			frontier = append(frontier, next)
		}
	}
	all := append([]int16(nil), starts...)
	if s.hasThen {
		all = append(all, r.seq(s.then, r.dedupe(looked))...)
	}
	if s.hasOut {
		all = append(all, r.seq(s.out, r.dedupe(offs))...)
	}
	return r.dedupe(all)
}

// dedupe removes repeated squares from s, in place, keeping the first of
// each.
func (r *reacher) dedupe(s []int16) []int16 {
	if len(s) < 2 {
		return s
	}
	seen, stamp := r.squareMarks.fresh(r.squares)
	out := s[:0]
	for _, v := range s {
		if seen[v] != stamp {
			seen[v] = stamp
			out = append(out, v)
		}
	}
	return out
}

// marks is a reusable set over 0…n-1: entry i is in the set when it equals
// the stamp fresh returned, so emptying it costs nothing.
type marks struct {
	m     []uint32
	stamp uint32
}

// fresh empties the set, sized for n entries, and returns it with its stamp.
func (ms *marks) fresh(n int) ([]uint32, uint32) {
	if len(ms.m) < n {
		ms.m, ms.stamp = make([]uint32, n), 0
	}
	ms.stamp++
	if ms.stamp == 0 {
		clear(ms.m)
		ms.stamp = 1
	}
	return ms.m, ms.stamp
}
