package brute

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
)

// Dice chess (examples/variants/dice.alf), written from docs/language.md
// § rand and the variant file's comments: Los Alamos chess on 6x6 with a
// knight whose every jump is open with probability 1/2 per ply and a fool
// that steps one square orthogonally in a direction the dice choose among
// the open ones. A position carries a seed; the seed after a ply is
// SplitMix64's next state, whatever the move.
//
// The roll of a rand is SplitMix64's finaliser of
//
//	seed ^ (type+1)·K1 ^ (ordinal+1)·K2 ^ (origin+1)·K3 ^ (cursor+1)·K4 ^ (side+1)·K5 ^ (iteration+1)·K6
//
// type being the piece's index in the file's declarations, ordinal the
// rand's among the piece's rands in text order, origin the piece's
// square, cursor the square the rand is reached on (square = rank·width +
// file, rank 0 the first player's first rank), side 0 for the first
// player, iteration the slide iteration (0 outside slides: always so in
// dice chess). A strict rand's branch is the first whose running total
// of weights exceeds roll mod 100; a live one's, roll mod the sum of the
// weights of the branches that let something through, counted over
// those branches only.

// randGrid is dice chess's board.
var randGrid = Grid{W: 6, H: 6}

// The multipliers of the roll, from docs/language.md § rand.
const (
	randK1 = 0x9E3779B97F4A7C15
	randK2 = 0xC2B2AE3D27D4EB4F
	randK3 = 0x165667B19E3779F9
	randK4 = 0xD6E8FEB86659FD93
	randK5 = 0xFF51AFD7ED558CCD
	randK6 = 0xC4CEB9FE1A85EC53
)

// randSplitmix is SplitMix64's finaliser.
func randSplitmix(x uint64) uint64 {
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
	x = (x ^ (x >> 27)) * 0x94D049BB133111EB
	return x ^ (x >> 31)
}

// RandNextSeed is the seed after a ply: SplitMix64's step.
func RandNextSeed(seed uint64) uint64 { return randSplitmix(seed + 0x9E3779B97F4A7C15) }

// RandRoll is the roll of rand number ordinal of piece type typ, reached
// at cursor by a piece of side on origin in slide iteration iter.
func RandRoll(seed uint64, typ, ordinal, origin, cursor, side, iter int) uint64 {
	return randSplitmix(seed ^
		uint64(typ+1)*randK1 ^
		uint64(ordinal+1)*randK2 ^
		uint64(origin+1)*randK3 ^
		uint64(cursor+1)*randK4 ^
		uint64(side+1)*randK5 ^
		uint64(iter+1)*randK6)
}

// RandDice is dice chess's rules: the type indexes of its rolling pieces
// and the ordinals of their rands, read from the variant's text
// (RandReadDice), so that an edit of the file moves the enumerator along.
type RandDice struct {
	knightType, knightOrdinal int
	foolType, foolOrdinal     int
}

// RandReadDice reads from dice.alf's text the declaration index of the
// knight and the fool, and the ordinal of the rand in each one's lines
// (its rands counted in text order). It refuses a text where a def holds
// a rand, whose position the rand would share: the enumerator counts
// only the rands written in a piece's lines.
func RandReadDice(src string) (RandDice, error) {
	d := RandDice{knightType: -1, foolType: -1}
	piece, index := "", -1
	rands := map[string][]int{} // per piece, the line numbers of its rands
	sc := bufio.NewScanner(strings.NewReader(src))
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		words := strings.Fields(line)
		if len(words) == 0 {
			continue
		}
		indented := line[0] == ' ' || line[0] == '\t'
		switch {
		case !indented && words[0] == "piece":
			index++
			piece = words[1]
			switch piece {
			case "knight":
				d.knightType = index
			case "fool":
				d.foolType = index
			}
		case !indented && words[0] == "def":
			for _, w := range words {
				if w == "rand" || w == "azar" {
					return d, fmt.Errorf("brute: line %d: a def holds a rand", n)
				}
			}
			piece = ""
		case !indented:
			piece = ""
		default:
			for _, w := range words {
				if (w == "rand" || w == "azar") && piece != "" {
					rands[piece] = append(rands[piece], n)
				}
			}
		}
	}
	if d.knightType < 0 || d.foolType < 0 || len(rands["knight"]) != 1 || len(rands["fool"]) != 1 {
		return d, fmt.Errorf("brute: dice.alf should declare a knight and a fool with one rand each (rands %v)", rands)
	}
	// one rand each: its ordinal is 0
	d.knightOrdinal, d.foolOrdinal = 0, 0
	return d, nil
}

