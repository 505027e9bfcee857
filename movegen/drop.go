package movegen

import (
	"slices"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
)

// Stage: compile and generate (drops, docs/language.md § Hands and
// drops). A piece in its side's hand enters the board by one of its
// type's drop lines, placed like move lines on every square and run from
// the square it would be dropped on. The compiler puts the drop itself
// first on that square — a spawn of the type, marked as a drop: the piece
// enters as moved and one fewer is left in hand — so that the line's
// conditions, read before any action runs, see the board without it.
//
// A drop is a move of the hand's piece of the type (board.Position's
// HandPieces): a piece of the side and type that stays off the board, so
// that a drop has a mover as every move has — its type names the move
// (P@e4), orders it and values it — while the piece dropped is new.

// dropRules takes the drops declarations (docs/language.md § Hands and
// drops): drops forced, drops bicolor and drops castle.
func (c *compiler) dropRules(v *board.Variant) {
	f, p := c.file, c.prog
	p.mustDrop = f.ForcedDrops
	p.mustDropType = -1
	if n := f.ForcedDropType; n != nil {
		p.mustDropType = p.byName[n.Name]
	}
	v.FreeDrops = f.FreeDrops
	for _, sq := range f.DropStart {
		i := lang.SquareIndex(sq.Name, p.Width, p.Height)
		if i < 0 {
			c.errorf(sq.Pos, "drops start names %s, off the %dx%d board", sq.Name, p.Width, p.Height)
			continue
		}
		p.dropStart = append(p.dropStart, board.Square(i))
	}
	p.bicolor = -1
	if b := f.BicolorDrops; b != nil {
		p.bicolor = p.byName[b.Name]
	}
	if dc := f.DropCastle; dc != nil {
		p.dropCastle = c.dropCastle(dc)
		v.CastleHome = p.dropCastle.home()
	}
}

// dropCastle is drops castle KING KF ROOK RF… compiled: the squares, per
// side, of its first rank's files KF and RF (under symmetry rotate the
// second player's files count from its own left, as castle's do).
type dropCastle struct {
	king, rook int
	kingSq     [2]board.Square
	rookSqs    [2][]board.Square
}

func (c *compiler) dropCastle(d *lang.DropCastle) *dropCastle {
	p := c.prog
	dc := &dropCastle{king: p.byName[d.King.Name], rook: p.byName[d.Rook.Name]}
	sq := func(s board.Side, file string) board.Square {
		x, y := lang.FileIndex(file), 0
		if s == board.Second {
			y = p.Height - 1
			if p.rotate {
				x = p.Width - 1 - x
			}
		}
		return board.Square(y*p.Width + x)
	}
	for _, s := range []board.Side{board.First, board.Second} {
		dc.kingSq[s] = sq(s, d.KingFile.Name)
		for _, f := range d.RookFiles {
			dc.rookSqs[s] = append(dc.rookSqs[s], sq(s, f.Name))
		}
	}
	return dc
}

// home lists the squares of drops castle as the castling field's home
// squares (board.Variant.CastleHome).
func (dc *dropCastle) home() []board.HomePiece {
	var out []board.HomePiece
	for _, s := range []board.Side{board.First, board.Second} {
		out = append(out, board.HomePiece{Type: int16(dc.king), Side: s, Square: dc.kingSq[s]})
		for _, sq := range dc.rookSqs[s] {
			out = append(out, board.HomePiece{Type: int16(dc.rook), Side: s, Square: sq})
		}
	}
	return out
}

