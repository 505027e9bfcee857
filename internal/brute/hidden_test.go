package brute_test

import (
	"context"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/ai"
	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/internal/brute"
	"github.com/alfil-go/alfil/movegen"
	"github.com/alfil-go/alfil/uci"
)

// The comparisons for invisible.alf and fields.alf (docs/language.md §
// Invisible pieces, § Blocking fields), shared by invisible_test.go and
// fields_test.go.

// hiddenVariant is one of the two variants as the tests drive it.
type hiddenVariant struct {
	name    string
	moves   func(*brute.HiddenPos) []string
	play    func(*brute.HiddenPos, string) *brute.HiddenPos
	playout func(*brute.HiddenPos, int, func(int) int) *brute.HiddenPos
}

// hiddenCompare compares the engine (both modes) and the enumerator from
// fen, depth plies deep, and returns the leaf count.
func hiddenCompare(t *testing.T, v hiddenVariant, prog *movegen.Program, fen string, depth int) int64 {
	t.Helper()
	p, err := brute.HiddenParse(fen)
	require.NoError(t, err)
	return compareTree(t, prog, fen, p, enumerator[*brute.HiddenPos]{moves: v.moves, play: v.play}, depth)
}

// hiddenPlayouts returns n positions reached by random playouts of the
// enumerator from fen (seeded: the same positions every run) where both
// sides still have their special piece and the side to move has a move,
// each as the engine writes its FEN.
func hiddenPlayouts(t *testing.T, v hiddenVariant, prog *movegen.Program, fen string, n int, seed int64) []string {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	var out []string
	for len(out) < n {
		p, err := brute.HiddenParse(fen)
		require.NoError(t, err)
		q := v.playout(p, 4+rng.Intn(14), rng.Intn)
		if len(v.moves(q)) == 0 || !hiddenBothSpecial(q) {
			continue
		}
		b, err := prog.NewBoard(q.FEN())
		require.NoError(t, err)
		out = append(out, b.FEN())
	}
	return out
}

// hiddenEngineNames lists the engine's legal moves at fen in mode.
func hiddenEngineNames(t *testing.T, prog *movegen.Program, fen string, mode movegen.Mode) []string {
	t.Helper()
	names, _ := legalNames(engineBoard(t, prog, fen, mode))
	return names
}

// hiddenBothSpecial reports whether each side has a mine or a warden on
// the board.
func hiddenBothSpecial(p *brute.HiddenPos) bool {
	var has [2]bool
	for _, pc := range p.Cells {
		if pc != nil && (pc.Kind == 'M' || pc.Kind == 'W') {
			has[pc.Side] = true
		}
	}
	return has[0] && has[1]
}

// hiddenExact requires the hand-checked legal move list want at fen from
// the enumerator and from the engine in both interpreted modes.
func hiddenExact(t *testing.T, v hiddenVariant, prog *movegen.Program, fen string, want []string) {
	t.Helper()
	p, err := brute.HiddenParse(fen)
	require.NoError(t, err)
	require.Equal(t, want, v.moves(p), "brute at %s", fen)
	for _, mode := range []movegen.Mode{movegen.Incremental, movegen.Full} {
		require.Equal(t, want, hiddenEngineNames(t, prog, fen, mode), "%s at %s", mode, fen)
	}
}

// hiddenMove returns the legal move named name on b.
func hiddenMove(t *testing.T, b *movegen.Board, name string) movegen.Move {
	t.Helper()
	names, moves := legalNames(b)
	for i, n := range names {
		if n == name {
			return moves[i]
		}
	}
	t.Fatalf("no legal move %s at %s (have %v)", name, b.FEN(), names)
	return movegen.Move{}
}

// TestHiddenEngines: a short search of each variant finishes and its
// principal variation replays as a game; a UCI session plays the variant
// (perft and a search).
func TestHiddenEngines(t *testing.T) {
	for _, name := range []string{"invisible", "fields"} {
		prog := loadShipped(t, name)
		for _, mode := range []movegen.Mode{movegen.Incremental, movegen.Full} {
			b, err := prog.NewBoard("")
			require.NoError(t, err)
			b.SetMode(mode)
			res, err := ai.New(prog, ai.Options{}).Search(context.Background(), b, ai.Limits{Depth: 3})
			require.NoError(t, err)
			require.NotEmpty(t, res.PV, "%s %s", name, mode)
			g, err := game.New(prog, "")
			require.NoError(t, err)
			for _, m := range res.PV {
				require.NoError(t, g.PlayMove(m), "%s %s: PV %v", name, mode, res.PV)
			}
		}
		var out strings.Builder
		e := uci.New(&out)
		for _, c := range []string{"uci", "setoption name UCI_Variant value " + name, "isready", "position startpos", "go perft 2", "go depth 2"} {
			e.Command(c)
		}
		e.Wait()
		e.Command("quit")
		want := map[string]string{"invisible": "Nodes searched: 163", "fields": "Nodes searched: 82"}[name]
		assert.Contains(t, out.String(), want, name)
		assert.Contains(t, out.String(), "bestmove ", name)
	}
}
