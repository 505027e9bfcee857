package movegen

import (
	"fmt"
	"slices"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: lowering to the bitboard tier (package tier). A variant whose
// every line is a chain of plain normals — steps, conditions of the board
// and actions, maybe an opt of position tests — or a rider's slide, whose
// ghosts are en-passant ghosts (every 1: del, an onDeath chain), and that
// reads no memory, is handed to the tier as placed scripts: the
// conditions that depend only on the square (pos, the board's edge) are
// decided here, per side and start square, and the rest become the tier's
// conditions and actions. Drop lines that only ask the square dropped on
// to be empty, their position tests decided, become the squares a type
// may be dropped on; captures hand and the drops declarations (drops
// forced, bicolor, castle) go along as rules of the variant. Gate lines
// whose conditions are unmoved and pos tests become, per side and square,
// when a type's gate holds there. Perft and the
// search run there (docs/architecture.md § The bitboard tier). Any other
// variant, or one
// compiled Interpreted(), keeps the interpreter alone; tierReason says
// why.

// lowerTier builds the tier's rules for p, or returns why it cannot.
func lowerTier(p *Program) (*tier.Rules, *spec.Variant, error) {
	if p.multiSquare {
		return nil, nil, errMultiSquare
	}
	if p.Width*p.Height > tier.MaxSquares {
		return nil, nil, fmt.Errorf("%d squares: the tier takes at most %d", p.Width*p.Height, tier.MaxSquares)
	}
	if p.EvalCell >= 0 {
		return nil, nil, fmt.Errorf("the variant has an evaluation hook")
	}
	if len(p.tiles) > 0 {
		return nil, nil, fmt.Errorf("the variant sets tile memory")
	}
	if p.connect != nil {
		return nil, nil, fmt.Errorf("the variant has a connect rule")
	}
	if p.checkable {
		return nil, nil, fmt.Errorf("checkable pieces: %s", checkableWhy(p))
	}
	if i := slices.IndexFunc(p.types, func(t *PieceType) bool { return t.late != nil }); i >= 0 {
		return nil, nil, lateWhy(p.types[i])
	}
	if p.rand {
		return nil, nil, errRand
	}
	if p.proxies {
		// tier.Position holds one piece per square and moves one piece
		// per move (docs/language.md § Proxy pieces)
		return nil, nil, fmt.Errorf("the variant has proxy pieces: the tier's board holds one piece per square")
	}
	if why := p.goalTermsWhy(); why != "" {
		return nil, nil, fmt.Errorf("%s", why)
	}
	if why := p.hiddenWhy(); why != "" { // (invisible.go)
		return nil, nil, fmt.Errorf("%s", why)
	}
	switch {
	case p.mustDropType >= 0 && p.forced:
		return nil, nil, fmt.Errorf("drops forced of one type with captures forced")
	case p.lastRoyal && slices.ContainsFunc(p.types, func(t *PieceType) bool { return t.Royal && !t.LastRoyal }):
		// the interpreter guards a royal piece the move makes only where
		// no type is lastroyal: the tier does not mix the two rules
		return nil, nil, fmt.Errorf("royal types beside lastroyal ones")
	}
	v := &spec.Variant{Width: p.Width, Height: p.Height, CheckLimit: p.variant.CheckLimit, Forced: p.forced, Extinct: p.extinct, ExtinctReply: p.extinctReply,
		ExtinctEach: p.extinctEach, ExtinctLeft: p.extinctLeft, ExtinctVs: p.extinctVs,
		Stalemate: p.stalemate, Checkmate: p.checkmate, ToHand: p.toHand, Demotes: p.variant.Demotes,
		LastingPromotions: p.lasting, CastleTakesRook: p.variant.CastlePartners != nil, MustDrop: p.mustDrop,
		MustDropOnly: p.mustDropType >= 0, MustDropType: max(p.mustDropType, 0),
		NoChecks: p.noChecks, Goal: p.goal, DupleCheck: p.dupleCheck}
	if p.bicolor >= 0 {
		v.Bicolor, v.BicolorType = true, p.bicolor
	}
	if err := lowerWalls(p, v); err != nil { // (lower_walls.go)
		return nil, nil, err
	}
	if dc := p.dropCastle; dc != nil {
		v.DropCastle = &spec.DropCastle{King: dc.king, Rook: dc.rook, KingSq: dc.kingSq, RookSqs: dc.rookSqs}
	}
	p.fillRules(v)        // (lower_flip.go)
	lowerFacingPass(p, v) // (lower_facing.go)
	names := board.New(p.variant)
	for sq := range p.Width * p.Height {
		v.SquareNames = append(v.SquareNames, names.SquareName(board.Square(sq)))
	}
	l := lowering{p: p, n: p.Width * p.Height, mover: -1}
	if v.Fill != nil {
		l.fill = make([]*landings, len(p.types))
	}
	for _, t := range p.types {
		ty, err := l.pieceType(t)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", t.Name, err)
		}
		v.Types = append(v.Types, ty)
	}
	if l.fill != nil {
		if err := l.fillTypes(v, l.fill); err != nil {
			return nil, nil, err
		}
	}
	if err := checkEvery(v); err != nil {
		return nil, nil, err
	}
	r, err := tier.Compile(v)
	if err != nil {
		return nil, nil, err
	}
	return r, v, nil
}

type lowering struct {
	p     *Program
	n     int
	cells int // what the scripts hold so far: a slot per line, side and square, and each condition and action
	// subMove: a multi's line is being placed, whose pass only ends the
	// sequence (spec.Multi.End)
	subMove bool
	// onFile: a drop line is being placed, whose not onfile test drops
	// decided apart (dropNodes) and place skips, where it is on the
	// square dropped on
	onFile bool
	// moveLine: a move line of chains is being placed (chain), whose
	// start square is the moving piece's: mover, which a harmless test
	// lifts (spec.Cond.From); -1 elsewhere (a slide's then clause, a
	// hop's, a hook), where harmless is not lowered
	moveLine bool
	mover    int
	// fill, in a variant with flips or fill rules: per type, where its
	// drops land and what they flip there (lower_flip.go)
	fill []*landings
}

// maxTierCells bounds what a variant's lowered scripts may hold (a slot
// per line, side and start square, and each placed condition and action;
// tens of bytes each): past it the variant stays interpreted, which is
// slower and never wrong (docs/language.md § Limits). Chess holds about
// 20,000.
const maxTierCells = 1 << 20