// castleDropped applies drops castle to piece id of side, just dropped on
// sq: a king dropped on its square is unmoved and makes its side's rooks
// on theirs unmoved; a rook dropped on one of its squares, with its
// side's king on the king's square, is unmoved and makes the king
// unmoved — as Fairy-Stockfish grants castling rights to dropped pieces.
// Fairy-Stockfish keeps a right per rook: a king that has moved has lost
// the rights of every rook, and a rook dropped beside it when it is back
// gets one for itself alone. So a rook dropped beside a moved king makes
// the other rooks on their squares moved.
func (b *Board) castleDropped(id int32, sq board.Square, side board.Side) {
	dc, pos := b.prog.dropCastle, b.pos
	ally := func(at board.Square, t int) int32 {
		if pc := pos.PieceAt(at); pc != nil && pc.Side == side && int(pc.Type) == t {
			return pos.At(at)
		}
		return -1
	}
	switch t := int(pos.Pieces[id].Type); {
	case t == dc.king && sq == dc.kingSq[side]:
		pos.SetUnmoved(id, true)
		for _, r := range dc.rookSqs[side] {
			if rook := ally(r, dc.rook); rook >= 0 {
				pos.SetUnmoved(rook, true)
			}
		}
	case t == dc.rook && slices.Contains(dc.rookSqs[side], sq):
		king := ally(dc.kingSq[side], dc.king)
		if king < 0 {
			return
		}
		if !pos.Pieces[king].Unmoved {
			for _, r := range dc.rookSqs[side] {
				if rook := ally(r, dc.rook); rook >= 0 && r != sq {
					pos.SetUnmoved(rook, false)
				}
			}
		}
		pos.SetUnmoved(id, true)
		pos.SetUnmoved(king, true)
	}
}

// dropActions are the actions a drop line may not hold: the drop is its
// only action, with perhaps a promote that ends it.
var dropActions = map[string]bool{"mov": true, "capt": true, "del": true, "pick": true, "put": true,
	"pickcapt": true, "mark": true, "pass": true, "remember": true, "win": true, "lose": true, "draw": true,
	"spawn": true, "promote": true, "mset": true, "madd": true, "mgrw": true, "castle": true, "touch": true}

// dropLine compiles drop line l of type t: the drop, then l's conditions
// and steps. A promote may end a line without steps: the piece enters as
// that type, its promoted face (kyotoshogi's +P@c3). Any other action in
// l is an error at it.
func (c *compiler) dropLine(t *PieceType, l *lang.Line) *Line {
	ok := true
	var face lang.Item // a promote that ends the line
	if n := len(l.Items); n > 0 {
		if p, isNamed := l.Items[n-1].(*lang.Named); isNamed && p.Op == "promote" {
			face = p
		}
	}
	lang.Walk(l.Items, func(it lang.Item) {
		if it == face {
			return
		}
		word, pos := "", lang.Pos(0)
		switch n := it.(type) {
		case *lang.Simple:
			word, pos = n.Op, n.Pos
		case *lang.Named:
			word, pos = n.Op, n.Pos
		case *lang.Castle:
			word, pos = "castle", n.Pos
		case *lang.Mem:
			word, pos = n.Op, n.Pos
		case *lang.Grow:
			word, pos = "mgrw", n.Pos
		case *lang.Step:
			if face != nil {
				word, pos = "a step", n.Pos
			}
		}
		switch {
		case !ok:
		case word == "a step":
			c.errorf(pos, "a step in a drop line that ends with promote: the promote acts on the square dropped on")
			ok = false
		case dropActions[word]:
			c.errorf(pos, "%s in a drop line: a drop line holds steps and conditions, and the drop is its only action (with a promote that ends it)", word)
			ok = false
		}
	})
	if !ok {
		return nil
	}
	items := append(lang.Seq{&lang.Named{Pos: l.Pos, Op: "spawn", Name: t.Name, NamePos: l.Pos}}, l.Items...)
	cl := c.line(&lang.Line{Pos: l.Pos, Items: items})
	first, isNormal := cl.nodes[0].(*normal)
	if !isNormal || len(first.ops) == 0 || first.ops[0].kind != opSpawn {
		c.errorf(l.Pos, "a drop line must start on the square dropped on")
		return nil
	}
	first.ops[0].drop = true
	return cl
}

// promotedFrom returns, per type, the type whose lines promote to it (the
// first such type in declaration order), or -1: what a FEN's ~ after a
// letter says the piece was.
func promotedFrom(types []*PieceType) []int {
	out := make([]int, len(types))
	for i := range out {
		out[i] = -1
	}
	for _, t := range types {
		for _, l := range t.Lines {
			eachNode(l.nodes, func(nd node) {
				if n, ok := nd.(*normal); ok {
					for _, o := range n.ops {
						if o.kind == opPromote && out[o.typ] < 0 && o.typ != t.Index {
							out[o.typ] = t.Index
						}
					}
				}
			})
		}
	}
	return out
}

