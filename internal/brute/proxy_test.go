package brute_test

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/internal/brute"
)

// proxyEnum drives the ram and freezer enumerator for compareTree.
var proxyEnum = enumerator[brute.ProxyPos]{moves: brute.ProxyMoves, play: brute.ProxyPlay}

// proxyStart parses fen for the enumerator and checks it writes it back.
func proxyStart(t *testing.T, fen string) brute.ProxyPos {
	t.Helper()
	p, err := brute.ParseProxyFEN(fen)
	require.NoError(t, err)
	require.Equal(t, strings.Fields(fen)[0], p.Placement())
	return p
}

// proxyPlayouts returns n positions reached by seeded random playouts of
// the enumerator from fen, as FENs with clocks reset.
func proxyPlayouts(t *testing.T, fen string, n, plies int, seed int64) []string {
	t.Helper()
	var out []string
	for _, p := range proxyPlayoutsWith(t, fen, n, plies, seed, proxyStart) {
		out = append(out, p.Placement()+map[bool]string{true: " w", false: " b"}[p.White]+" - - 0 1")
	}
	return out
}

// proxyPlayoutsWith plays n seeded random playouts of plies moves from
// fen, read by start, and returns the positions they end in that have
// moves.
func proxyPlayoutsWith(t *testing.T, fen string, n, plies int, seed int64, start func(*testing.T, string) brute.ProxyPos) []brute.ProxyPos {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	var out []brute.ProxyPos
	for tries := 0; len(out) < n && tries < 100*n; tries++ {
		p := start(t, fen)
		for k := 0; k < plies; k++ {
			moves := brute.ProxyMoves(p)
			if len(moves) == 0 {
				break
			}
			p = brute.ProxyPlay(p, moves[rng.Intn(len(moves))])
		}
		if len(brute.ProxyMoves(p)) > 0 {
			out = append(out, p)
		}
	}
	return out
}
