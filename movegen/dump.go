package movegen

import (
	"fmt"
	"strings"

	"github.com/alfil-go/alfil/lang"
)

// Dump prints the compiled move tree of the named piece type: every line,
// hook and node with the line:col of the source it came from, normals with
// their ops, structures with their parts. It is the tree the generator
// walks, after macro expansion and compilation.
func (p *Program) Dump(piece string) (string, error) {
	i, ok := p.byName[piece]
	if !ok {
		var names []string
		for _, t := range p.types {
			names = append(names, t.Name)
		}
		return "", fmt.Errorf("no piece %q in %s (have %s)", piece, p.Name, strings.Join(names, ", "))
	}
	t := p.types[i]
	d := &dumper{prog: p}
	var attrs []string
	for _, a := range []struct {
		on   bool
		name string
	}{{t.Royal && !t.LastRoyal, "royal"}, {t.LastRoyal, "lastroyal"}, {t.Real, "real"}, {t.Ghost, "ghost"}, {t.Resets, "resets"}} {
		if a.on {
			attrs = append(attrs, a.name)
		}
	}
	d.line(0, "piece %s %c%s: %d lines", t.Name, t.Letter, prefixed(" ", strings.Join(attrs, " ")), len(t.Lines))
	for n, l := range t.Lines {
		d.line(1, "line %d @%s%s", n+1, at(l.Source), map[bool]string{true: " (captures)"}[l.capt])
		d.nodes(2, l.nodes)
	}
	for _, h := range t.Every {
		d.line(1, "every %d @%s", h.N, at(h.Line.Source))
		d.nodes(2, h.Line.nodes)
	}
	for _, l := range t.OnDeath {
		d.line(1, "onDeath @%s", at(l.Source))
		d.nodes(2, l.nodes)
	}
	for _, src := range t.late {
		d.line(1, "copy: %s", src)
	}
	return d.b.String(), nil
}

type dumper struct {
	prog *Program
	b    strings.Builder
}

func (d *dumper) line(depth int, format string, args ...any) {
	d.b.WriteString(strings.Repeat("  ", depth))
	fmt.Fprintf(&d.b, format, args...)
	d.b.WriteByte('\n')
}

func at(p lang.Position) string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

func prefixed(prefix, s string) string {
	if s == "" {
		return ""
	}
	return prefix + s
}

func (d *dumper) nodes(depth int, nodes []node) {
	for _, nd := range nodes {
		switch n := nd.(type) {
		case *normal:
			kind := "normal"
			if n.marks {
				kind = "in"
			}
			d.line(depth, "%s @%s: %s", kind, at(n.src), d.ops(n.ops))
		case *slideNode:
			d.slide(depth, n)
		case *optNode:
			d.branches(depth, "opt", n.src, n.branches)
		case *excNode:
			d.branches(depth, "exc", n.src, n.branches)
		case *randNode:
			d.branches(depth, randDumpHead(n), n.src, n.branches)
		case *blockNode:
			d.line(depth, "block @%s", at(n.src))
			d.nodes(depth+1, n.body)
		case *multiNode:
			d.multi(depth, n)
		case *limitNode:
			kind := "limit"
			if n.only {
				kind = "only"
			}
			var squares []string
			for _, s := range n.squares {
				squares = append(squares, s.ops[0].dirs)
			}
			d.line(depth, "%s [%s] @%s", kind, strings.Join(squares, ", "), at(n.src))
			for i, l := range n.lines {
				d.line(depth+1, "line %d", i+1)
				d.nodes(depth+2, l)
			}
		}
	}
}

func (d *dumper) branches(depth int, kind string, src lang.Position, branches [][]node) {
	d.line(depth, "%s @%s", kind, at(src))
	for i, b := range branches {
		d.line(depth+1, "branch %d", i+1)
		if len(b) == 0 {
			d.line(depth+2, "(empty)")
		}
		d.nodes(depth+2, b)
	}
}

