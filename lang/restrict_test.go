package lang

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRestrictLine: a restricting proxy (docs/language.md § Proxy pieces,
// Restricted) reads its mode word and its restrict: line, defs expanded,
// and prints both back in canonical form, which parses to the same text.
func TestRestrictLine(t *testing.T) {
	src := "game t\nboard 6x6\ndef capturing: enemy\npiece rook R\n    w empty mov\n" +
		"piece tower T proxy ally rook restrict\n    w ally room join\n    restrict: capturing not pos x l\n"
	f, err := Parse("t.alf", []byte(src))
	require.NoError(t, err)
	tower := f.Pieces[1]
	require.NotNil(t, tower.Restrict)
	assert.True(t, tower.Attrs[0].Proxy.Restricted)
	assert.False(t, tower.Attrs[0].Proxy.Frozen)
	want := "piece tower T proxy ally rook restrict carry\n    w ally room join\n    restrict: enemy not pos x l"
	assert.Equal(t, want, tower.String())
	again, err := Parse("t.alf", []byte(f.String()))
	require.NoError(t, err)
	assert.Equal(t, f.String(), again.String())
	// restrict is no keyword: a def of that name still expands in lines
	_, err = Parse("t.alf", []byte("game t\nboard 6x6\ndef restrict: empty mov\npiece rook R\n    w restrict\n"))
	assert.NoError(t, err)
}

// TestRestrictErrors: a malformed restrict: line or mode word is a
// positioned error that says what was expected.
func TestRestrictErrors(t *testing.T) {
	base := "game t\nboard 6x6\npiece rook R\n    w empty mov\n"
	for _, tt := range []struct{ src, want string }{
		{base + "piece tower T proxy ally rook restricted\n    w empty mov\n", "t.alf:5:31: expected free, frozen or restrict in the proxy attribute"},
		{base + "piece tower T proxy ally rook restrict\n    restrict:\n", "t.alf:6:14: expected conditions after restrict:"},
		{base + "piece tower T proxy ally rook restrict\n    restrict: enemy\n    restrict: empty\n", "t.alf:7:5: piece tower has a restrict line already"},
		{base + "piece tower T proxy ally rook restrict\n    restrict: enemy )\n", "t.alf:6:21: unexpected"},
	} {
		_, err := Parse("t.alf", []byte(tt.src))
		require.Error(t, err, tt.src)
		assert.Contains(t, err.Error(), tt.want, tt.src)
	}
}
