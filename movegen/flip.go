package movegen

import "github.com/alfil-go/alfil/board"

// Stage: outflanking (docs/language.md § Actions, outflank). Othello's
// capture: from a square, along each of the eight lines, a run of one or
// more enemy pieces closed by a piece of the side is outflanked, and
// turns to the side (Fairy-Stockfish's enclosingDrop and
// flipEnclosedPieces REVERSI).

// outflankDirs are the eight lines, as file and rank steps.
var outflankDirs = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// outflanked reports whether side, standing on sq, outflanks an enemy
// line, and calls turn (when not nil) with each outflanked enemy piece.
// Walls and ghosts close no line and stand in none: they end it.
func (b *Board) outflanked(sq board.Square, side board.Side, turn func(id int32)) bool {
	pos := b.pos
	x0, y0 := pos.XY(sq)
	any := false
	for _, d := range outflankDirs {
		run := 0
		x, y := x0+d[0], y0+d[1]
		for ; ; x, y = x+d[0], y+d[1] {
			s := pos.Sq(x, y)
			if s == board.NoSquare {
				run = 0
				break
			}
			pc := pos.PieceAt(s)
			if pc == nil || b.prog.types[pc.Type].Wall || b.prog.types[pc.Type].Ghost {
				run = 0
				break
			}
			if pc.Side == side {
				break
			}
			run++
		}
		if run == 0 {
			continue
		}
		any = true
		if turn == nil {
			return true
		}
		for i := 1; i <= run; i++ {
			turn(pos.At(pos.Sq(x0+i*d[0], y0+i*d[1])))
		}
	}
	return any
}
