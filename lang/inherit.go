package lang

import (
	"fmt"
	"slices"
	"strings"
)

// Inheritance (docs/language.md § Inheritance): a file that starts with
//
//	from NAME
//
// begins as a copy of the variant NAME, found by the parse's Loader, and
// its own declarations change that copy: a piece of a name the base has
// replaces the base's piece where it stood, a new piece is added after
// them or takes the place of the piece it replaces, extend piece adds to
// an inherited piece (extend.go), a declaration that may stand once
// (board, setup, checks, extinction, …) replaces the base's, nomoves for
// a case and tiles for a cell replace the base's for that case or cell,
// the file's insufficient declarations replace all of the base's, and
// flags (captures forced, drops forced) add to the base's; a declaration
// the file writes stands as written, none of the base's words left in it
// (extinction win after the base's extinction win all counts real
// pieces). The base's defs are the file's too; a def the file writes
// again replaces the base's in the base's lines as well (defScope). The
// game line is not inherited: a file without one is named after itself.
// remove takes out
// what the file does not want:
//
//	remove piece NAME | remove captures (forced|hand) | remove drops (forced|bicolor|castle)
//	remove nomoves (stalemate|check) | remove setup | remove checks | remove eval
//	remove extinction | remove repetition | remove moverule | remove insufficient | remove tiles
//	remove pass | remove facing | remove connect | remove fen gates
//
// For whoever adds a declaration: the file starts as a copy of its base's
// File, so a declaration that sets a field is overridden by the file's
// own with no more code; one that appends to a list adds to the base's
// (use replaceInherited, as nomoves and tiles do, to replace instead);
// a flag checked with onceNamed may be repeated. Give it an entry in
// removable so that a file can take it out, and a line in docs/language.md
// § Inheritance.

// maxInheritance bounds a chain of from declarations: a file, its base,
// its base's base… A longer chain is an error, not a deep recursion.
const maxInheritance = 16

// inherit reads the file's from and remove declarations: it fills f with
// the base variant's pieces and declarations, links the file's defs to
// the base's (p.scope.base), applies the removals. A file without from
// may not remove anything. The file's own defs are read before: the base's
// lines are expanded with those that override its defs.
func (p *parser) inherit(f *File, lines []macroLine) {
	var from *macroLine
	var removes []macroLine
	for i, l := range lines {
		switch l.toks[0].typ {
		case itemFrom:
			if from != nil {
				p.errorAt(l.toks[0].pos, "from declared twice (first at %s): a variant inherits from one base", p.src.Position(from.toks[0].pos))
				continue
			}
			if first := firstDeclaration(lines); first != i {
				p.errorAt(l.toks[0].pos, "from must be the file's first declaration (found %s before it)", lines[first].toks[0].describe())
			}
			from = &lines[i]
		case itemRemove:
			removes = append(removes, l)
		}
	}
	if from == nil {
		for _, l := range removes {
			p.errorAt(l.toks[0].pos, "remove needs a from declaration: there is nothing inherited to remove")
		}
		return
	}
	base := p.loadBase(*from)
	if base == nil {
		return
	}
	*f = *base
	f.Source, f.Name = p.src, ""
	f.Pieces = slices.Clone(f.Pieces)
	f.NoMoves = slices.Clone(f.NoMoves)
	f.Tiles = slices.Clone(f.Tiles)
	f.Insufficient = slices.Clone(f.Insufficient)
	for _, l := range removes {
		p.remove(f, l)
	}
}

// firstDeclaration returns the index of the first line that is not a def
// or an indented line (a from may follow defs, which are read first
// anyway), or -1.
func firstDeclaration(lines []macroLine) int {
	for i, l := range lines {
		if t := l.toks[0].typ; t != itemDef && t != itemIndent {
			return i
		}
	}
	return -1
}

// loadBase parses the variant a from line names, with the same loader and
// its own parser, its text taking the next offsets of the parse's Source
// so its errors and nodes name it. Errors inside it are reported as they
// are, and once more at the from line of the file parsed; a missing loader or base, a cycle
// and a chain longer than maxInheritance are errors at the from line.
func (p *parser) loadBase(l macroLine) *File {
	head := l.toks[0]
	if len(l.toks) < 2 {
		p.errorAt(l.end, "expected a variant name after from, found end of line")
		return nil
	}
	nameTok := l.toks[1]
	name := nameTok.val
	bare := strings.TrimPrefix(name, "./") // ./NAME: the file beside (examples.DirLoader)
	if bare == "" || strings.ContainsFunc(bare, func(r rune) bool { return r <= ' ' || r == '/' || r == '\\' }) {
		p.errorAt(nameTok.pos, "from %q: a variant name has no spaces or slashes (./NAME names a file beside this one)", name)
		return nil
	}
	if p.opts.loader == nil {
		p.errorAt(nameTok.pos, "from %s: no variant loader to find the base (lang.WithLoader)", name)
		return nil
	}
	// The loader resolves a name the same way at every link, so a name
	// met again among the bases is a cycle. The file parsed first is not
	// known by a name the loader gave: its own name may find another
	// file (a chess.alf of the user's from the shipped chess), so it is
	// told by its text, after loading, below.
	if i := slices.Index(p.chain[1:], name); i >= 0 {
		p.errorAt(nameTok.pos, "from %s: inheritance cycle %s", name, strings.Join(append(slices.Clone(p.chain[i+1:]), name), " from "))
		return nil
	}
	if len(p.chain) > maxInheritance {
		p.errorAt(nameTok.pos, "from %s: inheritance deeper than %d variants (%s)", name, maxInheritance, strings.Join(p.chain, " from "))
		return nil
	}
	filename, src, err := p.opts.loader(name)
	if err != nil {
		p.errorAt(nameTok.pos, "from %s: %v", name, err)
		return nil
	}
	// A text met again is a cycle: its from lines lead where they led.
	if i := slices.Index(p.texts, string(src)); i >= 0 {
		same := ""
		if met := p.src.chainFile(i).name; met != filename {
			same = fmt.Sprintf(" (%s has the text of %s)", filename, met)
		}
		p.errorAt(nameTok.pos, "from %s: inheritance cycle %s%s", name, strings.Join(append(slices.Clone(p.chain[i:]), name), " from "), same)
		return nil
	}
	sub := &parser{src: p.src.add(filename, string(src)), opts: p.opts, chain: append(slices.Clone(p.chain), name), texts: append(slices.Clone(p.texts), string(src)), scope: newDefScope(p.scope)}
	p.scope.base = sub.scope // before the base is read: its lines see the file's defs
	f := sub.parseFile()
	if len(sub.errs) > 0 {
		p.errs = append(p.errs, sub.errs...)
		if len(p.chain) == 1 { // once, in the file parsed, not at every link
			// an error in the base's lines may come of this file's defs
			// (positioned in this file, where their text is)
			with := ""
			if over := p.scope.overridden(); len(over) > 0 {
				with = " (read with this file's def " + strings.Join(over, ", ") + ")"
			}
			p.errorAt(head.pos, "from %s: the base variant has errors%s", name, with)
		}
		p.scope.base = nil
		return nil
	}
	return f
}

