package movegen

import (
	"github.com/alfil-go/alfil/board"
)

// Invisible pieces (docs/language.md § Invisible pieces). A piece of an
// invisible type is seen by its own side's lines as any piece, and by the
// opponent's as an empty square (gen.pieceSeen): their empty holds there,
// enemy, ally and piece fail, their slides pass over it; is NAME still
// sees it. A move of the opponent that lands on it with mov captures it —
// a normal capture: Captured, the hand, its onDeath hooks, extinction —
// while a slide passing over it leaves it (Board.apply keeps the mov
// pending over it). Captures, Victim(s) and captures forced count that
// landing as a capture (landingVictims).
//
// Incremental generation needs nothing new: a line that reads the square
// of an invisible piece records the read as for any square, and what a
// side sees there changes only when the square's occupant does.

// hides reports whether the variant has invisible pieces or blocking
// fields, which the fast path's kernels, the lowered attack tables and the
// bitboard tier do not know (they read one occupancy for both sides and
// fixed rays): it runs interpreted. The keeper's quiet-move legality
// stays with invisible pieces — it asks the lines themselves, and a move
// whose mov lands on or passes over a piece it does not weigh but plays
// (incState.weigh) — and is off with fields (judge).
func (p *Program) hides() bool { return p.invisible || p.fields }

// hiddenWhy is why the tier declines a variant with invisible pieces or
// blocking fields (docs/language.md § The bitboard tier).
func (p *Program) hiddenWhy() string {
	switch {
	case p.invisible:
		return "the variant has invisible pieces (each side sees the board differently, which the tier's one occupancy cannot show)"
	case p.fields:
		return "the variant has blocking fields (squares off the board for one side's steps, which the tier's rays do not know)"
	}
	return ""
}

// hiddenFrom reports whether pc is an invisible piece hidden from side's
// lines: an invisible piece of the opponent.
func (p *Program) hiddenFrom(pc *board.Piece, side board.Side) bool {
	return p.invisible && pc.Side != side && p.types[pc.Type].Invisible
}

// hiddenAt reports whether the piece on sq, if any, is an invisible piece
// hidden from side.
func (b *Board) hiddenAt(sq board.Square, side board.Side) bool {
	id := b.pos.At(sq)
	return id >= 0 && b.prog.hiddenFrom(&b.pos.Pieces[id], side)
}

// lastMov returns the number, counting the ops of refs from 1 as apply
// does, of the move's last mov that falls on the board, 0 for none: the
// square the mover comes to rest on, where it takes an invisible piece;
// one it only passes over keeps its piece.
func (b *Board) lastMov(refs []ref, side board.Side) int {
	last, count := 0, 0
	for _, r := range refs {
		n := r.n
		placed := n.at(side, int(r.at))
		for i := range n.ops {
			count++
			if n.ops[i].kind == opMov && placed[i] >= 0 {
				last = count
			}
		}
	}
	return last
}

// landingVictims calls visit with the invisible opponent piece m's last
// mov lands on, if any (lastMov).
func (b *Board) landingVictims(m Move, side board.Side, visit func(*board.Piece) bool) {
	last, count := b.lastMov(m.refs, side), 0
	if last == 0 {
		return
	}
	for _, r := range m.refs {
		n := r.n
		placed := n.at(side, int(r.at))
		for i := range n.ops {
			if count++; count == last {
				if sq := board.Square(placed[i]); b.hiddenAt(sq, side) {
					visit(b.pos.PieceAt(sq))
				}
				return
			}
		}
	}
}

// checkInvisible refuses invisible pieces in a variant with drops, gates
// or walls: those place pieces on squares their own code tests for
// emptiness, for both sides alike, which would let an invisible piece
// show or be replaced without a capture (docs/language.md § Invisible
// pieces, Limits).
func (c *compiler) checkInvisible() {
	p := c.prog
	c.checkHiddenMixes()
	if !p.invisible || !p.drops && !p.gates && !p.walls {
		return
	}
	for i, pc := range c.file.Pieces {
		if p.types[i].Invisible {
			c.errorf(pc.Pos, "piece %s is invisible in a variant with drops, gates or walls: not supported (their squares are tested empty for both sides alike)", pc.Name)
			return
		}
	}
}