// ops writes a normal's ops as language text.
func (d *dumper) ops(ops []op) string {
	var parts []string
	for _, o := range ops {
		s := ""
		switch o.kind {
		case opStep:
			s = o.dirs
		case opIs:
			s = "is " + d.prog.types[o.typ].Name
		case opHas:
			s = "has " + o.attr
		case opOnFile:
			s = fmt.Sprintf("onfile %s %d", d.prog.types[o.typ].Name, o.n)
		case opCount:
			s = fmt.Sprintf("count %s %d", d.prog.types[o.typ].Name, o.n)
		case opHarmless:
			s = "harmless " + d.prog.types[o.typ].Name
		case opPos:
			s = posString(&o)
			if o.sided {
				s = "side first"
				if o.only != 0 {
					s = "side second"
				}
			}
		case opMcmp, opMless, opMdiff, opLocalSet, opLocalAdd, opSet, opAdd:
			s = opNames[o.kind] + " " + o.a.String() + " " + o.b.String()
		case opLocalGrow, opGrow:
			s = "mgrw " + o.mem.String() + " " + o.b.String()
		case opSpawn, opPromote:
			s = opNames[o.kind] + " " + d.prog.types[o.typ].Name
		case opReform:
			s = "reform " + d.prog.formations[o.typ].name
		default:
			s = opNames[o.kind]
		}
		if o.not {
			s = "not " + s
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

func coordString(v int) string {
	if v < 0 {
		return "x"
	}
	return fmt.Sprint(v)
}

// posString writes a pos test as the language does.
func posString(o *op) string {
	if o.abs {
		s := squareName(o.x, o.y)
		if o.x2 != o.x || o.y2 != o.y {
			s += ".." + squareName(o.x2, o.y2)
		}
		return "pos " + s
	}
	span := func(a, b int) string {
		if a == b || a < 0 {
			return coordString(a)
		}
		return coordString(a) + ".." + coordString(b)
	}
	return "pos " + span(o.x, o.x2) + " " + span(o.y, o.y2)
}

// squareName names a square from its file and rank, both from 0.
func squareName(x, y int) string {
	f := string(rune('a' + x%26))
	if x >= 26 {
		f = "a" + f
	}
	return fmt.Sprintf("%s%d", f, y+1)
}

var opNames = func() map[opKind]string {
	m := map[opKind]string{opMcmp: "mcmp", opMless: "mless", opMdiff: "mdiff", opLocalSet: "mset", opLocalAdd: "madd",
		opSet: "mset", opAdd: "madd", opSpawn: "spawn", opPromote: "promote", opReform: "reform", opIs: "is", opHas: "has", opPos: "pos"}
	for name, k := range simpleOps {
		m[k] = name
	}
	return m
}()

// slide writes a slide: its cycle, body, then and out.
func (d *dumper) slide(depth int, n *slideNode) {
	flags := ""
	if n.final {
		flags = " (final: every stop point is a move)"
	}
	d.line(depth, "slide @%s%s", at(n.src), flags)
	if len(n.cycle) > 0 {
		var steps []string
		for _, c := range n.cycle {
			steps = append(steps, c.ops[0].dirs)
		}
		d.line(depth+1, "cycle [%s]", strings.Join(steps, ", "))
	}
	d.line(depth+1, "body")
	d.nodes(depth+2, n.body)
	if n.hasThen {
		d.line(depth+1, "then")
		d.nodes(depth+2, n.then)
	}
	if n.hasOut {
		d.line(depth+1, "out")
		d.nodes(depth+2, n.out)
	}
}

// multi writes a multi and its lines.
func (d *dumper) multi(depth int, n *multiNode) {
	flags := ""
	if n.count > 0 {
		flags += fmt.Sprintf(" %d", n.count)
	}
	if n.distinct {
		flags += " distinct"
	}
	if n.shared {
		flags += " shared"
	}
	d.line(depth, "multi%s @%s", flags, at(n.src))
	for i, l := range n.lines {
		d.line(depth+1, "line %d", i+1)
		d.nodes(depth+2, l)
	}
}
