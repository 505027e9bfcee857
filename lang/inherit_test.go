package lang

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mapLoader finds base variants in a map of texts, by name.
func mapLoader(files map[string]string) Loader {
	return func(name string) (string, []byte, error) {
		src, ok := files[name]
		if !ok {
			return "", nil, fmt.Errorf("no variant %q", name)
		}
		return name + ".alf", []byte(src), nil
	}
}

// dirLoader finds base variants among the shipped ones, as
// examples.Loader does (lang's tests cannot import examples).
func dirLoader(name string) (string, []byte, error) {
	src, err := os.ReadFile(filepath.Join("../examples/variants", name+".alf"))
	return name + ".alf", src, err
}

const inheritBase = `game base
board 4x4
def mover: empty mov
def hit: enemy capt mov
piece king K royal
    {w,a,s,d} {mover,hit}
piece rook R
    slide {w,a,s,d} mover then hit
piece pawn P
    w mover
    w pos x l mover promote rook
setup 3k/3p/P3/K3 w - - 0 1
nomoves stalemate draw
nomoves check loss
captures forced
insufficient K vs K
repetition 3 draw
`

func extinctionNames(f *File) []string {
	var names []string
	for _, n := range f.ExtinctionPieces {
		names = append(names, n.Name)
	}
	return names
}

