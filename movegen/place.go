package movegen

import (
	"fmt"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
)

// Stage: place. Every normal is placed once per side and start square
// with absolute squares (the normalHolder), so generation never
// adds offsets.

// place computes the absolute squares of a normal's ops for every side and
// start square.
func (c *compiler) place(n *normal) {
	if !c.affordPlacement(n) {
		return
	}
	n.fields = c.fields && !n.marks
	for side := board.First; side <= board.Second; side++ {
		n.placed[side], n.end[side] = c.placeFor(n, side)
	}
}

// affordPlacement charges a normal's tables to the placement budget
// (Budgets.Placements), reporting the first normal that goes over it.
func (c *compiler) affordPlacement(n *normal) bool {
	p := c.prog
	w, h := p.Width, p.Height
	// the tables take two bytes per op, start square and side; each letter
	// of a step word is walked once per start square
	cost := 2 * w * h * (len(n.ops) + 1)
	for _, o := range n.ops {
		cost += 2 * w * h * len(o.dirs)
	}
	if over := c.placements > p.budgets.Placements; over || c.placements+cost > p.budgets.Placements {
		if !over {
			c.errs = append(c.errs, &lang.Error{Pos: n.src, Line: c.lines.LineText(n.src.Line),
				Msg: fmt.Sprintf("the variant is too large: its move lines need more than %d placed squares (the ops of every normal, for each start square and side; Budgets.Placements)", p.budgets.Placements)})
		}
		c.placements = p.budgets.Placements + 1
		return false
	}
	c.placements += cost
	return true
}

// orientation is how a side reads the step letters (docs/language.md
// § Steps and squares): w is forward, d is right, e jumps to its corner.
type orientation struct {
	fwd, right       int
	cornerX, cornerY int
	w, h             int
	holes            []bool // the board's holes (board.Variant.Holes), nil for none
}

func (c *compiler) orientation(side board.Side) orientation {
	p := c.prog
	o := orientation{fwd: 1, right: 1, w: p.Width, h: p.Height, holes: p.holes}
	if side == board.Second {
		o.fwd, o.cornerY = -1, p.Height-1
		if p.rotate {
			o.right, o.cornerX = -1, p.Width-1
		}
	}
	return o
}

func (o orientation) on(x, y int) bool { return x >= 0 && y >= 0 && x < o.w && y < o.h }

// hole reports whether (x, y), on the board, is one of its holes.
func (o orientation) hole(x, y int) bool { return o.holes != nil && o.holes[y*o.w+x] }

// walk follows the letters of a step word from (x, y). off tells whether
// the cursor has left the board; an in … do normal (marks) walks on
// through squares off the board, a move line stops at the first.
func (o orientation) walk(dirs string, x, y int, off, marks bool) (int, int, bool) {
	for _, d := range dirs {
		switch d {
		case 'w':
			y += o.fwd
		case 's':
			y -= o.fwd
		case 'a':
			x -= o.right
		case 'd':
			x += o.right
		case 'e':
			x, y = o.cornerX, o.cornerY
		}
		if !o.on(x, y) {
			off = true
			if !marks {
				break
			}
		} else if marks {
			off = false
		}
	}
	return x, y, off
}

// placeFor places a normal for one side: the square of each op from each
// start square (-1 off the board), and where the cursor ends.
func (c *compiler) placeFor(n *normal, side board.Side) (placed, end []int16) {
	o := c.orientation(side)
	w, h := o.w, o.h
	placed = make([]int16, w*h*len(n.ops))
	end = make([]int16, w*h)
	for start := 0; start < w*h; start++ {
		x, y := start%w, start/w
		off := false
		for i, op := range n.ops {
			if op.kind == opStep {
				x, y, off = o.walk(op.dirs, x, y, off, n.marks)
			}
			sq := int16(-1)
			if !off && o.on(x, y) {
				if !o.hole(x, y) {
					sq = int16(y*w + x)
				} else if !n.marks {
					// a hole is off the board for a move line: the word
					// that lands there (a leap passes over it: its
					// letters are one step) and all after it fail, and a
					// slide stops before it (docs/language.md § Setup)
					off = true
				}
			}
			placed[start*len(n.ops)+i] = sq
		}
		switch {
		case n.marks: // in … do leaves the cursor where it was
			end[start] = int16(start)
		case off || !o.on(x, y) || o.hole(x, y):
			end[start] = -1
		default:
			end[start] = int16(y*w + x)
		}
	}
	return placed, end
}
