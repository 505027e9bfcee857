package movegen

import (
	"errors"
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/memory"
)

// Board is a position of a compiled variant together with the generator
// state that works on it. A Board is not safe for concurrent use; Clone it
// to search on several goroutines.
type Board struct {
	Prog *Program
	Pos  *board.Position

	gens  []*gen // generator states by nesting depth (hooks and attack tests run inside generation)
	depth int
	queue []int32     // pieces lifted by pick, per move
	env   actionEnv   // the memory environment of the action being played
	hooks []*MoveList // scratch lists for hooks, by nesting depth
	lists []MoveList  // perft lists by depth
	inc   *incState   // the holders and trigger map; nil in Full mode

	checked MoveList // Play's list of legal moves
	// the board's identity and the marks it issued that are still live,
	// oldest first, so that Unmake refuses any other (see Mark)
	id     uint64
	seq    uint64
	issued []livePoint

	// noting is the record of the holder whose multi is playing its
	// sub-moves: what those read — actions, hooks, filters — is noted
	// there (see gen.multiStart); nil otherwise
	noting *incState

	budgets   Budgets      // the program's, defaults filled in
	err       *BudgetError // the budget that stopped generation, or nil
	level     int          // generator nesting (exec calls under way)
	steps     int          // steps of the current top-level operation
	hookRuns  int          // hooks run for the move being played
	hookDepth int          // hooks running inside hooks
	// probing: a candidate move is on the board for a legality test,
	// played since probe
	probing bool
	probe   board.Mark
}

// boardIDs numbers the boards, so that a mark names the board it is of.
var boardIDs atomic.Uint64

// NewBoard returns a board at the position fen, or at the variant's setup
// when fen is empty. A bad FEN gives a *board.FENError.
func (p *Program) NewBoard(fen string) (*Board, error) {
	if fen == "" {
		if p.setup == "" {
			return nil, fmt.Errorf("variant %s has no setup: give a FEN", p.Name)
		}
		fen = p.setup
	}
	pos, err := p.position(fen)
	if err != nil {
		return nil, err
	}
	b := &Board{Prog: p, Pos: pos, budgets: p.budgets, id: boardIDs.Add(1)}
	b.resetIncremental()
	return b, nil
}

// position reads fen as a position of the variant: the FEN itself
// (board.Parse), the tile memories the file sets, and the en-passant
// ghosts, each given its type and checked. Compile checks the setup with
// it, so a setup that compiles always loads.
func (p *Program) position(fen string) (*board.Position, error) {
	pos, err := board.Parse(p.variant, fen)
	if err != nil {
		return nil, err
	}
	for _, t := range p.tiles {
		for r, row := range t.Rows {
			for x, v := range row {
				pos.SetTileMem(pos.Sq(x, p.Height-1-r), int64(t.Cell), int64(v))
			}
		}
	}
	if err := p.placeGhosts(pos, fen); err != nil {
		return nil, err
	}
	return pos, nil
}

// placeGhosts gives each ghost that the FEN's en-passant field created
// the ghost type whose onDeath captures on another square the field names
// (the pawn it stands for) — berolina, whose pawns double-step diagonally
// either way, has two ghost types — and checks that capturing it would
// take a piece of the side that just moved, the side it belongs to: an
// en-passant square on the wrong rank would have a pawn take its own side's
// piece.
func (p *Program) placeGhosts(pos *board.Position, fen string) error {
	var ghosts []int
	for _, t := range p.Types {
		if t.Ghost {
			ghosts = append(ghosts, t.Index)
		}
	}
	for id := range pos.Pieces {
		pc := &pos.Pieces[id]
		if !pc.OnBoard || !p.Types[pc.Type].Ghost {
			continue
		}
		if len(ghosts) > 1 {
			for _, t := range ghosts {
				if p.deathTakes(pos, t, pc.Side, pc.Square, true) {
					pos.SetType(int32(id), t)
					break
				}
			}
		}
		if p.deathCaptures(int(pc.Type), pc.Side, pc.Square) && !p.deathTakes(pos, int(pc.Type), pc.Side, pc.Square, false) {
			return &board.FENError{FEN: fen, Offset: board.FieldOffset(fen, 3), Msg: fmt.Sprintf(
				"bad en-passant field: capturing the ghost on %s would take no piece of the side that just moved",
				pos.SquareName(pc.Square))}
		}
	}
	return nil
}

