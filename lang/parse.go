package lang

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/alfil-go/alfil/betza"
	"github.com/alfil-go/alfil/memory"
)

// Parse reads a variant file. filename is used only in error positions. On
// success it returns the file with every macro expanded; otherwise it returns
// a nil file and an ErrorList with every error found, sorted by position.
// Parse never panics on bad input.
//
// A file that inherits from another (from NAME) needs a [Loader] to find
// it: pass one with [WithLoader]. The File returned then holds the
// inherited pieces and declarations too (docs/language.md § Inheritance),
// and its Source names, for each node, the file it was written in.
func Parse(filename string, src []byte, opts ...Option) (*File, error) {
	p := &parser{src: NewSource(filename, string(src))}
	for _, o := range opts {
		o(&p.opts)
	}
	p.chain, p.texts = []string{variantName(filename)}, []string{string(src)}
	f := p.parseFile()
	p.errs.Sort()
	p.errs = slices.CompactFunc(p.errs, func(a, b *Error) bool { // braces copy errors too
		return a.Pos == b.Pos && a.Msg == b.Msg
	})
	if err := p.errs.Err(); err != nil {
		return nil, err
	}
	return f, nil
}

// A Loader finds the variant file a from declaration names: it returns
// the file's name (for error positions) and its text, or an error saying
// why there is none. examples.Loader finds the variants shipped with
// alfil.
type Loader func(name string) (filename string, src []byte, err error)

// An Option changes how Parse reads a file.
type Option func(*options)

type options struct {
	loader Loader
}

// WithLoader lets the file inherit (from NAME): load finds the base
// variants, and those they inherit from.
func WithLoader(load Loader) Option { return func(o *options) { o.loader = load } }

// variantName is the name a file is known by in an inheritance chain: its
// base name without the extension.
func variantName(filename string) string {
	base := filename[strings.LastIndexAny(filename, "/\\")+1:]
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	return base
}

// maxNesting bounds how deeply structures may nest in one move line, and
// how deeply blocks and braces may nest before macro expansion.
const maxNesting = 64

// Ranges of the numbers in a variant file. Each is checked where the number
// is read, so a number out of range is an error at its position rather
// than a value that wraps around later.
const (
	maxCell       = 1<<16 - 1 // memory cell indexes, as in package memory (MaxCells-1)
	maxEvery      = 1<<31 - 1 // every N: plies, an int32 in the engine
	maxValue      = 100000    // value N: centipawns, far from the search's mate scores
	maxMultiCount = 1024      // multi N: sub-moves
	maxChecks     = 1000      // checks N
	maxRepetition = 1000      // repetition N
	maxMoveRule   = 1 << 20   // moverule N: moves of each side, far from the int32 ply counter
	maxMaterials  = 64        // insufficient declarations
	maxPieces     = 1 << 10   // onfile NAME N, count NAME N: more than a board holds
	// letters of one side of an insufficient declaration
	maxMaterialLetters = 64
)

// number reads the number token t, which must lie in [lo, hi]; what names it
// in the error ("value 100001 is out of range (-100000 to 100000)").
func (p *parser) number(t item, what string, lo, hi int64) (int, bool) {
	v, err := strconv.ParseInt(t.val, 10, 64)
	if err != nil || v < lo || v > hi || int64(int(v)) != v {
		p.errorAt(t.pos, "%s is out of range (%d to %d)", what, lo, hi)
		return 0, false
	}
	return int(v), true
}

type parser struct {
	src  *Source
	opts options
	errs ErrorList
	// chain is the variants being read, the file itself last: a from
	// naming one of them is a cycle (see inherit).
	chain []string
	// texts are the texts of the files of chain, in its order.
	texts []string
	// scope is the file's defs, linked to its base's and, for a base, to
	// the deriving file's, whose defs override its own (defScope).
	scope *defScope
	// declared holds the declarations of this file that may stand once,
	// by their words ("captures forced"): a base's do not count.
	declared map[string]Pos
	suggests map[string]string // unknownWord's answers, by word
	words    []string          // keywords, aliases and defs: what an unknown word may have meant
	spent    int               // work spent on suggestions (see closest)

	// state of the move line being parsed
	toks   []item
	i      int
	end    Pos   // where the line ends, for "found end of line"
	nest   int   // structures open
	depth  int   // brackets open
	blocks []int // the bracket depth of each open block's lines
	slides int   // slides open in the current line context
	bodies int   // slide bodies open: break may stand there
	multis int   // multis open
	// abandoned: the line was given up after an error that leaves its
	// open structures unfinished; their own errors would be false.
	abandoned bool
}

// maxErrors bounds the errors reported for one file; past it the parser
// notes that there were more.
const maxErrors = 100

func (p *parser) errorAt(pos Pos, format string, args ...any) {
	if len(p.errs) > maxErrors || p.abandoned {
		return
	}
	if len(p.errs) == maxErrors {
		format, args = "too many errors", nil
	}
	p.errs = append(p.errs, &Error{Pos: p.src.Position(pos), Msg: fmt.Sprintf(format, args...), Line: p.src.LineAt(pos)})
}

// reporting tells whether another error would still be reported in full;
// past maxErrors nothing is worth the work of explaining.
func (p *parser) reporting() bool { return len(p.errs) < maxErrors && !p.abandoned }

// declaration keywords, offered as suggestions at the start of a line.
var declarations = []string{"game", "board", "symmetry", "def", "piece", "setup", "tiles", "nomoves", "captures", "extinction", "checks", "eval", "repetition", "moverule", "insufficient", "drops", "from", "remove", "extend", "fen", "pass", "facing", "goal", "duplecheck", "mate", "place", "fullboard", "connect", "seed", "groups", "formation"}

// parseFile parses the whole file:
//
//	file: (declaration | NEWLINE)*
//	declaration: 'game' TEXT | 'board' SIZE | 'symmetry' ('mirror' | 'rotate')
//	           | 'def' IDENT ':' tokens | piece | 'setup' TEXT | tiles
//	           | 'nomoves' ('stalemate' | 'check') ('draw' | 'loss' | 'win')
//	           | 'captures' 'forced' | 'extinction' ('draw' | 'loss' | 'win')
//	           | 'checks' NUMBER | ('repetition' | 'moverule') NUMBER ('draw' | 'loss' | 'win')
//	           | 'drops' ('forced' | 'bicolor' NAME | 'castle' NAME FILE NAME FILE+)
//	           | 'pass' 'stalemate'? | 'facing' NAME ('draw' | 'loss' | 'win' | 'illegal')
//	           | 'place' NAME ('anywhere' | 'shot')
//	           | 'fullboard' ('draw' | 'loss' | 'win' | 'count')
func (p *parser) parseFile() *File {
	f := &File{Width: 8, Height: 8, Symmetry: "mirror", Source: p.src}
	lines := p.lexLines()
	if p.scope == nil { // a base's scope is made by loadBase, linked to the deriving file's
		p.scope = newDefScope(nil)
	}
	x := &expander{scope: p.scope, errs: p}
	p.declared = map[string]Pos{}
	// Defs first: they may be used before they are written, and the
	// base's lines, read by inherit, use those that override its own.
	for _, l := range lines {
		if l.toks[0].typ == itemDef {
			p.parseDef(l)
		}
	}
	p.inherit(f, lines)
	p.parseDeclarations(f, x, lines)
	if p.scope.derived == nil {
		// A base is checked as part of the file that inherits from it,
		// whose check sees every inherited piece and declaration with
		// the file's own: names the file's defs bring into the base's
		// lines (promote amazon) resolve among the file's pieces.
		p.check(f, x)
	}
	return f
}

// lexLines lexes the file, reports its lexing errors and splits the other
// tokens into lines, leaving out the lines where only a lexing error stood.
func (p *parser) lexLines() []macroLine {
	toks := lex(p.src.text)
	clean := make([]item, 0, len(toks))
	for _, t := range toks {
		t.pos += p.src.base // an inherited file's offsets follow those before it
		if t.typ == itemError {
			p.errorAt(t.pos, "%s", t.val)
			continue
		}
		clean = append(clean, t)
	}
	eofPos := p.src.base + Pos(len(p.src.text))
	var lines []macroLine
	for _, l := range splitLines(clean[:len(clean)-1], eofPos) { // without itemEOF
		if len(l.toks) == 1 && l.toks[0].typ == itemIndent {
			continue // only a lexing error stood there
		}
		lines = append(lines, l)
	}
	return lines
}

// parseDeclarations parses the declarations of lines into f, in order, each
// with the indented lines that follow it as its body. Only a piece or tiles
// block takes a body: elsewhere an indented line is an error. Defs are
// parsed before (parseFile) and skipped here.
func (p *parser) parseDeclarations(f *File, x *expander, lines []macroLine) {
	seen := map[itemType]item{}  // the declarations that stand once, by keyword
	extended := map[string]Pos{} // the inherited pieces extend piece added to, by name
	for n := 0; n < len(lines); n++ {
		l := lines[n]
		head := l.toks[0]
		// the indented lines that follow belong to this declaration
		var body []macroLine
		for n+1 < len(lines) && lines[n+1].toks[0].typ == itemIndent {
			n++
			body = append(body, macroLine{toks: lines[n].toks[1:], end: lines[n].end})
		}
		switch head.typ {
		case itemIndent:
			p.errorAt(l.toks[min(1, len(l.toks)-1)].pos, "indented line outside a piece or tiles block")
			continue
		case itemPiece:
			if pc, replaces := p.parsePiece(x, l, body); pc != nil {
				p.placePiece(f, pc, replaces, extended)
			}
			continue
		case itemExtend:
			p.parseExtend(f, x, l, body, extended)
			continue
		case itemTiles:
			if t := p.parseTiles(l, body); t != nil {
				f.Tiles = replaceInherited(p, f.Tiles, t, func(old *Tiles) bool { return old.Cell == t.Cell })
			}
			continue
		case itemFrom, itemRemove:
			// read by inherit, before the defs
			if len(body) > 0 {
				p.errorAt(body[0].toks[0].pos, "indented line outside a piece or tiles block")
			}
			continue
		}
		p.parseLineDeclaration(f, l, seen)
		if len(body) > 0 {
			p.errorAt(body[0].toks[0].pos, "indented line outside a piece or tiles block")
		}
	}
}

