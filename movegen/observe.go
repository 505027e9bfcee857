package movegen

import "github.com/alfil-go/alfil/board"

// What generation reads (docs/language.md § What a line reads). The
// interpreter reports every key it reads, and the squares its moves
// capture on, to an observer; it does not know who listens. The
// incremental mode's holder records listen (incremental.go); a Full board
// has no listener.

// keySpace numbers what a line can read: the squares 0…N-1 (occupant, its
// type and flags), then the tile memories N…2N-1, the memories of the
// pieces on the squares 2N…3N-1, the global memory, the ply counter, and
// "any" for a line that depends on everything (one that tests safe). The
// last two change with every move. A piece's memory has keys of its own
// so that a hook counting in it (the zoo's sloth) does not make every
// line that only saw the piece stand there generate again; a line that
// reads the memory reads the square too, whose occupant names the memory.
type keySpace struct{ squares int }

func (k keySpace) tile(sq board.Square) int     { return k.squares + int(sq) }
func (k keySpace) pieceMem(sq board.Square) int { return 2*k.squares + int(sq) }
func (k keySpace) global() int                  { return 3 * k.squares }
func (k keySpace) ply() int                     { return 3*k.squares + 1 }
func (k keySpace) any() int                     { return 3*k.squares + 2 }
func (k keySpace) count() int                   { return 3*k.squares + 3 }

// observer is told what a generation depends on.
type observer interface {
	// read: the generation read key, first in slide iteration iter.
	read(key, iter int)
	// attack: a move made in slide iteration iter captures on sq.
	attack(sq board.Square, iter int)
	// made: the generation emitted a move in slide iteration iter.
	made(iter int)
}
