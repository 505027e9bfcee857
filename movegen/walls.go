package movegen

import (
	"slices"

	"github.com/alfil-go/alfil/board"
)

// Stage: two-part turns (docs/language.md § Two-part turns). With the
// wall rule every move is followed by the mover putting a wall down — a
// piece of a wall type, which belongs to no army: place NAME anywhere
// moves the one NAME to any square empty after the move (duck chess,
// Fairy-Stockfish's wallingRule DUCK), place NAME shot puts a new NAME
// on a square the moved piece could move to from where it landed
// (amazons, wallingRule ARROW). A move of the list is the move and its
// wall: its refs are the move's, then the wall's del (anywhere, when the
// wall stands on the board) and spawn.

// placeRule is the compiled wall rule.
type placeRule struct {
	wall       int     // the wall type
	anywhere   bool    // place NAME anywhere (else shot)
	del, spawn *normal // the wall's removal and placing, placed on every square
}

// wallRule compiles the wall rule: a del and a spawn of the wall, each a
// normal of one action placed on every square.
func (c *compiler) wallRule() {
	f, p := c.file, c.prog
	if f.Place == nil {
		return
	}
	typ, ok := p.byName[f.Place.Wall.Name]
	if !ok {
		return // lang reported it
	}
	src := c.lines.Position(f.Place.Pos)
	r := &placeRule{wall: typ, anywhere: f.Place.Where == "anywhere"}
	r.del = &normal{src: src, actions: true, ops: []op{{kind: opDel}}}
	r.spawn = &normal{src: src, actions: true, ops: []op{{kind: opSpawn, typ: typ}}}
	c.place(r.del)
	c.place(r.spawn)
	p.place = r
}

// WallSquare returns the square move m puts its wall on under the wall
// rule, or false for a move without one.
func (b *Board) WallSquare(m Move) (board.Square, bool) {
	r := b.prog.place
	if r != nil && m.code != 0 && b.fast != nil {
		return b.fast.WallSquare(m.code) // a turn of the tier's lists
	}
	if r == nil || len(m.refs) == 0 || m.refs[len(m.refs)-1].n != r.spawn {
		return board.NoSquare, false
	}
	return m.refs[len(m.refs)-1].at, true
}

// addWalls replaces the moves of list, the side to move's, by their
// two-part forms: each move followed by each wall it may put down. With
// judged set and royal pieces in the variant each form is judged, since a
// wall may shut a line of attack; the moves of list are then unjudged.
func (b *Board) addWalls(list *MoveList, judged bool) {
	r := b.prog.place
	if r == nil || list.Len() == 0 || b.err != nil {
		return
	}
	side := b.pos.ToMove
	oldWall := board.NoSquare
	if r.anywhere {
		for id := range b.pos.Pieces {
			if pc := &b.pos.Pieces[id]; pc.OnBoard && int(pc.Type) == r.wall {
				oldWall = pc.Square
				break
			}
		}
	}
	// the board keeps no scratch for this (its size is budgeted): a
	// variant with walls runs interpreted anyway
	base := slices.Clone(list.Moves)
	var targets []board.Square
	list.Moves = list.Moves[:0]
	var j judge
	judging := judged && b.prog.royal
	if judging {
		j = judge{b: b, side: side}
		if b.prog.lastRoyal {
			j.guards = b.guardedRoyals(side)
		}
	}
	for _, m := range base {
		targets = b.wallSquares(m, side, targets[:0])
		for _, sq := range targets {
			start := len(list.arena)
			list.arena = append(list.arena, m.refs...)
			if oldWall != board.NoSquare {
				list.arena = append(list.arena, ref{r.del, oldWall})
			}
			list.arena = append(list.arena, ref{r.spawn, sq})
			refs := list.arena[start:len(list.arena):len(list.arena)]
			two := Move{Piece: m.Piece, From: m.From, refs: refs, local: m.local, sig: signature(refs, side)}
			if judging && !j.legal(two) {
				continue
			}
			list.Moves = append(list.Moves, two)
		}
	}
}

// wallSquares appends to out the squares move m of side may put its wall
// on: with anywhere every square empty after the move (the wall's own is
// not: the duck moves), with shot every empty square the moved piece
// could move to from where it landed, its lines run in the position after
// the move.
func (b *Board) wallSquares(m Move, side board.Side, out []board.Square) []board.Square {
	r := b.prog.place
	pos := b.pos
	mk := b.Mark()
	b.play(m, side)
	if r.anywhere {
		for sq := range board.Square(pos.Squares()) {
			if pc := pos.PieceAt(sq); pc == nil || b.prog.types[pc.Type].Ghost {
				out = append(out, sq)
			}
		}
	} else if pc := &pos.Pieces[m.Piece]; pc.OnBoard {
		list := b.scratchList()
		g := b.acquire()
		g.reset(m.Piece, pc.Square, side, modeMoves)
		g.out, g.pieceStart = list, 0
		g.pieceLines(b.prog.types[pc.Type])
		b.release()
		for _, shot := range list.Moves {
			to := lastMov(shot, side)
			if to == board.NoSquare || to == pc.Square || pos.At(to) >= 0 && !b.prog.types[pos.Pieces[pos.At(to)].Type].Ghost {
				continue // a capture or no move: an arrow flies to an empty square
			}
			if !slices.Contains(out, to) {
				out = append(out, to)
			}
		}
		list.Reset()
	}
	b.Unmake(mk)
	return out
}

// lastMov returns the square of m's last mov, m a move of side made by
// the interpreter, or board.NoSquare: To without the actions' list.
func lastMov(m Move, side board.Side) board.Square {
	to := board.NoSquare
	for _, r := range m.refs {
		placed := r.n.at(side, int(r.at))
		for i := range r.n.ops {
			if r.n.ops[i].kind == opMov && placed[i] >= 0 {
				to = board.Square(placed[i])
			}
		}
	}
	return to
}
