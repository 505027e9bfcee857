package movegen

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
	"github.com/alfil-go/alfil/memory"
)

type compiler struct {
	opts       options
	file       *lang.File
	lines      *lang.Source // positions and lines of the file, as the parser gives them
	errs       lang.ErrorList
	prog       *Program
	name       string // the variant's name: its game line, or the file's name
	placements int    // the placement tables' size so far (Budgets.Placements)
	reachLeft  int    // ops the capture-reach walks may still look at (reachTotal)
	// randType and randOrdinals: the type whose lines are compiled, and
	// the ordinals of its rands' positions (rand.go)
	randType     int
	randOrdinals map[lang.Pos]int
	fields       bool // some piece has a field line: normals test their steps (fields.go)
}

func (c *compiler) errorf(pos lang.Pos, format string, args ...any) {
	c.errs = append(c.errs, &lang.Error{Pos: c.lines.Position(pos), Msg: fmt.Sprintf(format, args...), Line: c.lines.LineAt(pos)})
}

func (c *compiler) program() *Program {
	f := c.file
	p := &Program{Name: c.name, Width: f.Width, Height: f.Height, rotate: f.Symmetry == "rotate",
		byName: map[string]int{}, tiles: f.Tiles, stalemate: board.Draw, checkmate: board.SecondWins,
		budgets: c.opts.budgets.withDefaults()}
	c.prog = p
	v := &board.Variant{Width: f.Width, Height: f.Height, Ghost: -1}
	if f.Setup != nil {
		// the setup's * squares are not part of the board (docs/language.md
		// § File structure, Setup): placement needs them before the lines
		v.Holes = board.ReadHoles(f.Width, f.Height, f.Setup.FEN)
		p.holes = v.Holes
	}
	for i, pc := range f.Pieces {
		c.pieceType(i, pc, v)
		c.fields = c.fields || pc.Field != nil
	}
	if f.Groups {
		// group moves lift their parts: no kernel, table or fast path
		// (multisquare.go)
		c.opts.interpreted = true
	}
	for _, pc := range f.Pieces {
		if pc.Plus && v.TypeOf(pc.Letter) < 0 {
			c.errorf(pc.Pos, "piece %s is written +%c, but no piece has the letter %c to promote from", pc.Name, pc.Letter, pc.Letter)
		}
	}
	// the lines come second: they name types declared later in the file
	for i, pc := range f.Pieces {
		c.pieceLines(p.types[i], pc)
	}
	p.noteCheckable()
	v.UnmovedMatters = lateUnmoved(p.types, unmovedMatters(p.types, true))
	p.lineUnmoved = lateUnmoved(p.types, unmovedMatters(p.types, false))
	c.randRules(v)
	c.rules(v)
	v.TracksLast = p.tracksLast
	c.proxyTypes(v)
	c.fieldCovers(v)
	c.checkInvisible()
	p.variant = v
	if len(c.errs) > 0 {
		return p // normals over the placement budget were left unplaced
	}
	p.lowered = !c.opts.interpreted && !p.hides()
	for _, t := range p.types {
		for _, l := range t.OnDeath {
			p.deathReadsMemory = p.deathReadsMemory || readsPieceMemory(l.nodes)
		}
	}
	for _, t := range p.types {
		c.compileReturns(t)
		c.prepare(t)
		p.lowered = p.lowered && t.attacks != nil
	}
	switch {
	case p.multiSquare:
		p.tierWhy = errMultiSquare
	case c.opts.interpreted:
		p.tierWhy = errInterpreted
	default:
		p.tier, p.tierSpec, p.tierWhy = lowerTier(p)
	}
	if f.Setup != nil {
		if _, err := p.position(p.setup); err != nil {
			c.setupError(f.Setup, err)
		}
	}
	return p
}

