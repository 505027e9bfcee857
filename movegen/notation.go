package movegen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
)

// Notation returns the text of each move of moves, which must be the legal
// moves of the board's position. A move that takes its piece from one
// square to another is written in UCI form: from, to, and the lower-case
// letter of the promoted type (e2e4, e7e8q, e1g1 for castling; a piece
// that only promotes where it stands from and to its square, g7g7f; in a
// variant with castle items, castling as the king taking its own rook,
// e1h1, Chess960's form; an atomic capture to the square it takes, the
// capturer gone). Other moves,
// and moves whose UCI form another move of the list shares, are written in
// full: the from square, then each action with its square, separated by /
// (c3/capt:b4/capt:c4/…), a run of movs written as its last one: the
// squares a piece only passes over change nothing (they are not part of
// the move's identity either, see Key), and the bitboard tier plays a
// ride as one mov.
func (b *Board) Notation(moves []Move) []string {
	out := make([]string, len(moves))
	count := map[string]int{}
	for i, m := range moves {
		out[i] = b.uci(m)
		count[out[i]]++
	}
	if b.prog.proxies {
		b.markHeld(moves, out, count)
	}
	for i, m := range moves {
		if out[i] == "" || count[out[i]] > 1 {
			out[i] = b.long(m)
		}
	}
	return out
}

// MoveString returns the notation of m among the legal moves.
func (b *Board) MoveString(m Move) string {
	var list MoveList
	b.Legal(&list)
	names := b.Notation(list.Moves)
	for i, lm := range list.Moves {
		if lm.sig == m.sig && lm.Piece == m.Piece {
			return names[i]
		}
	}
	return b.long(m)
}

// ParseMove finds the legal move written s (in the form Notation gives).
func (b *Board) ParseMove(s string) (Move, error) {
	var list MoveList
	b.Legal(&list)
	for i, name := range b.Notation(list.Moves) {
		if name == s {
			return list.Moves[i].Clone(), nil
		}
	}
	return Move{}, fmt.Errorf("no legal move %q in %s", s, b.FEN())
}

// uci returns the UCI form of m, or "" when the piece does not go from one
// square to another. A piece that leaves the board in its own move (a
// capturer in atomic chess) is written to where its last mov took it, as
// Fairy-Stockfish writes it.
func (b *Board) uci(m Move) string {
	pos := b.pos
	if b.IsPass(m) {
		// the passer's square twice, as Fairy-Stockfish writes a pass
		return pos.SquareName(m.From) + pos.SquareName(m.From)
	}
	if b.IsDrop(m) {
		return b.dropName(m)
	}
	if typ, sq, ok := b.gated(m); ok {
		return b.gatedUCI(m, typ, sq)
	}
	pc := pos.Pieces[m.Piece]
	mk := b.Make(m)
	after := pos.Pieces[m.Piece]
	b.Unmake(mk)
	to := after.Square
	if !after.OnBoard {
		to = b.To(m)
	}
	if rook := b.castling(m); rook != board.NoSquare {
		to = rook // Chess960's king takes its own rook
	}
	if to == m.From && (!after.OnBoard || after.Type == pc.Type || !b.onlyPromotes(m)) {
		return ""
	}
	// a piece that only changes where it stands is written from and to
	// its square (sittuyin's g7g7f, as Fairy-Stockfish writes it)
	s := pos.SquareName(m.From) + pos.SquareName(to)
	if after.Type != pc.Type {
		switch t := b.prog.types[after.Type]; {
		case t.Plus:
			s += "+" // shogi's promotion, as Fairy-Stockfish writes it
		case b.prog.types[pc.Type].Plus && t.Letter == b.prog.types[pc.Type].Letter:
			s += "-" // back to the face it promoted from (kyotoshogi)
		default:
			s += strings.ToLower(string(t.Letter))
		}
	}
	if wall, ok := b.WallSquare(m); ok {
		// the wall after a comma, from where the piece landed, as
		// Fairy-Stockfish writes it: e2e4,e4d5
		s += "," + pos.SquareName(to) + pos.SquareName(wall)
	}
	return s
}

// onlyPromotes reports whether m does nothing but promote the piece on
// its square (marks and nocheck aside).
func (b *Board) onlyPromotes(m Move) bool {
	n := 0
	for _, a := range b.Actions(m) {
		switch {
		case a.Kind == "mark" || a.Kind == "pass" || a.Kind == "nocheck":
		case a.Kind == "promote" && a.Square == m.From:
			n++
		default:
			return false
		}
	}
	return n > 0
}

