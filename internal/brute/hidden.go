package brute

import (
	"fmt"
	"sort"
	"strings"
)

// The shared rules of invisible.alf and fields.alf, read from their
// comments and docs/language.md: Los Alamos chess on 6x6 (king, queen,
// rook, knight, pawn; no castling, no double step; a pawn promotes on the
// last rank to a queen, rook or knight), plus one special piece per side.
// The variant's own file says what the special piece does and what a side
// sees on a square (hiddenRules). Everything is generated on a mailbox
// board and played on copies; legality is by definition: after the move,
// no move the opponent could generate captures the mover's king.

// HiddenPiece is one occupant of a square: its letter (upper case: K Q R
// N P, M a mine, W a warden) and side (0 white, 1 black).
type HiddenPiece struct {
	Kind byte
	Side int
}

// HiddenPos is a position of the two example variants.
type HiddenPos struct {
	Cells  [36]*HiddenPiece
	ToMove int
}

// HiddenMove is a move: from, to, a promotion letter (0 for none), and
// its name (from to in algebraic, the promotion in lower case).
type HiddenMove struct {
	From, To int
	Promote  byte
	Capture  bool // the move removes an opponent piece from To
	Name     string
}

// hiddenRules is what the variant file adds to the Los Alamos core.
type hiddenRules struct {
	// seen returns what side's lines find on sq: nil for an empty square
	// (or one whose occupant side cannot see).
	seen func(p *HiddenPos, side, sq int) *HiddenPiece
	// barred reports whether sq is off the board for a step of the piece
	// on from, of side.
	barred func(p *HiddenPos, side, from, sq int) bool
	// special generates the special piece's moves (add its targets).
	special func(p *HiddenPos, from int, add func(to int))
}

var hiddenGrid = Grid{W: 6, H: 6}

// HiddenParse reads a FEN's placement and side to move.
func HiddenParse(fen string) (*HiddenPos, error) {
	fields := strings.Fields(fen)
	if len(fields) < 2 {
		return nil, fmt.Errorf("brute: FEN %q has no side to move", fen)
	}
	cells, err := hiddenGrid.Placement(fields[0])
	if err != nil {
		return nil, err
	}
	p := &HiddenPos{}
	for sq, c := range cells {
		switch {
		case c == 0:
		case c >= 'A' && c <= 'Z':
			p.Cells[sq] = &HiddenPiece{Kind: c, Side: 0}
		default:
			p.Cells[sq] = &HiddenPiece{Kind: c - 'a' + 'A', Side: 1}
		}
	}
	if fields[1] == "b" {
		p.ToMove = 1
	}
	return p, nil
}