// pieceType declares piece i, its attributes, and its letter and royalty
// in the position's variant v.
func (c *compiler) pieceType(i int, pc *lang.Piece, v *board.Variant) {
	p := c.prog
	t := &PieceType{Name: pc.Name, Letter: pc.Letter, Plus: pc.Plus, Index: i, Attrs: map[string]bool{}}
	for _, a := range pc.Attrs {
		t.Attrs[a.Name] = true
		switch a.Name {
		case "royal":
			t.Royal = true
			p.royal = true
		case "lastroyal":
			// royal while the last of its side's lastroyal pieces
			// (docs/language.md § Royal pieces and legality)
			t.Royal, t.LastRoyal = true, true
			p.royal, p.lastRoyal = true, true
		case "real":
			t.Real = true
		case "steadfast":
			// in check it moves only to take the one piece giving check
			// (docs/language.md § Attributes: makpong's king)
			t.Steadfast = true
			p.steadfast = true
		case "checkable":
			// checked, it must move (docs/language.md § Check as its own attribute)
			t.Checkable = true
			p.checkable = true
		case "ghost":
			t.Ghost = true
			for len(v.Ghosts) <= i {
				v.Ghosts = append(v.Ghosts, false)
			}
			v.Ghosts[i] = true
			if v.Ghost < 0 {
				v.Ghost = i
			}
		case "value":
			t.Value, t.HasValue = a.Value, true
		case "resets":
			t.Resets = true
		case "invisible":
			// docs/language.md § Invisible pieces
			t.Invisible = true
			p.invisible = true
		case "wall":
			// in no army (docs/language.md § Two-part turns)
			t.Wall = true
			p.walls = true
			v.Wall = int16(i + 1) // one wall type (lang checks)
		}
	}
	p.types = append(p.types, t)
	p.byName[t.Name] = i
	v.Letters = append(v.Letters, t.Letter)
	v.Royal = append(v.Royal, t.Royal)
	v.Plus = append(v.Plus, t.Plus)
}

// pieceLines compiles a piece's move lines and hooks.
func (c *compiler) pieceLines(t *PieceType, pc *lang.Piece) {
	p := c.prog
	c.beginRands(t, pc)
	for _, l := range pc.Moves {
		if n := len(l.Items); n > 0 {
			if cst, ok := l.Items[n-1].(*lang.Castle); ok {
				t.Lines = append(t.Lines, c.castleLines(l, cst, t.Royal)...)
				continue
			}
		}
		t.Lines = append(t.Lines, c.line(l))
	}
	for _, l := range t.Lines {
		t.inPlace = t.inPlace || promotesInPlace(l)
	}
	for _, e := range pc.Every {
		l := c.line(e.Line)
		h := Hook{N: e.N, Line: l, deletes: deletesItself(l)}
		h.memoryLocal, h.promotes = memoryLocal(l)
		t.Every = append(t.Every, h)
	}
	for _, l := range pc.OnDeath {
		t.OnDeath = append(t.OnDeath, c.line(l))
	}
	for _, l := range pc.OnHold {
		t.OnHold = append(t.OnHold, c.line(l))
	}
	for _, l := range pc.OnRelease {
		t.OnRelease = append(t.OnRelease, c.line(l))
	}
	for _, l := range pc.Drops {
		if dl := c.dropLine(t, l); dl != nil {
			t.Drops = append(t.Drops, dl)
			p.drops = true
		}
	}
	for _, l := range pc.Gates {
		if gl := c.gateLine(t, l); gl != nil {
			t.Gates = append(t.Gates, gl)
			p.gates = true
		}
	}
	c.copyLines(t, pc)
	if pc.Field != nil {
		c.field(t, pc.Field)
	}
	p.hooked = append(p.hooked, len(t.Every) > 0)
	p.anyEvery = p.anyEvery || len(t.Every) > 0
}

// promotesInPlace reports whether a line promotes without a step or a
// mov: the piece changes where it stands.
func promotesInPlace(l *Line) bool {
	promotes, moves := false, false
	eachNode(l.nodes, func(nd node) {
		if n, ok := nd.(*normal); ok {
			for _, o := range n.ops {
				promotes = promotes || o.kind == opPromote
				moves = moves || o.kind == opStep || o.kind == opMov
			}
		} else {
			moves = true // a structure: leave it to the moves
		}
	})
	return promotes && !moves
}

