package magic

import "math/bits"

// Bitboard is a set of squares, bit i standing for square i.
type Bitboard uint64

// Square is a square index: a1 = 0, b1 = 1, …, h8 = 63.
type Square uint8

// NoSquare marks "no square" (no en-passant target).
const NoSquare Square = 64

// File and Rank return the square's file (0 = a) and rank (0 = first).
func (s Square) File() int { return int(s) & 7 }
func (s Square) Rank() int { return int(s) >> 3 }

// String returns the square in algebraic form, "-" for NoSquare.
func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return squareNames[s*2 : s*2+2]
}

const squareNames = "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4" +
	"a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8"

// bit returns the bitboard of one square.
func bit(s Square) Bitboard { return 1 << s }

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return b&(1<<s) != 0 }

// Count returns the number of squares.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// first returns the lowest square of a non-empty set.
func (b Bitboard) first() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// pop removes the lowest square and returns it.
func (b *Bitboard) pop() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

const (
	fileA Bitboard = 0x0101010101010101
	fileH Bitboard = fileA << 7
	rank1 Bitboard = 0xFF
	rank8 Bitboard = rank1 << 56
)

// leaper tables, built at package initialisation (cheap, no search).
var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard
	between       [64][64]Bitboard // the squares strictly between two aligned squares
	line          [64][64]Bitboard // the whole line through two aligned squares
)

func init() {
	for s := Square(0); s < 64; s++ {
		x, y := s.File(), s.Rank()
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if sq, ok := at(x+d[0], y+d[1]); ok {
				knightAttacks[s] |= bit(sq)
			}
		}
		for dx := -1; dx <= 1; dx++ {
			for dy := -1; dy <= 1; dy++ {
				if sq, ok := at(x+dx, y+dy); ok && (dx != 0 || dy != 0) {
					kingAttacks[s] |= bit(sq)
				}
			}
		}
		for _, dx := range []int{-1, 1} {
			if sq, ok := at(x+dx, y+1); ok {
				pawnAttacks[White][s] |= bit(sq)
			}
			if sq, ok := at(x+dx, y-1); ok {
				pawnAttacks[Black][s] |= bit(sq)
			}
		}
	}
	for a := Square(0); a < 64; a++ {
		for _, d := range [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			var ray Bitboard
			x, y := a.File()+d[0], a.Rank()+d[1]
			for {
				sq, ok := at(x, y)
				if !ok {
					break
				}
				between[a][sq] = ray
				ray |= bit(sq)
				x, y = x+d[0], y+d[1]
			}
			// the full line: both directions from a, and a itself
			full := ray | bit(a) | walk(a, -d[0], -d[1])
			for r := ray; r != 0; {
				line[a][r.pop()] = full
			}
		}
	}
}

// walk returns the squares from s in direction (dx, dy), s excluded, to
// the edge.
func walk(s Square, dx, dy int) Bitboard {
	var b Bitboard
	x, y := s.File()+dx, s.Rank()+dy
	for {
		sq, ok := at(x, y)
		if !ok {
			return b
		}
		b |= bit(sq)
		x, y = x+dx, y+dy
	}
}

func at(x, y int) (Square, bool) {
	if x < 0 || x > 7 || y < 0 || y > 7 {
		return 0, false
	}
	return Square(y*8 + x), true
}
