package movegen

import (
	"fmt"
	"slices"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
)

// Late pieces (docs/language.md § Late pieces (copy:)). A type with copy
// lines moves by its own lines and, besides, by the ordinary lines of the
// types its sources name, run from its square with it as the mover:
//
//   - threateners: the enemy pieces whose own lines capture on its square;
//   - friends: the pieces of its side on the squares its steps reach;
//   - last: the piece that made the previous ply (board.Position.Last),
//     of either side or of the one named.
//
// The sources are types, deduplicated, taken in declaration order; walls,
// ghosts and the late type itself are never sources. A copy runs only the
// source's ordinary lines — never its copy lines, castlings, hooks, drop
// or gate lines — and threateners are found by ordinary lines only, so
// what a late piece copies never depends on what another late piece
// copies: the rule is depth 1 by construction, with nothing to iterate.
//
// Every question "could this piece capture there" sees a late piece's
// effective lines (gen.pieceLines): generation, the attack tests of
// legality, safe and harmless, the steadfast rule and the wall rule's
// shots. The incremental mode keeps a late type's copied lines in a holder
// of their own, its last group (lateGroup), which reads "any" for
// threateners, the neighbours' squares for friends and the ply counter
// for last, besides what the copied lines read.

// copyKind is a copy source's kind.
type copyKind uint8

const (
	copyThreateners copyKind = iota // the enemy pieces that threaten the late piece
	copyFriends                     // the side's pieces on the squares the steps reach
	copyLast                        // the piece that made the previous ply
)

// copySource is one compiled source of a late type's copy lines.
type copySource struct {
	kind copyKind
	// steps: for friends, one normal per step, whose end table gives the
	// neighbour square for each side and square
	steps []*normal
	// last: for last, the side the last mover must be of: either (0),
	// enemy or ally
	last lastSide
}

// lastSide is the side copy: last enemy|ally asks of the last mover.
type lastSide uint8

const (
	lastEither lastSide = iota
	lastEnemy
	lastAlly
)

// String names the source as a copy line writes it (friends' steps as
// their number: the dump shows compiled steps, not their words).
func (s copySource) String() string {
	switch s.kind {
	case copyThreateners:
		return "threateners"
	case copyFriends:
		return fmt.Sprintf("friends (%d steps)", len(s.steps))
	}
	return [...]string{"last", "last enemy", "last ally"}[s.last]
}

// kingSteps are friends' steps when the line names none: the eight
// squares around the piece.
var kingSteps = []string{"w", "a", "s", "d", "wa", "wd", "sa", "sd"}

// copyLines compiles a piece's copy lines into t.late. The sources are a
// union, so each kind is compiled once however often the lines name it:
// one threateners, one friends with every distinct step, one last (of
// either side when both are named).
func (c *compiler) copyLines(t *PieceType, pc *lang.Piece) {
	threats, lastSides := false, [3]bool{}
	var friends []string // distinct step words, in order
	var friendsAt lang.Pos
	for _, cp := range pc.Copies {
		for _, src := range cp.Sources {
			switch src.Kind {
			case "threateners":
				threats = true
			case "friends":
				dirs := kingSteps
				if src.Steps != nil {
					dirs = nil
					for _, st := range src.Steps {
						dirs = append(dirs, st.Dirs)
					}
				}
				if friends == nil {
					friendsAt = src.Pos
				}
				for _, d := range dirs {
					if !slices.Contains(friends, d) {
						friends = append(friends, d)
					}
				}
			case "last":
				lastSides[map[string]lastSide{"": lastEither, "enemy": lastEnemy, "ally": lastAlly}[src.Side]] = true
			}
		}
	}
	if threats {
		t.late = append(t.late, copySource{kind: copyThreateners})
	}
	if friends != nil {
		s := copySource{kind: copyFriends}
		for _, d := range friends {
			l := c.line(&lang.Line{Pos: friendsAt, Items: lang.Seq{&lang.Step{Pos: friendsAt, Dirs: d}}})
			var n *normal
			if len(l.nodes) == 1 {
				n, _ = l.nodes[0].(*normal)
			}
			if n == nil {
				c.errorf(friendsAt, "copy: friends step %s is not one step", d)
				continue
			}
			s.steps = append(s.steps, n)
		}
		t.late = append(t.late, s)
	}
	switch {
	case lastSides[lastEither] || lastSides[lastEnemy] && lastSides[lastAlly]:
		t.late = append(t.late, copySource{kind: copyLast, last: lastEither})
	case lastSides[lastEnemy]:
		t.late = append(t.late, copySource{kind: copyLast, last: lastEnemy})
	case lastSides[lastAlly]:
		t.late = append(t.late, copySource{kind: copyLast, last: lastAlly})
	}
	if t.late != nil {
		c.prog.late = true
		// the position keeps its last mover (board.Position.Last, the
		// FEN's {last:…})
		c.prog.tracksLast = c.prog.tracksLast || lastSides != [3]bool{}
	}
}

