package movegen

import (
	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
)

// Blocking fields (docs/language.md § Blocking fields). A type's field
// line, field: [STEPS] all?, lists squares relative to the piece; the
// position counts, per side, the fields that cover each square
// (board.Position.FieldBlocks, kept with the squares). During generation
// a step onto a square a field bars for the generating side fails as a
// step off the board (gen.normal): a slide stops before it, a leaper
// cannot land, a slide's out clause runs.
//
// Incremental generation: whether a step is barred depends on squares
// the line does not otherwise read (where the field's owner stands). So
// in a variant with fields every step records a read of its square's key,
// and the position journals the squares whose counts a move changed
// (board.ChangedField), whose keys the keeper fires (listChanges). This
// per-step read is the cost the docs' measurement shows.

// typeField is a type's blocking field, its steps placed.
type typeField struct {
	steps []*normal
	all   bool
}

// field compiles a piece's field line: its steps placed as a limit's
// squares are.
func (c *compiler) field(t *PieceType, f *lang.Field) {
	tf := &typeField{all: f.All}
	for _, sq := range f.Squares {
		st := &normal{src: c.lines.Position(sq.Pos), ops: []op{{kind: opStep, dirs: sq.Dirs}}}
		c.place(st)
		tf.steps = append(tf.steps, st)
	}
	t.field = tf
}

// fieldCovers fills the variant's board.Field table from the types'
// placed field steps.
func (c *compiler) fieldCovers(v *board.Variant) {
	p := c.prog
	n := p.Width * p.Height
	for _, t := range p.types {
		if t.field == nil {
			continue
		}
		if v.Fields == nil {
			v.Fields = make([]*board.Field, len(p.types))
			p.fields = true
		}
		bf := &board.Field{All: t.field.all}
		for side := board.First; side <= board.Second; side++ {
			bf.Cover[side] = make([][]board.Square, n)
			for sq := range n {
				for _, st := range t.field.steps {
					if st.end[side] == nil { // over the placement budget: reported
						continue
					}
					x := st.end[side][sq]
					if x < 0 || x == int16(sq) || containsSquare(bf.Cover[side][sq], board.Square(x)) {
						continue // off the board, or the piece's own square: never covered
					}
					bf.Cover[side][sq] = append(bf.Cover[side][sq], board.Square(x))
				}
			}
		}
		v.Fields[t.Index] = bf
	}
}

func containsSquare(s []board.Square, x board.Square) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// fieldBarred reports whether a field bars the generating side's step
// onto sq: one of the opponent's, or an all field of a piece other than
// the mover.
func (g *gen) fieldBarred(sq board.Square) bool {
	n := g.pos.FieldBlocks(g.side, sq)
	if n == 0 {
		return false
	}
	if g.pos.V.FieldAll(int(g.pos.Pieces[g.mover].Type)) && g.pos.Covers(g.mover, sq) {
		n-- // the owner's own field does not bar it
	}
	return n > 0
}

// fieldBarredAt returns the index of the first step op of n, placed at
// placed, that a field bars for the generating side, or -1; it stops at
// the first op off the board. It records a read of every step's square up
// to there: whether a field covers it changes without the line's other
// reads changing (a step it does not reach is read too: a refresh too
// many, never one too few).
func (g *gen) fieldBarredAt(n *normal, placed []int16) int {
	rec := g.recording()
	for j := range n.ops {
		sq := board.Square(placed[j])
		if sq < 0 {
			return -1
		}
		if n.ops[j].kind != opStep {
			continue
		}
		if rec {
			g.read(int(sq))
		}
		if g.fieldBarred(sq) {
			return j
		}
	}
	return -1
}