// pieceType lowers one type.
func (l *lowering) pieceType(t *PieceType) (spec.Type, error) {
	ty := spec.Type{Name: t.Name, Letter: t.Letter, Plus: t.Plus, Royal: t.Royal, Castles: l.p.variant.Castlers[t.Index], LastRoyal: t.LastRoyal, Steadfast: t.Steadfast, Wall: t.Wall, Real: l.p.counted[t.Index], Ghost: t.Ghost, Resets: t.Resets, Back: t.backSquares()}
	if err := l.gates(t, &ty); err != nil {
		return ty, err
	}
	if t.Ghost {
		if len(t.Every) != 1 || t.Every[0].N != 1 || !t.Every[0].deletes {
			return ty, fmt.Errorf("a ghost whose hooks are not every 1: del")
		}
		if len(t.OnDeath) > 1 {
			return ty, fmt.Errorf("more than one onDeath line")
		}
		if len(t.OnDeath) == 1 {
			line, err := l.chain(t.OnDeath[0])
			if err != nil {
				return ty, fmt.Errorf("onDeath: %w", err)
			}
			for s := range 2 {
				for _, sc := range line.At[s] {
					if sc == nil {
						continue
					}
					for _, a := range sc.Acts {
						if a.Kind != spec.Capt {
							return ty, fmt.Errorf("onDeath does more than capture")
						}
					}
				}
			}
			ty.OnDeath = line
		}
		if len(t.Lines) > 0 {
			return ty, fmt.Errorf("a ghost with move lines")
		}
		return ty, nil
	}
	if len(t.OnDeath) > 0 {
		return ty, fmt.Errorf("an onDeath hook on a piece that is not a ghost")
	}
	if len(t.Every) > 0 {
		every, err := l.everyHook(t)
		if err != nil {
			return ty, err
		}
		ty.Every = every
	}
	if err := l.drops(t, &ty); err != nil {
		return ty, err
	}
	if rides, touch, ok, err := l.touchLines(t); ok || err != nil {
		ty.Rides, ty.Touch = mergeRides(rides), touch // (lower_touch.go)
		return ty, err
	}
	for _, line := range t.Lines {
		if r, ok := l.ride(line); ok {
			if l.cells += 2 * l.n; l.cells > maxTierCells {
				return ty, errTooLarge
			}
			ty.Rides = append(ty.Rides, r)
			continue
		}
		if hs, ride, ok, err := l.cannon(line); ok || err != nil {
			if err != nil {
				return ty, fmt.Errorf("line at %s: %w", line.Source, err)
			}
			if ride != nil {
				ty.Rides = append(ty.Rides, *ride)
			}
			ty.Hops = append(ty.Hops, hs...)
			continue
		}
		if h, ok, err := l.hop(line); ok || err != nil {
			if err != nil {
				return ty, fmt.Errorf("line at %s: %w", line.Source, err)
			}
			ty.Hops = append(ty.Hops, h)
			continue
		}
		if mu, ok, err := l.multi(line); ok || err != nil {
			if err != nil {
				return ty, fmt.Errorf("line at %s: %w", line.Source, err)
			}
			ty.Multis = append(ty.Multis, mu)
			continue
		}
		if r, ok, err := l.zoneRide(line); ok || err != nil {
			if err != nil {
				return ty, fmt.Errorf("line at %s: %w", line.Source, err)
			}
			if l.cells += 4 * l.n; l.cells > maxTierCells {
				return ty, errTooLarge
			}
			ty.Rides = append(ty.Rides, r)
			continue
		}
		if r, lines, ok, err := l.rideThen(line); ok || err != nil {
			if err != nil {
				return ty, fmt.Errorf("line at %s: %w", line.Source, err)
			}
			ty.Rides = append(ty.Rides, r)
			ty.Lines = append(ty.Lines, lines...)
			continue
		}
		if lines, ok, err := l.blockSlide(line); ok || err != nil {
			if err != nil {
				return ty, fmt.Errorf("line at %s: %w", line.Source, err)
			}
			ty.Lines = append(ty.Lines, lines...)
			continue
		}
		l.moveLine = true
		c, err := l.chain(line)
		l.moveLine = false
		if err != nil {
			return ty, fmt.Errorf("line at %s: %w", line.Source, err)
		}
		ty.Lines = append(ty.Lines, c)
	}
	ty.Rides = mergeRides(ty.Rides)
	return ty, nil
}

