package movegen

import (
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier"
	"github.com/alfil-go/alfil/tier/spec"
)

// Board is a position of a compiled variant together with the generator
// state that works on it. A Board is not safe for concurrent use; Clone it
// to search on several goroutines.
type Board struct {
	prog *Program
	pos  *board.Position

	gens  []*gen // generator states by nesting depth (hooks and attack tests run inside generation)
	depth int
	queue []int32     // pieces lifted by pick, per move
	env   actionEnv   // the memory environment of the action being played
	hooks []*MoveList // scratch lists for hooks, by nesting depth
	lists []MoveList  // perft lists by depth
	keep  keeper      // keeps the moves between calls: fullKeeper or *incState
	keys  keySpace    // what generation reads, numbered for the keeper
	epoch int32       // incremented each time the incremental state starts afresh

	checked MoveList       // Play's list of legal moves
	region  *regionScratch // drops bicolor's scratch, made at first use
	// the board's identity and the marks it issued that are still live,
	// oldest first, so that Unmake refuses any other (see Mark)
	id     uint64
	seq    uint64
	issued []livePoint

	// noting is the record of the holder whose multi is playing its
	// sub-moves: what those read — actions, hooks, filters — is noted
	// there (see gen.multiStart); nil otherwise
	noting observer

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
	played  int     // candidates Legal has played to judge them (tests read it)
	gone    []int32 // scratch of lowLegal: the pieces a move takes
	// gateBase is addGates' scratch: the judged moves it adds gates to
	gateBase []Move

	// the bitboard tier (tierboard.go): fast is the position on the tier,
	// kept with pos move by move, nil when the tier is off or the variant
	// does not lower; marks carry tierEpoch, which counts the times fast
	// was read afresh from pos
	mode      Mode // the interpreter's mode (SetMode), whether or not it runs
	noTier    bool // SetTier(false)
	fast      *tier.Position
	tierEpoch int32
	tmoves    tier.MoveList
	tierAny   bool // tierList: LegalCaptures found a legal move
	acts      []spec.Act
}

// boardIDs numbers the boards, so that a mark names the board it is of.
var boardIDs atomic.Uint64

// NewBoard returns a board at the position fen, or at the variant's setup
// when fen is empty. A bad FEN gives a *board.FENError. The board runs on
// the bitboard tier when the variant lowers to it (Board.Tier), and
// otherwise interprets in the Incremental mode.
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
	b := &Board{prog: p, pos: pos, keys: keySpace{pos.Squares()}, budgets: p.budgets, id: boardIDs.Add(1)}
	b.SetTier(true)
	b.SetMode(Incremental)
	if p.goal != nil && pos.Result == board.Ongoing {
		// a position read may have ended by its goals (goal.go)
		if r := b.goalResult(); r != board.Ongoing {
			pos.SetResult(r)
			b.SetTier(true)
			b.SetMode(Incremental)
		}
	}
	if p.connect != nil && pos.Result == board.Ongoing {
		// or by a row of the side that moved last (connect.go)
		if r := p.connectResult(pos); r != board.Ongoing {
			pos.SetResult(r)
			b.SetTier(true)
			b.SetMode(Incremental)
		}
	}
	return b, nil
}

// Clone returns an independent board at the same position and in the
// same mode.
func (b *Board) Clone() *Board {
	c := &Board{prog: b.prog, pos: b.pos.Clone(), keys: b.keys, budgets: b.budgets, id: boardIDs.Add(1)}
	c.SetTier(!b.noTier)
	c.SetMode(b.Mode())
	return c
}

// Position returns the board's position. Read it freely; change it only
// through Make and Unmake (see the package documentation, Incremental
// generation).
func (b *Board) Position() *board.Position { return b.pos }

// Program returns the compiled variant the board plays.
func (b *Board) Program() *Program { return b.prog }

// ToMove returns the side to move.
func (b *Board) ToMove() board.Side { return b.pos.ToMove }

// Result returns the result a move has set (a win, a loss or a draw
// written in the variant, a royal piece taken, checks given), or
// board.Ongoing: it generates nothing. Status also tells the end that
// having no legal move brings.
func (b *Board) Result() board.Result { return b.pos.Result }

