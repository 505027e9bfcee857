package board

import "github.com/alfil-go/alfil/memory"

// changeKind tells what a journal entry restores.
type changeKind uint8

const (
	chSquare   changeKind = iota // squares[a] was old
	chPiece                      // Pieces[a] was piece (memory aside)
	chNewPiece                   // a piece was appended
	chPieceMem                   // Pieces[a].Mem[b] was old
	chTileMem                    // Tiles[a][b] was old
	chGlobal                     // Global[b] was old
	chCaptured                   // Captured had length a
	chState                      // ToMove, Ply, Halfmove, Result were as in state
	chChecks                     // Checks[a] was old
	chHand                       // Hand[a][b] was old
	chPasses                     // Passes was old (apart from state: a journal entry stays small)
	chSeed                       // Seed was old
	chLast                       // Last was old
	chLink                       // Pieces[a].Held was b and Holder was old (stacks: stack.go)
	chField                      // whether a field bars square a changed: nothing to restore, the counts follow the occupants (fields.go)
)

type change struct {
	kind  changeKind
	a, b  int32
	old   int64
	piece pieceState
	state state
}

// pieceState is what a chPiece entry restores of a piece: all but its
// memory, which chPieceMem entries restore. Keeping the memory's slice
// out makes an entry half the size and the journal free of pointers.
type pieceState struct {
	typ              int16
	side             Side
	unmoved, onBoard bool
	square           Square
	created          int32
	origin           int16
}

func stateOf(pc *Piece) pieceState {
	return pieceState{pc.Type, pc.Side, pc.Unmoved, pc.OnBoard, pc.Square, pc.Created, pc.Origin}
}

// restore sets the fields of pc that s holds.
func (s pieceState) restore(pc *Piece) {
	pc.Type, pc.Side, pc.Unmoved, pc.OnBoard, pc.Square, pc.Created, pc.Origin = s.typ, s.side, s.unmoved, s.onBoard, s.square, s.created, s.origin
}

type state struct {
	toMove   Side
	ply      int32
	halfmove int32
	result   Result
}

// Mark is a point in the undo journal, with the hash it had.
type Mark struct {
	n    int
	hash uint64
}

// Mark returns the current point of the journal.
func (p *Position) Mark() Mark { return Mark{len(p.journal), p.hash} }

// Undo takes back every change made since m.
func (p *Position) Undo(m Mark) {
	for i := len(p.journal) - 1; i >= m.n; i-- {
		c := &p.journal[i]
		switch c.kind {
		case chSquare:
			p.squares[c.a] = int32(c.old)
			p.updateOccupied(Square(c.a))
		case chPiece:
			pc := &p.Pieces[c.a]
			p.countRoyal(pc, -1)
			c.piece.restore(pc)
			p.countRoyal(pc, 1)
			if c.piece.onBoard && p.squares[c.piece.square] == c.a {
				p.updateOccupied(c.piece.square) // the type may have changed back
			}
		case chNewPiece:
			p.Pieces = p.Pieces[:c.a]
		case chPieceMem:
			p.Pieces[c.a].Mem[c.b] = c.old
		case chTileMem:
			p.Tiles[c.a][c.b] = c.old
		case chGlobal:
			p.Global[c.b] = c.old
		case chCaptured:
			p.Captured = p.Captured[:c.a]
		case chChecks:
			p.Checks[c.a] = int32(c.old)
		case chHand:
			p.Hand[c.a][c.b] = int32(c.old)
		case chState:
			p.ToMove, p.Ply, p.Halfmove, p.Result = c.state.toMove, c.state.ply, c.state.halfmove, c.state.result
		case chPasses:
			p.Passes = int32(c.old)
		case chSeed:
			p.Seed = uint64(c.old)
		case chLast:
			p.Last = int32(c.old)
		case chLink:
			p.rare.l[c.a] = link{c.b, int32(c.old)}
		}
	}
	if p.fieldsCover() != nil {
		p.undoFields(m.n) // (fields.go)
	}
	p.journal = p.journal[:m.n]
	p.hash = m.hash
}

