package movegen

import (
	"strings"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
)

// Stage: compile and generate (gating, docs/language.md § Gating). A
// piece of a type with gate: lines, in its side's hand, may enter the
// board at a gate: when a move of its side leaves a square — the square
// its piece moves from, or one of the side's pieces it lifts and does
// not set down there again (castling's rook) — a gate line that holds on
// that square, read in the position before the move, lets the piece be
// put there as part of the same move: Seirawan chess's hawk and elephant
// (gate: unmoved pos x 0, the square a first-rank piece leaves on its
// first move). The gated move is the move followed by the gate's normal,
// its conditions and a spawn of the type marked as a drop (the piece
// enters as moved, one fewer in hand), so playing, taking back, hashing
// and naming it go the ways every move goes.
//
// Legality: a gated move is legal exactly when the same move without the
// gate is — Fairy-Stockfish tests the king's safety with the gate square
// empty (docs/language.md § Gating: a pinned knight on d1 gates nothing,
// though a hawk set down on d1 would shield the king) — so the gated
// forms are added to the moves already judged. The bitboard tier plays
// gates the same way (lower.go's gates; tier/internal/engine/gate.go),
// its gated moves named and replayed here as these are.

// gateLine compiles gate line l of type t: its conditions (the parser
// allows nothing else), then the gate itself, a spawn of t as a drop's,
// all on the square the move leaves: one normal.
func (c *compiler) gateLine(t *PieceType, l *lang.Line) *Line {
	items := append(append(lang.Seq(nil), l.Items...), &lang.Named{Pos: l.Pos, Op: "spawn", Name: t.Name, NamePos: l.Pos})
	cl := c.line(&lang.Line{Pos: l.Pos, Items: items})
	if len(cl.nodes) != 1 {
		c.errorf(l.Pos, "a gate line holds conditions only")
		return nil
	}
	n, ok := cl.nodes[0].(*normal)
	if !ok || len(n.ops) == 0 || n.ops[len(n.ops)-1].kind != opSpawn {
		c.errorf(l.Pos, "a gate line holds conditions only")
		return nil
	}
	n.ops[len(n.ops)-1].drop = true
	n.ops[len(n.ops)-1].gate = true
	n.gate = true
	return cl
}

// gateNormal returns the one normal of a compiled gate line.
func (l *Line) gateNormal() *normal { return l.nodes[0].(*normal) }

// canGate reports whether side has a piece in hand that a gate line
// could put down.
func (b *Board) canGate(side board.Side) bool {
	for t, typ := range b.prog.types {
		if len(typ.Gates) > 0 && b.pos.InHand(side, t) > 0 {
			return true
		}
	}
	return false
}

// addGates puts after each move of list from start on, a move of the side
// to move, its gated forms: one per square the move leaves and type in
// hand with a gate line that holds there. Drops gate nothing.
func (b *Board) addGates(list *MoveList, start int) {
	side := b.pos.ToMove
	if !b.prog.gates || start == len(list.Moves) || !b.canGate(side) {
		return
	}
	// the moves judged, copied aside while list takes them back with
	// their gated forms after each (no generation runs in between: the
	// scratch is not reused before this returns)
	base := append(b.gateBase[:0], list.Moves[start:]...)
	b.gateBase = base
	list.Moves = list.Moves[:start]
	g := b.acquire()
	defer b.release()
	var buf [8]board.Square
	for _, m := range base {
		list.Moves = append(list.Moves, m)
		if b.IsDrop(m) {
			continue
		}
		for _, sq := range b.leftSquares(m, side, buf[:0]) {
			for t, typ := range b.prog.types {
				if len(typ.Gates) == 0 || b.pos.InHand(side, t) == 0 {
					continue
				}
				for _, l := range typ.Gates {
					n := l.gateNormal()
					if !b.gateHolds(g, n, m.Piece, sq, side) {
						continue
					}
					at := len(list.arena)
					list.arena = append(list.arena, m.refs...)
					list.arena = append(list.arena, ref{n, sq})
					refs := list.arena[at:len(list.arena):len(list.arena)]
					list.Moves = append(list.Moves, Move{Piece: m.Piece, From: m.From, refs: refs, local: m.local, sig: signature(refs, side)})
					break // another line of the type would gate the same piece there
				}
			}
		}
	}
}

// gateHolds reports whether the conditions of gate normal n hold on sq
// for side, in the position before the move of piece mover.
func (b *Board) gateHolds(g *gen, n *normal, mover int32, sq board.Square, side board.Side) bool {
	g.reset(mover, sq, side, modeMoves)
	placed := n.at(side, int(sq))
	for i := range n.ops {
		if o := &n.ops[i]; o.kind.isCondition() && g.test(o, board.Square(placed[i])) == o.not {
			return false
		}
	}
	return true
}

