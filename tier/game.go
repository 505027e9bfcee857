package tier

import (
	"math/bits"
	"strings"

	"github.com/alfil-go/alfil/board"
)

// Stage: the search's view. What package ai's Game asks of a position —
// move lists, captures only, status, the facts that order moves and
// evaluate — so that the search written once for every engine runs on the
// tier's compact moves.

// Key identifies the move among its position's moves (never 0).
func (m Move) Key() uint64 { return uint64(m) }

// Clone returns m: a Move owns nothing.
func (m Move) Clone() Move { return m }

// At returns move i.
func (l *MoveList) At(i int) Move { return l.Moves[i] }

// Swap exchanges moves i and j.
func (l *MoveList) Swap(i, j int) { l.Moves[i], l.Moves[j] = l.Moves[j], l.Moves[i] }

// Truncate keeps the first n moves.
func (l *MoveList) Truncate(n int) { l.Moves = l.Moves[:n] }

// MoveLists returns n empty move lists, one per ply of a search.
func (p *Position) MoveLists(n int) []*MoveList {
	out := make([]*MoveList, n)
	for i := range out {
		out[i] = &MoveList{Moves: make([]Move, 0, 64)}
	}
	return out
}

// LegalCaptures fills list with the legal moves that capture, in Legal's
// order, and reports whether there is any legal move.
func (p *Position) LegalCaptures(list *MoveList) bool {
	p.Legal(list)
	any := len(list.Moves) > 0
	keep := list.Moves[:0]
	for _, m := range list.Moves {
		if p.Captures(m) {
			keep = append(keep, m)
		}
	}
	list.Moves = keep
	return any
}

// Err is always nil: the tier has no budget to run out of.
func (p *Position) Err() error { return nil }

// Status returns the result a move set, or the end that having no legal
// move brings (the variant's nomoves rules), or board.Ongoing.
func (p *Position) Status() board.Result {
	if p.result != board.Ongoing {
		return p.result
	}
	var list MoveList
	list.Moves = p.scratch[:0]
	p.Legal(&list)
	p.scratch = list.Moves
	if len(list.Moves) > 0 {
		return board.Ongoing
	}
	r := p.r.spec.Stalemate
	if p.InCheck() {
		r = p.r.spec.Checkmate
	}
	switch r {
	case board.FirstWins:
		return board.WinFor(p.toMove)
	case board.SecondWins:
		return board.WinFor(p.toMove.Other())
	}
	return r
}

// Mover returns the type of the piece m moves.
func (p *Position) Mover(m Move) int {
	t, _ := decode(p.board[m.From()])
	return t
}

// Victim returns the largest values[t] over the types t of the opponent
// pieces m captures directly (ghosts left out), 0 when none.
func (p *Position) Victim(m Move, values []int) int {
	them := p.toMove.Other()
	value := func(sq board.Square) int {
		if c := p.board[sq]; c != 0 {
			if t, s := decode(c); s == them {
				return values[t]
			}
		}
		return 0
	}
	if line := m.line(); line >= 0 {
		v := 0
		for _, a := range p.r.scripts[line].at[p.toMove][m.From()].Acts {
			if a.Kind == Capt {
				v = max(v, value(a.Sq))
			}
		}
		return v
	}
	if m.captures() {
		return value(m.To())
	}
	return 0
}

// MoveString returns m in UCI form — from, to and the lower-case letter of
// a promotion — or, for a move that does not take its piece elsewhere, the
// from square and each action with its square (c3/capt:b4).
func (p *Position) MoveString(m Move) string {
	names := p.r.spec.SquareNames
	from, to := m.From(), m.To()
	if from != to {
		s := names[from] + names[to]
		for _, a := range p.Actions(m) {
			if a.Kind == Promote && a.Sq == to {
				s += strings.ToLower(string(p.r.spec.Types[a.Type].Letter))
			}
		}
		return s
	}
	var sb strings.Builder
	sb.WriteString(names[from])
	for _, a := range p.Actions(m) {
		sb.WriteString("/" + a.Kind.String() + ":" + names[a.Sq])
	}
	return sb.String()
}

// Material returns the sum of values[t] over the side to move's pieces, t
// their types, less the same over the opponent's.
func (p *Position) Material(values []int) int {
	us, them := p.side[p.toMove], p.side[p.toMove.Other()]
	v := 0
	for t, b := range p.types {
		v += values[t] * (bits.OnesCount64(b&us) - bits.OnesCount64(b&them))
	}
	return v
}

// Mobility counts side's pseudo-legal moves.
func (p *Position) Mobility(side board.Side) int {
	saved := p.toMove
	p.toMove = side
	var list MoveList
	list.Moves = p.scratch[:0]
	p.Pseudo(&list)
	p.scratch = list.Moves
	p.toMove = saved
	return len(list.Moves)
}

// EvalHook is 0: a variant with an evaluation hook is not lowered.
func (p *Position) EvalHook() int { return 0 }
