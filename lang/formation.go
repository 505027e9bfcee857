package lang

import (
	"fmt"
	"strconv"
	"strings"
)

// Formations of multi-square pieces (docs/language.md § Multi-square
// pieces): a formation names a group's shape and its parts' types, and the
// action reform NAME turns a group into it.

// Formation is a formation declaration:
//
//	formation: 'formation' NAME ':' member (',' member)*
//	member:    NAME NUMBER NUMBER
type Formation struct {
	Pos
	Name    string
	NamePos Pos
	Members []FormationMember
}

// FormationMember is one part of a formation: its type, and its file and
// rank offsets from the anchor (the first member's square, where the
// group's leader lands), seen from the first player.
type FormationMember struct {
	Piece  PieceName
	DX, DY int
}

func (*Formation) node() {}

// String prints the declaration in canonical form.
func (f *Formation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "formation %s:", f.Name)
	for i, m := range f.Members {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, " %s %d %d", m.Piece.Name, m.DX, m.DY)
	}
	return b.String()
}

// The budgets of formations (docs/language.md § Limits).
const (
	maxFormationMembers = 16 // parts of a group (board.MaxGroupParts)
	maxFormationOffset  = 31 // a member's offsets, either way (the largest board's)
)

// parseFormation reads a formation declaration.
func (p *parser) parseFormation(f *File, l macroLine) {
	toks := l.toks
	if len(toks) < 2 || toks[1].typ != itemIdent {
		p.errorAt(posAt(toks, 1, l.end), "expected a formation name after formation, found %s", describeAt(toks, 1))
		return
	}
	fm := &Formation{Pos: toks[0].pos, Name: toks[1].val, NamePos: toks[1].pos}
	if len(toks) < 3 || toks[2].typ != itemColon {
		p.errorAt(posAt(toks, 2, l.end), "expected : after formation %s, found %s", fm.Name, describeAt(toks, 2))
		return
	}
	i := 3
	for {
		if i >= len(toks) || toks[i].typ != itemIdent {
			p.errorAt(posAt(toks, i, l.end), "expected a piece name in formation %s, found %s", fm.Name, describeAt(toks, i))
			return
		}
		m := FormationMember{Piece: PieceName{Pos: toks[i].pos, Name: toks[i].val}}
		for k, dst := range []*int{&m.DX, &m.DY} {
			j := i + 1 + k
			if j >= len(toks) || toks[j].typ != itemNumber {
				p.errorAt(posAt(toks, j, l.end), "expected the %s offset of %s in formation %s, found %s", [2]string{"file", "rank"}[k], m.Piece.Name, fm.Name, describeAt(toks, j))
				return
			}
			n, err := strconv.Atoi(toks[j].val)
			if err != nil || n < -maxFormationOffset || n > maxFormationOffset {
				p.errorAt(toks[j].pos, "offset %s in formation %s is out of range (-%d to %d)", toks[j].val, fm.Name, maxFormationOffset, maxFormationOffset)
				return
			}
			*dst = n
		}
		fm.Members = append(fm.Members, m)
		i += 3
		if i >= len(toks) {
			break
		}
		if toks[i].typ != itemComma {
			p.errorAt(toks[i].pos, "expected , or end of line in formation %s, found %s", fm.Name, toks[i].describe())
			return
		}
		i++
	}
	switch {
	case len(fm.Members) < 2:
		p.errorAt(fm.NamePos, "formation %s has one member: a group is two pieces or more", fm.Name)
		return
	case len(fm.Members) > maxFormationMembers:
		p.errorAt(fm.NamePos, "formation %s has %d members: a group has at most %d parts", fm.Name, len(fm.Members), maxFormationMembers)
		return
	case fm.Members[0].DX != 0 || fm.Members[0].DY != 0:
		p.errorAt(fm.Members[0].Piece.Pos, "formation %s: the first member is the anchor, at 0 0", fm.Name)
		return
	}
	seen := map[[2]int]bool{}
	for _, m := range fm.Members {
		if seen[[2]int{m.DX, m.DY}] {
			p.errorAt(m.Piece.Pos, "formation %s: two members at %d %d", fm.Name, m.DX, m.DY)
			return
		}
		seen[[2]int{m.DX, m.DY}] = true
	}
	for _, other := range f.Formations {
		if other.Name == fm.Name {
			p.errorAt(fm.NamePos, "formation %s declared twice (first at %s)", fm.Name, p.src.Position(other.NamePos))
			return
		}
	}
	f.Formations = append(f.Formations, fm)
}

// checkFormations checks that formations name pieces, that a file with
// formations declares groups, and that every reform names a formation.
func (p *parser) checkFormations(f *File, byName map[string]*Piece, hint func(string) string) {
	names := map[string]bool{}
	for _, fm := range f.Formations {
		names[fm.Name] = true
		if !f.Groups {
			p.errorAt(fm.Pos, "formation %s needs the groups declaration", fm.Name)
		}
		for _, m := range fm.Members {
			if byName[m.Piece.Name] == nil {
				p.errorAt(m.Piece.Pos, "formation %s names unknown piece %q%s", fm.Name, m.Piece.Name, hint(m.Piece.Name))
			}
		}
	}
	for _, pc := range f.Pieces {
		walkPiece(pc, func(it Item) {
			if n, ok := it.(*Named); ok && n.Op == "reform" && !names[n.Name] {
				p.errorAt(n.NamePos, "reform names unknown formation %q", n.Name)
			}
		})
	}
}
