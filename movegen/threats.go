package movegen

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/alfil-go/alfil/board"
)

// The threatened-square map (docs/language.md § Check as its own
// attribute, The threatened-square map): the squares where a piece of the
// other side would be capturable by one side. The check rule reads it a
// square at a time (checkedPiece); Threatened draws it whole.

// SquareSet is a set of the squares of a board: any board, up to
// board.MaxSize files and ranks. It is a value (128 bytes, no pointers),
// so a Threatened map costs no allocation.
type SquareSet struct {
	words [board.MaxSize * board.MaxSize / 64]uint64
}

// Has reports whether sq is in the set.
func (s *SquareSet) Has(sq board.Square) bool {
	return sq >= 0 && int(sq) < len(s.words)*64 && s.words[sq>>6]&(1<<(uint(sq)&63)) != 0
}

// Add puts sq in the set.
func (s *SquareSet) Add(sq board.Square) { s.words[sq>>6] |= 1 << (uint(sq) & 63) }

// Len returns the number of squares in the set.
func (s *SquareSet) Len() int {
	n := 0
	for _, w := range s.words {
		n += bits.OnesCount64(w)
	}
	return n
}

// Squares appends the set's squares to out in increasing order and
// returns the extended slice.
func (s *SquareSet) Squares(out []board.Square) []board.Square {
	for i, w := range s.words {
		for w != 0 {
			out = append(out, board.Square(i*64+bits.TrailingZeros64(w)))
			w &= w - 1
		}
	}
	return out
}

// Threatened returns the squares where a piece of by's opponent would be
// capturable by by in the current position, whichever side is to move:
//
//   - a square where a piece of the opponent stands is in the map when a
//     pseudo-legal move of by captures it — the test that judges royal
//     and checkable pieces (a checkable piece of the opponent is checked
//     exactly when its square is in the map — a multi-square one when
//     any of its squares is);
//   - any other square (empty, or holding a piece of by) is in the map
//     when by could capture a piece of the opponent of type occupant
//     (Program.Types' index) put there in place of what stands there —
//     the stand-in of the condition safe (docs/language.md § Conditions).
//     Captures may depend on the victim (a line may take only some
//     types), so the map is for a type: the one whose moves it judges.
//
// It panics when occupant is not a type of the variant. Holes are never
// in the map; a finished game's position still has one (the moves are
// asked of the pieces as they stand, whatever the result). Threatened leaves the position as it found it and, once
// the board has run a move generation, allocates nothing. An occupied square costs one attack test (in the Incremental
// mode the keeper's attack map answers it), an empty one a generation of
// the lines that could reach it.
func (b *Board) Threatened(by board.Side, occupant int) SquareSet {
	if occupant < 0 || occupant >= len(b.prog.types) {
		panic(fmt.Sprintf("movegen: Threatened: %s has no piece type %d", b.prog.Name, occupant))
	}
	var set SquareSet
	pos := b.pos
	victim := by.Other()
	for i := range pos.Squares() {
		sq := board.Square(i)
		if pos.V.Hole(sq) {
			continue
		}
		if pc := pos.PieceAt(sq); pc != nil && pc.Side == victim {
			if b.threatenedPiece(sq, by) {
				set.Add(sq)
			}
			continue
		}
		mk := pos.Mark()
		pos.Remove(sq)
		pos.Place(pos.NewPiece(occupant, victim, false), sq)
		if b.capturable(sq, by) {
			set.Add(sq)
		}
		pos.Undo(mk)
	}
	return set
}

// threatenedPiece reports whether by could capture the piece that stands
// on sq: capturable, read from the keeper's attack map where the royal
// rule reads it (royalSquareCapturable) — but square by square, since a
// multi-square piece's other parts are other squares of the map.
func (b *Board) threatenedPiece(sq board.Square, by board.Side) bool {
	if b.prog.multiSquare {
		return b.capturable(sq, by)
	}
	return b.royalSquareCapturable(sq, by.Other())
}

// Diagram draws the position with the squares of marked picked out, the
// last rank first, one cell a square: a piece's letter (upper case for
// the first side, lower for the second; shogi's +P takes two) or "." for
// an empty square, in brackets when marked, an empty marked square "x";
// a hole is blank. Cells are as wide as the longest letter plus two, so
// the files line up; they are named below, ranks on the left.
func (b *Board) Diagram(marked *SquareSet) string {
	pos := b.pos
	wide := 1
	for _, t := range b.prog.types {
		wide = max(wide, len(t.LetterString()))
	}
	cell := func(sb *strings.Builder, open, text, close string) {
		sb.WriteString(open)
		sb.WriteString(text)
		sb.WriteString(close)
		sb.WriteString(strings.Repeat(" ", max(0, wide-len(text))))
	}
	var sb strings.Builder
	for y := pos.Height() - 1; y >= 0; y-- {
		fmt.Fprintf(&sb, "%2d ", y+1)
		for x := range pos.Width() {
			sq := pos.Sq(x, y)
			pc := pos.PieceAt(sq)
			switch {
			case pos.V.Hole(sq):
				cell(&sb, " ", "", " ")
			case pc == nil && marked.Has(sq):
				cell(&sb, " ", "x", " ")
			case pc == nil:
				cell(&sb, " ", ".", " ")
			default:
				letter := b.prog.types[pc.Type].LetterString()
				if pc.Side == board.Second {
					letter = strings.ToLower(letter)
				}
				if marked.Has(sq) {
					cell(&sb, "(", letter, ")")
				} else {
					cell(&sb, " ", letter, " ")
				}
			}
		}
		trimLine(&sb)
	}
	sb.WriteString("   ")
	for x := range pos.Width() {
		fmt.Fprintf(&sb, "%-*s", wide+2, " "+pos.FileName(x))
	}
	trimLine(&sb)
	return sb.String()
}

// trimLine ends sb's last line without its trailing blanks.
func trimLine(sb *strings.Builder) {
	s := strings.TrimRight(sb.String(), " ")
	sb.Reset()
	sb.WriteString(s)
	sb.WriteString("\n")
}