// zoneRide lowers a rider's line whose moves end only on some squares,
// maybe promoting there, to a filtered spec.Ride (docs/language.md §
// Shogi). Two shapes:
//
//   - a final slide of "step, empty, position tests, mov", its then
//     clause, if any, "enemy, position tests, capt, mov" (shogi's lance:
//     slide w empty not pos x l mov then enemy not pos x l capt mov). The
//     quiet moves end where the body's tests hold (To), the captures
//     where the then clause's do (CaptureTo). Where the body's tests fail
//     on an empty square the slide stops, so the ray must reach no square
//     where either holds beyond one where the body's fail.
//   - maybe position tests on the start square (From), then a final slide
//     of "step, empty" whose body ends with a block of position tests and
//     "mov", maybe "promote T", at the square reached (To), its then
//     clause, if any, "enemy, position tests, capt, mov" and the same
//     promotion (CaptureTo): shogi's rook entering its zone, slide w empty
//     block zone mov promote dragon end then enemy zone capt mov promote
//     dragon. Each iteration's block is a move of its own and the slide
//     goes on past squares where the tests fail.
//
// Anything else reports false, and blockSlide may unroll it.
func (l *lowering) zoneRide(line *Line) (spec.Ride, bool, error) {
	var r spec.Ride
	nodes := line.nodes
	var pre *normal
	if len(nodes) == 2 {
		n, ok := nodes[0].(*normal)
		if !ok || n.marks || !positionTests(n) {
			return r, false, nil
		}
		pre, nodes = n, nodes[1:]
	}
	if len(nodes) != 1 {
		return r, false, nil
	}
	s, ok := nodes[0].(*slideNode)
	if !ok || !s.final || len(s.cycle) > 0 || s.hasOut || len(s.body) == 0 || len(s.body) > 2 {
		return r, false, nil
	}
	body, ok := s.body[0].(*normal)
	if !ok || body.marks || len(body.ops) < 2 || body.ops[0].kind != opStep || body.ops[0].dirs == "" || body.ops[1].kind != opEmpty || body.ops[1].not {
		return r, false, nil
	}
	// quiet: what the move to the square reached plays, placed from the
	// square before (the first shape) or at that square (the block)
	var quiet *Line
	walker := len(s.body) == 1
	if walker {
		if len(body.ops) < 4 || pre != nil { // step, empty, a position test at least, mov
			return r, false, nil
		}
		if mid := body.ops[2 : len(body.ops)-1]; !positionOps(mid) || body.ops[len(body.ops)-1].kind != opMov {
			return r, false, nil
		}
		quiet = &Line{nodes: s.body, Source: line.Source}
	} else {
		blk, ok := s.body[1].(*blockNode)
		if !ok || len(body.ops) != 2 || len(blk.body) != 1 {
			return r, false, nil
		}
		if bn, ok := blk.body[0].(*normal); !ok || bn.marks || !testsThenActs(bn, 0, opMov) && !testsThenActs(bn, 0, opMov, opPromote) {
			return r, false, nil
		}
		quiet = &Line{nodes: blk.body, Source: line.Source}
	}
	var then *Line
	if s.hasThen {
		n, ok := onlyNormal(s.then)
		if !ok || n.ops[0].kind != opEnemy || n.ops[0].not || !testsThenActs(n, 1, opCapt, opMov) && !testsThenActs(n, 1, opCapt, opMov, opPromote) {
			return r, false, nil
		}
		then = &Line{nodes: s.then, Source: line.Source}
	}
	r.Capture = then != nil
	promo := -2 // not seen yet; -1 for none
	samePromo := func(sc *spec.Script) bool {
		p := -1
		if a := sc.Acts[len(sc.Acts)-1]; a.Kind == spec.Promote {
			p = a.Type
		}
		if promo == -2 {
			promo = p
		}
		return p == promo
	}
	for sd := range 2 {
		side := board.Side(sd)
		r.Next[sd] = l.steps(body, side)
		to, captTo, known := make([]bool, l.n), make([]bool, l.n), make([]bool, l.n)
		if pre != nil {
			r.From[sd] = make([]bool, l.n)
		}
		for sq := range l.n {
			if pre != nil {
				r.From[sd][sq] = l.positionsHold(pre, side, sq)
			}
			stopped := false // the first shape: the body's tests failed on the way
			for k, cur := 0, sq; ; k++ {
				at := int(r.Next[sd][cur])
				if at < 0 {
					break
				}
				if k >= l.n {
					return r, false, fmt.Errorf("a slide whose ray does not end")
				}
				placeAt := at
				if walker {
					placeAt = cur
				}
				q, err := l.place(quiet, side, placeAt)
				if err != nil {
					return r, false, err
				}
				if q != nil && !samePromo(q) {
					return r, false, nil
				}
				var c *spec.Script
				if then != nil {
					if c, err = l.place(then, side, at); err != nil {
						return r, false, err
					}
					if c != nil && !samePromo(c) {
						return r, false, nil
					}
				}
				if walker && stopped && (q != nil || c != nil) {
					return r, false, nil // the slide stopped before: no filter says so
				}
				stopped = stopped || q == nil
				if known[at] && (to[at] != (q != nil) || captTo[at] != (c != nil)) {
					return r, false, nil // the tests read more than the square
				}
				known[at], to[at], captTo[at] = true, q != nil, c != nil
				cur = at
			}
		}
		r.To[sd], r.CaptureTo[sd] = to, captTo
	}
	if promo >= 0 {
		r.Promotes, r.Promote = true, promo
	}
	return r, true, nil
}

// mergeRides merges rides that differ only in their targets (To and
// CaptureTo), or only in their start squares (From): one ride whose
// targets, or start squares, are theirs together makes the same moves,
// walked once. The zone's braces give shogi's rook nine copies of its
// line into the zone, one per rank of the zone where its quiet moves and
// where its captures end, and three of its line out of the zone, one per
// rank it starts on.
func mergeRides(rides []spec.Ride) []spec.Ride {
	out := slices.Clone(rides)
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(out) && !merged; i++ {
			for j := i + 1; j < len(out) && !merged; j++ {
				a, b := &out[i], &out[j]
				if a.Capture != b.Capture || a.Promotes != b.Promotes || a.Promote != b.Promote || !sameSquares(a.Next, b.Next) {
					continue
				}
				switch {
				case sameFilter(a.From, b.From):
					a.To, a.CaptureTo = joinFilter(a.To, b.To), joinFilter(a.CaptureTo, b.CaptureTo)
				case sameFilter(a.To, b.To) && sameFilter(a.CaptureTo, b.CaptureTo):
					a.From = joinFilter(a.From, b.From)
				default:
					continue
				}
				out = slices.Delete(out, j, j+1)
				merged = true
			}
		}
	}
	return out
}

func sameSquares(a, b [2][]board.Square) bool {
	return slices.Equal(a[0], b[0]) && slices.Equal(a[1], b[1])
}

func sameFilter(a, b [2][]bool) bool {
	return (a[0] == nil) == (b[0] == nil) && (a[1] == nil) == (b[1] == nil) && slices.Equal(a[0], b[0]) && slices.Equal(a[1], b[1])
}

// joinFilter returns the squares either filter holds (nil: every square).
func joinFilter(a, b [2][]bool) [2][]bool {
	var out [2][]bool
	for s := range 2 {
		if a[s] == nil || b[s] == nil {
			continue
		}
		out[s] = make([]bool, len(a[s]))
		for sq := range a[s] {
			out[s][sq] = a[s][sq] || b[s][sq]
		}
	}
	return out
}

// positionTests reports whether a normal is position tests alone.
func positionTests(n *normal) bool { return len(n.ops) > 0 && positionOps(n.ops) }

// positionOps reports whether ops are position tests alone.
func positionOps(ops []op) bool {
	for _, o := range ops {
		if o.kind != opPos {
			return false
		}
	}
	return true
}

// testsThenActs reports whether n's ops from skip on are position tests,
// maybe none, then exactly the actions kinds in that order.
func testsThenActs(n *normal, skip int, kinds ...opKind) bool {
	i := skip
	for i < len(n.ops) && n.ops[i].kind == opPos {
		i++
	}
	if len(n.ops)-i != len(kinds) {
		return false
	}
	for j, k := range kinds {
		if n.ops[i+j].kind != k || n.ops[i+j].not {
			return false
		}
	}
	return true
}

// onlyNormal returns the one normal of nodes.
func onlyNormal(nodes []node) (*normal, bool) {
	if len(nodes) != 1 {
		return nil, false
	}
	n, ok := nodes[0].(*normal)
	if !ok || n.marks || len(n.ops) == 0 {
		return nil, false
	}
	return n, true
}

// positionsHold reports whether every position test of n, placed for
// side on sq, holds.
func (l *lowering) positionsHold(n *normal, side board.Side, sq int) bool {
	placed := n.at(side, sq)
	for i := range n.ops {
		if placed[i] < 0 || l.position(&n.ops[i], side, int(placed[i])) == n.ops[i].not {
			return false
		}
	}
	return true
}

