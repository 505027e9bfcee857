package trigger

import (
	"math/bits"
	"slices"
)

// Set is a set of holders, one bit each.
type Set []uint64

// NewSet returns an empty set with room for n holders.
func NewSet(n int) Set { return make(Set, words(n)) }

func words(n int) int { return (n + 63) >> 6 }

// Has reports whether h is in the set.
func (s Set) Has(h int) bool { return h>>6 < len(s) && s[h>>6]&(1<<(h&63)) != 0 }

// Add puts h in the set, which must have room for it.
func (s Set) Add(h int) { s[h>>6] |= 1 << (h & 63) }

// Remove takes h out of the set.
func (s Set) Remove(h int) {
	if h>>6 < len(s) {
		s[h>>6] &^= 1 << (h & 63)
	}
}

// Grow makes room for n holders, keeping the members.
func (s *Set) Grow(n int) {
	if w := words(n); w > len(*s) {
		*s = append(*s, make(Set, w-len(*s))...)
	}
}

// Clear empties the set.
func (s Set) Clear() { clear(s) }

// Len counts the members.
func (s Set) Len() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// Next returns the smallest member not below h, or -1: the loop
// for h := s.Next(0); h >= 0; h = s.Next(h + 1) visits every member, and
// may remove the one it stands on.
func (s Set) Next(h int) int {
	i := h >> 6
	if i >= len(s) || h < 0 {
		return -1
	}
	w := s[i] &^ (1<<(h&63) - 1)
	for w == 0 {
		i++
		if i == len(s) {
			return -1
		}
		w = s[i]
	}
	return i<<6 | bits.TrailingZeros64(w)
}

// Map maps keys 0…Keys-1 to sets of holders. The zero Map is empty and has
// no keys; build one with New.
type Map struct {
	keys  int
	words int      // words per row
	rows  []uint64 // keys rows of words each
}

// New returns a map with the given number of keys and room for holders
// holders (it grows when asked).
func New(keys, holders int) *Map {
	w := max(words(holders), 1)
	return &Map{keys: keys, words: w, rows: make([]uint64, keys*w)}
}

// Keys returns the number of keys.
func (m *Map) Keys() int { return m.keys }

// Grow makes room for holders holders. Rows double in width so that a
// board that keeps creating pieces grows them rarely.
func (m *Map) Grow(holders int) {
	if words(holders) <= m.words {
		return
	}
	w := max(words(holders), 2*m.words)
	rows := make([]uint64, m.keys*w)
	for k := 0; k < m.keys; k++ {
		copy(rows[k*w:], m.rows[k*m.words:(k+1)*m.words])
	}
	m.words, m.rows = w, rows
}

// Subscribe makes holder h fire when key does.
func (m *Map) Subscribe(key, h int) { m.rows[key*m.words+h>>6] |= 1 << (h & 63) }

// Unsubscribe stops holder h from firing with key.
func (m *Map) Unsubscribe(key, h int) { m.rows[key*m.words+h>>6] &^= 1 << (h & 63) }

// Subscribed reports whether holder h fires with key.
func (m *Map) Subscribed(key, h int) bool {
	return h>>6 < m.words && m.rows[key*m.words+h>>6]&(1<<(h&63)) != 0
}

// Fire adds the subscribers of key to into, which must have room for every
// holder the map has room for (see Words).
func (m *Map) Fire(key int, into Set) {
	row := m.rows[key*m.words : (key+1)*m.words]
	for i, w := range row {
		into[i] |= w
	}
}

// Words returns the width in words a Set needs to receive Fire.
func (m *Map) Words() int { return m.words }

// Equal reports whether two maps have the same keys and subscriptions,
// whatever room they have.
func (m *Map) Equal(o *Map) bool {
	if m.keys != o.keys {
		return false
	}
	for k := 0; k < m.keys; k++ {
		a, b := m.rows[k*m.words:(k+1)*m.words], o.rows[k*o.words:(k+1)*o.words]
		n := min(len(a), len(b))
		if !slices.Equal(a[:n], b[:n]) || slices.ContainsFunc(a[n:], nonzero) || slices.ContainsFunc(b[n:], nonzero) {
			return false
		}
	}
	return true
}

func nonzero(w uint64) bool { return w != 0 }

// Clone returns an independent copy.
func (m *Map) Clone() *Map {
	c := *m
	c.rows = slices.Clone(m.rows)
	return &c
}

// Subscribers appends the holders subscribed to key to dst.
func (m *Map) Subscribers(dst []int, key int) []int {
	row := Set(m.rows[key*m.words : (key+1)*m.words])
	for h := row.Next(0); h >= 0; h = row.Next(h + 1) {
		dst = append(dst, h)
	}
	return dst
}

// Any reports whether key has a subscriber.
func (m *Map) Any(key int) bool {
	for _, w := range m.rows[key*m.words : (key+1)*m.words] {
		if w != 0 {
			return true
		}
	}
	return false
}

// Row returns the subscribers of key as a Set that shares the map's
// storage: valid until the map changes.
func (m *Map) Row(key int) Set { return Set(m.rows[key*m.words : (key+1)*m.words]) }
