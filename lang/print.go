package lang

import (
	"fmt"
	"strconv"
	"strings"
)

// The printer writes the canonical source of a node: English keywords, macros
// expanded, one space between items, four spaces of indentation per level.
// Parsing the printed text gives back the same AST (positions aside).
//
// A structure's closing end is printed unless the structure stands at the
// tail of its line, where the end of the line closes it. That keeps
// "slide w mover then captura" free of a redundant end while
// "opt slide w mover end, d mover end mov" keeps the ends it needs.

const indentUnit = "    "

// printer accumulates the tokens of one line and the finished lines.
type printer struct {
	b      strings.Builder
	indent int
	toks   []string
}

func (p *printer) tok(s ...string) { p.toks = append(p.toks, s...) }

// flush writes the pending tokens as one line.
func (p *printer) flush() {
	if len(p.toks) == 0 {
		return
	}
	p.b.WriteString(strings.Repeat(indentUnit, p.indent))
	for i, t := range p.toks {
		if i > 0 && !noSpaceBefore(t) && !noSpaceAfter(p.toks[i-1]) {
			p.b.WriteByte(' ')
		}
		p.b.WriteString(t)
	}
	p.b.WriteByte('\n')
	p.toks = p.toks[:0]
}

func noSpaceBefore(t string) bool { return t == "," || t == "]" || t == ")" || t == ":" }
func noSpaceAfter(t string) bool  { return t == "[" || t == "(" }

func render(write func(*printer)) string {
	var p printer
	write(&p)
	p.flush()
	return strings.TrimSuffix(p.b.String(), "\n")
}

