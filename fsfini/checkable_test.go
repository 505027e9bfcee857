package fsfini_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/fsfini"
	"github.com/alfil-go/alfil/lang"
)

// TestConvertWritesNoCheckable: Fairy-Stockfish has no piece whose own
// check obliges it to move, so no import is checkable (docs/language.md §
// Check as its own attribute): every variant of the test ini files and
// every built-in converts without the attribute.
func TestConvertWritesNoCheckable(t *testing.T) {
	var sources []string
	for _, name := range fsfini.Builtins() {
		r, err := mustParse(t, "[imported:"+name+"]\n").Convert("imported")
		if err == nil {
			sources = append(sources, r.Source)
		}
	}
	for _, file := range []string{"testdata/variants.ini", "testdata/predefined.ini"} {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		f, err := fsfini.Parse(file, data)
		require.NoError(t, err)
		for _, name := range f.Names() {
			if r, err := f.Convert(name); err == nil {
				sources = append(sources, r.Source)
			}
		}
	}
	parsed := 0
	for _, src := range sources {
		f, err := lang.Parse("imported.alf", []byte(src))
		if err != nil {
			continue // an import that needs inheritance or says what it cannot do
		}
		parsed++
		for _, pc := range f.Pieces {
			for _, a := range pc.Attrs {
				assert.NotEqual(t, "checkable", a.Name, "%s", src)
			}
		}
	}
	assert.Greater(t, parsed, 50, "imports read")
}
