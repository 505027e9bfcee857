package ai

import "sync"

// bound tells what a stored score is.
type bound uint8

const (
	exact bound = iota + 1
	lower       // the score is at least this (a beta cut-off)
	upper       // the score is at most this (no move raised alpha)
)

type entry struct {
	key   uint64
	move  uint64 // the best move's Key, 0 for none
	score int32
	depth int8
	bound bound
}

// table is the transposition table, shared by every thread of a search:
// sharded, one lock per shard, so that threads rarely wait for each other.
type table struct {
	shards [64]shard
	mask   uint64
}

type shard struct {
	sync.Mutex
	entries []entry
}

// newTable returns a table of about 2^bits entries.
func newTable(bits int) *table {
	per := 1 << max(bits-6, 4)
	t := &table{mask: uint64(per - 1)}
	for i := range t.shards {
		t.shards[i].entries = make([]entry, per)
	}
	return t
}

func (t *table) slot(key uint64) (*shard, int) {
	return &t.shards[key>>58], int(key & t.mask)
}

func (t *table) probe(key uint64) (entry, bool) {
	s, i := t.slot(key)
	s.Lock()
	e := s.entries[i]
	s.Unlock()
	return e, e.key == key && e.bound != 0
}

// store keeps the deeper entry of a slot, or the newer one of a position.
func (t *table) store(e entry) {
	s, i := t.slot(e.key)
	s.Lock()
	if old := &s.entries[i]; old.key != e.key || e.depth >= old.depth || old.bound == 0 {
		*old = e
	}
	s.Unlock()
}

func (t *table) clear() {
	for i := range t.shards {
		s := &t.shards[i]
		s.Lock()
		clear(s.entries)
		s.Unlock()
	}
}
