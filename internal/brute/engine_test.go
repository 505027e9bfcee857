package brute_test

import (
	"flag"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/movegen"
)

// This file is the engine's side of the comparisons: each variant's test
// hands compareTree its enumerator, and the engine is driven through the
// public movegen API only, in both interpreted modes.

// loadShipped compiles the shipped example variant name.
func loadShipped(t testing.TB, name string) *movegen.Program {
	t.Helper()
	src, err := examples.Source(name)
	require.NoError(t, err)
	prog, err := movegen.Load(name+".alf", src, movegen.WithLoader(examples.Loader))
	require.NoError(t, err)
	return prog
}

// engineBoard is prog's board at fen, interpreted in mode.
func engineBoard(t testing.TB, prog *movegen.Program, fen string, mode movegen.Mode) *movegen.Board {
	t.Helper()
	b, err := prog.NewBoard(fen)
	require.NoError(t, err)
	b.SetMode(mode)
	b.SetTier(false)
	return b
}

// legalNames lists the legal moves of b by their names, with the moves in
// the same order, sorted by name.
func legalNames(b *movegen.Board) ([]string, []movegen.Move) {
	var list movegen.MoveList
	b.Legal(&list)
	names := b.Notation(list.Moves)
	order := make([]int, len(names))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(x, y int) int { return strings.Compare(names[x], names[y]) })
	sortedNames := make([]string, len(order))
	sortedMoves := make([]movegen.Move, len(order))
	for i, j := range order {
		sortedNames[i], sortedMoves[i] = names[j], list.Moves[j]
	}
	return sortedNames, sortedMoves
}

// enumerator is a brute-force variant as compareTree drives it: the legal
// move names of a position and the position after one of them.
type enumerator[P any] struct {
	moves func(P) []string
	play  func(P, string) P
}

// compareTree walks the legal move tree from fen to depth plies in the
// engine (both interpreted modes) and in the enumerator side by side,
// requiring the same sorted move names at every node, and returns the
// number of leaves (the perft count both agree on).
func compareTree[P any](t *testing.T, prog *movegen.Program, fen string, start P, e enumerator[P], depth int) int64 {
	t.Helper()
	var leaves int64
	for _, mode := range []movegen.Mode{movegen.Incremental, movegen.Full} {
		b := engineBoard(t, prog, fen, mode)
		leaves = walk(t, b, start, e, depth, nil)
		require.Equal(t, fen, b.FEN(), "%s: position not restored", mode)
	}
	return leaves
}

func walk[P any](t *testing.T, b *movegen.Board, p P, e enumerator[P], depth int, line []string) int64 {
	t.Helper()
	if depth == 0 {
		return 1
	}
	names, moves := legalNames(b)
	want := slices.Clone(e.moves(p))
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Fatalf("after %v (%s):\nengine %v\nbrute  %v", line, b.FEN(), names, want)
	}
	if depth == 1 {
		return int64(len(names))
	}
	var n int64
	for i, m := range moves {
		mk := b.Make(m)
		n += walk(t, b, e.play(p, names[i]), e, depth-1, append(line, names[i]))
		require.NoError(t, b.Unmake(mk))
	}
	return n
}

// deepTrees asks for the deepest comparisons (go test ./internal/brute
// -deep): a depth more from every playout position, two and a half
// minutes on an idle machine, which the default run — CI's — leaves out.
var deepTrees = flag.Bool("deep", false, "compare the deepest trees too (minutes)")

// deep reports whether the comparisons walk their deeper trees: with
// -deep, not with -short, and not under the race detector, which slows
// the walks tenfold and has nothing to find in these single-goroutine
// checks.
func deep() bool { return *deepTrees && !testing.Short() && !raceEnabled }