// isInherited tells whether a node at pos came from a base variant: its
// offset lies outside the file's own text.
func (p *parser) isInherited(pos Pos) bool {
	return pos < p.src.base || pos > p.src.base+Pos(len(p.src.text))
}

// replaceInherited puts n in list where the inherited element same
// matches stood, or appends it when none does; the file's own elements
// are left for the duplicate checks to report.
func replaceInherited[T Node](p *parser, list []T, n T, same func(T) bool) []T {
	for i, old := range list {
		if same(old) && p.isInherited(old.Position()) {
			list[i] = n
			return list
		}
	}
	return append(list, n)
}

// removable are what remove may take out, by their words, each with how
// it clears them from a file.
var removable = map[string]func(f *File){
	"captures forced": func(f *File) { f.ForcedCaptures = false },
	"captures hand":   func(f *File) { f.CapturesToHand, f.HandDemotes = false, false },
	"drops forced":    func(f *File) { f.ForcedDrops, f.ForcedDropType = false, nil },
	"drops bicolor":   func(f *File) { f.BicolorDrops = nil },
	"drops castle":    func(f *File) { f.DropCastle = nil },
	"nomoves stalemate": func(f *File) {
		f.NoMoves = slices.DeleteFunc(f.NoMoves, func(n *NoMoves) bool { return n.When == "stalemate" })
	},
	"nomoves check": func(f *File) {
		f.NoMoves = slices.DeleteFunc(f.NoMoves, func(n *NoMoves) bool { return n.When == "check" })
	},
	"setup":        func(f *File) { f.Setup = nil },
	"checks":       func(f *File) { f.Checks = 0 },
	"eval":         func(f *File) { f.Eval = nil },
	"extinction":   clearExtinction,
	"pass":         func(f *File) { f.Pass = nil },
	"facing":       func(f *File) { f.Facing = nil },
	"connect":      func(f *File) { f.Connect = nil },
	"fen gates":    func(f *File) { f.FenGates = false },
	"repetition":   func(f *File) { f.Repetition = nil },
	"moverule":     func(f *File) { f.MoveRule = nil },
	"insufficient": func(f *File) { f.Insufficient = nil },
	"tiles":        func(f *File) { f.Tiles = nil },
	"seed":         func(f *File) { f.Seed = nil },
}

// clearExtinction takes the extinction rule out of f, every field of it:
// remove extinction, and an extinction line before it states its own.
func clearExtinction(f *File) {
	f.Extinction, f.ExtinctionPieces, f.ExtinctionAll = "", nil, false
	f.ExtinctionLeft, f.ExtinctionVs, f.ExtinctionReply = 0, 0, false
}

// remove applies a remove declaration to the inherited file f:
//
//	remove: 'remove' ('piece' NAME | WORDS)    WORDS: a key of removable
func (p *parser) remove(f *File, l macroLine) {
	toks := l.toks
	if len(toks) >= 2 && toks[1].typ == itemPiece {
		if len(toks) < 3 || toks[2].typ != itemIdent {
			p.errorAt(posAt(toks, 2, l.end), "expected a piece name after remove piece, found %s", describeAt(toks, 2))
			return
		}
		name := toks[2]
		p.expectLineEnd(l, 3)
		i := slices.IndexFunc(f.Pieces, func(pc *Piece) bool { return pc.Name == name.val })
		if i < 0 {
			names := make([]string, len(f.Pieces))
			for j, pc := range f.Pieces {
				names[j] = pc.Name
			}
			p.errorAt(name.pos, "remove piece %s: the base variant has no piece %q%s", name.val, name.val, p.didYouMean(name.val, names))
			return
		}
		f.Pieces = slices.Delete(f.Pieces, i, i+1)
		return
	}
	var words []string
	for _, t := range toks[1:] {
		words = append(words, t.val)
	}
	what := strings.Join(words, " ")
	clear, ok := removable[what]
	if !ok {
		keys := make([]string, 0, len(removable)+1)
		for k := range removable {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		keys = append([]string{"piece NAME"}, keys...)
		p.errorAt(posAt(toks, 1, l.end), "remove %s: expected one of %s", what, strings.Join(keys, ", "))
		return
	}
	clear(f)
}
