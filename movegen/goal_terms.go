package movegen

import (
	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
)

// Stage: the goal's terms (docs/language.md § Goals and checks): goal
// any (any piece of the side but ghosts), count N (N of them on the
// region), full (or one while every square of the region holds a piece)
// and safe (the pieces that make the goal, when there are exactly N, may
// not stand capturable) — Fairy-Stockfish's flagPiece = *,
// flagPieceCount, flagPieceBlockedWin and flagPieceSafe. The bitboard
// tier plays the plain goal only (lower.go).

// goalAnyType is spec.Goal's Type of a goal of any piece.
const goalAnyType = -2

// goalTerms are the goal's count (0: one), full and safe.
type goalTerms struct {
	count      int
	full, safe bool
}

// compileGoalTerms reads the terms of the file's goals, which stand alike
// on every goal (lang's checks).
func compileGoalTerms(f *lang.File) goalTerms {
	if len(f.Goals) == 0 {
		return goalTerms{}
	}
	g := f.Goals[0]
	t := goalTerms{full: g.Full, safe: g.Safe}
	if g.Count > 1 {
		t.count = g.Count
	}
	return t
}

// goalTermsWhy says why the tier does not play the variant's goal, or "".
func (p *Program) goalTermsWhy() string {
	switch {
	case p.goal == nil:
	case p.goal.Type[0] == goalAnyType || p.goal.Type[1] == goalAnyType:
		return "the variant's goal is reached by any piece"
	case p.goalTerms != (goalTerms{}):
		return "the variant's goal has count, full or safe"
	}
	return ""
}

// goalType reports whether a piece is of the goal type typ: the type
// itself, or with goal any any type but a ghost.
func goalType(types []*PieceType, typ int, pc *board.Piece) bool {
	if typ == goalAnyType {
		return !types[pc.Type].Ghost
	}
	return int(pc.Type) == typ
}

// goalPieces returns the squares of the region of side s that hold a
// piece of its goal type, and whether every square of the region holds a
// piece.
func (p *Program) goalPieces(pos *board.Position, s board.Side) (on []board.Square, full bool) {
	full = true
	for _, sq := range p.goal.Region[s] {
		pc := pos.PieceAt(sq)
		if pc == nil || p.types[pc.Type].Ghost {
			full = false
			continue
		}
		if pc.Side == s && goalType(p.types, p.goal.Type[s], pc) {
			on = append(on, sq)
		}
	}
	return on, full
}

// goalCounted reports whether side s has reached its goal by count and
// full, as Fairy-Stockfish's flag_reached counts before its safety test:
// one of its pieces there at least, and count of them or the region full.
func (p *Program) goalCounted(pos *board.Position, s board.Side) bool {
	on, full := p.goalPieces(pos, s)
	return len(on) > 0 && (len(on) >= max(p.goalTerms.count, 1) || p.goalTerms.full && full)
}

// goalSafe reports whether side s has reached its goal with pieces the
// opponent cannot capture: when exactly count of them stand there, none
// may be capturable (with more, one may fall and the goal still stand).
func (b *Board) goalSafe(s board.Side) bool {
	p := b.prog
	if !p.goalCounted(b.pos, s) {
		return false
	}
	on, _ := p.goalPieces(b.pos, s)
	if len(on) != max(p.goalTerms.count, 1) {
		return true
	}
	for _, sq := range on {
		if b.capturable(sq, s.Other()) {
			return false
		}
	}
	return true
}

// safeGoalOutcome is the result of a safe goal (Fairy-Stockfish's
// flagPieceSafe, in is_immediate_game_end): the side to move that has
// reached its goal — safely, or at all with hold (flagMove), where the
// opponent's move failed to dislodge it — has won, or drawn when without
// hold the side that moved has safely reached its own; otherwise the side
// that moved and has safely reached its goal has won.
func (b *Board) safeGoalOutcome(reached [2]bool) board.Result {
	p, stm := b.prog, b.pos.ToMove
	mover := stm.Other()
	if p.goal.Hold && reached[stm] || !p.goal.Hold && b.goalSafe(stm) {
		if !p.goal.Hold && b.goalSafe(mover) {
			return board.Draw
		}
		return board.WinFor(stm)
	}
	if reached[mover] && b.goalSafe(mover) {
		return board.WinFor(mover)
	}
	return board.Ongoing
}