// parseLineDeclaration parses a declaration of one line (any but a piece or
// tiles block) into f; a def, parsed before, is skipped. seen holds, by
// keyword, the declarations met so far that may stand only once.
func (p *parser) parseLineDeclaration(f *File, l macroLine, seen map[itemType]item) {
	head := l.toks[0]
	switch head.typ {
	case itemDef:
		// done before
	case itemGame:
		p.once(seen, head)
		f.Name = p.parseGameName(l)
	case itemBoard:
		p.once(seen, head)
		f.Width, f.Height = p.parseBoard(l)
	case itemSymmetry:
		p.once(seen, head)
		f.Symmetry = p.parseChoice(l, "symmetry", "mirror", "rotate")
	case itemSeed:
		p.once(seen, head)
		if s := p.parseSeed(l); s != nil {
			f.Seed = s
		}
	case itemSetup:
		p.once(seen, head)
		if s := p.parseSetup(l); s != nil {
			f.Setup = s
		}
	case itemCaptures:
		// captures forced and captures hand may both stand, once each
		switch p.parseWord(l, 1, "captures", "forced", "hand") {
		case "forced":
			p.onceNamed(head, "captures forced", &f.ForcedCaptures)
			p.expectLineEnd(l, 2)
		case "hand":
			p.onceNamed(head, "captures hand", &f.CapturesToHand)
			f.HandDemotes = false // as written, whatever a base said
			if len(l.toks) > 2 {
				p.parseWord(l, 2, "captures hand", "demoted")
				f.HandDemotes = true
			}
			p.expectLineEnd(l, 3)
		}
	case itemChecks:
		p.once(seen, head)
		if len(l.toks) > 1 && l.toks[1].typ == itemIdent {
			p.parseWord(l, 1, "checks", "forbidden")
			f.NoChecks = true
			p.expectLineEnd(l, 2)
		} else if n, ok := p.parseChecks(l); ok {
			f.Checks = n
		}
	case itemMate:
		p.parseMate(f, l)
	case itemDupleCheck:
		p.once(seen, head)
		f.DupleCheck, f.dupleCheckPos = true, head.pos
		p.expectLineEnd(l, 1)
	case itemGroups:
		p.once(seen, head)
		f.Groups, f.GroupsPos = true, head.pos
		p.expectLineEnd(l, 1)
	case itemFormation:
		p.parseFormation(f, l) // (formation.go)
	case itemGoal:
		if g := p.parseGoal(l); g != nil {
			f.Goals = append(f.Goals, g)
		}
	case itemEval:
		p.once(seen, head)
		f.Eval = p.parseEval(l)
	case itemExtinct:
		p.once(seen, head)
		p.parseExtinction(f, l)
	case itemNoMoves:
		p.addNoMoves(f, p.parseNoMoves(l))
	case itemRepeat:
		p.once(seen, head)
		f.Repetition = p.parseCountRule(l, 2, maxRepetition)
	case itemMoveRule:
		p.once(seen, head)
		f.MoveRule = p.parseCountRule(l, 1, maxMoveRule)
	case itemDrops:
		p.parseDrops(f, l)
	case itemFen:
		// fen: 'fen' 'gates' (docs/language.md § Setup)
		if p.parseWord(l, 1, "fen", "gates") == "gates" && len(l.toks) > 1 {
			p.onceNamed(head, "fen gates", &f.FenGates)
			p.expectLineEnd(l, 2)
		}
	case itemFacing:
		p.once(seen, head)
		f.Facing = p.parseFacing(l)
	case itemConnect:
		p.once(seen, head)
		f.Connect = p.parseConnect(l)
	case itemFullBoard:
		p.once(seen, head)
		f.FullBoard = p.parseWord(l, 1, "fullboard", "draw", "loss", "win", "count")
		p.expectLineEnd(l, 2)
	case itemPlace:
		p.once(seen, head)
		f.Place = p.parsePlace(l)
	case itemPass:
		// at the start of a line pass is the pass rule; in a move line
		// it is the action
		p.once(seen, head)
		f.Pass = p.parsePass(l)
	case itemInsufficient:
		if m := p.parseMaterial(l); m != nil {
			// the file's own insufficient declarations replace the base's
			f.Insufficient = slices.DeleteFunc(f.Insufficient, func(m *Material) bool { return p.isInherited(m.Pos) })
			if len(f.Insufficient) == maxMaterials {
				p.errorAt(head.pos, "more than %d insufficient declarations", maxMaterials)
			} else {
				f.Insufficient = append(f.Insufficient, m)
			}
		}
	default:
		p.errorAt(head.pos, "expected a declaration (%s), found %s%s",
			strings.Join(declarations, ", "), head.describe(), p.didYouMean(head.val, declarations))
	}
}

// once reports the declaration t as declared twice if seen holds one of its
// kind already, and records it in seen.
func (p *parser) once(seen map[itemType]item, t item) {
	if prev, ok := seen[t.typ]; ok {
		p.errorAt(t.pos, "%s declared twice (first at %s)", t.val, p.src.Position(prev.pos))
	}
	seen[t.typ] = t
}

// onceNamed sets *flag, reporting what declared it twice when it is set
// already (a keyword with several declarations, each allowed once).
//
// A base variant's declaration does not count: the file may repeat it.
func (p *parser) onceNamed(t item, what string, flag *bool) {
	if _, ok := p.declared[what]; ok {
		p.errorAt(t.pos, "%s declared twice", what)
	}
	p.declared[what] = t.pos
	*flag = true
}

// parseDrops reads a drops declaration into f; each kind may stand once:
//
//	drops: 'drops' ('forced' | 'free' | 'start' SQUARE+ | 'bicolor' NAME | 'castle' NAME FILE NAME FILE+)
func (p *parser) parseDrops(f *File, l macroLine) {
	head := l.toks[0]
	kinds := []string{"forced", "bicolor", "castle", "free", "start"}
	if len(l.toks) < 2 || !slices.Contains(kinds, l.toks[1].val) {
		p.parseWord(l, 1, "drops", kinds...) // reports what stands there
		return
	}
	switch l.toks[1].val {
	case "forced":
		p.onceNamed(head, "drops forced", &f.ForcedDrops)
		f.ForcedDropType = nil // as written, whatever a base said
		if len(l.toks) > 2 {
			// drops forced NAME: koedem's king is dropped first
			if name, ok := p.pieceNameAt(l, 2, "a piece name or end of line after drops forced"); ok {
				f.ForcedDropType = &name
			}
			p.expectLineEnd(l, 3)
		}
	case "free":
		p.onceNamed(head, "drops free", &f.FreeDrops)
		p.expectLineEnd(l, 2)
	case "start":
		if len(f.DropStart) > 0 && !p.isInherited(f.DropStart[0].Pos) {
			p.errorAt(head.pos, "drops start declared twice (first at %s)", p.src.Position(f.DropStart[0].Pos))
		}
		f.DropStart = nil
		for i := 2; i < len(l.toks); i++ {
			t := l.toks[i]
			if t.typ != itemIdent || SquareIndex(t.val, 32, 32) < 0 {
				p.errorAt(t.pos, "expected a square (e4) after drops start, found %s", t.describe())
				return
			}
			f.DropStart = append(f.DropStart, SquareName{Pos: t.pos, Name: t.val})
		}
		if len(f.DropStart) == 0 {
			p.errorAt(l.end, "expected the squares drops start on (d4 e4 …) after drops start, found end of line")
		}
	case "bicolor":
		name, ok := p.pieceNameAt(l, 2, "a piece name after drops bicolor")
		if !ok {
			return
		}
		if f.BicolorDrops != nil && !p.isInherited(f.BicolorDrops.Pos) {
			p.errorAt(head.pos, "drops bicolor declared twice (first at %s)", p.src.Position(f.BicolorDrops.Pos))
		}
		f.BicolorDrops = &name
		p.expectLineEnd(l, 3)
	case "castle":
		if c := p.parseDropCastle(l); c != nil {
			if f.DropCastle != nil && !p.isInherited(f.DropCastle.Pos) {
				p.errorAt(head.pos, "drops castle declared twice (first at %s)", p.src.Position(f.DropCastle.Pos))
			}
			f.DropCastle = c
		}
	}
}

// parseDropCastle reads what follows drops castle, or returns nil after
// an error:
//
//	'castle' NAME FILE NAME FILE+
func (p *parser) parseDropCastle(l macroLine) *DropCastle {
	c := &DropCastle{Pos: l.toks[0].pos}
	var ok bool
	if c.King, ok = p.pieceNameAt(l, 2, "the castling piece's name after drops castle"); !ok {
		return nil
	}
	if c.KingFile, ok = p.fileNameAt(l, 3, "the file a dropped "+c.King.Name+" castles from (a, b, …)"); !ok {
		return nil
	}
	if c.Rook, ok = p.pieceNameAt(l, 4, "its partner's name after drops castle "+c.King.Name+" "+c.KingFile.Name); !ok {
		return nil
	}
	for i := 5; i == 5 || i < len(l.toks); i++ {
		fl, ok := p.fileNameAt(l, i, "a file a dropped "+c.Rook.Name+" castles from (a, b, …)")
		if !ok {
			return nil
		}
		c.RookFiles = append(c.RookFiles, fl)
	}
	return c
}

// pieceNameAt reads the identifier at l.toks[i] as a piece's name; want
// says what was expected, for the error.
func (p *parser) pieceNameAt(l macroLine, i int, want string) (PieceName, bool) {
	if i >= len(l.toks) || l.toks[i].typ != itemIdent {
		p.errorAt(posAt(l.toks, i, l.end), "expected %s, found %s", want, describeAt(l.toks, i))
		return PieceName{}, false
	}
	return PieceName{Pos: l.toks[i].pos, Name: l.toks[i].val}, true
}

// fileNameAt reads the file name at l.toks[i] (a to z, aa to af); want
// says what was expected, for the error.
func (p *parser) fileNameAt(l macroLine, i int, want string) (FileName, bool) {
	if i >= len(l.toks) || l.toks[i].typ != itemIdent || FileIndex(l.toks[i].val) < 0 {
		p.errorAt(posAt(l.toks, i, l.end), "expected %s, found %s", want, describeAt(l.toks, i))
		return FileName{}, false
	}
	return FileName{Pos: l.toks[i].pos, Name: l.toks[i].val}, true
}

// parseSetup reads a setup line, or returns nil after an error:
//
//	setup: 'setup' TEXT
func (p *parser) parseSetup(l macroLine) *Setup {
	if len(l.toks) < 2 {
		p.errorAt(l.end, "expected a FEN string after setup, found end of line")
		return nil
	}
	return &Setup{Pos: l.toks[0].pos, FEN: l.toks[1].val}
}

