package lang

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFieldLine parses a field line (docs/language.md § Blocking fields),
// its Spanish alias, and prints it back canonically.
func TestFieldLine(t *testing.T) {
	f, err := Parse("f.alf", []byte("board 6x6\npiece warden W invisible\n    {w,s} empty mov\n    campo: [w, a,\n wa] all\npiece king K royal\n    w empty mov\n    field: [s]\n"))
	require.NoError(t, err)
	w := f.Pieces[0]
	require.NotNil(t, w.Field)
	assert.True(t, w.Field.All)
	require.Len(t, w.Field.Squares, 3)
	assert.Equal(t, []string{"w", "a", "wa"}, []string{w.Field.Squares[0].Dirs, w.Field.Squares[1].Dirs, w.Field.Squares[2].Dirs})
	assert.False(t, f.Pieces[1].Field.All)
	text := f.String()
	assert.Contains(t, text, "field: [w, a, wa] all\n")
	assert.Contains(t, text, "    field: [s]")
	again, err := Parse("f.alf", []byte(text))
	require.NoError(t, err)
	assert.Equal(t, text, again.String())
}

// TestHiddenErrors: a field line or invisible attribute that cannot be.
func TestHiddenErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"two fields", "piece w W\n    field: [w]\n    field: [s]\n", "e.alf:3:5: piece w has a field already: a piece has one field line (list all its squares in it)"},
		{"field without colon", "piece w W\n    field [w]\n", `e.alf:2:11: expected ":" after field, found "["`},
		{"field without brackets", "piece w W\n    field: w\n", `e.alf:2:12: expected [ with the squares of the field, found "w"`},
		{"field with a bad step", "piece w W\n    field: [wx]\n", `e.alf:2:13: expected a step word such as wa or ewwd in the field squares, found "wx"`},
		{"field with a tail", "piece w W\n    field: [w] mov\n", `e.alf:2:16: expected all or the end of the field line, found keyword "mov"`},
		{"invisible royal", "piece k K royal invisible\n    w empty mov\n", "e.alf:1:17: piece k is invisible and royal: an invisible piece cannot be royal (a mov that lands on it captures it, which no check test sees) nor a ghost (a ghost is invisible to both sides already)"},
		{"invisible ghost", "piece g G invisible ghost\n", "e.alf:1:11: piece g is invisible and ghost: an invisible piece cannot be royal (a mov that lands on it captures it, which no check test sees) nor a ghost (a ghost is invisible to both sides already)"},
		{"a ghost's field", "piece g G ghost\n    field: [w]\n", "e.alf:2:5: piece g is a ghost: a ghost has no field"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("e.alf", []byte(tt.src))
			var list ErrorList
			require.True(t, errors.As(err, &list), "%v", err)
			var got []string
			for _, e := range list {
				got = append(got, e.Error())
			}
			assert.Contains(t, got, tt.want)
		})
	}
}
