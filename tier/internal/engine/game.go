package engine

import (
	"slices"
	"strings"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: the search's view — what package ai's Game asks of a position
// beyond generation and make: status, the facts that order moves and
// evaluate, names.

// AppendActions appends the actions m runs, in order, as the language
// writes them: a plain move is "capt T" (when it captures), "mov T" and
// "promote X" (when it promotes); a drop is "spawn X" on its square (the
// piece enters moved, from the hand); a script move is its script's
// actions; a gated move is its move's, then "spawn X" of the gated type on
// the square the move left.
func (p *Position) AppendActions(dst []spec.Act, m spec.Move) []spec.Act {
	if m.IsPass() {
		return append(dst, spec.Act{Kind: spec.Pass, Sq: m.From()})
	}
	if base, wall := p.splitWall(m); wall >= 0 {
		return p.wallActs(p.AppendActions(dst, base), wall)
	}
	if acts, ok := p.scriptActs(m); ok {
		dst = append(dst, acts...)
	} else {
		dst = p.appendTouches(p.appendPlainActs(dst, m), m)
	}
	dst = p.appendLanding(dst, m) // (flip.go)
	if t := m.Gate(); t >= 0 {
		// the gate's piece enters as a drop's does, after the move
		dst = append(dst, spec.Act{Kind: spec.Spawn, Sq: board.Square(p.gateSquare(m, p.toMove)), Type: t})
	}
	return dst
}

// scriptActs returns the actions of a script's or a multi path's move
// (for a path, in a buffer the next call reuses), or false for a plain
// move.
func (p *Position) scriptActs(m spec.Move) ([]spec.Act, bool) {
	if line := m.Line(); line >= 0 {
		return p.r.scripts[line].at[p.toMove][m.From()].Acts, true
	}
	if id := m.Chain(); id >= 0 {
		return p.chainActs(p.chainBuf[:0], int32(id)), true
	}
	return nil, false
}

// appendPlainActs appends the actions of a plain move or a drop (one
// that shows the promoted face spawns and promotes).
func (p *Position) appendPlainActs(dst []spec.Act, m spec.Move) []spec.Act {
	to := m.To()
	if t := m.Drop(); t >= 0 {
		dst = append(dst, spec.Act{Kind: spec.Spawn, Sq: to, Type: t})
		if m.DropPromoted() {
			dst = append(dst, spec.Act{Kind: spec.Promote, Sq: to, Type: p.r.dropFace[t]})
		}
		return dst
	}
	if m.Captures() {
		dst = append(dst, spec.Act{Kind: spec.Capt, Sq: to})
	}
	dst = append(dst, spec.Act{Kind: spec.Mov, Sq: to})
	if promo := m.Promotion(); promo >= 0 {
		dst = append(dst, spec.Act{Kind: spec.Promote, Sq: to, Type: promo})
	}
	return dst
}

// SetRecord sets whether Make keeps the actions each move runs, for
// AppendPlayed.
func (p *Position) SetRecord(on bool) { p.record = on }

// AppendPlayed appends to dst the actions the last move Make played ran,
// while recording (SetRecord): its actions, but the marked ones whose
// filters did not hold.
func (p *Position) AppendPlayed(dst []spec.Act) []spec.Act { return append(dst, p.played...) }

// Actions returns the actions m runs (AppendActions).
func (p *Position) Actions(m spec.Move) []spec.Act { return p.AppendActions(nil, m) }

// Mark returns the current point, for Unmake.
func (p *Position) Mark() spec.Mark { return spec.Mark{Depth: int32(len(p.frames))} }

// Checks returns the checks each side has given (check counting).
func (p *Position) Checks() [2]int32 { return p.checks }

// Moves counts side's pseudo-legal moves, whoever is to move.
func (p *Position) Moves(side board.Side) int {
	saved := p.toMove
	p.toMove = side
	list := spec.MoveList{Moves: p.scratch[:0]}
	p.pseudo(&list) // gated forms left out, as the interpreter's mobility leaves them
	p.scratch = list.Moves
	p.toMove = saved
	return len(list.Moves)
}

// LegalCaptures fills list with the legal moves that capture, in Legal's
// order, and reports whether there is any legal move — what a quiescence
// search asks, without judging every quiet move: they are judged only
// until one is legal. (Forced captures change neither answer.)
func (p *Position) LegalCaptures(list *spec.MoveList) bool {
	if p.r.spec.MustDrop && p.hasHand(p.toMove) || p.r.wallType >= 0 {
		// a legal drop makes every capture illegal: judge them all (and
		// list a capture's wall turns)
		p.Legal(list)
		any := len(list.Moves) > 0
		list.Moves = slices.DeleteFunc(list.Moves, func(m spec.Move) bool { return !p.Captures(m) })
		return any
	}
	p.pseudo(list)
	var j *judge
	if p.r.anyRoyal {
		j = p.judge()
	}
	any := false
	keep := list.Moves[:0]
	for _, m := range list.Moves {
		switch {
		case p.Captures(m):
			if j == nil || j.legal(p, m) {
				keep = append(keep, m)
				any = true
			}
		case !any:
			any = j == nil || j.legal(p, m)
		}
	}
	list.Moves = keep
	if len(p.r.gateTypes) > 0 {
		p.addGates(list, 0) // a capture's gated forms capture too
	}
	if !any && p.r.spec.Pass != nil {
		any = p.canPass() // the pass is no capture, but a legal move (pass.go)
	}
	return any
}

// Status returns the result a move set, or the end that having no legal
// move brings (the variant's nomoves rules), or board.Ongoing.
func (p *Position) Status() board.Result {
	if p.result != board.Ongoing {
		return p.result
	}
	list := spec.MoveList{Moves: p.scratch[:0]}
	p.Legal(&list)
	p.scratch = list.Moves
	if len(list.Moves) > 0 {
		return board.Ongoing
	}
	r := p.r.spec.Stalemate
	if p.InCheck() {
		r = p.r.spec.Checkmate
	}
	switch r {
	case board.FirstWins:
		return board.WinFor(p.toMove)
	case board.SecondWins:
		return board.WinFor(p.toMove.Other())
	}
	return r
}

// Mover returns the type of the piece m moves (a drop's, the type it
// drops).
func (p *Position) Mover(m spec.Move) int {
	m, _ = p.splitWall(m)
	if t := m.Drop(); t >= 0 {
		return t
	}
	t, _ := decode(p.board[m.From()])
	return t
}

// Victim returns the largest values[t] over the types t of the opponent
// pieces m captures directly (ghosts left out), 0 when none.
func (p *Position) Victim(m spec.Move, values []int) int {
	m, _ = p.splitWall(m)
	them := p.toMove.Other()
	value := func(sq board.Square) int {
		if c := p.board[sq]; c != 0 {
			if t, s := decode(c); s == them {
				return values[t]
			}
		}
		return 0
	}
	if acts, ok := p.scriptActs(m); ok {
		v := 0
		for _, a := range acts {
			if a.Kind == spec.Capt {
				v = max(v, value(a.Sq))
			}
		}
		return v
	}
	if m.Captures() {
		return value(m.To())
	}
	return 0
}

// MoveString returns m in UCI form — from, to and the lower-case letter of
// a promotion — or P@e4 for a drop, or, for a move that does not take its
// piece elsewhere, the from square and each action with its square
// (c3/capt:b4). Castling in a variant with castle items is the royal
// piece taking its partner (e1h1, spec.Variant.CastleTakesRook); a gated
// move is its move's name and the gated type's letter (b1c3h), or, gated
// on a square other than its from square (castling's rook), that square,
// the from square and the letter (h1e1h), as movegen's Notation writes
// them.
func (p *Position) MoveString(m spec.Move) string {
	names := p.r.spec.SquareNames
	if s, ok := p.wallTurnString(m); ok {
		return s
	}
	if t := m.Drop(); t >= 0 {
		s := string(p.r.spec.Types[t].Letter) + "@" + names[m.To()]
		if m.DropPromoted() {
			s = "+" + s // its promoted face, as Fairy-Stockfish writes it
		}
		return s
	}
	from, to := m.From(), m.To()
	if m.IsPass() {
		return names[from] + names[from] // the passer's square twice, as Fairy-Stockfish writes a pass
	}
	if t := m.Gate(); t >= 0 {
		if base := p.MoveString(m.Base()); !strings.Contains(base, "/") {
			letter := strings.ToLower(string(p.r.spec.Types[t].Letter))
			if sq := p.gateSquare(m, p.toMove); sq != int(from) {
				return names[sq] + names[from] + letter
			}
			return base + letter
		}
	}
	if acts, ok := p.scriptActs(m); ok {
		to = lastMov(&spec.Script{Acts: acts}, int(from))
		if rook := p.castlePartner(int(from), acts); rook >= 0 && p.r.spec.CastleTakesRook {
			to = board.Square(rook)
		}
		if t, ok := promotesInPlace(acts, from); ok {
			// a piece that only changes where it stands, from and to its
			// square (sittuyin's g7g7f, as Fairy-Stockfish writes it)
			return names[from] + names[from] + p.promotionSuffix(int(from), t)
		}
	}
	if from != to {
		s := names[from] + names[to]
		for _, a := range p.Actions(m) {
			if a.Kind == spec.Promote && a.Sq == to {
				s += p.promotionSuffix(int(from), a.Type)
			}
		}
		return s
	}
	var sb strings.Builder
	sb.WriteString(names[from])
	for _, a := range p.Actions(m) {
		sb.WriteString("/" + a.Kind.String() + ":" + names[a.Sq])
	}
	return sb.String()
}

// castlePartner returns, for a script of the castling piece on from
// (spec.Type.Castles) that lifts a piece and sets one down (castling),
// the square of the first piece it lifts when that is a piece of its
// side, else -1 — as movegen's Board.castling finds the rook.
func (p *Position) castlePartner(from int, acts []spec.Act) int {
	if t, _, ok := p.At(board.Square(from)); !ok || !p.r.spec.Types[t].Castles {
		return -1
	}
	picked, puts := -1, false
	for _, a := range acts {
		switch {
		case a.Kind == spec.Pick && picked < 0:
			picked = int(a.Sq)
		case a.Kind == spec.Put:
			puts = true
		}
	}
	if !puts || picked < 0 || !p.side[p.toMove].has(picked) {
		return -1
	}
	return picked
}

// promotesInPlace reports whether acts only promote the piece on from
// (a NoCheck or Pass aside), and the type they end it as.
func promotesInPlace(acts []spec.Act, from board.Square) (int, bool) {
	t := -1
	for _, a := range acts {
		switch {
		case a.Kind == spec.NoCheck || a.Kind == spec.Pass:
		case a.Kind == spec.Promote && a.Sq == from:
			t = a.Type
		default:
			return -1, false
		}
	}
	return t, t >= 0
}

// promotionSuffix names a promotion of the piece on from to type to in
// UCI, as movegen's Notation does: + for a type written + and a letter
// (shogi's), - for a turn back to the face it promoted from (kyotoshogi),
// else the promoted type's letter in lower case.
func (p *Position) promotionSuffix(from, to int) string {
	types := p.r.spec.Types
	t, _ := decode(p.board[from])
	switch {
	case types[to].Plus:
		return "+"
	case p.board[from] != 0 && types[t].Plus && types[t].Letter == types[to].Letter:
		return "-"
	}
	return strings.ToLower(string(types[to].Letter))
}

// Material returns the sum of values[t] over the side to move's pieces, t
// their types, less the same over the opponent's.
func (p *Position) Material(values []int) int {
	us, them := p.side[p.toMove], p.side[p.toMove.Other()]
	v := 0
	for t, b := range p.types {
		v += values[t] * (b.and(us).count() - b.and(them).count())
	}
	return v
}

// Mobility is a cheap stand-in for the number of side's moves: the
// squares each of its pieces reaches with its plain moves, rides and
// hops, scripts and promotion choices left out.
func (p *Position) Mobility(side board.Side) int {
	r := p.r
	occ := p.occupied()
	enemy := p.side[side.Other()]
	n := 0
	for t := range r.ntypes {
		for sq := range p.types[t].and(p.side[side]).squares {
			i := r.table(t, side, sq)
			quiet, capt := p.rides(&r.shapes[t*2+int(side)], side, sq, occ, enemy)
			n += r.quiet[i].minus(occ).or(r.capt[i].and(enemy)).or(quiet).or(capt).count()
		}
	}
	return n
}

// Halfmove returns the plies since the last capture or move of a type
// that resets the clock (the move rule's count).
func (p *Position) Halfmove() int { return int(p.halfmove) }
