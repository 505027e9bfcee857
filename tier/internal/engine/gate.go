package engine

import (
	"fmt"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: gating (spec.Type.Gate; docs/language.md § Gating). A piece in
// its side's hand may enter at a gate: when a move of the side leaves a
// square — the square its piece moves from, or a square of the side's
// pieces it lifts and does not set down there again (castling's rook) —
// and the type's gate holds there (Seirawan chess's gate: unmoved pos x
// 0), the move's gated form also sets the piece down there, as moved.
// A gated form is legal exactly when the move is (Fairy-Stockfish judges
// the king's safety with the gate square empty), so the gated forms are
// added to moves already judged (addGates), and perft counts them beside
// the moves it counts by population (gatesAt). A plain move's only gate
// square is its from square; a script's are found once, at compile time
// (scriptLine.gateSq): at most two, those of castling.

// gateOpen is a type in the hand of the side to move and the squares
// where its gate holds now.
type gateOpen struct {
	typ int
	on  set
}

// addGateRules sorts the types' gates into sets and finds each script's
// gate squares. It refuses a gating type that is royal or a ghost, gates
// in a variant with multis (whose paths' squares are known only when
// walked), a promotion from a gate square (a plain move's gated form
// keeps its gated type where the promotion's goes), and a script that
// leaves more than two gate squares.
func (r *Rules) addGateRules(v *spec.Variant) error {
	r.gateUnmoved, r.gateMoved = make([][2]set, r.ntypes), make([][2]set, r.ntypes)
	for t, ty := range v.Types {
		if ty.Gate[0] == nil && ty.Gate[1] == nil {
			continue
		}
		if ty.Ghost || ty.Royal {
			return fmt.Errorf("tier: %s, a ghost or royal type, gates", ty.Name)
		}
		r.gateTypes = append(r.gateTypes, t)
		for s := range 2 {
			if ty.Gate[s] == nil {
				continue
			}
			if len(ty.Gate[s]) != r.n {
				return fmt.Errorf("tier: gates of %s on %d squares, not %d", ty.Name, len(ty.Gate[s]), r.n)
			}
			for sq, when := range ty.Gate[s] {
				if when&spec.GateUnmoved != 0 {
					r.gateUnmoved[t][s].add(sq)
				}
				if when&spec.GateMoved != 0 {
					r.gateMoved[t][s].add(sq)
				}
				if when != 0 {
					r.gateSquares[s].add(sq)
				}
			}
		}
	}
	if len(r.gateTypes) == 0 {
		return nil
	}
	if len(r.multis) > 0 {
		return fmt.Errorf("tier: gates in a variant with multis")
	}
	for t := range r.ntypes {
		for s := range 2 {
			for sq := range r.gateSquares[s].squares {
				if r.promoFrom[r.table(t, board.Side(s), sq)] {
					return fmt.Errorf("tier: %s may promote from %s, a gate square", v.Types[t].Name, v.SquareNames[sq])
				}
			}
		}
	}
	for id := range r.scripts {
		l := &r.scripts[id]
		for s := range 2 {
			if l.at[s] == nil {
				continue
			}
			l.gateSq[s] = make([][2]int16, r.n)
			for from, sc := range l.at[s] {
				l.gateSq[s][from] = [2]int16{-1, -1}
				if sc == nil {
					continue
				}
				k := 0
				for _, sq := range leftSquares(sc, from) {
					if !r.gateSquares[s].has(sq) {
						continue
					}
					r.gateScripts[s].add(from)
					if k == 2 {
						return fmt.Errorf("tier: a move of %s from %s leaves more than two gate squares", v.Types[l.typ].Name, v.SquareNames[from])
					}
					l.gateSq[s][from][k] = int16(sq)
					k++
				}
			}
		}
	}
	return nil
}

// leftSquares returns the squares a script played from from may leave,
// as movegen's Board.leftSquares finds them: the squares it lifts pieces
// from (a pick leaves its square when it lifts a piece of the mover's
// side, which generation tests), and from when its last mov takes the
// piece elsewhere, less the squares it fills again (a put, a spawn, that
// last mov's target), each once. Marked actions (in … do) leave nothing.
func leftSquares(sc *spec.Script, from int) []int {
	at, moved := from, false
	var left, filled []int
	for _, a := range sc.Acts {
		if a.Marked {
			continue
		}
		switch a.Kind {
		case spec.Mov:
			at, moved = int(a.Sq), true
		case spec.Pick:
			left = append(left, int(a.Sq))
		case spec.Put, spec.Spawn:
			filled = append(filled, int(a.Sq))
		}
	}
	if moved && at != from {
		left = append(left, from)
		filled = append(filled, at)
	}
	var out []int
	for _, sq := range left {
		if !contains(filled, sq) && !contains(out, sq) {
			out = append(out, sq)
		}
	}
	return out
}

// openGates lists in p.gating the gate types in us's hand with the
// squares where their gates hold now — under a piece of us that has not
// moved or has, as each wants — and returns those squares together:
// none when no gated move is possible.
func (p *Position) openGates(us board.Side) set {
	p.gating = p.gating[:0]
	var all set
	r := p.r
	for _, t := range r.gateTypes {
		if p.hand[us][t] == 0 {
			continue
		}
		on := r.gateUnmoved[t][us].and(p.unmoved).or(r.gateMoved[t][us].minus(p.unmoved)).and(p.side[us])
		if on.some() {
			p.gating = append(p.gating, gateOpen{t, on})
			all = all.or(on)
		}
	}
	return all
}

// gatesAt counts the types of p.gating whose gates hold on sq.
func (p *Position) gatesAt(sq int) int {
	n := 0
	for i := range p.gating {
		if p.gating[i].on.has(sq) {
			n++
		}
	}
	return n
}

// gateSquares returns the squares m, a move of us that gates nothing,
// leaves where a gate may hold (-1 for none): a plain move's from square,
// a script's gate squares that hold a piece of us now. A drop leaves
// none.
func (p *Position) gateSquares(m spec.Move, us board.Side) [2]int {
	none := [2]int{-1, -1}
	if line := m.Line(); line >= 0 {
		g := p.r.scripts[line].gateSq[us]
		if g == nil {
			return none
		}
		out := none
		for k, sq := range g[m.From()] {
			if sq >= 0 && p.side[us].has(int(sq)) {
				out[k] = int(sq)
			}
		}
		return out
	}
	if m.Drop() >= 0 || m.Chain() >= 0 || m.From() == m.To() {
		return none
	}
	return [2]int{int(m.From()), -1}
}

// gateSquare returns the square gated move m of us sets its piece on.
func (p *Position) gateSquare(m spec.Move, us board.Side) int {
	if line := m.Line(); line >= 0 {
		k := 0
		if m.GateSecond() {
			k = 1
		}
		return int(p.r.scripts[line].gateSq[us][m.From()][k])
	}
	return int(m.From())
}

// addGates appends to list the gated forms of its moves from start on,
// moves of the side to move judged already: per square each leaves, one
// per type whose gate holds there.
func (p *Position) addGates(list *spec.MoveList, start int) {
	us := p.toMove
	open := p.openGates(us)
	if open.none() {
		return
	}
	end := len(list.Moves)
	for i := start; i < end; i++ {
		m := list.Moves[i]
		for k, sq := range p.gateSquares(m, us) {
			if sq < 0 || !open.has(sq) {
				continue
			}
			for _, g := range p.gating {
				if g.on.has(sq) {
					list.Moves = append(list.Moves, spec.GatedMove(m, g.typ, k == 1))
				}
			}
		}
	}
}

// gatedForms counts the gated forms of m, a legal move of us that gates
// nothing, open being what openGates returned.
func (p *Position) gatedForms(m spec.Move, us board.Side, open set) int {
	if from := int(m.From()); !open.has(from) && !p.r.gateScripts[us].has(from) {
		return 0 // (most moves perft lists: a pawn's)
	}
	n := 0
	for _, sq := range p.gateSquares(m, us) {
		if sq >= 0 && open.has(sq) {
			n += p.gatesAt(sq)
		}
	}
	return n
}

// playGate sets down the piece gated move m of us brings from the hand,
// on the square the move left, as moved.
func (p *Position) playGate(m spec.Move, us board.Side) {
	t := m.Gate()
	sq := p.gateSquare(m, us)
	p.clear(sq)
	p.setPiece(sq, code(t, us))
	p.addHand(us, t, -1)
	if p.record {
		p.played = append(p.played, spec.Act{Kind: spec.Spawn, Sq: board.Square(sq), Type: t})
	}
}
