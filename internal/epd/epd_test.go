package epd

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.epd")
	require.NoError(t, os.WriteFile(good, []byte("# comment\n\n8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 3 ;D2 9\n"), 0o644))
	cases, err := Read(good)
	require.NoError(t, err)
	assert.Equal(t, []Case{{"8/8/8/8/8/8/8/K1k5 w - - 0 1", 1, 3}, {"8/8/8/8/8/8/8/K1k5 w - - 0 1", 2, 9}}, cases)

	// a FEN ending with the state field in braces (docs/language.md § FEN
	// state field) is one FEN: its colons and commas split nothing
	state := filepath.Join(dir, "state.epd")
	require.NoError(t, os.WriteFile(state, []byte("8/8/8/8/8/8/8/K1k5 w - - 0 1 {seed:9e3779b97f4a7c15,last:a1} ;D1 3\n"), 0o644))
	cases, err = Read(state)
	require.NoError(t, err)
	assert.Equal(t, []Case{{"8/8/8/8/8/8/8/K1k5 w - - 0 1 {seed:9e3779b97f4a7c15,last:a1}", 1, 3}}, cases)

	bad := filepath.Join(dir, "bad.epd")
	require.NoError(t, os.WriteFile(bad, []byte("x ;D1 3\nfen ;depth one\n"), 0o644))
	_, err = Read(bad)
	assert.ErrorContains(t, err, "bad.epd:2: bad entry")

	_, err = Read(filepath.Join(dir, "missing.epd"))
	assert.Error(t, err)
}