// deletesItself reports whether a hook line is one normal whose only op is
// del, which removes the piece where it stands.
func deletesItself(l *Line) bool {
	if len(l.nodes) != 1 {
		return false
	}
	n, ok := l.nodes[0].(*normal)
	return ok && !n.marks && len(n.ops) == 1 && n.ops[0].kind == opDel
}

// extinctionRule takes the extinction rule from the file (docs/language.md
// § Extinction): the types it counts — those it names, each on its own;
// every piece but a ghost (all), or the real ones, together — how few
// left judge a side, and how many the other side must have.
func (c *compiler) extinctionRule() {
	f, p := c.file, c.prog
	p.extinct = map[string]board.Result{"": board.SecondWins, "loss": board.SecondWins, "win": board.FirstWins, "draw": board.Draw}[f.Extinction]
	p.extinctReply = f.ExtinctionReply
	p.extinctLeft, p.extinctVs = f.ExtinctionLeft, f.ExtinctionVs
	p.counted = make([]bool, len(p.types))
	for _, t := range p.types {
		p.counted[t.Index] = f.ExtinctionAll && !t.Ghost || len(f.ExtinctionPieces) == 0 && !f.ExtinctionAll && t.Real
	}
	for _, n := range f.ExtinctionPieces {
		p.counted[p.byName[n.Name]] = true
	}
	p.extinctEach = len(f.ExtinctionPieces) > 1
	p.hasReal = slices.Contains(p.counted, true)
}

// rules takes the game's rules from the file: setup, nomoves, captures
// forced, checks, castling, ghosts, the evaluation hook and extinction.
func (c *compiler) rules(v *board.Variant) {
	f, p := c.file, c.prog
	if f.Setup != nil {
		p.setup = f.Setup.FEN
		v.Setup = f.Setup.FEN
	}
	for _, n := range f.NoMoves {
		r := map[string]board.Result{"win": board.FirstWins, "loss": board.SecondWins, "draw": board.Draw}[n.Result]
		if n.When == "stalemate" {
			p.stalemate = r
		} else {
			p.checkmate = r
		}
	}
	v.Marked = p.hooked // the board counts the pieces with every hooks
	p.forced = f.ForcedCaptures
	v.CheckLimit = f.Checks
	v.Castlers, v.Castling = castlers(f)
	// with fen gates the castling field is file letters alone: a royal
	// piece that tests unmoved leaps (Ouk Chatrang's king), it does not castle
	v.Castling = v.Castling && !f.FenGates
	if v.Castling {
		v.CastleCorners = castleCorners(f, p.byName)
	}
	v.CastlePartners = castlePartners(f, p.byName)
	if v.CastlePartners == nil && v.Castling {
		v.CornerPartners = v.CastleCorners
	}
	ghostTypes := 0
	for _, t := range p.types {
		if t.Ghost {
			ghostTypes++
		}
	}
	if ghostTypes > 1 {
		v.GhostVictims = p.ghostVictims
	}
	p.EvalCell = -1
	if f.Eval != nil {
		p.EvalCell = int(f.Eval.Value)
	}
	c.extinctionRule()
	p.noChecks = f.NoChecks
	p.dupleCheck = f.DupleCheck
	p.mateShak, p.mateForbidden = typeSet(f.MateShak, p.byName, len(p.types)), typeSet(f.MateForbidden, p.byName, len(p.types))
	p.goal = goals(f, p.byName, p.Width, p.Height)
	p.goalTerms = compileGoalTerms(f)
	p.toHand = f.CapturesToHand
	v.Hands = p.toHand || p.drops || p.gates
	// fen gates: the castling field names the unmoved first-rank pieces as
	// a gate variant's does, with no gate lines (Ouk Chatrang's DEde)
	v.Gates, v.GatesNeedHand = p.gates || f.FenGates, p.gates && !p.toHand
	if v.Demotes = v.Hands && f.HandDemotes; v.Demotes {
		v.PromotedFrom = promotedFrom(p.types)
	}
	p.lasting = lastingPromotions(p.types)
	c.passRule()
	c.facingRule()
	c.connectRule()
	switch f.FullBoard {
	case "count":
		p.fullCount = true
	case "":
	default:
		p.fullBoard = map[string]board.Result{"win": board.FirstWins, "loss": board.SecondWins, "draw": board.Draw}[f.FullBoard]
	}
	c.wallRule()
	c.dropRules(v)
	c.groupsRule(v) // (multisquare.go)
	c.materials()
	for _, r := range []struct {
		src *lang.CountRule
		dst *CountRule
	}{{f.Repetition, &p.repetition}, {f.MoveRule, &p.moveRule}} {
		if r.src != nil {
			*r.dst = CountRule{N: r.src.N, result: map[string]board.Result{"win": board.FirstWins, "loss": board.SecondWins, "draw": board.Draw}[r.src.Result]}
		}
	}
}

