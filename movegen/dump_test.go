package movegen

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestDumpGolden pins the compiled trees of pieces that use every kind of
// node (go test ./movegen -run Dump -update rewrites the files).
func TestDumpGolden(t *testing.T) {
	cases := []struct{ variant, piece string }{
		{"chess", "king"}, {"chess", "pawn"}, {"chess", "ghost"},
		{"zoo", "spine"}, {"zoo", "cannon"}, {"zoo", "crooked"}, {"zoo", "reflector"},
		{"zoo", "lion"}, {"zoo", "bomb"}, {"zoo", "tank"}, {"zoo", "sloth"}, {"zoo", "emperor"},
		{"zoo", "ubiubi"}, {"zoo", "man"}, {"kingofthehill", "king"}, {"checkers", "king"},
	}
	progs := map[string]*Program{}
	for _, c := range cases {
		t.Run(c.variant+"-"+c.piece, func(t *testing.T) {
			p := progs[c.variant]
			if p == nil {
				p = loadVariant(t, c.variant)
				progs[c.variant] = p
			}
			got, err := p.Dump(c.piece)
			require.NoError(t, err)
			golden := filepath.Join("testdata", "tree", c.variant+"-"+c.piece+".golden")
			if *update {
				require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run go test ./movegen -run Dump -update to create it")
			assert.Equal(t, string(want), got)
		})
	}
}

func TestDumpUnknownPiece(t *testing.T) {
	_, err := loadVariant(t, "chess").Dump("dragon")
	assert.ErrorContains(t, err, `no piece "dragon" in chess`)
}