// parseCountRule reads a rule that ends the game at a count, whose
// number lies in [lo, hi], or returns nil after an error:
//
//	countrule: ('repetition' | 'moverule') NUMBER ('draw' | 'loss' | 'win')
func (p *parser) parseCountRule(l macroLine, lo, hi int64) *CountRule {
	kw := l.toks[0].val
	what := map[string]string{"repetition": "the number of times a position occurs", "moverule": "the number of moves of each side"}[kw]
	if len(l.toks) < 2 || l.toks[1].typ != itemNumber {
		p.errorAt(posAt(l.toks, 1, l.end), "expected %s after %s, found %s", what, kw, describeAt(l.toks, 1))
		return nil
	}
	n, ok := p.number(l.toks[1], kw+" "+l.toks[1].val, lo, hi)
	if !ok {
		return nil
	}
	r := &CountRule{Pos: l.toks[0].pos, Keyword: kw, N: n}
	r.Result = p.parseWord(l, 2, kw+" "+l.toks[1].val, "draw", "loss", "win")
	p.expectLineEnd(l, 3)
	return r
}

// parseExtinction reads the extinction rule into f (docs/language.md
// § Extinction):
//
//	extinction: 'extinction' ('loss' | 'win' | 'draw') group? ('left' NUMBER)? ('vs' NUMBER)? 'reply'?
//	group:      'all' | NAME | '{' NAME (',' NAME)* '}'
func (p *parser) parseExtinction(f *File, l macroLine) {
	// the line replaces an inherited rule whole: what it does not say
	// takes its default, not the base's (§ Inheritance)
	clearExtinction(f)
	f.Extinction = p.parseWord(l, 1, "extinction", "loss", "win", "draw")
	i := 2
	if i < len(l.toks) {
		switch t := l.toks[i]; {
		case t.typ == itemLBrace:
			names, next, ok := p.parseExtinctionList(l, i)
			if !ok {
				return
			}
			f.ExtinctionPieces, i = names, next
		case t.typ == itemIdent && t.val == "all":
			f.ExtinctionAll = true
			i++
		case t.typ == itemIdent && t.val != "left" && t.val != "vs" && t.val != "reply":
			f.ExtinctionPieces = []PieceName{{Pos: t.pos, Name: t.val}}
			i++
		}
	}
	what := "extinction " + f.Extinction
	// the words that may still come, in their order
	next := []string{"left", "vs", "reply"}
	if i == 2 {
		next = append([]string{"all", "a piece name", "{NAMES}"}, next...)
	}
	vsGiven := false
	for _, c := range []struct {
		word string
		n    *int
	}{{"left", &f.ExtinctionLeft}, {"vs", &f.ExtinctionVs}} {
		if i >= len(l.toks) || l.toks[i].val != c.word {
			continue
		}
		if i+1 >= len(l.toks) || l.toks[i+1].typ != itemNumber {
			p.errorAt(posAt(l.toks, i+1, l.end), "expected a number of pieces after %s, found %s", c.word, describeAt(l.toks, i+1))
			return
		}
		n, ok := p.number(l.toks[i+1], c.word+" "+l.toks[i+1].val, 0, maxPieces)
		if !ok {
			return
		}
		*c.n, vsGiven = n, c.word == "vs"
		next = next[slices.Index(next, c.word)+1:]
		i += 2
	}
	if i < len(l.toks) {
		if t := l.toks[i]; t.val != "reply" {
			p.errorAt(t.pos, "expected %s or end of line after %s, found %s%s", strings.Join(next, ", "), what, t.describe(),
				p.didYouMean(t.val, []string{"all", "left", "vs", "reply"}))
			return
		}
		f.ExtinctionReply = true
		if !vsGiven {
			f.ExtinctionVs = 1 // the reply must leave the other side a piece to lose to
		}
		p.expectLineEnd(l, i+1)
	}
}

// parseExtinctionList reads the braced piece names of an extinction rule
// from l.toks[i], '{', and returns them with the index after '}'.
func (p *parser) parseExtinctionList(l macroLine, i int) ([]PieceName, int, bool) {
	var names []PieceName
	for i++; ; i += 2 {
		name, ok := p.pieceNameAt(l, i, "a piece name in extinction's braces")
		if !ok {
			return nil, i, false
		}
		if slices.ContainsFunc(names, func(n PieceName) bool { return n.Name == name.Name }) {
			p.errorAt(name.Pos, "extinction names piece %s twice", name.Name)
			return nil, i, false
		}
		names = append(names, name)
		if i+1 < len(l.toks) && l.toks[i+1].typ == itemRBrace {
			return names, i + 2, true
		}
		if i+1 >= len(l.toks) || l.toks[i+1].typ != itemComma {
			p.errorAt(posAt(l.toks, i+1, l.end), "expected , or } after %s in extinction's braces, found %s", name.Name, describeAt(l.toks, i+1))
			return nil, i, false
		}
	}
}

// parseFacing reads the facing rule, or returns nil after an error:
//
//	facing: 'facing' NAME ('draw' | 'loss' | 'win' | 'illegal')
func (p *parser) parseFacing(l macroLine) *Facing {
	name, ok := p.pieceNameAt(l, 1, "a piece name after facing")
	if !ok {
		return nil
	}
	r := &Facing{Pos: l.toks[0].pos, Piece: name}
	r.Result = p.parseWord(l, 2, "facing "+name.Name, "draw", "loss", "win", "illegal")
	p.expectLineEnd(l, 3)
	return r
}

// maxConnect bounds connect's N: a row of the largest board.
const maxConnect = 32

// connectLines are the words naming the lines a connect rule counts
// along, in their order.
var connectLines = []string{"ranks", "files", "diagonals"}

// parseConnect reads the connect rule, or returns nil after an error:
//
//	connect: 'connect' N (NAME | '{' NAME (',' NAME)* '}')? 'ranks'? 'files'? 'diagonals'? ('draw' | 'loss' | 'win')
func (p *parser) parseConnect(l macroLine) *Connect {
	r := &Connect{Pos: l.toks[0].pos}
	if len(l.toks) < 2 || l.toks[1].typ != itemNumber {
		p.errorAt(posAt(l.toks, 1, l.end), "expected the number of pieces in a row after connect, found %s", describeAt(l.toks, 1))
		return nil
	}
	n, ok := p.number(l.toks[1], "connect "+l.toks[1].val, 1, maxConnect)
	if !ok {
		return nil
	}
	r.N = n
	i := 2
	isWord := func(t item) bool {
		return slices.Contains(connectLines, t.val) || t.val == "draw" || t.val == "loss" || t.val == "win"
	}
	if i < len(l.toks) {
		switch t := l.toks[i]; {
		case t.typ == itemLBrace:
			for i++; ; i += 2 {
				name, ok := p.pieceNameAt(l, i, "a piece name in connect's braces")
				if !ok {
					return nil
				}
				if slices.ContainsFunc(r.Pieces, func(n PieceName) bool { return n.Name == name.Name }) {
					p.errorAt(name.Pos, "connect names piece %s twice", name.Name)
					return nil
				}
				r.Pieces = append(r.Pieces, name)
				if i+1 < len(l.toks) && l.toks[i+1].typ == itemRBrace {
					i += 2
					break
				}
				if i+1 >= len(l.toks) || l.toks[i+1].typ != itemComma {
					p.errorAt(posAt(l.toks, i+1, l.end), "expected , or } after %s in connect's braces, found %s", name.Name, describeAt(l.toks, i+1))
					return nil
				}
			}
		case t.typ == itemIdent && !isWord(t):
			r.Pieces = []PieceName{{Pos: t.pos, Name: t.val}}
			i++
		}
	}
	next := connectLines
	for i < len(l.toks) && slices.Contains(next, l.toks[i].val) {
		r.Lines = append(r.Lines, l.toks[i].val)
		next = next[slices.Index(next, l.toks[i].val)+1:]
		i++
	}
	if i >= len(l.toks) || !slices.Contains([]string{"draw", "loss", "win"}, l.toks[i].val) {
		words := append(slices.Clone(next), "draw", "loss", "win")
		p.errorAt(posAt(l.toks, i, l.end), "expected %s after connect %d, found %s", strings.Join(words, ", "), r.N, describeAt(l.toks, i))
		return nil
	}
	r.Result = l.toks[i].val
	p.expectLineEnd(l, i+1)
	return r
}

// parsePass reads the pass rule:
//
//	pass: 'pass' 'stalemate'?
func (p *parser) parsePass(l macroLine) *Pass {
	r := &Pass{Pos: l.toks[0].pos}
	if len(l.toks) > 1 {
		p.parseWord(l, 1, "pass", "stalemate")
		r.Stalemate = true
	}
	p.expectLineEnd(l, 2)
	return r
}

// parsePlace reads the wall rule, or returns nil after an error:
//
//	place: 'place' NAME ('anywhere' | 'shot')
func (p *parser) parsePlace(l macroLine) *Place {
	name, ok := p.pieceNameAt(l, 1, "the name of a wall piece after place")
	if !ok {
		return nil
	}
	r := &Place{Pos: l.toks[0].pos, Wall: name}
	r.Where = p.parseWord(l, 2, "place "+name.Name, "anywhere", "shot")
	p.expectLineEnd(l, 3)
	return r
}

// parseMaterial reads an insufficient-material declaration, or returns
// nil after an error:
//
//	material: 'insufficient' side 'vs' side 'samecolor'?
//	side:     (LETTERS | '{' LETTERS '}')+
func (p *parser) parseMaterial(l macroLine) *Material {
	m := &Material{Pos: l.toks[0].pos}
	i := 1
	for s := range m.Sides {
		side, next, ok := p.parseMaterialSide(l, i)
		if !ok {
			return nil
		}
		m.Sides[s], i = side, next
		if s == 0 {
			if i >= len(l.toks) || l.toks[i].val != "vs" {
				p.errorAt(posAt(l.toks, i, l.end), "expected vs between the sides' pieces, found %s", describeAt(l.toks, i))
				return nil
			}
			i++
		}
	}
	if i < len(l.toks) {
		p.parseWord(l, i, "insufficient "+m.Sides[0].String()+" vs "+m.Sides[1].String(), "samecolor")
		m.SameColor = true
		i++
	}
	p.expectLineEnd(l, i)
	return m
}

