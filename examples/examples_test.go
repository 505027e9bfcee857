package examples_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/lang"
)

func TestEveryVariantParses(t *testing.T) {
	names := examples.Names()
	require.Contains(t, names, examples.Default)
	require.Contains(t, names, "zoo")
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			f, err := examples.Parse(name)
			require.NoError(t, err)
			assert.NotEmpty(t, f.Pieces)
			assert.NotNil(t, f.Setup, "every shipped variant has a starting position")
		})
	}
}

// TestZooHasEveryPiece checks that the zoo declares every piece that the
// language reference (LANGUAGE.md §12) lists.
func TestZooHasEveryPiece(t *testing.T) {
	f, err := examples.Parse("zoo")
	require.NoError(t, err)
	have := map[string]bool{}
	for _, pc := range f.Pieces {
		have[pc.Name] = true
	}
	for _, want := range []string{"king", "knight", "flatknight", "rook", "bishop", "queen", "pawn", "ghost",
		"spine", "grasshopper", "nightrider", "crooked", "rose", "reflector", "crawler", "lion", "cannon",
		"man", "dking", "bomb", "tank", "sloth", "hunter", "emperor", "ubiubi"} {
		assert.True(t, have[want], "zoo has no %s", want)
	}
}

func TestSourceErrors(t *testing.T) {
	_, err := examples.Source("nope")
	assert.ErrorContains(t, err, `no embedded variant "nope"`)
	_, err = examples.Source("nope+960")
	assert.ErrorContains(t, err, `no embedded variant "nope+960"`)
}

// TestSourceNames: a file by its name, with .alf, and a variant played
// from Chess960's starts by Fairy-Stockfish's name for it.
func TestSourceNames(t *testing.T) {
	want, err := examples.Source("seirawan960")
	require.NoError(t, err)
	for _, name := range []string{"seirawan960.alf", "seirawan+960"} {
		got, err := examples.Source(name)
		require.NoError(t, err, name)
		assert.Equal(t, want, got, name)
	}
}

func ExampleParse() {
	f, err := examples.Parse("chess")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, pc := range f.Pieces {
		fmt.Printf("%s %c: %d move lines\n", pc.Name, pc.Letter, len(pc.Moves))
	}
	// Output:
	// king K: 18 move lines
	// queen Q: 8 move lines
	// rook R: 4 move lines
	// bishop B: 4 move lines
	// knight N: 16 move lines
	// pawn P: 18 move lines
	// ghost G: 0 move lines
}

// TestInheritedErrorsNameTheirFile: a file that inherits from a shipped
// variant whose own base is another (codrus from giveaway from extinction
// from chess) has its mistakes reported in its own file, and those its
// changes cause in a base's lines in that base's file and line.
func TestInheritedErrorsNameTheirFile(t *testing.T) {
	parse := func(src string) lang.ErrorList {
		t.Helper()
		_, err := lang.Parse("mine.alf", []byte(src), lang.WithLoader(examples.Loader))
		var list lang.ErrorList
		require.ErrorAs(t, err, &list)
		return list
	}
	list := parse("from codrus\ngame mine\npiece pawn P\n    w enemmy mov\n")
	require.Len(t, list, 1)
	assert.Equal(t, "mine.alf:4:7: unknown condition \"enemmy\" (did you mean \"enemy\"?)", list[0].Error())

	// kinglet's pawns promote to the king this file removes: the error
	// stands at kinglet's def promotion, whose text chess's pawn lines
	// expand (one error for both lines, at the one place to mend)
	list = parse("from kinglet\nremove piece king\n")
	require.Len(t, list, 1)
	for _, e := range list {
		assert.Equal(t, "kinglet.alf", e.Pos.Filename)
		assert.Contains(t, e.Snippet(), "promote king")
		assert.Contains(t, e.Msg, `promote names unknown piece "king"`)
	}
}

// TestDirLoader checks how a variant file on disk finds its base
// (docs/language.md § Inheritance): a shipped name is the shipped
// variant, whatever lies beside the file; ./NAME is the file beside it;
// any other name is the file beside it.
func TestDirLoader(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		t.Helper()
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
		return path
	}
	// a chess of the user's, on 8x8 with no queen, itself from the shipped chess
	write("chess.alf", "from chess\ngame mychess\nremove piece queen\ndef promotion: promote {rook,bishop,knight}\nsetup rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1\n")
	write("base.alf", "from chess\ngame base\npiece wazir W\n    {w,a,s,d} mover\n")
	load := func(name, src string) (*lang.File, error) {
		return lang.Parse(filepath.Join(dir, name), []byte(src), lang.WithLoader(examples.DirLoader(dir)))
	}
	pieces := func(f *lang.File) int { return len(f.Pieces) }

	shipped, err := load("mine.alf", "from chess\n")
	require.NoError(t, err)
	assert.Equal(t, 6+1, pieces(shipped), "from chess is the shipped chess, with its queen, though chess.alf lies beside")
	assert.Equal(t, "chess.alf", shipped.Source.Position(shipped.Pieces[0].Pos).Filename)

	local, err := load("mine.alf", "from ./chess\n")
	require.NoError(t, err, "%v", err)
	assert.Equal(t, 6, pieces(local), "from ./chess is the file beside, without a queen")

	mychess, err := load("chess.alf", "from chess\ngame mychess\nremove piece queen\ndef promotion: promote {rook,bishop,knight}\n")
	require.NoError(t, err, "a chess.alf of the user's may inherit from the shipped chess: no cycle")
	assert.Equal(t, 6, pieces(mychess))

	other, err := load("mine.alf", "from base\n")
	require.NoError(t, err, "a name alfil does not ship is the file beside")
	assert.Equal(t, filepath.Join(dir, "base.alf"), other.Source.Position(other.Pieces[len(other.Pieces)-1].Pos).Filename)

	self := write("self.alf", "from ./self\n")
	_, err = lang.Parse(self, []byte("from ./self\n"), lang.WithLoader(examples.DirLoader(dir)))
	require.EqualError(t, err, self+":1:6: from ./self: inheritance cycle self from ./self")

	for _, tt := range []struct{ src, want string }{
		{"from ./nothere\n", "mine.alf:1:6: from ./nothere: no file " + filepath.Join(dir, "nothere.alf") + " beside the variant read"},
		{"from nothere\n", "mine.alf:1:6: from nothere: no file " + filepath.Join(dir, "nothere.alf") + ` and no shipped variant "nothere" (alfil variants lists them)`},
		{"from ./.hidden\n", `mine.alf:1:6: from ./.hidden: no variant "./.hidden": a name has no slashes and does not start with a dot`},
	} {
		_, err := load("mine.alf", tt.src)
		require.Error(t, err)
		assert.Contains(t, strings.TrimPrefix(err.Error(), dir+string(filepath.Separator)), tt.want)
	}

	_, err = lang.Parse("mine.alf", []byte("from ./chess\n"), lang.WithLoader(examples.Loader))
	require.EqualError(t, err, "mine.alf:1:6: from ./chess: ./chess is a file beside the variant read, and this one is not read from a directory (only the shipped variants are found: from chess)")
}
