package movegen

import "github.com/alfil-go/alfil/board"

// Stage: compile (the insufficient-material rule, docs/language.md,
// § Insufficient material). A declaration names, for each side, the
// pieces it has exactly and the types it may have any number of; a
// position whose pieces on the board — ghosts aside — match one, either
// way round, is drawn. The rule decides a game (package game), not the
// moves: a board still lists them.

// material is one insufficient declaration, compiled: per side, the
// count of each type required and whether more may stand.
type material struct {
	sides     [2]materialSide
	sameColor bool
}

type materialSide struct {
	exact []int  // per type: pieces required
	more  []bool // per type: any number beyond exact allowed
}

// materials compiles the file's insufficient declarations; a letter that
// is no type's is an error at the declaration.
func (c *compiler) materials() {
	p := c.prog
	byLetter := map[byte]int{}
	for _, t := range p.types {
		byLetter[t.Letter] = t.Index
	}
	for _, d := range c.file.Insufficient {
		m := material{sameColor: d.SameColor}
		ok := true
		for s, side := range d.Sides {
			ms := materialSide{exact: make([]int, len(p.types)), more: make([]bool, len(p.types))}
			for i := range len(side.Fixed) + len(side.Any) {
				letter, any := byte(0), i >= len(side.Fixed)
				if any {
					letter = side.Any[i-len(side.Fixed)]
				} else {
					letter = side.Fixed[i]
				}
				t, found := byLetter[letter]
				if !found {
					c.errorf(d.Pos, "insufficient %s vs %s: no piece has the letter %c", d.Sides[0], d.Sides[1], letter)
					ok = false
					continue
				}
				if any {
					ms.more[t] = true
				} else {
					ms.exact[t]++
				}
			}
			m.sides[s] = ms
		}
		if ok {
			p.insufficient = append(p.insufficient, m)
		}
	}
}

// InsufficientMaterial reports whether the pieces on the board match one
// of the variant's insufficient declarations, no piece being in hand:
// neither side can win, and the game is drawn.
func (p *Program) InsufficientMaterial(pos *board.Position) bool {
	if len(p.insufficient) == 0 {
		return false
	}
	if !pos.HandEmpty(board.First) || !pos.HandEmpty(board.Second) {
		return false // a piece in hand may still enter and mate
	}
	var counts [2][]int
	counts[0], counts[1] = make([]int, len(p.types)), make([]int, len(p.types))
	for id := range pos.Pieces {
		if pc := &pos.Pieces[id]; pc.OnBoard && !p.types[pc.Type].Ghost {
			counts[pc.Side][pc.Type]++
		}
	}
	for _, m := range p.insufficient {
		if (m.sides[0].matches(counts[0]) && m.sides[1].matches(counts[1]) ||
			m.sides[0].matches(counts[1]) && m.sides[1].matches(counts[0])) &&
			(!m.sameColor || p.oneColor(pos)) {
			return true
		}
	}
	return false
}

func (s materialSide) matches(counts []int) bool {
	for t, n := range counts {
		if n < s.exact[t] || n > s.exact[t] && !s.more[t] {
			return false
		}
	}
	return true
}

// oneColor reports whether the pieces on the board, royal pieces and
// ghosts aside, all stand on squares of one color (file + rank even, or
// all odd).
func (p *Program) oneColor(pos *board.Position) bool {
	color := -1
	for id := range pos.Pieces {
		pc := &pos.Pieces[id]
		if !pc.OnBoard || p.types[pc.Type].Royal || p.types[pc.Type].Ghost {
			continue
		}
		x, y := pos.XY(pc.Square)
		switch c := (x + y) & 1; {
		case color < 0:
			color = c
		case c != color:
			return false
		}
	}
	return true
}
