package magic

import (
	"errors"
	"strings"
	"sync"
)

// Move is a chess move in 16 bits:
//
//	15 14 13 12 11 10  9  8  7  6  5  4  3  2  1  0
//	+-----------+-----------------+-----------------+
//	|   kind    |       to        |      from       |
//	+-----------+-----------------+-----------------+
//
// from and to are squares (a1 = 0 … h8 = 63); kind is one of the 14 [Kind]s.
// The zero Move is a1a1, which no position has: use it as "no move".
type Move uint16

// Kind tells what a move does besides going from one square to another.
// Bit 2 marks captures and bit 3 promotions; the two low bits of a
// promotion are the piece (knight, bishop, rook, queen).
type Kind uint8

// The move kinds.
const (
	Quiet          Kind = 0
	DoublePush     Kind = 1
	KingCastle     Kind = 2
	QueenCastle    Kind = 3
	Capture        Kind = 4
	EnPassant      Kind = 5
	PromoKnight    Kind = 8
	PromoBishop    Kind = 9
	PromoRook      Kind = 10
	PromoQueen     Kind = 11
	CapPromoKnight Kind = 12
	CapPromoBishop Kind = 13
	CapPromoRook   Kind = 14
	CapPromoQueen  Kind = 15
)

// NewMove packs a move.
func NewMove(from, to Square, k Kind) Move {
	return Move(from) | Move(to)<<6 | Move(k)<<12
}

// From, To and Kind unpack the move.
func (m Move) From() Square { return Square(m & 63) }
func (m Move) To() Square   { return Square(m >> 6 & 63) }
func (m Move) Kind() Kind   { return Kind(m >> 12) }

// IsCapture reports whether the move captures (en passant included).
func (k Kind) IsCapture() bool { return k&4 != 0 }

// IsPromotion reports whether the move promotes.
func (k Kind) IsPromotion() bool { return k&8 != 0 }

// Promotion returns the piece a promotion makes (Knight … Queen).
func (k Kind) Promotion() Piece { return Knight + Piece(k&3) }

// uciNames holds every from-to pair's name (4 bytes each) followed by
// every promotion's (5 bytes each), so that String slices a constant
// instead of allocating.
var uciNames = sync.OnceValue(func() string {
	var b strings.Builder
	b.Grow(64*64*4 + 64*64*4*5)
	for i := 0; i < 64*64; i++ {
		b.WriteString(Square(i & 63).String())
		b.WriteString(Square(i >> 6).String())
	}
	for i := 0; i < 64*64*4; i++ {
		b.WriteString(Square(i & 63).String())
		b.WriteString(Square(i >> 6 & 63).String())
		b.WriteByte("nbrq"[i>>12])
	}
	return b.String()
})

const promoBase = 64 * 64 * 4

// String returns the move in UCI form: e2e4, e7e8q, e1g1 for castling.
func (m Move) String() string {
	names := uciNames()
	i := int(m & 0xFFF)
	if !m.Kind().IsPromotion() {
		return names[i*4 : i*4+4]
	}
	i = promoBase + (i|int(m.Kind()&3)<<12)*5
	return names[i : i+5]
}

// Errors of ParseUCI.
var (
	ErrLength    = errors.New("a UCI move has 4 or 5 characters")
	ErrFile      = errors.New("a UCI move's files are a to h")
	ErrRank      = errors.New("a UCI move's ranks are 1 to 8")
	ErrPromotion = errors.New("a UCI promotion is n, b, r or q")
)

// promoKind maps a promotion letter to its kind (0: not a promotion letter).
var promoKind = [256]Kind{'n': PromoKnight, 'b': PromoBishop, 'r': PromoRook, 'q': PromoQueen}

// ParseUCI reads a move in UCI form without a position: the kind is Quiet,
// or a (non-capturing) promotion. Position.ParseUCI finds the move's real
// kind among the legal moves.
func ParseUCI(s string) (Move, error) {
	if len(s) != 4 && len(s) != 5 {
		return 0, ErrLength
	}
	var sq [2]Square
	for i := range sq {
		f, r := s[2*i], s[2*i+1]
		if f < 'a' || f > 'h' {
			return 0, ErrFile
		}
		if r < '1' || r > '8' {
			return 0, ErrRank
		}
		sq[i] = Square(r-'1')*8 + Square(f-'a')
	}
	k := Quiet
	if len(s) == 5 {
		if k = promoKind[s[4]]; k == 0 {
			return 0, ErrPromotion
		}
	}
	return NewMove(sq[0], sq[1], k), nil
}
