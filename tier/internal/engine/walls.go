package engine

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: two-part turns (spec.Variant.Wall, docs/language.md § Two-part
// turns). A wall belongs to no army: its squares are in the occupancy
// (wallSet) but in neither side's set, so that nothing captures it, lands
// on it or rides through it, and its code is always the first side's, so
// that the hash does not say who put it down. A turn is a move and then a
// wall put down; the position lists, for each move generation gives
// (the base move), a turn per square the wall may go to, and each turn
// has a number per square moved from, which the move carries
// (spec.WallTurnMove). The numbers are the variant's (Rules.wallBook),
// not a position's as multi paths' are (chain.go): every position of the
// variant — a clone, a board set up afresh that replays a game's moves —
// plays every turn any of them listed. The book only grows; a lock keeps
// it safe to share.
// Playing a turn plays its base move, then deletes the one wall on the
// board (anywhere) and spawns one on its square; its actions are the base
// move's, then that del and spawn, as the interpreter's two-part move
// lists them. Perft's last ply counts each base move's wall squares
// without listing the turns.

// wallBook is the wall turns the positions of a variant have named.
type wallBook struct {
	mu       sync.RWMutex
	ix       map[uint64]int32
	turns    [maxSquares][]wallTurn
	overflow atomic.Bool // a turn went unnamed: some list was not complete
}

// wallScratch is a position's scratch for the wall rule.
type wallScratch struct {
	base []spec.Move
	acts []spec.Act
}

// wallTurn is a named turn: the base move and the wall's square.
type wallTurn struct {
	base spec.Move
	wall int16
}

// compileWalls reads the wall rule, refusing what the tier does not take
// beside it (spec.Wall).
func (r *Rules) compileWalls(v *spec.Variant) error {
	r.wallType = -1
	w := v.Wall
	if w == nil {
		return nil
	}
	if w.Type < 0 || w.Type >= r.ntypes || !v.Types[w.Type].Wall {
		return fmt.Errorf("tier: the wall rule names a type that is not a wall")
	}
	switch {
	case r.anyRoyal:
		return fmt.Errorf("tier: a wall rule with royal pieces")
	case len(r.dropTypes) > 0 || v.MustDrop || v.Forced || v.CheckLimit > 0 || v.NoChecks || v.Goal != nil || v.DupleCheck:
		return fmt.Errorf("tier: a wall rule with drops, forced captures or moves, checks or goals")
	case len(r.multis) > 0 || len(r.everyTypes) > 0:
		return fmt.Errorf("tier: a wall rule with multis or every hooks")
	case v.Pass != nil || v.Fill != nil || v.Facing != nil:
		// whether a pass or a drop places a wall too is left to the
		// interpreter: no variant has asked it yet
		return fmt.Errorf("tier: a wall rule with a pass, facing or board-filling rule")
	}
	for t, ty := range v.Types {
		switch {
		case ty.Gate[0] != nil || ty.Gate[1] != nil:
			return fmt.Errorf("tier: a wall rule with gates")
		case ty.Wall && (t != w.Type || ty.Royal || ty.Real || ty.Ghost || len(ty.Lines)+len(ty.Rides)+len(ty.Hops)+len(ty.Multis) > 0):
			return fmt.Errorf("tier: %s: a wall type that moves, is royal, real or a ghost, or a second wall type", ty.Name)
		case !w.Anywhere && !ty.Ghost && !ty.Wall && (len(ty.Lines) > 0 || len(ty.Hops) > 0):
			// the arrow flies as the piece moves: its quiet targets
			return fmt.Errorf("tier: %s: place shot beside a type that moves otherwise than by plain moves and rides", ty.Name)
		}
		for _, ride := range ty.Rides {
			if !w.Anywhere && ride.Promotes {
				return fmt.Errorf("tier: %s: place shot beside a ride that promotes", ty.Name)
			}
		}
	}
	r.wallType, r.wallAnywhere = w.Type, w.Anywhere
	r.wallBook = &wallBook{ix: map[uint64]int32{}}
	return nil
}

// wallCode returns c, a piece's code, as the board keeps it: a wall's
// the first side's.
func (p *Position) wallCode(c uint8) uint8 {
	if t, _ := decode(c); c != 0 && t == p.r.wallType {
		return code(t, board.First)
	}
	return c
}

// loadWalls readies a position just loaded for the wall rule: its
// scratch, and at most one wall where it moves (anywhere).
func (p *Position) loadWalls() error {
	if p.r.wallType < 0 {
		return nil
	}
	if p.walls == nil {
		p.walls = &wallScratch{}
	}
	if p.r.wallAnywhere && p.wallSet.count() > 1 {
		return fmt.Errorf("tier: %d walls on the board where one moves", p.wallSet.count())
	}
	return nil
}

// cloneWalls gives a clone its own scratch (the book is the variant's).
func (p *Position) cloneWalls() {
	if p.walls != nil {
		p.walls = &wallScratch{}
	}
}

// splitWall returns the base move of a wall turn and its wall's square,
// or m and -1 for any other move.
func (p *Position) splitWall(m spec.Move) (spec.Move, int) {
	id := m.WallTurn()
	if id < 0 || p.r.wallBook == nil {
		return m, -1
	}
	b := p.r.wallBook
	b.mu.RLock()
	t := b.turns[m.From()][id]
	b.mu.RUnlock()
	return t.base, int(t.wall)
}

// wallTurnID returns the number of the turn of base with its wall on sq,
// naming it when new; -1 when the square moved from has MaxWallTurns
// named already.
func (p *Position) wallTurnID(base spec.Move, sq int) int {
	b := p.r.wallBook
	key := uint64(base)<<16 | uint64(sq)
	b.mu.RLock()
	id, ok := b.ix[key]
	b.mu.RUnlock()
	if ok {
		return int(id)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if id, ok := b.ix[key]; ok {
		return int(id) // named meanwhile
	}
	from := base.From()
	id = int32(len(b.turns[from]))
	if id >= spec.MaxWallTurns {
		b.overflow.Store(true)
		return -1
	}
	b.turns[from] = append(b.turns[from], wallTurn{base: base, wall: int16(sq)})
	b.ix[key] = id
	return int(id)
}

// wallSquares returns where the wall may go after base move m of side us:
// with anywhere the squares empty after it, with shot those the moved
// piece moves to quietly from where it lands, with the occupancy the move
// leaves. A plain move that takes no ghost (whose death may take more)
// leaves its from square empty and its target full; any other is played.
func (p *Position) wallSquares(m spec.Move, us board.Side) set {
	from, to := int(m.From()), int(m.To())
	if m.Line() < 0 && m.Drop() < 0 && m.Gate() < 0 && !(m.Captures() && p.ghost[to] != 0) {
		occ := p.occupied().without(from).with(to)
		if p.r.wallAnywhere {
			return p.r.full.minus(occ)
		}
		t, _ := decode(p.board[from])
		if promo := m.Promotion(); promo >= 0 {
			t = promo
		}
		quiet, _, _ := p.targets(t, us, to, occ)
		return quiet.minus(occ)
	}
	// the interpreter plays the move and looks: so does the tier (a
	// shot variant's moves are all plain)
	p.play(m)
	free := p.r.full.minus(p.occupied())
	p.takeBack()
	return free
}

// addWallTurns replaces list's moves, base moves of the side to move,
// by their turns: each followed by each wall square.
func (p *Position) addWallTurns(list *spec.MoveList) {
	if p.r.wallType < 0 || len(list.Moves) == 0 {
		return
	}
	b := p.walls
	b.base = append(b.base[:0], list.Moves...)
	list.Moves = list.Moves[:0]
	us := p.toMove
	for _, m := range b.base {
		for sq := range p.wallSquares(m, us).squares {
			if id := p.wallTurnID(m, sq); id >= 0 {
				list.Moves = append(list.Moves, spec.WallTurnMove(int(m.From()), id))
			}
		}
	}
}

// countWallTurns counts the legal turns of the side to move for perft's
// last ply, list being scratch space: each base move's wall squares.
func (p *Position) countWallTurns(list *spec.MoveList) uint64 {
	p.pseudo(list)
	us := p.toMove
	var n uint64
	for _, m := range list.Moves {
		n += uint64(p.wallSquares(m, us).count())
	}
	return n
}

// wallActs appends the actions that put the wall down on sq after the
// base move: the del of the wall that moves (anywhere), and the spawn.
func (p *Position) wallActs(dst []spec.Act, sq int) []spec.Act {
	if p.r.wallAnywhere && p.wallSet.some() {
		dst = append(dst, spec.Act{Kind: spec.Del, Sq: board.Square(p.wallSet.lowest())})
	}
	return append(dst, spec.Act{Kind: spec.Spawn, Sq: board.Square(sq), Type: p.r.wallType})
}

// placeWall puts the wall down on sq after the base move of side us,
// with the actions wallActs lists.
func (p *Position) placeWall(sq int, us board.Side) {
	b := p.walls
	b.acts = p.wallActs(b.acts[:0], sq)
	p.runScript(b.acts, -1, us)
}

// wallOverflow reports whether a wall turn went unnamed (Overflow).
func (p *Position) wallOverflow() bool { return p.r.wallBook != nil && p.r.wallBook.overflow.Load() }

// WallSquare returns the square wall turn m puts its wall on, or false
// for a move that is no wall turn.
func (p *Position) WallSquare(m spec.Move) (board.Square, bool) {
	if _, wall := p.splitWall(m); wall >= 0 {
		return board.Square(wall), true
	}
	return board.NoSquare, false
}

// wallTurnString names a wall turn as movegen's Notation does: its base
// move, a comma, and the wall's flight from where the piece landed
// (e2e4,e4d5, Fairy-Stockfish's form); false for any other move.
func (p *Position) wallTurnString(m spec.Move) (string, bool) {
	base, wall := p.splitWall(m)
	if wall < 0 {
		return "", false
	}
	names := p.r.spec.SquareNames
	landed := base.To()
	if acts, ok := p.scriptActs(base); ok {
		landed = lastMov(&spec.Script{Acts: acts}, int(base.From()))
	}
	return p.MoveString(base) + "," + names[landed] + names[wall], true
}
