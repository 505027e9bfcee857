package lang

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGoalTerms reads the goal's piece any and its terms count, full and
// safe (docs/language.md § Goals and checks), and the canonical form
// that reads them back.
func TestGoalTerms(t *testing.T) {
	const pieces = "piece king K royal\n    w mov\npiece knight N\n    w mov\n"
	for src, want := range map[string]struct {
		any         bool
		count       int
		full, safe  bool
		ending, out string
	}{
		"goal any rank 8":           {any: true, out: "goal any rank 8"},
		"goal knight e4 e5 count 2": {count: 2, out: "goal knight e4 e5 count 2"},
		"goal first knight a1 count 3 full hold\ngoal second knight h8 count 3 full hold": {count: 3, full: true, ending: "hold", out: "goal first knight a1 count 3 full hold"},
		"goal any rank 8 safe":           {any: true, safe: true, out: "goal any rank 8 safe"},
		"goal any file a hold safe":      {any: true, safe: true, ending: "hold", out: "goal any file a hold safe"},
		"goal king rank 8 count 1 reply": {count: 1, ending: "reply", out: "goal king rank 8 reply"},
	} {
		f, err := Parse("g.alf", []byte(pieces+src+"\n"))
		require.NoError(t, err, src)
		g := f.Goals[0]
		assert.Equal(t, want.any, g.Any, src)
		assert.Equal(t, want.count, g.Count, src)
		assert.Equal(t, want.full, g.Full, src)
		assert.Equal(t, want.safe, g.Safe, src)
		assert.Equal(t, want.ending, g.Ending(), src)
		assert.Contains(t, f.String()+"\n", "\n"+want.out+"\n", src)
		again, err := Parse("again.alf", []byte(f.String()))
		require.NoError(t, err, f.String())
		assert.Equal(t, g.Terms(), again.Goals[0].Terms(), src)
		assert.Equal(t, g.Any, again.Goals[0].Any, src)
	}
	// a piece named any is that piece
	f, err := Parse("g.alf", []byte("piece any A\n    w mov\ngoal any rank 8\n"))
	require.NoError(t, err)
	assert.False(t, f.Goals[0].Any)
}