func (f *File) String() string {
	return render(func(p *printer) {
		if f.Name != "" {
			p.tok("game", f.Name)
			p.flush()
		}
		p.tok("board", fmt.Sprintf("%dx%d", f.Width, f.Height))
		p.flush()
		if f.Symmetry != "" && f.Symmetry != "mirror" {
			p.tok("symmetry", f.Symmetry)
			p.flush()
		}
		if f.Seed != nil {
			p.tok(f.Seed.String())
			p.flush()
		}
		for _, pc := range f.Pieces {
			p.b.WriteByte('\n')
			pc.print(p)
		}
		if f.Setup != nil || len(f.Tiles) > 0 || len(f.NoMoves) > 0 || f.ForcedCaptures || f.CapturesToHand || f.Extinction != "" || f.Checks > 0 || f.Eval != nil ||
			f.Repetition != nil || f.MoveRule != nil || len(f.Insufficient) > 0 || f.ForcedDrops || f.FreeDrops || len(f.DropStart) > 0 || f.BicolorDrops != nil || f.DropCastle != nil || f.FenGates || f.Pass != nil || f.Facing != nil || f.Connect != nil || f.Place != nil || f.FullBoard != "" || f.Groups {
			p.b.WriteByte('\n')
		}
		if f.Setup != nil {
			f.Setup.print(p)
		}
		for _, t := range f.Tiles {
			t.print(p)
		}
		for _, n := range f.NoMoves {
			n.print(p)
		}
		if f.ForcedCaptures {
			p.tok("captures", "forced")
			p.flush()
		}
		if f.CapturesToHand {
			p.tok("captures", "hand")
			if f.HandDemotes {
				p.tok("demoted")
			}
			p.flush()
		}
		if f.Extinction != "" {
			p.tok("extinction", f.Extinction)
			switch {
			case f.ExtinctionAll:
				p.tok("all")
			case len(f.ExtinctionPieces) == 1:
				p.tok(f.ExtinctionPieces[0].Name)
			case len(f.ExtinctionPieces) > 1:
				names := make([]string, len(f.ExtinctionPieces))
				for i, n := range f.ExtinctionPieces {
					names[i] = n.Name
				}
				p.tok("{" + strings.Join(names, ",") + "}")
			}
			if f.ExtinctionLeft > 0 {
				p.tok("left", strconv.Itoa(f.ExtinctionLeft))
			}
			if defaultVs := map[bool]int{false: 0, true: 1}[f.ExtinctionReply]; f.ExtinctionVs != defaultVs {
				p.tok("vs", strconv.Itoa(f.ExtinctionVs))
			}
			if f.ExtinctionReply {
				p.tok("reply")
			}
			p.flush()
		}
		if f.Checks > 0 {
			p.tok("checks", strconv.Itoa(f.Checks))
			p.flush()
		}
		if f.NoChecks {
			p.tok("checks", "forbidden")
			p.flush()
		}
		for _, m := range []struct {
			kind  string
			names []PieceName
		}{{"shak", f.MateShak}, {"forbidden", f.MateForbidden}} {
			if m.names != nil {
				p.tok("mate", m.kind)
				for _, n := range m.names {
					p.tok(n.Name)
				}
				p.flush()
			}
		}
		if f.DupleCheck {
			p.tok("duplecheck")
			p.flush()
		}
		if f.Groups {
			p.tok("groups")
			p.flush()
		}
		for _, fm := range f.Formations {
			p.tok(fm.String())
			p.flush()
		}
		for _, g := range f.Goals {
			p.tok("goal")
			if g.Side != "" {
				p.tok(g.Side)
			}
			p.tok(g.Piece.Name)
			for _, r := range g.Region {
				p.tok(strings.Fields(r.String())...)
			}
			p.tok(g.Terms()...)
			p.flush()
		}
		if f.Eval != nil {
			p.tok("eval", f.Eval.String())
			p.flush()
		}
		for _, r := range []*CountRule{f.Repetition, f.MoveRule} {
			if r != nil {
				p.tok(r.Keyword, strconv.Itoa(r.N), r.Result)
				p.flush()
			}
		}
		for _, m := range f.Insufficient {
			p.tok("insufficient", m.Sides[0].String(), "vs", m.Sides[1].String())
			if m.SameColor {
				p.tok("samecolor")
			}
			p.flush()
		}
		if f.ForcedDrops {
			p.tok("drops", "forced")
			if f.ForcedDropType != nil {
				p.tok(f.ForcedDropType.Name)
			}
			p.flush()
		}
		if f.FreeDrops {
			p.tok("drops", "free")
			p.flush()
		}
		if len(f.DropStart) > 0 {
			p.tok("drops", "start")
			for _, sq := range f.DropStart {
				p.tok(sq.Name)
			}
			p.flush()
		}
		if f.BicolorDrops != nil {
			p.tok("drops", "bicolor", f.BicolorDrops.Name)
			p.flush()
		}
		if c := f.DropCastle; c != nil {
			p.tok("drops", "castle", c.King.Name, c.KingFile.Name, c.Rook.Name)
			for _, fl := range c.RookFiles {
				p.tok(fl.Name)
			}
			p.flush()
		}
		if f.FullBoard != "" {
			p.tok("fullboard", f.FullBoard)
			p.flush()
		}
		if f.Place != nil {
			p.tok("place", f.Place.Wall.Name, f.Place.Where)
			p.flush()
		}
		if f.Facing != nil {
			p.tok("facing", f.Facing.Piece.Name, f.Facing.Result)
			p.flush()
		}
		if c := f.Connect; c != nil {
			p.tok("connect", strconv.Itoa(c.N))
			switch len(c.Pieces) {
			case 0:
			case 1:
				p.tok(c.Pieces[0].Name)
			default:
				names := make([]string, len(c.Pieces))
				for i, n := range c.Pieces {
					names[i] = n.Name
				}
				p.tok("{" + strings.Join(names, ",") + "}")
			}
			p.tok(c.Lines...)
			p.tok(c.Result)
			p.flush()
		}
		if f.Pass != nil {
			p.tok("pass")
			if f.Pass.Stalemate {
				p.tok("stalemate")
			}
			p.flush()
		}
		if f.FenGates {
			p.tok("fen", "gates")
			p.flush()
		}
	})
}

func (pc *Piece) String() string { return render(pc.print) }

func (pc *Piece) print(p *printer) {
	p.tok("piece", pc.Name, pc.LetterString())
	for _, a := range pc.Attrs {
		p.tok(a.String())
	}
	p.flush()
	p.indent++
	for _, l := range pc.Moves {
		l.print(p)
	}
	for _, e := range pc.Every {
		e.print(p)
	}
	for _, l := range pc.OnDeath {
		p.tok("onDeath", ":")
		l.print(p)
	}
	for _, l := range pc.OnHold {
		p.tok("onHold", ":")
		l.print(p)
	}
	for _, l := range pc.OnRelease {
		p.tok("onRelease", ":")
		l.print(p)
	}
	for _, l := range pc.Drops {
		p.tok("drop", ":")
		l.print(p)
	}
	for _, l := range pc.Gates {
		p.tok("gate", ":")
		l.print(p)
	}
	if pc.Restrict != nil {
		p.tok("restrict", ":")
		pc.Restrict.print(p)
	}
	for _, c := range pc.Copies {
		p.tok(c.String())
		p.flush()
	}
	if f := pc.Field; f != nil {
		p.tok("field", ":")
		printSteps(p, f.Squares)
		if f.All {
			p.tok("all")
		}
		p.flush()
	}
	p.indent--
}

