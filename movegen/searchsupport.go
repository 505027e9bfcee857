package movegen

import "github.com/alfil-go/alfil/board"

// Key identifies a move among the moves of its position: the moving piece
// and what the move does. Two moves of one position with the same effect
// were merged into one by generation, so the key is unique there; a search
// stores it (in a transposition table, as a killer) to find the move again.
func (m Move) Key() uint64 {
	return m.sig ^ uint64(uint32(m.Piece))*0x9e3779b97f4a7c15
}

// Captures reports whether m, a move of the side to move, captures an
// opponent piece: one of its capt actions falls on a square such a piece
// stands on now.
func (b *Board) Captures(m Move) bool { return b.captures(m, b.Pos.ToMove) }

// Victims calls visit with the type of every opponent piece m captures
// directly (ghosts left out), in the order of the move's actions.
func (b *Board) Victims(m Move, visit func(t int)) {
	b.eachCaptured(m, b.Pos.ToMove, func(pc *board.Piece) bool {
		if !b.Prog.Types[pc.Type].Ghost {
			visit(int(pc.Type))
		}
		return true
	})
}

// Mobility counts the pseudo-legal moves of side's pieces — what an
// evaluation weighs as mobility. In Incremental mode it counts what the
// holders keep (refreshing the dirty ones; moves repeated across a piece's
// line groups count each time), so it is cheap; in Full mode it generates.
// It works for either side, whoever is to move.
func (b *Board) Mobility(side board.Side) int {
	if b.Pos.Result != board.Ongoing {
		return 0
	}
	if in := b.inc; in != nil && b.depth == 0 {
		n := 0
		for id := range b.Pos.Pieces {
			pc := &b.Pos.Pieces[id]
			if !pc.OnBoard || pc.Side != side {
				continue
			}
			for grp := range b.Prog.Types[pc.Type].groups {
				h := id*in.slots + grp
				if in.dirty[side].Has(h) {
					b.refresh(h)
				}
				rec := &in.records[in.hrec[h]]
				n += int(rec.m1 - rec.m0)
			}
		}
		return n
	}
	if len(b.hooks) <= b.depth {
		b.hooks = append(b.hooks, &MoveList{})
	}
	list := b.hooks[b.depth]
	list.Reset()
	b.generate(list, side)
	return list.Len()
}