// parseMaterialSide reads one side's pieces from l.toks[i] on: piece
// letters, and letters in braces for pieces of any number.
func (p *parser) parseMaterialSide(l macroLine, i int) (MaterialSide, int, bool) {
	var side MaterialSide
	letters := func(t item) bool {
		if t.typ != itemIdent || t.val == "vs" || t.val == "samecolor" || len(t.val) > maxMaterialLetters {
			return false
		}
		for _, c := range t.val {
			if c < 'A' || c > 'Z' {
				return false
			}
		}
		return true
	}
	start := i
	for i < len(l.toks) {
		t := l.toks[i]
		switch {
		case letters(t):
			side.Fixed += t.val
			i++
			continue
		case t.typ == itemLBrace:
			if i+2 >= len(l.toks) || !letters(l.toks[i+1]) || l.toks[i+2].typ != itemRBrace {
				p.errorAt(t.pos, "expected {LETTERS}: upper-case piece letters in braces, found %s", describeAt(l.toks, i+1))
				return side, i, false
			}
			side.Any += l.toks[i+1].val
			i += 3
			continue
		}
		break
	}
	if i == start || len(side.Fixed)+len(side.Any) > maxMaterialLetters {
		p.errorAt(posAt(l.toks, i, l.end), "expected a side's pieces as upper-case letters (KN, K{B}; at most %d), found %s", maxMaterialLetters, describeAt(l.toks, i))
		return side, i, false
	}
	return side, i, true
}

// parseMate reads a mate rule into f; each kind may stand once:
//
//	mate: 'mate' ('shak' | 'forbidden') NAME+
func (p *parser) parseMate(f *File, l macroLine) {
	if len(l.toks) < 2 || l.toks[1].val != "shak" && l.toks[1].val != "forbidden" {
		p.parseWord(l, 1, "mate", "shak", "forbidden") // reports what stands there
		return
	}
	kind := l.toks[1].val
	dst := map[string]*[]PieceName{"shak": &f.MateShak, "forbidden": &f.MateForbidden}[kind]
	if *dst != nil {
		p.errorAt(l.toks[0].pos, "mate %s declared twice", kind)
		return
	}
	var names []PieceName
	for i := 2; i == 2 || i < len(l.toks); i++ {
		name, ok := p.pieceNameAt(l, i, "a piece name after mate "+kind)
		if !ok {
			return
		}
		names = append(names, name)
	}
	*dst = names
}

// goalTerms are the words that may follow a goal's region, in their
// order.
var goalTerms = []string{"count", "full", "reply", "hold", "safe"}

// parseGoal reads a goal declaration, or returns nil after an error:
//
//	goal:   'goal' ('first' | 'second')? NAME region+ ('count' N)? 'full'? ('reply' | 'hold')? 'safe'?
//	region: SQUARE | 'rank' NUMBER | 'file' FILE
func (p *parser) parseGoal(l macroLine) *Goal {
	g := &Goal{Pos: l.toks[0].pos}
	i := 1
	if i < len(l.toks) && (l.toks[i].val == "first" || l.toks[i].val == "second") {
		g.Side = l.toks[i].val
		i++
	}
	name, ok := p.pieceNameAt(l, i, "the name of the piece that reaches the goal after goal")
	if !ok {
		return nil
	}
	g.Piece = name
	for i++; i < len(l.toks); i++ {
		t := l.toks[i]
		switch {
		case slices.Contains(goalTerms, t.val) && len(g.Region) > 0:
			if !p.parseGoalTerms(g, l, i) {
				return nil
			}
			return g
		case t.val == "rank" && t.typ == itemIdent:
			if i+1 >= len(l.toks) || l.toks[i+1].typ != itemNumber {
				p.errorAt(posAt(l.toks, i+1, l.end), "expected a rank number (1, 2, …) after rank, found %s", describeAt(l.toks, i+1))
				return nil
			}
			i++
			g.Region = append(g.Region, GoalSquares{Pos: t.pos, Kind: "rank", Name: l.toks[i].val})
		case t.val == "file" && t.typ == itemIdent:
			if _, ok := p.fileNameAt(l, i+1, "a file (a, b, …) after file"); !ok {
				return nil
			}
			i++
			g.Region = append(g.Region, GoalSquares{Pos: t.pos, Kind: "file", Name: l.toks[i].val})
		case t.typ == itemIdent && SquareIndex(t.val, 32, 32) >= 0:
			g.Region = append(g.Region, GoalSquares{Pos: t.pos, Kind: "square", Name: t.val})
		default:
			p.errorAt(t.pos, "expected a goal square (e4), rank N, file F, count, full, reply, hold or safe, found %s", describeAt(l.toks, i))
			return nil
		}
	}
	if len(g.Region) == 0 {
		p.errorAt(l.end, "expected the goal's squares after goal %s (a square such as e4, rank N or file F), found end of line", g.Piece.Name)
		return nil
	}
	return g
}

// parseGoalTerms reads the words after a goal's region, from l.toks[i]:
// count N, full, reply or hold, safe, each at most once and in that
// order.
func (p *parser) parseGoalTerms(g *Goal, l macroLine, i int) bool {
	next := goalTerms
	for ; i < len(l.toks); i++ {
		t := l.toks[i]
		at := slices.Index(next, t.val)
		if at < 0 {
			p.errorAt(t.pos, "expected %s or end of line after the goal's region, found %s", strings.Join(next, ", "), t.describe())
			return false
		}
		next = next[at+1:]
		switch t.val {
		case "count":
			if i+1 >= len(l.toks) || l.toks[i+1].typ != itemNumber {
				p.errorAt(posAt(l.toks, i+1, l.end), "expected a number of pieces after count, found %s", describeAt(l.toks, i+1))
				return false
			}
			n, ok := p.number(l.toks[i+1], "count "+l.toks[i+1].val, 1, maxPieces)
			if !ok {
				return false
			}
			g.Count = n
			i++
		case "full":
			g.Full = true
		case "reply", "hold":
			g.Reply, g.Hold = t.val == "reply", t.val == "hold"
			next = next[slices.Index(next, "safe"):] // one of the two
		case "safe":
			if g.Reply {
				p.errorAt(t.pos, "safe with reply: a goal is safe with hold or without an ending")
				return false
			}
			g.Safe = true
		}
	}
	return true
}

// SquareIndex returns file and rank of a square name (e4: 4, 3; aa10 on
// boards wider than 26 files) as file + rank*width, or -1 when s names no
// square of a width x height board.
func SquareIndex(s string, width, height int) int {
	j := 0
	for j < len(s) && s[j] >= 'a' && s[j] <= 'z' {
		j++
	}
	if j == 0 || j == len(s) || s[j] == '0' {
		return -1
	}
	x := FileIndex(s[:j])
	y := 0
	for _, c := range s[j:] {
		if c < '0' || c > '9' || y > 100 {
			return -1
		}
		y = y*10 + int(c-'0')
	}
	if x < 0 || x >= width || y < 1 || y > height {
		return -1
	}
	return x + (y-1)*width
}

// parseChecks reads the number of checks that wins, and reports false after
// an error:
//
//	checks: 'checks' NUMBER
func (p *parser) parseChecks(l macroLine) (int, bool) {
	if len(l.toks) < 2 || l.toks[1].typ != itemNumber {
		p.errorAt(posAt(l.toks, 1, l.end), "expected the number of checks that wins, found %s", describeAt(l.toks, 1))
		return 0, false
	}
	n, ok := p.number(l.toks[1], "checks "+l.toks[1].val, 1, maxChecks)
	if !ok {
		return 0, false
	}
	p.expectLineEnd(l, 2)
	return n, true
}

// addNoMoves adds n to f, reporting it if the file has a nomoves for the
// same case already; an inherited one it replaces.
func (p *parser) addNoMoves(f *File, n *NoMoves) {
	for _, prev := range f.NoMoves {
		if prev.When == n.When && !p.isInherited(prev.Pos) {
			p.errorAt(n.Pos, "nomoves %s declared twice (first at %s)", n.When, p.src.Position(prev.Pos))
		}
	}
	f.NoMoves = replaceInherited(p, f.NoMoves, n, func(old *NoMoves) bool { return old.When == n.When })
}

// parseDef records a macro:
//
//	def: 'def' IDENT ':' tokens
func (p *parser) parseDef(l macroLine) {
	toks := l.toks
	if len(toks) < 2 || toks[1].typ != itemIdent {
		p.errorAt(posAt(toks, 1, l.end), "expected a def name, found %s", describeAt(toks, 1))
		return
	}
	name := toks[1]
	if isStepWord(name.val) {
		p.errorAt(name.pos, "def name %q is a step word", name.val)
		return
	}
	if len(toks) < 3 || toks[2].typ != itemColon {
		p.errorAt(posAt(toks, 2, l.end), "expected : after def %s, found %s", name.val, describeAt(toks, 2))
		return
	}
	if prev, ok := p.scope.own[name.val]; ok {
		p.errorAt(name.pos, "def %q defined twice (first at %s)", name.val, p.src.Position(prev.name.pos))
		return
	}
	// The brackets are checked here, so a def that is never used is
	// checked too; a def whose brackets do not match is never expanded.
	// A def of a base's name overrides the base's, in its lines too
	// (defScope).
	body := toks[3:]
	p.scope.own[name.val] = &def{name: name, body: body, scope: p.scope, cost: costUnknown, bad: !p.checkBrackets(body)}
}

// parseGameName reads the name of a game line: the rest of the line, which
// the lexer trimmed of white space. It may be any printable text.
func (p *parser) parseGameName(l macroLine) string {
	if len(l.toks) < 2 {
		p.errorAt(l.end, "expected a game name after game, found end of line")
		return ""
	}
	t := l.toks[1]
	for i, r := range t.val {
		if unicode.IsControl(r) {
			p.errorAt(t.pos+Pos(i), "expected printable text in the game name, found control character %s", quoteChar(r))
			return ""
		}
	}
	return t.val
}

// parseBoard reads board WxH.
func (p *parser) parseBoard(l macroLine) (w, h int) {
	if len(l.toks) < 2 || l.toks[1].typ != itemSize {
		p.errorAt(posAt(l.toks, 1, l.end), "expected a board size such as 8x8, found %s", describeAt(l.toks, 1))
		return 8, 8
	}
	t := l.toks[1]
	ws, hs, _ := strings.Cut(t.val, "x")
	w, _ = strconv.Atoi(ws)
	h, _ = strconv.Atoi(hs)
	if w < 1 || h < 1 || w > 32 || h > 32 {
		p.errorAt(t.pos, "board %s is out of range: files and ranks go from 1 to 32", t.val)
		return 8, 8
	}
	p.expectLineEnd(l, 2)
	return w, h
}