// deathTakes reports whether an onDeath line of type t, for a piece of
// side s dying on sq, captures (with the leading normals of the line) a
// piece of side s — standing, with named, on a square of the FEN's
// en-passant field.
func (p *Program) deathTakes(pos *board.Position, t int, s board.Side, sq board.Square, named bool) bool {
	found := false
	p.eachDeathCapture(t, s, sq, func(target board.Square) {
		if pc := pos.PieceAt(target); pc != nil && pc.Side == s && (!named || slices.Contains(pos.EnPassant, target)) {
			found = true
		}
	})
	return found
}

// ghostVictims returns the squares where the ghost's onDeath would capture
// a piece of its side: what a FEN of a variant with several ghost types
// names beside the ghost (board.Variant.GhostVictims).
func (p *Program) ghostVictims(pos *board.Position, ghost *board.Piece) []board.Square {
	var out []board.Square
	p.eachDeathCapture(int(ghost.Type), ghost.Side, ghost.Square, func(sq board.Square) {
		if pc := pos.PieceAt(sq); pc != nil && pc.Side == ghost.Side {
			out = append(out, sq)
		}
	})
	return out
}

// deathCaptures reports whether an onDeath line of type t captures on some
// square for a piece of side s dying on sq.
func (p *Program) deathCaptures(t int, s board.Side, sq board.Square) bool {
	found := false
	p.eachDeathCapture(t, s, sq, func(board.Square) { found = true })
	return found
}

// eachDeathCapture calls visit with the squares where the leading normals
// of type t's onDeath lines capture, for a piece of side s dying on sq.
func (p *Program) eachDeathCapture(t int, s board.Side, sq board.Square, visit func(board.Square)) {
	for _, l := range p.Types[t].OnDeath {
		cur := int(sq)
		for _, nd := range l.nodes {
			n, ok := nd.(*normal)
			if !ok {
				break
			}
			placed := n.at(s, cur)
			for i := range n.ops {
				if n.ops[i].kind == opCapt && placed[i] >= 0 {
					visit(board.Square(placed[i]))
				}
			}
			if cur = int(n.end[s][cur]); cur < 0 {
				break
			}
		}
	}
}

// Clone returns an independent board at the same position and in the
// same mode.
func (b *Board) Clone() *Board {
	c := &Board{Prog: b.Prog, Pos: b.Pos.Clone(), budgets: b.budgets, id: boardIDs.Add(1)}
	c.SetMode(b.Mode())
	return c
}

// FEN returns the position in FEN form.
func (b *Board) FEN() string { return b.Pos.FEN() }

// iterCap bounds the iterations of one slide (Budgets.SlideIterations): a
// slide whose body never fails nor leaves the board would run forever.
func (b *Board) iterCap() int { return b.budgets.SlideIterations*len(b.Pos.Tiles) + 64 }

// acquire returns a generator for the next nesting depth.
func (b *Board) acquire() *gen {
	if b.depth == len(b.gens) {
		b.gens = append(b.gens, &gen{b: b, prog: b.Prog})
	}
	g := b.gens[b.depth]
	b.depth++
	return g
}

func (b *Board) release() { b.depth-- }

// Pseudo fills list with the pseudo-legal moves of the side to move: moves
// that may leave a royal piece capturable.
func (b *Board) Pseudo(list *MoveList) {
	b.begin()
	b.pseudo(list)
}

func (b *Board) pseudo(list *MoveList) {
	list.Reset()
	if b.Pos.Result != board.Ongoing || b.err != nil {
		return
	}
	if b.inc != nil {
		b.pseudoIncremental(list)
	} else {
		b.generate(list, b.Pos.ToMove)
	}
	if b.err != nil {
		list.Reset()
	}
}

// generate appends the pseudo-legal moves of side's pieces to list,
// regenerating them all.
func (b *Board) generate(list *MoveList, side board.Side) {
	g := b.acquire()
	defer b.release()
	for id := range b.Pos.Pieces {
		pc := &b.Pos.Pieces[id]
		if !pc.OnBoard || pc.Side != side {
			continue
		}
		g.reset(int32(id), pc.Square, side, modeMoves)
		g.out, g.pieceStart = list, len(list.Moves)
		g.lines(b.Prog.Types[pc.Type].Lines)
	}
}