// lastingPromotions returns, per pair of types from and to, whether a
// promotion of a from into a to is for good: no line of to's promotes
// into from, as kyotoshogi's flipped pieces' do. Such a promotion
// restarts the half-move clock (docs/language.md § Repetition and the
// move rule). The answer is a flat slice, from*len(types)+to.
func lastingPromotions(types []*PieceType) []bool {
	n := len(types)
	into := make([]bool, n*n) // into[a*n+b]: a line of a's promotes into b
	for _, t := range types {
		// a proxy's hooks promote back and forth too (merge.alf's knight
		// and centaur: docs/language.md § Proxy pieces)
		for _, l := range slices.Concat(t.Lines, t.OnHold, t.OnRelease) {
			eachNode(l.nodes, func(nd node) {
				if nm, ok := nd.(*normal); ok {
					for _, o := range nm.ops {
						if o.kind == opPromote {
							into[t.Index*n+o.typ] = true
						}
					}
				}
			})
		}
	}
	lasting := make([]bool, n*n)
	for from := range n {
		for to := range n {
			lasting[from*n+to] = from != to && !types[from].Ghost && !into[to*n+from]
		}
	}
	return lasting
}

// promotesForGood reports whether a promotion of a from into a to
// restarts the half-move clock (lastingPromotions).
func (p *Program) promotesForGood(from, to int) bool {
	return p.lasting[from*len(p.types)+to]
}

// addHandPieces gives pos, of a variant with drops, the hand's piece of
// each side and droppable type (board.Position.HandPieces).
func (p *Program) addHandPieces(pos *board.Position) {
	if !p.drops {
		return
	}
	for s := range pos.HandPieces {
		pos.HandPieces[s] = make([]int32, len(p.types))
		for t, typ := range p.types {
			pos.HandPieces[s][t] = -1
			if len(typ.Drops) > 0 {
				pos.HandPieces[s][t] = int32(len(pos.Pieces))
				pos.Pieces = append(pos.Pieces, board.Piece{Type: int16(t), Side: board.Side(s), Square: board.NoSquare})
				if p.variant.FreeDrops && pos.Hand[s][t] == 0 {
					// drops free: one in hand, which a drop never takes
					pos.AddToHand(board.Side(s), t, 1)
				}
			}
		}
	}
}

// generateDrops appends the drops of side's pieces in hand to list: each
// droppable type with pieces in hand, from every square.
func (b *Board) generateDrops(list *MoveList, side board.Side) {
	pos := b.pos
	if !b.prog.drops || pos.Result != board.Ongoing {
		return
	}
	g := b.acquire()
	defer b.release()
	start := len(list.Moves)
	for t, id := range pos.HandPieces[side] {
		if id < 0 || pos.Hand[side][t] == 0 {
			continue
		}
		for sq := range pos.Squares() {
			g.reset(id, board.Square(sq), side, modeMoves)
			g.out, g.pieceStart = list, len(list.Moves)
			g.lines(b.prog.types[t].Drops)
		}
	}
	if b.prog.bicolor >= 0 && len(list.Moves) > start {
		b.keepBicolor(list, start, side)
	}
	if len(b.prog.dropStart) > 0 && len(list.Moves) > start {
		b.keepStart(list, start)
	}
}

