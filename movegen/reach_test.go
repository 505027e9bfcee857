package movegen

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/alfil-go/alfil/board"
	"github.com/stretchr/testify/require"
)

// refReach computes type t's capture reach with refReacher, or nil when
// the compiler gives it none (reachable false).
func refReach(p *Program, t *PieceType) [2][]bitset {
	for _, l := range t.Lines {
		if l.capt && !reachable(l.nodes) {
			return [2][]bitset{}
		}
	}
	n := p.Width * p.Height
	var out [2][]bitset
	for side := board.First; side <= board.Second; side++ {
		out[side] = make([]bitset, n)
		for sq := 0; sq < n; sq++ {
			r := &refReacher{side: side, out: newBitset(n)}
			for _, l := range t.Lines {
				if l.capt {
					r.seq(l.nodes, []int16{int16(sq)})
				}
			}
			out[side][sq] = r.out
		}
	}
	return out
}

// sameReach checks p's reach tables against the reference walk; a type
// the compiler gave up on (its work budget) may have none.
func sameReach(t testing.TB, p *Program) {
	t.Helper()
	for _, ty := range p.types {
		if ty.reach[0] == nil {
			continue
		}
		want := refReach(p, ty)
		require.Equal(t, want, ty.reach, "%s: the reach of %s", p.Name, ty.Name)
	}
}

// TestReachEqualsReference: the compiler's reach walk (a memo of each
// multi's sub-moves, one cursor through a slide) gives the tables the
// plain walk gives, for every shipped and test variant.
func TestReachEqualsReference(t *testing.T) {
	for _, name := range shippedVariants() {
		sameReach(t, loadVariant(t, name))
	}
	files, err := filepath.Glob("testdata/*/*.alf")
	require.NoError(t, err)
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		if p, err := Load(filepath.Base(f), src); err == nil {
			sameReach(t, p)
		}
	}
}

// refReacher is the capture-reach walk as first written: every start
// square walks its sets of cursors afresh, with no memo. The compiler's
// walk must give the same tables.
type refReacher struct {
	side board.Side
	out  bitset
	movs []int16 // squares a mov or put may take the piece to
}

// seq returns the cursor squares at the end of nodes started from curs,
// recording capture squares on the way.
func (r *refReacher) seq(nodes []node, curs []int16) []int16 {
	for _, nd := range nodes {
		if len(curs) == 0 {
			return nil
		}
		curs = r.node(nd, curs)
	}
	return curs
}

func (r *refReacher) normal(n *normal, curs []int16, offboard *[]int16) []int16 {
	var next []int16
	for _, cur := range curs {
		placed := n.at(r.side, int(cur))
		last := cur
		ok := true
		for i, o := range n.ops {
			sq := placed[i]
			if sq < 0 {
				if n.marks {
					continue
				}
				if offboard != nil {
					*offboard = append(*offboard, last)
				}
				ok = false
				break
			}
			last = sq
			switch o.kind {
			case opCapt, opPickCapt:
				r.out.set(int(sq))
			case opMov, opPut:
				r.movs = append(r.movs, sq)
			}
		}
		if ok {
			next = append(next, n.end[r.side][cur])
		}
	}
	return refDedupe(next)
}

func (r *refReacher) node(nd node, curs []int16) []int16 {
	switch x := nd.(type) {
	case *normal:
		return r.normal(x, curs, nil)
	case *optNode:
		var all []int16
		for _, b := range x.branches {
			all = append(all, r.seq(b, curs)...)
		}
		return refDedupe(all)
	case *excNode:
		var all []int16
		for _, b := range x.branches {
			all = append(all, r.seq(b, curs)...)
		}
		return refDedupe(all)
	case *randNode:
		var all []int16
		for _, b := range x.branches {
			all = append(all, r.seq(b, curs)...)
		}
		return refDedupe(all)
	case *blockNode:
		return refDedupe(append(r.seq(x.body, curs), curs...))
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
func (r *refReacher) multi(m *multiNode, curs []int16) []int16 {
	seen := map[int16]bool{}
	for _, c := range curs {
		seen[c] = true
	}
	all := append([]int16(nil), curs...)
	frontier := curs
	for step := 0; len(frontier) > 0 && (m.count == 0 || step < m.count); step++ {
		r.movs = r.movs[:0]
		for _, l := range m.lines {
			r.seq(l, frontier)
		}
		frontier = nil
		for _, sq := range r.movs {
			if !seen[sq] {
				seen[sq] = true
				frontier = append(frontier, sq)
				all = append(all, sq)
			}
		}
	}
	return all
}

// slide follows the iterations over (square, cycle phase) states until no
// new state appears. Then runs wherever a body op could fail, out from every
// last square before the board's edge, and what follows the slide from any
// reached state.
func (r *refReacher) slide(s *slideNode, curs []int16) []int16 {
	phases := max(len(s.cycle), 1)
	type state struct{ sq, phase int16 }
	seen := map[state]bool{}
	var frontier []state
	for _, c := range curs {
		st := state{c, 0}
		if !seen[st] {
			seen[st] = true
			frontier = append(frontier, st)
		}
	}
	var starts, looked, offs []int16
	for len(frontier) > 0 {
		st := frontier[len(frontier)-1]
		frontier = frontier[:len(frontier)-1]
		starts = append(starts, st.sq)
		c := []int16{st.sq}
		if len(s.cycle) > 0 {
			cy := s.cycle[st.phase]
			looked = append(looked, r.opSquares(cy, c)...)
			c = r.normal(cy, c, &offs)
		}
		for _, nd := range s.body {
			n := nd.(*normal) // reachable checked this
			looked = append(looked, r.opSquares(n, c)...)
			c = r.normal(n, c, &offs)
		}
		for _, sq := range c {
			next := state{sq, int16((int(st.phase) + 1) % phases)}
			if !seen[next] {
				seen[next] = true
				frontier = append(frontier, next)
			}
		}
	}
	all := append([]int16(nil), starts...)
	if s.hasThen {
		all = append(all, r.seq(s.then, refDedupe(looked))...)
	}
	if s.hasOut {
		all = append(all, r.seq(s.out, refDedupe(offs))...)
	}
	return refDedupe(all)
}

func (r *refReacher) opSquares(n *normal, curs []int16) []int16 {
	var out []int16
	for _, cur := range curs {
		for _, sq := range n.at(r.side, int(cur)) {
			if sq >= 0 {
				out = append(out, sq)
			}
		}
	}
	return out
}

func refDedupe(s []int16) []int16 {
	if len(s) < 2 {
		return s
	}
	seen := map[int16]bool{}
	out := s[:0]
	for _, v := range s {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}
