// Package trigger is the signal-style trigger map of the seeds (seed 000):
// for every readable thing of a position — a square, a tile's memory, the
// global memory, the ply counter — the set of move holders whose last
// calculation read it. After a move, the things it changed fire their
// subscribers and only those are calculated again.
//
// A holder is a small integer (movegen numbers one per piece and move
// line). Subscribing and unsubscribing set and clear one bit; firing ORs a
// key's row into a Set, so the cost of a move depends on what it changed,
// not on how many holders there are.
package trigger