// Hash returns the position's hash (board.Position.Hash).
func (b *Board) Hash() uint64 { return b.pos.Hash() }

// Halfmove returns the plies since the last capture or move of a piece
// whose type resets the clock (the resets attribute): the move rule's
// count, and the FEN's half-move field.
func (b *Board) Halfmove() int { return int(max(b.pos.Halfmove, 0)) }

// FEN returns the position in FEN form. Its en-passant field names a
// ghost's square only when a legal move captures there, as FIDE and X-FEN
// count the position (it generates the legal moves when a ghost is on the
// board); Position().FEN names every ghost.
func (b *Board) FEN() string {
	dead := b.deadGhosts()
	if dead == nil {
		return b.pos.FEN()
	}
	return b.pos.FENHiding(func(id int32) bool { return slices.Contains(dead, id) })
}

// iterCap bounds the iterations of one slide (Budgets.SlideIterations): a
// slide whose body never fails nor leaves the board would run forever.
func (b *Board) iterCap() int { return b.budgets.SlideIterations*b.pos.Squares() + 64 }

// acquire returns a generator for the next nesting depth.
func (b *Board) acquire() *gen {
	if b.depth == len(b.gens) {
		b.gens = append(b.gens, &gen{b: b, prog: b.prog, heldAt: board.NoSquare, proxies: b.prog.proxies})
	}
	g := b.gens[b.depth]
	b.depth++
	return g
}

func (b *Board) release() { b.depth-- }

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
	if b.fast != nil && b.err == nil {
		return b.fast.Perft(depth)
	}
	return b.perft(depth)
}

// perft is Perft in the interpreter.
func (b *Board) perft(depth int) uint64 {
	if depth <= 0 {
		return 1
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
		n += b.perft(depth - 1)
		b.Unmake(mk)
	}
	return n
}

// Material returns the sum of values[t] over the side to move's pieces on
// the board, t their types, less the same sum over the opponent's.
func (b *Board) Material(values []int) int {
	us := b.pos.ToMove
	v := 0
	for t := range b.pos.Hand[us] { // pieces in hand count as on the board
		v += values[t] * int(b.pos.Hand[us][t]-b.pos.Hand[us.Other()][t])
	}
	for i := range b.pos.Pieces {
		pc := &b.pos.Pieces[i]
		switch {
		case !pc.OnBoard:
		case pc.Side == us:
			v += values[pc.Type]
		default:
			v -= values[pc.Type]
		}
	}
	return v
}

// EvalHook returns the value of the variant's evaluation hook cell (eval
// gN, Program.EvalCell), 0 when it has none.
func (b *Board) EvalHook() int {
	if c := b.prog.EvalCell; c >= 0 {
		return int(b.pos.Global.Get(int64(c)))
	}
	return 0
}

// Mobility counts the pseudo-legal moves of side's pieces — what an
// evaluation weighs as mobility. In Incremental mode it counts what the
// holders keep (refreshing the dirty ones; moves repeated across a piece's
// line groups count each time), so it is cheap; in Full mode it generates.
// It works for either side, whoever is to move.
func (b *Board) Mobility(side board.Side) int {
	if b.pos.Result != board.Ongoing {
		return 0
	}
	if b.fast != nil {
		return b.fast.Moves(side)
	}
	if b.depth == 0 && !b.prog.multiSquare { // the holders keep no group moves
		return b.keep.mobility(side)
	}
	return b.countGenerated(side)
}

// Mark returns the current point, for Unmake. Marks taken at the same
// point (with nothing played between) are the same point: Unmake to
// either is valid as long as the board has not been taken back past it.
func (b *Board) Mark() Mark {
	pos := b.pos.Mark()
	if n := len(b.issued); n == 0 || b.issued[n-1].pos != pos {
		b.seq++
		b.issued = append(b.issued, livePoint{pos, b.seq})
	}
	top := len(b.issued) - 1
	mk := Mark{pos: pos, board: b.id, seq: b.issued[top].seq, depth: int32(top)}
	mk.keep = b.keep.point()
	if b.fast != nil {
		mk.fast, mk.tierEpoch = b.fast.Mark(), b.tierEpoch
	}
	return mk
}
