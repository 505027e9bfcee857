package movegen

import "github.com/alfil-go/alfil/board"

// The half-move clock and moves that can be taken back (docs/language.md,
// Attributes and hooks: resets). A move of a resets type restarts the
// clock unless its piece could step straight back: Fairy-Stockfish
// restarts it only for irreversible moves (position.cpp, do_move: a move
// of an nMoveRuleTypes piece whose plain moves from the destination do
// not reach the origin), so pawn sideways' sideways step keeps the clock
// running while its forward steps restart it.

// compileReturns records, for a resets type, the squares its plain moves
// reach from each square on a board with nothing else on it (the type's
// back tables), when some move of it can be taken back; a type none of
// whose moves returns keeps no tables and restarts the clock with every
// move, as chess's pawn does.
func (c *compiler) compileReturns(t *PieceType) {
	if !t.Resets {
		return
	}
	p := c.prog
	n := p.Width * p.Height
	var back [2][]bitset
	found := false
	for _, s := range []board.Side{board.First, board.Second} {
		back[s] = make([]bitset, n)
		for sq := range n {
			for _, l := range t.Lines {
				to, ok := plainMove(p, t, l, s, sq)
				if !ok {
					continue
				}
				if back[s][sq] == nil {
					back[s][sq] = newBitset(n)
				}
				back[s][sq].set(to)
				found = true
			}
		}
	}
	if found {
		t.back = back
	}
}

// restarts reports whether a move of a piece of type t and side s from
// from to to restarts the half-move clock: t resets, and no plain move of
// t leads from to back to from.
func (t *PieceType) restarts(s board.Side, from, to board.Square) bool {
	if !t.Resets {
		return false
	}
	if t.back[s] == nil || from < 0 || to < 0 || from == to {
		return true
	}
	b := t.back[s][to]
	return b == nil || !b.has(int(from))
}

// plainMove returns where line l of type t takes a piece of side s from
// sq on a board with nothing else on it, when l is a plain move there: a
// chain of steps, conditions and one or more mov, no other action. Its
// conditions read that board: the origin holds the piece (ally, piece,
// is and has of its type), every other square is empty, and no piece is
// unmoved (Fairy-Stockfish leaves a pawn's initial double step out); pos,
// side and notorigin read the squares. A line with another structure or
// condition (safe, count, memory…) is taken for no way back.
func plainMove(p *Program, t *PieceType, l *Line, s board.Side, sq int) (int, bool) {
	if len(l.nodes) != 1 {
		return -1, false
	}
	n, ok := l.nodes[0].(*normal)
	if !ok || n.marks || n.castle || n.gate {
		return -1, false
	}
	placed := n.at(s, sq)
	dest := -1
	for i := range n.ops {
		o := &n.ops[i]
		at := int(placed[i])
		if at < 0 {
			return -1, false
		}
		origin := at == sq
		var holds bool
		switch o.kind {
		case opStep:
			continue
		case opMov:
			dest = at
			continue
		case opEmpty:
			holds = !origin
		case opAlly, opPiece:
			holds = origin
		case opIs:
			holds = origin && o.typ == t.Index
		case opHas:
			holds = origin && t.Attrs[o.attr]
		case opEnemy, opUnmoved:
			holds = false
		case opNotOrigin:
			holds = !origin
		case opPos:
			holds = p.posHolds(o, s, at)
		default:
			return -1, false
		}
		if holds == o.not {
			return -1, false
		}
	}
	return dest, dest >= 0
}

// backSquares lists the back tables for the bitboard tier
// (spec.Type.Back).
func (t *PieceType) backSquares() [2][][]board.Square {
	var out [2][][]board.Square
	for s, per := range t.back {
		if per == nil {
			continue
		}
		out[s] = make([][]board.Square, len(per))
		for sq, b := range per {
			for o := range len(b) * 64 {
				if b.has(o) {
					out[s][sq] = append(out[s][sq], board.Square(o))
				}
			}
		}
	}
	return out
}
