package lang

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExtendAndReplaces checks extend piece, which adds to an inherited
// piece in its place, and replaces, which puts a new piece in an
// inherited one's place (docs/language.md § Inheritance).
func TestExtendAndReplaces(t *testing.T) {
	files := map[string]string{"base": inheritBase}
	order := func(f *File) string {
		var names []string
		for _, pc := range f.Pieces {
			names = append(names, pc.Name+":"+pc.LetterString())
		}
		return strings.Join(names, " ")
	}
	piece := func(f *File, name string) *Piece {
		for _, pc := range f.Pieces {
			if pc.Name == name {
				return pc
			}
		}
		return nil
	}
	tests := []struct {
		name  string
		src   string
		check func(t *testing.T, f *File)
	}{
		{"extend adds attributes and lines in the piece's place", "from base\nextend piece rook real value 600\n    drop: empty\n    wa mover\n", func(t *testing.T, f *File) {
			assert.Equal(t, "king:K rook:R pawn:P", order(f))
			rook := piece(f, "rook")
			assert.Equal(t, "piece rook R real value 600\n    slide w empty mov then enemy capt mov\n    slide a empty mov then enemy capt mov\n"+
				"    slide s empty mov then enemy capt mov\n    slide d empty mov then enemy capt mov\n    wa empty mov\n    drop: empty", rook.String())
			assert.Equal(t, "base.alf", f.Source.Position(rook.Pos).Filename, "the piece is the base's")
			assert.Equal(t, "derived.alf", f.Source.Position(rook.Moves[4].Pos).Filename, "its added line the file's")
		}},
		{"value replaces the value", "from base\nextend piece pawn value 150\n", func(t *testing.T, f *File) {
			assert.Equal(t, "piece pawn P value 150\n    w empty mov\n    w pos x l empty mov promote rook", piece(f, "pawn").String())
		}},
		{"extend adds Betza moves and hooks", "from base\nextend piece king betza N\n    every 2: del\n    onDeath: pass\n", func(t *testing.T, f *File) {
			king := piece(f, "king")
			assert.Len(t, king.Moves, 8+8*2, "the king's lines, then the knight's leaps, each a move and a capture")
			assert.Len(t, king.Every, 1)
			assert.Len(t, king.OnDeath, 1)
		}},
		{"the added lines read the file's defs", "from base\ndef hop: enemy capt mov pass\nextend piece king\n    ww hop\n", func(t *testing.T, f *File) {
			king := piece(f, "king")
			assert.Equal(t, "ww enemy capt mov pass", king.Moves[len(king.Moves)-1].String())
		}},
		{"a piece that replaces another takes its place", "from base\npiece berolina B replaces pawn\n    {wa,wd} mover\n", func(t *testing.T, f *File) {
			assert.Equal(t, "king:K rook:R berolina:B", order(f))
			assert.Empty(t, piece(f, "berolina").Attrs, "replaces is not an attribute")
		}},
		{"it may take the letter of the piece it replaces", "from base\npiece berolina P value 120 replaces pawn\n    {wa,wd} mover\n", func(t *testing.T, f *File) {
			assert.Equal(t, "king:K rook:R berolina:P", order(f))
			assert.Equal(t, 120, piece(f, "berolina").Attrs[0].Value)
		}},
		{"the base's piece is not changed", "from base\nextend piece rook real\n", func(t *testing.T, f *File) {
			base, err := Parse("base.alf", []byte(inheritBase))
			require.NoError(t, err)
			assert.Empty(t, piece(base, "rook").Attrs)
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
}

// TestExtendAndReplacesErrors checks the mistakes of extend piece and
// replaces, each a positioned error in the file that makes it.
func TestExtendAndReplacesErrors(t *testing.T) {
	files := map[string]string{"base": inheritBase}
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"extend without from", "board 4x4\nextend piece rook real\n", []string{
			"e.alf:2:1: extend needs a from declaration: there is no inherited piece to extend"}},
		{"extend without piece", "from base\nextend rook real\n", []string{
			`e.alf:2:8: expected piece after extend (extend piece NAME), found "rook"`}},
		{"extend without a name", "from base\nextend piece\n", []string{
			"e.alf:2:13: expected a piece name after extend piece, found end of line"}},
		{"extend an unknown piece", "from base\nextend piece rok real\n", []string{
			`e.alf:2:14: extend piece rok: no inherited piece "rok" (did you mean "rook"?)`}},
		{"extend a removed piece", "from base\nremove piece rook\nremove piece pawn\nextend piece rook real\n", []string{
			`e.alf:4:14: extend piece rook: no inherited piece "rook"`}},
		{"extend the file's own piece", "from base\npiece wazir W\n    w mover\nextend piece wazir real\n", []string{
			"e.alf:4:14: extend piece wazir: piece wazir is this file's own (declared at e.alf:2:1), not an inherited one"}},
		{"extend a piece the file declares again", "from base\npiece rook R\n    w mover\nextend piece rook real\n", []string{
			"e.alf:4:14: extend piece rook: piece rook is this file's own (declared at e.alf:2:1), not an inherited one"}},
		{"declare a piece after extending it", "from base\nextend piece rook real\npiece rook R\n    w mover\n", []string{
			"e.alf:3:1: piece rook declared after extend piece rook (at e.alf:2:1): extend adds to the inherited piece, a piece declaration replaces it whole; write one of them"}},
		{"extend twice", "from base\nextend piece rook real\nextend piece rook resets\n", []string{
			"e.alf:3:1: piece rook extended twice (first at e.alf:2:1): write its additions in one extend"}},
		{"an attribute the piece has", "from base\nextend piece king royal\n", []string{
			"e.alf:2:19: extend piece king: the piece has attribute royal already"}},
		{"a letter in extend", "from base\nextend piece rook R real\n", []string{
			"e.alf:2:19: extend piece rook: the piece keeps its letter R; after its name come attributes only"}},
		{"replaces in extend", "from base\nextend piece rook replaces king\n", []string{
			"e.alf:2:19: replaces stands in a piece declaration: an extended piece keeps its place"}},
		{"a bad line in extend names the file", "from base\nextend piece rook\n    w mvoer\n", []string{
			`e.alf:3:7: unknown def "mvoer" (did you mean "mover"?)`}},
		{"replaces without from", "piece chancellor C replaces rook\n    w mov\n", []string{
			"e.alf:1:29: replaces needs a from declaration: there is no inherited piece to replace"}},
		{"replaces without a name", "from base\npiece chancellor C replaces\n", []string{
			"e.alf:2:28: expected the name of an inherited piece after replaces, found end of line"}},
		{"replaces an unknown piece", "from base\npiece chancellor C replaces roook\n", []string{
			`e.alf:2:29: replaces roook: no inherited piece "roook" (did you mean "rook"?)`}},
		{"replaces itself", "from base\npiece rook R replaces rook\n", []string{
			"e.alf:2:23: piece rook replaces itself: a piece of an inherited name takes its place without replaces"}},
		{"replaces twice", "from base\npiece chancellor C replaces rook replaces pawn\n", []string{
			"e.alf:2:34: replaces written twice: a piece takes the place of one piece"}},
		{"replaces a piece the file declared", "from base\npiece wazir W\npiece chancellor C replaces wazir\n", []string{
			"e.alf:3:29: replaces wazir: piece wazir is this file's own (declared at e.alf:2:1), not an inherited one"}},
		{"a piece of an inherited name replaces another", "from base\npiece pawn C replaces rook\n", []string{
			"e.alf:2:1: piece pawn replaces rook, but the base has a piece pawn too: a piece of an inherited name takes that one's place (remove piece pawn first to move it)"}},
		{"replaces a piece the file extends", "from base\nextend piece pawn real\npiece berolina B replaces pawn\n", []string{
			"e.alf:3:27: replaces pawn: the file extends piece pawn (at e.alf:2:1); a piece it replaces goes, additions and all"}},
		{"names the replaced piece leaves are errors where they stand", "from base\npiece chancellor C replaces rook\n", []string{
			`base.alf:11:29: promote names unknown piece "rook"`}},
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