// prepare works out what generation needs of a type beyond its trees: its
// capture reach and lowered captures, its holders' line groups, which
// lines resume from a slide iteration, and each line's generator.
func (c *compiler) prepare(t *PieceType) {
	p := c.prog
	c.computeReach(t)
	if !c.opts.interpreted && !p.walls && !p.proxies && !p.hides() {
		// the lowered tables see a wall as a piece of its side, a stack
		// as its top alone, and neither invisible pieces nor fields
		t.attacks = lowerAttacks(p, t)
	}
	t.groups = groupLines(t.Lines)
	if t.late != nil {
		// a late piece may capture anywhere by what it copies, and its
		// copied lines are kept in a last group of their own (late.go)
		t.reach, t.attacks = [2][]bitset{}, nil
		t.groups = append(t.groups, lateGroup())
	}
	for i := range t.groups {
		g := &t.groups[i]
		for _, l := range g.lines {
			// a multi plays its sub-moves: a capture there runs the
			// victim's onDeath hooks
			g.readsMemory = g.readsMemory || readsPieceMemory(l.nodes) || p.deathReadsMemory && hasMulti(l.nodes)
			g.rand = g.rand || hasRand(l.nodes)
		}
	}
	for _, l := range t.Lines {
		l.resume = resumable(l)
		l.kernel = c.chooseKernel(l)
		p.resumes = p.resumes || l.resume != nil && l.kernel == nil
	}
	for i := range t.groups {
		for _, l := range t.groups[i].lines {
			if k, ok := l.kernel.(*multiLeaper); ok && k.flood {
				t.groups[i].flood = true
			}
		}
	}
}

// setupError reports an error of the setup's FEN at the place in the file
// it names: the same check loading the setup makes (Program.NewBoard).
func (c *compiler) setupError(s *lang.Setup, err error) {
	off := int(s.Pos)
	if i := strings.Index(c.lines.TextFrom(s.Pos), s.FEN); i >= 0 {
		off += i
	}
	var fe *board.FENError
	if errors.As(err, &fe) {
		off += fe.Offset
	}
	c.errorf(lang.Pos(off), "setup: %v", err)
}

// resumable returns the slide of a line that is one slide whose
// iterations carry no state but the cursor — a body of one normal without
// generation-time effects (memory writes, remember, break), no cycle, and
// then and out clauses of plain normals — so that iteration k starts from
// the square k body steps from the origin, whatever happened before. The
// incremental mode regenerates such a line from the first iteration that
// read something a move changed. It returns nil for other lines.
func resumable(l *Line) *slideNode {
	if len(l.nodes) != 1 || l.safe {
		return nil
	}
	s, ok := l.nodes[0].(*slideNode)
	if !ok || !s.final || len(s.cycle) > 0 || len(s.body) != 1 {
		return nil
	}
	body, ok := s.body[0].(*normal)
	if !ok || body.marks {
		return nil
	}
	for _, o := range body.ops {
		if o.kind != opStep && !o.kind.isCondition() && !o.kind.isAction() {
			return nil // a generation-time effect
		}
	}
	for _, clause := range [][]node{s.then, s.out} {
		for _, nd := range clause {
			if _, ok := nd.(*normal); !ok {
				return nil
			}
		}
	}
	return s
}

