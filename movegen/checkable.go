package movegen

import (
	"slices"
	"strings"

	"github.com/alfil-go/alfil/board"
)

// Stage: check as its own attribute (docs/language.md § Check as its own
// attribute). A piece of a checkable type standing where the opponent
// could capture it is checked; Legal then keeps, after the royal rule and
// the gates (and, with the wall rule, after the walls), only the moves the
// rule allows:
//
//  1. while the side has checked pieces, a move must move one of them;
//  2. a move may not leave the piece it moves, checkable after the move,
//     where the opponent could capture it — unless that piece is checked
//     and every one of its moves would, and then each of them is legal;
//  3. no other move is restricted: there are no pins;
//  4. a checked side whose checked pieces cannot move has no legal move,
//     and InCheck is true for it (nomoves check decides).
//
// The filter sits in Legal after pseudo, so both interpreted modes share
// it; only where the threat is read differs (the keeper's attack map in
// the Incremental mode, generation in Full). The tier declines checkable
// variants (lower.go).

// noteCheckable records, for a variant with checkable types, whether a
// promote anywhere in its lines or hooks makes a piece checkable: then a
// move of any piece may end with a checkable one, and rule 2 judges them
// all; otherwise only the moves of checkable pieces.
func (p *Program) noteCheckable() {
	if !p.checkable {
		return
	}
	for _, t := range p.types {
		lines := slices.Concat(t.Lines, t.OnDeath, t.Drops, t.Gates)
		for _, h := range t.Every {
			lines = append(lines, h.Line)
		}
		for _, l := range lines {
			eachNormal(l.nodes, func(n *normal) {
				for _, o := range n.ops {
					if o.kind == opPromote && p.types[o.typ].Checkable {
						p.promotesCheckable = true
					}
				}
			})
		}
	}
}

// keepCheckable drops from list, the side to move's moves judged by every
// other rule of the position, those the check rule forbids (rules 1-3
// above).
func (b *Board) keepCheckable(list *MoveList) {
	side := b.pos.ToMove
	// scratch on the stack, not on the board: boards of every variant
	// would carry it (a chess board stays within 4 KB, mem_test.go)
	var checkedBuf, trappedBuf [8]int32
	var intoBuf [256]bool
	checked := b.checkedPieces(side, checkedBuf[:0])
	into := intoBuf[:0]
	moves := list.Moves
	n := 0
	for _, m := range moves {
		p := b.boardMover(m)
		if len(checked) > 0 && !slices.Contains(checked, p) {
			continue // rule 1: a checked piece must move
		}
		moves[n] = m
		n++
		judged := p >= 0 && (b.prog.promotesCheckable || b.prog.types[b.pos.Pieces[p].Type].Checkable)
		into = append(into, judged && b.intoThreat(m, side))
	}
	moves = moves[:n]
	// rule 2's exception: a checked piece that cannot help stepping into
	// threat moves anyway
	trapped := trappedBuf[:0]
	for _, c := range checked {
		moved, allInto := false, true
		for i, m := range moves {
			if m.Piece == c {
				moved, allInto = true, allInto && into[i]
			}
		}
		if moved && allInto {
			trapped = append(trapped, c)
		}
	}
	keep := moves[:0]
	for i, m := range moves {
		if !into[i] || slices.Contains(trapped, m.Piece) {
			keep = append(keep, m)
		}
	}
	list.Moves = keep
}

// boardMover returns the piece on the board that m moves, or -1 for a
// drop or a pass, which move none.
func (b *Board) boardMover(m Move) int32 {
	if b.IsPass(m) || b.IsDrop(m) {
		return -1
	}
	return m.Piece
}

// checkedPieces appends to out side's checked pieces: those of a
// checkable type on a square the opponent could capture on.
func (b *Board) checkedPieces(side board.Side, out []int32) []int32 {
	for id := range b.pos.Pieces {
		if b.checkedPiece(int32(id), side) {
			out = append(out, int32(id))
		}
	}
	return out
}

// checkedAny reports whether side has a checked piece.
func (b *Board) checkedAny(side board.Side) bool {
	for id := range b.pos.Pieces {
		if b.checkedPiece(int32(id), side) {
			return true
		}
	}
	return false
}

// checkedPiece reports whether piece id is side's, checkable, on the
// board and capturable by the opponent.
func (b *Board) checkedPiece(id int32, side board.Side) bool {
	pc := &b.pos.Pieces[id]
	// the attack test of the royal rule: it reads the keeper's attack map
	// in the Incremental mode, the lines in Full
	return pc.OnBoard && pc.Side == side && b.prog.types[pc.Type].Checkable && b.royalSquareCapturable(pc.Square, side)
}

// intoThreat reports whether move m of side leaves the piece it moves on
// the board, of a checkable type, where the opponent could capture it,
// judged by playing it. A move after which the game is over — a result
// set by its actions or the end of the ply (extinction), or the
// opponent's last royal piece taken — leaves nothing threatened: the
// opponent has no move.
func (b *Board) intoThreat(m Move, side board.Side) bool {
	before := b.royalCounts()
	mk := b.Mark()
	b.played++
	b.play(m, side)
	b.probing, b.probe = true, mk.pos
	pc := &b.pos.Pieces[m.Piece]
	opp := side.Other()
	over := b.pos.Result != board.Ongoing || before[opp] > 0 && b.pos.Royals(opp) == 0
	into := !over && pc.OnBoard && pc.Side == side && b.prog.types[pc.Type].Checkable && b.royalSquareCapturable(pc.Square, side)
	b.probing = false
	b.Unmake(mk)
	return into
}

// checkableWhy is the tier's reason to decline a variant with checkable
// types, naming them: the tier's check logic (one royal king, pins, the
// evasions of a side in check) cannot say "this piece must move".
func checkableWhy(p *Program) string {
	var names []string
	for _, t := range p.types {
		if t.Checkable {
			names = append(names, t.Name)
		}
	}
	return strings.Join(names, ", ") + " (the check rule of checkable pieces runs interpreted)"
}
