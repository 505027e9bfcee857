package movegen

import (
	"slices"

	"github.com/alfil-go/alfil/memory"
)

// Stage: compile (what legality may assume of a line). The incremental
// mode judges most candidate moves without playing them (incState.quietLegal).
// Two facts about a line let it judge more of them:
//
//   - a line whose captures are vacancy-monotone (vacancyMonotone) can
//     capture on a square after a move only if it could with the squares
//     the move empties emptied and nothing else changed: filling a square,
//     or changing whose piece stands on it, never opens a capture of it
//     elsewhere;
//   - an every hook that touches only its own piece's memory (and perhaps
//     promotes it) changes nothing on the board that legality has to play
//     the move to see (memoryLocal).

// vacancyMonotone reports whether the captures of line l are
// vacancy-monotone: every square the line reads is asked only whether it
// is empty, except the square of a capture, which is asked whether an
// enemy stands there and ends the move (docs/language.md § Multi-moves:
// pass); no slide passes its stop on to what follows it; nothing else the
// line tests depends on the board. Such a line's set of paths only grows
// when a square is emptied and only shrinks when one is filled, whoever
// fills it, so filling one never lets it capture anywhere but there.
func vacancyMonotone(l *Line) bool {
	return monotoneSeq(l.nodes, true, false, false)
}

// monotoneSeq checks a sequence of nodes; tail tells whether nothing of
// the move follows it, inMulti whether it is a multi's sub-move (another
// may follow unless a pass ends the move), atStop whether it runs where a
// slide stopped and may not step away from that square.
func monotoneSeq(nodes []node, tail, inMulti, atStop bool) bool {
	for i, nd := range nodes {
		last := tail && i == len(nodes)-1
		switch x := nd.(type) {
		case *normal:
			if !monotoneNormal(x, last && !inMulti, atStop) {
				return false
			}
		case *slideNode:
			// a slide that is not final passes the square it stopped on to
			// what follows: filling a square moves that start
			if atStop || !x.final {
				return false
			}
			// a phase is a cycle's step, which reads nothing, then the body
			if !monotoneSeq(x.body, false, inMulti, false) {
				return false
			}
			// then runs where the body failed — on a square a filling may
			// have made: it may only capture there
			if x.hasThen && !monotoneSeq(x.then, last, inMulti, true) {
				return false
			}
			// out runs past the edge, which only empty squares reach
			if x.hasOut && !monotoneSeq(x.out, last, inMulti, false) {
				return false
			}
		case *optNode:
			if atStop {
				return false
			}
			for _, br := range x.branches {
				if !monotoneSeq(br, last, inMulti, false) {
					return false
				}
			}
		case *blockNode:
			// the body is a move of its own; what follows starts where
			// the block started
			if atStop || !monotoneSeq(x.body, !inMulti, inMulti, false) {
				return false
			}
		case *limitNode:
			// the squares a limit forbids do not depend on the board
			if atStop || !last {
				return false
			}
			for _, ln := range x.lines {
				if !monotoneSeq(ln, true, inMulti, false) {
					return false
				}
			}
		case *multiNode:
			if atStop || inMulti || !last {
				return false
			}
			for _, ln := range x.lines {
				if !monotoneSeq(ln, true, true, false) {
					return false
				}
			}
		default: // exc: a branch runs because another failed
			return false
		}
	}
	return true
}

// monotoneNormal checks one normal: steps (none where a slide stopped),
// tests that do not read the board, empty, and enemy followed at the same
// square by its capture, which must end the move — a pass, or nothing
// after it (ends).
func monotoneNormal(n *normal, ends, atStop bool) bool {
	if n.marks {
		return false
	}
	enemyAt := -1 // the op index of an enemy test not yet captured
	captured := false
	for i := range n.ops {
		o := &n.ops[i]
		switch o.kind {
		case opStep:
			if atStop || enemyAt >= 0 || captured {
				return false
			}
		case opNotOrigin, opNotFirst, opNotVisited, opPos:
		case opEmpty:
			if o.not || captured {
				return false
			}
		case opEnemy:
			if o.not || captured {
				return false
			}
			enemyAt = i
		case opCapt:
			if enemyAt < 0 {
				return false
			}
			enemyAt, captured = -1, true
		case opMov:
		case opPass:
			if captured {
				ends = true
			}
		default:
			return false
		}
	}
	return enemyAt < 0 && (!captured || ends)
}

// memoryLocal reports whether a hook line reads and writes nothing but
// its own piece's memory, perhaps promoting the piece: one normal without
// steps whose tests compare numbers and cells of the piece's memory and
// whose actions set, add to or grow such cells, or promote. It also
// reports whether it promotes.
func memoryLocal(l *Line) (local, promotes bool) {
	if len(l.nodes) != 1 {
		return false, false
	}
	n, ok := l.nodes[0].(*normal)
	if !ok || n.marks {
		return false, false
	}
	own := func(a memory.Operand) bool {
		return a.Kind == memory.Const || a.Kind == memory.Cell && len(a.Path) == 1 && a.Path[0] == memory.Piece
	}
	for i := range n.ops {
		o := &n.ops[i]
		switch o.kind {
		case opMcmp, opMless, opMdiff, opSet, opAdd, opGrow:
			if !own(o.a) || !own(o.b) {
				return false, false
			}
		case opPromote:
			promotes = true
		default:
			return false, false
		}
	}
	return true, promotes
}

// readsPieceMemory reports whether some op of nodes, at any depth, has an
// operand that reads a piece's memory (a p… cell, perhaps inside an
// index).
func readsPieceMemory(nodes []node) bool {
	found := false
	eachNormal(nodes, func(n *normal) {
		for i := range n.ops {
			o := &n.ops[i]
			for _, a := range [2]memory.Operand{o.a, o.b} {
				found = found || a.Kind == memory.Cell && slices.Contains(a.Path, memory.Piece)
			}
		}
	})
	return found
}

// hasMulti reports whether nodes hold a multi at any depth.
func hasMulti(nodes []node) bool {
	found := false
	eachNode(nodes, func(nd node) {
		_, ok := nd.(*multiNode)
		found = found || ok
	})
	return found
}

// eachNormal calls visit with every normal of nodes, at any depth.
func eachNormal(nodes []node, visit func(*normal)) {
	eachNode(nodes, func(nd node) {
		switch x := nd.(type) {
		case *normal:
			visit(x)
		case *slideNode:
			for _, c := range x.cycle {
				visit(c)
			}
		case *limitNode:
			for _, sq := range x.squares {
				visit(sq)
			}
		}
	})
}

// eachNode calls visit with every node of nodes and of the sequences
// inside them, at any depth.
func eachNode(nodes []node, visit func(node)) {
	for _, nd := range nodes {
		visit(nd)
		switch x := nd.(type) {
		case *slideNode:
			eachSeq(x.phases, visit)
			eachSeq([][]node{x.body, x.then, x.out}, visit)
		case *optNode:
			eachSeq(x.branches, visit)
		case *excNode:
			eachSeq(x.branches, visit)
		case *randNode:
			eachSeq(x.branches, visit)
		case *blockNode:
			eachNode(x.body, visit)
		case *multiNode:
			eachSeq(x.lines, visit)
		case *limitNode:
			eachSeq(x.lines, visit)
		}
	}
}

// eachSeq calls eachNode on every sequence of seqs.
func eachSeq(seqs [][]node, visit func(node)) {
	for _, seq := range seqs {
		eachNode(seq, visit)
	}
}
