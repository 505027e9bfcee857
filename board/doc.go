// Package board holds positions of any rectangular size up to 32x32: pieces
// with a type, a side, an unmoved flag, their own memory and a stable
// identity; tile and global memory; the side to move, the ply counter, the
// captured pieces; FEN-shaped import and export; and Zobrist hashing.
//
// # Make and unmake
//
// Every change to a [Position] goes through a method that records the old
// value in an undo journal and updates the hash incrementally. A caller
// takes a [Mark] before a move and gives it back to [Position.Undo] to
// restore the position exactly, hash included. This undo-journal style was
// chosen over copy-make because a variant move may touch any number of
// squares and memory cells (an explosion, a pushed row, a memory counter):
// the journal records only what changed, allocates nothing once it has
// grown, and serves the move generator's scratch sub-moves (multi) as well
// as real moves.
//
// # Hashing
//
// Zobrist keys come from a fixed-seed generator, so a position has the same
// hash on every run and every machine. Memory cells hash through a fixed
// mixing function of (memory, index, value), so any integer value is
// covered without a table.
package board
