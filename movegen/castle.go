package movegen

import (
	"strings"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
)

// Stage: compile. The castle item (docs/language.md § Castling) is
// expanded here into ordinary lines, one per file the royal piece may
// stand on and file its partner may stand on, so that generation, make
// and unmake, the incremental mode and the bitboard tier run it as they
// run chess.alf's castling lines: conditions, pick, mov and put placed
// on absolute squares.

// castleLines expands a move line that ends with castle c. For a piece
// on file k and its partner on file r of the same rank (r beyond k on the
// side c names), the line is one normal:
//
//	pos k x  (the line's leading conditions)  unmoved
//	at r:  ally unmoved is T
//	every other square between k and the royal file, and between r and
//	the partner's file:  empty
//	every square from k to the royal file, that file aside unless k is
//	it (a king that does not move must not castle out of check):  safe (for a
//	royal piece: a piece that is not royal castles through attacked
//	squares, as in Fairy-Stockfish's giveaway and extinction chess); the
//	square it ends on is judged after the move, with the rook on its
//	new square, as every royal piece's is (Fairy-Stockfish's atomic
//	judges it so: the rook may shield it there)
//	at r: pick;  at the royal file: mov;  at the partner's file: put
//
// Files are counted from the side's left, as the steps a and d are (so
// under symmetry rotate the second player's files are mirrored).
func (c *compiler) castleLines(l *lang.Line, cst *lang.Castle, royal bool) []*Line {
	p := c.prog
	var prefix []op
	for _, it := range l.Items[:len(l.Items)-1] {
		if o, ok := c.op(it); ok {
			prefix = append(prefix, o)
		}
	}
	typ, ok := p.byName[cst.Name]
	if !ok {
		c.errorf(cst.NamePos, "castle names unknown piece %q", cst.Name)
		return nil
	}
	kf, rf := lang.FileIndex(cst.King), lang.FileIndex(cst.Rook)
	higher := kf > rf
	var lines []*Line
	for k := 0; k < p.Width; k++ {
		for r := 0; r < p.Width; r++ {
			if r == k || (r > k) != higher {
				continue
			}
			n := &normal{src: c.lines.Position(cst.Pos), actions: true, castle: true}
			n.ops = castleOps(prefix, typ, k, r, kf, rf, royal)
			c.place(n)
			lines = append(lines, &Line{Source: c.lines.Position(l.Pos), nodes: []node{n}, safe: royal})
		}
	}
	return lines
}

// castleOps returns the ops of one placement of a castle: the castling
// piece on file k, its partner (of type typ) on file r, ending on files kf
// and rf; the squares the piece crosses are safe when it is royal.
func castleOps(prefix []op, typ, k, r, kf, rf int, royal bool) []op {
	ops := []op{{kind: opPos, x: k, x2: k, y: -1, y2: -1}}
	ops = append(ops, prefix...)
	ops = append(ops, op{kind: opUnmoved})
	cur := k
	at := func(file int, o ...op) {
		switch {
		case file > cur:
			ops = append(ops, op{kind: opStep, dirs: strings.Repeat("d", file-cur)})
		case file < cur:
			ops = append(ops, op{kind: opStep, dirs: strings.Repeat("a", cur-file)})
		}
		cur = file
		ops = append(ops, o...)
	}
	at(r, op{kind: opAlly}, op{kind: opUnmoved}, op{kind: opIs, typ: typ})
	for f := min(k, kf, r, rf); f <= max(k, kf, r, rf); f++ {
		between := f >= min(k, kf) && f <= max(k, kf) || f >= min(r, rf) && f <= max(r, rf)
		if between && f != k && f != r {
			at(f, op{kind: opEmpty})
		}
	}
	for f := min(k, kf); royal && f <= max(k, kf); f++ {
		if f != kf || k == kf {
			at(f, op{kind: opSafe})
		}
	}
	at(r, op{kind: opPick})
	at(kf, op{kind: opMov})
	at(rf, op{kind: opPut})
	return ops
}

// posHolds evaluates a pos test (before its not) for side on sq: the
// rank counts from the side's first, the file from the side's left —
// under symmetry rotate the second player's files are mirrored, as its a
// and d are (legan's promotion squares, a castle's files); a side test
// (sided) holds for its side alone.
func (p *Program) posHolds(o *op, side board.Side, sq int) bool {
	if o.sided && side != o.only {
		return false
	}
	x, y := sq%p.Width, sq/p.Width
	if o.abs {
		return o.x <= x && x <= o.x2 && o.y <= y && y <= o.y2
	}
	if side == board.Second {
		y = p.Height - 1 - y
		if p.rotate {
			x = p.Width - 1 - x
		}
	}
	return (o.x < 0 || o.x <= x && x <= o.x2) && (o.y < 0 || o.y <= y && y <= o.y2)
}