// parseChoice reads KEYWORD WORD where WORD is one of choices, and the end
// of the line.
func (p *parser) parseChoice(l macroLine, what string, choices ...string) string {
	c := p.parseWord(l, 1, what, choices...)
	p.expectLineEnd(l, 2)
	return c
}

// parseWord reads the word at l.toks[i], which must be one of choices.
func (p *parser) parseWord(l macroLine, i int, what string, choices ...string) string {
	if i >= len(l.toks) {
		p.errorAt(l.end, "expected %s after %s, found end of line", strings.Join(choices, " or "), what)
		return choices[0]
	}
	t := l.toks[i]
	if slices.Contains(choices, t.val) {
		return t.val
	}
	p.errorAt(t.pos, "expected %s after %s, found %s%s", strings.Join(choices, " or "), what, t.describe(), p.didYouMean(t.val, choices))
	return choices[0]
}

// parseNoMoves reads nomoves WHEN RESULT.
func (p *parser) parseNoMoves(l macroLine) *NoMoves {
	n := &NoMoves{Pos: l.toks[0].pos}
	n.When = p.parseWord(l, 1, "nomoves", "stalemate", "check")
	n.Result = p.parseWord(l, 2, "nomoves "+n.When, "draw", "loss", "win")
	p.expectLineEnd(l, 3)
	return n
}

func (p *parser) expectLineEnd(l macroLine, i int) {
	if i < len(l.toks) {
		p.errorAt(l.toks[i].pos, "expected end of line, found %s", l.toks[i].describe())
	}
}

// parseTiles reads a tile-memory block:
//
//	tiles: 'tiles' NUMBER NEWLINE (INDENT NUMBER+ NEWLINE)*
func (p *parser) parseTiles(l macroLine, body []macroLine) *Tiles {
	t := &Tiles{Pos: l.toks[0].pos}
	if len(l.toks) < 2 || l.toks[1].typ != itemNumber {
		p.errorAt(posAt(l.toks, 1, l.end), "expected a tile memory cell number after tiles, found %s", describeAt(l.toks, 1))
		return nil
	}
	cell, ok := p.number(l.toks[1], "tile memory cell "+l.toks[1].val, 0, maxCell)
	if !ok {
		return nil
	}
	t.Cell = cell
	p.expectLineEnd(l, 2)
	for _, row := range body {
		var values []int
		for _, tok := range row.toks {
			if tok.typ != itemNumber {
				p.errorAt(tok.pos, "expected a number in tiles row, found %s", tok.describe())
				return nil
			}
			v, ok := p.number(tok, "number "+tok.val, math.MinInt64, math.MaxInt64)
			if !ok {
				return nil
			}
			values = append(values, v)
		}
		t.Rows = append(t.Rows, values)
	}
	return t
}

// parsePiece reads a piece and its indented lines:
//
//	piece: 'piece' IDENT LETTER attr* NEWLINE (INDENT line NEWLINE)*
//	attr: IDENT | 'value' NUMBER | 'betza' NOTATION | 'replaces' IDENT
//	line: 'every' NUMBER ':' seq | 'onDeath' ':' seq | seq
//
// It returns the piece and the inherited piece it replaces (replaces
// NAME, docs/language.md § Inheritance), or nil.
func (p *parser) parsePiece(x *expander, l macroLine, body []macroLine) (*Piece, *PieceName) {
	toks := l.toks
	pc := &Piece{Pos: toks[0].pos}
	if len(toks) < 2 || toks[1].typ != itemIdent {
		p.errorAt(posAt(toks, 1, l.end), "expected a piece name, found %s", describeAt(toks, 1))
		return nil, nil
	}
	pc.Name = toks[1].val
	letter := ""
	if len(toks) >= 3 && toks[2].typ == itemIdent {
		letter = toks[2].val
	}
	pc.Plus = strings.HasPrefix(letter, "+")
	letter = strings.TrimPrefix(letter, "+")
	if len(letter) != 1 || !isLetter(rune(letter[0])) || letter == "_" {
		p.errorAt(posAt(toks, 2, l.end), "expected the FEN letter of piece %s (or +LETTER for a promoted piece), found %s", pc.Name, describeAt(toks, 2))
		return nil, nil
	}
	pc.Letter = strings.ToUpper(letter)[0]
	replaces, ok := p.parsePieceAttrs(pc, l, 3, true)
	if !ok {
		return nil, nil
	}
	p.parsePieceBody(x, pc, body)
	return pc, replaces
}

// parsePieceAttrs reads the attributes of a piece declaration from
// l.toks[i] to the line's end into pc: names, value N, and betza
// NOTATION, whose moves it adds. With replacing, replaces NAME may stand
// among them (piece …, not extend piece …); it is returned, not an
// attribute. It reports whether they read without error.
func (p *parser) parsePieceAttrs(pc *Piece, l macroLine, i int, replacing bool) (replaces *PieceName, ok bool) {
	toks := l.toks
	var betzaLines []item // betza NOTATION: its moves come first
	for ; i < len(toks); i++ {
		t := toks[i]
		if t.typ != itemIdent {
			p.errorAt(t.pos, "expected a piece attribute, found %s", t.describe())
			return nil, false
		}
		a := &Attr{Pos: t.pos, Name: t.val}
		if alias, ok := attributeAliases[a.Name]; ok {
			a.Name = alias
		}
		switch a.Name {
		case "betza":
			if i+1 >= len(toks) || toks[i+1].typ != itemIdent {
				p.errorAt(posAt(toks, i+1, l.end), "expected a Betza notation after betza, found %s", describeAt(toks, i+1))
				return nil, false
			}
			i++
			betzaLines = append(betzaLines, toks[i])
			continue
		case "replaces":
			if !replacing {
				p.errorAt(t.pos, "replaces stands in a piece declaration: an extended piece keeps its place")
				return nil, false
			}
			if replaces != nil {
				p.errorAt(t.pos, "replaces written twice: a piece takes the place of one piece")
				return nil, false
			}
			if i+1 >= len(toks) || toks[i+1].typ != itemIdent {
				p.errorAt(posAt(toks, i+1, l.end), "expected the name of an inherited piece after replaces, found %s", describeAt(toks, i+1))
				return nil, false
			}
			i++
			replaces = &PieceName{Pos: toks[i].pos, Name: toks[i].val}
			continue
		case "proxy":
			next, ok := p.parseProxy(a, l, i)
			if !ok {
				return nil, false
			}
			i = next
		case "value":
			if i+1 >= len(toks) || toks[i+1].typ != itemNumber {
				p.errorAt(posAt(toks, i+1, l.end), "expected a number after value, found %s", describeAt(toks, i+1))
				return nil, false
			}
			i++
			v, ok := p.number(toks[i], "value "+toks[i].val, -maxValue, maxValue)
			if !ok {
				return nil, false
			}
			a.Value = v
		}
		pc.Attrs = append(pc.Attrs, a)
	}
	for _, notation := range betzaLines {
		if !p.parseBetza(pc, notation) {
			return nil, false
		}
	}
	return replaces, true
}

// parsePieceBody reads a piece's indented lines into pc, each expanded
// first; past a bound of expansion (reported) it reads no more.
func (p *parser) parsePieceBody(x *expander, pc *Piece, body []macroLine) {
	for _, raw := range body {
		for _, line := range x.expandLine(raw) {
			if len(line.toks) > 0 { // {,} may leave an empty copy
				p.parsePieceLine(pc, line)
			}
		}
		if x.stopped {
			break
		}
	}
}

// parseBetza adds the moves of a Betza notation (piece NAME L betza BN,
// docs/language.md § Betza notation) to pc: package betza writes them as
// move lines, read here like the piece's own, every token placed at the
// notation. A notation betza refuses is an error at the letter it names.
func (p *parser) parseBetza(pc *Piece, notation item) bool {
	piece, err := betza.Parse(notation.val)
	if err != nil {
		var be *betza.Error
		if errors.As(err, &be) {
			p.errorAt(notation.pos+Pos(be.Offset), "betza %s: %s", notation.val, be.Msg)
		} else {
			p.errorAt(notation.pos, "%v", err)
		}
		return false
	}
	if piece.EnPassant >= 0 {
		p.errorAt(notation.pos+Pos(piece.EnPassant), "betza %s: e (en passant) is a rule of the variant, not of a notation: write the pawn's ghost lines (docs/language.md § Betza notation)", notation.val)
		return false
	}
	for _, text := range piece.Lines(betza.Options{}) {
		var toks []item
		for _, t := range lex(text) {
			if t.typ == itemEOF || t.typ == itemNewline {
				break
			}
			t.pos = notation.pos
			toks = append(toks, t)
		}
		p.parsePieceLine(pc, macroLine{toks: toks, end: notation.pos})
	}
	return true
}

// parsePieceLine parses one expanded line of a piece: a move line or a hook.
func (p *parser) parsePieceLine(pc *Piece, l macroLine) {
	p.toks, p.i, p.end = l.toks, 0, l.end
	p.nest, p.slides, p.bodies, p.multis, p.depth, p.blocks = 0, 0, 0, 0, 0, p.blocks[:0]
	p.abandoned = false
	defer func() { p.abandoned = false }()
	start := p.peek()
	switch start.typ {
	case itemEvery:
		p.next()
		n := p.next()
		if n.typ != itemNumber {
			p.errorExpected(n, "a positive number of plies after every")
			return
		}
		count, ok := p.number(n, "every "+n.val, 1, maxEvery)
		if !ok {
			return
		}
		if !p.expect(itemColon, "after every "+n.val) {
			return
		}
		pc.Every = append(pc.Every, &Every{Pos: start.pos, N: count, Line: p.parseLine()})
	case itemOnDeath:
		p.next()
		if !p.expect(itemColon, "after onDeath") {
			return
		}
		pc.OnDeath = append(pc.OnDeath, p.parseLine())
	case itemOnHold, itemOnRelease:
		p.next()
		if !p.expect(itemColon, "after "+start.val) {
			return
		}
		if start.typ == itemOnHold {
			pc.OnHold = append(pc.OnHold, p.parseLine())
		} else {
			pc.OnRelease = append(pc.OnRelease, p.parseLine())
		}
	case itemDrop:
		p.next()
		if !p.expect(itemColon, "after drop") {
			return
		}
		pc.Drops = append(pc.Drops, p.parseLine())
	case itemGate:
		p.next()
		if !p.expect(itemColon, "after gate") {
			return
		}
		pc.Gates = append(pc.Gates, p.parseLine())
	case itemCopy:
		p.parseCopy(pc)
	case itemIdent:
		if start.val == "restrict" && len(p.toks) > 1 && p.toks[1].typ == itemColon {
			p.parseRestrict(pc)
			return
		}
		pc.Moves = append(pc.Moves, p.parseLine())
	case itemField:
		p.parseField(pc)
	default:
		pc.Moves = append(pc.Moves, p.parseLine())
	}
}

