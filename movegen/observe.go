package movegen

import "github.com/alfil-go/alfil/board"

// What generation reads (docs/language.md § What a line reads). The
// interpreter reports every key it reads, and the squares its moves
// capture on, to an observer; it does not know who listens. The
// incremental mode's holder records listen (incremental.go); a Full board
// has no listener.

// keySpace numbers what a line can read: the squares 0…N-1 (occupant, its
// type, flags and memory), then the tile memories N…2N-1, the global
// memory, the ply counter, and "any" for a line that depends on
// everything (one that tests safe). The last two change with every move.
type keySpace struct{ squares int }

func (k keySpace) tile(sq board.Square) int { return k.squares + int(sq) }
func (k keySpace) global() int              { return 2 * k.squares }
func (k keySpace) ply() int                 { return 2*k.squares + 1 }
func (k keySpace) any() int                 { return 2*k.squares + 2 }
func (k keySpace) count() int               { return 2*k.squares + 3 }

// observer is told what a generation depends on.
type observer interface {
	// read: the generation read key, first in slide iteration iter.
	read(key, iter int)
	// attack: a move made in slide iteration iter captures on sq.
	attack(sq board.Square, iter int)
	// made: the generation emitted a move in slide iteration iter.
	made(iter int)
}