// Legal fills list with the legal moves of the side to move. When a budget
// runs out (see Budgets) the list is left empty and Err says why.
func (b *Board) Legal(list *MoveList) {
	b.begin()
	b.pseudo(list)
	if !b.Prog.royal {
		// without royal pieces every pseudo-legal move is legal
		if b.Prog.forced {
			b.keepCaptures(list)
		}
		return
	}
	side := b.Pos.ToMove
	quiet := false
	if b.inc != nil {
		quiet = b.prepareLegality(side)
	}
	keep := list.Moves[:0]
	for _, m := range list.Moves {
		if quiet && b.quietLegal(m, side) {
			keep = append(keep, m)
			continue
		}
		before := b.royalCounts()
		mk := b.Mark()
		b.play(m, side)
		b.probing, b.probe = true, mk.pos
		ok := b.legalAfter(side, before)
		b.probing = false
		b.Unmake(mk)
		if ok {
			keep = append(keep, m)
		}
	}
	list.Moves = keep
	if b.Prog.forced {
		b.keepCaptures(list)
	}
	if b.err != nil {
		list.Reset()
	}
}

// keepCaptures drops the moves that capture nothing when some move
// captures (captures forced). A move captures when one of its capt actions
// falls on a square an opponent piece stands on now.
func (b *Board) keepCaptures(list *MoveList) {
	side := b.Pos.ToMove
	if !slices.ContainsFunc(list.Moves, func(m Move) bool { return b.captures(m, side) }) {
		return
	}
	keep := list.Moves[:0]
	for _, m := range list.Moves {
		if b.captures(m, side) {
			keep = append(keep, m)
		}
	}
	list.Moves = keep
}

func (b *Board) captures(m Move, side board.Side) bool {
	found := false
	b.eachCaptured(m, side, func(*board.Piece) bool {
		found = true
		return false
	})
	return found
}

// eachCaptured calls visit with every opponent piece (of side's opponent)
// that a capt of m falls on now, until visit returns false.
func (b *Board) eachCaptured(m Move, side board.Side, visit func(*board.Piece) bool) {
	for _, r := range m.refs {
		n := r.n
		placed := n.at(side, int(r.at))
		for i := range n.ops {
			if n.ops[i].kind != opCapt || placed[i] < 0 {
				continue
			}
			if pc := b.Pos.PieceAt(board.Square(placed[i])); pc != nil && pc.Side != side && !visit(pc) {
				return
			}
		}
	}
}

// legalAfter decides, right after side moved, whether the move was legal,
// before being the royal pieces of each side on the board before it. The
// move may not remove (capture, delete, lift, promote away) a royal piece
// of its own side; taking the opponent's last royal piece, however it is
// done, ends the game and is legal whatever it leaves; otherwise no royal
// piece of side may be capturable. The rule is the same in both modes.
func (b *Board) legalAfter(side board.Side, before [2]int) bool {
	if b.Pos.Royals(side) < before[side] {
		return false
	}
	if before[side.Other()] > 0 && b.Pos.Royals(side.Other()) == 0 {
		return true
	}
	return !b.royalCapturable(side)
}

// royalCounts returns the royal pieces of each side on the board.
func (b *Board) royalCounts() [2]int {
	return [2]int{b.Pos.Royals(board.First), b.Pos.Royals(board.Second)}
}

// Make plays a move and returns the mark that Unmake takes back to. It is
// the unchecked call a search makes: m must be a move that Legal or Pseudo
// gave for the current position of this board (and whose list has not been
// refilled since). Anything else — a move of another position, the zero
// Move — has undefined results; Play checks.
func (b *Board) Make(m Move) Mark {
	b.begin()
	mk := b.Mark()
	side := b.Pos.ToMove
	before := b.royalCounts()
	b.play(m, side)
	if b.inc != nil {
		b.fire(mk.pos)
	}
	if limit := b.Prog.variant.CheckLimit; limit > 0 && b.Pos.Result == board.Ongoing && b.royalCapturable(side.Other()) {
		b.Pos.AddCheck(side)
		if b.Pos.Checks[side] >= int32(limit) {
			b.Pos.SetResult(board.WinFor(side))
		}
	}
	if b.Pos.Result == board.Ongoing {
		// a side that had royal pieces and has lost them all — captured,
		// deleted or promoted away — has lost
		for _, s := range []board.Side{side.Other(), side} {
			if before[s] > 0 && b.Pos.Royals(s) == 0 {
				b.Pos.SetResult(board.WinFor(s.Other()))
				break
			}
		}
	}
	return mk
}

