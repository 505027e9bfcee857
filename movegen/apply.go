package movegen

import (
	"errors"
	"fmt"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/memory"
)

// Stage: board change. Make and Unmake, the checked Play, and the
// actions of docs/language.md § Actions with the hooks they start
// (§ Attributes and hooks).

// Make plays a move and returns the mark that Unmake takes back to. It is
// the unchecked call a search makes: m must be a move that Legal or Pseudo
// gave for the current position of this board (and whose list has not been
// refilled since). Anything else — a move of another position, the zero
// Move — has undefined results; Play checks.
func (b *Board) Make(m Move) Mark {
	b.begin()
	mk := b.Mark()
	if b.fast != nil {
		b.makeTier(m)
		return mk
	}
	side := b.pos.ToMove
	before := b.royalCounts()
	b.play(m, side)
	b.keep.played(mk.pos)
	if limit := b.prog.variant.CheckLimit; limit > 0 && b.pos.Result == board.Ongoing && b.royalCapturable(side.Other()) {
		b.pos.AddCheck(side)
		if b.pos.Checks[side] >= int32(limit) {
			b.pos.SetResult(board.WinFor(side))
		}
	}
	if b.pos.Result == board.Ongoing {
		// a side that had royal pieces and has lost them all — captured,
		// deleted or promoted away — has lost
		for _, s := range []board.Side{side.Other(), side} {
			if before[s] > 0 && b.pos.Royals(s) == 0 {
				b.pos.SetResult(board.WinFor(s.Other()))
				break
			}
		}
	}
	if b.prog.goal != nil && b.pos.Result == board.Ongoing {
		if r := b.goalResult(); r != board.Ongoing {
			b.pos.SetResult(r)
		}
	}
	if b.prog.connect != nil && b.pos.Result == board.Ongoing {
		b.pos.SetResult(b.prog.connectResult(b.pos))
	}
	return mk
}

// play runs the move's actions and ends the ply: the part of Make a
// legality probe needs.
func (b *Board) play(m Move, side board.Side) {
	if b.hookDepth == 0 {
		b.hookRuns = 0
	}
	pc := &b.pos.Pieces[m.Piece]
	t, from := b.prog.types[pc.Type], pc.Square
	faced := b.prog.facing != nil && !b.prog.facing.illegal && b.Facing()
	if pc.Group > 0 {
		b.applyGroup(m, side) // (multisquare.go)
	} else {
		b.apply(m.refs, m.Piece, side, m.local)
	}
	if b.prog.tracksLast {
		b.setLast(m)
	}
	if pc := &b.pos.Pieces[m.Piece]; t.Resets && (!pc.OnBoard || t.restarts(side, from, pc.Square)) {
		b.pos.ResetHalfmove()
	}
	b.endPly()
	if b.prog.passing != nil {
		b.countPass(m)
	}
	if b.prog.facing != nil {
		b.facingEnds(faced, side)
	}
}

// Unmake takes back everything since mk: the position and, without
// recalculating anything, the moves the board keeps.
//
// It returns ErrMark, changing nothing, for a mark this board did not
// issue: the zero Mark, another board's, or one taken after a point the
// board has since been taken back to. A mark stays valid after Unmake to
// it: a board can be taken back to the same start again and again.
func (b *Board) Unmake(mk Mark) error {
	if mk.board != b.id || mk.depth < 0 || int(mk.depth) >= len(b.issued) || b.issued[mk.depth].seq != mk.seq {
		return ErrMark
	}
	// the board is back at mk's point: it stays live, those after it die
	b.issued = b.issued[:mk.depth+1]
	defer b.undoTier(mk)
	if b.keep.undo(mk.keep) {
		b.pos.Undo(mk.pos)
		return nil
	}
	b.pos.Undo(mk.pos)
	b.SetMode(b.Mode()) // the mark is older than the keeper: start it afresh
	return nil
}

// ErrMark is returned by Unmake for a mark the board did not issue or
// has already taken back past.
var ErrMark = errors.New("movegen: Unmake of a mark this board did not issue, or has taken back past")

// ErrIllegal is returned by Play for a move that is not one of the legal
// moves of the position.
var ErrIllegal = errors.New("movegen: not a legal move in this position")

