package tier

import "github.com/alfil-go/alfil/board"

// Stage: moves. A Move is one 32-bit word: the squares it goes from and
// to, the type it promotes to, whether it captures on its target (which
// runs a ghost's death), and, for a move that is not plain, the script
// line it plays.

// Move is a compact move. The zero Move is no move.
type Move uint32

const (
	fromBits   = 7
	toShift    = fromBits
	promoShift = 2 * fromBits
	captShift  = promoShift + 6
	lineShift  = captShift + 1
	sqMask     = 1<<fromBits - 1
)

func plainMove(from, to int, promo int, capture bool) Move {
	m := Move(from) | Move(to)<<toShift | Move(promo+1)<<promoShift
	if capture {
		m |= 1 << captShift
	}
	return m
}

func scriptMove(from, to int, line int) Move {
	return Move(from) | Move(to)<<toShift | Move(line+1)<<lineShift
}

// From returns the square the moving piece stands on.
func (m Move) From() board.Square { return board.Square(m & sqMask) }

// To returns the square it moves to (for a script, its last mov).
func (m Move) To() board.Square { return board.Square(m >> toShift & sqMask) }

// Promotion returns the type the move promotes to, -1 for none.
func (m Move) Promotion() int { return int(m>>promoShift&63) - 1 }

// captures reports whether a plain move captures on its target.
func (m Move) captures() bool { return m>>captShift&1 != 0 }

// line returns the script line a move plays, -1 for a plain move.
func (m Move) line() int { return int(m>>lineShift) - 1 }

// MoveList holds generated moves; reuse one per ply.
type MoveList struct {
	Moves []Move
}

// Len returns the number of moves.
func (l *MoveList) Len() int { return len(l.Moves) }

// Actions returns the actions m runs, in order, as the language writes
// them: a plain move is "capt T" (when it captures), "mov T" and
// "promote X" (when it promotes); a script move is its script's actions.
func (p *Position) Actions(m Move) []Act {
	if line := m.line(); line >= 0 {
		return p.r.scripts[line].at[p.toMove][m.From()].Acts
	}
	to := m.To()
	var out []Act
	if m.captures() {
		out = append(out, Act{Kind: Capt, Sq: to})
	}
	out = append(out, Act{Kind: Mov, Sq: to})
	if promo := m.Promotion(); promo >= 0 {
		out = append(out, Act{Kind: Promote, Sq: to, Type: promo})
	}
	return out
}

// String returns the action's name as the language writes it.
func (k ActKind) String() string {
	names := [...]string{"mov", "capt", "del", "spawn", "promote", "pick", "put", "win", "lose", "draw"}
	if int(k) < len(names) {
		return names[k]
	}
	return "?"
}
