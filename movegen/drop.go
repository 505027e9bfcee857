package movegen

import (
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

// dropActions are the actions a drop line may not hold: the drop is its
// only action, with perhaps a promote that ends it.
var dropActions = map[string]bool{"mov": true, "capt": true, "del": true, "pick": true, "put": true,
	"pickcapt": true, "mark": true, "pass": true, "remember": true, "win": true, "lose": true, "draw": true,
	"spawn": true, "promote": true, "mset": true, "madd": true, "mgrw": true, "castle": true}

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
		for _, l := range t.Lines {
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