// copySources maps the words a copy line's sources are written with,
// the Spanish aliases of the seeds included, to their canonical form.
var copySources = map[string]string{
	"threateners": "threateners", "amenazantes": "threateners",
	"friends": "friends", "amigos": "friends",
	"last": "last", "ultima": "last",
}

// parseCopy parses a late piece's copy line (docs/language.md § Late
// pieces (copy:)):
//
//	copy:   'copy' ':' source+
//	source: 'threateners' | 'friends' ('[' STEP (',' STEP)* ']')? | 'last' ('enemy' | 'ally')?
func (p *parser) parseCopy(pc *Piece) {
	start := p.next()
	if !p.expect(itemColon, "after copy") {
		return
	}
	c := &Copy{Pos: start.pos}
	for p.peek().typ != itemEOF {
		t := p.next()
		kind, ok := copySources[t.val]
		if t.typ != itemIdent || !ok {
			p.errorExpected(t, "a copy source (threateners, friends or last)")
			return
		}
		src := &CopySource{Pos: t.pos, Kind: kind}
		switch {
		case kind == "friends" && p.peek().typ == itemLBrack:
			steps, ok := p.parseStepList("friends steps")
			if !ok {
				return
			}
			src.Steps = steps
		case kind == "last" && (p.peek().typ == itemEnemy || p.peek().typ == itemAlly):
			src.Side = canonical[p.next().typ]
		}
		c.Sources = append(c.Sources, src)
	}
	if len(c.Sources) == 0 {
		p.errorExpected(p.peek(), "a copy source (threateners, friends or last) after copy:")
		return
	}
	pc.Copies = append(pc.Copies, c)
}

// parseField parses a piece's blocking field (docs/language.md § Blocking
// fields):
//
//	field: 'field' ':' '[' STEP (',' STEP)* ']' 'all'?
func (p *parser) parseField(pc *Piece) {
	t := p.next()
	if pc.Field != nil {
		p.errorf(t, "piece %s has a field already: a piece has one field line (list all its squares in it)", pc.Name)
		return
	}
	if !p.expect(itemColon, "after field") {
		return
	}
	if p.peek().typ != itemLBrack {
		p.errorExpected(p.peek(), "[ with the squares of the field")
		return
	}
	squares, ok := p.parseStepList("field squares")
	if !ok {
		return
	}
	f := &Field{Pos: t.pos, Squares: squares}
	if n := p.peek(); n.typ == itemIdent && n.val == "all" {
		p.next()
		f.All = true
	}
	if n := p.peek(); n.typ != itemEOF {
		p.errorExpected(n, "all or the end of the field line")
		return
	}
	pc.Field = f
}

// parseLine parses a sequence up to the end of the token list.
func (p *parser) parseLine() *Line {
	line := &Line{Pos: p.peek().pos}
	line.Items = p.parseSeq(0)
	if t := p.peek(); t.typ != itemEOF {
		p.errorf(t, "unexpected %s", t.describe())
	}
	return line
}

// stops is the set of tokens that end the sequence being parsed because an
// enclosing structure owns them.
type stops uint8

const (
	stopComma stops = 1 << iota // opt branch separator
	stopOr                      // exc branch separator
	stopEnd                     // end of a structure
	stopThen                    // a slide's then clause
	stopOut                     // a slide's out clause
	stopArrow                   // in PRE -> …
	stopDo                      // in … do
)

var stopOf = map[itemType]stops{
	itemComma: stopComma, itemOr: stopOr, itemEnd: stopEnd, itemThen: stopThen,
	itemOut: stopOut, itemArrow: stopArrow, itemDo: stopDo,
}

// peek returns the next token; past the end it returns an itemEOF at the
// line's end.
func (p *parser) peek() item {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return item{typ: itemEOF, pos: p.end, val: "\n"}
}

func (p *parser) next() item {
	t := p.peek()
	if p.i < len(p.toks) {
		p.i++
		switch t.typ {
		case itemLBrace, itemLBrack, itemLParen, itemLess:
			p.depth++
		case itemRBrace, itemRBrack, itemRParen, itemGreater:
			p.depth--
		}
	}
	return t
}

// atLineEnd reports whether the next token ends the line: the end of the
// tokens, a newline between block lines, or the bracket closing a block.
func (p *parser) atLineEnd() bool {
	switch p.peek().typ {
	case itemEOF, itemNewline, itemRBrack, itemGreater:
		return true
	}
	return false
}

// errorf reports an error at t and skips the rest of the current line, so
// that one mistake gives one error.
func (p *parser) errorf(t item, format string, args ...any) {
	p.errorAt(t.pos, format, args...)
	p.sync()
}

// errorExpected reports "expected X, found Y".
func (p *parser) errorExpected(t item, what string) {
	p.errorf(t, "expected %s, found %s", what, t.describe())
}

// expect consumes a token of type typ or reports an error.
func (p *parser) expect(typ itemType, context string) bool {
	t := p.peek()
	if t.typ == typ {
		p.next()
		return true
	}
	want := map[itemType]string{itemColon: ":", itemArrow: "->", itemDo: "do", itemLBrack: "[",
		itemRBrack: "]", itemLess: "<", itemGreater: ">"}[typ]
	p.errorExpected(t, fmt.Sprintf("%q %s", want, context))
	return false
}

// sync skips to the end of the current line after an error: the end of the
// tokens, or, inside a block, the newline or bracket that ends the block line.
func (p *parser) sync() {
	target := -1
	if n := len(p.blocks); n > 0 {
		target = p.blocks[n-1]
	}
	for p.i < len(p.toks) {
		switch p.toks[p.i].typ {
		case itemNewline, itemRBrack, itemGreater:
			if p.depth == target {
				return
			}
		}
		p.next()
	}
}

// parseSeq parses items until the line ends or a token in stop comes:
//
//	seq: item*
func (p *parser) parseSeq(stop stops) Seq {
	var seq Seq
	for !p.atLineEnd() {
		t := p.peek()
		if s, ok := stopOf[t.typ]; ok {
			if stop&s != 0 {
				break
			}
			p.errorf(t, "unexpected %s%s", t.describe(), p.strayHint(t))
			break
		}
		if it := p.parseItem(stop); it != nil {
			seq = append(seq, it)
		}
	}
	return seq
}

// strayHint explains a structure word found where nothing expects it.
func (p *parser) strayHint(t item) string {
	switch t.typ {
	case itemThen, itemOut:
		return " outside a slide"
	case itemEnd:
		return ": no structure is open"
	case itemComma:
		return " outside an opt"
	case itemOr:
		return " outside an exc"
	case itemArrow, itemDo:
		return " outside an in"
	}
	return ""
}

// parseItem parses one item:
//
//	item: step | condition | action | structure
//	step: IDENT made of w a s d, optionally starting with e
func (p *parser) parseItem(stop stops) Item {
	t := p.peek()
	switch {
	case t.typ == itemIdent:
		p.next()
		if isStepWord(t.val) {
			return &Step{Pos: t.pos, Dirs: t.val}
		}
		p.errorAt(t.pos, "%s", p.unknownWord(t.val))
		p.sync()
		return nil
	case t.typ == itemNot:
		return p.nested(p.parseCondition)
	case t.typ.isCondition():
		return p.parseCondition()
	case t.typ.isAction():
		return p.parseAction()
	}
	switch t.typ {
	case itemBreak:
		p.next()
		if p.bodies == 0 {
			p.errorAt(t.pos, "break outside a slide's body")
		}
		return &Simple{Pos: t.pos, Op: "break"}
	case itemSlide:
		return p.nested(func() Item { return p.parseSlide(stop) })
	case itemOpt:
		return p.nested(func() Item { return &Opt{Pos: t.pos, Branches: p.parseBranches(stop, itemComma)} })
	case itemExc:
		return p.nested(func() Item { return &Exc{Pos: t.pos, Branches: p.parseBranches(stop, itemOr)} })
	case itemBlock:
		return p.nested(func() Item { return p.parseBlock(stop) })
	case itemMulti:
		return p.nested(p.parseMulti)
	case itemIn:
		return p.nested(func() Item { return p.parseIn(stop) })
	case itemLimit, itemOnly:
		return p.nested(p.parseLimit)
	case itemRand:
		return p.nested(func() Item { return p.parseRand(stop) })
	case itemTurn:
		p.errorf(t, "turn is the ply-count operand here (a turn block must start its line)")
		return nil
	case itemLBrace:
		p.errorf(t, "unexpected { left after macro expansion")
		return nil
	}
	if t.typ.isKeyword() {
		p.errorf(t, "%s cannot appear in a move line", t.describe())
		return nil
	}
	p.errorf(t, "unexpected %s in a move line", t.describe())
	return nil
}

// nested runs a structure parser within the nesting bound. Past the bound
// the line is abandoned: the structures still open would otherwise each
// report an error of their own.
func (p *parser) nested(parse func() Item) Item {
	if p.nest >= maxNesting {
		t := p.peek()
		p.errorAt(t.pos, "%s is nested %d deep: structures nest at most %d deep", t.describe(), p.nest+1, maxNesting)
		p.i = len(p.toks)
		p.abandoned = true
		return nil
	}
	p.nest++
	defer func() { p.nest-- }()
	return parse()
}