// copyable reports whether a line of a source type is copied: castlings
// are not (they move another piece too and are bound to their type).
func (l *Line) copyable() bool {
	for _, nd := range l.nodes {
		if n, ok := nd.(*normal); ok && n.castle {
			return false
		}
	}
	return true
}

// lateGroup returns the line group that keeps a late type's copied lines
// in the incremental mode: no fixed lines, and every property a keeper's
// shortcut could rely on set the conservative way.
func lateGroup() lineGroup {
	return lineGroup{late: true, capt: true, safe: true, fillSensitive: true, readsMemory: true, flood: true}
}

// pieceLines runs the effective lines of a piece of type t — the one g
// was reset for, on g.origin: its own lines, then, for a late type, the
// lines its copy sources lend it.
func (g *gen) pieceLines(t *PieceType) {
	g.lines(t.Lines)
	if t.late != nil && !g.stopped() {
		g.copied(t)
	}
}

// copied runs the lines a late piece of type t copies now, as pieceLines.
func (g *gen) copied(t *PieceType) {
	g.sources = g.b.copySources(t, g.origin, g.side, g.sources[:0], g)
	for _, typ := range g.sources {
		for _, l := range g.prog.types[typ].Lines {
			if g.stopped() {
				return
			}
			if g.mode == modeAttack && !l.capt || !l.copyable() {
				continue
			}
			g.runLine(l, g.origin)
		}
	}
}

// copySources appends to out the types a late piece of type t and side,
// on sq, copies now, in declaration order, each once. reader, when not
// nil, is told what the answer read: "any" for threateners (a piece
// arriving anywhere may start to threaten sq), the neighbours' squares
// for friends, the ply counter for last.
func (b *Board) copySources(t *PieceType, sq board.Square, side board.Side, out []int, reader *gen) []int {
	var seenBuf [64]bool
	seen := seenBuf[:]
	if n := len(b.prog.types); n > len(seenBuf) {
		seen = make([]bool, n)
	}
	for _, src := range t.late {
		switch src.kind {
		case copyThreateners:
			if reader != nil {
				reader.read(b.keys.any())
			}
			b.threateners(t, sq, side, seen)
		case copyFriends:
			for _, st := range src.steps {
				to := st.end[side][sq]
				if to < 0 {
					continue
				}
				if reader != nil {
					reader.read(int(to))
				}
				if pc := b.pos.PieceAt(board.Square(to)); pc != nil && pc.Side == side && b.sourceType(t, int(pc.Type)) {
					seen[pc.Type] = true
				}
			}
		case copyLast:
			if reader != nil {
				reader.read(b.keys.ply()) // the last mover changes every ply
			}
			if at := b.pos.LastSquare(); at != board.NoSquare {
				pc := b.pos.PieceAt(at)
				if ok := src.last == lastEither || (pc.Side != side) == (src.last == lastEnemy); ok && b.sourceType(t, int(pc.Type)) {
					seen[pc.Type] = true
				}
			}
		}
	}
	for typ := range b.prog.types {
		if seen[typ] {
			out = append(out, typ)
		}
	}
	return out
}

