package movegen

import (
	"github.com/alfil-go/alfil/board"
)

// Stage: the connect rule (docs/language.md § Connect). connect N
// PIECES LINES RESULT is Fairy-Stockfish's connectN: after each ply, a
// side that has just moved and has N of the pieces it counts on adjacent
// squares in a row, along a rank, a file or a diagonal as LINES allows,
// ends the game with RESULT for it. Only the side that moved is judged,
// as Fairy-Stockfish's is_immediate_game_end does (no move makes a row
// for the other side; a position read is judged for the side not to
// move). The bitboard tier does not play the rule (lower.go).

// connectRule is the compiled connect rule.
type connectRule struct {
	n       int
	counted []bool   // by type: the pieces that make a row
	steps   [][2]int // file and rank steps of the lines counted along
	result  string   // draw, loss or win, for the side with the row
}

// connectRule compiles the connect rule, if the file has one.
func (c *compiler) connectRule() {
	f := c.file.Connect
	if f == nil {
		return
	}
	r := &connectRule{n: f.N, counted: make([]bool, len(c.prog.types)), result: f.Result}
	for i, t := range c.prog.types {
		r.counted[i] = len(f.Pieces) == 0 && !t.Ghost
	}
	for _, n := range f.Pieces {
		r.counted[c.prog.byName[n.Name]] = true
	}
	lines := f.Lines
	if len(lines) == 0 {
		lines = []string{"ranks", "files", "diagonals"}
	}
	for _, l := range lines {
		switch l {
		case "ranks":
			r.steps = append(r.steps, [2]int{1, 0})
		case "files":
			r.steps = append(r.steps, [2]int{0, 1})
		case "diagonals":
			r.steps = append(r.steps, [2]int{1, 1}, [2]int{1, -1})
		}
	}
	c.prog.connect = r
}

// connected reports whether side s has a row of the connect rule: n of
// its counted pieces on adjacent squares along one of the rule's lines.
func (p *Program) connected(pos *board.Position, s board.Side) bool {
	r := p.connect
	w, h := p.Width, p.Height
	counts := func(x, y int) bool {
		if x < 0 || y < 0 || x >= w || y >= h {
			return false
		}
		pc := pos.PieceAt(board.Square(x + y*w))
		return pc != nil && pc.Side == s && r.counted[pc.Type]
	}
	for i := range pos.Pieces {
		pc := &pos.Pieces[i]
		if !pc.OnBoard || pc.Side != s || !r.counted[pc.Type] {
			continue
		}
		x, y := int(pc.Square)%w, int(pc.Square)/w
		for _, d := range r.steps {
			if counts(x-d[0], y-d[1]) {
				continue // not the row's first piece: counted from there
			}
			n := 1
			for counts(x+n*d[0], y+n*d[1]) {
				n++
			}
			if n >= r.n {
				return true
			}
		}
	}
	return false
}

// connectResult returns the result the connect rule gives the position:
// its RESULT for the side that has just moved when it has a row.
func (p *Program) connectResult(pos *board.Position) board.Result {
	mover := pos.ToMove.Other()
	if !p.connected(pos, mover) {
		return board.Ongoing
	}
	switch p.connect.result {
	case "win":
		return board.WinFor(mover)
	case "loss":
		return board.WinFor(mover.Other())
	}
	return board.Draw
}

// Connected reports whether side s has a row of the variant's connect
// rule in pos (docs/language.md § Connect): N of the pieces it counts on
// adjacent squares along a rank, a file or a diagonal, as the rule
// allows. It is false in a variant without one.
func (p *Program) Connected(pos *board.Position, s board.Side) bool {
	return p.connect != nil && p.connected(pos, s)
}
