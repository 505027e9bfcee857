package movegen

import (
	"github.com/alfil-go/alfil/board"
)

// Stage: the facing rule (docs/language.md § Facing pieces), janggi's
// bikjang as Fairy-Stockfish plays it. facing NAME RESULT: when a NAME of
// each side see each other along a rook's line (one file or rank, every
// square between empty), the side to move must end it — a move that
// leaves them facing is illegal — or pass, which it may even in check;
// when they still face each other after its move, the game ends with
// RESULT for the side that moved.

// facingRule is the compiled facing rule.
type facingRule struct {
	typ    int16
	result board.Result // written for the side whose move kept them facing
}

// facingRule compiles the facing rule, if the file has one.
func (c *compiler) facingRule() {
	f := c.file.Facing
	if f == nil {
		return
	}
	t := c.prog.byName[f.Piece.Name]
	r := map[string]board.Result{"win": board.FirstWins, "loss": board.SecondWins, "draw": board.Draw}[f.Result]
	c.prog.facing = &facingRule{typ: int16(t), result: r}
}

// Facing reports whether the variant's facing pieces face each other in
// the current position (always false without a facing rule).
func (b *Board) Facing() bool {
	if b.prog.facing == nil {
		return false
	}
	t, pos := b.prog.facing.typ, b.pos
	for i := range pos.Pieces {
		first := &pos.Pieces[i]
		if !first.OnBoard || first.Type != t || first.Side != board.First {
			continue
		}
		for j := range pos.Pieces {
			second := &pos.Pieces[j]
			if second.OnBoard && second.Type == t && second.Side == board.Second && b.openLine(first.Square, second.Square) {
				return true
			}
		}
	}
	return false
}

// openLine reports whether from and to share a file or a rank with no
// piece between them (a ghost is no piece: it counts as empty for every
// condition but is).
func (b *Board) openLine(from, to board.Square) bool {
	w := b.prog.Width
	x0, y0, x1, y1 := int(from)%w, int(from)/w, int(to)%w, int(to)/w
	if x0 != x1 && y0 != y1 {
		return false
	}
	dx, dy := sign(x1-x0), sign(y1-y0)
	for x, y := x0+dx, y0+dy; x != x1 || y != y1; x, y = x+dx, y+dy {
		if pc := b.pos.PieceAt(board.Square(y*w + x)); pc != nil && !b.prog.types[pc.Type].Ghost {
			return false
		}
	}
	return true
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// keepUnfacing drops from list, the side to move's moves in a position
// where the facing pieces face each other, the moves after which they
// still do: the side must end it, or pass (the pass is added apart).
func (b *Board) keepUnfacing(list *MoveList) {
	side := b.pos.ToMove
	keep := list.Moves[:0]
	for _, m := range list.Moves {
		mk := b.Mark()
		b.played++
		b.play(m, side)
		b.probing, b.probe = true, mk.pos
		facing := b.Facing()
		b.probing = false
		b.Unmake(mk)
		if !facing {
			keep = append(keep, m)
		}
	}
	list.Moves = keep
}

// facingEnds ends the game after side's move when the facing pieces
// faced each other before it (faced) and still do.
func (b *Board) facingEnds(faced bool, side board.Side) {
	if faced && b.pos.Result == board.Ongoing && b.Facing() {
		b.pos.SetResult(resultFor(b.prog.facing.result, side))
	}
}
