package lang

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFormations reads groups, formations and reform (docs/language.md
// § Multi-square pieces), prints them canonically, and reports their
// errors at the token.
func TestFormations(t *testing.T) {
	src := "game g\nboard 6x6\ngroups\nformation tower: rook 0 0, rook 0 -1\npiece rook R\n    w empty mov\npiece wazir W\n    w empty mov reform tower\n"
	f := mustParse(t, "g.alf", src)
	require.True(t, f.Groups)
	require.Len(t, f.Formations, 1)
	require.Equal(t, []FormationMember{{PieceName{Pos: f.Formations[0].Members[0].Piece.Pos, Name: "rook"}, 0, 0}, {PieceName{Pos: f.Formations[0].Members[1].Piece.Pos, Name: "rook"}, 0, -1}}, f.Formations[0].Members)
	out := f.String()
	require.Contains(t, out, "groups\nformation tower: rook 0 0, rook 0 -1")
	require.Contains(t, out, "w empty mov reform tower")
	again := mustParse(t, "g.alf", out)
	require.Equal(t, out, again.String())

	head := "game g\nboard 6x6\n"
	pieces := "piece rook R\n    w empty mov\n"
	for _, c := range []struct{ src, err string }{
		{head + "groups\nformation t: rook 0 0\n" + pieces, "g.alf:4:11: formation t has one member: a group is two pieces or more"},
		{head + "groups\nformation t: rook 1 0, rook 0 0\n" + pieces, "g.alf:4:14: formation t: the first member is the anchor, at 0 0"},
		{head + "groups\nformation t: rook 0 0, rook 0 0\n" + pieces, "g.alf:4:24: formation t: two members at 0 0"},
		{head + "groups\nformation t: rook 0 0, bishop 0 1\n" + pieces, `g.alf:4:24: formation t names unknown piece "bishop"`},
		{head + "groups\nformation t: rook 0 0, rook 0 32\n" + pieces, "g.alf:4:31: offset 32 in formation t is out of range (-31 to 31)"},
		{head + "groups\nformation t: rook 0 0 rook 0 1\n" + pieces, "g.alf:4:23: expected , or end of line in formation t, found \"rook\""},
		{head + "formation t: rook 0 0, rook 0 1\n" + pieces, "g.alf:3:1: formation t needs the groups declaration"},
		{head + "groups\n" + pieces + "    w empty mov reform tower\n", `g.alf:6:24: reform names unknown formation "tower"`},
		{head + "groups\ngroups\n" + pieces, "g.alf:4:1: groups declared twice (first at g.alf:3:1)"},
	} {
		_, err := Parse("g.alf", []byte(c.src))
		require.ErrorContains(t, err, c.err, c.src)
	}
}
