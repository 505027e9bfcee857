package brute

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Domino chess (examples/variants/domino.alf), written from the rules of
// docs/language.md § Multi-square pieces and the variant's header:
//
//   - 6x6; kings (a step in any of the 8 directions to an empty or enemy
//     square), rooks (orthogonal slides, capturing the first piece met
//     when it is an enemy), pawns (a step forward to an empty square, a
//     diagonal step forward onto an enemy; a rook on the last rank) and
//     wazirs (an orthogonal step to an empty or enemy square).
//   - Pieces may be parts of a group ({N} in the FEN). A part never moves
//     alone. The group is lifted; each part lists its own moves on that
//     board; a displacement that every part can make is a move of the
//     group, made of each part's move to its square plus the displacement.
//     Each part captures what stands where it lands; capturing any part of
//     a group removes the whole group. The move is named by the leader's
//     (the part written first in the FEN) from and to squares, and the
//     lower-case letter of its new type when it changed.
//   - When the leader's move is a wazir's forward step onto the last rank,
//     the group becomes the formation tower: a rook where the leader landed
//     (the first part in FEN order) and a rook one square back (toward the
//     side's own first rank; the second part), further parts leaving the
//     game — but only when both squares are on the board and, before the
//     move, empty, held by a part, or where a part lands; otherwise the
//     group has no move of that displacement.
//   - A move is legal when, after it, no move of the opponent would take
//     the mover's king. No legal move: the game is over.

// groupsCell is one square: the piece's letter (0 empty; upper case for the
// first side) and its group (0 for none).
type groupsCell struct {
	letter byte
	group  int
}

// GroupsPos is a domino chess position.
type GroupsPos struct {
	grid   Grid
	cells  []groupsCell
	second bool // the second side is to move
}

// groupsMove is a legal move: its name and the position it leads to.
type groupsMove struct {
	name string
	next GroupsPos
}

// groupsReach is one move of one piece: where it lands and its type
// after (0: unchanged).
type groupsReach struct {
	to     int
	promo  byte
	reform bool // the move of a group's leader turns it into a tower
}

// GroupsParse reads a domino chess FEN: placement with {N} group marks, and
// the side to move.
func GroupsParse(fen string) (GroupsPos, error) {
	g := Grid{6, 6}
	fields := strings.Fields(fen)
	if len(fields) < 2 {
		return GroupsPos{}, fmt.Errorf("brute: FEN %q has no side to move", fen)
	}
	p := GroupsPos{grid: g, cells: make([]groupsCell, 36), second: fields[1] == "b"}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != g.H {
		return GroupsPos{}, fmt.Errorf("brute: %d ranks in %q", len(ranks), fields[0])
	}
	for i, rank := range ranks {
		r, f := g.H-1-i, 0
		for j := 0; j < len(rank); j++ {
			c := rank[j]
			switch {
			case c >= '1' && c <= '9':
				f += int(c - '0')
			case c == '{':
				k := strings.IndexByte(rank[j:], '}')
				n, err := strconv.Atoi(rank[j+1 : j+k])
				if k < 0 || err != nil || f == 0 {
					return GroupsPos{}, fmt.Errorf("brute: bad group mark in %q", rank)
				}
				p.cells[f-1+r*g.W].group = n
				j += k
			default:
				if f >= g.W {
					return GroupsPos{}, fmt.Errorf("brute: rank %q too long", rank)
				}
				p.cells[f+r*g.W].letter = c
				f++
			}
		}
		if f != g.W {
			return GroupsPos{}, fmt.Errorf("brute: rank %q has %d files", rank, f)
		}
	}
	return p, nil
}

