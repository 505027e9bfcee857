package lang

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The checkable attribute (docs/language.md § Check as its own attribute):
// jaqueable reads as checkable, jaque stays royal, and a wall or a ghost
// cannot be checkable.
func TestCheckableAttribute(t *testing.T) {
	f := mustParse(t, "c.alf", "piece king K real jaqueable\n    w mov\npiece guard G jaque\n    w mov\n")
	require.Len(t, f.Pieces, 2)
	assert.Equal(t, "checkable", f.Pieces[0].Attrs[1].Name)
	assert.Equal(t, "royal", f.Pieces[1].Attrs[0].Name)
	assert.Contains(t, f.Pieces[0].String(), "piece king K real checkable")
	requireRoundTrip(t, f)

	for _, tt := range []struct{ name, src, want string }{
		{"a checkable wall", "piece duck D wall checkable\n", "e.alf:1:19: attribute checkable on piece duck, a wall, which belongs to no army: nothing can threaten it, so check cannot concern it"},
		{"a checkable ghost", "piece ep E jaqueable ghost\n", "e.alf:1:12: attribute checkable on piece ep, a ghost, which every line sees as empty: nothing can threaten it, so check cannot concern it"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, []string{tt.want}, parseErrors(t, "e.alf", tt.src))
		})
	}
}