// keepBicolor removes from list, after start, the drops of side that
// drops bicolor forbids — Fairy-Stockfish's dropOppositeColoredBishop,
// its arithmetic exactly. With n the side's pieces of the type T named
// (on the board and in hand), a T is not dropped where one more on that
// square's colour would exceed half of n rounded up; another piece is
// not dropped where it leaves, of either colour, fewer than half of n
// (rounded down) among the squares of the side's Ts and the empty
// squares of T's drop region left (where a T could be dropped now,
// but the square dropped on). A square's colour is file + rank, odd
// or even.
func (b *Board) keepBicolor(list *MoveList, start int, side board.Side) {
	pos, t := b.pos, b.prog.bicolor
	color := func(sq board.Square) int {
		x, y := pos.XY(sq)
		return (x + y) & 1
	}
	n := pos.InHand(side, t)
	var on, free [2]int // the side's Ts on each colour; the empty squares of T's region
	for id := range pos.Pieces {
		if pc := &pos.Pieces[id]; pc.OnBoard && pc.Side == side && int(pc.Type) == t {
			on[color(pc.Square)]++
			n++
		}
	}
	if n == 0 {
		return
	}
	region := b.dropRegion(side, t)
	for sq := range pos.Squares() {
		if region.has(sq) {
			free[color(board.Square(sq))]++
		}
	}
	keep := list.Moves[:start]
	for _, m := range list.Moves[start:] {
		to, c := m.From, color(m.From)
		ok := true
		if int(pos.Pieces[m.Piece].Type) == t {
			ok = on[c]+1 <= (n+1)/2
		} else {
			left := free
			if region.has(int(to)) {
				left[c]--
			}
			ok = on[0]+left[0] >= n/2 && on[1]+left[1] >= n/2
		}
		if ok {
			keep = append(keep, m)
		}
	}
	list.Moves = keep
}

// dropRegion returns the empty squares where a piece of type t of side
// could be dropped now: where one of t's drop lines makes a move (drops
// bicolor's region, Fairy-Stockfish's drop_region). The set is the
// board's, valid until the next call.
func (b *Board) dropRegion(side board.Side, t int) bitset {
	pos := b.pos
	if b.region == nil {
		b.region = &regionScratch{squares: newBitset(pos.Squares())}
	}
	set, list := b.region.squares, &b.region.moves
	clear(set)
	list.Reset()
	g := b.acquire()
	defer b.release()
	id := pos.HandPieces[side][t]
	for sq := range pos.Squares() {
		if pc := pos.PieceAt(board.Square(sq)); pc != nil && !b.prog.types[pc.Type].Ghost {
			continue // not empty (a ghost is)
		}
		g.reset(id, board.Square(sq), side, modeMoves)
		g.out, g.pieceStart = list, len(list.Moves)
		g.lines(b.prog.types[t].Drops)
	}
	for _, m := range list.Moves {
		set.set(int(m.From))
	}
	return set
}

// regionScratch is the scratch of Board.dropRegion: the set it returns and
// the drops that found it.
type regionScratch struct {
	squares bitset
	moves   MoveList
}

// countDrops counts side's drops (none without drops), as Full mode's
// and the tier's mobility count them.
func (b *Board) countDrops(side board.Side) int {
	if !b.prog.drops {
		return 0
	}
	list := b.scratchList()
	b.generateDrops(list, side)
	return list.Len()
}

// IsDrop reports whether m drops a piece from the hand (then m.From is
// the square it is dropped on).
func (b *Board) IsDrop(m Move) bool {
	pc := &b.pos.Pieces[m.Piece]
	return !pc.OnBoard && b.prog.drops && b.pos.HandPieces[pc.Side] != nil && b.pos.HandPieces[pc.Side][pc.Type] == m.Piece
}

// dropName names drop m as UCI and SAN do: the letter of the type dropped
// (upper case for both players, as Fairy-Stockfish writes it, even a
// pawn's), @ and the square: P@e4; +P@c3 when the piece enters as the
// promoted face its drop line ends with.
func (b *Board) dropName(m Move) string {
	t := b.prog.types[b.pos.Pieces[m.Piece].Type]
	name := string(t.Letter)
	if _, promo, _ := b.landing(m); promo >= 0 && b.prog.types[promo].Plus {
		name = "+" + name
	}
	return name + "@" + b.pos.SquareName(m.From)
}

// keepStart removes from list, after start, the drops that drops start
// forbids: while one of its squares is empty, drops go only there
// (Fairy-Stockfish's enclosingDropStart: othello's centre first).
func (b *Board) keepStart(list *MoveList, start int) {
	open := false
	for _, sq := range b.prog.dropStart {
		if pc := b.pos.PieceAt(sq); pc == nil || b.prog.types[pc.Type].Ghost {
			open = true
			break
		}
	}
	if !open {
		return
	}
	keep := list.Moves[:start]
	for _, m := range list.Moves[start:] {
		if slices.Contains(b.prog.dropStart, m.From) {
			keep = append(keep, m)
		}
	}
	list.Moves = keep
}