// Play is the checked Make: it plays m only if m is one of the legal moves
// of the current position — the same piece with the same effect as a move
// Legal lists now — and returns ErrIllegal otherwise, changing nothing. It
// plays the board's own copy of the move, so a stale move, one from
// another position or board, or the zero Move is refused rather than
// corrupting the board. It generates the legal moves, so a search, which
// plays moves Legal just gave it, calls Make instead.
func (b *Board) Play(m Move) (Mark, error) {
	b.Legal(&b.checked)
	if b.err != nil {
		return Mark{}, b.err
	}
	for _, lm := range b.checked.Moves {
		if lm.Piece == m.Piece && lm.From == m.From && lm.sig == m.sig {
			return b.Make(lm), nil
		}
	}
	return Mark{}, fmt.Errorf("%w (%s)", ErrIllegal, b.pos.FEN())
}

// apply runs the actions of refs in order for the piece mover of side.
// An in … do normal (marks) runs its actions only on the squares its
// filter lets through, tested on the board as the move has left it.
func (b *Board) apply(refs []ref, mover int32, side board.Side, local []int64) {
	if b.prog.invisible {
		b.applyInvisible(refs, mover, side, local) // (invisible.go)
		return
	}
	b.applyRun(refs, actionRun{mover: mover, side: side, local: local})
}

// applyRun is apply with the run's mover, side, local memory and flags
// given.
func (b *Board) applyRun(refs []ref, run actionRun) {
	run.qstart, run.qnext = len(b.queue), len(b.queue)
	side, mover := run.side, run.mover
	// a mov followed by another is left pending while the square it goes
	// to is empty: moving on from there leaves it as it was, so a ride
	// moves its piece once (its path's squares were tested empty)
	var movOp *op
	pending := board.NoSquare
	flush := func() {
		if pending != board.NoSquare {
			b.act(movOp, pending, &run)
			pending = board.NoSquare
		}
	}
	for _, r := range refs {
		n := r.n
		placed := n.at(side, int(r.at))
		skip := false
		for i := range n.ops {
			o := &n.ops[i]
			sq := board.Square(placed[i])
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
				if pending != board.NoSquare && b.pos.At(pending) >= 0 && !(run.lifted && b.ownPart(pending, run.mover)) {
					// the pending mov removes what stands there; a part
					// of a group move passes over where another part
					// landed, as generation saw it lifted (multisquare.go)
					flush()
				}
				movOp, pending = o, sq
				continue
			}
			flush()
			b.act(o, sq, &run)
		}
	}
	flush()
	// pieces lifted and never set down leave the game
	b.pickCapt(&run)
	b.queue = b.queue[:run.qstart]
}

// actionRun is what the actions of one move share: who plays them, the
// move-local memory they read, and the pieces pick lifted (b.queue from
// qstart; put and pickcapt take them from qnext on).
type actionRun struct {
	mover         int32
	side          board.Side
	local         []int64
	qstart, qnext int
	// lifted: the mover is a part of a group move, lifted with the
	// others; its mov sets it down (multisquare.go)
	lifted bool
}