func (p *Position) savePiece(id int32) {
	p.journal = append(p.journal, change{kind: chPiece, a: id, piece: stateOf(&p.Pieces[id])})
}

func (p *Position) saveState() {
	p.journal = append(p.journal, change{kind: chState,
		state: state{p.ToMove, p.Ply, p.Halfmove, p.Result}})
}

func (p *Position) setSquare(sq Square, id int32) {
	p.journal = append(p.journal, change{kind: chSquare, a: int32(sq), old: int64(p.squares[sq])})
	p.squares[sq] = id
	p.updateOccupied(sq)
	p.fieldChanged(sq)
}

// PieceHash returns the part of Hash that piece id, on the board, adds:
// its type, side and square, its unmoved flag when that counts, and its
// memory.
func (p *Position) PieceHash(id int32) uint64 { return p.hashOf(id) }

// UnmovedHash returns the part of PieceHash that the unmoved flag of piece
// id, on the board, adds: 0 when the piece has moved or its type's flag
// does not count (Variant.UnmovedMatters).
func (p *Position) UnmovedHash(id int32) uint64 {
	if pc := &p.Pieces[id]; pc.OnBoard && pc.Unmoved && p.V.unmovedCounts(pc.Type) {
		return zobrist.unmoved(pc.Square)
	}
	return 0
}

// pieceHash is the hash contribution of a piece standing on its square,
// held by no other (a held piece's is hashOf's).
func (p *Position) pieceHash(pc *Piece) uint64 {
	h := zobrist.piece(int(pc.Type), pc.Side, pc.Square)
	if pc.Unmoved && p.V.unmovedCounts(pc.Type) {
		h ^= zobrist.unmoved(pc.Square)
	}
	for i, v := range pc.Mem {
		if v != 0 {
			h ^= mix(uint64(memory.Piece), uint64(pc.Square), uint64(i), uint64(v))
		}
	}
	if pc.Origin > 0 {
		h ^= originHash(pc.Square, pc.Origin)
	}
	return h
}

// originHash is the hash of a promoted piece's origin on sq (only pieces
// of variants with hands record one).
func originHash(sq Square, origin int16) uint64 {
	return mix(9, uint64(uint16(sq)), uint64(origin), 0)
}

// Place puts piece id, which must be off the board, on the empty square sq.
func (p *Position) Place(id int32, sq Square) {
	p.savePiece(id)
	pc := &p.Pieces[id]
	pc.OnBoard, pc.Square = true, sq
	p.setSquare(sq, id)
	p.hash ^= p.pieceHash(pc)
	p.countRoyal(pc, 1)
}

// Lift takes piece id off the board without capturing it.
func (p *Position) Lift(id int32) {
	pc := &p.Pieces[id]
	if !pc.OnBoard {
		return
	}
	if p.linked(id) {
		p.liftChain(id)
		return
	}
	p.hash ^= p.pieceHash(pc)
	p.savePiece(id)
	p.setSquare(pc.Square, -1)
	p.countRoyal(pc, -1)
	pc.OnBoard = false
}

// Remove takes whatever stands on sq off the board silently and returns its
// identity, or -1.
func (p *Position) Remove(sq Square) int32 {
	id := p.squares[sq]
	if id >= 0 {
		p.Lift(id)
	}
	return id
}

// Capture takes piece id off the board and adds it to the captured pieces.
func (p *Position) Capture(id int32) {
	if p.Holds(id) >= 0 {
		p.captureChain(id)
		return
	}
	p.Lift(id)
	p.journal = append(p.journal, change{kind: chCaptured, a: int32(len(p.Captured))})
	p.Captured = append(p.Captured, id)
	p.saveState()
	p.Halfmove = -1 // the ply's end counts it back to 0
}

// ResetHalfmove restarts the half-move clock in a ply that is not over
// yet: the ply's end counts it back to 0, as after a capture (a move of a
// piece whose moves cannot be taken back, as a pawn's).
func (p *Position) ResetHalfmove() {
	p.saveState()
	p.Halfmove = -1
}

