package spec

import "github.com/alfil-go/alfil/board"

// Move is a compact move, one 32-bit word: the squares it goes from and
// to (eight bits each: up to 256 squares), the type it promotes to (six),
// whether it captures on its target (which runs a ghost's death), and,
// for a move that is not plain, the script line it plays (nine). A move
// of a multi (a draughts capture chain) keeps only its from square and
// names its path, by a number its position gave the path (Chain), in the
// other bits. A drop from the hand has its square as from and to, the
// type dropped where a promotion's goes, and one line value of its own
// (Drop); its capture bit says it shows its type's promoted face
// (DropPromoted). The zero Move is no move.
//
// A gated move (docs/language.md § Gating) is a move that also brings a
// piece from the hand onto a square it leaves: a plain move's gated form
// has a line value of its own (gateLine) and the gated type where a
// promotion's goes — a plain move that promotes gates nothing, which the
// tier refuses at compile time — and a script's gated form keeps its
// line, with the gated type in the promotion bits and, in the capture
// bit, which of the script's gate squares it gates (Gate, GateSecond).
//
//	bits  31..23   22     21..16       15..8   7..0
//	      line     capt   promo+1      to      from
//	      0: plain; 1..MaxLines: script line+1; passLine: the pass
//	      (from and to the passing piece's square); gateLine: a gated
//	      plain move (promo+1 is the type gated); dropLine: a drop
//	      (promo+1 is the type dropped); above: a multi path;
//	      wallLine: a wall turn (bits 22..8 name it, WallTurn)
type Move uint32

const (
	sqBits     = 8
	toShift    = sqBits
	promoShift = 2 * sqBits
	captShift  = promoShift + 6
	lineShift  = captShift + 1
	sqMask     = 1<<sqBits - 1
	lineMask   = 1<<9 - 1
	// MaxTypes bounds the piece types a promotion can name (six bits).
	MaxTypes = 62
	// MaxLines bounds the script lines a move can name (nine bits, the
	// top 32 values of which name multi paths, the one below them drops,
	// the one below that gated plain moves, the next the pass and the one
	// below that wall turns).
	MaxLines = wallLine - 1
	// MaxChains bounds the multi paths a position can name.
	MaxChains = chainHigh << chainLow
	dropLine  = 1<<9 - 1 - chainHigh
	gateLine  = dropLine - 1
	passLine  = gateLine - 1
	wallLine  = passLine - 1
	// MaxWallTurns bounds the wall turns a position can name per square
	// moved from (the to, promotion and capture bits).
	MaxWallTurns = 1 << chainLow
	chainHigh    = 32
	chainLow     = 15 // the to, promotion and capture bits
)

// PlainMove returns the plain move from from to to, promoting to type
// promo (-1 for none), capturing on to when capture.
func PlainMove(from, to int, promo int, capture bool) Move {
	m := Move(from) | Move(to)<<toShift | Move(promo+1)<<promoShift
	if capture {
		m |= 1 << captShift
	}
	return m
}

// ScriptMove returns the move that plays script line line from from,
// ending on to.
func ScriptMove(from, to int, line int) Move {
	return Move(from) | Move(to)<<toShift | Move(line+1)<<lineShift
}

// ChainMove returns the move that plays multi path id from from.
func ChainMove(from, id int) Move {
	return Move(from) | Move(id&(1<<chainLow-1))<<toShift | Move(dropLine+1+id>>chainLow)<<lineShift
}

// DropMove returns the drop of a piece of type t from the hand onto sq.
func DropMove(t, sq int) Move {
	return Move(sq) | Move(sq)<<toShift | Move(t+1)<<promoShift | dropLine<<lineShift
}

// PromotedDropMove returns the drop of a piece of type t from the hand
// onto sq showing its promoted face (spec.Type.DropFace).
func PromotedDropMove(t, sq int) Move { return DropMove(t, sq) | 1<<captShift }

// PassMove returns the pass (spec.Variant.Pass) of a side whose passing
// piece stands on sq: from and to sq, the line value of its own.
func PassMove(sq int) Move {
	return Move(sq) | Move(sq)<<toShift | passLine<<lineShift
}

// IsPass reports whether m is a pass.
func (m Move) IsPass() bool { return m>>lineShift == passLine }

// DropPromoted reports whether m is a drop that shows the promoted face
// of the type taken from the hand.
func (m Move) DropPromoted() bool { return m>>lineShift == dropLine && m>>captShift&1 != 0 }

