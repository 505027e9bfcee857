package movegen

import (
	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier"
)

// Stage: moves. What generation produces: a Move is the path of placed
// normals a partial move took; a MoveList owns their storage.

// ref is one placed normal of a move: the normal and the square its ops are
// measured from.
type ref struct {
	n  *normal
	at board.Square
}

// Move is a move: the piece that makes it and the normals, from the root of
// its line to where it ends, whose actions playing it runs in order. A Move
// refers to storage of the MoveList it came from, or in Incremental mode of
// the board that generated it, and stays valid while that list is not reset
// and the board is not taken back (Unmake) to before the list was filled;
// Clone detaches it.
type Move struct {
	Piece int32        // identity of the moving piece
	From  board.Square // the square it moves from
	code  tier.Move    // on the bitboard tier: the compact move (refs is nil)
	refs  []ref
	local []int64 // move-local memory at the end of generation, for actions that read l
	sig   uint64
}

// Clone returns a copy of the move that owns its storage.
func (m Move) Clone() Move {
	m.refs = append([]ref(nil), m.refs...)
	m.local = append([]int64(nil), m.local...)
	return m
}

// forbidsCheck reports whether m holds a nocheck: it is legal only if it
// leaves the opponent's royal pieces safe.
func (m Move) forbidsCheck() bool {
	for _, r := range m.refs {
		if r.n.nocheck {
			return true
		}
	}
	return false
}

// MoveList holds generated moves and the storage they refer to. Reuse one
// list per search depth: generating into it again invalidates its old moves.
type MoveList struct {
	Moves  []Move
	arena  []ref
	locals []int64
	seen   sigFilter
}

// Reset empties the list, keeping its storage.
func (l *MoveList) Reset() {
	l.Moves, l.arena, l.locals = l.Moves[:0], l.arena[:0], l.locals[:0]
}

// Len returns the number of moves.
func (l *MoveList) Len() int { return len(l.Moves) }

// sigFilter answers "has this piece already a move with signature sig"
// quickly: a 256-bit filter says no at once for most new signatures, and
// only a possible yes scans the moves.
type sigFilter struct {
	list  *MoveList
	start int
	bits  [4]uint64
}

func (f *sigFilter) reset(list *MoveList, start int) {
	f.list, f.start, f.bits = list, start, [4]uint64{}
}

func (f *sigFilter) add(sig uint64) { f.bits[sig>>62] |= 1 << (sig & 63) }

func (f *sigFilter) has(sig uint64) bool {
	if f.bits[sig>>62]&(1<<(sig&63)) == 0 {
		return false
	}
	for _, m := range f.list.Moves[f.start:] {
		if m.sig == sig {
			return true
		}
	}
	return false
}

// signature hashes what a move does: its actions and their squares, with no-ops
// left out and every mov dropped that a later mov overrides before any action
// touches the square it went to, so that two paths to the same effect get
// the same signature.
func signature(path []ref, side board.Side) uint64 {
	h := uint64(14695981039346656037)
	add := func(v uint64) { h = (h ^ v) * 1099511628211 }
	pendingMov := int16(-1)
	for _, r := range path {
		n := r.n
		placed := n.at(side, int(r.at))
		for i := range n.ops {
			o := &n.ops[i]
			if !o.kind.isAction() || o.kind == opMark || o.kind == opPass || placed[i] < 0 {
				continue
			}
			if o.kind == opMov {
				pendingMov = placed[i]
				continue
			}
			if pendingMov == placed[i] { // the action concerns the moved piece
				add(uint64(opMov)<<32 | uint64(pendingMov))
				pendingMov = -1
			}
			add(uint64(o.kind)<<32 | uint64(uint16(placed[i]))<<8 | uint64(o.typ))
			if o.kind == opSet || o.kind == opAdd {
				add(uint64(uint32(o.a.Value))<<32 | uint64(uint32(o.b.Value)))
				add(uint64(o.a.Kind)<<8 | uint64(o.b.Kind) | uint64(len(o.a.Path))<<16 | uint64(len(o.b.Path))<<24)
			}
		}
	}
	if pendingMov >= 0 {
		add(uint64(opMov)<<32 | uint64(pendingMov))
	}
	return h
}

// Key identifies a move among the moves of its position: the moving piece
// and what the move does. Two moves of one position with the same effect
// were merged into one by generation, so the key is unique there; a search
// stores it (in a transposition table, as a killer) to find the move again.
func (m Move) Key() uint64 {
	return m.sig ^ uint64(uint32(m.Piece))*0x9e3779b97f4a7c15
}

// At returns move i.
func (l *MoveList) At(i int) Move { return l.Moves[i] }

// Swap exchanges moves i and j.
func (l *MoveList) Swap(i, j int) { l.Moves[i], l.Moves[j] = l.Moves[j], l.Moves[i] }

// Truncate keeps the first n moves (their storage stays in the list).
func (l *MoveList) Truncate(n int) { l.Moves = l.Moves[:n] }

// Normals returns how many normals the move is made of: 0 for a move of a
// board on the bitboard tier, which is a compact move.
func (m Move) Normals() int { return len(m.refs) }

// MoveLists returns n empty move lists, allocated together: one per ply of
// a search.
func (b *Board) MoveLists(n int) []*MoveList {
	lists := make([]MoveList, n)
	out := make([]*MoveList, n)
	for i := range lists {
		out[i] = &lists[i]
	}
	return out
}
