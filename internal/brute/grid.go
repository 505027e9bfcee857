package brute

import (
	"fmt"
	"strings"
)

// Grid is a rectangular board of W files and H ranks. Square indexes run
// file-major from a1: a1 is 0, b1 is 1, a2 is W.
type Grid struct{ W, H int }

// Name is the square's algebraic name ("a1", "f6", "a10").
func (g Grid) Name(sq int) string {
	return fmt.Sprintf("%c%d", 'a'+sq%g.W, sq/g.W+1)
}

// Square parses an algebraic name; ok is false off the board or when malformed.
func (g Grid) Square(name string) (sq int, ok bool) {
	if len(name) < 2 || name[0] < 'a' || int(name[0]-'a') >= g.W {
		return 0, false
	}
	var rank int
	if _, err := fmt.Sscanf(name[1:], "%d", &rank); err != nil || rank < 1 || rank > g.H {
		return 0, false
	}
	if fmt.Sprint(rank) != name[1:] {
		return 0, false
	}
	return int(name[0]-'a') + (rank-1)*g.W, true
}

// Step moves sq by df files and dr ranks; ok is false when that leaves the board.
func (g Grid) Step(sq, df, dr int) (to int, ok bool) {
	f, r := sq%g.W+df, sq/g.W+dr
	if f < 0 || f >= g.W || r < 0 || r >= g.H {
		return 0, false
	}
	return f + r*g.W, true
}

// Placement reads a FEN placement field of single letters and digit runs
// (no stacks, groups, holdings or promoted marks) into one byte per square,
// 0 for an empty square.
func (g Grid) Placement(field string) ([]byte, error) {
	ranks := strings.Split(field, "/")
	if len(ranks) != g.H {
		return nil, fmt.Errorf("brute: %d ranks in %q, want %d", len(ranks), field, g.H)
	}
	cells := make([]byte, g.W*g.H)
	for i, rank := range ranks {
		r := g.H - 1 - i
		f := 0
		for j := 0; j < len(rank); j++ {
			c := rank[j]
			if c >= '0' && c <= '9' {
				n := int(c - '0')
				for j+1 < len(rank) && rank[j+1] >= '0' && rank[j+1] <= '9' {
					j++
					n = n*10 + int(rank[j]-'0')
				}
				f += n
				continue
			}
			if f >= g.W {
				return nil, fmt.Errorf("brute: rank %q is longer than %d files", rank, g.W)
			}
			cells[f+r*g.W] = c
			f++
		}
		if f != g.W {
			return nil, fmt.Errorf("brute: rank %q has %d files, want %d", rank, f, g.W)
		}
	}
	return cells, nil
}

// Perft counts the leaves of the move tree depth plies deep, playing on
// copies: play must return a new position and leave its argument alone.
func Perft[P, M any](p P, depth int, moves func(P) []M, play func(P, M) P) int64 {
	if depth == 0 {
		return 1
	}
	list := moves(p)
	if depth == 1 {
		return int64(len(list))
	}
	var n int64
	for _, m := range list {
		n += Perft(play(p, m), depth-1, moves, play)
	}
	return n
}