// MoveTo moves piece id to sq, removing silently whatever stands there, and
// marks it as moved.
func (p *Position) MoveTo(id int32, sq Square) {
	if p.linked(id) {
		p.moveStacked(id, sq)
		return
	}
	if pc := &p.Pieces[id]; pc.OnBoard && p.squares[sq] < 0 {
		// to an empty square: the piece's state is saved once, and it
		// stays on the board, so the royal counts stand
		p.hash ^= p.pieceHash(pc)
		p.savePiece(id)
		p.setSquare(pc.Square, -1)
		pc.Square, pc.Unmoved = sq, false
		p.setSquare(sq, id)
		p.hash ^= p.pieceHash(pc)
		return
	}
	p.Lift(id)
	p.Remove(sq)
	p.SetUnmoved(id, false)
	p.Place(id, sq)
}

// SetUnmoved sets the unmoved flag of piece id.
func (p *Position) SetUnmoved(id int32, unmoved bool) {
	pc := &p.Pieces[id]
	if pc.Unmoved == unmoved {
		return
	}
	if p.HeldBy(id) >= 0 {
		p.rehashHeld(id, func() { p.savePiece(id); pc.Unmoved = unmoved })
		return
	}
	if pc.OnBoard && p.V.unmovedCounts(pc.Type) {
		p.hash ^= zobrist.unmoved(pc.Square)
	}
	p.savePiece(id)
	pc.Unmoved = unmoved
}

// SetType changes the type of piece id (promotion).
func (p *Position) SetType(id int32, t int) {
	pc := &p.Pieces[id]
	if p.HeldBy(id) >= 0 {
		p.rehashHeld(id, func() { p.setType(id, t, false) })
		return
	}
	p.setType(id, t, pc.OnBoard)
}

// setType changes the type of piece id, updating the hash when hashed.
func (p *Position) setType(id int32, t int, hashed bool) {
	pc := &p.Pieces[id]
	if hashed {
		p.hash ^= zobrist.piece(int(pc.Type), pc.Side, pc.Square) ^ zobrist.piece(t, pc.Side, pc.Square)
		if pc.Unmoved && p.V.unmovedCounts(pc.Type) != p.V.unmovedCounts(int16(t)) {
			p.hash ^= zobrist.unmoved(pc.Square)
		}
	}
	p.savePiece(id)
	switch {
	case !p.V.Demotes || int16(t) == pc.Type:
	case pc.Origin == 0:
		// its first promotion: a capture sends it to the hand as it was
		if hashed {
			p.hash ^= originHash(pc.Square, pc.Type+1)
		}
		pc.Origin = pc.Type + 1
	case int16(t) == pc.Origin-1:
		// back to what it was (kyotoshogi's pieces flip every move)
		if hashed {
			p.hash ^= originHash(pc.Square, pc.Origin)
		}
		pc.Origin = 0
	}
	p.countRoyal(pc, -1)
	pc.Type = int16(t)
	p.countRoyal(pc, 1)
	if pc.OnBoard && p.squares[pc.Square] == id {
		p.updateOccupied(pc.Square)
		p.fieldChanged(pc.Square)
	}
}

// NewPiece creates a piece of type t and side s, off the board, and returns
// its identity.
func (p *Position) NewPiece(t int, s Side, unmoved bool) int32 {
	id := int32(len(p.Pieces))
	p.journal = append(p.journal, change{kind: chNewPiece, a: id})
	p.Pieces = append(p.Pieces, Piece{Type: int16(t), Side: s, Unmoved: unmoved, Square: NoSquare, Created: p.Ply + 1})
	return id
}

// SetPieceMem writes cell i of piece id's memory and reports whether it
// changed; an index outside [0, memory.MaxCells) changes nothing.
func (p *Position) SetPieceMem(id int32, i, v int64) bool {
	pc := &p.Pieces[id]
	old := pc.Mem.Get(i)
	if old == v || !memory.Valid(i) {
		return false
	}
	pc.Mem.Grow(i + 1)
	if p.HeldBy(id) >= 0 {
		p.rehashHeld(id, func() {
			p.journal = append(p.journal, change{kind: chPieceMem, a: id, b: int32(i), old: old})
			pc.Mem[i] = v
		})
		return true
	}
	p.journal = append(p.journal, change{kind: chPieceMem, a: id, b: int32(i), old: old})
	pc.Mem[i] = v
	if pc.OnBoard {
		p.hash ^= memHash(memory.Piece, pc.Square, int32(i), old) ^ memHash(memory.Piece, pc.Square, int32(i), v)
	}
	return true
}