// TestInheritance checks what a file that inherits keeps, replaces, adds
// and removes (docs/language.md § Inheritance).
func TestInheritance(t *testing.T) {
	files := map[string]string{"base": inheritBase}
	pieceNames := func(f *File) string {
		var names []string
		for _, pc := range f.Pieces {
			names = append(names, pc.Name+":"+pc.LetterString())
		}
		return strings.Join(names, " ")
	}
	tests := []struct {
		name  string
		src   string
		check func(t *testing.T, f *File)
	}{
		{"everything inherited", "from base\n", func(t *testing.T, f *File) {
			assert.Equal(t, "", f.Name, "the game line is not inherited")
			assert.Equal(t, 4, f.Width)
			assert.Equal(t, "king:K rook:R pawn:P", pieceNames(f))
			assert.Equal(t, "3k/3p/P3/K3 w - - 0 1", f.Setup.FEN)
			assert.True(t, f.ForcedCaptures)
			assert.Len(t, f.NoMoves, 2)
			assert.Len(t, f.Insufficient, 1)
			assert.Equal(t, 3, f.Repetition.N)
		}},
		{"a piece of the same name replaces, a new one adds", "from base\ngame derived\npiece rook R\n    slide {wa,as,sd,dw} mover then hit\npiece knight N\n    {wwa,wwd} hit\n",
			func(t *testing.T, f *File) {
				assert.Equal(t, "derived", f.Name)
				assert.Equal(t, "king:K rook:R pawn:P knight:N", pieceNames(f))
				assert.Contains(t, f.Pieces[1].Moves[0].String(), "wa")
			}},
		{"the base's defs serve the file, and a def written again serves the base's lines too", "from base\ndef mover: empty mov mov\npiece wazir W\n    w mover\n    a hit\n",
			func(t *testing.T, f *File) {
				assert.Equal(t, "w empty mov mov", f.Pieces[3].Moves[0].String())
				assert.Equal(t, "a enemy capt mov", f.Pieces[3].Moves[1].String())
				assert.Equal(t, "w empty mov mov", f.Pieces[2].Moves[0].String(), "the base's pawn reads the file's mover")
			}},
		{"declarations that stand once are replaced", "from base\nboard 5x5\nsetup 4k/5/5/5/K4 w - - 0 1\nrepetition 4 draw\n", func(t *testing.T, f *File) {
			assert.Equal(t, 5, f.Width)
			assert.Equal(t, "4k/5/5/5/K4 w - - 0 1", f.Setup.FEN)
			assert.Equal(t, 4, f.Repetition.N)
		}},
		{"extinction replaces the whole rule", "from extinct\nextinction win rook\n", func(t *testing.T, f *File) {
			assert.Equal(t, "win", f.Extinction)
			assert.Equal(t, []string{"rook"}, extinctionNames(f))
			assert.False(t, f.ExtinctionAll)
			assert.Zero(t, f.ExtinctionLeft, "left 2 of the base is not the file's")
			assert.Zero(t, f.ExtinctionVs)
			assert.False(t, f.ExtinctionReply)
		}},
		{"remove extinction", "from extinct\nremove extinction\n", func(t *testing.T, f *File) {
			assert.Empty(t, f.Extinction)
			assert.Empty(t, f.ExtinctionPieces)
			assert.Zero(t, f.ExtinctionLeft)
		}},
		{"nomoves replaces the same case only", "from base\nnomoves stalemate loss\n", func(t *testing.T, f *File) {
			require.Len(t, f.NoMoves, 2)
			assert.Equal(t, "stalemate", f.NoMoves[0].When)
			assert.Equal(t, "loss", f.NoMoves[0].Result)
			assert.Equal(t, "check", f.NoMoves[1].When)
		}},
		{"insufficient replaces the whole list", "from base\ninsufficient KR vs K\ninsufficient K vs KR\n", func(t *testing.T, f *File) {
			require.Len(t, f.Insufficient, 2)
			assert.Equal(t, "KR", f.Insufficient[0].Sides[0].String())
		}},
		{"flags may be declared again", "from base\ncaptures forced\n", func(t *testing.T, f *File) {
			assert.True(t, f.ForcedCaptures)
		}},
		{"remove", "from base\nremove piece rook\nremove captures forced\nremove nomoves stalemate\nremove insufficient\nremove repetition\npiece pawn P\n    w mover\n",
			func(t *testing.T, f *File) {
				assert.Equal(t, "king:K pawn:P", pieceNames(f))
				assert.False(t, f.ForcedCaptures)
				require.Len(t, f.NoMoves, 1)
				assert.Equal(t, "check", f.NoMoves[0].When)
				assert.Empty(t, f.Insufficient)
				assert.Nil(t, f.Repetition)
			}},
		{"a chain of bases", "from middle\n", func(t *testing.T, f *File) {
			assert.Equal(t, "king:K rook:R pawn:P bishop:B", pieceNames(f))
		}},
		{"defs and comments may come before from", "# a comment\ndef x: w mov\nfrom base\npiece wazir W\n    x\n", func(t *testing.T, f *File) {
			assert.Equal(t, "w mov", f.Pieces[3].Moves[0].String())
		}},
		{"a declaration the file writes keeps none of the base's words", "from rules\nextinction win\ncaptures hand\ndrops forced\n", func(t *testing.T, f *File) {
			assert.Equal(t, "win", f.Extinction)
			assert.False(t, f.ExtinctionAll, "the base's all does not stay")
			assert.Empty(t, f.ExtinctionPieces)
			assert.Zero(t, f.ExtinctionLeft)
			assert.Zero(t, f.ExtinctionVs)
			assert.False(t, f.ExtinctionReply)
			assert.True(t, f.CapturesToHand)
			assert.False(t, f.HandDemotes, "captures hand without demoted")
			assert.True(t, f.ForcedDrops)
			assert.Nil(t, f.ForcedDropType, "drops forced without a type")
		}},
		{"an extinction by type replaces one that counts all", "from rules\nextinction loss {king,pawn}\n", func(t *testing.T, f *File) {
			assert.False(t, f.ExtinctionAll)
			require.Len(t, f.ExtinctionPieces, 2)
			assert.Equal(t, "pawn", f.ExtinctionPieces[1].Name)
		}},
		{"remove takes out a whole rule", "from rules\nremove extinction\nremove drops forced\nremove pass\nremove facing\nremove fen gates\n", func(t *testing.T, f *File) {
			assert.Equal(t, "", f.Extinction)
			assert.False(t, f.ExtinctionAll)
			assert.Zero(t, f.ExtinctionLeft)
			assert.Zero(t, f.ExtinctionVs)
			assert.False(t, f.ExtinctionReply)
			assert.False(t, f.ForcedDrops)
			assert.Nil(t, f.ForcedDropType)
			assert.Nil(t, f.Pass)
			assert.Nil(t, f.Facing)
			assert.False(t, f.FenGates)
		}},
	}
	files["middle"] = "from base\npiece bishop B\n    slide {wa,as,sd,dw} mover then hit\n"
	files["extinct"] = "from base\nextinction loss {king,pawn} left 2 vs 3 reply\n"
	files["rules"] = "from base\npiece king K royal\n    {w,a,s,d} {mover,hit}\n    drop: empty\nextinction win all left 1 vs 1 reply\ncaptures hand demoted\ndrops forced king\npass\nfacing king illegal\nfen gates\n"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse("derived.alf", []byte(tt.src), WithLoader(mapLoader(files)))
			require.NoError(t, err, snippetsOrEmpty(err))
			tt.check(t, f)
			requireRoundTrip(t, f)
		})
	}
}