// FEN writes the placement, groups numbered 1, 2, … in writing order, and
// the side to move.
func (p GroupsPos) FEN() string {
	var b strings.Builder
	number := map[int]int{}
	for r := p.grid.H - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < p.grid.W; f++ {
			c := p.cells[f+r*p.grid.W]
			if c.letter == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteByte(c.letter)
			if c.group > 0 {
				if number[c.group] == 0 {
					number[c.group] = len(number) + 1
				}
				fmt.Fprintf(&b, "{%d}", number[c.group])
			}
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if p.second {
		b.WriteString(" b")
	} else {
		b.WriteString(" w")
	}
	return b.String()
}

func (p GroupsPos) clone() GroupsPos {
	p.cells = append([]groupsCell(nil), p.cells...)
	return p
}

func groupsIsFirst(letter byte) bool { return letter >= 'A' && letter <= 'Z' }

func groupsUpper(letter byte) byte {
	if letter >= 'a' {
		return letter - 'a' + 'A'
	}
	return letter
}

// groupsEnemy reports whether sq holds a piece of the side other than
// first's.
func (p GroupsPos) groupsEnemy(sq int, first bool) bool {
	c := p.cells[sq].letter
	return c != 0 && groupsIsFirst(c) != first
}

// pieceReach lists the moves of the piece on sq as its type moves, on the
// board as p has it.
func (p GroupsPos) pieceReach(sq int) []groupsReach {
	c := p.cells[sq].letter
	first := groupsIsFirst(c)
	fwd, last := 1, p.grid.H-1
	if !first {
		fwd, last = -1, 0
	}
	var out []groupsReach
	step := func(df, dr int, need func(to int) bool, promote bool) {
		to, ok := p.grid.Step(sq, df, dr)
		if !ok || !need(to) {
			return
		}
		r := groupsReach{to: to}
		if promote && to/p.grid.W == last {
			if groupsUpper(c) == 'W' {
				r.reform = true
			} else {
				r.promo = 'R'
			}
		}
		out = append(out, r)
	}
	emptyOrEnemy := func(to int) bool { return p.cells[to].letter == 0 || p.groupsEnemy(to, first) }
	empty := func(to int) bool { return p.cells[to].letter == 0 }
	enemy := func(to int) bool { return p.groupsEnemy(to, first) }
	switch groupsUpper(c) {
	case 'K':
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if df != 0 || dr != 0 {
					step(df, dr, emptyOrEnemy, false)
				}
			}
		}
	case 'R':
		for _, d := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
			at := sq
			for {
				to, ok := p.grid.Step(at, d[0], d[1])
				if !ok {
					break
				}
				if p.cells[to].letter != 0 {
					if enemy(to) {
						out = append(out, groupsReach{to: to})
					}
					break
				}
				out = append(out, groupsReach{to: to})
				at = to
			}
		}
	case 'P':
		step(0, fwd, empty, true)
		step(-1, fwd, enemy, true)
		step(1, fwd, enemy, true)
	case 'W':
		step(-1, 0, emptyOrEnemy, false)
		step(1, 0, emptyOrEnemy, false)
		step(0, -fwd, emptyOrEnemy, false)
		step(0, fwd, emptyOrEnemy, true)
	}
	return out
}

// parts returns the squares of the parts of group g, in writing order
// (rank 6 first, file a first): the first is the leader.
func (p GroupsPos) parts(g int) []int {
	var out []int
	for sq, c := range p.cells {
		if c.letter != 0 && c.group == g {
			out = append(out, sq)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		ri, rj := out[i]/p.grid.W, out[j]/p.grid.W
		if ri != rj {
			return ri > rj
		}
		return out[i] < out[j]
	})
	return out
}

// land puts the piece c (promoted to promo, when not 0) on to, removing
// what stands there with its whole group.
func (p GroupsPos) land(c groupsCell, to int, promo byte) {
	if old := p.cells[to]; old.letter != 0 {
		if old.group > 0 {
			for _, sq := range p.parts(old.group) {
				p.cells[sq] = groupsCell{}
			}
		}
		p.cells[to] = groupsCell{}
	}
	if promo != 0 {
		if groupsIsFirst(c.letter) {
			c.letter = promo
		} else {
			c.letter = promo - 'A' + 'a'
		}
	}
	p.cells[to] = c
}

// pseudo lists the moves of the side to move, legal or not.
func (p GroupsPos) pseudo() []groupsMove {
	var out []groupsMove
	first := !p.second
	doneGroup := map[int]bool{}
	for sq, c := range p.cells {
		if c.letter == 0 || groupsIsFirst(c.letter) != first {
			continue
		}
		if c.group == 0 {
			for _, r := range p.pieceReach(sq) {
				next := p.clone()
				next.cells[sq] = groupsCell{}
				next.land(c, r.to, r.promo)
				next.second = !p.second
				name := p.grid.Name(sq) + p.grid.Name(r.to)
				if r.promo != 0 {
					name += "r"
				}
				out = append(out, groupsMove{name, next})
			}
			continue
		}
		if doneGroup[c.group] {
			continue
		}
		doneGroup[c.group] = true
		out = append(out, p.groupMoves(c.group)...)
	}
	return out
}

