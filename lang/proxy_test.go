package lang

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestProxyAttr: the proxy attribute reads into its rule and prints back
// in canonical form (docs/language.md § Proxy pieces).
func TestProxyAttr(t *testing.T) {
	for _, tt := range []struct{ attr, want string }{
		{"proxy ally {rook,knight,pawn} free carry value 200", "proxy ally {rook,knight,pawn} free carry value 200"},
		{"proxy enemy {rook,knight} frozen leave priority 1", "proxy enemy {rook,knight} frozen leave priority 1"},
		{"proxy any free", "proxy any free carry"},
		{"proxy ally knight frozen priority -3", "proxy ally knight frozen carry priority -3"},
	} {
		src := "game t\nboard 6x6\npiece knight N\n    {wwa} empty mov\npiece rook R\npiece pawn P\npiece ram M " + tt.attr + "\n    w ally room join\n"
		f, err := Parse("t.alf", []byte(src))
		require.NoError(t, err, tt.attr)
		ram := f.Pieces[3]
		assert.Equal(t, "piece ram M "+tt.want+"\n    w ally room join", ram.String())
	}
}

// TestProxyAttrErrors: a malformed proxy attribute is a positioned error
// that says what was expected.
func TestProxyAttrErrors(t *testing.T) {
	for _, tt := range []struct{ attr, want string }{
		{"proxy", "t.alf:3:18: expected ally, enemy or any after proxy"},
		{"proxy ally", "t.alf:3:23: expected free, frozen or restrict in the proxy attribute"},
		{"proxy ally {rook knight} free", "expected , or } after rook in proxy's braces"},
		{"proxy ally {rook,rook} free", "proxy names piece rook twice"},
		{"proxy ally free priority", "expected a number after priority"},
		{"proxy ally free priority 101", "priority 101"},
	} {
		src := "game t\nboard 6x6\npiece ram M " + tt.attr + "\n    w empty mov\n"
		_, err := Parse("t.alf", []byte(src))
		require.Error(t, err, tt.attr)
		assert.Contains(t, err.Error(), tt.want, tt.attr)
	}
}