// TestInheritanceErrors checks that every mistake of a from or remove,
// in the file or in a base, is a positioned error naming the file it is
// in: a missing base or loader, cycles, chains too deep, errors inside a
// base, and removals of what is not there.
func TestInheritanceErrors(t *testing.T) {
	files := map[string]string{
		"base":    inheritBase,
		"a":       "from b\n",
		"b":       "# b\nfrom a\n",
		"self":    "# self\nfrom self\n",
		"e":       "from e\n",
		"broken":  "board 4x4\npiece k K\n    w enemmy mov\n",
		"badbase": "from nowhere\n",
	}
	for i := 0; i < 20; i++ {
		files[fmt.Sprintf("deep%d", i)] = fmt.Sprintf("from deep%d\n", i+1)
	}
	files["deep20"] = inheritBase
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"missing base", "from nothere\n", []string{`e.alf:1:6: from nothere: no variant "nothere"`}},
		{"no name", "from\n", []string{"e.alf:1:5: expected a variant name after from, found end of line"}},
		{"a name with spaces", "from two words\n", []string{`e.alf:1:6: from "two words": a variant name has no spaces or slashes (./NAME names a file beside this one)`}},
		{"a slash", "from ../chess\n", []string{`e.alf:1:6: from "../chess": a variant name has no spaces or slashes (./NAME names a file beside this one)`}},
		{"nothing after ./", "from ./\n", []string{`e.alf:1:6: from "./": a variant name has no spaces or slashes (./NAME names a file beside this one)`}},
		{"a base with the text of the file", "from b\n", []string{
			"b.alf:2:6: from a: inheritance cycle e from b from a (a.alf has the text of e.alf)",
			"e.alf:1:1: from b: the base variant has errors"}},
		{"a cycle", "from a\n", []string{
			"b.alf:2:6: from a: inheritance cycle a from b from a",
			"e.alf:1:1: from a: the base variant has errors"}},
		{"inheriting from itself", "from e\n", []string{"e.alf:1:6: from e: inheritance cycle e from e"}},
		{"a base inheriting from itself", "from self\n", []string{
			"e.alf:1:1: from self: the base variant has errors",
			"self.alf:2:6: from self: inheritance cycle self from self"}},
		{"too deep", "from deep0\n", []string{
			"deep15.alf:1:6: from deep16: inheritance deeper than 16 variants (e from deep0 from deep1 from deep2 from deep3 from deep4 from deep5 from deep6 from deep7 from deep8 from deep9 from deep10 from deep11 from deep12 from deep13 from deep14 from deep15)",
			"e.alf:1:1: from deep0: the base variant has errors"}},
		{"an error inside the base names the base", "from broken\n", []string{
			`broken.alf:3:7: unknown condition "enemmy" (did you mean "enemy"?)`,
			"e.alf:1:1: from broken: the base variant has errors"}},
		{"a missing base of a base", "from badbase\n", []string{
			`badbase.alf:1:6: from nowhere: no variant "nowhere"`,
			"e.alf:1:1: from badbase: the base variant has errors"}},
		{"from twice", "from base\nfrom base\n", []string{"e.alf:2:1: from declared twice (first at e.alf:1:1): a variant inherits from one base"}},
		{"from after a declaration", "board 4x4\nfrom base\n", []string{`e.alf:2:1: from must be the file's first declaration (found keyword "board" before it)`}},
		{"remove without from", "remove piece rook\n", []string{"e.alf:1:1: remove needs a from declaration: there is nothing inherited to remove"}},
		{"remove an unknown piece", "from base\nremove piece rooks\n", []string{`e.alf:2:14: remove piece rooks: the base variant has no piece "rooks" (did you mean "rook"?)`}},
		{"remove piece without a name", "from base\nremove piece\n", []string{"e.alf:2:13: expected a piece name after remove piece, found end of line"}},
		{"remove what cannot be removed", "from base\nremove board\n", []string{
			"e.alf:2:8: remove board: expected one of piece NAME, captures forced, captures hand, checks, connect, drops bicolor, drops castle, drops forced, eval, extinction, facing, fen gates, insufficient, moverule, nomoves check, nomoves stalemate, pass, repetition, seed, setup, tiles"}},
		{"removing a piece the base promotes to", "from base\nremove piece rook\n", []string{`base.alf:11:29: promote names unknown piece "rook"`}},
		{"a piece declared twice in the file", "from base\npiece knight N\npiece knight N\n", []string{`e.alf:3:1: piece "knight" declared twice (first at e.alf:2:1)`}},
		{"a new piece takes an inherited letter", "from base\npiece knight R\n", []string{"e.alf:2:1: piece knight uses letter R, already used by rook"}},
		{"a def defined twice in the file", "from base\ndef mover: mov\ndef mover: mov\n", []string{`e.alf:3:5: def "mover" defined twice (first at e.alf:2:5)`}},
		{"nomoves twice in the file", "from base\nnomoves check draw\nnomoves check loss\n", []string{"e.alf:3:1: nomoves check declared twice (first at e.alf:2:1)"}},
		{"a from line with a body", "from base\n    w mov\n", []string{"e.alf:2:5: indented line outside a piece or tiles block"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse("e.alf", []byte(tt.src), WithLoader(mapLoader(files)))
			require.Error(t, err)
			assert.Nil(t, f)
			var list ErrorList
			require.True(t, errors.As(err, &list))
			var got []string
			for _, e := range list {
				got = append(got, e.Error())
			}
			assert.Equal(t, tt.want, got)
		})
	}
	t.Run("no loader", func(t *testing.T) {
		_, err := Parse("e.alf", []byte("from chess\n"))
		require.EqualError(t, err, "e.alf:1:6: from chess: no variant loader to find the base (lang.WithLoader)")
	})
	t.Run("the snippet of an error in a base shows the base's line", func(t *testing.T) {
		_, err := Parse("e.alf", []byte("from broken\n"), WithLoader(mapLoader(files)))
		var list ErrorList
		require.True(t, errors.As(err, &list))
		assert.Equal(t, "broken.alf:3:7: unknown condition \"enemmy\" (did you mean \"enemy\"?)\n |     w enemmy mov\n | ......^", list[0].Snippet())
	})
}

// TestInheritShipped inherits from a shipped variant: chess with the
// knight replaced keeps every other piece and rule of chess.
func TestInheritShipped(t *testing.T) {
	f, err := Parse("nightriders.alf", []byte("from chess\ngame nightriders\npiece knight N value 500\n    slide {wwa,wwd,aaw,aas,ssa,ssd,ddw,dds} mover then captura\n"), WithLoader(dirLoader))
	require.NoError(t, err, snippetsOrEmpty(err))
	chess := mustParse(t, "chess.alf", mustRead(t, "../examples/variants/chess.alf"))
	require.Len(t, f.Pieces, len(chess.Pieces))
	for i, pc := range f.Pieces {
		assert.Equal(t, chess.Pieces[i].Name, pc.Name)
		if pc.Name != "knight" {
			assert.True(t, sameAST(chess.Pieces[i], pc), pc.Name)
		}
	}
	assert.Equal(t, chess.Setup.FEN, f.Setup.FEN)
	assert.Equal(t, "chess.alf", f.Source.Position(f.Pieces[0].Pos).Filename)
	assert.Equal(t, "nightriders.alf", f.Source.Position(f.Pieces[4].Pos).Filename)
}

func mustRead(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	require.NoError(t, err)
	return string(data)
}