// SetTileMem writes cell i of square sq's memory and reports whether it
// changed; an index outside [0, memory.MaxCells) changes nothing.
func (p *Position) SetTileMem(sq Square, i, v int64) bool {
	old := p.Tile(sq).Get(i)
	if old == v || !memory.Valid(i) {
		return false
	}
	if p.Tiles == nil {
		p.Tiles = make([]memory.Bank, len(p.squares))
	}
	p.Tiles[sq].Grow(i + 1)
	p.journal = append(p.journal, change{kind: chTileMem, a: int32(sq), b: int32(i), old: old})
	p.Tiles[sq][i] = v
	p.hash ^= memHash(memory.Tile, sq, int32(i), old) ^ memHash(memory.Tile, sq, int32(i), v)
	return true
}

// SetGlobal writes cell i of the global memory and reports whether it
// changed; an index outside [0, memory.MaxCells) changes nothing.
func (p *Position) SetGlobal(i, v int64) bool {
	old := p.Global.Get(i)
	if old == v || !memory.Valid(i) {
		return false
	}
	p.Global.Grow(i + 1)
	p.journal = append(p.journal, change{kind: chGlobal, b: int32(i), old: old})
	p.Global[i] = v
	p.hash ^= memHash(memory.Global, 0, int32(i), old) ^ memHash(memory.Global, 0, int32(i), v)
	return true
}

// AddCheck counts one more check given by side s.
func (p *Position) AddCheck(s Side) {
	p.journal = append(p.journal, change{kind: chChecks, a: int32(s), old: int64(p.Checks[s])})
	p.hash ^= checksHash(s, p.Checks[s]) ^ checksHash(s, p.Checks[s]+1)
	p.Checks[s]++
}

func checksHash(s Side, v int32) uint64 {
	if v == 0 {
		return 0
	}
	return mix(7, uint64(s), 0, uint64(uint32(v)))
}

// SetResult ends (or, with Ongoing, reopens) the game.
func (p *Position) SetResult(r Result) {
	if p.Result == r {
		return
	}
	p.saveState()
	p.Result = r
}

// SetSide gives piece id to side s where it stands: a flip (othello's
// and ataxx's captures).
func (p *Position) SetSide(id int32, s Side) {
	pc := &p.Pieces[id]
	if pc.Side == s {
		return
	}
	if pc.OnBoard {
		p.hash ^= p.hashOf(id)
	}
	p.savePiece(id)
	p.countRoyal(pc, -1)
	pc.Side = s
	p.countRoyal(pc, 1)
	if pc.OnBoard {
		p.hash ^= p.hashOf(id)
		if p.squares[pc.Square] == id {
			p.updateOccupied(pc.Square)
			p.fieldChanged(pc.Square)
		}
	}
}

// SetPasses records that n passes in a row led to the position (0 after
// any other move), which the hash tells apart from none.
func (p *Position) SetPasses(n int32) {
	if p.Passes == n {
		return
	}
	p.journal = append(p.journal, change{kind: chPasses, old: int64(p.Passes)})
	if (p.Passes > 0) != (n > 0) {
		p.hash ^= passedHash
	}
	p.Passes = n
}

// passedHash is the hash's key for a position reached by a pass.
var passedHash = splitmix(0x50415353)

// EndPly finishes a ply: the other side is to move and the counters
// advance.
func (p *Position) EndPly() {
	p.saveState()
	p.ToMove = p.ToMove.Other()
	p.Ply++
	p.Halfmove++
	p.hash ^= zobrist.side
}

func memHash(k memory.Kind, sq Square, i int32, v int64) uint64 {
	if v == 0 {
		return 0
	}
	return mix(uint64(k), uint64(uint16(sq)), uint64(i), uint64(v))
}

