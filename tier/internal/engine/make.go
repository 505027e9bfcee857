package engine

import (
	"slices"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: board change. Make runs a move's actions as the interpreter's
// apply does (docs/language.md § Actions), then ends the ply: the ghosts
// that were there before the move are deleted, the turn passes, checks
// are counted, and a side left without royal or real pieces loses. A drop
// puts a moved piece of its type on its square, removing a ghost there,
// and takes one from the hand; with captures hand a piece captured — by
// a capt, a ghost's death, or lifted and never set down — goes to the
// hand of the side moving. A gated move plays its move, then sets the
// gated piece down as a drop does, on the square the move left (gate.go).

// Make plays m, a move Pseudo or Legal gave for this position, and
// returns the mark Unmake takes back to.
func (p *Position) Make(m spec.Move) spec.Mark {
	mk := spec.Mark{Depth: int32(len(p.frames))}
	p.play(m)
	p.decideGoals()
	return mk
}

// Unmake takes back every move played since mk; false for a mark past
// the moves played.
func (p *Position) Unmake(mk spec.Mark) bool {
	if mk.Depth < 0 || int(mk.Depth) > len(p.frames) {
		return false
	}
	for len(p.frames) > int(mk.Depth) {
		p.takeBack()
	}
	return true
}

// play plays m.
func (p *Position) play(m spec.Move) {
	m, wall := p.splitWall(m) // a wall turn plays its base move, then the wall
	p.frames = append(p.frames, frame{journal: int32(len(p.journal)), unmoved: p.unmoved,
		checks: p.checks, result: p.result, hash: p.hash, halfmove: p.halfmove, passes: p.passes})
	us := p.toMove
	faced := p.facingBefore() // (facing.go)
	drop := m.Drop()
	lands := p.lander(m) // (flip.go)
	if c := p.board[m.From()]; c != 0 {
		t, _ := decode(c)
		p.reset = p.r.resets[t] && !p.r.takesBack(t, us, m)
	} else {
		p.reset = drop >= 0 // a drop cannot be taken back
	}
	old := p.ghosts
	var royals [2]int
	if p.r.anyRoyal {
		royals = [2]int{p.royal.and(p.side[0]).count(), p.royal.and(p.side[1]).count()}
	}
	var fresh set
	if p.record {
		p.played = p.played[:0]
	}
	switch line, chain := m.Line(), m.Chain(); {
	case m.IsPass():
		// (pass.go: the board does not change; a passing piece of a type
		// that resets restarts the clock, as the interpreter's restarts
		// rules a move from and to one square)
		if p.record {
			p.played = append(p.played, spec.Act{Kind: spec.Pass, Sq: m.From()})
		}
	case drop >= 0:
		sq := int(m.To())
		p.clear(sq)
		if m.DropPromoted() {
			// its promoted face, promoted from the hand's type
			p.setPiece(sq, code(p.r.dropFace[drop], us))
			p.setOrigin(sq, promotedOrigin(0, drop, p.r.dropFace[drop], p.r.demotes))
		} else {
			p.setPiece(sq, code(drop, us))
		}
		if dc := p.r.spec.DropCastle; dc != nil {
			p.castleDropped(dc, drop, sq, us)
		}
		if p.r.fill == nil || !p.r.fill.freeDrops {
			p.addHand(us, drop, -1)
		}
		if p.record {
			p.played = p.appendPlainActs(p.played, m)
		}
	case chain >= 0:
		p.playChain(int32(chain), int(m.From()), us)
	case line < 0:
		p.makePlain(m)
		if p.record {
			p.played = p.appendPlainActs(p.played, m)
		}
		p.touchAfter(m, us)
	default:
		fresh = p.runScript(p.r.scripts[line].at[us][m.From()].Acts, int(m.From()), us)
	}
	if lands != nil {
		p.land(lands, int(m.To()), us)
	}
	if wall >= 0 {
		p.placeWall(wall, us)
	}
	if m.Gate() >= 0 {
		// the gate's piece, after the move; it keeps the half-move clock
		// running, as Fairy-Stockfish counts the move alone
		p.playGate(m, us)
	}
	if p.reset {
		p.halfmove = 0
	} else {
		p.halfmove++
	}
	p.endPly(us, old.minus(fresh), royals)
	p.fillEnd() // (flip.go)
	if p.r.spec.Pass != nil {
		p.countPasses(m) // (pass.go)
	}
	if p.r.facing != nil {
		p.endFacing(faced, us) // (facing.go)
	}
}

// castleDropped applies drops castle to a piece of type t just dropped
// on sq by side us (spec.DropCastle; movegen's Board.castleDropped): a
// king dropped on its square is unmoved and makes the rooks on theirs
// unmoved; a rook dropped on one of its squares, with the king on its
// own, is unmoved and makes the king unmoved — and the other rooks on
// their squares moved when the king had moved, whose rights it lost.
func (p *Position) castleDropped(dc *spec.DropCastle, t, sq int, us board.Side) {
	king, rook := code(dc.King, us), code(dc.Rook, us)
	u := p.unmoved
	switch {
	case t == dc.King && sq == int(dc.KingSq[us]):
		u = u.with(sq)
		for _, r := range dc.RookSqs[us] {
			if p.board[r] == rook {
				u = u.with(int(r))
			}
		}
	case t == dc.Rook && slices.Contains(dc.RookSqs[us], board.Square(sq)):
		k := int(dc.KingSq[us])
		if p.board[k] != king {
			return
		}
		if !u.has(k) {
			for _, r := range dc.RookSqs[us] {
				if int(r) != sq && p.board[r] == rook {
					u = u.without(int(r))
				}
			}
		}
		u = u.with(sq).with(k)
	}
	p.setUnmoved(u)
}

// promotedOrigin returns the origin (type+1, 0 for none) of a piece of
// type t whose origin was o once it is promoted to type to, as
// board.Position.SetType keeps it where captures demote: its type at its
// first promotion, none once it turns back to that type (kyotoshogi's
// pieces flip with every move).
func promotedOrigin(o uint8, t, to int, demotes bool) uint8 {
	switch {
	case !demotes || to == t:
		return o
	case o == 0:
		return uint8(t) + 1
	case to == int(o)-1:
		return 0
	}
	return o
}

// makePlain plays a plain move.
func (p *Position) makePlain(m spec.Move) {
	from, to := int(m.From()), int(m.To())
	c := p.board[from]
	o := p.origin[from]
	if from == p.follow {
		p.follow = to
	}
	if m.Captures() {
		p.capture(to)
	}
	if promo := m.Promotion(); promo >= 0 {
		t, s := decode(c)
		c = code(promo, s)
		p.reset = p.reset || p.r.lasting[t*p.r.ntypes+promo]
		o = promotedOrigin(o, t, promo, p.r.demotes)
	}
	p.setGhost(to, 0)
	p.setPiece(to, c)
	p.setPiece(from, 0)
	p.setOrigin(to, o)
	p.setUnmoved(p.unmoved.without(from).without(to))
}

// take removes the piece on sq, captured: with captures hand it goes to
// the hand of the side moving.
func (p *Position) take(sq int) {
	if p.r.toHand {
		p.addHand(p.toMove, p.base(sq, p.board[sq]), 1)
	}
	p.setPiece(sq, 0)
	p.setUnmoved(p.unmoved.without(sq))
}

// capture captures what stands on sq: a piece, or a ghost, whose death
// runs its OnDeath script (the en-passant capture).
func (p *Position) capture(sq int) {
	if p.board[sq] != 0 || p.ghost[sq] != 0 {
		p.reset = true
	}
	if p.board[sq] != 0 {
		p.take(sq)
		return
	}
	g := p.ghost[sq]
	if g == 0 {
		return
	}
	p.setGhost(sq, 0)
	t, s := decode(g)
	if death := p.r.spec.Types[t].OnDeath.At[s]; death != nil && death[sq] != nil {
		for _, a := range death[sq].Acts {
			if a.Kind == spec.Capt && p.board[a.Sq] != 0 {
				p.take(int(a.Sq))
			}
		}
	}
}

// runScript plays a script's actions for the piece of side us on from and returns
// the squares of the ghosts it spawned.
func (p *Position) runScript(acts []spec.Act, from int, us board.Side) (fresh set) {
	mover, on := from, true
	p.queue = p.queue[:0]
	next := 0
	ran := true // the last marked square's filters held
	for i := range acts {
		a := &acts[i]
		if a.Marked {
			if !a.WithPrev {
				ran = p.condsHold(a.If, us)
			}
			if !ran {
				continue
			}
		}
		if p.record {
			p.played = append(p.played, *a)
		}
		sq := int(a.Sq)
		if p.follow >= 0 {
			p.followAct(a.Kind, sq, mover, on)
		}
		switch a.Kind {
		case spec.Mov:
			if on && sq != mover {
				c, o := p.board[mover], p.origin[mover]
				p.clear(sq)
				p.setPiece(sq, c)
				p.setPiece(mover, 0)
				p.setOrigin(sq, o)
				p.setUnmoved(p.unmoved.without(mover).without(sq))
				mover = sq
			} else if on {
				p.setUnmoved(p.unmoved.without(sq))
			}
		case spec.Capt:
			if on && sq == mover && p.board[sq] != 0 {
				on = false
			}
			p.capture(sq)
		case spec.Del:
			if on && sq == mover && p.board[sq] != 0 {
				on = false
			}
			p.clear(sq)
		case spec.Spawn:
			if on && sq == mover && p.board[sq] != 0 {
				on = false
			}
			p.clear(sq)
			c := code(a.Type, us)
			if p.r.ghost[a.Type] {
				p.setGhost(sq, c)
				fresh = fresh.with(sq)
			} else {
				p.setPiece(sq, c)
				p.setUnmoved(p.unmoved.with(sq))
			}
		case spec.Promote:
			if c := p.board[sq]; c != 0 {
				t, s := decode(c)
				p.reset = p.reset || p.r.lasting[t*p.r.ntypes+a.Type]
				o := promotedOrigin(p.origin[sq], t, a.Type, p.r.demotes)
				p.setPiece(sq, code(a.Type, s))
				p.setOrigin(sq, o)
			} else if g := p.ghost[sq]; g != 0 {
				_, s := decode(g)
				p.setGhost(sq, code(a.Type, s))
			}
		case spec.Pick:
			if c := p.board[sq]; c != 0 {
				p.queue = append(p.queue, lifted{code: c, origin: p.origin[sq], mover: on && sq == mover, follow: sq == p.follow})
				if sq == p.follow {
					p.follow = -1 // until it is set down
				}
				if on && sq == mover {
					on = false
				}
				p.setPiece(sq, 0)
				p.setUnmoved(p.unmoved.without(sq))
			} else if g := p.ghost[sq]; g != 0 {
				p.queue = append(p.queue, lifted{code: g, ghost: true})
				p.setGhost(sq, 0)
			}
		case spec.Put:
			if next < len(p.queue) {
				l := p.queue[next]
				next++
				if sq == p.follow {
					p.follow = -1
				}
				p.clear(sq)
				if l.ghost {
					p.setGhost(sq, l.code)
				} else {
					p.setPiece(sq, l.code)
					p.setOrigin(sq, l.origin)
					if l.follow {
						p.follow = sq
					}
				}
				if l.mover {
					mover, on = sq, true
				}
			}
		case spec.Touch:
			p.touch(sq)
		case spec.Win:
			p.win(us)
		case spec.Lose:
			p.win(us.Other())
		case spec.Draw:
			p.setResult(board.Draw)
		case spec.Flip:
			p.flipAt(sq, us)
		case spec.Outflank:
			p.outflankAt(sq, us)
		}
	}
	if next < len(p.queue) { // lifted and never set down: captured
		p.reset = true
		for _, l := range p.queue[next:] {
			if p.r.toHand && !l.ghost {
				t, _ := decode(l.code)
				if l.origin != 0 {
					t = int(l.origin) - 1
				}
				p.addHand(us, t, 1)
			}
		}
	}
	return fresh
}

// followAct keeps p.follow, the square of the piece play follows, before
// action kind runs on sq, mover being the moving piece's square (on: it
// is on the board): a mov takes it along when it is the mover, and
// removes it when it stands where another piece goes; a capt, del or
// spawn on its square removes it. (Pick and put carry it in the queue,
// and a put removes what it lands on.)
func (p *Position) followAct(kind spec.ActKind, sq, mover int, on bool) {
	switch kind {
	case spec.Mov:
		switch {
		case !on || sq == mover:
		case mover == p.follow:
			p.follow = sq
		case sq == p.follow:
			p.follow = -1
		}
	case spec.Capt, spec.Del, spec.Spawn:
		if sq == p.follow {
			p.follow = -1
		}
	}
}

// setResult sets the result once: the first one set stands, as in
// board.Position.SetResult.
func (p *Position) setResult(r board.Result) {
	if p.result == board.Ongoing {
		p.result = r
	}
}

// endPly runs the every hooks, deletes the ghosts left from before the
// move, passes the turn, counts a check and decides a game a side has
// lost by extinction or by losing its royal pieces.
func (p *Position) endPly(us board.Side, stale set, royals [2]int) {
	for _, t := range p.r.everyTypes {
		every := &p.r.spec.Types[t].Every
		for s := range board.Side(2) {
			for b := p.types[t].and(p.side[s]); b.some(); b = b.dropLowest() {
				sc := every.At[s][b.lowest()]
				if sc == nil || !p.condsHold(sc.Conds, s) {
					continue
				}
				for _, a := range sc.Acts {
					if a.Kind == spec.Win {
						p.win(s)
					} else {
						p.win(s.Other())
					}
				}
			}
		}
	}
	for b := stale.and(p.ghosts); b.some(); b = b.dropLowest() {
		p.setGhost(b.lowest(), 0)
	}
	p.toMove = us.Other()
	p.hash ^= p.r.zobrist.side
	r := p.r
	if r.anyReal && p.result == board.Ongoing {
		if s, ok := p.extinctSide(); ok {
			p.setResult(p.extinct(s))
		}
	}
	if limit := r.spec.CheckLimit; limit > 0 && p.result == board.Ongoing && p.royalAttacked(us.Other()) {
		p.checks[us]++
		if p.checks[us] >= int32(limit) {
			p.setResult(board.WinFor(us))
		}
	}
	if r.anyRoyal && p.result == board.Ongoing {
		for _, s := range [2]board.Side{us.Other(), us} {
			if royals[s] > 0 && !p.royal.meets(p.side[s]) {
				p.setResult(board.WinFor(s.Other()))
				break
			}
		}
	}
}

// extinctSide returns the side the extinction rule judges, the side
// that has just moved first (spec.Variant.Extinct).
func (p *Position) extinctSide() (board.Side, bool) {
	r := p.r
	next := p.toMove
	for _, s := range [2]board.Side{next.Other(), next} {
		need := r.spec.ExtinctVs
		if r.spec.ExtinctReply && s == next {
			need++
		}
		if !r.spec.ExtinctEach {
			if p.realCount(s, -1) <= r.spec.ExtinctLeft && p.realCount(s.Other(), -1) >= need {
				return s, true
			}
			continue
		}
		for _, t := range r.realTypes {
			if p.realCount(s, t) <= r.spec.ExtinctLeft && p.realCount(s.Other(), t) >= need {
				return s, true
			}
		}
	}
	return 0, false
}

// realCount counts side s's pieces of Real type t, or of every Real type
// when t is -1, on the board and in hand.
func (p *Position) realCount(s board.Side, t int) int {
	if t >= 0 {
		return p.types[t].and(p.side[s]).count() + int(p.hand[s][t])
	}
	n := p.real.and(p.side[s]).count()
	for _, t := range p.r.realTypes {
		n += int(p.hand[s][t])
	}
	return n
}

// extinct is the result for side s, judged by the extinction rule.
func (p *Position) extinct(s board.Side) board.Result {
	switch p.r.spec.Extinct {
	case board.FirstWins:
		return board.WinFor(s)
	case board.SecondWins:
		return board.WinFor(s.Other())
	}
	return board.Draw
}

// royalAttacked reports whether a royal piece of side s that it must
// guard (guarded: none while it has two lastroyal pieces or more) could
// be captured.
func (p *Position) royalAttacked(s board.Side) bool {
	if p.r.spec.DupleCheck {
		return p.dupleChecked(s)
	}
	occ, mine := p.occupied(), p.side[s.Other()]
	for b := p.guarded(s); b.some(); b = b.dropLowest() {
		if p.attacked(b.lowest(), s.Other(), occ, mine) {
			return true
		}
	}
	return false
}

// takeBack takes back the last move played.
func (p *Position) takeBack() {
	f := p.frames[len(p.frames)-1]
	p.frames = p.frames[:len(p.frames)-1]
	for i := len(p.journal) - 1; i >= int(f.journal); i-- {
		c := p.journal[i]
		switch c.layer {
		case 0:
			p.put(int(c.sq), uint8(c.old))
		case 1:
			p.putGhost(int(c.sq), uint8(c.old))
		case 2:
			p.origin[c.sq] = uint8(c.old)
		default:
			p.hand[c.layer-3][c.sq] = c.old
		}
	}
	p.journal = p.journal[:f.journal]
	p.unmoved, p.checks, p.result, p.hash, p.halfmove, p.passes = f.unmoved, f.checks, f.result, f.hash, f.halfmove, f.passes
	p.toMove = p.toMove.Other()
}

// win gives side s the game from a win or lose action; a ply that has
// given it to the other side already is drawn (movegen's Board.win).
func (p *Position) win(s board.Side) {
	switch p.result {
	case board.WinFor(s.Other()):
		p.result = board.Draw
	case board.Ongoing:
		p.result = board.WinFor(s)
	}
}