// String prints the copy line as its canonical source: copy: friends [w,s].
func (c *Copy) String() string {
	parts := []string{"copy:"}
	for _, s := range c.Sources {
		parts = append(parts, s.String())
	}
	return strings.Join(parts, " ")
}

// String prints the source as a copy line writes it.
func (s *CopySource) String() string {
	switch {
	case s.Kind == "friends" && s.Steps != nil:
		dirs := make([]string, len(s.Steps))
		for i, st := range s.Steps {
			dirs[i] = st.Dirs
		}
		return "friends [" + strings.Join(dirs, ",") + "]"
	case s.Kind == "last" && s.Side != "":
		return "last " + s.Side
	}
	return s.Kind
}

func (a *Attr) String() string {
	if a.Proxy != nil {
		return a.Proxy.String()
	}
	if a.Name == "value" {
		return "value " + strconv.Itoa(a.Value)
	}
	return a.Name
}

func (e *Every) String() string { return render(e.print) }

func (e *Every) print(p *printer) {
	p.tok("every", strconv.Itoa(e.N), ":")
	e.Line.print(p)
}

func (l *Line) String() string { return render(l.print) }

// print writes the line's items after any tokens already pending (a hook's
// prefix) and ends the line.
func (l *Line) print(p *printer) {
	printSeq(p, l.Items, true)
	p.flush()
}

func (s *Setup) String() string { return render(s.print) }
func (s *Setup) print(p *printer) {
	p.tok("setup", s.FEN)
	p.flush()
}

func (t *Tiles) String() string { return render(t.print) }
func (t *Tiles) print(p *printer) {
	p.tok("tiles", strconv.Itoa(t.Cell))
	p.flush()
	p.indent++
	for _, row := range t.Rows {
		for _, v := range row {
			p.tok(strconv.Itoa(v))
		}
		p.flush()
	}
	p.indent--
}

func (n *NoMoves) String() string { return render(n.print) }
func (n *NoMoves) print(p *printer) {
	p.tok("nomoves", n.When, n.Result)
	p.flush()
}

func (c *Clause) String() string { return render(func(p *printer) { printSeq(p, c.Items, true) }) }

// printSeq writes a sequence; tail tells whether it ends its line, so that
// its last structure may omit its end.
func printSeq(p *printer, s Seq, tail bool) {
	for i, it := range s {
		printItem(p, it, tail && i == len(s)-1)
	}
}

// printItem writes one item of a sequence; tail tells whether it ends its
// line, so that a structure there may omit its end.
func printItem(p *printer, it Item, tail bool) {
	switch n := it.(type) {
	case *Step:
		p.tok(n.Dirs)
	case *Simple:
		p.tok(n.Op)
	case *Not:
		p.tok("not")
		printItem(p, n.Cond, tail)
	case *Named:
		p.tok(n.Op, n.Name)
		if n.Count > 0 {
			p.tok(strconv.Itoa(n.Count))
		}
	case *Castle:
		p.tok("castle", n.Name, n.King, n.Rook)
	case *PosCond:
		if n.Square != "" {
			p.tok("pos", n.Square)
			break
		}
		p.tok("pos", n.X, n.Y)
	case *SideCond:
		p.tok("side", n.Side)
	case *Mem:
		p.tok(n.Op, n.A.String(), n.B.String())
	case *Grow:
		p.tok("mgrw", n.Mem, n.Size.String())
	case *Slide:
		printSlide(p, n, tail)
	case *Opt:
		p.tok("opt")
		printBranches(p, n.Branches, ",", tail)
	case *Exc:
		p.tok("exc")
		printBranches(p, n.Branches, "or", tail)
	case *Block:
		p.tok("block")
		printSeq(p, n.Body, tail)
		closeUnlessTail(p, tail)
	case *Multi:
		printMulti(p, n)
	case *In:
		printIn(p, n, tail)
	case *Limit:
		printLimit(p, n)
	case *Rand:
		printRand(p, n, tail)
	default:
		panic(fmt.Sprintf("lang: cannot print %T", it))
	}
}