// GatedMove returns m, a plain move without promotion or a script's move,
// gating a piece of type t from the hand: for a plain move on its from
// square, for a script on its first gate square or, with second, on its
// second (the engine lists a script's gate squares: castling's king and
// rook squares).
func GatedMove(m Move, t int, second bool) Move {
	if m>>lineShift == 0 {
		m |= gateLine << lineShift
	} else if second {
		m |= 1 << captShift
	}
	return m | Move(t+1)<<promoShift
}

// Gate returns the type a gated move brings from the hand, -1 for a move
// that gates nothing.
func (m Move) Gate() int {
	if l := m >> lineShift; l == 0 || l >= dropLine || l == wallLine {
		return -1
	}
	return int(m>>promoShift&63) - 1
}

// GateSecond reports whether a script's gated move gates on the script's
// second gate square (false for a plain move's: its from square).
func (m Move) GateSecond() bool {
	l := m >> lineShift
	return l != 0 && l < wallLine && m>>captShift&1 != 0
}

// Base returns the move a gated move gates, the move itself for one that
// gates nothing.
func (m Move) Base() Move {
	switch l := m >> lineShift; {
	case l == gateLine:
		return m &^ (lineMask<<lineShift | 63<<promoShift)
	case l != 0 && l < wallLine:
		return m &^ (1<<captShift | 63<<promoShift)
	}
	return m
}

// WallTurnMove returns the wall turn number id of the piece on from: a
// move followed by a wall put down (docs/language.md § Two-part turns),
// too long for a 32-bit move, which the variant names per square moved
// from (id below MaxWallTurns).
func WallTurnMove(from, id int) Move {
	return Move(from) | Move(id&(MaxWallTurns-1))<<toShift | wallLine<<lineShift
}

// WallTurn returns the number of the wall turn m is, -1 for a move that
// is none.
func (m Move) WallTurn() int {
	if m>>lineShift != wallLine {
		return -1
	}
	return int(m>>toShift) & (MaxWallTurns - 1)
}

// Drop returns the type a drop takes from the hand, -1 for a move that
// is no drop.
func (m Move) Drop() int {
	if m>>lineShift != dropLine {
		return -1
	}
	return int(m>>promoShift&63) - 1
}

// Chain returns the multi path a move plays, -1 for a move that plays
// none.
func (m Move) Chain() int {
	if l := int(m >> lineShift); l > dropLine {
		return (l-dropLine-1)<<chainLow | int(m>>toShift)&(1<<chainLow-1)
	}
	return -1
}

// From returns the square the moving piece stands on.
func (m Move) From() board.Square { return board.Square(m & sqMask) }

// To returns the square it moves to (for a script, its last mov; nothing
// for a multi path).
func (m Move) To() board.Square { return board.Square(m >> toShift & sqMask) }

// Promotion returns the type a plain move promotes to, -1 for none (a
// drop's type is Drop's, a gated move's gated type Gate's).
func (m Move) Promotion() int {
	if m>>lineShift != 0 {
		return -1
	}
	return int(m>>promoShift&63) - 1
}

// Captures reports whether a plain move, gated or not, captures on its
// target (a drop never does; a script's captures are its actions').
func (m Move) Captures() bool {
	l := m >> lineShift
	return m>>captShift&1 != 0 && (l == 0 || l == gateLine)
}

// Line returns the script line a move plays, -1 for a plain move, a drop
// or a multi path.
func (m Move) Line() int {
	if l := int(m>>lineShift) - 1; l < MaxLines {
		return l
	}
	return -1
}

// Simple reports whether m is a plain move without promotion.
func (m Move) Simple() bool { return m&^(1<<captShift)>>promoShift == 0 }

// Key identifies the move among its position's moves (never 0).
func (m Move) Key() uint64 { return uint64(m) }

// Clone returns m: a Move owns nothing.
func (m Move) Clone() Move { return m }

// MoveList holds generated moves; reuse one per ply.
type MoveList struct {
	Moves []Move
}

// Len returns the number of moves.
func (l *MoveList) Len() int { return len(l.Moves) }

// At returns move i.
func (l *MoveList) At(i int) Move { return l.Moves[i] }

// Swap exchanges moves i and j.
func (l *MoveList) Swap(i, j int) { l.Moves[i], l.Moves[j] = l.Moves[j], l.Moves[i] }

// Truncate keeps the first n moves.
func (l *MoveList) Truncate(n int) { l.Moves = l.Moves[:n] }

// Mark is a point Unmake takes a position back to: the number of moves
// played before it.
type Mark struct{ Depth int32 }
