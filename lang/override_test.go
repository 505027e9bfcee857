package lang

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// overrideBase is a base whose lines use defs through other defs, a turn
// variable and a promotion list, for the overrides of TestDefOverride.
const overrideBase = `game obase
board 4x4
def mover: empty mov
def hit: enemy capt mov
def both: {mover,hit}
def promotion: promote rook
piece king K royal
    {w,a,s,d} both
piece rook R
    slide {w,a,s,d} mover then hit
piece wazir W
    turn x=[w,a] < x both >
piece pawn P
    w mover not pos x l
    w mover pos x l promotion
setup 3k/4/4/K3 w - - 0 1
`

// TestDefOverride checks that a def the deriving file writes again
// reaches the lines it inherits (docs/language.md § Inheritance): in the
// base's pieces, through the base's defs that use it, down a chain, with
// the file's other defs readable in its text and its new defs unseen by
// the base.
func TestDefOverride(t *testing.T) {
	files := map[string]string{
		"obase":  overrideBase,
		"middle": "from obase\ndef hit: enemy capt mov mark\npiece bishop B\n    slide {wa,dw} mover then hit\n",
	}
	moves := func(f *File, piece string) []string {
		for _, pc := range f.Pieces {
			if pc.Name == piece {
				var lines []string
				for _, l := range pc.Moves {
					lines = append(lines, l.String())
				}
				return lines
			}
		}
		return nil
	}
	tests := []struct {
		name  string
		src   string
		check func(t *testing.T, f *File)
	}{
		{"an inherited line uses the file's def", "from obase\ndef mover: empty mov pass\n", func(t *testing.T, f *File) {
			assert.Equal(t, []string{"slide w empty mov pass then enemy capt mov", "slide a empty mov pass then enemy capt mov",
				"slide s empty mov pass then enemy capt mov", "slide d empty mov pass then enemy capt mov"}, moves(f, "rook"))
		}},
		{"so does an inherited def that uses it", "from obase\ndef hit: enemy capt mov pass\n", func(t *testing.T, f *File) {
			assert.Equal(t, "w enemy capt mov pass", moves(f, "king")[1], "both is the base's, hit the file's")
		}},
		{"the file's def reads the file's other defs", "from obase\ndef blast: in -> do capt\ndef hit: enemy capt mov blast\n", func(t *testing.T, f *File) {
			assert.Equal(t, "slide w empty mov then enemy capt mov in -> do capt", moves(f, "rook")[0])
		}},
		{"a def only the file writes does not reach the base", "from obase\ndef x: pass\npiece ferz F\n    wa x\n", func(t *testing.T, f *File) {
			assert.Equal(t, []string{"w empty mov", "w enemy capt mov", "a empty mov", "a enemy capt mov"}, moves(f, "wazir"), "the base's turn variable x stays a variable")
			assert.Equal(t, []string{"wa pass"}, moves(f, "ferz"))
		}},
		{"a promotion list names the file's new piece", "from obase\ndef promotion: promote {rook,queen}\npiece queen Q\n    slide {w,wa} mover then hit\n", func(t *testing.T, f *File) {
			assert.Equal(t, []string{"w empty mov not pos x l", "w empty mov pos x l promote rook", "w empty mov pos x l promote queen"}, moves(f, "pawn"))
		}},
		{"down a chain, the last def wins", "from middle\n", func(t *testing.T, f *File) {
			assert.Equal(t, "slide w empty mov then enemy capt mov mark", moves(f, "rook")[0], "middle's hit reaches obase's rook")
			assert.Equal(t, "slide wa empty mov then enemy capt mov mark", moves(f, "bishop")[0])
		}},
		{"down a chain, the file's def wins over the middle's", "from middle\ndef hit: enemy capt mov pass\n", func(t *testing.T, f *File) {
			assert.Equal(t, "slide w empty mov then enemy capt mov pass", moves(f, "rook")[0])
			assert.Equal(t, "slide wa empty mov then enemy capt mov pass", moves(f, "bishop")[0])
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse("derived.alf", []byte(tt.src), WithLoader(mapLoader(files)))
			require.NoError(t, err, snippetsOrEmpty(err))
			tt.check(t, f)
			requireRoundTrip(t, f)
		})
	}
	t.Run("the base parsed alone keeps its own defs", func(t *testing.T) {
		f, err := Parse("obase.alf", []byte(overrideBase))
		require.NoError(t, err, snippetsOrEmpty(err))
		assert.Equal(t, "slide w empty mov then enemy capt mov", moves(f, "rook")[0])
	})
}

// TestDefOverrideErrors checks where the mistakes a file's def brings
// into the lines it inherits are reported: at the def's text, in the
// file that wrote it, and at the from line, which names the defs the base
// was read with.
func TestDefOverrideErrors(t *testing.T) {
	files := map[string]string{"obase": overrideBase}
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"a misspelt word in the file's def", "from obase\ndef mover: empty mvo\n", []string{
			`e.alf:1:1: from obase: the base variant has errors (read with this file's def mover)`,
			`e.alf:2:18: unknown action "mvo" (did you mean "mov"?)`}},
		{"a structure the file's def leaves open where the base uses it", "from obase\ndef hit: enemy capt mov then\n", []string{
			`e.alf:1:1: from obase: the base variant has errors (read with this file's def hit)`,
			`e.alf:2:25: slide already has a then clause`,
			`e.alf:2:25: unexpected keyword "then" outside a slide`}},
		{"a promotion to a piece nobody declares", "from obase\ndef promotion: promote queen\n", []string{
			`e.alf:2:24: promote names unknown piece "queen"`}},
		{"a def and the base's that use each other", "from obase\ndef mover: both\n", []string{
			`e.alf:1:1: from obase: the base variant has errors (read with this file's def mover)`,
			`e.alf:2:12: def "both" nests more than 32 defs deep (does it refer to itself?)`}},
		{"a def written twice in the file", "from obase\ndef hit: mov\ndef hit: capt\n", []string{
			`e.alf:3:5: def "hit" defined twice (first at e.alf:2:5)`}},
		{"a def of the name of an inherited piece", "from obase\ndef rook: mov\n", []string{
			`e.alf:2:5: def "rook" has the name of a piece`}},
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
}
