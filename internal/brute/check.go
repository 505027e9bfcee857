package brute

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// This file enumerates jaque (examples/variants/jaque.alf) literally from
// docs/language.md § Check as its own attribute, on a 6x6 mailbox:
//
//   - a checkable piece (king K, queen Q) that the opponent could capture
//     is checked; while the side to move has checked pieces, it must move
//     one of them (rule 1);
//   - a move may not leave the piece it moved, checkable after the move,
//     where the opponent could capture it (rule 2), unless that piece was
//     checked and every one of its moves would: then all of them are
//     legal;
//   - nothing else restricts a move: no pins (rule 3); a side with no
//     legal move has none (rule 4);
//   - "could capture" is a move of the opponent's that captures there,
//     whatever it would leave (the opponent's own check rule does not
//     limit its threats);
//   - a move after which a side has neither king nor prince (extinction
//     loss, the real pieces) ends the game: nothing is threatened after
//     it and nobody moves.
//
// Every position is a fresh copy; legality generates everything and asks
// again for the opponent on the position after each move.

// checkGrid is jaque's board.
var checkGrid = Grid{W: 6, H: 6}

// CheckPos is a jaque position: one FEN letter per square (0: empty),
// the side to move ('w' or 'b') and whether the game is over.
type CheckPos struct {
	Cells []byte
	Side  byte
	Over  bool
}

// checkMove is a pseudo-legal move: from, to and the letter (lower case)
// of the promotion, 0 for none.
type checkMove struct {
	from, to int
	promo    byte
}

func (m checkMove) name() string {
	s := checkGrid.Name(m.from) + checkGrid.Name(m.to)
	if m.promo != 0 {
		s += string(m.promo)
	}
	return s
}

// CheckFromFEN reads a jaque FEN's placement and side to move.
func CheckFromFEN(fen string) (CheckPos, error) {
	fields := strings.Fields(fen)
	if len(fields) < 2 || fields[1] != "w" && fields[1] != "b" {
		return CheckPos{}, fmt.Errorf("brute: bad jaque FEN %q", fen)
	}
	cells, err := checkGrid.Placement(fields[0])
	if err != nil {
		return CheckPos{}, err
	}
	return CheckPos{Cells: cells, Side: fields[1][0]}, nil
}

// FEN writes p as a FEN with no castling, no en passant and fresh clocks.
func (p CheckPos) FEN() string {
	var sb strings.Builder
	for r := checkGrid.H - 1; r >= 0; r-- {
		empty := 0
		for f := range checkGrid.W {
			c := p.Cells[f+r*checkGrid.W]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&sb, empty)
				empty = 0
			}
			sb.WriteByte(c)
		}
		if empty > 0 {
			fmt.Fprint(&sb, empty)
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	fmt.Fprintf(&sb, " %c - - 0 1", p.Side)
	return sb.String()
}

// checkOwner is 'w' for an upper-case letter, 'b' for a lower-case one, 0
// for an empty square.
func checkOwner(c byte) byte {
	switch {
	case c == 0:
		return 0
	case c >= 'A' && c <= 'Z':
		return 'w'
	default:
		return 'b'
	}
}

func checkOther(side byte) byte {
	if side == 'w' {
		return 'b'
	}
	return 'w'
}

// checkKind is a piece's letter in lower case.
func checkKind(c byte) byte { return c | 0x20 }

var (
	checkAround   = [][2]int{{0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}, {1, 0}, {1, 1}}
	checkStraight = [][2]int{{0, 1}, {-1, 0}, {0, -1}, {1, 0}}
	checkJumps    = [][2]int{{-1, 2}, {1, 2}, {-2, 1}, {-2, -1}, {-1, -2}, {1, -2}, {2, 1}, {2, -1}}
)

