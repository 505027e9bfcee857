package engine

import (
	"math/bits"

	"github.com/alfil-go/alfil/magic"
)

// This file is the engine's only width-dependent part: the set of squares
// as one 64-bit word, for boards of at most 64 squares. The copy of the
// engine in ../engine128 replaces it with a two-word set (set128.go
// there) and is otherwise the same code, generated (see ../copy).

// maxSquares is the largest board this engine takes.
const maxSquares = 64

// set is a set of squares: square i is bit i.
type set uint64

func (s set) has(sq int) bool    { return s&(1<<sq) != 0 }
func (s set) and(o set) set      { return s & o }
func (s set) or(o set) set       { return s | o }
func (s set) minus(o set) set    { return s &^ o }
func (s set) xor(o set) set      { return s ^ o }
func (s set) with(sq int) set    { return s | 1<<sq }
func (s set) without(sq int) set { return s &^ (1 << sq) }

// add puts sq in s in place, which a loop that fills a wide set wants.
func (s *set) add(sq int) { *s |= 1 << sq }

func (s set) none() bool       { return s == 0 }
func (s set) some() bool       { return s != 0 }
func (s set) meets(o set) bool { return s&o != 0 }
func (s set) count() int       { return bits.OnesCount64(uint64(s)) }
func (s set) lowest() int      { return bits.TrailingZeros64(uint64(s)) }
func (s set) dropLowest() set  { return s & (s - 1) }

// squares yields the squares of s, lowest first.
func (s set) squares(yield func(int) bool) {
	for x := uint64(s); x != 0; x &= x - 1 {
		if !yield(bits.TrailingZeros64(x)) {
			return
		}
	}
}

// shift moves every square of s k squares up (down for k < 0), dropping
// those that leave the set's words.
func (s set) shift(k int) set {
	if k >= 0 {
		return s << k
	}
	return s >> -k
}

func (s set) highest() int { return 63 - bits.LeadingZeros64(uint64(s)) }
func (s set) nearest(up bool) int {
	if up {
		return s.lowest()
	}
	return s.highest()
}

// walkRays: rides step along their rays square by square instead of
// masking whole rays — cheaper when a set is several words.
const walkRays = false

// lookups reports whether this width has magic lookups for the rook's and
// the bishop's four rays on an 8x8 board (package magic's tables).
const lookups = true

// sliders are the lookup tables, kept by the rules that use them.
type sliders = magic.Sliders

func newSliders() sliders { return magic.Tables() }

// rookRays returns the squares of the four orthogonal rays from sq up to
// and including the first occupied square of each, on an 8x8 board.
func rookRays(l sliders, sq int, occ set) set {
	return set(l.Rook(magic.Square(sq), magic.Bitboard(occ)))
}

// bishopRays is rookRays for the four diagonals.
func bishopRays(l sliders, sq int, occ set) set {
	return set(l.Bishop(magic.Square(sq), magic.Bitboard(occ)))
}
