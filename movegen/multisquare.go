package movegen

import (
	"errors"
	"slices"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
)

// Stage: multi-square pieces (docs/language.md § Multi-square pieces). A
// group is a set of ordinary pieces, its parts, joined in the position
// (board.Piece.Group, written {N} in a FEN). The group moves as one: its
// parts are lifted off the board, each part generates its own lines from
// its square on that board, and a displacement that every part can make —
// each part's first move, in generation order, whose last mov lands on
// its square plus the displacement — is one move of the group. The move
// is listed under the leader (the part FEN writes first) and plays, with
// the parts lifted, each part's chosen move, then the leader's reform if
// it has one. Capturing a part captures the group.
//
// Both interpreted modes generate group moves afresh on every call (the
// incremental keeper keeps the moves of the pieces on their own, whose
// holders' reads see the parts as the pieces they are); every question of
// attack asks the lines and the groups' moves themselves, and every move
// is judged by playing it. The tier declines these variants (lowerTier).

// errMultiSquare is why a variant with groups stays interpreted.
var errMultiSquare = errors.New("the variant has multi-square pieces (groups): the tier moves one piece per move")

// groupsRule reads the groups declaration: the variant's positions may
// join pieces into groups. The constructs whose moves or placements the
// group moves do not take into account are errors, one line each
// (docs/language.md § Multi-square pieces).
func (c *compiler) groupsRule(v *board.Variant) {
	f, p := c.file, c.prog
	if !f.Groups {
		return
	}
	p.multiSquare, v.Groups = true, true
	at := f.GroupsPos
	no := func(what string) { c.errorf(at, "groups: %s is not supported with multi-square pieces", what) }
	switch {
	case v.Castling || v.CastlePartners != nil:
		no("castling")
	case v.Hands:
		no("a hand (drops, gates, captures hand)")
	case p.walls:
		no("a wall piece")
	case p.passing != nil:
		no("passing")
	case p.steadfast:
		no("a steadfast piece")
	case p.lastRoyal || p.dupleCheck:
		no("lastroyal")
	case p.facing != nil:
		no("facing")
	case p.late:
		no("a late piece (copy:)")
	}
	for _, t := range p.types {
		for _, l := range t.Lines {
			if why := groupsUnsupported(l.nodes); why != "" {
				c.errorf(at, "groups: %s (in the line of %s at %s) is not supported with multi-square pieces", why, t.Name, l.Source)
				return
			}
		}
	}
}

// groupsUnsupported names the first construct of nodes that group moves
// do not support: multi (a move of several sub-moves), pick and put, or
// "".
func groupsUnsupported(nodes []node) string {
	why := ""
	if hasMulti(nodes) {
		return "multi"
	}
	eachNormal(nodes, func(n *normal) {
		for i := range n.ops {
			switch n.ops[i].kind {
			case opPick, opPut, opPickCapt:
				why = "pick or put"
			}
		}
	})
	return why
}

// formation is a compiled formation (docs/language.md § Multi-square
// pieces): its members' types and offsets from the anchor, the leader's
// landing square, as the first player sees them.
type formation struct {
	name    string
	members []formationMember
}

type formationMember struct {
	typ    int
	dx, dy int
}

// compileFormations compiles the file's formations once.
func (c *compiler) compileFormations() {
	p := c.prog
	if p.formations != nil || len(c.file.Formations) == 0 {
		return
	}
	for _, f := range c.file.Formations {
		fm := formation{name: f.Name}
		for _, m := range f.Members {
			fm.members = append(fm.members, formationMember{typ: p.byName[m.Piece.Name], dx: m.DX, dy: m.DY})
		}
		p.formations = append(p.formations, fm)
	}
}

// reformOp compiles reform NAME.
func (c *compiler) reformOp(n *lang.Named) (op, bool) {
	c.compileFormations()
	for i, f := range c.prog.formations {
		if f.name == n.Name {
			return op{kind: opReform, typ: i}, true
		}
	}
	c.errorf(n.NamePos, "reform names unknown formation %q", n.Name)
	return op{}, false
}

