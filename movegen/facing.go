package movegen

import (
	"slices"

	"github.com/alfil-go/alfil/board"
)

// Stage: the facing rule (docs/language.md § Facing pieces). facing NAME
// RESULT is janggi's bikjang as Fairy-Stockfish plays it: when a NAME of
// each side see each other along a rook's line (one file or rank, every
// square between empty), the side to move must end it — a move that
// leaves them facing is illegal — or pass, which it may even in check;
// when they still face each other after its move, the game ends with
// RESULT for the side that moved. facing NAME illegal is xiangqi's flying
// general (Fairy-Stockfish's flyingGeneral): no move, the pass included,
// may leave them facing each other.

// facingRule is the compiled facing rule.
type facingRule struct {
	typ     int16
	illegal bool         // facing NAME illegal: the flying general
	result  board.Result // otherwise: for the side whose move kept them facing
}

// facingRule compiles the facing rule, if the file has one.
func (c *compiler) facingRule() {
	f := c.file.Facing
	if f == nil {
		return
	}
	t := c.prog.byName[f.Piece.Name]
	r := map[string]board.Result{"win": board.FirstWins, "loss": board.SecondWins, "draw": board.Draw}[f.Result]
	c.prog.facing = &facingRule{typ: int16(t), illegal: f.Result == "illegal", result: r}
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

// keepUnfacing drops from list, the side to move's moves, those after
// which the facing pieces face each other: in a position where they do
// now, the side must part them, or pass (the pass is added apart); with
// facing NAME illegal no move may make them face. A move is played to be
// judged only when it may change what stands between them (mayFace).
func (b *Board) keepUnfacing(list *MoveList) {
	side := b.pos.ToMove
	segment, all := b.facingSegment()
	keep := list.Moves[:0]
	for _, m := range list.Moves {
		if !all && !b.mayFace(m, side, segment) {
			keep = append(keep, m)
			continue
		}
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

// facingSegment returns, when each side has one facing piece, the squares
// strictly between them if they share a file or a rank (none when they do
// not), and all false; with more or fewer pieces, or facing now, all is
// true: every move is played to be judged.
func (b *Board) facingSegment() (segment []board.Square, all bool) {
	t, pos := b.prog.facing.typ, b.pos
	var sq [2]board.Square
	var n [2]int
	for i := range pos.Pieces {
		pc := &pos.Pieces[i]
		if pc.OnBoard && pc.Type == t {
			sq[pc.Side] = pc.Square
			n[pc.Side]++
		}
	}
	if n[0] != 1 || n[1] != 1 || b.openLine(sq[0], sq[1]) {
		return nil, true
	}
	w := b.prog.Width
	x0, y0, x1, y1 := int(sq[0])%w, int(sq[0])/w, int(sq[1])%w, int(sq[1])/w
	if x0 != x1 && y0 != y1 {
		return nil, false
	}
	dx, dy := sign(x1-x0), sign(y1-y0)
	for x, y := x0+dx, y0+dy; x != x1 || y != y1; x, y = x+dx, y+dy {
		segment = append(segment, board.Square(y*w+x))
	}
	return segment, false
}

// mayFace reports whether side's move m may make the facing pieces face
// each other, segment being the squares between them (facingSegment): it
// moves one of them, or empties a square between them — the square it
// leaves, or one where it captures, deletes or lifts a piece. Any other
// move leaves what stands between them, or them apart.
func (b *Board) mayFace(m Move, side board.Side, segment []board.Square) bool {
	if b.pos.Pieces[m.Piece].Type == b.prog.facing.typ {
		return true
	}
	if len(segment) == 0 {
		return false
	}
	if slices.Contains(segment, m.From) {
		return true
	}
	for _, r := range m.refs {
		n := r.n
		placed := n.at(side, int(r.at))
		for i := range n.ops {
			switch n.ops[i].kind {
			case opCapt, opDel, opPick, opPickCapt:
				if placed[i] >= 0 && slices.Contains(segment, board.Square(placed[i])) {
					return true
				}
			}
		}
	}
	return false
}

// facingEnds ends the game after side's move when the facing pieces
// faced each other before it (faced) and still do.
func (b *Board) facingEnds(faced bool, side board.Side) {
	if faced && !b.prog.facing.illegal && b.pos.Result == board.Ongoing && b.Facing() {
		b.pos.SetResult(resultFor(b.prog.facing.result, side))
	}
}