// everyHook lowers a piece's every hook (spec.Type.Every): one, every 1,
// a chain whose actions only win or lose — dobutsu's lion, every 1: pos x
// l safe win. lowerTier checks the rest of what the tier needs.
func (l *lowering) everyHook(t *PieceType) (spec.Line, error) {
	if len(t.Every) != 1 || t.Every[0].N != 1 || t.Every[0].deletes {
		return spec.Line{}, fmt.Errorf("hooks other than one every 1 hook")
	}
	h := t.Every[0]
	line, err := l.chain(h.Line)
	if err != nil {
		return line, fmt.Errorf("every hook at %s: %w", h.Line.Source, err)
	}
	for s := range 2 {
		for _, sc := range line.At[s] {
			if sc == nil {
				continue
			}
			for _, a := range sc.Acts {
				if a.Kind != spec.Win && a.Kind != spec.Lose {
					return line, fmt.Errorf("every hook at %s: an action other than win and lose", h.Line.Source)
				}
			}
		}
	}
	return line, nil
}

// checkEvery reports why v's every hooks (spec.Type.Every) are not ones
// the tier plays: the variant has ghosts, whose deletion is itself an
// every hook, or a move or drop creates a piece of the hook's type, which
// the hook would skip in the ply that creates it.
func checkEvery(v *spec.Variant) error {
	hooked := map[int]bool{}
	ghosts := false
	for t, ty := range v.Types {
		ghosts = ghosts || ty.Ghost
		if ty.Every.At[0] != nil {
			hooked[t] = true
		}
	}
	if len(hooked) == 0 {
		return nil
	}
	if ghosts {
		return fmt.Errorf("every hooks in a variant with ghosts")
	}
	created := func(t int) error {
		if hooked[t] {
			return fmt.Errorf("%s: every hook on a type that moves or drops create", v.Types[t].Name)
		}
		return nil
	}
	for t, ty := range v.Types {
		if ty.Drop[0] != nil || ty.Drop[1] != nil {
			if err := created(t); err != nil {
				return err
			}
		}
		if ty.DropPromoted[0] != nil || ty.DropPromoted[1] != nil {
			if err := created(ty.DropFace); err != nil {
				return err
			}
		}
		lines := slices.Clone(ty.Lines)
		for _, mu := range ty.Multis {
			lines = append(lines, mu.Subs...)
		}
		for _, h := range ty.Hops {
			lines = append(lines, h.Then)
		}
		for _, line := range lines {
			for s := range 2 {
				for _, sc := range line.At[s] {
					if sc == nil {
						continue
					}
					for _, a := range sc.Acts {
						if a.Kind == spec.Spawn || a.Kind == spec.Promote {
							if err := created(a.Type); err != nil {
								return err
							}
						}
					}
				}
			}
		}
		for _, r := range ty.Rides {
			if r.Promotes {
				if err := created(r.Promote); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// blockSlide lowers a promotion zone's slide (shogi's rook): maybe
// position tests on the start square, then a final slide of "step, empty"
// whose body ends with a block of position tests and actions at the
// square reached, its then clause a chain. Every iteration's block is a
// move of its own — the skip carries no action — so each distance k along
// the ray gives a quiet line, whose script asks the k squares to be empty
// and plays the block there, and a capture line, whose script asks the
// k-1 before to be empty and the k-th not, and plays the then clause
// there.
func (l *lowering) blockSlide(line *Line) ([]spec.Line, bool, error) {
	nodes := line.nodes
	var pre *normal
	if len(nodes) == 2 {
		n, ok := nodes[0].(*normal)
		if !ok || n.marks {
			return nil, false, nil
		}
		for _, o := range n.ops {
			if o.kind != opPos {
				return nil, false, nil
			}
		}
		pre, nodes = n, nodes[1:]
	}
	if len(nodes) != 1 {
		return nil, false, nil
	}
	s, ok := nodes[0].(*slideNode)
	if !ok || !s.final || len(s.cycle) > 0 || s.hasOut || len(s.body) != 2 {
		return nil, false, nil
	}
	body, ok := s.body[0].(*normal)
	if !ok || !hasOps(body, opStep, opEmpty) || body.ops[0].dirs == "" {
		return nil, false, nil
	}
	blk, ok := s.body[1].(*blockNode)
	if !ok || len(blk.body) != 1 {
		return nil, false, nil
	}
	bn, ok := blk.body[0].(*normal)
	if !ok || bn.marks {
		return nil, false, nil
	}
	for _, o := range bn.ops {
		if o.kind != opPos && !o.kind.isAction() {
			return nil, false, nil
		}
	}
	if err := chainNodes(s.then); err != nil {
		return nil, false, err
	}
	quietLine := &Line{nodes: blk.body, Source: line.Source}
	thenLine := &Line{nodes: s.then, Source: line.Source}
	var lines []spec.Line
	for sd := range 2 {
		side := board.Side(sd)
		for sq := range l.n {
			if pre != nil {
				placed := pre.at(side, sq)
				held := true
				for i := range pre.ops {
					if placed[i] < 0 || l.position(&pre.ops[i], side, int(placed[i])) == pre.ops[i].not {
						held = false
					}
				}
				if !held {
					continue
				}
			}
			var empties []spec.Cond // the squares before the k-th
			for k, cur := 0, sq; ; k++ {
				at := board.Square(body.at(side, cur)[0])
				if at < 0 {
					break
				}
				if k >= l.n { // a step word that comes back: the tier refuses its ray
					return nil, false, fmt.Errorf("a slide whose ray does not end")
				}
				for len(lines) < 2*(k+1) {
					if l.cells += 2 * l.n; l.cells > maxTierCells {
						return nil, false, errTooLarge
					}
					lines = append(lines, spec.Line{At: [2][]*spec.Script{make([]*spec.Script, l.n), make([]*spec.Script, l.n)}})
				}
				q, err := l.place(quietLine, side, int(at))
				if err != nil {
					return nil, false, err
				}
				if q != nil {
					sc := &spec.Script{Conds: append(slices.Clone(empties), spec.Cond{Kind: spec.Empty, Sq: at}), Acts: q.Acts}
					if err := l.count(sc); err != nil {
						return nil, false, err
					}
					lines[2*k].At[sd][sq] = sc
				}
				t, err := l.place(thenLine, side, int(at))
				if err != nil {
					return nil, false, err
				}
				if t != nil {
					sc := &spec.Script{Conds: append(append(slices.Clone(empties), spec.Cond{Kind: spec.Empty, Not: true, Sq: at}), t.Conds...), Acts: t.Acts}
					if err := l.count(sc); err != nil {
						return nil, false, err
					}
					lines[2*k+1].At[sd][sq] = sc
				}
				empties = append(empties, spec.Cond{Kind: spec.Empty, Sq: at})
				cur = int(at)
			}
		}
	}
	return lines, true, nil
}

// drops lowers a type's drop lines to the squares a piece of it in hand
// may be dropped on, per side (ty.Drop): each line, placed on every
// square, must be the drop alone, whose only conditions ask that square
// to be empty — its position tests decided here (not pos x 0) — and maybe
// that its file not hold some of the side's pieces of a type (not onfile
// T N), which becomes the type's file limit (ty.DropLimit): every line
// must then have the same one. A line that ends with promote F drops the
// piece showing F (kyotoshogi's +P@c3): its squares go to
// ty.DropPromoted, and every such line of the type must promote to the
// same F.
func (l *lowering) drops(t *PieceType, ty *spec.Type) error {
	if l.fill != nil {
		l.fill[t.Index] = &landings{}
		return l.fillDrops(t, ty, l.fill[t.Index])
	}
	ty.DropFace = -1
	for i, line := range t.Drops {
		lim, err := dropNodes(line.nodes)
		if err != nil {
			return fmt.Errorf("drop line at %s: %w", line.Source, err)
		}
		if i > 0 && lim != ty.DropLimit {
			return fmt.Errorf("drop line at %s: drop lines with different onfile tests", line.Source)
		}
		ty.DropLimit = lim
		for s := range 2 {
			for sq := range l.n {
				l.onFile = true
				sc, err := l.place(line, board.Side(s), sq)
				l.onFile = false
				if err != nil {
					return fmt.Errorf("drop line at %s: %w", line.Source, err)
				}
				if sc == nil {
					continue
				}
				face, ok := emptyDrop(sc, t.Index, sq)
				if !ok {
					return fmt.Errorf("drop line at %s: a drop line that asks more than an empty square", line.Source)
				}
				on := &ty.Drop
				if face >= 0 {
					if ty.DropFace >= 0 && face != ty.DropFace {
						return fmt.Errorf("drop line at %s: drop lines that promote to different types", line.Source)
					}
					ty.DropFace, on = face, &ty.DropPromoted
				}
				if on[s] == nil {
					on[s] = make([]bool, l.n)
				}
				on[s][sq] = true
			}
		}
	}
	return nil
}

// gates lowers a type's gate lines (docs/language.md § Gating) to when its
// gate holds on each square, per side (ty.Gate): a gate line's conditions
// read the square a move leaves, and the tier takes pos tests, decided
// here, and unmoved, maybe negated, which it tests on the piece leaving
// the square (Seirawan chess's gate: unmoved pos x 0). A gate with other
// conditions keeps the variant interpreted.
func (l *lowering) gates(t *PieceType, ty *spec.Type) error {
	for _, line := range t.Gates {
		n := line.gateNormal()
		when := spec.GateUnmoved | spec.GateMoved
		for _, o := range n.ops[:len(n.ops)-1] { // the last is the gate's spawn
			switch {
			case o.kind == opPos:
			case o.kind == opUnmoved && o.not:
				when &= spec.GateMoved
			case o.kind == opUnmoved:
				when &= spec.GateUnmoved
			default:
				return fmt.Errorf("gate line at %s: a gate line that tests more than unmoved and pos", line.Source)
			}
		}
		if when == 0 {
			continue // unmoved and not unmoved: it never holds
		}
		for s := range 2 {
			side := board.Side(s)
			for sq := range l.n {
				placed := n.at(side, sq)
				holds := true
				for i := range n.ops {
					if o := &n.ops[i]; o.kind == opPos && l.position(o, side, int(placed[i])) == o.not {
						holds = false
					}
				}
				if !holds {
					continue
				}
				if ty.Gate[s] == nil {
					ty.Gate[s] = make([]spec.GateWhen, l.n)
				}
				ty.Gate[s][sq] |= when
			}
		}
	}
	return nil
}

// dropNodes reports why nodes are not a drop line the tier lowers (a
// chain, see chainNodes, of plain normals), and the file limit of its one
// not onfile test, if any.
func dropNodes(nodes []node) (spec.FileLimit, error) {
	var lim spec.FileLimit
	for _, nd := range nodes {
		n, ok := nd.(*normal)
		if !ok || n.marks {
			if err := chainNodes([]node{nd}); err != nil {
				return lim, err
			}
			continue
		}
		if why := unlowered(n); why != "" {
			return lim, fmt.Errorf("%s", why)
		}
		for _, o := range n.ops {
			switch k := o.kind; {
			case k == opStep, k.isAction():
			case k == opEmpty, k == opEnemy, k == opAlly, k == opPiece, k == opUnmoved, k == opIs, k == opHas, k == opPos:
			case k == opOnFile && o.not && lim.Count == 0:
				lim = spec.FileLimit{Type: o.typ, Count: o.n}
			case k == opOnFile:
				return lim, fmt.Errorf("an onfile test that is not one not onfile")
			default:
				return lim, fmt.Errorf("a normal with memory or generation-time effects")
			}
		}
	}
	return lim, nil
}

// emptyDrop reports whether a drop line placed on sq is the drop of a
// piece of type t there, asking only that sq be empty, and the type it
// promotes to there — the face it shows — or -1.
func emptyDrop(sc *spec.Script, t, sq int) (face int, ok bool) {
	face = -1
	if n := len(sc.Acts); n == 2 && sc.Acts[1].Kind == spec.Promote && int(sc.Acts[1].Sq) == sq && sc.Acts[1].Type != t {
		face = sc.Acts[1].Type
	} else if n != 1 {
		return -1, false
	}
	if sc.Acts[0].Kind != spec.Spawn || int(sc.Acts[0].Sq) != sq || sc.Acts[0].Type != t {
		return -1, false
	}
	for _, c := range sc.Conds {
		if c.Kind != spec.Empty || c.Not || int(c.Sq) != sq {
			return -1, false
		}
	}
	return face, len(sc.Conds) > 0
}

// ride lowers a rider's line: a final slide of "step, empty, mov" whose
// then clause, if any, is "enemy, capt, mov" (the walker's shape).
func (l *lowering) ride(line *Line) (spec.Ride, bool) {
	w := recogniseWalker(line)
	if w == nil || (w.then != nil && !hasOps(w.then, opEnemy, opCapt, opMov)) {
		return spec.Ride{}, false
	}
	var r spec.Ride
	r.Capture = w.then != nil
	for s := range 2 {
		r.Next[s] = l.steps(w.body, board.Side(s))
	}
	return r, true
}

// rideThen lowers a rider's line whose then clause is more than a plain
// capture — a chain, as atomic chess's capture and blast: a final slide
// of "step, empty, mov" whose then clause runs on the first piece in the
// way. Its quiet moves are a Ride; its captures are unrolled into a line
// per distance k, whose script from each square asks the k-1 squares
// along the ray to be empty and the k-th not, moves the piece along them
// as the slide's iterations do, and plays the then clause placed on the
// k-th.
func (l *lowering) rideThen(line *Line) (spec.Ride, []spec.Line, bool, error) {
	s, body, _, ok := oneSlide(line)
	if !ok || !s.hasThen || len(s.then) == 0 || !hasOps(body, opStep, opEmpty, opMov) {
		return spec.Ride{}, nil, false, nil
	}
	if err := chainNodes(s.then); err != nil {
		return spec.Ride{}, nil, false, err
	}
	then := &Line{nodes: s.then, Source: line.Source}
	var r spec.Ride
	var lines []spec.Line
	for sd := range 2 {
		side := board.Side(sd)
		r.Next[sd] = l.steps(body, side)
		for sq := range l.n {
			var pre spec.Script // the iterations before the k-th
			for k, cur := 0, sq; ; k++ {
				placed := body.at(side, cur)
				at := board.Square(placed[0])
				if at < 0 {
					break
				}
				if k == len(lines) {
					if l.cells += 2 * l.n; l.cells > maxTierCells {
						return r, nil, false, errTooLarge
					}
					lines = append(lines, spec.Line{At: [2][]*spec.Script{make([]*spec.Script, l.n), make([]*spec.Script, l.n)}})
				}
				t, err := l.place(then, side, int(at))
				if err != nil {
					return r, nil, false, err
				}
				if t != nil {
					sc := &spec.Script{
						Conds: append(append(slices.Clone(pre.Conds), spec.Cond{Kind: spec.Empty, Not: true, Sq: at}), t.Conds...),
						Acts:  append(slices.Clone(pre.Acts), t.Acts...),
					}
					if err := l.count(sc); err != nil {
						return r, nil, false, err
					}
					lines[k].At[sd][sq] = sc
				}
				pre.Conds = append(pre.Conds, spec.Cond{Kind: spec.Empty, Sq: at})
				pre.Acts = append(pre.Acts, spec.Act{Kind: spec.Mov, Sq: at})
				cur = int(body.end[side][cur])
				if k >= l.n { // a step word that comes back: the tier refuses its ray
					return r, nil, false, fmt.Errorf("a slide whose ray does not end")
				}
			}
		}
	}
	return r, lines, true, nil
}

// multi lowers a line that is one multi, neither distinct nor shared,
// whose lines are chains (draughts' captures): each line placed on every
// square as a sub-move, its pass marking where the sequence ends.
func (l *lowering) multi(line *Line) (spec.Multi, bool, error) {
	if len(line.nodes) != 1 {
		return spec.Multi{}, false, nil
	}
	m, ok := line.nodes[0].(*multiNode)
	if !ok {
		return spec.Multi{}, false, nil
	}
	if m.distinct || m.shared {
		return spec.Multi{}, false, fmt.Errorf("a multi distinct or shared")
	}
	mu := spec.Multi{Count: m.count}
	l.subMove = true
	defer func() { l.subMove = false }()
	for _, sub := range m.lines {
		c, err := l.chain(&Line{nodes: sub, Source: line.Source})
		if err != nil {
			return mu, false, err
		}
		end, acts := false, false
		for _, nd := range sub {
			if n, ok := nd.(*normal); ok {
				for _, o := range n.ops {
					end = end || o.kind == opPass
					acts = acts || o.kind.isAction() && o.kind != opPass
				}
			}
		}
		if !acts {
			// placing it would leave no script, yet it applies: a pass
			// where the piece stands
			return mu, false, fmt.Errorf("a multi's line that only passes")
		}
		mu.Subs, mu.End = append(mu.Subs, c), append(mu.End, end)
	}
	return mu, true, nil
}

// hop lowers a grasshopper's line: a final slide of "step, empty" whose
// then clause is one plain normal, run at the first piece on the ray.
func (l *lowering) hop(line *Line) (spec.Hop, bool, error) {
	h := recogniseHopper(line)
	if h == nil {
		return spec.Hop{}, false, nil
	}
	then, err := l.chain(&Line{nodes: []node{h.then}, Source: line.Source})
	if err != nil {
		return spec.Hop{}, false, err
	}
	r := spec.Hop{Then: then}
	for s := range 2 {
		r.Next[s] = l.steps(h.body, board.Side(s))
	}
	return r, true, nil
}

// cannon lowers a cannon's capture (xiangqi's, shako's): a final slide of
// "step, empty" whose then clause is "piece" at the hurdle and a second
// final slide of "step, empty" beyond it, whose then clause is one normal
// of conditions of the square it stops at and actions there, one of them
// a capt — zoo.alf's `slide dir empty then piece slide dir empty then
// enemy capt mov`. The tier's hop runs one script at the hurdle, so the
// line becomes one hop per distance d from the hurdle to its prey: the
// hurdle a piece, the d-1 squares between empty, the then clause's
// conditions and actions on the last. A body of "step, empty, mov" (the
// cannon's own rook moves, as zoo.alf writes them) is a Ride too, of
// quiet moves. The interpreter runs the line as written; the ride and the
// hops list the same moves.
func (l *lowering) cannon(line *Line) ([]spec.Hop, *spec.Ride, bool, error) {
	hops, ok, err := l.cannonHops(line)
	if !ok || err != nil {
		return nil, nil, ok, err
	}
	_, body, _, _ := oneSlide(line)
	if !hasOps(body, opStep, opEmpty, opMov) {
		return hops, nil, true, nil
	}
	ride := &spec.Ride{}
	for side := range 2 {
		ride.Next[side] = l.steps(body, board.Side(side))
	}
	return hops, ride, true, nil
}

// cannonHops lowers the captures of a cannon's line (cannon).
func (l *lowering) cannonHops(line *Line) ([]spec.Hop, bool, error) {
	s, body, _, ok := oneSlide(line)
	if !ok || !s.hasThen || len(s.then) != 2 || !hasOps(body, opStep, opEmpty) && !hasOps(body, opStep, opEmpty, opMov) {
		return nil, false, nil
	}
	hurdle, ok := s.then[0].(*normal)
	if !ok || !screenTests(hurdle) {
		return nil, false, nil
	}
	inner, ok := s.then[1].(*slideNode)
	if !ok || !inner.final || len(inner.cycle) > 0 || inner.hasOut || !inner.hasThen || len(inner.body) != 1 || len(inner.then) != 1 {
		return nil, false, nil
	}
	beyond, ok := inner.body[0].(*normal)
	if !ok || beyond.marks || len(beyond.ops) < 2 || beyond.ops[0].kind != opStep || beyond.ops[0].dirs == "" || !hasOps(beyond, opStep, opEmpty) && !hasOps(beyond, opStep, opEmpty, opMov) {
		return nil, false, nil
	}
	// (lower_cannon.go: a body of "step, empty, mov" beyond the screen
	// moves there too, janggi's cannon)
	quiet := len(beyond.ops) == 3
	prey, ok := inner.then[0].(*normal)
	if !ok || prey.marks {
		return nil, false, nil
	}
	if _, _, ok := targetOps(prey.ops, 0); !ok {
		return nil, false, nil
	}
	// the squares beyond each hurdle, per side, up to the edge
	var rays [2][][]int
	longest := 0
	for side := range 2 {
		rays[side] = make([][]int, l.n)
		for h := range l.n {
			for sq, n := int(beyond.end[side][h]), 0; sq >= 0 && n < l.n; sq, n = int(beyond.end[side][sq]), n+1 {
				rays[side][h] = append(rays[side][h], sq)
			}
			longest = max(longest, len(rays[side][h]))
		}
	}
	var hops []spec.Hop
	for d := 1; d <= longest; d++ {
		h, err := l.hopAt(body, rays, d, func(side board.Side, at int, ray []int) (*spec.Script, error) {
			return l.cannonScript(prey, hurdle, side, at, ray)
		})
		if err != nil {
			return nil, true, err
		}
		hops = append(hops, h)
		if quiet {
			q, err := l.screenQuiet(hurdle, body, rays, d)
			if err != nil {
				return nil, true, err
			}
			hops = append(hops, q)
		}
	}
	return hops, true, nil
}

// cannonScript places a cannon's capture with the hurdle at hurdle and
// the squares path beyond it, the last the prey's: a piece on the hurdle,
// the others empty, and the prey normal's conditions and actions on the
// last square; nil where a position test fails there.
func (l *lowering) cannonScript(prey, screen *normal, side board.Side, hurdle int, path []int) (*spec.Script, error) {
	at := board.Square(path[len(path)-1])
	sc, err := l.screenScript(screen, hurdle)
	if err != nil {
		return nil, err
	}
	for _, sq := range path[:len(path)-1] {
		sc.Conds = append(sc.Conds, spec.Cond{Kind: spec.Empty, Sq: board.Square(sq)})
	}
	for i := range prey.ops {
		o := &prey.ops[i]
		switch {
		case o.kind == opPos:
			if l.position(o, side, int(at)) == o.not {
				return nil, nil
			}
		case o.kind.isCondition():
			c, err := l.condition(o, at)
			if err != nil {
				return nil, err
			}
			sc.Conds = append(sc.Conds, c)
		default:
			a, err := action(o, at)
			if err != nil {
				return nil, err
			}
			sc.Acts = append(sc.Acts, a)
		}
	}
	return sc, nil
}

// steps returns, per square, where a normal that is a step (and
// conditions) takes the cursor for side s: -1 off the board.
func (l *lowering) steps(body *normal, s board.Side) []board.Square {
	next := make([]board.Square, l.n)
	for sq := range l.n {
		next[sq] = board.Square(body.end[s][sq])
		if body.at(s, sq)[0] < 0 {
			next[sq] = -1
		}
	}
	return next
}

// chain lowers a line of plain normals and opts of position tests, placed
// for each side on each start square.
func (l *lowering) chain(line *Line) (spec.Line, error) {
	if err := chainNodes(line.nodes); err != nil {
		return spec.Line{}, err
	}
	var out spec.Line
	if l.cells += 2 * l.n; l.cells > maxTierCells {
		return out, errTooLarge
	}
	defer func() { l.mover = -1 }()
	for s := range 2 {
		side := board.Side(s)
		out.At[s] = make([]*spec.Script, l.n)
		for sq := range l.n {
			if l.moveLine {
				l.mover = sq
			}
			sc, err := l.place(line, side, sq)
			if err != nil {
				return spec.Line{}, err
			}
			if err := l.count(sc); err != nil {
				return spec.Line{}, err
			}
			out.At[s][sq] = sc
		}
	}
	return out, nil
}

// count counts a placed script's conditions and actions against
// maxTierCells.
func (l *lowering) count(sc *spec.Script) error {
	if sc == nil {
		return nil
	}
	if l.cells += len(sc.Conds) + len(sc.Acts); l.cells > maxTierCells {
		return errTooLarge
	}
	return nil
}

// chainNodes reports why nodes are not a chain the tier lowers: plain
// normals (maybe with safe, count and harmless tests, and nocheck), in …
// do normals of board filters, and opts of position tests.
func chainNodes(nodes []node) error {
	for _, nd := range nodes {
		switch n := nd.(type) {
		case *normal:
			if n.marks && !plainMarks(n) {
				return fmt.Errorf("an in … do whose conditions are not of the board, or follow an action")
			}
			if !n.marks && !plain(n) && !plainSafe(n) {
				return fmt.Errorf("a normal with memory or generation-time effects")
			}
		case *optNode:
			if !positionsOnly(n) {
				return fmt.Errorf("an opt that tests more than positions")
			}
		default:
			return fmt.Errorf("a structure the tier does not lower")
		}
	}
	return nil
}

// unlowered names, for a normal of a drop line holding a test or action
// the tier's drops have no counterpart of (count, harmless, nocheck),
// what it is; "" otherwise.
func unlowered(n *normal) string {
	for _, o := range n.ops {
		switch o.kind {
		case opCount:
			return "a count test"
		case opHarmless:
			return "a harmless test"
		case opNoCheck:
			return "a nocheck"
		}
	}
	return ""
}

// plainSafe reports whether a normal is plain but for safe tests (the
// castling lines), and count and harmless tests (sittuyin's promotion):
// the tier tests safe and harmless from its attack tables, count from
// its sets of pieces.
func plainSafe(n *normal) bool {
	if n.marks {
		return false
	}
	for _, o := range n.ops {
		switch k := o.kind; {
		case k == opStep, k.isAction(), k == opSafe, k == opCount, k == opHarmless:
		case k == opEmpty, k == opEnemy, k == opAlly, k == opPiece, k == opUnmoved, k == opIs, k == opHas, k == opPos:
		default:
			return false
		}
	}
	return true
}

// plainMarks reports whether an in … do normal (marks) is one the tier
// plays: its filters are conditions of the board, or position tests, and
// on each marked square they all come before the actions, so that each
// action runs where the filters, tested once before the first of them,
// held (docs/language.md § in … do).
func plainMarks(n *normal) bool {
	acted := false
	for _, o := range n.ops {
		switch k := o.kind; {
		case k == opStep:
			acted = false
		case k.isAction():
			acted = true
		case k == opEmpty, k == opEnemy, k == opAlly, k == opPiece, k == opUnmoved, k == opIs, k == opHas, k == opPos:
			if acted {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// positionsOnly reports whether every branch of an opt is one normal of
// position tests without steps.
func positionsOnly(o *optNode) bool {
	for _, br := range o.branches {
		if len(br) != 1 {
			return false
		}
		n, ok := br[0].(*normal)
		if !ok || n.marks {
			return false
		}
		for _, op := range n.ops {
			if op.kind != opPos {
				return false
			}
		}
	}
	return true
}

// place places a chain line for side on start square sq: nil when it
// leaves the board or a position test fails there.
func (l *lowering) place(line *Line, side board.Side, sq int) (*spec.Script, error) {
	sc := &spec.Script{}
	cur := sq
	for _, nd := range line.nodes {
		if o, ok := nd.(*optNode); ok {
			any := false
			for _, br := range o.branches {
				n := br[0].(*normal)
				all := true
				for i := range n.ops {
					all = all && l.position(&n.ops[i], side, cur)
				}
				any = any || all
			}
			if !any {
				return nil, nil
			}
			continue
		}
		n := nd.(*normal)
		placed := n.at(side, cur)
		if n.marks {
			if err := l.placeMarks(sc, n, placed, side); err != nil {
				return nil, err
			}
			continue // an in … do leaves the cursor where it was
		}
		for i := range n.ops {
			o := &n.ops[i]
			at := board.Square(placed[i])
			if at < 0 {
				return nil, nil
			}
			if o.kind == opStep {
				continue
			}
			if o.kind == opPos {
				if l.position(o, side, int(at)) == o.not {
					return nil, nil
				}
				continue
			}
			if o.kind == opOnFile && l.onFile && int(at) == sq {
				continue
			}
			if o.kind.isCondition() {
				c, err := l.condition(o, at)
				if err != nil {
					return nil, err
				}
				sc.Conds = append(sc.Conds, c)
				continue
			}
			if o.kind == opPass && !l.subMove {
				return nil, fmt.Errorf("pass outside a multi")
			}
			a, err := action(o, at)
			if err != nil {
				return nil, err
			}
			sc.Acts = append(sc.Acts, a)
		}
		cur = int(n.end[side][cur])
		if cur < 0 {
			return nil, nil
		}
	}
	if len(sc.Acts) == 0 {
		return nil, nil // nothing to play: the interpreter makes no move of it
	}
	return sc, nil
}

// placeMarks adds the actions of an in … do normal, placed at placed, to
// sc: each marked square's actions, Marked, the first with that square's
// filters as its If and the others WithPrev — or none of them where a
// position test there fails. Squares off the board mark nothing.
func (l *lowering) placeMarks(sc *spec.Script, n *normal, placed []int16, side board.Side) error {
	var filter []spec.Cond
	skip, first := false, true
	for i := range n.ops {
		o := &n.ops[i]
		at := board.Square(placed[i])
		switch {
		case o.kind == opStep:
			filter, skip, first = nil, false, true
		case at < 0 || skip:
		case o.kind == opPos:
			skip = l.position(o, side, int(at)) == o.not
		case o.kind.isCondition():
			c, err := l.condition(o, at)
			if err != nil {
				return err
			}
			filter = append(filter, c)
		default:
			a, err := action(o, at)
			if err != nil {
				return err
			}
			a.Marked = true
			if first {
				a.If = slices.Clone(filter)
			} else {
				a.WithPrev = true // the square's filters were tested once, before its first action
			}
			first = false
			sc.Acts = append(sc.Acts, a)
		}
	}
	return nil
}

// position evaluates a pos test (before its not) as gen.test does.
func (l *lowering) position(o *op, side board.Side, sq int) bool {
	return l.p.posHolds(o, side, sq)
}

// tierConds names the tier's condition for each board condition the
// tier takes (is and has are built apart: they carry types).
var tierConds = map[opKind]spec.CondKind{opEmpty: spec.Empty, opEnemy: spec.Enemy, opAlly: spec.Ally,
	opPiece: spec.Piece, opUnmoved: spec.Unmoved, opSafe: spec.Safe, opOutflanks: spec.Outflanks}

// condition lowers a condition of the board.
func (l *lowering) condition(o *op, at board.Square) (spec.Cond, error) {
	c := spec.Cond{Sq: at, Not: o.not}
	switch kind, ok := tierConds[o.kind]; {
	case ok:
		c.Kind = kind
		if kind == spec.Safe {
			// the moving piece is lifted for the test (a hook's piece,
			// -1, tests its own square)
			c.From = board.Square(l.mover)
		}
	case o.kind == opIs:
		c.Kind, c.Types = spec.Is, 1<<o.typ
	case o.kind == opCount:
		c.Kind, c.Types, c.N = spec.Count, 1<<o.typ, o.n
	case o.kind == opHarmless:
		if l.mover < 0 {
			return c, fmt.Errorf("a harmless test outside a move line's chain")
		}
		c.Kind, c.Types, c.From = spec.Harmless, 1<<o.typ, board.Square(l.mover)
	case o.kind == opHas:
		c.Kind = spec.Is
		for _, t := range l.p.types {
			if t.Attrs[o.attr] {
				c.Types |= 1 << t.Index
			}
		}
	default:
		return c, fmt.Errorf("a condition the tier does not lower")
	}
	return c, nil
}

// action lowers an action: the tier's kind whose interpreter action
// (tierActs) it is.
func action(o *op, at board.Square) (spec.Act, error) {
	for k, kind := range tierActs {
		if kind == o.kind {
			return spec.Act{Kind: spec.ActKind(k), Sq: at, Type: o.typ}, nil
		}
	}
	return spec.Act{}, fmt.Errorf("an action the tier does not lower")
}

var errInterpreted = fmt.Errorf("compiled Interpreted()")

var errTooLarge = fmt.Errorf("the lowered lines would hold more than %d conditions, actions and squares", maxTierCells)

// Tier returns the variant lowered to the bitboard tier, or nil and why
// not (see package tier).
func (p *Program) Tier() (*tier.Rules, error) { return p.tier, p.tierWhy }