// sourceType reports whether type typ may lend its lines to the late type
// t: walls, ghosts and t itself never do.
func (b *Board) sourceType(t *PieceType, typ int) bool {
	st := b.prog.types[typ]
	return typ != t.Index && !st.Wall && !st.Ghost
}

// threateners marks in seen the type of each piece of side's opponent
// whose own lines (copy lines aside) capture on sq, where a late piece of
// type t and side stands, for the types sourceType lets through and not
// yet marked.
func (b *Board) threateners(t *PieceType, sq board.Square, side board.Side, seen []bool) {
	by := side.Other()
	g := b.target(sq)
	defer b.untarget(g, sq)
	b.mayCapture(sq, by, func(id int, pc *board.Piece, et *PieceType) bool {
		if seen[pc.Type] || !b.sourceType(t, int(pc.Type)) {
			return false
		}
		g.reset(int32(id), pc.Square, by, modeAttack)
		g.obs = nil // the late holder reads "any" instead
		g.lines(et.Lines)
		if g.abort {
			seen[pc.Type] = true
		}
		return false
	})
}

// setLast records, after move m's actions, the piece that made it as the
// position's last mover (copy: last): none for a pass, or when the move
// left it off the board (a drop's piece enters under another identity).
func (b *Board) setLast(m Move) {
	id := m.Piece
	if b.IsPass(m) || !b.pos.Pieces[id].OnBoard {
		id = -1
	}
	b.pos.SetLast(id)
}

// lateWhy is why the tier declines a variant with late pieces: its tables
// hold a type's moves once for all, and a late type's change with the
// position.
func lateWhy(t *PieceType) error {
	return fmt.Errorf("%s copies other pieces' moves (copy:), which the tier's tables cannot hold", t.Name)
}

// lateUnmoved adds the late types to unmovedMatters' answer: a copied
// line may test the late piece's unmoved flag (a pawn's double step).
func lateUnmoved(types []*PieceType, out []bool) []bool {
	if out == nil {
		return nil // every type's flag counts already
	}
	for _, t := range types {
		if t.late != nil {
			out[t.Index] = true
		}
	}
	return out
}

// refreshLate regenerates the moves of late piece id's copied lines into
// the incremental state's list, from start: what refresh does for the
// lateGroup, each copied line run as refresh runs a line of its own.
func (in *incState) refreshLate(g *gen, t *PieceType, id int32, sq board.Square, side board.Side, start int) {
	b := in.b
	g.reset(id, sq, side, modeMoves)
	g.obs = in
	g.sources = b.copySources(t, sq, side, g.sources[:0], g)
	for _, typ := range g.sources {
		for _, l := range b.prog.types[typ].Lines {
			if !l.copyable() {
				continue
			}
			g.reset(id, sq, side, modeMoves)
			g.obs, g.own, g.collect = in, true, l.capt && !l.safe
			g.out, g.pieceStart = &in.list, start
			g.runLine(l, sq)
			if l.safe && l.capt {
				g.reset(id, sq, side, modeAttacks)
				g.obs, g.own = in, true
				g.runLine(l, sq)
			}
		}
	}
}

// lateMobility counts the moves the holders of late piece id keep, a move
// its copied lines repeat from its own counted once, as the full mode
// counts them: a late piece's borrowed lines often repeat its own steps,
// and the two modes' evaluations must agree.
func (in *incState) lateMobility(id int) int {
	b := in.b
	side := b.pos.Pieces[id].Side
	list := b.scratchList()
	list.seen.reset(list, 0)
	for grp := range b.prog.types[b.pos.Pieces[id].Type].groups {
		h := id*in.slots + grp
		if in.dirty[side].Has(h) {
			in.refresh(h)
		}
		rec := &in.records[in.hrec[h]]
		for _, m := range in.list.Moves[rec.m0:rec.m1] {
			if !list.seen.has(m.sig) {
				list.seen.add(m.sig)
				list.Moves = append(list.Moves, m)
			}
		}
	}
	return len(list.Moves)
}
