package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/lang"
)

func TestRun(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		status    int
		stdout    []string // substrings expected on standard output
		stderr    []string // substrings expected on standard error
		notStdout []string
	}{
		{"no arguments", nil, 2, nil, []string{"usage:"}, nil},
		{"unknown command", []string{"fly"}, 2, nil, []string{`unknown command "fly"`}, nil},
		{"check chess file", []string{"check", "../variants/chess.alf"}, 0,
			[]string{"game chess, board 8x8, 7 pieces", "king", "royal", "setup rnbqkbnr/"}, nil, nil},
		{"check zoo file", []string{"check", "../variants/zoo.alf"}, 0,
			[]string{"game zoo, board 10x10, 25 pieces", "ubiubi", "reflector"}, nil, nil},
		{"check embedded variant", []string{"check", "-variant", "chess"}, 0, []string{"chess.alf: game chess"}, nil, nil},
		{"unknown embedded variant", []string{"check", "-variant", "nope"}, 1, nil, []string{`no embedded variant "nope"`}, nil},
		{"missing file", []string{"check", "testdata/none.alf"}, 1, nil, []string{"none.alf"}, nil},
		{"misspelled keywords", []string{"check", "testdata/misspelled.alf"}, 1, nil, []string{
			`testdata/misspelled.alf:7:7: unknown condition "enemmy" (did you mean "enemy"?)`,
			" |     w enemmy capt mov\n | ......^",
			`testdata/misspelled.alf:8:5: unknown keyword "slid" (did you mean "slide"?)`,
			`testdata/misspelled.alf:9:13: spawn names unknown piece "qeen"`,
			"3 error(s)"}, nil},
		{"print canonical", []string{"check", "-print", "../variants/chess.alf"}, 0,
			[]string{"piece knight N value 320\n    wwa enemy capt mov\n"}, nil, []string{"def ", "estandar"}},
		{"check needs one file", []string{"check", "a", "b"}, 2, nil, []string{"name one FILE"}, nil},
		{"variants", []string{"variants"}, 0, []string{"chess\n", "zoo\n"}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			status := run(tt.args, &out, &errOut)
			assert.Equal(t, tt.status, status, "stderr: %s", errOut.String())
			for _, s := range tt.stdout {
				assert.Contains(t, out.String(), s)
			}
			for _, s := range tt.notStdout {
				assert.NotContains(t, out.String(), s)
			}
			for _, s := range tt.stderr {
				assert.Contains(t, errOut.String(), s)
			}
		})
	}
}

// TestPrintReparses checks that check -print output is itself a valid
// variant file with the same canonical form.
func TestPrintReparses(t *testing.T) {
	for _, name := range examples.Names() {
		t.Run(name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			require.Equal(t, 0, run([]string{"check", "-print", "-variant", name}, &out, &errOut), errOut.String())
			path := filepath.Join(t.TempDir(), name+".alf")
			require.NoError(t, os.WriteFile(path, out.Bytes(), 0o644))
			f, err := lang.Parse(path, out.Bytes())
			require.NoError(t, err)
			assert.Equal(t, strings.TrimSuffix(out.String(), "\n"), f.String())
		})
	}
}