// ChangeKind tells what part of the position a change touched.
type ChangeKind uint8

// The kinds of change ChangesSince reports.
const (
	ChangedSquare   ChangeKind = iota // the occupant of Square changed
	ChangedPiece                      // piece Piece changed: square, type, flags; Square is where it stood before
	ChangedNewPiece                   // piece Piece was created
	ChangedPieceMem                   // a memory cell of piece Piece changed
	ChangedTileMem                    // a memory cell of Square changed
	ChangedGlobal                     // a global memory cell changed
	ChangedState                      // side to move, ply, halfmove clock, result, seed or last mover changed
	ChangedOther                      // captured list or check counters
	ChangedField                      // whether a field bars Square for a side changed (fields.go)
)

// Change is one entry of the undo journal as ChangesSince reports it.
type Change struct {
	Kind   ChangeKind
	Square Square // ChangedSquare, ChangedTileMem; ChangedPiece: the old square, or NoSquare if it was off the board
	Piece  int32  // ChangedPiece, ChangedNewPiece, ChangedPieceMem
}

// ChangesSince calls visit for every change made since m, oldest first. It
// is how a move generator that keeps state per position learns what a move
// touched; entries repeat when the same thing changed twice.
func (p *Position) ChangesSince(m Mark, visit func(Change)) {
	for i := m.n; i < len(p.journal); i++ {
		c := &p.journal[i]
		switch c.kind {
		case chSquare:
			visit(Change{Kind: ChangedSquare, Square: Square(c.a), Piece: -1})
		case chPiece:
			old := NoSquare
			if c.piece.onBoard {
				old = c.piece.square
			}
			visit(Change{Kind: ChangedPiece, Square: old, Piece: c.a})
		case chNewPiece:
			visit(Change{Kind: ChangedNewPiece, Square: NoSquare, Piece: c.a})
		case chLink:
			// the piece joined or left a stack, or what it holds changed
			sq := NoSquare
			if pc := &p.Pieces[c.a]; pc.OnBoard {
				sq = pc.Square
			}
			visit(Change{Kind: ChangedPiece, Square: sq, Piece: c.a})
		case chPieceMem:
			visit(Change{Kind: ChangedPieceMem, Square: NoSquare, Piece: c.a})
		case chTileMem:
			visit(Change{Kind: ChangedTileMem, Square: Square(c.a), Piece: -1})
		case chGlobal:
			visit(Change{Kind: ChangedGlobal, Square: NoSquare, Piece: -1})
		case chState, chSeed, chLast:
			visit(Change{Kind: ChangedState, Square: NoSquare, Piece: -1})
		case chField:
			visit(Change{Kind: ChangedField, Square: Square(c.a), Piece: -1})
		default:
			visit(Change{Kind: ChangedOther, Square: NoSquare, Piece: -1})
		}
	}
}

// InHand returns how many pieces of type t side s has in hand (0 in a
// variant without hands).
func (p *Position) InHand(s Side, t int) int {
	if p.Hand[s] == nil {
		return 0
	}
	return int(p.Hand[s][t])
}

// HandEmpty reports whether side s has nothing in hand.
func (p *Position) HandEmpty(s Side) bool {
	for _, n := range p.Hand[s] {
		if n > 0 {
			return false
		}
	}
	return true
}

// AddToHand adds n pieces of type t to side s's hand (n < 0 takes them
// out; a hand never goes below 0).
func (p *Position) AddToHand(s Side, t int, n int) {
	old := p.Hand[s][t]
	v := max(old+int32(n), 0)
	p.journal = append(p.journal, change{kind: chHand, a: int32(s), b: int32(t), old: int64(old)})
	p.Hand[s][t] = v
	p.hash ^= handHash(s, t, old) ^ handHash(s, t, v)
}

// handHash is the hash of side s holding n pieces of type t.
func handHash(s Side, t int, n int32) uint64 {
	if n == 0 {
		return 0
	}
	return mix(8, uint64(s), uint64(t), uint64(uint32(n)))
}