// parseCondition parses a condition:
//
//	condition: 'empty' | 'enemy' | 'ally' | 'piece' | 'unmoved' | 'notorigin'
//	         | 'notfirst' | 'safe' | 'notvisited' | 'not' condition
//	         | ('is' | 'has' | 'harmless') IDENT | ('onfile' | 'count') IDENT NUMBER?
//	         | 'pos' coord coord | 'side' ('first' | 'second')
//	         | ('mcmp' | 'mless' | 'mdiff') operand operand
//	coord: NUMBER | 'x' | 'l'
func (p *parser) parseCondition() Item {
	t := p.next()
	op := canonical[t.typ]
	switch t.typ {
	case itemNot:
		next := p.peek()
		if !next.typ.isCondition() {
			p.errorExpected(next, "a condition after not")
			return nil
		}
		var c Item
		if next.typ == itemNot {
			// not nests like a structure: a long chain of them
			// makes a tree as deep
			c = p.nested(p.parseCondition)
		} else {
			c = p.parseCondition()
		}
		if c == nil {
			return nil
		}
		return &Not{Pos: t.pos, Cond: c}
	case itemIs:
		return p.parseNamed(t, "a piece name")
	case itemHas:
		return p.parseNamed(t, "an attribute name")
	case itemHarmless, itemHeldBy, itemHolds:
		return p.parseNamed(t, "a piece name")
	case itemOnFile, itemCount:
		// onfile NAME N?: N or more such pieces on the file (torishogi's
		// two swallows); count NAME N?: on the board (sittuyin's pawns)
		n, ok := p.parseNamed(t, "a piece name").(*Named)
		if !ok {
			return nil
		}
		if c := p.peek(); c.typ == itemNumber {
			p.next()
			v, ok := p.number(c, n.Op+" "+n.Name+" "+c.val, 1, maxPieces)
			if !ok {
				return nil
			}
			n.Count = v
		}
		return n
	case itemPos:
		if sq := p.peek(); sq.typ == itemIdent && isSquareName(sq.val) {
			// the absolute form: pos e4, pos d1..f3
			square, ok := p.parseSquareRange()
			if !ok {
				return nil
			}
			return &PosCond{Pos: t.pos, Square: square}
		}
		x, ok := p.parseCoordRange("x", "file")
		if !ok {
			return nil
		}
		y, ok := p.parseCoordRange("xl", "rank")
		if !ok {
			return nil
		}
		return &PosCond{Pos: t.pos, X: x, Y: y}
	case itemSide:
		// side first|second: per-colour rules, sortofalmost's promotions
		s := p.peek()
		if s.typ != itemIdent || (s.val != "first" && s.val != "second") {
			p.errorExpected(s, "first or second after side")
			return nil
		}
		p.next()
		return &SideCond{Pos: t.pos, Side: s.val}
	case itemMcmp, itemMless, itemMdiff:
		return p.parseMem(t, false)
	case itemNotFirst:
		if p.slides == 0 && p.multis == 0 {
			p.errorAt(t.pos, "notfirst outside a slide or multi")
		}
	}
	return &Simple{Pos: t.pos, Op: op}
}

// parseCoordRange reads one coordinate of a relative pos: a number, one of
// the letters in words, or a range A..B whose ends are numbers (or l, for a
// rank: 5..l is every rank from the sixth to the last).
func (p *parser) parseCoordRange(words, what string) (string, bool) {
	from, ok := p.parseCoord(words, what)
	if !ok {
		return "", false
	}
	if p.peek().typ != itemDotDot {
		return from, true
	}
	dots := p.next()
	if from == "x" {
		p.errorAt(dots.pos, "x is every %s already: a range in pos runs between numbers%s, as in 3..5", what, map[bool]string{true: " or l"}[strings.Contains(words, "l")])
		p.sync()
		return "", false
	}
	to, ok := p.parseCoord(strings.ReplaceAll(words, "x", ""), what)
	if !ok {
		return "", false
	}
	return from + ".." + to, true
}

// parseSquareRange reads the absolute form of pos: a square name, or two
// joined by .. for the rectangle they span. The board's bounds are checked
// with the whole file (check.go).
func (p *parser) parseSquareRange() (string, bool) {
	from := p.next().val
	if p.peek().typ != itemDotDot {
		return from, true
	}
	p.next()
	t := p.peek()
	if t.typ != itemIdent || !isSquareName(t.val) {
		p.errorExpected(t, "a square such as f3 after .. in pos")
		return "", false
	}
	p.next()
	return from + ".." + t.val, true
}

// isSquareName reports whether s is written as a square is named: a file
// (a to z, then aa to af) and a rank from 1, with no leading zero.
func isSquareName(s string) bool {
	_, _, ok := squareCoords(s)
	return ok
}

// squareCoords splits a square name into its file and rank, both from 0.
func squareCoords(s string) (x, y int, ok bool) {
	i := 0
	for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	if i == 0 || i == len(s) || s[i] == '0' {
		return 0, 0, false
	}
	x = FileIndex(s[:i])
	r, err := strconv.Atoi(s[i:])
	if x < 0 || err != nil || r < 1 || r > 32 || strconv.Itoa(r) != s[i:] {
		return 0, 0, false
	}
	return x, r - 1, true
}

// SquareRange gives the rectangle an absolute pos names (PosCond.Square):
// its lower-left and upper-right corners, files and ranks from 0, whichever
// order the two squares were written in.
func SquareRange(s string) (x0, y0, x1, y1 int) {
	from, to, found := strings.Cut(s, "..")
	if !found {
		to = from
	}
	x0, y0, _ = squareCoords(from)
	x1, y1, _ = squareCoords(to)
	return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)
}

// parseCoord reads one coordinate of pos: a number or one of the letters in
// words.
func (p *parser) parseCoord(words, what string) (string, bool) {
	t := p.peek()
	if t.typ == itemNumber {
		if v, err := strconv.Atoi(t.val); err == nil && v >= 0 && v < 32 {
			p.next()
			return strconv.Itoa(v), true
		}
	}
	if t.typ == itemIdent && len(t.val) == 1 && strings.Contains(words, t.val) {
		p.next()
		return t.val, true
	}
	want := "a " + what + " number from 0 to 31"
	for _, w := range words {
		want += " or " + string(w)
	}
	p.errorExpected(t, want+" in pos")
	return "", false
}

// parseAction parses an action:
//
//	action: 'mov' | 'capt' | 'del' | 'pick' | 'put' | 'pickcapt' | 'mark'
//	      | 'pass' | 'remember' | 'win' | 'lose' | 'draw' | 'nocheck'
//	      | ('spawn' | 'promote' | 'reform') IDENT
//	      | ('mset' | 'madd') cell operand | 'mgrw' MEMORY operand
//	      | 'castle' IDENT FILE FILE
func (p *parser) parseAction() Item {
	t := p.next()
	op := canonical[t.typ]
	switch t.typ {
	case itemCastle:
		return p.parseCastle(t)
	case itemSpawn, itemPromote:
		return p.parseNamed(t, "a piece name")
	case itemReform:
		return p.parseNamed(t, "a formation name")
	case itemMset, itemMadd:
		return p.parseMem(t, true)
	case itemMgrw:
		m := p.peek()
		if m.typ != itemIdent || len(m.val) != 1 || !strings.Contains("lptg", m.val) {
			p.errorExpected(m, "a memory (l, p, t or g) after mgrw")
			return nil
		}
		p.next()
		size, ok := p.parseOperand()
		if !ok {
			return nil
		}
		return &Grow{Pos: t.pos, Mem: m.val, Size: size}
	}
	return &Simple{Pos: t.pos, Op: op}
}

// parseNamed reads the name that follows keyword t (is, has, spawn,
// promote); what describes it for errors.
func (p *parser) parseNamed(t item, what string) Item {
	name := p.peek()
	if name.typ != itemIdent {
		p.errorExpected(name, what+" after "+canonical[t.typ])
		return nil
	}
	p.next()
	return &Named{Pos: t.pos, Op: canonical[t.typ], Name: name.val, NamePos: name.pos}
}

// parseCastle reads what follows castle: the ally's type, then the files
// the royal piece and the ally end on.
//
//	castle: 'castle' IDENT FILE FILE
//	FILE:   a to z, or aa to af on boards wider than 26 files
func (p *parser) parseCastle(t item) Item {
	name := p.peek()
	if name.typ != itemIdent {
		p.errorExpected(name, "a piece name after castle")
		return nil
	}
	p.next()
	c := &Castle{Pos: t.pos, Name: name.val, NamePos: name.pos}
	for _, f := range []struct {
		val  *string
		pos  *Pos
		what string
	}{{&c.King, &c.KingPos, "the file the castling piece ends on"}, {&c.Rook, &c.RookPos, "the file its partner ends on"}} {
		tok := p.peek()
		if tok.typ != itemIdent || FileIndex(tok.val) < 0 {
			p.errorExpected(tok, "a file name (a, b, …) in castle: "+f.what)
			return nil
		}
		p.next()
		*f.val, *f.pos = tok.val, tok.pos
	}
	return c
}

// FileIndex returns the index of a file name — a to z, then aa to af
// (board.Position.FileName's names) — or -1 when s names no file.
func FileIndex(s string) int {
	switch {
	case len(s) == 1 && s[0] >= 'a' && s[0] <= 'z':
		return int(s[0] - 'a')
	case len(s) == 2 && s[0] == 'a' && s[1] >= 'a' && s[1] <= 'f':
		return 26 + int(s[1]-'a')
	}
	return -1
}

// parseMem parses a memory test or write; a write's first operand must be a
// cell.
func (p *parser) parseMem(t item, write bool) Item {
	m := &Mem{Pos: t.pos, Op: canonical[t.typ]}
	var ok bool
	if m.A, ok = p.parseOperand(); !ok {
		return nil
	}
	if write && m.A.Kind != memory.Cell {
		p.errorAt(m.A.Pos, "%s writes to a memory cell (such as l0, p1, gl0), not to %s", m.Op, m.A)
		p.sync()
		return nil
	}
	if m.B, ok = p.parseOperand(); !ok {
		return nil
	}
	return m
}

// parseEval reads the evaluation hook's cell:
//
//	eval: 'eval' 'g' [0-9]+
func (p *parser) parseEval(l macroLine) *Operand {
	if len(l.toks) < 2 || l.toks[1].typ != itemIdent || !isCell(l.toks[1].val) || strings.TrimRight(l.toks[1].val, digits) != "g" {
		p.errorAt(posAt(l.toks, 1, l.end), "expected a global memory cell such as g0 after eval, found %s", describeAt(l.toks, 1))
		return nil
	}
	t := l.toks[1]
	v, err := strconv.Atoi(t.val[1:])
	if err != nil || v > maxCell {
		p.errorAt(t.pos, "memory cell %s is out of range (g0 to g%d)", t.val, maxCell)
		return nil
	}
	p.expectLineEnd(l, 2)
	return &Operand{Pos: t.pos, Operand: memory.Operand{Kind: memory.Cell, Path: []memory.Kind{memory.Global}, Value: int64(v)}}
}