// lineGroup is a run of a type's lines that the incremental mode keeps
// together in one holder.
type lineGroup struct {
	lines []*Line
	capt  bool // some line captures
	safe  bool // some line tests safe
	// fillSensitive: some capturing line is not vacancy-monotone
	// (vacancyMonotone), so filling a square may let it capture elsewhere
	fillSensitive bool
	// readsMemory: some line may read a piece's memory (readsPieceMemory)
	readsMemory bool
	// flood: some line is a flood multi (multiLeaper.flood)
	flood bool
	// late: the group holds a late type's copied lines (late.go), which
	// change with the position: lines is empty
	late bool
	// rand: some line holds a rand, whose roll reads the seed, which
	// only a played move advances (rand.go)
	rand bool
}

// groupLines groups a type's lines for the incremental mode. A line made
// only of normals reads a few fixed squares and is cheap to generate, so
// consecutive ones share a holder: one record instead of one per line. A
// line with a structure (a slider's ray, a multi) or a safe test is a
// holder of its own, so that a change to one ray does not regenerate the
// others and a line that depends on everything does not drag its
// neighbours along.
//
// A board keeps one holder per piece and group of its type, and the
// trigger map one bit per holder and key, so a type has at most maxGroups
// groups: the lines of a type with more are shared out over that many
// groups of consecutive lines, which is still exact, only coarser.
func groupLines(lines []*Line) []lineGroup {
	var groups []lineGroup
	open := false // the last group takes more plain lines
	for _, l := range lines {
		plain := !l.safe
		for _, nd := range l.nodes {
			if _, ok := nd.(*normal); !ok {
				plain = false
			}
		}
		if !plain || !open {
			groups = append(groups, lineGroup{})
		}
		groups[len(groups)-1].add(l)
		open = plain
	}
	if len(groups) <= maxGroups {
		return groups
	}
	merged := make([]lineGroup, maxGroups)
	for i, l := range lines {
		merged[i*maxGroups/len(lines)].add(l)
	}
	return merged
}

// maxGroups bounds the holders of one piece (see groupLines).
const maxGroups = 64

func (g *lineGroup) add(l *Line) {
	g.lines = append(g.lines, l)
	g.capt = g.capt || l.capt
	g.safe = g.safe || l.safe
	g.fillSensitive = g.fillSensitive || l.capt && !vacancyMonotone(l)
}

// line compiles one move line.
func (c *compiler) line(l *lang.Line) *Line {
	cl := &Line{Source: c.lines.Position(l.Pos)}
	cl.nodes = c.seq(l.Items, true, cl)
	return cl
}

// seq compiles items into nodes; tail tells whether nothing of the line
// follows the sequence.
func (c *compiler) seq(items lang.Seq, tail bool, l *Line) []node {
	var nodes []node
	var cur *normal
	flush := func() {
		if cur != nil {
			c.place(cur)
			nodes = append(nodes, cur)
			cur = nil
		}
	}
	add := func(pos lang.Pos, o op) {
		if cur == nil {
			cur = &normal{src: c.lines.Position(pos)}
		}
		if o.kind.isAction() {
			cur.actions = true
			if o.kind == opCapt || o.kind == opPickCapt {
				l.capt = true
			}
		}
		if o.kind == opNoCheck {
			cur.nocheck = true
			c.prog.nocheck = true
		}
		l.safe = l.safe || o.kind == opSafe
		cur.ops = append(cur.ops, o)
	}
	for i, it := range items {
		last := tail && i == len(items)-1
		switch n := it.(type) {
		case *lang.Step:
			add(n.Pos, op{kind: opStep, dirs: n.Dirs})
		case *lang.Simple, *lang.Not, *lang.Named, *lang.PosCond, *lang.SideCond, *lang.Mem, *lang.Grow:
			if o, ok := c.op(it); ok {
				add(it.Position(), o)
			}
		default:
			flush()
			if nd := c.structure(it, last, l); nd != nil {
				nodes = append(nodes, nd)
			}
		}
	}
	flush()
	return nodes
}

