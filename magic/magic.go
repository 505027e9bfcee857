package magic

import (
	"math/bits"
	"sync"
)

// entry is one square's magic: attacks = table[offset + ((occ&mask)*magic) >> shift].
type entry struct {
	mask   Bitboard
	magic  uint64
	shift  uint8
	offset uint32
}

// sliders are the rook and bishop magics and their shared attack table.
type sliders struct {
	rook, bishop [64]entry
	table        []Bitboard
}

var rookDirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
var bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

//go:generate go test -run TestMagicSearchReproduces -update .

// tables are built at first use from the magic numbers in magics.go —
// found by searchMagics and checked in, so that building takes
// milliseconds — and shared by every goroutine.
var tables = sync.OnceValue(func() *sliders {
	t := &sliders{}
	for s := Square(0); s < 64; s++ {
		t.rook[s] = t.place(s, rookDirs, rookMagics[s])
	}
	for s := Square(0); s < 64; s++ {
		t.bishop[s] = t.place(s, bishopDirs, bishopMagics[s])
	}
	return t
})

// Sliders holds the rook and bishop lookup tables: a caller that asks
// many times keeps it (Tables) instead of asking for the tables at each
// call as RookAttacks and BishopAttacks do.
type Sliders struct{ t *sliders }

// Tables returns the slider lookups, building the tables at first use.
func Tables() Sliders { return Sliders{tables()} }

// Rook returns RookAttacks(s, occupied).
func (l Sliders) Rook(s Square, occupied Bitboard) Bitboard {
	e := &l.t.rook[s]
	return l.t.table[e.offset+uint32((uint64(occupied&e.mask)*e.magic)>>e.shift)]
}

// Bishop returns BishopAttacks(s, occupied).
func (l Sliders) Bishop(s Square, occupied Bitboard) Bitboard {
	e := &l.t.bishop[s]
	return l.t.table[e.offset+uint32((uint64(occupied&e.mask)*e.magic)>>e.shift)]
}

// RookAttacks returns the squares a rook on s attacks with the given
// squares occupied.
func RookAttacks(s Square, occupied Bitboard) Bitboard {
	t := tables()
	e := &t.rook[s]
	return t.table[e.offset+uint32((uint64(occupied&e.mask)*e.magic)>>e.shift)]
}

// BishopAttacks returns the squares a bishop on s attacks with the given
// squares occupied.
func BishopAttacks(s Square, occupied Bitboard) Bitboard {
	t := tables()
	e := &t.bishop[s]
	return t.table[e.offset+uint32((uint64(occupied&e.mask)*e.magic)>>e.shift)]
}

// QueenAttacks returns the union of rook and bishop attacks.
func QueenAttacks(s Square, occupied Bitboard) Bitboard {
	return RookAttacks(s, occupied) | BishopAttacks(s, occupied)
}

// IndexBits returns the number of index bits of square s's rook and bishop
// magics: the number of relevant occupancy squares.
func IndexBits(s Square) (rook, bishop int) {
	t := tables()
	return 64 - int(t.rook[s].shift), 64 - int(t.bishop[s].shift)
}

// relevantMask returns the squares whose occupancy can change the attacks
// of a slider on s: each ray without its last square.
func relevantMask(s Square, dirs [4][2]int) Bitboard {
	var m Bitboard
	for _, d := range dirs {
		x, y := s.File()+d[0], s.Rank()+d[1]
		for {
			_, ok := at(x+d[0], y+d[1]) // the square after this one
			if !ok {
				break
			}
			sq, _ := at(x, y)
			m |= bit(sq)
			x, y = x+d[0], y+d[1]
		}
	}
	return m
}

// slowAttacks walks the rays from s, stopping at the first occupied square
// (which is attacked).
func slowAttacks(s Square, dirs [4][2]int, occupied Bitboard) Bitboard {
	var a Bitboard
	for _, d := range dirs {
		x, y := s.File()+d[0], s.Rank()+d[1]
		for {
			sq, ok := at(x, y)
			if !ok {
				break
			}
			a |= bit(sq)
			if occupied.Has(sq) {
				break
			}
			x, y = x+d[0], y+d[1]
		}
	}
	return a
}

// fillings returns every subset of square s's relevant mask
// (carry-rippler enumeration) and the attacks of each.
func fillings(s Square, dirs [4][2]int) (mask Bitboard, occs, atts []Bitboard) {
	mask = relevantMask(s, dirs)
	for sub := Bitboard(0); ; {
		occs = append(occs, sub)
		atts = append(atts, slowAttacks(s, dirs, sub))
		sub = (sub - mask) & mask
		if sub == 0 {
			return mask, occs, atts
		}
	}
}

// place appends square s's slots, indexed by magic, to the table.
func (t *sliders) place(s Square, dirs [4][2]int, magic uint64) entry {
	mask, occs, atts := fillings(s, dirs)
	e := entry{mask: mask, magic: magic, shift: uint8(64 - mask.Count()), offset: uint32(len(t.table))}
	t.table = append(t.table, make([]Bitboard, 1<<mask.Count())...)
	for i, occ := range occs {
		t.table[e.offset+uint32((uint64(occ)*magic)>>e.shift)] = atts[i]
	}
	return e
}

// searchMagics finds a magic number for every square, rooks first, with
// a fixed-seed generator: the same numbers on every run.
func searchMagics() (rook, bishop [64]uint64) {
	rng := splitmix(0x616c66696c) // "alfil"
	for s := Square(0); s < 64; s++ {
		rook[s] = search(s, rookDirs, &rng)
	}
	for s := Square(0); s < 64; s++ {
		bishop[s] = search(s, bishopDirs, &rng)
	}
	return rook, bishop
}

// search tries random sparse candidates until one maps every filling of
// square s's mask to a slot that is free or holds the same attacks.
func search(s Square, dirs [4][2]int, rng *splitmix) uint64 {
	mask, occs, atts := fillings(s, dirs)
	n := mask.Count()
	slots := make([]Bitboard, 1<<n)
	stamp := make([]uint32, 1<<n) // which attempt filled each slot
	shift := uint8(64 - n)
	for attempt := uint32(1); ; attempt++ {
		magic := rng.next() & rng.next() & rng.next() // sparse candidates succeed more often
		if bits.OnesCount64((uint64(mask)*magic)&0xFF00000000000000) < 6 {
			continue // cannot spread the mask over the top bits
		}
		ok := true
		for i, occ := range occs {
			idx := (uint64(occ) * magic) >> shift
			if stamp[idx] != attempt {
				stamp[idx], slots[idx] = attempt, atts[i]
			} else if slots[idx] != atts[i] {
				ok = false
				break
			}
		}
		if ok {
			return magic
		}
	}
}

// splitmix is a fixed-seed 64-bit generator (SplitMix64).
type splitmix uint64

func (s *splitmix) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
