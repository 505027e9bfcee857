package movegen

import (
	"slices"

	"github.com/alfil-go/alfil/board"
)

// Stage: the pass rule (docs/language.md § Passing). With pass a side may
// pass its turn instead of moving (Fairy-Stockfish's pass, janggi); with
// pass stalemate only when it has no other legal move (passOnStalemate,
// ataxx and othello). A pass is one move per position, made by the side's
// royal piece or, without one, by its piece on the lowest square, as
// Fairy-Stockfish makes it; it is legal like any move (a side in check may
// not pass), and two passes in a row end the game in a draw.

// passRule compiles the pass rule: the pass move is a normal of one pass
// action, placed on every square.
func (c *compiler) passRule() {
	f, p := c.file, c.prog
	if f.Pass == nil {
		return
	}
	n := &normal{src: c.lines.Position(f.Pass.Pos), actions: true, ops: []op{{kind: opPass}}}
	c.place(n)
	p.passing, p.passStuck = n, f.Pass.Stalemate
}

// IsPass reports whether m is the pass move of the pass rule.
func (b *Board) IsPass(m Move) bool {
	if m.code != 0 {
		return b.prog.passing != nil && m.code.IsPass() // a move of the tier's lists (spec.PassMove)
	}
	return b.prog.passing != nil && len(m.refs) == 1 && m.refs[0].n == b.prog.passing
}

// passer returns the piece that makes side's pass: its royal piece on the
// lowest square, or its piece on the lowest square (squares counted from
// a1 along the first rank, then the next: Fairy-Stockfish's king square or
// lsb of its pieces), or false when it has no piece on the board.
func (b *Board) passer(side board.Side) (int32, bool) {
	pos := b.pos
	first := int32(-1)
	for sq := range board.Square(b.prog.Width * b.prog.Height) {
		id := pos.At(sq)
		if id < 0 {
			continue
		}
		pc := &pos.Pieces[id]
		if pc.Side != side || b.prog.types[pc.Type].Ghost {
			continue
		}
		if b.prog.types[pc.Type].Royal {
			return id, true
		}
		if first < 0 {
			first = id
		}
	}
	return first, first >= 0
}

// passMove returns side's pass move, its ref stored in list, or false when
// the rule gives none: no pass rule, the game over, or no piece to pass.
// It does not judge the move's legality.
func (b *Board) passMove(list *MoveList, side board.Side) (Move, bool) {
	if b.prog.passing == nil || b.pos.Result != board.Ongoing || b.err != nil {
		return Move{}, false
	}
	id, ok := b.passer(side)
	if !ok {
		return Move{}, false
	}
	sq := b.pos.Pieces[id].Square
	list.arena = append(list.arena, ref{n: b.prog.passing, at: sq})
	refs := list.arena[len(list.arena)-1 : len(list.arena) : len(list.arena)]
	return Move{Piece: id, From: sq, refs: refs, sig: signature(refs, side)}, true
}

// passLegal reports whether side to move may pass, m being its pass: it
// may not leave its royal pieces capturable (a side in check may not
// pass).
func (b *Board) passLegal(m Move) bool {
	if b.prog.checkable && b.checkedAny(b.pos.ToMove) {
		return false // a checked piece must move (checkable.go)
	}
	if b.Facing() {
		// facing pieces may always be answered by a pass, even in check,
		// unless they may never face each other (facing.go)
		return !b.prog.facing.illegal
	}
	if !b.prog.royal {
		return true
	}
	j := judge{b: b, side: b.pos.ToMove}
	if b.prog.lastRoyal {
		j.guards = b.guardedRoyals(j.side)
	}
	return j.legal(m)
}

// addPass adds the pass move to list, which holds the legal moves of the
// side to move (judged) or its pseudo-legal ones, when the rule allows it:
// always with pass, only to an empty list with pass stalemate; never
// beside a capture when captures are forced.
func (b *Board) addPass(list *MoveList, judged bool) {
	if b.prog.passing == nil || b.prog.passStuck && list.Len() > 0 {
		return
	}
	side := b.pos.ToMove
	if b.prog.forced && slices.ContainsFunc(list.Moves, func(m Move) bool { return b.captures(m, side) }) {
		return
	}
	m, ok := b.passMove(list, side)
	if ok && (!judged || b.passLegal(m)) {
		list.Moves = append(list.Moves, m)
	}
}

// canPass reports whether the side to move, which has no other legal
// move, may pass.
func (b *Board) canPass() bool {
	var list MoveList
	m, ok := b.passMove(&list, b.pos.ToMove)
	return ok && b.passLegal(m)
}

// countPass records, after move m was played, how many passes in a row
// led to the position, and ends the game at the second.
func (b *Board) countPass(m Move) {
	pos := b.pos
	if !b.IsPass(m) {
		pos.SetPasses(0)
		return
	}
	pos.SetPasses(pos.Passes + 1)
	if pos.Passes >= 2 && pos.Result == board.Ongoing {
		pos.SetResult(b.prog.countResult(pos))
	}
}

// fullBoardEnd returns the result of a position with no empty square
// under fullboard R (docs/language.md § Passing: games that fill the
// board), or board.Ongoing: R for the side to move, or with fullboard
// count a win for the side with more pieces on the board (a draw when
// they have as many) — Fairy-Stockfish's adjudicateFullBoard with
// materialCounting. A ghost's square counts as empty.
func (p *Program) fullBoardEnd(pos *board.Position) board.Result {
	if p.fullBoard == board.Ongoing && !p.fullCount {
		return board.Ongoing
	}
	for sq := range board.Square(pos.Squares()) {
		if pc := pos.PieceAt(sq); pc == nil || p.types[pc.Type].Ghost {
			return board.Ongoing
		}
	}
	if !p.fullCount {
		return resultFor(p.fullBoard, pos.ToMove)
	}
	return p.countResult(pos)
}

// BoardFilled reports whether the full-board rule ends pos (fullboard R,
// docs/language.md § Passing): the variant has one and no square is
// empty.
func (p *Program) BoardFilled(pos *board.Position) bool {
	return p.fullBoardEnd(pos) != board.Ongoing
}

// countResult returns the result of a game ended by two passes in a row
// or a full board under fullboard count: the side with more pieces on
// the board wins, as many draw (Fairy-Stockfish's materialCounting); a
// draw without fullboard count.
func (p *Program) countResult(pos *board.Position) board.Result {
	if !p.fullCount {
		return board.Draw
	}
	var count [2]int
	for id := range pos.Pieces {
		if pc := &pos.Pieces[id]; pc.OnBoard && !p.types[pc.Type].Ghost && !p.types[pc.Type].Wall {
			count[pc.Side]++
		}
	}
	switch {
	case count[board.First] > count[board.Second]:
		return board.WinFor(board.First)
	case count[board.Second] > count[board.First]:
		return board.WinFor(board.Second)
	}
	return board.Draw
}