// groupMoves lists the moves of group g: the group lifted, the
// displacements every part can make.
func (p GroupsPos) groupMoves(g int) []groupsMove {
	parts := p.parts(g)
	lifted := p.clone()
	for _, sq := range parts {
		lifted.cells[sq] = groupsCell{}
	}
	reach := make([][]groupsReach, len(parts))
	for i, sq := range parts {
		alone := lifted.clone()
		alone.cells[sq] = p.cells[sq] // the part on the lifted board
		reach[i] = alone.pieceReach(sq)
	}
	var out []groupsMove
	lead := parts[0]
	for _, lr := range reach[0] {
		df, dr := lr.to%p.grid.W-lead%p.grid.W, lr.to/p.grid.W-lead/p.grid.W
		chosen := []groupsReach{lr}
		for i := 1; i < len(parts); i++ {
			to, ok := p.grid.Step(parts[i], df, dr)
			found := false
			for _, r := range reach[i] {
				if ok && r.to == to {
					chosen, found = append(chosen, r), true
					break
				}
			}
			if !found {
				break
			}
		}
		if len(chosen) < len(parts) {
			continue
		}
		var tower []int
		if lr.reform {
			back := -1
			if p.second {
				back = 1
			}
			foot, ok := p.grid.Step(lr.to, 0, back)
			if !ok || !p.towerFits([]int{lr.to, foot}, parts, chosen) {
				continue
			}
			tower = []int{lr.to, foot}
		}
		next := lifted.clone()
		for i, sq := range parts {
			next.land(p.cells[sq], chosen[i].to, chosen[i].promo)
		}
		promoted := lr.promo != 0
		if tower != nil {
			for i := range parts {
				next.cells[chosen[i].to] = groupsCell{}
			}
			for i, sq := range tower {
				part := p.cells[parts[i]]
				part.letter = 'R'
				if !groupsIsFirst(p.cells[parts[0]].letter) {
					part.letter = 'r'
				}
				next.land(part, sq, 0)
			}
			promoted = true
		}
		next.second = !p.second
		name := p.grid.Name(lead) + p.grid.Name(lr.to)
		if promoted {
			name += "r"
		}
		out = append(out, groupsMove{name, next})
	}
	return out
}

// towerFits reports whether the tower's squares were, before the move,
// empty, held by a part, or landed on by a part.
func (p GroupsPos) towerFits(tower, parts []int, chosen []groupsReach) bool {
	for _, sq := range tower {
		ok := p.cells[sq].letter == 0
		for i := range parts {
			ok = ok || parts[i] == sq || chosen[i].to == sq
		}
		if !ok {
			return false
		}
	}
	return true
}

// kingGone reports whether the side (first or not) has no king on the
// board.
func (p GroupsPos) kingGone(first bool) bool {
	king := byte('K')
	if !first {
		king = 'k'
	}
	for _, c := range p.cells {
		if c.letter == king {
			return false
		}
	}
	return true
}

// GroupsLegal lists the legal moves: those after which no move of the
// opponent takes the mover's king.
func (p GroupsPos) GroupsLegal() []groupsMove {
	var out []groupsMove
	first := !p.second
	for _, m := range p.pseudo() {
		safe := !m.next.kingGone(first)
		for _, reply := range m.next.pseudo() {
			if !safe {
				break
			}
			safe = !reply.next.kingGone(first)
		}
		if safe {
			out = append(out, m)
		}
	}
	return out
}

// GroupsNames lists the legal moves' names.
func (p GroupsPos) GroupsNames() []string {
	var names []string
	for _, m := range p.GroupsLegal() {
		names = append(names, m.name)
	}
	return names
}

// GroupsPlay returns the position after the legal move named name; ok is
// false when there is none.
func (p GroupsPos) GroupsPlay(name string) (GroupsPos, bool) {
	for _, m := range p.GroupsLegal() {
		if m.name == name {
			return m.next, true
		}
	}
	return GroupsPos{}, false
}