// play runs the move's actions and ends the ply: the part of Make a
// legality probe needs.
func (b *Board) play(m Move, side board.Side) {
	if b.hookDepth == 0 {
		b.hookRuns = 0
	}
	b.apply(m.refs, m.Piece, side, m.local)
	b.endPly()
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
	if b.inc != nil && b.inc.epoch == mk.epoch {
		b.undoIncremental(mk)
		b.Pos.Undo(mk.pos)
		return nil
	}
	b.Pos.Undo(mk.pos)
	if b.inc != nil { // the mark is older than the incremental state
		b.resetIncremental()
	}
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
	return Mark{}, fmt.Errorf("%w (%s)", ErrIllegal, b.FEN())
}

// apply runs the actions of refs in order for the piece mover of side.
func (b *Board) apply(refs []ref, mover int32, side board.Side, local []int64) {
	pos := b.Pos
	qstart, qnext := len(b.queue), len(b.queue)
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
					skip = !b.filter(o, sq, mover, side)
					continue
				}
			}
			if !o.kind.isAction() || sq < 0 {
				continue
			}
			switch o.kind {
			case opMov:
				if pos.Pieces[mover].OnBoard {
					pos.MoveTo(mover, sq)
				}
			case opCapt:
				b.note(int(sq))
				if id := pos.At(sq); id >= 0 {
					pos.Capture(id)
					b.onDeath(id, sq)
				}
			case opDel:
				b.note(int(sq))
				pos.Remove(sq)
			case opSpawn:
				pos.Remove(sq)
				pos.Place(pos.NewPiece(o.typ, side, true), sq)
			case opPromote:
				b.note(int(sq))
				if id := pos.At(sq); id >= 0 {
					pos.SetType(id, o.typ)
				}
			case opPick:
				b.note(int(sq))
				if id := pos.At(sq); id >= 0 {
					pos.Lift(id)
					b.queue = append(b.queue, id)
				}
			case opPut:
				if qnext < len(b.queue) {
					id := b.queue[qnext]
					qnext++
					pos.Remove(sq)
					pos.SetUnmoved(id, false)
					pos.Place(id, sq)
				}
			case opPickCapt:
				for ; qnext < len(b.queue); qnext++ {
					pos.Capture(b.queue[qnext])
				}
			case opSet, opAdd:
				// set just before use: hooks that run inside apply reuse it
				b.env = actionEnv{b: b, side: side, local: local, sq: sq}
				env := &b.env
				kind, idx := o.a.Target(env)
				v := o.b.Eval(env)
				if o.kind == opAdd {
					v = memory.Add(v, env.Bank(kind).Get(idx))
				}
				switch kind {
				case memory.Piece:
					if id := pos.At(sq); id >= 0 {
						pos.SetPieceMem(id, idx, v)
					}
				case memory.Tile:
					pos.SetTileMem(sq, idx, v)
				case memory.Global:
					pos.SetGlobal(idx, v)
				}
			case opWin:
				pos.SetResult(board.WinFor(side))
			case opLose:
				pos.SetResult(board.WinFor(side.Other()))
			case opDraw:
				pos.SetResult(board.Draw)
			}
		}
	}
	// pieces lifted and never set down leave the game
	for ; qnext < len(b.queue); qnext++ {
		pos.Capture(b.queue[qnext])
	}
	b.queue = b.queue[:qstart]
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
	side  board.Side
	sq    board.Square
	local memory.Bank
}

func (e *actionEnv) Bank(k memory.Kind) memory.Bank {
	b, pos := e.b, e.b.Pos
	switch k {
	case memory.Local:
		return e.local
	case memory.Piece:
		b.note(int(e.sq))
		if id := pos.At(e.sq); id >= 0 {
			return pos.Pieces[id].Mem
		}
		return nil
	case memory.Tile:
		if b.noting != nil {
			b.note(b.inc.keyTile(e.sq))
		}
		return pos.Tiles[e.sq]
	}
	if b.noting != nil {
		b.note(b.inc.keyGlobal())
	}
	return pos.Global
}

func (e *actionEnv) Cursor() (int64, int64) {
	x, y := e.b.Pos.XY(e.sq)
	if e.side == board.Second {
		y = e.b.Prog.Height - 1 - y
	}
	return int64(x), int64(y)
}