// act runs one action at sq (docs/language.md § Actions).
func (b *Board) act(o *op, sq board.Square, run *actionRun) {
	pos := b.pos
	switch o.kind {
	case opMov:
		switch {
		case b.prog.multiSquare:
			b.movPart(sq, run)
		case !pos.Pieces[run.mover].OnBoard:
		case b.prog.proxies:
			b.stackMove(run.mover, sq, false)
		default:
			pos.MoveTo(run.mover, sq)
		}
	case opCapt:
		b.capt(sq)
	case opJoin:
		if pos.Pieces[run.mover].OnBoard {
			b.stackMove(run.mover, sq, true)
		}
	case opDel:
		b.note(int(sq))
		if b.prog.multiSquare {
			b.removeAt(sq) // a part goes with its group
		} else {
			pos.Remove(sq)
		}
	case opSpawn:
		if b.prog.multiSquare {
			b.removeAt(sq)
		} else {
			pos.Remove(sq)
		}
		side := run.side
		if b.prog.types[o.typ].Wall {
			side = board.First // a wall is in no army: one side for every wall, as the FEN's *
		}
		id := pos.NewPiece(o.typ, side, !o.drop)
		pos.Place(id, sq)
		if o.drop {
			if !pos.V.FreeDrops {
				pos.AddToHand(run.side, o.typ, -1)
			}
			if !o.gate {
				// a drop cannot be taken back; a gate's piece leaves the
				// hand as part of a move, which Fairy-Stockfish counts
				// as that move alone
				pos.ResetHalfmove()
			}
			if b.prog.dropCastle != nil {
				b.castleDropped(id, sq, run.side)
			}
		}
	case opPromote:
		b.note(int(sq))
		if id := b.occupant(sq, run.mover); id >= 0 {
			if b.prog.promotesForGood(int(pos.Pieces[id].Type), o.typ) {
				pos.ResetHalfmove()
			}
			pos.SetType(id, o.typ)
		}
	case opPick:
		b.pick(sq)
	case opPut:
		b.put(sq, run)
	case opPickCapt:
		b.pickCapt(run)
	case opSet, opAdd:
		b.write(o, sq, run)
	case opWin:
		b.win(run.side)
	case opLose:
		b.win(run.side.Other())
	case opDraw:
		pos.SetResult(board.Draw)
	case opTouch:
		// the piece stays where it is but counts as moved: Ouk Chatrang's
		// king loses its leap when a rook aims at it (docs/language.md
		// § Actions)
		b.note(int(sq))
		if id := b.occupant(sq, run.mover); id >= 0 {
			pos.SetUnmoved(id, false)
		}
	case opOutflank:
		b.note(int(sq))
		b.outflanked(sq, run.side, func(id int32) { pos.SetSide(id, run.side) })
	case opFlip:
		// an enemy piece turns to the mover's side where it stands
		// (othello, ataxx): not captured, no hook runs
		b.note(int(sq))
		if id := pos.At(sq); id >= 0 && pos.Pieces[id].Side != run.side && !b.prog.types[pos.Pieces[id].Type].Ghost && !b.prog.types[pos.Pieces[id].Type].Wall {
			pos.SetSide(id, run.side)
		}
	}
}

// capt captures the piece on sq, if any, and runs its onDeath hooks.
func (b *Board) capt(sq board.Square) {
	b.note(int(sq))
	if id := b.pos.At(sq); id >= 0 {
		if b.pos.Holds(id) >= 0 {
			b.captStack(sq, id)
			return
		}
		b.capture(id)
		b.onDeath(id, sq)
		if b.pos.Pieces[id].Group > 0 {
			b.captGroup(id) // the other parts follow (multisquare.go)
		}
	}
}

// capture takes piece id off the board into the captured pieces, and
// with captures hand into the hand of the side whose move it is — with
// captures hand demoted as the type it had before any promotion (only
// then does a piece record it) — a ghost excepted: it is no piece.
func (b *Board) capture(id int32) {
	pos := b.pos
	pos.Capture(id)
	if pc := &pos.Pieces[id]; b.prog.toHand && !b.prog.types[pc.Type].Ghost {
		pos.AddToHand(pos.ToMove, pc.BaseType(), 1) // its own type, unless the variant demotes
	}
}

// pick lifts the piece on sq, if any, into the move's queue.
func (b *Board) pick(sq board.Square) {
	b.note(int(sq))
	if id := b.pos.At(sq); id >= 0 {
		b.pos.Lift(id)
		b.queue = append(b.queue, id)
	}
}

// put sets the next lifted piece down on sq, replacing what stands there.
func (b *Board) put(sq board.Square, run *actionRun) {
	if run.qnext < len(b.queue) {
		id := b.queue[run.qnext]
		run.qnext++
		b.pos.Remove(sq)
		b.pos.SetUnmoved(id, false)
		b.pos.Place(id, sq)
	}
}

// pickCapt captures every lifted piece not yet set down.
func (b *Board) pickCapt(run *actionRun) {
	for ; run.qnext < len(b.queue); run.qnext++ {
		b.capture(b.queue[run.qnext])
	}
}

// write runs mset or madd: a piece memory cell of the piece on sq, a tile
// memory cell of sq, or a global cell.
func (b *Board) write(o *op, sq board.Square, run *actionRun) {
	pos := b.pos
	// set just before use: hooks that run inside apply reuse it
	b.env = actionEnv{b: b, side: run.side, local: run.local, sq: sq, mover: run.mover}
	env := &b.env
	kind, idx := o.a.Target(env)
	v := o.b.Eval(env)
	if o.kind == opAdd {
		v = memory.Add(v, env.Bank(kind).Get(idx))
	}
	switch kind {
	case memory.Piece:
		if id := b.occupant(sq, run.mover); id >= 0 {
			pos.SetPieceMem(id, idx, v)
		}
	case memory.Tile:
		pos.SetTileMem(sq, idx, v)
	case memory.Global:
		pos.SetGlobal(idx, v)
	}
}