// applyInvisible is Board.apply in a variant with invisible pieces: the
// same walk of the move's actions, where a pending mov over an invisible
// opponent piece that is not the move's last is dropped (the mover passes
// over it and it stays), and the last mov, or a spawn, onto one captures it
// first. Kept apart so that apply, on every variant's path, is as it was.
func (b *Board) applyInvisible(refs []ref, mover int32, side board.Side, local []int64) {
	run := actionRun{mover: mover, side: side, local: local, qstart: len(b.queue), qnext: len(b.queue)}
	lastMov, count, pendingAt := b.lastMov(refs, side), 0, 0
	var movOp *op
	pending := board.NoSquare
	flush := func() {
		if pending == board.NoSquare {
			return
		}
		sq := pending
		pending = board.NoSquare
		if b.hiddenAt(sq, side) {
			if pendingAt != lastMov {
				return // passed over
			}
			if b.pos.Pieces[mover].OnBoard {
				b.capt(sq) // landed on
			}
		}
		b.act(movOp, sq, &run)
	}
	for _, r := range refs {
		n := r.n
		placed := n.at(side, int(r.at))
		skip := false
		for i := range n.ops {
			o := &n.ops[i]
			sq := board.Square(placed[i])
			count++
			if n.marks {
				switch {
				case o.kind == opStep:
					skip = false
				case skip || sq < 0:
					continue
				case o.kind.isCondition():
					flush()
					skip = !b.filter(o, sq, mover, side)
					continue
				}
			}
			if !o.kind.isAction() || sq < 0 {
				continue
			}
			if o.kind == opMov {
				if pending != board.NoSquare && b.pos.At(pending) >= 0 {
					flush() // the pending mov removes what stands there
				}
				movOp, pending, pendingAt = o, sq, count
				continue
			}
			flush()
			if o.kind == opSpawn && b.hiddenAt(sq, side) {
				b.capt(sq) // a piece put on an invisible one captures it
			}
			b.act(o, sq, &run)
		}
	}
	flush()
	// pieces lifted and never set down leave the game
	b.pickCapt(&run)
	b.queue = b.queue[:run.qstart]
}

// checkHiddenMixes refuses invisible pieces and fields beside the other
// constructs of the seeds whose moves are made apart from the ordinary
// walk of a line — stacks, groups and late pieces (their apply, capture
// and attack paths do not read who sees a square) — and a checkable
// invisible piece, whose threat would count captures only, as a royal
// one's would (docs/language.md § Invisible pieces, § Blocking fields).
func (c *compiler) checkHiddenMixes() {
	p := c.prog
	if !p.hides() {
		return
	}
	what := "invisible pieces"
	if !p.invisible {
		what = "blocking fields"
	}
	for i, pc := range c.file.Pieces {
		t := p.types[i]
		if !t.Invisible && !(pc.Field != nil) {
			continue
		}
		switch {
		case t.Invisible && t.Checkable:
			c.errorf(pc.Pos, "piece %s is invisible and checkable: not supported (a threat to it would count captures only, not the landing that takes it)", pc.Name)
		case p.proxies:
			c.errorf(pc.Pos, "piece %s: %s do not mix with proxy pieces", pc.Name, what)
		case p.multiSquare:
			c.errorf(pc.Pos, "piece %s: %s do not mix with multi-square pieces (groups)", pc.Name, what)
		case p.late:
			c.errorf(pc.Pos, "piece %s: %s do not mix with late pieces (copy:)", pc.Name, what)
		default:
			continue
		}
		return
	}
}
