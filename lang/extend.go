package lang

import (
	"slices"
	"strings"
)

// A file that inherits (docs/language.md § Inheritance) changes the
// base's pieces three ways besides remove:
//
//	piece NAME L …                  replaces the inherited piece NAME where it stood, or adds a new one last
//	piece NAME L … replaces OTHER   takes the place of the inherited piece OTHER, which goes
//	extend piece NAME attr*         adds attributes (value N replaces the value) and the
//	    line*                       indented lines to the inherited piece NAME, in its place
//
// The place of a piece is its place in the variant's order of pieces,
// which orders a FEN's hand, the promotion choices and the pieces of
// every listing.

// placePiece puts the file's piece pc into f: in the place of the
// inherited piece replaces names, or of the inherited piece of its own
// name, or last. extended holds the pieces extend piece added to, which
// the file may not declare again.
func (p *parser) placePiece(f *File, pc *Piece, replaces *PieceName, extended map[string]Pos) {
	if at, ok := extended[pc.Name]; ok {
		p.errorAt(pc.Pos, "piece %s declared after extend piece %s (at %s): extend adds to the inherited piece, a piece declaration replaces it whole; write one of them", pc.Name, pc.Name, p.src.Position(at))
		return
	}
	if replaces == nil {
		f.Pieces = replaceInherited(p, f.Pieces, pc, func(old *Piece) bool { return old.Name == pc.Name })
		return
	}
	if p.scope.base == nil {
		p.errorAt(replaces.Pos, "replaces needs a from declaration: there is no inherited piece to replace")
		return
	}
	if replaces.Name == pc.Name {
		p.errorAt(replaces.Pos, "piece %s replaces itself: a piece of an inherited name takes its place without replaces", pc.Name)
		return
	}
	if at, ok := extended[replaces.Name]; ok {
		p.errorAt(replaces.Pos, "replaces %s: the file extends piece %s (at %s); a piece it replaces goes, additions and all", replaces.Name, replaces.Name, p.src.Position(at))
		return
	}
	i := p.inheritedPiece(f, replaces, "replaces "+replaces.Name)
	if i < 0 {
		return
	}
	if j := slices.IndexFunc(f.Pieces, func(old *Piece) bool { return old.Name == pc.Name }); j >= 0 && p.isInherited(f.Pieces[j].Pos) {
		p.errorAt(pc.Pos, "piece %s replaces %s, but the base has a piece %s too: a piece of an inherited name takes that one's place (remove piece %s first to move it)", pc.Name, replaces.Name, pc.Name, pc.Name)
		return
	}
	f.Pieces[i] = pc
}

// inheritedPiece returns the index in f of the inherited piece n names,
// or reports that there is none (what says which clause asked) and
// returns -1. A piece the file declared itself is not inherited.
func (p *parser) inheritedPiece(f *File, n *PieceName, what string) int {
	i := slices.IndexFunc(f.Pieces, func(pc *Piece) bool { return pc.Name == n.Name })
	if i >= 0 && !p.isInherited(f.Pieces[i].Pos) {
		p.errorAt(n.Pos, "%s: piece %s is this file's own (declared at %s), not an inherited one", what, n.Name, p.src.Position(f.Pieces[i].Pos))
		return -1
	}
	if i < 0 {
		var names []string
		for _, pc := range f.Pieces {
			if p.isInherited(pc.Pos) {
				names = append(names, pc.Name)
			}
		}
		p.errorAt(n.Pos, "%s: no inherited piece %q%s", what, n.Name, p.didYouMean(n.Name, names))
		return -1
	}
	return i
}

// parseExtend adds to an inherited piece:
//
//	extend: 'extend' 'piece' NAME attr* NEWLINE (INDENT line NEWLINE)*
//
// Its attributes are added to the piece's (value N replaces the value; an
// attribute the piece has already is an error), its Betza moves and
// lines after the piece's own of each kind (moves, every, onDeath, drop,
// gate). The lines are the file's: its defs expand them, and their
// errors name it. The piece keeps its name, letter and place.
func (p *parser) parseExtend(f *File, x *expander, l macroLine, body []macroLine, extended map[string]Pos) {
	toks := l.toks
	if len(toks) < 2 || toks[1].typ != itemPiece {
		p.errorAt(posAt(toks, 1, l.end), "expected piece after extend (extend piece NAME), found %s", describeAt(toks, 1))
		return
	}
	if len(toks) < 3 || toks[2].typ != itemIdent {
		p.errorAt(posAt(toks, 2, l.end), "expected a piece name after extend piece, found %s", describeAt(toks, 2))
		return
	}
	name := &PieceName{Pos: toks[2].pos, Name: toks[2].val}
	if p.scope.base == nil {
		p.errorAt(toks[0].pos, "extend needs a from declaration: there is no inherited piece to extend")
		return
	}
	if at, ok := extended[name.Name]; ok {
		p.errorAt(toks[0].pos, "piece %s extended twice (first at %s): write its additions in one extend", name.Name, p.src.Position(at))
		return
	}
	i := p.inheritedPiece(f, name, "extend piece "+name.Name)
	if i < 0 {
		return
	}
	old := f.Pieces[i]
	if len(toks) > 3 && strings.EqualFold(strings.TrimPrefix(toks[3].val, "+"), old.LetterString()[len(old.LetterString())-1:]) {
		// a single letter reads as an attribute: most likely the
		// letter of a piece declaration, written out of habit
		p.errorAt(toks[3].pos, "extend piece %s: the piece keeps its letter %s; after its name come attributes only", name.Name, old.LetterString())
		return
	}
	add := &Piece{Pos: toks[0].pos, Name: name.Name}
	if _, ok := p.parsePieceAttrs(add, l, 3, false); !ok {
		return
	}
	p.parsePieceBody(x, add, body)
	extended[name.Name] = toks[0].pos
	pc := *old // the base's piece is not changed: a copy takes its place
	pc.Attrs = slices.Clone(old.Attrs)
	for _, a := range add.Attrs {
		j := slices.IndexFunc(pc.Attrs, func(b *Attr) bool { return b.Name == a.Name })
		switch {
		case j < 0:
			pc.Attrs = append(pc.Attrs, a)
		case a.Name == "value":
			pc.Attrs[j] = a
		default:
			p.errorAt(a.Pos, "extend piece %s: the piece has attribute %s already", name.Name, a.Name)
		}
	}
	pc.Moves = append(slices.Clone(old.Moves), add.Moves...)
	pc.Every = append(slices.Clone(old.Every), add.Every...)
	pc.OnDeath = append(slices.Clone(old.OnDeath), add.OnDeath...)
	pc.OnHold = append(slices.Clone(old.OnHold), add.OnHold...)
	pc.OnRelease = append(slices.Clone(old.OnRelease), add.OnRelease...)
	pc.Drops = append(slices.Clone(old.Drops), add.Drops...)
	pc.Gates = append(slices.Clone(old.Gates), add.Gates...)
	pc.Copies = append(slices.Clone(old.Copies), add.Copies...)
	if add.Restrict != nil {
		if old.Restrict != nil {
			p.errorAt(add.Restrict.Pos, "extend piece %s: the piece has a restrict line already", name.Name)
		}
		pc.Restrict = add.Restrict
	}
	if add.Field != nil {
		if old.Field != nil {
			p.errorAt(add.Field.Pos, "extend piece %s: the piece has a field already", name.Name)
		}
		pc.Field = add.Field
	}
	f.Pieces[i] = &pc
}
