package ai

import (
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/movegen"
)

// TestEvalHook checks that the search credits the hook's changes to the
// side that made them: at depth 1 the bonus move wins 300; at depth 2 the
// opponent answers with its own bonus and the credits cancel; without the
// eval declaration no move earns anything.
func TestEvalHook(t *testing.T) {
	src, err := os.ReadFile("testdata/hook.alf")
	require.NoError(t, err)
	for _, c := range []struct {
		name       string
		src        string
		depth      int
		lo, hi     int
		wantMove   string
		greedyMove string
	}{
		{"depth 1", string(src), 1, 250, 350, "a1b1", "a1b1"},
		{"depth 2", string(src), 2, -100, 100, "a1b1", ""},
		{"no hook", strings.Replace(string(src), "eval g0\n", "", 1), 1, -100, 100, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			prog, err := movegen.Load("hook.alf", []byte(c.src))
			require.NoError(t, err)
			b, err := prog.NewBoard("")
			require.NoError(t, err)
			res, err := New(prog, Options{TableBits: 12}).Search(context.Background(), b, Limits{Depth: c.depth})
			require.NoError(t, err)
			assert.GreaterOrEqual(t, res.Score, c.lo)
			assert.LessOrEqual(t, res.Score, c.hi)
			if c.wantMove != "" {
				assert.Equal(t, c.wantMove, res.Name)
			}
			if c.greedyMove != "" {
				m, err := Greedy{Eval: NewMaterial(prog), Rand: rand.New(rand.NewPCG(1, 1))}.Choose(context.Background(), b)
				require.NoError(t, err)
				assert.Equal(t, c.greedyMove, b.MoveString(m))
			}
		})
	}
}
