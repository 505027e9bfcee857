package lang

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConnect reads connect rules (docs/language.md § Connect): the
// count, the pieces, the lines and the result, the canonical form that
// reads back the same, and an inherited rule replaced and removed.
func TestConnect(t *testing.T) {
	const pieces = "piece stone S\n    drop: empty\npiece ring R\n    drop: empty\n"
	for src, want := range map[string]Connect{
		"connect 3 win":                            {N: 3, Result: "win"},
		"connect 4 stone loss":                     {N: 4, Pieces: []PieceName{{Name: "stone"}}, Result: "loss"},
		"connect 5 {stone,ring} ranks files draw":  {N: 5, Pieces: []PieceName{{Name: "stone"}, {Name: "ring"}}, Lines: []string{"ranks", "files"}, Result: "draw"},
		"connect 2 diagonals win":                  {N: 2, Lines: []string{"diagonals"}, Result: "win"},
		"connect 32 {ring} files diagonals win":    {N: 32, Pieces: []PieceName{{Name: "ring"}}, Lines: []string{"files", "diagonals"}, Result: "win"},
		"connect 6 ring ranks files diagonals win": {N: 6, Pieces: []PieceName{{Name: "ring"}}, Lines: []string{"ranks", "files", "diagonals"}, Result: "win"},
	} {
		f, err := Parse("c.alf", []byte(pieces+src+"\n"))
		require.NoError(t, err, src)
		require.NotNil(t, f.Connect, src)
		got := *f.Connect
		got.Pos = 0
		for i := range got.Pieces {
			got.Pieces[i].Pos = 0
		}
		assert.Equal(t, want, got, src)
		// the canonical form reads back as the same rule
		again, err := Parse("again.alf", []byte(f.String()))
		require.NoError(t, err, f.String())
		assert.Contains(t, f.String(), "\nconnect ")
		assert.Equal(t, len(f.Connect.Pieces), len(again.Connect.Pieces), src)
		assert.Equal(t, f.Connect.Lines, again.Connect.Lines, src)
		assert.Equal(t, f.Connect.Result, again.Connect.Result, src)
	}

	files := map[string]string{"base": pieces + "connect 3 stone win\n"}
	f, err := Parse("d.alf", []byte("from base\nconnect 4 loss\n"), WithLoader(mapLoader(files)))
	require.NoError(t, err)
	assert.Equal(t, 4, f.Connect.N)
	assert.Empty(t, f.Connect.Pieces, "a rule written replaces the inherited one whole")
	f, err = Parse("d.alf", []byte("from base\nremove connect\n"), WithLoader(mapLoader(files)))
	require.NoError(t, err)
	assert.Nil(t, f.Connect)
}