// leftSquares appends to buf the squares move m of side leaves: its
// piece's square when its last mov takes it elsewhere, and the squares
// of side's pieces it lifts (pick), less the squares the move fills
// again (its piece's last mov, a put, a spawn) — in Chess960 castling
// the king may end where its rook stood, or the rook where the king did.
func (b *Board) leftSquares(m Move, side board.Side, buf []board.Square) []board.Square {
	pos := b.pos
	at, moved := m.From, false
	var filled [8]board.Square
	nfilled := 0
	fill := func(sq board.Square) {
		if nfilled < len(filled) {
			filled[nfilled] = sq
			nfilled++
		}
	}
	for _, r := range m.refs {
		n := r.n
		if n.marks || n.gate {
			continue
		}
		placed := n.at(side, int(r.at))
		for i := range n.ops {
			sq := board.Square(placed[i])
			if sq < 0 {
				continue
			}
			switch n.ops[i].kind {
			case opMov:
				at, moved = sq, true
			case opPick:
				if pc := pos.PieceAt(sq); pc != nil && pc.Side == side && len(buf) < cap(buf) {
					buf = append(buf, sq)
				}
			case opPut, opSpawn:
				fill(sq)
			}
		}
	}
	if moved && at != m.From {
		buf = append(buf, m.From)
		fill(at)
	}
	out := buf[:0]
	for _, sq := range buf {
		refilled := false
		for _, f := range filled[:nfilled] {
			refilled = refilled || f == sq
		}
		for _, o := range out {
			refilled = refilled || o == sq
		}
		if !refilled {
			out = append(out, sq)
		}
	}
	return out
}

// gated returns, for a gated move, the type it gates and the square it
// puts the piece on — a move of the bitboard tier's, its last action's.
func (b *Board) gated(m Move) (typ int, sq board.Square, ok bool) {
	if m.code != 0 && b.fast != nil {
		if typ = m.code.Gate(); typ < 0 {
			return -1, board.NoSquare, false
		}
		acts := b.fast.Actions(m.code)
		return typ, acts[len(acts)-1].Sq, true
	}
	if len(m.refs) == 0 {
		return -1, board.NoSquare, false
	}
	r := m.refs[len(m.refs)-1]
	if !r.n.gate {
		return -1, board.NoSquare, false
	}
	return r.n.ops[len(r.n.ops)-1].typ, r.at, true
}

// gatedUCI names gated move m in UCI as Fairy-Stockfish does: the move's
// own name and the lower-case letter of the type gated (b1c3h, e1g1h) —
// or, for a gate on a square other than the move's own (castling's
// rook), that square, then the one the piece moves from, then the
// letter (h1e1h; g1f1h in Chess960). "" when the move without the gate
// has no UCI name.
func (b *Board) gatedUCI(m Move, typ int, sq board.Square) string {
	base := m
	if m.code != 0 {
		base.code = m.code.Base() // legal, as m is
	} else {
		base.refs = m.refs[:len(m.refs)-1]
	}
	name := b.uci(base)
	if name == "" {
		return ""
	}
	letter := strings.ToLower(string(b.prog.types[typ].Letter))
	if sq != m.From {
		return b.pos.SquareName(sq) + b.pos.SquareName(m.From) + letter
	}
	return name + letter
}

// idleGateFlags returns the part of the position's hash that the unmoved
// flags no line can read any more add: those of types whose flag no move
// line tests (Program.lineUnmoved), on squares where no gate line of a
// type the side may yet hold in hand reads it — with captures hand any
// gating type, otherwise the types in its hand. Seirawan chess's gates
// go when its hand is empty; an S-house pawn's flag is never a gate's.
func (b *Board) idleGateFlags() uint64 {
	p := b.prog
	if !p.gates || p.lineUnmoved == nil {
		return 0
	}
	var h uint64
	g := b.acquire()
	defer b.release()
	for id := range b.pos.Pieces {
		pc := &b.pos.Pieces[id]
		if !pc.OnBoard || !pc.Unmoved || p.lineUnmoved[pc.Type] || b.gateReads(g, int32(id)) {
			continue
		}
		h ^= b.pos.UnmovedHash(int32(id))
	}
	return h
}

// gateReads reports whether a gate line that piece id's side may use
// gives another answer on its square when its unmoved flag is cleared.
func (b *Board) gateReads(g *gen, id int32) bool {
	pc := &b.pos.Pieces[id]
	for t, typ := range b.prog.types {
		if len(typ.Gates) == 0 || !b.prog.toHand && b.pos.InHand(pc.Side, t) == 0 {
			continue
		}
		for _, l := range typ.Gates {
			n := l.gateNormal()
			with := b.gateHolds(g, n, id, pc.Square, pc.Side)
			pc.Unmoved = false // read only by the test; restored at once
			without := b.gateHolds(g, n, id, pc.Square, pc.Side)
			pc.Unmoved = true
			if with != without {
				return true
			}
		}
	}
	return false
}
