package movegen

import (
	"fmt"
	"strings"
)

// Chess960FEN returns the FEN of Chess960 start position n (0 to 959) in
// Scharnagl's numbering, castling field KQkq: 518 is the standard array.
// chess960.alf reads it. The number picks, in turn, the light-squared
// bishop's file (n mod 4 of b d f h), the dark-squared bishop's (the next
// base-4 digit, of a c e g), the queen's among the six free files (the
// next base-6 digit), the knights' two among the five left (the last
// digit, 0 to 9, in the order NN---, N-N--, …, ---NN); the rooks and the
// king take the three files left, king in the middle.
func Chess960FEN(n int) (string, error) {
	if n < 0 || n >= 960 {
		return "", fmt.Errorf("no Chess960 start position %d (0 to 959)", n)
	}
	var rank [8]byte
	rank[2*(n%4)+1] = 'b'
	n /= 4
	rank[2*(n%4)] = 'b'
	n /= 4
	free := func() []int {
		var out []int
		for x, c := range rank {
			if c == 0 {
				out = append(out, x)
			}
		}
		return out
	}
	rank[free()[n%6]] = 'q'
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	f := free()
	rank[f[knights[0]]], rank[f[knights[1]]] = 'n', 'n'
	f = free()
	rank[f[0]], rank[f[1]], rank[f[2]] = 'r', 'k', 'r'
	black := string(rank[:])
	return black + "/pppppppp/8/8/8/8/PPPPPPPP/" + strings.ToUpper(black) + " w KQkq - 0 1", nil
}
