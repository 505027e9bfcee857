package brute

import (
	"fmt"
	"slices"
	"strings"
)

// The ram and freezer variants (examples/variants/ram.alf, freezer.alf),
// written from docs/language.md § Proxy pieces and the variants' rule
// comments:
//
//   - 6x6; pieces K (king, royal), R (rook), N (knight), P (pawn), M (ram),
//     and in freezer F (freezer). Upper case is the first player's.
//   - A square holds a stack: its pieces top first. Conditions see the top.
//   - K steps one square in any direction to an empty square or captures
//     an enemy (top) there. R slides orthogonally over empty squares; at
//     the first piece it captures an enemy, or, on an ally with room,
//     joins it. N leaps as a knight: to an empty square, capturing an
//     enemy, or joining an ally with room. P steps forward to an empty
//     square and captures diagonally forward, promoting to R on the last
//     rank; no double step. M steps orthogonally to an empty square or
//     joins an ally with room. F steps in any direction to an empty square
//     or joins an enemy with room.
//   - M holds one allied R, N or P and carries it. F (priority 1) holds one
//     enemy R, N, P or M and leaves it where it stood when it moves. What
//     F holds, and everything below it, is frozen: it has no moves and
//     captures nothing. What M holds moves freely.
//   - Room for a mover X (with the chain it takes along: what it holds,
//     unless it is F) on the stack S: X may enter under S's last piece
//     when that one is a proxy admitting X; or S may go under the chain's
//     last piece when that one is a proxy admitting S's top; both: the
//     higher priority ends outside, equal: X enters. At most 8 pieces.
//   - A capture takes the whole stack. A move is illegal when afterwards
//     some capture of the opponent falls on a square whose stack holds the
//     mover's king.
//   - A piece leaving a stack takes along what it carries; the rest stays.
//   - Names: from and to square (and r for a promotion); when two moves
//     share that name, a held mover's gets one ' per piece above it after
//     its from square.

// The siege variant (examples/variants/siege.alf) is ram's with T (siege
// tower) in M's place: T steps and joins as M does and holds one allied
// R, N or P, which it carries. A piece held by a T, directly or not, keeps
// only the moves whose landing square (where it goes) holds an enemy in
// the position before the move: its captures (docs/language.md § Proxy
// pieces, Restricted: restrict: enemy). In the quiet siege (siege.alf
// with restrict: empty, a test variant) the landing square must be empty
// instead: quiet moves only. The king-capture test counts only the moves
// a piece keeps, so a carried piece of the quiet siege attacks nothing.

// The merge variant (examples/variants/merge.alf) has K, R, N, P as above
// (its rook has no join) and C (centaur): a knight and a centaur may hold
// one allied knight and carry it. A knight joins an allied knight or
// centaur that holds nothing (enter: the one standing there holds the
// newcomer, priorities being equal); the knight that then holds becomes a
// centaur. C leaps as a knight and steps as a king, to empty squares or
// capturing. When the knight a centaur holds leaves, the centaur becomes a
// knight again.

// ProxyPos is a position of the ram, freezer or merge variant.
type ProxyPos struct {
	Grid  Grid
	Cells []string // per square, the stack top first ("" empty)
	White bool     // the first player is to move
	Merge bool     // merge.alf's rules, not ram's and freezer's
	Quiet bool     // the quiet siege: a tower's passenger lands on empty squares only
}

// ProxyMove is one move: the piece at Depth of the stack on From goes to To.
type ProxyMove struct {
	From, Depth, To int
	Kind            byte // 'g' to an empty square, 'x' capture, 'j' join
	Promote         bool
}