// structure compiles a structure (docs/language.md § Structures); last
// says whether it ends its line, which decides where its moves end.
func (c *compiler) structure(it lang.Item, last bool, l *Line) node {
	switch n := it.(type) {
	case *lang.Slide:
		return c.slide(n, last, l)
	case *lang.Opt:
		return &optNode{src: c.lines.Position(n.Pos), branches: c.branches(n.Branches, last, l)}
	case *lang.Exc:
		e := &excNode{src: c.lines.Position(n.Pos), branches: c.branches(n.Branches, last, l)}
		for _, b := range n.Branches {
			e.blocks = append(e.blocks, holdsBlock(b))
		}
		return e
	case *lang.Block:
		return &blockNode{body: c.seq(n.Body, true, l), src: c.lines.Position(n.Pos)}
	case *lang.Multi:
		m := &multiNode{count: n.Count, distinct: n.Distinct, shared: n.Shared, src: c.lines.Position(n.Pos)}
		for _, ml := range n.Lines {
			c.checkPass(ml.Items, false)
			m.lines = append(m.lines, c.seq(ml.Items, true, l))
		}
		return m
	case *lang.In:
		return c.in(n, l)
	case *lang.Limit:
		return c.limit(n, l)
	case *lang.Rand:
		return c.randNode(n, last, l)
	}
	c.errorf(it.Position(), "cannot compile %T", it)
	return nil
}

// slide compiles a slide: its cycle of steps, body, then and out.
func (c *compiler) slide(n *lang.Slide, last bool, l *Line) *slideNode {
	s := &slideNode{final: last, src: c.lines.Position(n.Pos)}
	for _, st := range n.Cycle {
		cyc := &normal{src: c.lines.Position(st.Pos), ops: []op{{kind: opStep, dirs: st.Dirs}}}
		c.place(cyc)
		s.cycle = append(s.cycle, cyc)
	}
	s.body = c.seq(n.Body, false, l)
	for _, cyc := range s.cycle {
		s.phases = append(s.phases, append([]node{cyc}, s.body...))
	}
	if n.Then != nil {
		s.hasThen, s.then = true, c.seq(n.Then.Items, last, l)
	}
	if n.Out != nil {
		s.hasOut, s.out = true, c.seq(n.Out.Items, last, l)
	}
	return s
}

// limit compiles a limit or only block: its squares, placed, and lines.
func (c *compiler) limit(n *lang.Limit, l *Line) *limitNode {
	lim := &limitNode{only: n.Only, src: c.lines.Position(n.Pos)}
	for _, sq := range n.Squares {
		st := &normal{src: c.lines.Position(sq.Pos), ops: []op{{kind: opStep, dirs: sq.Dirs}}}
		c.place(st)
		lim.squares = append(lim.squares, st)
	}
	for _, ll := range n.Lines {
		lim.lines = append(lim.lines, c.seq(ll.Items, true, l))
	}
	return lim
}

// holdsBlock reports whether a block stands anywhere in seq.
func holdsBlock(seq lang.Seq) bool {
	found := false
	lang.Walk(seq, func(it lang.Item) {
		if _, ok := it.(*lang.Block); ok {
			found = true
		}
	})
	return found
}

// branches compiles the branches of an opt or exc.
func (c *compiler) branches(bs []lang.Seq, tail bool, l *Line) [][]node {
	var out [][]node
	for _, b := range bs {
		out = append(out, c.seq(b, tail, l))
	}
	return out
}

