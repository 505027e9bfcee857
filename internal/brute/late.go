package brute

import (
	"fmt"
	"sort"
	"strings"
)

// Chameleon chess (examples/variants/chameleon.alf) and mimic chess
// (examples/variants/mimic.alf), written literally from
// docs/language.md § Late pieces (copy:): a 6x6 mailbox, every move of
// every piece generated, each played on a copy, legality by generating
// every move of the opponent afterwards.
//
// The pieces' own moves:
//
//	K  one step in the eight directions, to an empty square or a capture
//	R  rides orthogonally: empty squares, then a capture of the first enemy
//	B  rides diagonally the same way
//	N  the eight knight jumps, to an empty square or a capture
//	C  (chameleon) one orthogonal step, to an empty square or a capture
//	S  (squire) one diagonal step, to an empty square only
//	M  (mimic) one orthogonal step, to an empty square only
//	P  one step forward to an empty square, one diagonal step forward to
//	   capture; on its side's last rank it promotes to R, B or N
//
// The late pieces, besides their own moves:
//
//	C  copies threateners: every enemy piece whose own moves capture on
//	   the chameleon's square lends its type's own moves;
//	S  copies friends: every piece of its side on the eight squares around
//	   it lends its type's own moves;
//	M  copies the last enemy: the piece that made the previous ply, as it
//	   stands now, lends its type's own moves when it is an enemy.
//
// A lent move is made from the late piece's square by the late piece, as
// its side: forward is its side's forward, and a lent pawn promotion
// promotes the late piece. Lent types are types: a type lends its moves
// once, and the late piece's own type never lends. Only own moves are ever
// lent or looked at to find threateners (the depth-1 rule).
//
// Legality: the king may not be capturable after the move by any move of
// the opponent — its lent moves included. A move that captures the enemy
// king is legal, and a side without a king has no moves (the game is over).

// lateGrid is chameleon chess's 6x6 board.
var lateGrid = Grid{W: 6, H: 6}

// LatePos is a chameleon chess position: FEN letters per square (upper
// case the first side's, 0 empty) and whether the first side is to move.
type LatePos struct {
	Cells []byte
	First bool
	// Mimic: the position is mimic chess's, whose FEN ends with the state
	// field {last:SQUARE} (or {last:-}); Last is that square, -1 for none
	Mimic bool
	Last  int
}

// lateMove is one move: from, to and the letter a promotion makes (0 for
// none, upper case).
type lateMove struct {
	from, to int
	promo    byte
}

func (m lateMove) name() string {
	s := lateGrid.Name(m.from) + lateGrid.Name(m.to)
	if m.promo != 0 {
		s += strings.ToLower(string(m.promo))
	}
	return s
}

// LateFromFEN reads the placement and side fields of a chameleon chess FEN.
func LateFromFEN(fen string) (LatePos, error) {
	fields := strings.Fields(fen)
	if len(fields) < 2 {
		return LatePos{}, fmt.Errorf("brute: FEN %q has no side to move", fen)
	}
	cells, err := lateGrid.Placement(fields[0])
	if err != nil {
		return LatePos{}, err
	}
	return LatePos{Cells: cells, First: fields[1] == "w", Last: -1}, nil
}

// LateMimicFromFEN reads a mimic chess FEN: placement, side, and the
// state field {last:SQUARE} or {last:-} as its last field.
func LateMimicFromFEN(fen string) (LatePos, error) {
	p, err := LateFromFEN(fen)
	if err != nil {
		return p, err
	}
	p.Mimic = true
	fields := strings.Fields(fen)
	state := fields[len(fields)-1]
	last, ok := strings.CutPrefix(state, "{last:")
	if !ok || !strings.HasSuffix(last, "}") {
		return p, fmt.Errorf("brute: mimic FEN %q does not end with {last:…}", fen)
	}
	if last = strings.TrimSuffix(last, "}"); last != "-" {
		sq, ok := lateGrid.Square(last)
		if !ok || p.Cells[sq] == 0 {
			return p, fmt.Errorf("brute: mimic FEN %q: no piece on the last mover's square", fen)
		}
		p.Last = sq
	}
	return p, nil
}

