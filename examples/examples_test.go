package examples_test

import (
	"fmt"
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

	// kinglet's pawns promote to the king this file removes: the errors
	// stand at kinglet's promote lines
	list = parse("from kinglet\nremove piece king\n")
	require.Len(t, list, 2)
	for _, e := range list {
		assert.Equal(t, "kinglet.alf", e.Pos.Filename)
		assert.Contains(t, e.Snippet(), "promote king")
		assert.Contains(t, e.Msg, `promote names unknown piece "king"`)
	}
}