// reformOf returns the formation the last reform of refs names, or nil.
func (b *Board) reformOf(refs []ref) *formation {
	var f *formation
	for _, r := range refs {
		for i := range r.n.ops {
			if o := &r.n.ops[i]; o.kind == opReform {
				f = &b.prog.formations[o.typ]
			}
		}
	}
	return f
}

// formationSquares fills squares with where formation f puts its members
// when the group of side lands its leader on anchor: offsets mirrored for
// the second player (and, with symmetry rotate, files too), as steps are.
// It reports false when a member would stand off the board or on a hole.
func (b *Board) formationSquares(f *formation, anchor board.Square, side board.Side, squares []board.Square) ([]board.Square, bool) {
	pos := b.pos
	ax, ay := pos.XY(anchor)
	for _, m := range f.members {
		dx, dy := m.dx, m.dy
		if side == board.Second {
			dy = -dy
			if b.prog.rotate {
				dx = -dx
			}
		}
		sq := pos.Sq(ax+dx, ay+dy)
		if sq == board.NoSquare || pos.V.Hole(sq) {
			return squares, false
		}
		squares = append(squares, sq)
	}
	return squares, true
}

// reformFits reports whether the group of s may take formation f when its
// parts land on landings, the leader's first: every member square on the
// board, and, before the move, empty, held by a part, or one the parts
// land on (docs/language.md § Multi-square pieces).
func (b *Board) reformFits(f *formation, s *groupScratch, landings []board.Square, side board.Side) bool {
	pos := b.pos
	squares, ok := b.formationSquares(f, landings[0], side, s.squares[:0])
	s.squares = squares
	if !ok {
		return false
	}
	for _, sq := range squares {
		id := pos.At(sq)
		if id < 0 || slices.Contains(s.parts, id) || slices.Contains(landings, sq) {
			continue
		}
		return false
	}
	return true
}

// reform turns the group whose parts (in FEN order) have just played their
// moves into formation f: part i becomes member i, of its type, on its
// square; members beyond the parts are new pieces of the group, parts
// beyond the members leave the game silently.
func (b *Board) reform(f *formation, parts []int32, side board.Side, s *groupScratch) {
	pos := b.pos
	squares, ok := b.formationSquares(f, pos.Pieces[parts[0]].Square, side, s.squares[:0])
	s.squares = squares
	if !ok {
		return
	}
	group := pos.Pieces[parts[0]].Group
	for _, id := range parts {
		pos.Lift(id)
	}
	for i, m := range f.members {
		sq := squares[i]
		b.note(int(sq))
		b.removeAt(sq)
		var id int32
		if i < len(parts) {
			id = parts[i]
			if int(pos.Pieces[id].Type) != m.typ {
				pos.SetType(id, m.typ)
			}
		} else {
			id = pos.NewPiece(m.typ, side, false)
			pos.JoinGroup(id, group)
		}
		pos.Place(id, sq)
	}
}

// reformedLeader returns the name of the type the leader of group move m
// takes by reforming into the formation named formation, or "" when it
// keeps its type or m is not a group's (a reform there does nothing):
// a reform reads as the leader's promotion (notation, SAN).
func (b *Board) reformedLeader(m Move, formation string) string {
	pc := &b.pos.Pieces[m.Piece]
	if pc.Group == 0 {
		return ""
	}
	for _, f := range b.prog.formations {
		if f.name == formation && f.members[0].typ != int(pc.Type) {
			return b.prog.types[f.members[0].typ].Name
		}
	}
	return ""
}

// groupScratch is what one group's generation uses: a list per part, and
// the parts. Group generation nests (a safe test inside a part's line asks
// every line of the other side), so the board keeps one per nesting level.
type groupScratch struct {
	parts   []int32
	squares []board.Square // a formation's squares
	lists   []MoveList
	found   MoveList // groupsCapturable's: a group's moves
}