// ParseProxyFEN reads the board and side fields of a FEN with stacks
// written (XY…), top first.
func ParseProxyFEN(fen string) (ProxyPos, error) {
	fields := strings.Fields(fen)
	if len(fields) < 2 {
		return ProxyPos{}, fmt.Errorf("brute: FEN %q has no side field", fen)
	}
	g := Grid{6, 6}
	p := ProxyPos{Grid: g, Cells: make([]string, 36), White: fields[1] == "w"}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != g.H {
		return p, fmt.Errorf("brute: %d ranks", len(ranks))
	}
	for i, rank := range ranks {
		r, f := g.H-1-i, 0
		for j := 0; j < len(rank); j++ {
			c := rank[j]
			switch {
			case c >= '1' && c <= '9':
				f += int(c - '0')
				continue
			case c == '(':
				end := strings.IndexByte(rank[j:], ')')
				if end < 0 {
					return p, fmt.Errorf("brute: unclosed stack in %q", rank)
				}
				p.Cells[f+r*g.W] = rank[j+1 : j+end]
				j += end
			default:
				p.Cells[f+r*g.W] = string(c)
			}
			f++
		}
		if f != g.W {
			return p, fmt.Errorf("brute: rank %q has %d files", rank, f)
		}
	}
	return p, nil
}