// parseOperand reads a memory operand:
//
//	operand: NUMBER | CELL | 'px' | 'py' | 'turn'
//	CELL: [lptg]+ [0-9]+   (gl0 is g[l[0]])
func (p *parser) parseOperand() (Operand, bool) {
	t := p.peek()
	o := Operand{Pos: t.pos}
	switch {
	case t.typ == itemNumber:
		v, ok := p.number(t, "number "+t.val, math.MinInt64, math.MaxInt64)
		if !ok {
			p.sync()
			return o, false
		}
		o.Kind, o.Value = memory.Const, int64(v)
	case t.typ == itemTurn:
		o.Kind = memory.Ply
	case t.typ == itemIdent && t.val == "px":
		o.Kind = memory.CursorX
	case t.typ == itemIdent && t.val == "py":
		o.Kind = memory.CursorY
	case t.typ == itemIdent && isCell(t.val):
		path := strings.TrimRight(t.val, digits)
		v, err := strconv.Atoi(t.val[len(path):])
		if err != nil || v > maxCell {
			p.errorf(t, "memory cell %s is out of range (%s0 to %s%d)", t.val, path, path, maxCell)
			return o, false
		}
		o.Kind, o.Value = memory.Cell, int64(v)
		for i := range len(path) {
			k, _ := memory.KindOf(path[i])
			o.Path = append(o.Path, k)
		}
	default:
		p.errorExpected(t, "a memory operand (a number, a cell such as l0 or gl0, px, py or turn)")
		return o, false
	}
	p.next()
	return o, true
}

// isCell reports whether s names a memory cell: [lptg]+[0-9]+.
func isCell(s string) bool {
	i := 0
	for i < len(s) && strings.IndexByte("lptg", s[i]) >= 0 {
		i++
	}
	if i == 0 || i == len(s) || i > 8 {
		return false
	}
	for _, c := range s[i:] {
		if !isDigit(c) {
			return false
		}
	}
	return true
}

// isStepWord reports whether s is a sequence of steps: e? [wasd]*, not
// empty.
func isStepWord(s string) bool {
	if s == "" {
		return false
	}
	s = strings.TrimPrefix(s, "e")
	for _, c := range s {
		if c != 'w' && c != 'a' && c != 's' && c != 'd' {
			return false
		}
	}
	return true
}

// parseSlide parses a slide:
//
//	slide: 'slide' cycle? seq ('then' seq)? ('out' seq)? 'end'?
//	cycle: '[' STEP (',' STEP)* ']'
//
// then, out and end belong to the innermost open slide; a clause also ends
// at any token an enclosing structure owns, which closes the slide.
func (p *parser) parseSlide(stop stops) Item {
	t := p.next()
	s := &Slide{Pos: t.pos}
	if p.peek().typ == itemLBrack {
		steps, ok := p.parseStepList("slide cycle")
		if !ok {
			return nil
		}
		s.Cycle = steps
	}
	p.slides++
	defer func() { p.slides-- }()
	inner := stop | stopThen | stopOut | stopEnd
	p.bodies++
	s.Body = p.parseSeq(inner)
	p.bodies--
	if len(s.Body) == 0 && s.Cycle == nil {
		p.errorf(p.peek(), "slide needs a body, found %s", p.peek().describe())
		return nil
	}
	for {
		c := p.peek()
		switch c.typ {
		case itemThen, itemOut:
			p.next()
			clause := &s.Then
			if c.typ == itemOut {
				clause = &s.Out
			}
			if *clause != nil {
				p.errorf(c, "slide already has a %s clause", canonical[c.typ])
				return nil
			}
			*clause = &Clause{Pos: c.pos}
			(*clause).Items = p.parseSeq(inner)
			continue
		case itemEnd:
			p.next()
		}
		return s
	}
}

// parseStepList reads '[' STEP (',' STEP)* ']'.
func (p *parser) parseStepList(what string) ([]*Step, bool) {
	p.next() // [
	var steps []*Step
	for {
		for p.peek().typ == itemNewline {
			p.next()
		}
		t := p.peek()
		if t.typ != itemIdent || !isStepWord(t.val) {
			p.errorExpected(t, "a step word such as wa or ewwd in the "+what)
			return nil, false
		}
		p.next()
		steps = append(steps, &Step{Pos: t.pos, Dirs: t.val})
		for p.peek().typ == itemNewline {
			p.next()
		}
		switch sep := p.peek(); sep.typ {
		case itemComma:
			p.next()
			continue
		case itemRBrack:
			p.next()
			return steps, true
		default:
			p.errorExpected(sep, ", or ] in the "+what)
			return nil, false
		}
	}
}

// parseBranches parses the branches of opt (sep ',') or exc (sep 'or'):
//
//	opt: 'opt' seq (',' seq)* 'end'?
//	exc: 'exc' seq ('or' seq)* 'end'?
func (p *parser) parseBranches(stop stops, sep itemType) []Seq {
	p.next()
	inner := stop | stopOf[sep] | stopEnd
	var branches []Seq
	for {
		branches = append(branches, p.parseSeq(inner))
		switch p.peek().typ {
		case sep:
			p.next()
			continue
		case itemEnd:
			p.next()
		}
		return branches
	}
}

// parseBlock parses block A end.
//
//	block: 'block' seq 'end'?
func (p *parser) parseBlock(stop stops) Item {
	t := p.next()
	b := &Block{Pos: t.pos, Body: p.parseSeq(stop | stopEnd)}
	if p.peek().typ == itemEnd {
		p.next()
	}
	return b
}

// parseMulti parses a multi block:
//
//	multi: 'multi' NUMBER? 'distinct'? 'shared'? '[' lines ']'
func (p *parser) parseMulti() Item {
	t := p.next()
	m := &Multi{Pos: t.pos}
	for {
		switch n := p.peek(); {
		case n.typ == itemNumber && m.Count == 0:
			v, ok := p.number(n, "multi count "+n.val, 1, maxMultiCount)
			if !ok {
				p.sync()
				return nil
			}
			m.Count = v
			p.next()
			continue
		case n.typ == itemDistinct && !m.Distinct:
			m.Distinct = true
			p.next()
			continue
		case n.typ == itemShared && !m.Shared:
			m.Shared = true
			p.next()
			continue
		}
		break
	}
	if p.peek().typ != itemLBrack {
		p.errorExpected(p.peek(), "[ to open the multi's lines")
		return nil
	}
	p.multis++
	defer func() { p.multis-- }()
	lines, ok := p.parseBlockLines(itemRBrack, "multi")
	if !ok {
		return nil
	}
	m.Lines = lines
	return m
}

// parseBlockLines parses the lines between an opening bracket (the next
// token) and its closer.
func (p *parser) parseBlockLines(closer itemType, what string) ([]*Line, bool) {
	open := p.next()
	slides, bodies, nest := p.slides, p.bodies, p.nest
	p.slides, p.bodies = 0, 0 // a line in a block starts a new move line
	p.blocks = append(p.blocks, p.depth)
	defer func() {
		p.slides, p.bodies = slides, bodies
		p.blocks = p.blocks[:len(p.blocks)-1]
	}()
	var lines []*Line
	for {
		for p.peek().typ == itemNewline {
			p.next()
		}
		t := p.peek()
		if t.typ == closer {
			p.next()
			break
		}
		if t.typ == itemEOF {
			p.errorf(open, "%s opened here is never closed", open.describe())
			return nil, false
		}
		if t.typ == itemRBrack || t.typ == itemGreater {
			p.errorf(t, "unexpected %s: the %s block opened with %s", t.describe(), what, open.val)
			return nil, false
		}
		line := &Line{Pos: t.pos, Items: p.parseSeq(0)}
		p.nest = nest
		if len(line.Items) > 0 {
			lines = append(lines, line)
		}
		switch n := p.peek(); n.typ {
		case itemNewline, closer:
		default:
			if n.typ == itemEOF {
				continue
			}
			p.errorf(n, "unexpected %s in a %s line", n.describe(), what)
			if p.peek().typ != itemNewline && p.peek().typ != closer {
				return nil, false
			}
		}
	}
	if len(lines) == 0 {
		p.errorAt(open.pos, "%s block has no lines", what)
		return nil, false
	}
	return lines, true
}

// parseIn parses in PRE -> STEPS do ACTIONS:
//
//	in: 'in' STEP* '->' STEP* 'do' seq 'end'?
func (p *parser) parseIn(stop stops) Item {
	t := p.next()
	in := &In{Pos: t.pos}
	var ok bool
	if in.Pre, ok = p.parseSteps("->"); !ok {
		return nil
	}
	if !p.expect(itemArrow, "after the starting steps of in") {
		return nil
	}
	if in.Steps, ok = p.parseSteps("do"); !ok {
		return nil
	}
	if !p.expect(itemDo, "after the marking steps of in") {
		return nil
	}
	in.Do = p.parseSeq(stop | stopEnd)
	if p.peek().typ == itemEnd {
		p.next()
	}
	return in
}

// parseSteps reads step words up to the keyword named by until.
func (p *parser) parseSteps(until string) ([]*Step, bool) {
	var steps []*Step
	for {
		t := p.peek()
		if t.typ != itemIdent {
			return steps, true
		}
		if !isStepWord(t.val) {
			p.errorExpected(t, "a step word or "+until)
			return nil, false
		}
		p.next()
		steps = append(steps, &Step{Pos: t.pos, Dirs: t.val})
	}
}

// parseLimit parses limit or only:
//
//	limit: ('limit' | 'only') '[' STEP (',' STEP)* ']' '<' lines '>'
func (p *parser) parseLimit() Item {
	t := p.next()
	l := &Limit{Pos: t.pos, Only: t.typ == itemOnly}
	if p.peek().typ != itemLBrack {
		p.errorExpected(p.peek(), "[ with the squares of "+canonical[t.typ])
		return nil
	}
	squares, ok := p.parseStepList(canonical[t.typ] + " squares")
	if !ok {
		return nil
	}
	l.Squares = squares
	if p.peek().typ != itemLess {
		p.errorExpected(p.peek(), "< to open the lines of "+canonical[t.typ])
		return nil
	}
	lines, ok := p.parseBlockLines(itemGreater, canonical[t.typ])
	if !ok {
		return nil
	}
	l.Lines = lines
	return l
}
