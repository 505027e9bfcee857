package board

import (
	"fmt"
	"strconv"
)

// Multi-square pieces (docs/language.md § Multi-square pieces): a group is
// a set of ordinary pieces, its parts, that share Piece.Group. The board
// only keeps the grouping, writes and reads it in FEN ({N} after a part's
// letter) and hashes it; movegen makes the parts move and die together.
// The grouping never changes after a FEN is read: parts leave the board
// together, and no action makes new ones.

// The budgets of groups (docs/language.md § Limits).
const (
	MaxGroups     = 64  // groups in a position
	MaxGroupParts = 16  // parts of one group
	MaxGroupMark  = 999 // the largest N a FEN may write in {N}
)

// parseGroupMark reads the group mark {N} at rank[i] after the piece just
// placed, records N as the piece's group for checkGroups, and returns the
// index after the mark.
func (p *Position) parseGroupMark(rank string, i, y int) (int, error) {
	if !p.V.Groups {
		return 0, fmt.Errorf("rank %d: a group mark {N}, in a variant without the groups declaration", y+1)
	}
	j := i + 1
	for j < len(rank) && rank[j] >= '0' && rank[j] <= '9' {
		j++
	}
	if j >= len(rank) || rank[j] != '}' || j == i+1 {
		return 0, fmt.Errorf("rank %d: a group mark is {N}, N a number from 1 to %d", y+1, MaxGroupMark)
	}
	n, err := strconv.Atoi(rank[i+1 : j])
	if err != nil || n < 1 || n > MaxGroupMark {
		return 0, fmt.Errorf("rank %d: group %s: a group mark is {N}, N a number from 1 to %d", y+1, rank[i+1:j], MaxGroupMark)
	}
	p.Pieces[len(p.Pieces)-1].Group = int16(n)
	return j + 1, nil
}

// checkGroups checks the groups a FEN's placement (at byte off of fen)
// marked — every group has two parts or more, of one side, at most
// MaxGroupParts, and there are at most MaxGroups — and renumbers them 1, 2,
// … in the order FEN writes them, so that the numbers a FEN used do not
// matter.
func (p *Position) checkGroups(fen string, off int) error {
	type seen struct {
		parts int
		side  Side
		first Square
		num   int16
	}
	var groups map[int16]*seen
	var order []int16
	for id := range p.Pieces {
		pc := &p.Pieces[id]
		if pc.Group == 0 {
			continue
		}
		if groups == nil {
			groups = map[int16]*seen{}
		}
		g := groups[pc.Group]
		if g == nil {
			order = append(order, pc.Group)
			g = &seen{side: pc.Side, first: pc.Square, num: int16(len(order))}
			groups[pc.Group] = g
		}
		g.parts++
		bad := func(format string, args ...any) error {
			return &FENError{FEN: fen, Offset: off, Msg: fmt.Sprintf(format, args...)}
		}
		switch {
		case g.side != pc.Side:
			return bad("group %d: its parts on %s and %s belong to different sides", pc.Group, p.SquareName(g.first), p.SquareName(pc.Square))
		case g.parts > MaxGroupParts:
			return bad("group %d has more than %d parts", pc.Group, MaxGroupParts)
		case len(order) > MaxGroups:
			return bad("more than %d groups", MaxGroups)
		}
	}
	for _, n := range order {
		if g := groups[n]; g.parts < 2 {
			return &FENError{FEN: fen, Offset: off, Msg: fmt.Sprintf("group %d has one part (on %s): a group is two pieces or more", n, p.SquareName(g.first))}
		}
	}
	for id := range p.Pieces {
		if pc := &p.Pieces[id]; pc.Group > 0 {
			pc.Group = groups[pc.Group].num
		}
	}
	return nil
}

// groupRenumbering numbers groups 1, 2, … in the order FEN writes them,
// whatever their Piece.Group: positions that differ only in the numbers
// (reached by different moves) write the same FEN.
type groupRenumbering struct {
	seen []int16 // the groups met, in writing order
}

func (r *groupRenumbering) of(g int16) int {
	for i, s := range r.seen {
		if s == g {
			return i + 1
		}
	}
	r.seen = append(r.seen, g)
	return len(r.seen)
}

// groupsHash is the groups' part of Hash: each part on the board adds a
// key of its square and its group's anchor, the lowest square of a part of
// the group on the board. It depends on where the parts stand, not on the
// groups' numbers nor on identities, so positions reached by different
// move orders hash alike, and grouped pieces hash apart from the same
// pieces ungrouped.
func (p *Position) groupsHash() uint64 {
	var anchor [MaxGroups + 1]Square
	any := false
	for id := range p.Pieces {
		pc := &p.Pieces[id]
		if pc.Group <= 0 || !pc.OnBoard || int(pc.Group) > MaxGroups {
			continue
		}
		if a := anchor[pc.Group]; a == 0 || pc.Square+1 < a {
			anchor[pc.Group] = pc.Square + 1 // 0: none seen yet
		}
		any = true
	}
	if !any {
		return 0
	}
	var h uint64
	for id := range p.Pieces {
		pc := &p.Pieces[id]
		if pc.Group > 0 && pc.OnBoard && int(pc.Group) <= MaxGroups {
			h ^= mix(11, uint64(uint16(pc.Square)), uint64(anchor[pc.Group]), 0)
		}
	}
	return h
}

// GroupParts appends to parts the identities of the pieces on the board in
// piece id's group, in the order FEN writes them (from the top rank down,
// file a first), and returns the extended slice; for a piece on its own,
// id alone. The order is the position's, not the identities': a group
// reformed into another shape, and the same position read from its FEN,
// have the same leader.
func (p *Position) GroupParts(id int32, parts []int32) []int32 {
	g := p.Pieces[id].Group
	if g == 0 {
		return append(parts, id)
	}
	start := len(parts)
	for other := range p.Pieces {
		if pc := &p.Pieces[other]; pc.Group == g && pc.OnBoard {
			parts = append(parts, int32(other))
		}
	}
	group := parts[start:]
	for i := 1; i < len(group); i++ { // a handful of parts: insertion sort
		for j := i; j > 0 && p.writtenBefore(group[j], group[j-1]); j-- {
			group[j], group[j-1] = group[j-1], group[j]
		}
	}
	return parts
}

// writtenBefore reports whether FEN writes piece a before piece b.
func (p *Position) writtenBefore(a, b int32) bool {
	ax, ay := p.XY(p.Pieces[a].Square)
	bx, by := p.XY(p.Pieces[b].Square)
	return ay > by || ay == by && ax < bx
}

// GroupLeader reports whether piece id is the leader of its group: the
// part FEN writes first, which lists the group's moves. A piece on its
// own leads itself.
func (p *Position) GroupLeader(id int32) bool {
	g := p.Pieces[id].Group
	if g == 0 {
		return true
	}
	for other := range p.Pieces {
		if pc := &p.Pieces[other]; pc.Group == g && pc.OnBoard && int32(other) != id && p.writtenBefore(int32(other), id) {
			return false
		}
	}
	return true
}

// JoinGroup makes piece id, which NewPiece has just made (its undo takes
// the piece away, group and all), a part of group g: a part a formation
// adds (movegen's reform).
func (p *Position) JoinGroup(id int32, g int16) {
	p.Pieces[id].Group = g
}