// Placement writes the board field.
func (p ProxyPos) Placement() string {
	var b strings.Builder
	for r := p.Grid.H - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < p.Grid.W; f++ {
			c := p.Cells[f+r*p.Grid.W]
			if c == "" {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			if len(c) > 1 {
				b.WriteString("(" + c + ")")
			} else {
				b.WriteString(c)
			}
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	return b.String()
}

func proxyWhite(c byte) bool { return c >= 'A' && c <= 'Z' }

func proxyUpper(c byte) byte { return strings.ToUpper(string(c))[0] }

// proxyAdmits reports whether holder h may hold piece c.
func (p ProxyPos) proxyAdmits(h, c byte) bool {
	if p.Merge {
		return strings.IndexByte("NC", proxyUpper(h)) >= 0 && proxyWhite(h) == proxyWhite(c) && proxyUpper(c) == 'N'
	}
	switch proxyUpper(h) {
	case 'M', 'T':
		return proxyWhite(h) == proxyWhite(c) && strings.IndexByte("RNP", proxyUpper(c)) >= 0
	case 'F':
		return proxyWhite(h) != proxyWhite(c) && strings.IndexByte("RNPM", proxyUpper(c)) >= 0
	}
	return false
}

func proxyPriority(c byte) int {
	if proxyUpper(c) == 'F' {
		return 1
	}
	return 0
}

// proxyFrozen reports whether the piece at depth d of stack s is frozen: a
// freezer stands above it.
func proxyFrozen(s string, d int) bool {
	for i := 0; i < d; i++ {
		if proxyUpper(s[i]) == 'F' {
			return true
		}
	}
	return false
}

// proxyRestricted reports whether the piece at depth d of stack s is held
// by a siege tower: a T stands above it.
func proxyRestricted(s string, d int) bool {
	return strings.ContainsAny(s[:d], "Tt")
}

// proxyChain returns the pieces the piece at depth d of s takes along when
// it moves (itself first), and what stays on the square.
func proxyChain(s string, d int) (moving, stays string) {
	if proxyUpper(s[d]) == 'F' {
		return s[d : d+1], s[:d] + s[d+1:]
	}
	return s[d:], s[:d]
}

// proxyRoom returns the stack that a join of chain onto stack s makes, or
// "" when there is no room.
func (p ProxyPos) proxyRoom(chain, s string) string {
	if len(chain)+len(s) > 8 {
		return ""
	}
	enter := p.proxyAdmits(s[len(s)-1], chain[0])
	hold := p.proxyAdmits(chain[len(chain)-1], s[0])
	switch {
	case enter && hold && proxyPriority(chain[len(chain)-1]) > proxyPriority(s[len(s)-1]):
		return chain + s
	case enter:
		return s + chain
	case hold:
		return chain + s
	}
	return ""
}

var (
	proxyOrth   = [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}
	proxyAround = [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	proxyKnight = [][2]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}}
)

// pseudo lists the moves of side white's pieces, each once.
func (p ProxyPos) pseudo(white bool) []ProxyMove {
	var out []ProxyMove
	add := func(m ProxyMove) {
		if !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	g := p.Grid
	for from, s := range p.Cells {
		for d := 0; d < len(s); d++ {
			c := s[d]
			if proxyWhite(c) != white || proxyFrozen(s, d) {
				continue
			}
			moving, _ := proxyChain(s, d)
			restricted := proxyRestricted(s, d)
			add := func(m ProxyMove) {
				// in a tower, only moves that land on an enemy (on an
				// empty square in the quiet siege)
				land := p.Cells[m.To]
				enemy := land != "" && proxyWhite(land[0]) != white
				if restricted && (!p.Quiet && !enemy || p.Quiet && land != "") {
					return
				}
				add(m)
			}
			// what a move to sq may do, by what stands there
			try := func(sq int, quiet, capture, join bool) {
				t := p.Cells[sq]
				switch {
				case t == "":
					if quiet {
						add(ProxyMove{From: from, Depth: d, To: sq, Kind: 'g'})
					}
				case proxyWhite(t[0]) != white:
					if capture {
						add(ProxyMove{From: from, Depth: d, To: sq, Kind: 'x'})
					}
					if join && proxyUpper(c) == 'F' && p.proxyRoom(moving, t) != "" {
						add(ProxyMove{From: from, Depth: d, To: sq, Kind: 'j'})
					}
				default:
					if join && proxyUpper(c) != 'F' && (!p.Merge || len(t) == 1) && p.proxyRoom(moving, t) != "" {
						add(ProxyMove{From: from, Depth: d, To: sq, Kind: 'j'})
					}
				}
			}
			switch proxyUpper(c) {
			case 'K':
				for _, v := range proxyAround {
					if sq, ok := g.Step(from, v[0], v[1]); ok {
						try(sq, true, true, false)
					}
				}
			case 'N':
				for _, v := range proxyKnight {
					if sq, ok := g.Step(from, v[0], v[1]); ok {
						try(sq, true, true, true)
					}
				}
			case 'M', 'T':
				for _, v := range proxyOrth {
					if sq, ok := g.Step(from, v[0], v[1]); ok {
						try(sq, true, false, true)
					}
				}
			case 'F':
				for _, v := range proxyAround {
					if sq, ok := g.Step(from, v[0], v[1]); ok {
						try(sq, true, false, true)
					}
				}
			case 'C':
				for _, v := range append(slices.Clone(proxyKnight), proxyAround...) {
					if sq, ok := g.Step(from, v[0], v[1]); ok {
						try(sq, true, true, false)
					}
				}
			case 'R':
				for _, v := range proxyOrth {
					for sq, ok := g.Step(from, v[0], v[1]); ok; sq, ok = g.Step(sq, v[0], v[1]) {
						try(sq, true, true, !p.Merge)
						if p.Cells[sq] != "" {
							break
						}
					}
				}
			case 'P':
				fwd := 1
				if !white {
					fwd = -1
				}
				last := func(sq int) bool { return sq/g.W == map[bool]int{true: g.H - 1, false: 0}[white] }
				if sq, ok := g.Step(from, 0, fwd); ok && p.Cells[sq] == "" {
					add(ProxyMove{From: from, Depth: d, To: sq, Kind: 'g', Promote: last(sq)})
				}
				for _, df := range []int{-1, 1} {
					if sq, ok := g.Step(from, df, fwd); ok && p.Cells[sq] != "" && proxyWhite(p.Cells[sq][0]) != white {
						add(ProxyMove{From: from, Depth: d, To: sq, Kind: 'x', Promote: last(sq)})
					}
				}
			}
		}
	}
	return out
}

// play returns the position after m, on a copy.
func (p ProxyPos) play(m ProxyMove) ProxyPos {
	q := ProxyPos{Grid: p.Grid, Cells: slices.Clone(p.Cells), White: !p.White, Merge: p.Merge, Quiet: p.Quiet}
	moving, stays := proxyChain(p.Cells[m.From], m.Depth)
	if p.Merge && m.Depth > 0 {
		// the knight leaves its centaur, which becomes a knight again
		stays = stays[:len(stays)-1] + map[bool]string{true: "N", false: "n"}[proxyWhite(stays[len(stays)-1])]
	}
	q.Cells[m.From] = stays
	if m.Promote {
		moving = map[bool]string{true: "R", false: "r"}[proxyWhite(moving[0])] + moving[1:]
	}
	switch m.Kind {
	case 'j':
		q.Cells[m.To] = p.proxyRoom(moving, p.Cells[m.To])
		if p.Merge {
			// the knight that now holds becomes a centaur
			s := q.Cells[m.To]
			q.Cells[m.To] = map[bool]string{true: "C", false: "c"}[proxyWhite(s[0])] + s[1:]
		}
	default: // to an empty square, or capturing the whole stack there
		q.Cells[m.To] = moving
	}
	return q
}

// kingTaken reports whether some capture of side white falls on a stack
// holding the other side's king.
func (p ProxyPos) kingTaken(white bool) bool {
	king := map[bool]string{true: "k", false: "K"}[white]
	for _, m := range p.pseudo(white) {
		if m.Kind == 'x' && strings.Contains(p.Cells[m.To], king) {
			return true
		}
	}
	return false
}

// Legal lists the legal moves of the side to move.
func (p ProxyPos) Legal() []ProxyMove {
	var out []ProxyMove
	for _, m := range p.pseudo(p.White) {
		if !p.play(m).kingTaken(!p.White) {
			out = append(out, m)
		}
	}
	return out
}

// Names writes the moves as the engine's notation does (see the rules
// above); it panics on two moves it cannot tell apart, which the rules
// never make.
func (p ProxyPos) Names(moves []ProxyMove) []string {
	g := p.Grid
	plain := make([]string, len(moves))
	count := map[string]int{}
	for i, m := range moves {
		plain[i] = g.Name(m.From) + g.Name(m.To)
		if m.Promote {
			plain[i] += "r"
		}
		count[plain[i]]++
	}
	out := make([]string, len(moves))
	seen := map[string]bool{}
	for i, m := range moves {
		out[i] = plain[i]
		if count[plain[i]] > 1 && m.Depth > 0 {
			out[i] = g.Name(m.From) + strings.Repeat("'", m.Depth) + strings.TrimPrefix(plain[i], g.Name(m.From))
		}
		if seen[out[i]] {
			panic(fmt.Sprintf("brute: two moves named %s in %s", out[i], p.Placement()))
		}
		seen[out[i]] = true
	}
	return out
}

// ProxyPerft counts the leaves of the legal move tree.
func ProxyPerft(p ProxyPos, depth int) int64 {
	return Perft(p, depth, func(p ProxyPos) []ProxyMove { return p.Legal() }, func(p ProxyPos, m ProxyMove) ProxyPos { return p.play(m) })
}

// ProxyMoves returns the names of the legal moves.
func ProxyMoves(p ProxyPos) []string { return p.Names(p.Legal()) }

// ProxyPlay plays the legal move named name; it panics on a name that is
// none.
func ProxyPlay(p ProxyPos, name string) ProxyPos {
	moves := p.Legal()
	for i, n := range p.Names(moves) {
		if n == name {
			return p.play(moves[i])
		}
	}
	panic(fmt.Sprintf("brute: no legal move %s in %s", name, p.Placement()))
}

// ParseQuietSiegeFEN reads a FEN of the quiet siege.
func ParseQuietSiegeFEN(fen string) (ProxyPos, error) {
	p, err := ParseProxyFEN(fen)
	p.Quiet = true
	return p, err
}

// ParseMergeFEN reads a FEN of the merge variant.
func ParseMergeFEN(fen string) (ProxyPos, error) {
	p, err := ParseProxyFEN(fen)
	p.Merge = true
	return p, err
}
