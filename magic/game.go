package magic

import (
	"math/bits"

	"github.com/alfil-go/alfil/board"
)

// The methods below let a search play on a Position as on a board of the
// piece language: with Make and Unmake they are the game interface of
// package ai, so one search runs on both engines. Sides, results and piece
// values use package board's vocabulary: White is board.First, and a piece
// type is its Piece number (Pawn 0 … King 5).

// MoveList holds the moves Legal fills in.
type MoveList struct{ Moves []Move }

// Len returns the number of moves.
func (l *MoveList) Len() int { return len(l.Moves) }

// At returns move i.
func (l *MoveList) At(i int) Move { return l.Moves[i] }

// Swap exchanges moves i and j.
func (l *MoveList) Swap(i, j int) { l.Moves[i], l.Moves[j] = l.Moves[j], l.Moves[i] }

// Truncate keeps the first n moves.
func (l *MoveList) Truncate(n int) { l.Moves = l.Moves[:n] }

// MoveLists returns n empty move lists, allocated together: one per ply
// of a search.
func (p *Position) MoveLists(n int) []*MoveList {
	lists := make([]MoveList, n)
	out := make([]*MoveList, n)
	for i := range lists {
		out[i] = &lists[i]
	}
	return out
}

// Legal fills list with the legal moves.
func (p *Position) Legal(list *MoveList) { list.Moves = p.LegalMoves(list.Moves[:0]) }

// LegalCaptures fills list with the legal captures (en passant and
// capturing promotions included) and reports whether there is any legal
// move.
func (p *Position) LegalCaptures(list *MoveList) bool {
	list.Moves = p.LegalMoves(list.Moves[:0])
	any := len(list.Moves) > 0
	n := 0
	for _, m := range list.Moves {
		if m.Kind().IsCapture() {
			list.Moves[n] = m
			n++
		}
	}
	list.Moves = list.Moves[:n]
	return any
}

// Err is always nil: the bitboard generator has no budgets to run out of.
func (p *Position) Err() error { return nil }

// Clone returns a copy of the position.
func (p *Position) Clone() *Position {
	c := *p
	return &c
}

// ToMove returns the side to move: board.First for White.
func (p *Position) ToMove() board.Side { return board.Side(p.side) }

// Result is always board.Ongoing: no chess move ends the game by itself;
// Status tells mate and stalemate.
func (p *Position) Result() board.Result { return board.Ongoing }

// Status tells whether the game is over: checkmate is a win for the side
// that gave it, stalemate a draw. The fifty-move rule and repetitions are
// not adjudicated.
func (p *Position) Status() board.Result {
	var buf [MaxMoves]Move
	if p.generate(&buf) > 0 {
		return board.Ongoing
	}
	if p.InCheck() {
		return board.WinFor(p.ToMove().Other())
	}
	return board.Draw
}

// Captures reports whether m captures.
func (p *Position) Captures(m Move) bool { return m.Kind().IsCapture() }

// Mover returns the type of the piece m moves.
func (p *Position) Mover(m Move) int { return int(p.board[m.From()]) }

// Victim returns values[t] for the type t that m captures, 0 for a quiet
// move.
func (p *Position) Victim(m Move, values []int) int {
	switch k := m.Kind(); {
	case k == EnPassant:
		return values[Pawn]
	case k.IsCapture():
		return values[p.board[m.To()]]
	}
	return 0
}

// MoveString returns m in UCI form.
func (p *Position) MoveString(m Move) string { return m.String() }

// Material returns the sum of values over the side to move's pieces less
// the opponent's, values indexed by Piece.
func (p *Position) Material(values []int) int {
	us, them := &p.pieces[p.side], &p.pieces[p.side^1]
	v := 0
	for pc := Pawn; pc <= King; pc++ {
		v += values[pc] * (us[pc].Count() - them[pc].Count())
	}
	return v
}

// Mobility counts the squares side's pieces attack that side does not
// occupy: a cheap stand-in for its number of moves.
func (p *Position) Mobility(side board.Side) int {
	c := Color(side)
	return (p.attacked(c, p.all()) &^ p.occ[c]).Count()
}

// EvalHook is 0: chess has no evaluation hook.
func (p *Position) EvalHook() int { return 0 }

// Key identifies the move among the moves of its position; it is never 0.
func (m Move) Key() uint64 { return uint64(m) }

// Clone returns the move: a Move holds no storage.
func (m Move) Clone() Move { return m }

// zobrist holds the hash keys: per color, piece and square; the side to
// move; the castling rights; the en-passant file.
var zobrist = func() (z struct {
	piece  [2][6][64]uint64
	black  uint64
	castle [16]uint64
	ep     [8]uint64
}) {
	rng := splitmix(0x5eed)
	for c := range z.piece {
		for pc := range z.piece[c] {
			for s := range z.piece[c][pc] {
				z.piece[c][pc][s] = rng.next()
			}
		}
	}
	z.black = rng.next()
	for i := range z.castle {
		z.castle[i] = rng.next()
	}
	for i := range z.ep {
		z.ep[i] = rng.next()
	}
	return z
}()

// Halfmove returns the plies since the last capture or pawn move.
func (p *Position) Halfmove() int { return p.halfmove }

// Hash returns a Zobrist hash of the position: the pieces, the side to
// move, the castling rights and the en-passant file. It is computed from
// the bitboards on each call (a few dozen operations), not kept up to
// date by Make, so that Make stays as fast as it is.
func (p *Position) Hash() uint64 {
	var h uint64
	for c := range p.pieces {
		for pc, b := range p.pieces[c] {
			for b != 0 {
				s := bits.TrailingZeros64(uint64(b))
				b &= b - 1
				h ^= zobrist.piece[c][pc][s]
			}
		}
	}
	if p.side == Black {
		h ^= zobrist.black
	}
	h ^= zobrist.castle[p.castle&15]
	if p.ep != NoSquare {
		h ^= zobrist.ep[p.ep.File()]
	}
	return h
}