func (e *actionEnv) Ply() int64 { return int64(e.b.Pos.Ply) }

// onDeath runs the hooks of a captured piece from the square it died on.
func (b *Board) onDeath(id int32, sq board.Square) {
	t := b.Prog.Types[b.Pos.Pieces[id].Type]
	if len(t.OnDeath) > 0 {
		b.runHook(id, sq, t.OnDeath)
	}
}

// runHook generates lines for piece id from sq and plays every result.
// Hooks can start hooks (a capture in an onDeath runs the victim's), so
// their number and nesting are budgeted.
func (b *Board) runHook(id int32, sq board.Square, lines []*Line) {
	if b.err != nil {
		return
	}
	b.hookRuns++
	switch {
	case b.hookRuns > b.budgets.HookRuns:
		b.budgetError("hooks run by one move", b.budgets.HookRuns, lines[0], b.Pos.Pieces[id].Type)
		return
	case b.hookDepth >= b.budgets.HookDepth:
		b.budgetError("hooks inside hooks", b.budgets.HookDepth, lines[0], b.Pos.Pieces[id].Type)
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
	side := b.Pos.Pieces[id].Side
	g.reset(id, sq, side, modeMoves)
	g.out, g.pieceStart = list, 0
	g.lines(lines)
	for _, m := range list.Moves {
		b.apply(m.refs, id, side, m.local)
	}
	b.release()
}

// dueHooks calls visit with every every-hook of piece id that is due at
// the end of this ply, until visit returns true.
func (b *Board) dueHooks(id int, visit func(h Hook) bool) {
	pos := b.Pos
	pc := &pos.Pieces[id]
	if !pc.OnBoard || !b.Prog.hooked[pc.Type] {
		return
	}
	elapsed := pos.Ply + 1 - pc.Created
	if elapsed <= 0 {
		return
	}
	for _, h := range b.Prog.Types[pc.Type].Every {
		if elapsed%int32(h.N) == 0 && visit(h) {
			return
		}
	}
}

// endPly runs the every hooks that are due and hands the turn over.
func (b *Board) endPly() {
	pos := b.Pos
	for id := 0; id < len(pos.Pieces); id++ {
		b.dueHooks(id, func(h Hook) bool {
			if pos.Pieces[id].OnBoard { // an earlier hook may have removed it
				b.runHook(int32(id), pos.Pieces[id].Square, []*Line{h.Line})
			}
			return false
		})
	}
	pos.EndPly()
	if b.Prog.hasReal && pos.Result == board.Ongoing {
		var real [2]int
		for id := range pos.Pieces {
			if pc := &pos.Pieces[id]; pc.OnBoard && b.Prog.Types[pc.Type].Real {
				real[pc.Side]++
			}
		}
		// extinct is written for the side without real pieces
		out := func(s board.Side) board.Result {
			switch b.Prog.extinct {
			case board.FirstWins:
				return board.WinFor(s)
			case board.SecondWins:
				return board.WinFor(s.Other())
			}
			return board.Draw
		}
		switch {
		case real[0] == 0 && real[1] == 0:
			pos.SetResult(board.Draw)
		case real[0] == 0:
			pos.SetResult(out(board.First))
		case real[1] == 0:
			pos.SetResult(out(board.Second))
		}
	}
}

// royalCapturable reports whether a royal piece of side could be captured
// by the opponent.
func (b *Board) royalCapturable(side board.Side) bool {
	for id := range b.Pos.Pieces {
		pc := &b.Pos.Pieces[id]
		if !pc.OnBoard || pc.Side != side || !b.Prog.Types[pc.Type].Royal {
			continue
		}
		if b.inc != nil && b.depth == 0 {
			if b.probing && b.probeAttacked(pc.Square, side.Other()) ||
				!b.probing && b.attacked(pc.Square, side.Other()) {
				return true
			}
		} else if b.capturable(pc.Square, side.Other()) {
			return true
		}
	}
	return false
}

// InCheck reports whether a royal piece of the side to move is capturable.
func (b *Board) InCheck() bool { return b.royalCapturable(b.Pos.ToMove) }

// capturable reports whether a pseudo-legal move of side by captures on sq.
func (b *Board) capturable(sq board.Square, by board.Side) bool {
	g := b.target(sq)
	defer b.untarget(g, sq)
	hit := false
	b.mayCapture(sq, by, func(id int, pc *board.Piece, t *PieceType) bool {
		g.reset(int32(id), pc.Square, by, modeAttack)
		g.lines(t.Lines)
		hit = g.abort
		return hit
	})
	return hit
}

// mayCapture calls visit for every piece of side by on the board whose
// type's capture reach from where it stands includes sq, until visit
// returns true.
func (b *Board) mayCapture(sq board.Square, by board.Side, visit func(id int, pc *board.Piece, t *PieceType) bool) {
	for id := range b.Pos.Pieces {
		pc := &b.Pos.Pieces[id]
		if !pc.OnBoard || pc.Side != by {
			continue
		}
		t := b.Prog.Types[pc.Type]
		if t.reach[by] != nil && !t.reach[by][pc.Square].has(int(sq)) {
			continue
		}
		if visit(id, pc, t) {
			return
		}
	}
}

// groupCaptures reports whether a move of line group grp of piece id, of
// side by, captures on sq.
func (b *Board) groupCaptures(id int32, grp int, sq board.Square, by board.Side) bool {
	g := b.target(sq)
	defer b.untarget(g, sq)
	pc := &b.Pos.Pieces[id]
	for _, l := range b.Prog.Types[pc.Type].groups[grp].lines {
		if !l.capt {
			continue
		}
		g.reset(id, pc.Square, by, modeAttack)
		g.runLine(l, pc.Square)
		if g.abort {
			return true
		}
	}
	return false
}

// target acquires a generator whose only target square is sq.
func (b *Board) target(sq board.Square) *gen {
	g := b.acquire()
	if g.targets == nil || len(g.targets)*64 < len(b.Pos.Tiles) {
		g.targets = newBitset(len(b.Pos.Tiles))
	}
	g.targets.set(int(sq))
	return g
}

func (b *Board) untarget(g *gen, sq board.Square) {
	g.targets[int(sq)>>6] = 0
	b.release()
}

// safe reports whether a piece of side standing on sq could not be
// captured by the opponent; a stand-in of the mover's type is placed on sq
// for the test when another piece (or none) stands there.
func (b *Board) safe(sq board.Square, side board.Side, mover int32) bool {
	pos := b.Pos
	if pc := pos.PieceAt(sq); pc != nil && pc.Side == side && !b.Prog.Types[pc.Type].Ghost {
		return !b.capturable(sq, side.Other())
	}
	mk := pos.Mark()
	pos.Remove(sq)
	pos.Place(pos.NewPiece(int(pos.Pieces[mover].Type), side, false), sq)
	ok := !b.capturable(sq, side.Other())
	pos.Undo(mk)
	return ok
}

// Status tells whether the game is over at this position: by a result that
// a move set, or because the side to move has no legal move (nomoves).
func (b *Board) Status() board.Result {
	if b.Pos.Result != board.Ongoing {
		return b.Pos.Result
	}
	var list MoveList
	b.Legal(&list)
	if list.Len() > 0 {
		return board.Ongoing
	}
	r := b.Prog.stalemate
	if b.InCheck() {
		r = b.Prog.checkmate
	}
	// the rules are written for the side to move: "loss" means it loses
	switch r {
	case board.FirstWins:
		return board.WinFor(b.Pos.ToMove)
	case board.SecondWins:
		return board.WinFor(b.Pos.ToMove.Other())
	}
	return r
}

// MaxPerftDepth is the deepest Perft counts: each ply keeps a move list
// and a frame of Go stack, and no variant's tree could be counted that deep
// in a lifetime anyway.
const MaxPerftDepth = 64

// Perft counts the leaf nodes of the legal move tree to depth. A depth past
// MaxPerftDepth counts nothing and leaves a BudgetError in Err, as does a
// budget that runs out on the way (Err says which).
func (b *Board) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth > MaxPerftDepth {
		b.budgetError("plies of perft", MaxPerftDepth, nil, -1)
		return 0
	}
	for len(b.lists) < depth {
		b.lists = append(b.lists, MoveList{})
	}
	list := &b.lists[depth-1]
	b.Legal(list)
	if depth == 1 {
		return uint64(list.Len())
	}
	var n uint64
	for _, m := range list.Moves {
		mk := b.Make(m)
		n += b.Perft(depth - 1)
		b.Unmake(mk)
	}
	return n
}