// checkPseudo lists side's moves in p ignoring the check rule: every
// piece's steps, slides, leaps and pawn moves as jaque.alf's lines say.
func checkPseudo(p CheckPos, side byte) []checkMove {
	var out []checkMove
	if p.Over {
		return nil
	}
	target := func(to int) (free, takes bool) {
		o := checkOwner(p.Cells[to])
		return o == 0, o != 0 && o != side
	}
	for from, c := range p.Cells {
		if checkOwner(c) != side {
			continue
		}
		switch checkKind(c) {
		case 'k', 'i':
			for _, d := range checkAround {
				if to, ok := checkGrid.Step(from, d[0], d[1]); ok {
					if free, takes := target(to); free || takes {
						out = append(out, checkMove{from: from, to: to})
					}
				}
			}
		case 'n':
			for _, d := range checkJumps {
				if to, ok := checkGrid.Step(from, d[0], d[1]); ok {
					if free, takes := target(to); free || takes {
						out = append(out, checkMove{from: from, to: to})
					}
				}
			}
		case 'q', 'r':
			dirs := checkAround
			if checkKind(c) == 'r' {
				dirs = checkStraight
			}
			for _, d := range dirs {
				sq := from
				for {
					to, ok := checkGrid.Step(sq, d[0], d[1])
					if !ok {
						break
					}
					free, takes := target(to)
					if free || takes {
						out = append(out, checkMove{from: from, to: to})
					}
					if !free {
						break
					}
					sq = to
				}
			}
		case 'p':
			dr, last := 1, checkGrid.H-1
			if side == 'b' {
				dr, last = -1, 0
			}
			add := func(to int) {
				if to/checkGrid.W != last {
					out = append(out, checkMove{from: from, to: to})
					return
				}
				for _, promo := range []byte{'q', 'r', 'n'} {
					out = append(out, checkMove{from: from, to: to, promo: promo})
				}
			}
			if to, ok := checkGrid.Step(from, 0, dr); ok {
				if free, _ := target(to); free {
					add(to)
				}
			}
			for _, df := range []int{-1, 1} {
				if to, ok := checkGrid.Step(from, df, dr); ok {
					if _, takes := target(to); takes {
						add(to)
					}
				}
			}
		}
	}
	return out
}

// checkPlay returns a copy of p after side to move's move m: the piece
// moves (taking what stands there), a pawn promotes, the turn passes, and
// a side left without king and prince ends the game.
func checkPlay(p CheckPos, m checkMove) CheckPos {
	q := CheckPos{Cells: append([]byte(nil), p.Cells...), Side: checkOther(p.Side)}
	c := q.Cells[m.from]
	q.Cells[m.from] = 0
	if m.promo != 0 {
		c = m.promo
		if p.Side == 'w' {
			c -= 'a' - 'A'
		}
	}
	q.Cells[m.to] = c
	for _, side := range []byte{'w', 'b'} {
		real := false
		for _, c := range q.Cells {
			real = real || checkOwner(c) == side && (checkKind(c) == 'k' || checkKind(c) == 'i')
		}
		q.Over = q.Over || !real
	}
	return q
}

// checkThreatened reports whether a move of by in p captures on sq.
func checkThreatened(p CheckPos, sq int, by byte) bool {
	if checkOwner(p.Cells[sq]) == 0 || checkOwner(p.Cells[sq]) == by {
		return false
	}
	for _, m := range checkPseudo(p, by) {
		if m.to == sq {
			return true
		}
	}
	return false
}

// checkCheckable reports whether c is a checkable piece: a king or a queen.
func checkCheckable(c byte) bool { return checkKind(c) == 'k' || checkKind(c) == 'q' }