// scratchLevel enters the next nesting level and returns its group
// scratch, kept by the generator of that level (the Board itself keeps
// nothing for groups: see TestBoardMemory); leave with leaveLevel.
func (b *Board) scratchLevel() *groupScratch {
	g := b.acquire()
	if g.groups == nil {
		g.groups = &groupScratch{}
	}
	return g.groups
}

// leaveLevel leaves the nesting level scratchLevel entered.
func (b *Board) leaveLevel() { b.release() }

// groupMoves appends the moves of the group whose leader is piece leader
// (docs/language.md § Multi-square pieces); a part that is not its
// group's leader lists none.
func (b *Board) groupMoves(list *MoveList, leader int32) {
	pos := b.pos
	if !pos.GroupLeader(leader) {
		return
	}
	s := b.scratchLevel()
	defer b.leaveLevel()
	s.parts = pos.GroupParts(leader, s.parts[:0])
	for len(s.lists) < len(s.parts) {
		s.lists = append(s.lists, MoveList{})
	}
	side := pos.Pieces[leader].Side
	mk := pos.Mark()
	for _, id := range s.parts {
		pos.Lift(id)
	}
	for i, id := range s.parts {
		pc := &pos.Pieces[id]
		out := &s.lists[i]
		out.Reset()
		g := b.acquire()
		g.reset(id, pc.Square, side, modeMoves)
		g.obs = nil // a group's moves are made afresh: no holder records them
		g.out, g.pieceStart = out, 0
		g.lines(b.prog.types[pc.Type].Lines)
		b.release()
		if b.err != nil {
			break
		}
	}
	pos.Undo(mk)
	if b.err != nil {
		return
	}
	b.joinPartMoves(list, s, side)
}

// joinPartMoves appends to list one move per displacement that every part
// of s can make, in the order of the leader's moves: each part's first
// move that lands on its square plus the displacement.
func (b *Board) joinPartMoves(list *MoveList, s *groupScratch, side board.Side) {
	pos := b.pos
	n := len(s.parts)
	leaderFrom := pos.Pieces[s.parts[0]].Square
	lx, ly := pos.XY(leaderFrom)
	var chosen [board.MaxGroupParts]int
	lead := s.lists[0].Moves
	for i, lm := range lead {
		to, ok := partLanding(lm.refs, side)
		if !ok || to == leaderFrom {
			continue
		}
		tx, ty := pos.XY(to)
		dx, dy := tx-lx, ty-ly
		if slicesIndexLanding(lead[:i], side, to) >= 0 {
			continue // the displacement was offered already
		}
		chosen[0] = i
		all := true
		for j := 1; j < n && all; j++ {
			fx, fy := pos.XY(pos.Pieces[s.parts[j]].Square)
			dest := pos.Sq(fx+dx, fy+dy)
			chosen[j] = -1
			if dest != board.NoSquare {
				chosen[j] = slicesIndexLanding(s.lists[j].Moves, side, dest)
			}
			all = chosen[j] >= 0
		}
		if !all {
			continue
		}
		if f := b.reformOf(lm.refs); f != nil {
			var landings [board.MaxGroupParts]board.Square
			for j := range n {
				landings[j], _ = partLanding(s.lists[j].Moves[chosen[j]].refs, side)
			}
			if !b.reformFits(f, s, landings[:n], side) {
				continue // the formation does not fit: no move
			}
		}
		b.emitGroupMove(list, s, chosen[:n], side)
	}
}

// slicesIndexLanding returns the index of the first of moves whose last
// mov lands on to, or -1.
func slicesIndexLanding(moves []Move, side board.Side, to board.Square) int {
	for i, m := range moves {
		if at, ok := partLanding(m.refs, side); ok && at == to {
			return i
		}
	}
	return -1
}

