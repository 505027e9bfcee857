package movegen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/examples"
)

// TestInheritanceCompiles checks that the inheritance features
// (docs/language.md § Inheritance) compile to the variant they stand for:
// a def written again, extend piece and replaces, used otherwise than
// the shipped files use them (atomar from nocheckatomic, crazyhouse with
// its rook extended first…), give the shipped variant's perft, lower as
// it does, and agree on the tier and interpreted; a compile error the
// file's def brings into an inherited line is positioned at the def, in
// the file that wrote it.
func TestInheritanceCompiles(t *testing.T) {
	load := func(t *testing.T, src string) *Program {
		t.Helper()
		p, err := Load("mine.alf", []byte(src), WithLoader(examples.Loader))
		require.NoError(t, err)
		return p
	}
	tests := []struct {
		name, src, variant string
	}{
		{"extend piece adds an attribute", "from chess\nextend piece queen royal\n", "coregal"},
		{"extend piece adds lines", "from chess\nextend piece rook\n    drop: empty\nextend piece queen\n    drop: empty\n" +
			"extend piece bishop\n    drop: empty\nextend piece knight\n    drop: empty\nsetup rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\n" +
			"piece pawn P resets value 100\n    drop: empty not pos x 0 not pos x l\n    w empty not pos x l mov\n    w empty pos x l mov promotion\n" +
			"    pos x 1 w empty spawn ghost w empty mov\n    {wa,wd} enemy not pos x l capt mov\n    {wa,wd} enemy pos x l capt mov promotion\n    {wa,wd} is ghost capt mov\n" +
			"captures hand demoted\nremove insufficient\n", "crazyhouse"},
		{"a def written again reaches the base's pieces", "from nocheckatomic\ngame atomar\n" +
			"def bystanders: in wa -> d d s s a a w do not is pawn not is ghost not is king capt end\ndef blast: bystanders in -> do capt\n" +
			"piece king K value 300\n    around mover\n    around enemy not is king capt mov bystanders\n" +
			"    unmoved d empty d empty d ally unmoved is rook pick aa put d mov\n    unmoved a empty a empty a empty a ally unmoved is rook pick ddd put a mov\n", "atomar"},
		{"replaces", "from chess\ndef promotion: promote {amazon,rook,bishop,knight}\npiece amazon A value 1200 replaces queen\n    slide around mover then captura\n" +
			"    {wwa,wwd,aaw,aas,ssa,ssd,ddw,dds} estandar\nsetup rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1\n", "amazon"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// the variant written otherwise, whose perft rows
			// (testdata/variants.tsv) are Fairy-Stockfish's
			want := loadVariant(t, tt.variant)
			b, err := want.NewBoard("")
			require.NoError(t, err)
			nodes := b.Perft(3)
			prog := load(t, tt.src)
			assert.Equal(t, want.tier != nil, prog.tier != nil, "lowers as %s does", tt.variant)
			checkPerft(t, prog, "", 3, nodes)
		})
	}
	t.Run("a compile error from the file's def names the file", func(t *testing.T) {
		_, err := Load("mine.alf", []byte("from atomic\ndef blast: in -> do nocheck\n"), WithLoader(examples.Loader))
		require.Error(t, err)
		assert.Contains(t, err.Error(), "mine.alf:2:21: nocheck inside in … do")
	})
	t.Run("the pieces' order follows replaces", func(t *testing.T) {
		prog := load(t, "from chess\ndef promotion: promote {amazon,rook,bishop,knight}\npiece amazon Q replaces queen\n    slide around mover\n")
		var names []string
		for _, pt := range prog.Types() {
			names = append(names, pt.Name)
		}
		assert.Equal(t, []string{"king", "amazon", "rook", "bishop", "knight", "pawn", "ghost"}, names)
	})
}
