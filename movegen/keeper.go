package movegen

import "github.com/alfil-go/alfil/board"

// Stage: keeping moves between calls. A Board asks its keeper for moves
// and attacks and tells it what each move changed; it never asks which
// kind of keeper it has. Full regenerates everything on every call: the
// reference. The incremental mode's holders and trigger map
// (incremental.go) keep each line's moves and recalculate only what a
// change fired.

// keeper keeps a board's pseudo-legal moves and the attacks legality asks
// about. Its methods run at the top level of the board (not inside a
// generation: hooks and attack tests nested in one generate directly).
type keeper interface {
	// pseudo appends the side to move's pseudo-legal moves to list.
	pseudo(list *MoveList)
	// mobility counts side's pseudo-legal moves (see Board.Mobility).
	mobility(side board.Side) int
	// attacked reports whether a move of side by captures on sq.
	attacked(sq board.Square, by board.Side) bool
	// probeAttacked answers attacked while a candidate move is on the
	// board, played since the board's probe mark.
	probeAttacked(sq board.Square, by board.Side) bool
	// prepareLegality gets ready to judge side's candidate moves and
	// reports whether quietLegal may be asked.
	prepareLegality(side board.Side) bool
	// quietLegal judges m without playing it when it can; known false
	// means "play it to know".
	quietLegal(m Move, side board.Side) (legal, known bool)
	// played takes in what the move played since mk changed.
	played(mk board.Mark)
	// point returns the keeper's own point, kept in a Mark.
	point() keeperPoint
	// undo takes the keeper back to point p before the position is taken
	// back; false when p is older than the keeper, which must then start
	// afresh.
	undo(p keeperPoint) bool
}

// keeperPoint is a keeper's point in a Mark: the lengths of the
// incremental state's journal and arenas, and which state they are of.
type keeperPoint struct {
	journal, moves, arena, locals, reads int32
	attacks, records                     int32
	epoch                                int32
}

// fullKeeper keeps nothing: every call generates.
type fullKeeper struct{ b *Board }

func (f fullKeeper) pseudo(list *MoveList) { f.b.generate(list, f.b.pos.ToMove) }

func (f fullKeeper) mobility(side board.Side) int { return f.b.countGenerated(side) }

func (f fullKeeper) attacked(sq board.Square, by board.Side) bool { return f.b.capturable(sq, by) }

func (f fullKeeper) probeAttacked(sq board.Square, by board.Side) bool {
	return f.b.capturable(sq, by)
}

func (fullKeeper) prepareLegality(board.Side) bool                 { return false }
func (fullKeeper) quietLegal(Move, board.Side) (legal, known bool) { return false, false }
func (fullKeeper) played(board.Mark)                               {}
func (fullKeeper) point() keeperPoint                              { return keeperPoint{} }
func (fullKeeper) undo(keeperPoint) bool                           { return true }

// generate appends the pseudo-legal moves of side's pieces to list,
// regenerating them all.
func (b *Board) generate(list *MoveList, side board.Side) {
	g := b.acquire()
	defer b.release()
	groups := b.prog.multiSquare
	proxies := b.prog.proxies
	for id := range b.pos.Pieces {
		pc := &b.pos.Pieces[id]
		if !pc.OnBoard || pc.Side != side || proxies && b.frozen(int32(id)) {
			continue
		}
		if groups && pc.Group > 0 {
			b.groupMoves(list, int32(id)) // (multisquare.go)
			continue
		}
		g.reset(int32(id), pc.Square, side, modeMoves)
		g.out, g.pieceStart = list, len(list.Moves)
		g.pieceLines(b.prog.types[pc.Type])
	}
	b.generateDrops(list, side)
}

// countGenerated generates side's pseudo-legal moves and counts them.
func (b *Board) countGenerated(side board.Side) int {
	list := b.scratchList()
	b.generate(list, side)
	return list.Len()
}

// scratchList returns the empty list kept for counting at the board's
// nesting depth.
func (b *Board) scratchList() *MoveList {
	if len(b.hooks) <= b.depth {
		b.hooks = append(b.hooks, &MoveList{})
	}
	list := b.hooks[b.depth]
	list.Reset()
	return list
}