// filter tests an in … do condition on the board as the move has left it.
func (b *Board) filter(o *op, sq board.Square, mover int32, side board.Side) bool {
	g := b.acquire()
	defer b.release()
	g.reset(mover, sq, side, modeMoves)
	return g.test(o, sq) != o.not
}

// actionEnv is the memory environment of an action: the position at the
// action's square, and the move-local memory the move was generated with.
type actionEnv struct {
	b     *Board
	local memory.Bank
	side  board.Side
	sq    board.Square
	mover int32 // whose action: the piece on its own square (occupant); -1 for none
}

func (e *actionEnv) Bank(k memory.Kind) memory.Bank {
	b, pos := e.b, e.b.pos
	switch k {
	case memory.Local:
		return e.local
	case memory.Piece:
		b.note(int(e.sq))
		b.note(b.keys.pieceMem(e.sq))
		if id := b.occupant(e.sq, e.mover); id >= 0 {
			return pos.Pieces[id].Mem
		}
		return nil
	case memory.Tile:
		b.note(b.keys.tile(e.sq))
		return pos.Tile(e.sq)
	}
	b.note(b.keys.global())
	return pos.Global
}

func (e *actionEnv) Cursor() (int64, int64) {
	x, y := e.b.pos.XY(e.sq)
	if e.side == board.Second {
		y = e.b.prog.Height - 1 - y
	}
	return int64(x), int64(y)
}

func (e *actionEnv) Ply() int64 { return int64(e.b.pos.Ply) }

// onDeath runs the hooks of a captured piece from the square it died on.
func (b *Board) onDeath(id int32, sq board.Square) {
	t := b.prog.types[b.pos.Pieces[id].Type]
	if len(t.OnDeath) > 0 {
		b.runHook(id, sq, t.OnDeath)
	}
}

// runHook generates lines for piece id from sq and plays every result.
// Hooks can start hooks (a capture in an onDeath runs the victim's), so
// their number and nesting are budgeted.
func (b *Board) runHook(id int32, sq board.Square, lines []*Line) {
	if !b.hookAllowed(id, lines[0]) {
		return
	}
	b.hookDepth++
	defer func() { b.hookDepth-- }()
	for len(b.hooks) <= b.depth {
		b.hooks = append(b.hooks, &MoveList{})
	}
	list := b.hooks[b.depth]
	g := b.acquire()
	list.Reset()
	side := b.pos.Pieces[id].Side
	g.reset(id, sq, side, modeMoves)
	g.out, g.pieceStart = list, 0
	g.lines(lines)
	for _, m := range list.Moves {
		b.apply(m.refs, id, side, m.local)
	}
	b.release()
}

// deleteItself runs a hook that only deletes its piece (Hook.deletes): what
// runHook would do — the same budgets, the same change — without
// generating the line.
func (b *Board) deleteItself(id int32, sq board.Square, line *Line) {
	if !b.hookAllowed(id, line) {
		return
	}
	b.note(int(sq))
	b.pos.Remove(sq)
}

// hookAllowed counts a hook run against the budgets (Budgets.HookRuns
// and HookDepth), reporting false when one has run out.
func (b *Board) hookAllowed(id int32, line *Line) bool {
	if b.err != nil {
		return false
	}
	b.hookRuns++
	switch {
	case b.hookRuns > b.budgets.HookRuns:
		b.budgetError("hooks run by one move", b.budgets.HookRuns, line, b.pos.Pieces[id].Type)
		return false
	case b.hookDepth >= b.budgets.HookDepth:
		b.budgetError("hooks inside hooks", b.budgets.HookDepth, line, b.pos.Pieces[id].Type)
		return false
	}
	return true
}

// allDueHooks reports whether ok holds for every every-hook due at the
// end of this ply, with the piece it belongs to (true when none is due).
func (b *Board) allDueHooks(ok func(pc *board.Piece, h Hook) bool) bool {
	if !b.prog.anyEvery || b.pos.Marked() == 0 {
		return true
	}
	all := true
	for id := range b.pos.Pieces {
		pc := &b.pos.Pieces[id]
		if !pc.OnBoard || !b.prog.hooked[pc.Type] {
			continue
		}
		b.dueHooks(id, func(h Hook) bool {
			all = ok(pc, h)
			return !all
		})
		if !all {
			return false
		}
	}
	return true
}

