package ai_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/ai"
	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/movegen"
)

// TestProxySearch: a search of the proxy variants (docs/language.md § Proxy
// pieces) finishes, and its principal variation replays as legal moves,
// from the setup and from a position with stacks.
func TestProxySearch(t *testing.T) {
	for _, c := range []struct{ variant, fen string }{
		{"ram", ""},
		{"ram", "1rmkn1/1pppp1/6/2(MN)3/1PP3/1R1K2 w - - 0 1"},
		{"freezer", ""},
		{"freezer", "3k2/6/6/2(fMN)3/6/3K2 b - - 0 1"},
		{"merge", ""},
		{"merge", "3k2/2n3/6/2(CN)3/6/1N1K2 w - - 0 1"},
		{"siege", ""},
		{"siege", "1r1kn1/1p(tp)p2/6/2(TR)3/1PP3/3K2 b - - 0 1"},
	} {
		src, err := examples.Source(c.variant)
		require.NoError(t, err)
		prog, err := movegen.Load(c.variant+".alf", src, movegen.WithLoader(examples.Loader))
		require.NoError(t, err)
		b, err := prog.NewBoard(c.fen)
		require.NoError(t, err)
		res, err := ai.New(prog, ai.Options{}).Search(context.Background(), b, ai.Limits{Depth: 4})
		require.NoError(t, err)
		require.NotEmpty(t, res.PV, "%s %s", c.variant, c.fen)
		replay, err := prog.NewBoard(c.fen)
		require.NoError(t, err)
		for _, name := range res.PV {
			m, err := replay.ParseMove(name)
			require.NoError(t, err, "%s: pv %v", c.variant, res.PV)
			replay.Make(m)
		}
		assert.Equal(t, res.PV[0], res.Name)
	}
}