// partLanding returns the square the last mov of refs goes to, as the move
// plays: where its piece ends.
func partLanding(refs []ref, side board.Side) (board.Square, bool) {
	to, ok := board.NoSquare, false
	for _, r := range refs {
		n := r.n
		if n.marks {
			continue
		}
		placed := n.at(side, int(r.at))
		for i := range n.ops {
			if n.ops[i].kind == opMov && placed[i] >= 0 {
				to, ok = board.Square(placed[i]), true
			}
		}
	}
	return to, ok
}

// emitGroupMove appends the group move made of move chosen[j] of each part
// j. Its refs are the parts' refs one after the other, the leader's last
// (so the move's last mov is the leader's: From and To name the leader's
// path, the move's UCI name); its local memory starts with a header that
// cuts refs and locals back into the parts' (groupHeader).
func (b *Board) emitGroupMove(list *MoveList, s *groupScratch, chosen []int, side board.Side) {
	n := len(chosen)
	start, ls := len(list.arena), len(list.locals)
	list.locals = append(list.locals, int64(n))
	order := func(k int) int { return (k + 1) % n } // parts 1…n-1, then the leader
	for k := range n {
		m := s.lists[order(k)].Moves[chosen[order(k)]]
		list.locals = append(list.locals, int64(len(m.refs)), int64(len(m.local)))
	}
	for k := range n {
		m := s.lists[order(k)].Moves[chosen[order(k)]]
		list.arena = append(list.arena, m.refs...)
		list.locals = append(list.locals, m.local...)
	}
	refs := list.arena[start:len(list.arena):len(list.arena)]
	list.Moves = append(list.Moves, Move{
		Piece: s.parts[0], From: b.pos.Pieces[s.parts[0]].Square,
		refs:  refs,
		local: list.locals[ls:len(list.locals):len(list.locals)],
		sig:   signature(refs, side),
	})
}

// applyGroup plays group move m (emitGroupMove) of side: every part is
// lifted, then each plays its own move, set down by its mov.
func (b *Board) applyGroup(m Move, side board.Side) {
	pos := b.pos
	s := b.scratchLevel()
	defer b.leaveLevel()
	s.parts = pos.GroupParts(m.Piece, s.parts[:0])
	n := len(s.parts)
	if len(m.local) == 0 || int(m.local[0]) != n || len(m.local) < 1+2*n {
		return // not a move of this group as it stands (Make asks no questions)
	}
	header, cells := m.local[1:1+2*n], m.local[1+2*n:]
	for _, id := range s.parts {
		pos.Lift(id)
	}
	refs := m.refs
	var leaderRefs []ref
	for k := range n {
		nr, nl := int(header[2*k]), int(header[2*k+1])
		if nr > len(refs) || nl > len(cells) {
			return
		}
		b.applyRun(refs[:nr], actionRun{mover: s.parts[(k+1)%n], side: side, local: cells[:nl], lifted: true})
		leaderRefs = refs[:nr] // the leader's come last
		refs, cells = refs[nr:], cells[nl:]
	}
	if f := b.reformOf(leaderRefs); f != nil && pos.Pieces[s.parts[0]].OnBoard {
		b.reform(f, s.parts, side, s) // the leader's reform counts (docs/language.md § Multi-square pieces)
	}
}

// movPart is mov in a variant with groups: a part of a group move that
// is still lifted is set down on sq; a piece on the board moves there.
// Whatever stood there leaves silently, with its group.
func (b *Board) movPart(sq board.Square, run *actionRun) {
	pos := b.pos
	mover := run.mover
	if !pos.Pieces[mover].OnBoard {
		if run.lifted {
			b.removeAt(sq)
			pos.SetUnmoved(mover, false)
			pos.Place(mover, sq)
		}
		return
	}
	if id := pos.At(sq); id >= 0 && id != mover {
		b.removeAt(sq)
	}
	pos.MoveTo(mover, sq)
}

// ownPart reports whether the piece on sq is a part of mover's group.
func (b *Board) ownPart(sq board.Square, mover int32) bool {
	g := b.pos.Pieces[mover].Group
	return g > 0 && b.pos.Pieces[b.pos.At(sq)].Group == g && b.pos.Pieces[b.pos.At(sq)].Side == b.pos.Pieces[mover].Side
}

