package ai

import "sync/atomic"

// busyTable marks the positions that a thread of a search is searching
// now, for the parallel search's simplified ABDADA: a thread that is about
// to search a position another thread is busy with defers it and searches
// the node's other moves first, so that threads split a node's moves
// instead of searching the same ones in step, and find the deferred ones
// in the table when they come back to them. A slot holds one position's
// hash; a collision loses a mark, which costs some duplicated work, never
// a wrong score.
type busyTable struct {
	slots [1 << 14]atomic.Uint64
}

func (t *busyTable) slot(key uint64) *atomic.Uint64 {
	return &t.slots[key&(uint64(len(t.slots))-1)]
}

// busy reports whether a thread is searching the position key.
func (t *busyTable) busy(key uint64) bool {
	return key != 0 && t.slot(key).Load() == key
}

// mark records that the calling thread searches key, and reports whether
// it did (the slot may hold another position, or this one already).
func (t *busyTable) mark(key uint64) bool {
	return key != 0 && t.slot(key).CompareAndSwap(0, key)
}

// unmark clears a mark that mark made.
func (t *busyTable) unmark(key uint64) {
	t.slot(key).CompareAndSwap(key, 0)
}