// checkPass reports actions that follow a pass in a multi line: pass ends
// the sequence, so they would be played after the sequence ended. It returns
// whether a pass has been seen.
func (c *compiler) checkPass(items lang.Seq, seen bool) bool {
	for _, it := range items {
		switch n := it.(type) {
		case *lang.Simple:
			if n.Op == "pass" {
				seen = true
			} else if _, action := simpleOps[n.Op]; seen && action && simpleOps[n.Op].isAction() {
				c.errorf(n.Pos, "%s after pass in a multi line: pass ends the sequence", n.Op)
			}
		case *lang.Named:
			if seen && (n.Op == "spawn" || n.Op == "promote") {
				c.errorf(n.Pos, "%s after pass in a multi line: pass ends the sequence", n.Op)
			}
		case *lang.Mem:
			if seen && (n.Op == "mset" || n.Op == "madd") {
				c.errorf(n.Pos, "%s after pass in a multi line: pass ends the sequence", n.Op)
			}
		case *lang.Slide:
			// iterations repeat the body and a clause follows the completed
			// ones: a pass there ends the sequence at each stop point, so
			// only each part's own order is checked
			c.checkPass(n.Body, seen)
			if n.Then != nil {
				c.checkPass(n.Then.Items, seen)
			}
			if n.Out != nil {
				c.checkPass(n.Out.Items, seen)
			}
		case *lang.Opt:
			any := seen
			for _, b := range n.Branches {
				any = c.checkPass(b, seen) || any
			}
			seen = any
		case *lang.Exc:
			any := seen
			for _, b := range n.Branches {
				any = c.checkPass(b, seen) || any
			}
			seen = any
		case *lang.Block:
			c.checkPass(n.Body, seen)
		}
	}
	return seen
}

// in compiles in PRE -> STEPS do ACTIONS into one normal whose actions are
// repeated on every marked square. Conditions in ACTIONS filter each square
// when the move is played: a failing one skips the rest of that square's
// actions (atomic chess spares pawns this way).
func (c *compiler) in(n *lang.In, l *Line) *normal {
	nm := &normal{src: c.lines.Position(n.Pos), marks: true}
	var actions []op
	for _, it := range n.Do {
		o, ok := c.op(it)
		if !ok {
			continue
		}
		if !o.kind.isAction() && !o.kind.isCondition() {
			c.errorf(it.Position(), "only conditions and actions may follow do, found %s", it)
			continue
		}
		if o.kind == opNoCheck {
			c.errorf(it.Position(), "nocheck inside in … do: it rules on the whole move, so it stands outside")
			continue
		}
		if o.kind == opCapt || o.kind == opPickCapt {
			l.capt = true
		}
		l.safe = l.safe || o.kind == opSafe
		actions = append(actions, o)
	}
	for _, o := range actions {
		nm.actions = nm.actions || o.kind.isAction()
	}
	for _, st := range n.Pre {
		nm.ops = append(nm.ops, op{kind: opStep, dirs: st.Dirs})
	}
	nm.ops = append(nm.ops, actions...)
	for _, st := range n.Steps {
		for _, d := range st.Dirs {
			nm.ops = append(nm.ops, op{kind: opStep, dirs: string(d)})
			nm.ops = append(nm.ops, actions...)
		}
	}
	c.place(nm)
	return nm
}

// op compiles a condition, action or generation-time effect.
func (c *compiler) op(it lang.Item) (op, bool) {
	switch n := it.(type) {
	case *lang.Simple:
		k, ok := simpleOps[n.Op]
		if !ok {
			c.errorf(n.Pos, "cannot compile %q", n.Op)
		}
		c.prog.flips = c.prog.flips || k == opFlip || k == opOutflank
		return op{kind: k}, ok
	case *lang.Not:
		o, ok := c.op(n.Cond)
		if !ok {
			return o, false
		}
		if !o.kind.isCondition() {
			c.errorf(n.Pos, "not applies to conditions only")
			return o, false
		}
		o.not = !o.not
		return o, true
	case *lang.Named:
		if n.Op == "has" {
			return op{kind: opHas, attr: n.Name}, true
		}
		if n.Op == "reform" {
			return c.reformOp(n) // (multisquare.go)
		}
		t, ok := c.prog.byName[n.Name]
		if !ok {
			c.errorf(n.NamePos, "%s names unknown piece %q", n.Op, n.Name)
			return op{}, false
		}
		k, known := map[string]opKind{"is": opIs, "spawn": opSpawn, "promote": opPromote, "onfile": opOnFile,
			"count": opCount, "harmless": opHarmless, "heldby": opHeldBy, "holds": opHolds}[n.Op]
		if !known {
			c.errorf(n.Pos, "cannot compile %q", n.Op)
			return op{}, false
		}
		return op{kind: k, typ: t, n: max(n.Count, 1)}, true
	case *lang.PosCond:
		return posOp(n, c.prog.Height), true
	case *lang.SideCond:
		// a pos test that holds on every square for one side: whatever
		// reads pos (the interpreter, attack tests, the tier's lowering)
		// decides it with the side it asks for (posHolds)
		only := board.First
		if n.Side == "second" {
			only = board.Second
		}
		return op{kind: opPos, x: -1, y: -1, sided: true, only: only}, true
	case *lang.Mem:
		return memOp(n), true
	case *lang.Grow:
		k, _ := memory.KindOf(n.Mem[0])
		if k == memory.Local {
			return op{kind: opLocalGrow, mem: k, b: n.Size.Operand}, true
		}
		return op{kind: opGrow, mem: k, b: n.Size.Operand}, true
	}
	c.errorf(it.Position(), "cannot compile %s here", it)
	return op{}, false
}