// LateFEN writes p as a FEN with no castling, no en passant and clocks 0 1.
func LateFEN(p LatePos) string {
	var b strings.Builder
	for r := lateGrid.H - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < lateGrid.W; f++ {
			c := p.Cells[f+r*lateGrid.W]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	side := "b"
	if p.First {
		side = "w"
	}
	fen := b.String() + " " + side + " - - 0 1"
	if p.Mimic {
		last := "-"
		if p.Last >= 0 {
			last = lateGrid.Name(p.Last)
		}
		fen += " {last:" + last + "}"
	}
	return fen
}

// lateFirst reports whether the letter is the first side's.
func lateFirst(c byte) bool { return c >= 'A' && c <= 'Z' }

// lateType is the letter as the first side writes it.
func lateType(c byte) byte { return strings.ToUpper(string(c))[0] }

// lateLetter is type t's letter for the first side or the second.
func lateLetter(t byte, first bool) byte {
	if first {
		return t
	}
	return strings.ToLower(string(t))[0]
}

// lateOwn appends the own moves of a piece of type t for side first,
// standing on sq (whatever stands there), to out.
func lateOwn(p LatePos, sq int, t byte, first bool, out []lateMove) []lateMove {
	enemy := func(to int) bool { return p.Cells[to] != 0 && lateFirst(p.Cells[to]) != first }
	empty := func(to int) bool { return p.Cells[to] == 0 }
	step := func(dirs [][2]int, captures bool) {
		for _, d := range dirs {
			if to, ok := lateGrid.Step(sq, d[0], d[1]); ok && (empty(to) || captures && enemy(to)) {
				out = append(out, lateMove{from: sq, to: to})
			}
		}
	}
	ride := func(dirs [][2]int) {
		for _, d := range dirs {
			for at := sq; ; {
				to, ok := lateGrid.Step(at, d[0], d[1])
				if !ok {
					break
				}
				if empty(to) {
					out = append(out, lateMove{from: sq, to: to})
					at = to
					continue
				}
				if enemy(to) {
					out = append(out, lateMove{from: sq, to: to})
				}
				break
			}
		}
	}
	orth := [][2]int{{0, 1}, {-1, 0}, {0, -1}, {1, 0}}
	diag := [][2]int{{-1, 1}, {1, 1}, {-1, -1}, {1, -1}}
	switch t {
	case 'K':
		step(append(append([][2]int{}, orth...), diag...), true)
	case 'R':
		ride(orth)
	case 'B':
		ride(diag)
	case 'N':
		step([][2]int{{-1, 2}, {1, 2}, {-2, 1}, {-2, -1}, {-1, -2}, {1, -2}, {2, 1}, {2, -1}}, true)
	case 'C':
		step(orth, true)
	case 'S':
		step(diag, false)
	case 'M':
		step(orth, false)
	case 'P':
		fwd, last := 1, lateGrid.H-1
		if !first {
			fwd, last = -1, 0
		}
		add := func(to int) {
			if to/lateGrid.W != last {
				out = append(out, lateMove{from: sq, to: to})
				return
			}
			for _, promo := range []byte{'R', 'B', 'N'} {
				out = append(out, lateMove{from: sq, to: to, promo: promo})
			}
		}
		if to, ok := lateGrid.Step(sq, 0, fwd); ok && empty(to) {
			add(to)
		}
		for _, df := range []int{-1, 1} {
			if to, ok := lateGrid.Step(sq, df, fwd); ok && enemy(to) {
				add(to)
			}
		}
	}
	return out
}

// lateTypes are the types of both variants, in an order of their own (the
// sources are a set: the order changes no move).
const lateTypes = "KRBNCSMP"

// lateSources returns the types the late piece on sq lends moves from now.
func lateSources(p LatePos, sq int) []byte {
	c := p.Cells[sq]
	t, first := lateType(c), lateFirst(c)
	lends := map[byte]bool{}
	switch t {
	case 'C': // threateners: enemy pieces whose own moves capture on sq
		for at, e := range p.Cells {
			if e == 0 || lateFirst(e) == first || lateType(e) == t {
				continue
			}
			for _, m := range lateOwn(p, at, lateType(e), !first, nil) {
				if m.to == sq {
					lends[lateType(e)] = true
				}
			}
		}
	case 'S': // friends: pieces of its side on the eight squares around
		for _, d := range [][2]int{{0, 1}, {-1, 0}, {0, -1}, {1, 0}, {-1, 1}, {1, 1}, {-1, -1}, {1, -1}} {
			if to, ok := lateGrid.Step(sq, d[0], d[1]); ok && p.Cells[to] != 0 && lateFirst(p.Cells[to]) == first && lateType(p.Cells[to]) != t {
				lends[lateType(p.Cells[to])] = true
			}
		}
	case 'M': // the last mover, as it stands now, when it is an enemy
		if p.Mimic && p.Last >= 0 {
			if e := p.Cells[p.Last]; e != 0 && lateFirst(e) != first && lateType(e) != t {
				lends[lateType(e)] = true
			}
		}
	}
	var out []byte
	for i := range len(lateTypes) {
		if lends[lateTypes[i]] {
			out = append(out, lateTypes[i])
		}
	}
	return out
}

// latePseudo returns every move of side first's pieces: own moves and
// lent ones, each (from, to, promotion) once.
func latePseudo(p LatePos, first bool) []lateMove {
	var out []lateMove
	seen := map[lateMove]bool{}
	for sq, c := range p.Cells {
		if c == 0 || lateFirst(c) != first {
			continue
		}
		moves := lateOwn(p, sq, lateType(c), first, nil)
		for _, t := range lateSources(p, sq) {
			moves = lateOwn(p, sq, t, first, moves)
		}
		for _, m := range moves {
			if !seen[m] {
				seen[m] = true
				out = append(out, m)
			}
		}
	}
	return out
}

// latePlay returns the position after m: the mover lands on m.to (as the
// promotion's type when it promotes), what stood there is captured.
func latePlay(p LatePos, m lateMove) LatePos {
	cells := append([]byte(nil), p.Cells...)
	c := cells[m.from]
	if m.promo != 0 {
		c = lateLetter(m.promo, lateFirst(c))
	}
	cells[m.from], cells[m.to] = 0, c
	return LatePos{Cells: cells, First: !p.First, Mimic: p.Mimic, Last: m.to}
}

// lateKing returns the square of side first's king, or -1.
func lateKing(p LatePos, first bool) int {
	for sq, c := range p.Cells {
		if c == lateLetter('K', first) {
			return sq
		}
	}
	return -1
}

// lateLegal returns the legal moves of the side to move.
func lateLegal(p LatePos) []lateMove {
	if lateKing(p, p.First) < 0 || lateKing(p, !p.First) < 0 {
		return nil // a king was taken: the game is over
	}
	var out []lateMove
	for _, m := range latePseudo(p, p.First) {
		after := latePlay(p, m)
		if lateKing(after, !p.First) < 0 {
			out = append(out, m) // taking the king ends the game
			continue
		}
		king := lateKing(after, p.First)
		safe := true
		for _, r := range latePseudo(after, !p.First) {
			if r.to == king {
				safe = false
				break
			}
		}
		if safe {
			out = append(out, m)
		}
	}
	return out
}

// LateMoves returns the names of the legal moves, sorted: from and to
// squares, and the promotion's letter in lower case.
func LateMoves(p LatePos) []string {
	var names []string
	for _, m := range lateLegal(p) {
		names = append(names, m.name())
	}
	sort.Strings(names)
	return names
}

// LatePlay returns the position after the legal move named name; it
// panics on a name that is no legal move (a test's mistake).
func LatePlay(p LatePos, name string) LatePos {
	for _, m := range lateLegal(p) {
		if m.name() == name {
			return latePlay(p, m)
		}
	}
	panic("brute: no legal move " + name + " in " + LateFEN(p))
}