// checkLegal lists the legal moves of p's side to move by rules 1-4.
func checkLegal(p CheckPos) []checkMove {
	side, opp := p.Side, checkOther(p.Side)
	checked := map[int]bool{}
	for sq, c := range p.Cells {
		if checkOwner(c) == side && checkCheckable(c) && checkThreatened(p, sq, opp) {
			checked[sq] = true
		}
	}
	pseudo := checkPseudo(p, side)
	into := make([]bool, len(pseudo))
	for i, m := range pseudo {
		after := checkPlay(p, m)
		into[i] = !after.Over && checkCheckable(after.Cells[m.to]) && checkThreatened(after, m.to, opp)
	}
	// a checked piece every one of whose moves is into threat moves anyway
	trapped := map[int]bool{}
	for sq := range checked {
		moves, intoAll := 0, true
		for i, m := range pseudo {
			if m.from == sq {
				moves++
				intoAll = intoAll && into[i]
			}
		}
		trapped[sq] = moves > 0 && intoAll
	}
	var legal []checkMove
	for i, m := range pseudo {
		if len(checked) > 0 && !checked[m.from] {
			continue // rule 1
		}
		if into[i] && !trapped[m.from] {
			continue // rule 2
		}
		legal = append(legal, m)
	}
	return legal
}

// CheckMoves lists the names (UCI) of p's legal moves.
func CheckMoves(p CheckPos) []string {
	var names []string
	for _, m := range checkLegal(p) {
		names = append(names, m.name())
	}
	return names
}

// CheckPlay returns p after the legal move named name; it panics on a name
// that is not one.
func CheckPlay(p CheckPos, name string) CheckPos {
	for _, m := range checkLegal(p) {
		if m.name() == name {
			return checkPlay(p, m)
		}
	}
	panic("brute: no legal jaque move " + name + " in " + p.FEN())
}

// CheckInCheck reports whether p's side to move has a checked piece.
func CheckInCheck(p CheckPos) bool {
	for sq, c := range p.Cells {
		if checkOwner(c) == p.Side && checkCheckable(c) && checkThreatened(p, sq, checkOther(p.Side)) {
			return true
		}
	}
	return false
}

// CheckPlayout plays up to plies random legal moves from p with the given
// seed and returns every position it went through, p first; it stops
// early at the game's end.
func CheckPlayout(p CheckPos, plies int, seed uint64) []CheckPos {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	line := []CheckPos{p}
	for range plies {
		moves := checkLegal(p)
		if len(moves) == 0 {
			break
		}
		p = checkPlay(p, moves[r.IntN(len(moves))])
		line = append(line, p)
		if p.Over {
			break
		}
	}
	return line
}

// CheckTrapped reports whether p's side to move has a checked piece all of
// whose moves are into threat and that has some: rule 2's exception,
// under which it moves anyway.
func CheckTrapped(p CheckPos) bool {
	side, opp := p.Side, checkOther(p.Side)
	pseudo := checkPseudo(p, side)
	for sq, c := range p.Cells {
		if checkOwner(c) != side || !checkCheckable(c) || !checkThreatened(p, sq, opp) {
			continue
		}
		moves, intoAll := 0, true
		for _, m := range pseudo {
			if m.from == sq {
				after := checkPlay(p, m)
				moves++
				intoAll = intoAll && !after.Over && checkCheckable(after.Cells[m.to]) && checkThreatened(after, m.to, opp)
			}
		}
		if moves > 0 && intoAll {
			return true
		}
	}
	return false
}

// CheckThreatMap returns, in square order (a1, b1, … f6), the names of
// the squares where a piece of by's opponent would be capturable by by
// (docs/language.md § Check as its own attribute, The threatened-square
// map): a square holding a piece of the opponent when a move of by takes
// it; any other square when a move of by takes a piece of the opponent's
// of kind occupant (a lower-case letter) put there in its place. It asks
// by's moves afresh on a copy for each square.
func CheckThreatMap(p CheckPos, by byte, occupant byte) []string {
	var names []string
	for sq, c := range p.Cells {
		q := p
		if checkOwner(c) != checkOther(by) {
			q.Cells = append([]byte(nil), p.Cells...)
			q.Cells[sq] = occupant
			if by == 'b' {
				q.Cells[sq] = occupant - ('a' - 'A') // a white stand-in
			}
		}
		if checkThreatened(q, sq, by) {
			names = append(names, checkGrid.Name(sq))
		}
	}
	return names
}
