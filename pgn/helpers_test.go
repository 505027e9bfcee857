package pgn_test

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/movegen"
	"github.com/alfil-go/alfil/pgn"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// newGame starts a game of variant from fen (the setup if empty) and
// plays the moves san.
func newGame(t testing.TB, variant, fen string, san ...string) *game.Game {
	t.Helper()
	prog, err := pgn.Embedded(variant)
	require.NoError(t, err)
	g, err := game.New(prog, fen)
	require.NoError(t, err)
	for _, s := range san {
		require.NoError(t, g.PlaySAN(s), "after %v", g.SANMoves())
	}
	return g
}

// randomGame plays up to plies random legal moves from fen in variant,
// fewer when the game ends.
func randomGame(t testing.TB, variant, fen string, plies int, rng *rand.Rand) *game.Game {
	t.Helper()
	g := newGame(t, variant, fen)
	var list movegen.MoveList
	for g.Len() < plies && !g.Outcome().Over() {
		g.Legal(&list)
		require.NoError(t, g.Play(list.Moves[rng.IntN(len(list.Moves))]))
	}
	return g
}

// golden compares got with the file testdata/name, which -update
// rewrites.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./pgn -update to write it")
	assert.Equal(t, string(want), string(got), "go test ./pgn -update rewrites %s", path)
}

// readAll reads text, failing the test on an error.
func readAll(t testing.TB, text []byte) []*pgn.Record {
	t.Helper()
	recs, err := pgn.ReadAll(bytes.NewReader(text), nil)
	require.NoError(t, err)
	return recs
}