// castling returns, in a variant with castle items, the square of the
// ally a move of the castling piece (board.Variant.Castlers: the king,
// royal or not) lifts and puts down again (its rook), which UCI
// writes as the king's destination, as engines do in Chess960 mode: the
// king's own may be its start. It returns board.NoSquare for other moves
// and variants.
func (b *Board) castling(m Move) board.Square {
	pos := b.pos
	pc := &pos.Pieces[m.Piece]
	if b.prog.variant.CastlePartners == nil || !b.prog.variant.Castlers[pc.Type] {
		return board.NoSquare
	}
	_, _, rook := b.landing(m)
	if rook == board.NoSquare {
		return rook
	}
	if r := pos.PieceAt(rook); r == nil || r.Side != pc.Side {
		return board.NoSquare
	}
	return rook
}

// long writes every action of m with its square.
func (b *Board) long(m Move) string {
	var sb strings.Builder
	sb.WriteString(b.pos.SquareName(m.From))
	if b.prog.proxies {
		sb.WriteString(b.heldMarks(m))
	}
	acts := slices.DeleteFunc(b.Actions(m), func(a Action) bool { return a.Kind == "mark" })
	for i, a := range acts {
		if a.Kind == "mov" && i+1 < len(acts) && acts[i+1].Kind == "mov" {
			continue // the mover passes on
		}
		fmt.Fprintf(&sb, "/%s:%s", a.Kind, b.pos.SquareName(a.Square))
		if a.Piece != "" {
			sb.WriteString("=" + a.Piece)
		}
	}
	return sb.String()
}

// To returns the square move m (a move of this position) takes its piece
// to: where its last mov lands — the piece may be gone after the move, as
// a capturer in atomic chess is — or m.From for a move without a mov (a
// capture from where the piece stands). With m.From, Mover and Promotion
// it names a move as a chess program does; they are the board's, not the
// move's, because a move's squares are placed for the side that plays it
// and a move of the bitboard tier may be a script of the variant's tables.
func (b *Board) To(m Move) board.Square {
	to, _, _ := b.landing(m)
	return to
}

// Promotion returns the type move m promotes its piece to — a promote
// action on the square the piece ends on (To) — or -1.
func (b *Board) Promotion(m Move) int {
	_, promo, _ := b.landing(m)
	return promo
}

// landing reads, in one walk over m's actions, where its last mov lands
// (m.From without one), the type it promotes to there (-1: none), and,
// when it puts a piece down, the square of the first piece it lifted
// (castling's rook; board.NoSquare otherwise).
func (b *Board) landing(m Move) (to board.Square, promo int, picked board.Square) {
	to, name := m.From, ""
	first, puts := board.NoSquare, false
	for _, a := range b.Actions(m) {
		switch {
		case a.Kind == "mov" || a.Kind == "join": // a join lands as a mov (docs/language.md § Proxy pieces)
			to = a.Square
		case a.Kind == "promote" && a.Square == to:
			name = a.Piece
		case a.Kind == "reform" && a.Square == to:
			name = b.reformedLeader(m, a.Piece) // (multisquare.go)
		case a.Kind == "pick" && first == board.NoSquare:
			first = a.Square
		case a.Kind == "put":
			puts = true
		}
	}
	promo = -1
	if name != "" {
		promo = b.prog.byName[name]
	}
	if !puts {
		first = board.NoSquare
	}
	return to, promo, first
}

// Action is one action of a move, as Actions lists it.
type Action struct {
	Kind   string       // mov, capt, del, spawn, promote, pick, put, pickcapt, mark, pass, mset, madd, mgrw, win, lose, draw, nocheck, flip, outflank, reform
	Square board.Square // where it acts
	Piece  string       // the type named by spawn and promote; the formation reform names
}

// Actions returns the actions of m in the order Make plays them: the move's
// normals, from the root of its line to its end, each with its squares.
func (b *Board) Actions(m Move) []Action {
	side := b.pos.Pieces[m.Piece].Side
	var out []Action
	if m.code != 0 && b.fast != nil {
		for _, a := range b.fast.Actions(m.code) {
			act := Action{Kind: a.Kind.String(), Square: a.Sq}
			if a.Kind == spec.Spawn || a.Kind == spec.Promote {
				act.Piece = b.prog.types[a.Type].Name
			}
			out = append(out, act)
		}
		return out
	}
	for _, r := range m.refs {
		n := r.n
		placed := n.at(side, int(r.at))
		for i := range n.ops {
			o := &n.ops[i]
			if !o.kind.isAction() || placed[i] < 0 {
				continue
			}
			a := Action{Kind: actionNames[o.kind-opMov], Square: board.Square(placed[i])}
			switch o.kind {
			case opSpawn, opPromote:
				a.Piece = b.prog.types[o.typ].Name
			case opReform:
				a.Piece = b.prog.formations[o.typ].name
			}
			out = append(out, a)
		}
	}
	return out
}

var actionNames = []string{"mov", "capt", "del", "spawn", "promote", "pick", "put", "pickcapt",
	"mark", "pass", "mset", "madd", "mgrw", "win", "lose", "draw", "nocheck", "touch", "flip", "outflank", "reform", "join"}
