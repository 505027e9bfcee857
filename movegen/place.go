package movegen

import (
	"fmt"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
)

// Stage: place. Every normal is placed once per side and start square
// with absolute squares (the seeds' normalHolder), so generation never
// adds offsets.

// place computes the absolute squares of a normal's ops for every side and
// start square.
func (c *compiler) place(n *normal) {
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
		return
	}
	c.placements += cost
	for side := board.First; side <= board.Second; side++ {
		fwd, right := 1, 1
		cornerX, cornerY := 0, 0
		if side == board.Second {
			fwd, cornerY = -1, h-1
			if p.rotate {
				right, cornerX = -1, w-1
			}
		}
		placed := make([]int16, w*h*len(n.ops))
		end := make([]int16, w*h)
		for start := 0; start < w*h; start++ {
			x, y := start%w, start/w
			off := false
			for i, o := range n.ops {
				if o.kind == opStep {
					for _, d := range o.dirs {
						switch d {
						case 'w':
							y += fwd
						case 's':
							y -= fwd
						case 'a':
							x -= right
						case 'd':
							x += right
						case 'e':
							x, y = cornerX, cornerY
						}
						if x < 0 || y < 0 || x >= w || y >= h {
							off = true
							if !n.marks {
								break
							}
						} else if n.marks {
							off = false
						}
					}
				}
				sq := int16(-1)
				if !off && x >= 0 && y >= 0 && x < w && y < h {
					sq = int16(y*w + x)
				}
				placed[start*len(n.ops)+i] = sq
			}
			if off || x < 0 || y < 0 || x >= w || y >= h {
				end[start] = -1
			} else {
				end[start] = int16(y*w + x)
			}
			if n.marks { // in … do leaves the cursor where it was
				end[start] = int16(start)
			}
		}
		n.placed[side], n.end[side] = placed, end
	}
}