// RandPos is a dice chess position: a letter per square (upper case the
// first player's, 0 empty), the side to move and the seed.
type RandPos struct {
	cells  []byte
	toMove int // 0 first, 1 second
	seed   uint64
}

// RandParse reads a dice chess FEN: placement, side to move, and the
// state field {seed:HEX} (default seed when absent); the other fields are
// ignored (no castling, no en passant in dice chess).
func RandParse(fen string, defaultSeed uint64) (RandPos, error) {
	fields := strings.Fields(fen)
	if len(fields) < 2 {
		return RandPos{}, fmt.Errorf("brute: short FEN %q", fen)
	}
	cells, err := randGrid.Placement(fields[0])
	if err != nil {
		return RandPos{}, err
	}
	p := RandPos{cells: cells, seed: defaultSeed}
	if fields[1] == "b" {
		p.toMove = 1
	}
	if last := fields[len(fields)-1]; strings.HasPrefix(last, "{seed:") && strings.HasSuffix(last, "}") {
		if p.seed, err = strconv.ParseUint(last[len("{seed:"):len(last)-1], 16, 64); err != nil {
			return RandPos{}, err
		}
	}
	return p, nil
}

// FEN writes the position with clocks 0 1 and the seed.
func (p RandPos) FEN() string {
	var b strings.Builder
	for r := randGrid.H - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < randGrid.W; f++ {
			c := p.cells[f+r*randGrid.W]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	fmt.Fprintf(&b, " %c - - 0 1 {seed:%x}", "wb"[p.toMove], p.seed)
	return b.String()
}

// randSide is the side of a letter: 0 upper case, 1 lower case, -1 none.
func randSide(c byte) int {
	switch {
	case c >= 'A' && c <= 'Z':
		return 0
	case c >= 'a' && c <= 'z':
		return 1
	}
	return -1
}

// randUpper is a letter's upper case.
func randUpper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// randMove is a move: from, to, and the letter promoted to (upper case,
// 0 for none).
type randMove struct {
	from, to int
	promote  byte
}

func (m randMove) name() string {
	s := randGrid.Name(m.from) + randGrid.Name(m.to)
	if m.promote != 0 {
		s += string(m.promote - 'A' + 'a')
	}
	return s
}

// step is sq moved by df files and dr ranks forward for side (the
// second player's forward is toward rank 1; files are the same for both,
// the default mirror symmetry).
func randStep(sq, df, dr, side int) (int, bool) {
	if side == 1 {
		dr = -dr
	}
	return randGrid.Step(sq, df, dr)
}

// pseudo lists the moves of side in p, kings left capturable or not.
func (d RandDice) pseudo(p RandPos, side int) []randMove {
	var out []randMove
	for sq, c := range p.cells {
		if c == 0 || randSide(c) != side {
			continue
		}
		// onto: an empty square or an enemy piece
		onto := func(to int) bool { return randSide(p.cells[to]) != side }
		switch randUpper(c) {
		case 'K':
			for _, v := range [][2]int{{0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}, {1, 0}, {1, 1}} {
				if to, ok := randStep(sq, v[0], v[1], side); ok && onto(to) {
					out = append(out, randMove{sq, to, 0})
				}
			}
		case 'Q', 'R':
			dirs := [][2]int{{0, 1}, {-1, 0}, {0, -1}, {1, 0}}
			if randUpper(c) == 'Q' {
				dirs = append(dirs, [2]int{-1, 1}, [2]int{-1, -1}, [2]int{1, -1}, [2]int{1, 1})
			}
			for _, v := range dirs {
				for at := sq; ; {
					to, ok := randStep(at, v[0], v[1], side)
					if !ok {
						break
					}
					if p.cells[to] == 0 {
						out = append(out, randMove{sq, to, 0})
						at = to
						continue
					}
					if onto(to) {
						out = append(out, randMove{sq, to, 0})
					}
					break
				}
			}
		case 'N':
			// each jump rolls on its own square: open below 50
			for _, v := range [][2]int{{-1, 2}, {1, 2}, {-2, 1}, {-2, -1}, {-1, -2}, {1, -2}, {2, 1}, {2, -1}} {
				to, ok := randStep(sq, v[0], v[1], side)
				if !ok {
					continue
				}
				if RandRoll(p.seed, d.knightType, d.knightOrdinal, sq, to, side, 0)%100 < 50 && onto(to) {
					out = append(out, randMove{sq, to, 0})
				}
			}
		case 'F':
			// w, a, s, d, 25 each; the open ones count (rand live), the
			// roll taken at the fool's own square
			var open []int
			for _, v := range [][2]int{{0, 1}, {-1, 0}, {0, -1}, {1, 0}} {
				if to, ok := randStep(sq, v[0], v[1], side); ok && onto(to) {
					open = append(open, to)
				}
			}
			if len(open) == 0 {
				continue
			}
			u := RandRoll(p.seed, d.foolType, d.foolOrdinal, sq, sq, side, 0) % uint64(25*len(open))
			out = append(out, randMove{sq, open[u/25], 0})
		case 'P':
			last := func(to int) bool {
				return side == 0 && to/randGrid.W == randGrid.H-1 || side == 1 && to/randGrid.W == 0
			}
			add := func(to int) {
				if !last(to) {
					out = append(out, randMove{sq, to, 0})
					return
				}
				for _, pr := range []byte("QRN") {
					out = append(out, randMove{sq, to, pr})
				}
			}
			if to, ok := randStep(sq, 0, 1, side); ok && p.cells[to] == 0 {
				add(to)
			}
			for _, df := range []int{-1, 1} {
				if to, ok := randStep(sq, df, 1, side); ok && randSide(p.cells[to]) == 1-side {
					add(to)
				}
			}
		}
	}
	return out
}

// play returns the position after m: the piece moves (promoted), the
// other side is to move, and the seed advances.
func (d RandDice) play(p RandPos, m randMove) RandPos {
	q := RandPos{cells: append([]byte(nil), p.cells...), toMove: 1 - p.toMove, seed: RandNextSeed(p.seed)}
	c := q.cells[m.from]
	q.cells[m.from] = 0
	if m.promote != 0 {
		c = m.promote
		if p.toMove == 1 {
			c += 'a' - 'A'
		}
	}
	q.cells[m.to] = c
	return q
}

// legal lists the legal moves: those after which no move of the opponent,
// with the dice of the next ply, captures the mover's king.
func (d RandDice) legal(p RandPos) []randMove {
	var out []randMove
	side := p.toMove
	for _, m := range d.pseudo(p, side) {
		q := d.play(p, m)
		king := -1
		for sq, c := range q.cells {
			if randUpper(c) == 'K' && randSide(c) == side {
				king = sq
			}
		}
		safe := true
		for _, r := range d.pseudo(q, 1-side) {
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

// Moves lists the legal moves' names (UCI: from, to, promotion letter).
func (d RandDice) Moves(p RandPos) []string {
	var names []string
	for _, m := range d.legal(p) {
		names = append(names, m.name())
	}
	return names
}

// Play returns the position after the legal move named name; it panics
// on a name that is none.
func (d RandDice) Play(p RandPos, name string) RandPos {
	for _, m := range d.legal(p) {
		if m.name() == name {
			return d.play(p, m)
		}
	}
	panic("brute: dice: no legal move " + name + " in " + p.FEN())
}

// Perft counts the leaves of the legal move tree depth plies deep.
func (d RandDice) Perft(p RandPos, depth int) int64 {
	return Perft(p, depth, d.legal, d.play)
}