// removeAt takes what stands on sq off the board silently, with the rest
// of its group.
func (b *Board) removeAt(sq board.Square) {
	pos := b.pos
	id := pos.At(sq)
	if id < 0 {
		return
	}
	if pos.Pieces[id].Group == 0 {
		pos.Remove(sq)
		return
	}
	var buf [board.MaxGroupParts]int32
	for _, p := range pos.GroupParts(id, buf[:0]) {
		pos.Lift(p)
	}
}

// captGroup captures, after piece id on sq (captured and its onDeath run),
// the other parts of its group, in FEN order, each with its onDeath
// hooks (docs/language.md § Multi-square pieces).
func (b *Board) captGroup(id int32) {
	pos := b.pos
	var buf [board.MaxGroupParts]int32
	for _, p := range pos.GroupParts(id, buf[:0]) {
		sq := pos.Pieces[p].Square
		b.note(int(sq))
		b.capture(p)
		b.onDeath(p, sq)
	}
}

// groupsCapturable answers capturable in a variant with groups: a piece on
// its own captures on sq by one of its lines, a group by one of its moves.
func (b *Board) groupsCapturable(sq board.Square, by board.Side) bool {
	g := b.target(sq)
	hit := false
	b.mayCapture(sq, by, func(id int, pc *board.Piece, t *PieceType) bool {
		if pc.Group > 0 {
			return false
		}
		g.reset(int32(id), pc.Square, by, modeAttack)
		g.lines(t.Lines)
		hit = g.abort
		return hit
	})
	b.untarget(g, sq)
	if hit {
		return true
	}
	s := b.scratchLevel()
	defer b.leaveLevel()
	list := &s.found
	for id := range b.pos.Pieces {
		pc := &b.pos.Pieces[id]
		if !pc.OnBoard || pc.Side != by || pc.Group == 0 || !b.pos.GroupLeader(int32(id)) || !b.groupReaches(int32(id), sq, by) {
			continue
		}
		list.Reset()
		b.groupMoves(list, int32(id))
		for _, m := range list.Moves {
			if capturesOn(m.refs, by, sq) {
				return true
			}
		}
	}
	return false
}

// groupReaches reports whether a part of leader's group may capture on sq
// by its type's capture reach (a bound on every board): a group captures
// only where one of its parts' moves does.
func (b *Board) groupReaches(leader int32, sq board.Square, by board.Side) bool {
	pos := b.pos
	var buf [board.MaxGroupParts]int32
	for _, id := range pos.GroupParts(leader, buf[:0]) {
		pc := &pos.Pieces[id]
		if t := b.prog.types[pc.Type]; t.reach[by] == nil || t.reach[by][pc.Square].has(int(sq)) {
			return true
		}
	}
	return false
}

// capturesOn reports whether a capt of refs falls on sq.
func capturesOn(refs []ref, side board.Side, sq board.Square) bool {
	for _, r := range refs {
		n := r.n
		if n.marks {
			continue
		}
		placed := n.at(side, int(r.at))
		for i := range n.ops {
			if k := n.ops[i].kind; (k == opCapt || k == opPickCapt) && placed[i] == int16(sq) {
				return true
			}
		}
	}
	return false
}

// partsCapturable reports whether side's opponent could capture the piece
// of side on sq or, when it is a part, any part of its group: capturing a
// part captures the group (a royal part is in check when any part is
// attacked).
func (b *Board) partsCapturable(sq board.Square, side board.Side) bool {
	pos := b.pos
	id := pos.At(sq)
	if id < 0 || pos.Pieces[id].Group == 0 {
		return b.groupsCapturable(sq, side.Other())
	}
	var buf [board.MaxGroupParts]int32
	for _, p := range pos.GroupParts(id, buf[:0]) {
		if b.groupsCapturable(pos.Pieces[p].Square, side.Other()) {
			return true
		}
	}
	return false
}