// printSlide writes a slide with its cycle, body, then and out parts; only
// the last part present may end the line.
func printSlide(p *printer, n *Slide, tail bool) {
	p.tok("slide")
	if n.Cycle != nil {
		printSteps(p, n.Cycle)
	}
	printSeq(p, n.Body, tail && n.Then == nil && n.Out == nil)
	if n.Then != nil {
		p.tok("then")
		printSeq(p, n.Then.Items, tail && n.Out == nil)
	}
	if n.Out != nil {
		p.tok("out")
		printSeq(p, n.Out.Items, tail)
	}
	closeUnlessTail(p, tail)
}

// printMulti writes a multi, its options and its block of lines.
func printMulti(p *printer, n *Multi) {
	p.tok("multi")
	if n.Count > 0 {
		p.tok(strconv.Itoa(n.Count))
	}
	if n.Distinct {
		p.tok("distinct")
	}
	if n.Shared {
		p.tok("shared")
	}
	printBlock(p, "[", n.Lines, "]")
}

// printIn writes an in structure: its steps before and after the -> and
// its do sequence.
func printIn(p *printer, n *In, tail bool) {
	p.tok("in")
	for _, s := range n.Pre {
		p.tok(s.Dirs)
	}
	p.tok("->")
	for _, s := range n.Steps {
		p.tok(s.Dirs)
	}
	p.tok("do")
	printSeq(p, n.Do, tail)
	closeUnlessTail(p, tail)
}

// printLimit writes a limit or only block, its squares and its lines.
func printLimit(p *printer, n *Limit) {
	if n.Only {
		p.tok("only")
	} else {
		p.tok("limit")
	}
	printSteps(p, n.Squares)
	printBlock(p, "<", n.Lines, ">")
}

func closeUnlessTail(p *printer, tail bool) {
	if !tail {
		p.tok("end")
	}
}

func printBranches(p *printer, branches []Seq, sep string, tail bool) {
	for i, b := range branches {
		if i > 0 {
			p.tok(sep)
		}
		printSeq(p, b, tail && i == len(branches)-1)
	}
	closeUnlessTail(p, tail)
}

func printSteps(p *printer, steps []*Step) {
	p.tok("[")
	for i, s := range steps {
		if i > 0 {
			p.tok(",")
		}
		p.tok(s.Dirs)
	}
	p.tok("]")
}

// printBlock writes lines between brackets, one per line, indented one level
// deeper; the closing bracket starts a new line that later items continue.
func printBlock(p *printer, open string, lines []*Line, close string) {
	p.tok(open)
	p.flush()
	p.indent++
	for _, l := range lines {
		l.print(p)
	}
	p.indent--
	p.tok(close)
}

func (s *Step) String() string   { return s.Dirs }
func (s *Simple) String() string { return s.Op }
func (n *Not) String() string    { return render(func(p *printer) { printItem(p, n, true) }) }
func (n *Named) String() string  { return n.Op + " " + n.Name }
func (c *Castle) String() string { return "castle " + c.Name + " " + c.King + " " + c.Rook }
func (n *PosCond) String() string {
	if n.Square != "" {
		return "pos " + n.Square
	}
	return "pos " + n.X + " " + n.Y
}
func (n *SideCond) String() string { return "side " + n.Side }
func (m *Mem) String() string      { return m.Op + " " + m.A.String() + " " + m.B.String() }
func (g *Grow) String() string     { return "mgrw " + g.Mem + " " + g.Size.String() }
func (s *Slide) String() string    { return render(func(p *printer) { printItem(p, s, true) }) }
func (o *Opt) String() string      { return render(func(p *printer) { printItem(p, o, true) }) }
func (e *Exc) String() string      { return render(func(p *printer) { printItem(p, e, true) }) }
func (b *Block) String() string    { return render(func(p *printer) { printItem(p, b, true) }) }
func (m *Multi) String() string    { return render(func(p *printer) { printItem(p, m, true) }) }
func (i *In) String() string       { return render(func(p *printer) { printItem(p, i, true) }) }
func (l *Limit) String() string    { return render(func(p *printer) { printItem(p, l, true) }) }

// String prints the sequence on one line (blocks span several).
func (s Seq) String() string { return render(func(p *printer) { printSeq(p, s, true) }) }