// memOp compiles a memory test or write (docs/language.md § Memory): a
// write to the move-local memory runs as the move is generated, the
// others when it is played.
func memOp(n *lang.Mem) op {
	a, b := n.A.Operand, n.B.Operand
	switch n.Op {
	case "mcmp":
		return op{kind: opMcmp, a: a, b: b}
	case "mless":
		return op{kind: opMless, a: a, b: b}
	case "mdiff":
		return op{kind: opMdiff, a: a, b: b}
	}
	local := a.Path[0] == memory.Local
	switch {
	case n.Op == "mset" && local:
		return op{kind: opLocalSet, a: a, b: b}
	case n.Op == "madd" && local:
		return op{kind: opLocalAdd, a: a, b: b}
	case n.Op == "mset":
		return op{kind: opSet, a: a, b: b}
	}
	return op{kind: opAdd, a: a, b: b}
}

var simpleOps = map[string]opKind{
	"empty": opEmpty, "enemy": opEnemy, "ally": opAlly, "piece": opPiece, "unmoved": opUnmoved,
	"notorigin": opNotOrigin, "notfirst": opNotFirst, "safe": opSafe, "notvisited": opNotVisited, "outflanks": opOutflanks,
	"remember": opRemember, "break": opBreak,
	"mov": opMov, "capt": opCapt, "del": opDel, "pick": opPick, "put": opPut, "pickcapt": opPickCapt,
	"mark": opMark, "pass": opPass, "win": opWin, "lose": opLose, "draw": opDraw, "nocheck": opNoCheck, "touch": opTouch, "flip": opFlip, "outflank": opOutflank,
	"room": opRoom, "join": opJoin, "holding": opHolding, "held": opHeld,
}

// posOp compiles a pos test (docs/language.md § Conditions): its
// relative form's coordinates and ranges, or the rectangle its absolute
// form names.
func posOp(n *lang.PosCond, height int) op {
	if n.Square != "" {
		x, y, x2, y2 := lang.SquareRange(n.Square)
		return op{kind: opPos, abs: true, x: x, y: y, x2: x2, y2: y2}
	}
	o := op{kind: opPos}
	o.x, o.x2 = coordRange(n.X, height)
	o.y, o.y2 = coordRange(n.Y, height)
	return o
}

// coordRange compiles a coordinate of a relative pos, a range's ends in
// either order: its lower and upper ends, -1 for x.
func coordRange(s string, height int) (int, int) {
	from, to, found := strings.Cut(s, "..")
	if !found {
		v := coord(s, height)
		return v, v
	}
	a, b := coord(from, height), coord(to, height)
	return min(a, b), max(a, b)
}

// coord compiles a pos coordinate: a number, x (any) or l (last rank).
func coord(s string, height int) int {
	switch s {
	case "x":
		return -1
	case "l":
		return height - 1
	}
	v, _ := strconv.Atoi(s)
	return v
}
