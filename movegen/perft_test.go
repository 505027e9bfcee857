package movegen

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/internal/epd"
)

var deep = flag.Bool("deep", false, "also run the perft cases above five million nodes")

// readEPD reads a perft suite (see internal/epd).
func readEPD(t *testing.T, path string) []epd.Case {
	t.Helper()
	cases, err := epd.Read(path)
	require.NoError(t, err)
	return cases
}

// nodeBudget is the largest perft a run checks: small under -short or the
// race detector, up to five million nodes by default, everything with
// -deep.
func nodeBudget() uint64 {
	switch {
	case *deep:
		return 1 << 62
	case light():
		return 100_000
	}
	return 5_000_000
}

// light reports whether the long single-goroutine checks run small: under
// -short, and under the race detector, which slows them tenfold and has
// nothing to find in them.
func light() bool { return testing.Short() || raceEnabled }

// checkPerft runs perft on the bitboard tier, when the variant lowers to
// it, and interpreted in both modes — Full (the reference) only up to a
// tenth of the budget and at most 500,000 nodes, so that every position's
// small depths are checked both ways, and Incremental, for a variant the
// tier runs, up to a fifth of the budget and at least 100,000 nodes (the
// tier takes the rows above, the interpreter has them with -deep) — and
// checks that the position is restored exactly.
func checkPerft(t *testing.T, prog *Program, fen string, depth int, nodes uint64) {
	if nodes > nodeBudget() {
		t.Skipf("%d nodes: run with -deep", nodes)
	}
	if prog.tier != nil {
		t.Run("tier", func(t *testing.T) {
			b, err := prog.NewBoard(fen)
			require.NoError(t, err)
			require.True(t, b.Tier())
			if got := b.Perft(depth); got != nodes {
				t.Fatalf("perft(%d) = %d, want %d\n%s", depth, got, nodes, b.pos.Draw())
			}
		})
	}
	for _, mode := range []Mode{Incremental, Full} {
		t.Run(mode.String(), func(t *testing.T) {
			if limit := min(nodeBudget()/10, 500_000); mode == Full && nodes > limit {
				t.Skipf("%d nodes: the full mode runs up to %d", nodes, limit)
			}
			if limit := max(nodeBudget()/5, 100_000); mode == Incremental && prog.tier != nil && nodes > limit {
				t.Skipf("%d nodes: the tier runs them; interpreted up to %d", nodes, limit)
			}
			b, err := prog.NewBoard(fen)
			require.NoError(t, err)
			b.SetMode(mode)
			b.SetTier(false)
			start, hash := b.FEN(), b.pos.Hash()
			got := b.Perft(depth)
			if got != nodes {
				t.Fatalf("perft(%d) = %d, want %d\n%s", depth, got, nodes, b.pos.Draw())
			}
			require.Equal(t, start, b.FEN(), "position not restored")
			require.Equal(t, hash, b.pos.Hash(), "hash not restored")
		})
	}
}

// loadVariant compiles the shipped variant name, once per test binary: a
// Program is immutable and safe to share (program.go), and ninety-odd
// variants compiled again by every check that walks them all would cost
// the race run most of its time.
func loadVariant(t testing.TB, name string) *Program {
	t.Helper()
	compiled.Lock()
	defer compiled.Unlock()
	if p := compiled.programs[name]; p != nil {
		return p
	}
	src, err := examples.Source(name)
	require.NoError(t, err)
	p, err := Load(name+".alf", src, WithLoader(examples.Loader))
	require.NoError(t, err)
	compiled.programs[name] = p
	return p
}

var compiled = struct {
	sync.Mutex
	programs map[string]*Program
}{programs: map[string]*Program{}}

// shippedVariants returns the shipped variants a check that walks them
// all runs on: every one, but under the race detector — which slows the
// generator tenfold and has nothing to find in these single-goroutine
// checks — every third, so that the race run stays in CI's time (the
// plain run checks them all).
func shippedVariants() []string {
	names := examples.Names()
	if !raceEnabled {
		return names
	}
	var sample []string
	for i, name := range names {
		if i%3 == 0 {
			sample = append(sample, name)
		}
	}
	return sample
}

// sampledOut reports whether name is a shipped variant the race run
// leaves out (shippedVariants).
func sampledOut(name string) bool {
	return raceEnabled && slices.Contains(examples.Names(), name) && !slices.Contains(shippedVariants(), name)
}

// TestPerftChess checks the chess written in the language against the
// published numbers, in both modes, and that every position is restored
// exactly (FEN and hash) after the search.
func TestPerftChess(t *testing.T) {
	prog := loadVariant(t, "chess")
	for _, c := range readEPD(t, "testdata/chess.epd") {
		name := fmt.Sprintf("%s/d%d", strings.Fields(c.FEN)[0], c.Depth)
		t.Run(name, func(t *testing.T) { checkPerft(t, prog, c.FEN, c.Depth, c.Nodes) })
	}
}

func TestReadEPD(t *testing.T) {
	cases := readEPD(t, "testdata/chess.epd")
	require.Equal(t, epd.Case{FEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Depth: 1, Nodes: 20}, cases[0])
	require.Equal(t, 6, cases[5].Depth)
}

// TestPerftVariants checks every shipped variant against the published
// (or hand-checked) numbers in testdata/variants.tsv.
func TestPerftVariants(t *testing.T) {
	data, err := os.ReadFile("testdata/variants.tsv")
	require.NoError(t, err)
	checked := map[string]bool{}
	for _, name := range shippedVariants() {
		checked[name] = true
	}
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Split(line, "\t")
		require.Len(t, f, 5, "bad row %q", line)
		depth, err := strconv.Atoi(f[2])
		require.NoError(t, err)
		nodes, err := strconv.ParseUint(f[3], 10, 64)
		require.NoError(t, err)
		name, fen := f[0], f[1]
		if fen == "startpos" {
			fen = ""
		}
		t.Run(fmt.Sprintf("%s/%s/d%d", name, strings.Fields(f[1])[0], depth), func(t *testing.T) {
			if !checked[name] {
				t.Skip("under the race detector a third of the variants are checked (shippedVariants)")
			}
			checkPerft(t, loadVariant(t, name), fen, depth, nodes)
		})
	}
}

// TestPerftChess960 checks chess960.alf's castle against the published
// Chess960 numbers, whose castling fields are Shredder-FEN.
func TestPerftChess960(t *testing.T) {
	prog := loadVariant(t, "chess960")
	for _, c := range readEPD(t, "testdata/chess960.epd") {
		name := fmt.Sprintf("%s/d%d", strings.Fields(c.FEN)[0], c.Depth)
		t.Run(name, func(t *testing.T) { checkPerft(t, prog, c.FEN, c.Depth, c.Nodes) })
	}
}