// hookFires reports whether the conditions of a memoryLocal hook line of
// piece id hold now: its one normal, run where the piece stands, would
// reach its actions.
func (b *Board) hookFires(id int32, line *Line) bool {
	n := line.nodes[0].(*normal)
	pc := &b.pos.Pieces[id]
	g := b.acquire()
	defer b.release()
	g.reset(id, pc.Square, pc.Side, modeMoves)
	for i := range n.ops {
		if o := &n.ops[i]; o.kind.isCondition() && g.testPiece(o, pc.Square, pc) == o.not {
			return false
		}
	}
	return true
}

// dueHookCount returns how many every hooks of piece id are due at the
// end of this ply.
func (b *Board) dueHookCount(id int32) int {
	n := 0
	b.dueHooks(int(id), func(Hook) bool {
		n++
		return false
	})
	return n
}

// dueHooks calls visit with every every-hook of piece id that is due at
// the end of this ply, until visit returns true.
func (b *Board) dueHooks(id int, visit func(h Hook) bool) {
	pos := b.pos
	pc := &pos.Pieces[id]
	if !pc.OnBoard || !b.prog.hooked[pc.Type] {
		return
	}
	elapsed := pos.Ply + 1 - pc.Created
	if elapsed <= 0 {
		return
	}
	for _, h := range b.prog.types[pc.Type].Every {
		if elapsed%int32(h.N) == 0 && visit(h) {
			return
		}
	}
}

// endPly runs the every hooks that are due and hands the turn over.
func (b *Board) endPly() {
	pos := b.pos
	if b.prog.anyEvery && pos.Marked() > 0 { // pieces with every hooks are on the board
		for id := 0; id < len(pos.Pieces); id++ {
			if pc := &pos.Pieces[id]; !pc.OnBoard || !b.prog.hooked[pc.Type] {
				continue
			}
			b.dueHooks(id, func(h Hook) bool {
				switch pc := &pos.Pieces[id]; {
				case !pc.OnBoard: // an earlier hook removed it
				case h.deletes:
					b.deleteItself(int32(id), pc.Square, h.Line)
				default:
					b.runHook(int32(id), pc.Square, []*Line{h.Line})
				}
				return false
			})
		}
	}
	pos.EndPly()
	if b.prog.rand { // the dice of the next ply (docs/language.md § rand)
		pos.SetSeed(board.NextSeed(pos.Seed))
	}
	if pos.Result == board.Ongoing {
		if r := b.prog.extinction(pos); r != board.Ongoing {
			pos.SetResult(r)
		}
	}
	if pos.Result == board.Ongoing {
		if r := b.prog.fullBoardEnd(pos); r != board.Ongoing {
			pos.SetResult(r)
		}
	}
}

// note records, while a multi's sub-moves are played for a holder
// (b.noting), that the line depends on key.
func (b *Board) note(key int) {
	if b.noting != nil {
		b.noting.read(key, 0)
	}
}

// noteChanges notes as read every key a sub-move changed since mk: what
// stood there before decided what the sub-move did.
func (b *Board) noteChanges(mk board.Mark) {
	in, keys := b.noting, b.keys
	b.pos.ChangesSince(mk, func(c board.Change) {
		switch c.Kind {
		case board.ChangedSquare:
			in.read(int(c.Square), 0)
		case board.ChangedPiece:
			if c.Square >= 0 {
				in.read(int(c.Square), 0)
			}
			if pc := &b.pos.Pieces[c.Piece]; pc.OnBoard {
				in.read(int(pc.Square), 0)
			}
		case board.ChangedPieceMem:
			if pc := &b.pos.Pieces[c.Piece]; pc.OnBoard {
				in.read(keys.pieceMem(pc.Square), 0)
			}
		case board.ChangedTileMem:
			in.read(keys.tile(c.Square), 0)
		case board.ChangedGlobal:
			in.read(keys.global(), 0)
		case board.ChangedField:
			in.read(int(c.Square), 0)
		}
	})
}

// win gives side s the game, from a win or lose action; when the ply has
// given the other side the game already, the game is drawn (dobutsu's two
// lions on their far ranks at once). A result is only set while a ply is
// played: once the game is over there are no moves.
func (b *Board) win(s board.Side) {
	if pos := b.pos; pos.Result == board.WinFor(s.Other()) {
		pos.SetResult(board.Draw)
	} else if pos.Result != board.Draw {
		pos.SetResult(board.WinFor(s))
	}
}