// FEN writes the position's placement and side to move, the other fields
// as a position without castling or en passant has them.
func (p *HiddenPos) FEN() string {
	var sb strings.Builder
	for r := 5; r >= 0; r-- {
		empty := 0
		for f := range 6 {
			pc := p.Cells[r*6+f]
			if pc == nil {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&sb, empty)
				empty = 0
			}
			c := pc.Kind
			if pc.Side == 1 {
				c = c - 'A' + 'a'
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
	side := "w"
	if p.ToMove == 1 {
		side = "b"
	}
	return sb.String() + " " + side + " - - 0 1"
}

var (
	hiddenAround = [][2]int{{0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}, {1, 0}, {1, 1}}
	hiddenRook   = [][2]int{{0, 1}, {-1, 0}, {0, -1}, {1, 0}}
	hiddenKnight = [][2]int{{-1, 2}, {1, 2}, {-2, 1}, {-2, -1}, {-1, -2}, {1, -2}, {2, 1}, {2, -1}}
)

// pseudo lists side's moves, legal or not, in position p.
func (r hiddenRules) pseudo(p *HiddenPos, side int) []HiddenMove {
	var out []HiddenMove
	for from, pc := range p.Cells {
		if pc == nil || pc.Side != side {
			continue
		}
		fwd := 1
		if side == 1 {
			fwd = -1
		}
		// target: the square from+(df,dr), when on the board and not barred
		target := func(df, dr int) (int, bool) {
			to, ok := hiddenGrid.Step(from, df, dr)
			if !ok || r.barred(p, side, from, to) {
				return 0, false
			}
			return to, true
		}
		add := func(to int, promote byte) {
			name := hiddenGrid.Name(from) + hiddenGrid.Name(to)
			if promote != 0 {
				name += string(promote - 'A' + 'a')
			}
			victim := p.Cells[to]
			out = append(out, HiddenMove{From: from, To: to, Promote: promote, Name: name,
				Capture: victim != nil && victim.Side != side})
		}
		// quiet or capture onto a square: empty as side sees it, or an enemy
		standard := func(to int) {
			if s := r.seen(p, side, to); s == nil || s.Side != side {
				add(to, 0)
			}
		}
		switch pc.Kind {
		case 'K':
			for _, d := range hiddenAround {
				if to, ok := target(d[0], d[1]); ok {
					standard(to)
				}
			}
		case 'N':
			for _, d := range hiddenKnight {
				if to, ok := target(d[0], d[1]); ok {
					standard(to)
				}
			}
		case 'Q', 'R':
			dirs := hiddenAround
			if pc.Kind == 'R' {
				dirs = hiddenRook
			}
			for _, d := range dirs {
				at := from
				for {
					to, ok := hiddenGrid.Step(at, d[0], d[1])
					if !ok || r.barred(p, side, from, to) {
						break // off the board: the slide ends, no capture
					}
					s := r.seen(p, side, to)
					if s == nil {
						add(to, 0)
						at = to
						continue
					}
					if s.Side != side {
						add(to, 0)
					}
					break
				}
			}
		case 'P':
			last := 5
			if side == 1 {
				last = 0
			}
			pawnTo := func(to int) {
				if to/6 == last {
					for _, k := range []byte{'Q', 'R', 'N'} {
						add(to, k)
					}
				} else {
					add(to, 0)
				}
			}
			if to, ok := target(0, fwd); ok && r.seen(p, side, to) == nil {
				pawnTo(to)
			}
			for _, df := range []int{-1, 1} {
				if to, ok := target(df, fwd); ok {
					if s := r.seen(p, side, to); s != nil && s.Side != side {
						pawnTo(to)
					}
				}
			}
		default:
			r.special(p, from, func(to int) { add(to, 0) })
		}
	}
	return out
}

// play returns the position after m: the mover leaves From, whatever
// stands on To is gone, the mover (promoted) stands on To.
func (r hiddenRules) play(p *HiddenPos, m HiddenMove) *HiddenPos {
	q := *p
	pc := *q.Cells[m.From]
	q.Cells[m.From] = nil
	if m.Promote != 0 {
		pc.Kind = m.Promote
	}
	q.Cells[m.To] = &pc
	q.ToMove = 1 - p.ToMove
	return &q
}

// legal lists the side to move's legal moves: those after which no move
// of the opponent lands on the mover's king with a capture.
func (r hiddenRules) legal(p *HiddenPos) []HiddenMove {
	var out []HiddenMove
	for _, m := range r.pseudo(p, p.ToMove) {
		q := r.play(p, m)
		if !r.kingTakeable(q, p.ToMove) {
			out = append(out, m)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// kingTakeable reports whether side's opponent, to move in q, has a move
// that captures side's king.
func (r hiddenRules) kingTakeable(q *HiddenPos, side int) bool {
	for _, m := range r.pseudo(q, 1-side) {
		if v := q.Cells[m.To]; v != nil && v.Side == side && v.Kind == 'K' {
			return true
		}
	}
	return false
}

// names returns the legal moves' names.
func (r hiddenRules) names(p *HiddenPos) []string {
	var out []string
	for _, m := range r.legal(p) {
		out = append(out, m.Name)
	}
	return out
}

// playName plays the legal move named name; it panics on a name that is
// not one (a test's mistake).
func (r hiddenRules) playName(p *HiddenPos, name string) *HiddenPos {
	for _, m := range r.legal(p) {
		if m.Name == name {
			return r.play(p, m)
		}
	}
	panic("brute: no legal move " + name + " in " + p.FEN())
}

// perft counts the leaves depth plies deep.
func (r hiddenRules) perft(p *HiddenPos, depth int) int64 {
	return Perft(p, depth, r.legal, r.play)
}

// playout plays up to plies random legal moves from p, the choices drawn
// from next (which returns a number in [0, n)); it stops early where the
// side to move has none.
func (r hiddenRules) playout(p *HiddenPos, plies int, next func(n int) int) *HiddenPos {
	for range plies {
		ms := r.legal(p)
		if len(ms) == 0 {
			break
		}
		p = r.play(p, ms[next(len(ms))])
	}
	return p
}
