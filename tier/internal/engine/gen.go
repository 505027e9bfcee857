package engine

import (
	"math/bits"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: generation. Plain moves come from the tables and the rays as
// sets, one per piece, so that two lines reaching one square make one
// move, as the interpreter merges moves of the same effect; scripts are
// tested condition by condition.

// Pseudo fills list with the side to move's pseudo-legal moves: moves that
// may leave a royal piece capturable, the drops after the pieces' moves,
// then the gated forms of the moves. A finished game has none.
func (p *Position) Pseudo(list *spec.MoveList) {
	p.pseudo(list)
	if len(p.r.gateTypes) > 0 {
		p.addGates(list, 0)
	}
	p.addWallTurns(list)
	p.addPass(list, false) // (pass.go)
}

// pseudo fills list with Pseudo's moves but the gated forms.
func (p *Position) pseudo(list *spec.MoveList) {
	list.Moves = list.Moves[:0]
	p.pieceMovesAll(list)
	p.dropMoves(list)
}

// pieceMovesAll appends the side to move's pseudo-legal moves of its
// pieces on the board (none in a finished game).
func (p *Position) pieceMovesAll(list *spec.MoveList) {
	if p.result != board.Ongoing {
		return
	}
	us := p.toMove
	occ := p.occupied()
	for t := range p.r.ntypes {
		for sq := range p.types[t].and(p.side[us]).squares {
			p.pieceMoves(list, t, us, sq, occ)
		}
	}
}

// dropMoves appends the side to move's drops (none in a finished game).
func (p *Position) dropMoves(list *spec.MoveList) {
	if p.result != board.Ongoing || len(p.r.dropTypes) == 0 {
		return
	}
	us := p.toMove
	occ := p.occupied()
	room := p.dropRoom(us, occ)
	for _, t := range p.r.dropTypes {
		if p.hand[us][t] > 0 {
			list.Moves = appendDrops(list.Moves, t, false, p.dropTargets(t, false, us, occ, room))
			if p.r.dropFace[t] >= 0 {
				list.Moves = appendDrops(list.Moves, t, true, p.dropTargets(t, true, us, occ, room))
			}
		}
	}
}

// mustDrop reports whether drops are forced for side s now (drops
// forced: s has a piece in hand; with MustDropOnly, one of MustDropType)
// and of which type, -1 for every type.
func (p *Position) mustDrop(s board.Side) (forced bool, only int) {
	v := p.r.spec
	switch {
	case !v.MustDrop:
		return false, -1
	case v.MustDropOnly:
		return p.hand[s][v.MustDropType] > 0, v.MustDropType
	}
	return p.hasHand(s), -1
}

// hasHand reports whether side s has a piece in hand.
func (p *Position) hasHand(s board.Side) bool {
	for _, t := range p.r.dropTypes {
		if p.hand[s][t] > 0 {
			return true
		}
	}
	return false
}

// dropTargets returns the squares a piece of type t in us's hand may be
// dropped on — showing its promoted face, when promoted — occ being the
// occupied squares, room where drops bicolor lets drops go (dropRoom).
func (p *Position) dropTargets(t int, promoted bool, us board.Side, occ set, room dropRoom) set {
	to := p.r.drops[t][us].minus(occ)
	if promoted {
		to = p.r.promotedDrops[t][us].minus(occ)
	}
	if lim := p.r.dropLimit[t]; lim.Count > 0 {
		to = to.minus(p.fullFiles(lim, us))
	}
	if p.r.fill != nil {
		to = p.testedDrops(t, promoted, us, occ, to)
	}
	if p.r.spec.Bicolor && t == p.r.spec.BicolorType {
		return to.and(room.bicolor)
	}
	return to.and(room.others)
}

// dropRoom is where drops bicolor lets the side to move drop: a piece of
// the type it names (bicolor), and any other piece (others).
type dropRoom struct{ bicolor, others set }

// dropRoom returns where drops bicolor lets us drop (spec.Variant's
// Bicolor, Fairy-Stockfish's arithmetic; docs/language.md § Hands and
// drops): with n us's pieces of the type on the board and in hand, on[c]
// those on colour c and free[c] the empty squares of colour c in the
// type's drop region, a piece of the type goes on a colour c where
// on[c]+1 <= (n+1)/2, and another piece anywhere when on[c]+free[c] >=
// n/2 for both colours, but on the region's squares of a colour c where
// on[c]+free[c]-1 < n/2, which it would take.
func (p *Position) dropRoom(us board.Side, occ set) dropRoom {
	r := p.r
	if !r.spec.Bicolor {
		return dropRoom{r.full, r.full}
	}
	t := r.spec.BicolorType
	mine := p.types[t].and(p.side[us])
	n := int(p.hand[us][t]) + mine.count()
	if n == 0 {
		return dropRoom{r.full, r.full}
	}
	region := r.drops[t][us].or(r.promotedDrops[t][us]).minus(occ)
	if lim := r.dropLimit[t]; lim.Count > 0 {
		region = region.minus(p.fullFiles(lim, us))
	}
	var room dropRoom
	var on, free [2]int
	for c := range 2 {
		on[c], free[c] = mine.and(r.colour[c]).count(), region.and(r.colour[c]).count()
		if on[c]+1 <= (n+1)/2 {
			room.bicolor = room.bicolor.or(r.colour[c])
		}
	}
	if on[0]+free[0] >= n/2 && on[1]+free[1] >= n/2 {
		room.others = r.full
		for c := range 2 {
			if on[c]+free[c]-1 < n/2 {
				room.others = room.others.minus(region.and(r.colour[c]))
			}
		}
	}
	return room
}

// fullFiles returns the squares of the files holding lim.Count or more
// of us's pieces of type lim.Type.
func (p *Position) fullFiles(lim spec.FileLimit, us board.Side) set {
	var out, seen set
	pieces := p.types[lim.Type].and(p.side[us])
	w := len(p.r.files)
	for sq := range pieces.squares {
		if seen.has(sq) {
			continue
		}
		file := p.r.files[sq%w]
		seen = seen.or(file)
		if lim.Count == 1 || pieces.and(file).count() >= lim.Count {
			out = out.or(file)
		}
	}
	return out
}

// appendDrops appends the drops of a piece of type t on the squares of
// to, showing its promoted face when promoted.
func appendDrops(moves []spec.Move, t int, promoted bool, to set) []spec.Move {
	for sq := range to.squares {
		if promoted {
			moves = append(moves, spec.PromotedDropMove(t, sq))
		} else {
			moves = append(moves, spec.DropMove(t, sq))
		}
	}
	return moves
}

// pieceMoves appends the moves of the piece of type t and side us on sq,
// occ being the occupied squares.
func (p *Position) pieceMoves(list *spec.MoveList, t int, us board.Side, sq int, occ set) {
	quiet, capt, scripts := p.targets(t, us, sq, occ)
	start := len(list.Moves)
	list.Moves = appendPlain(list.Moves, sq, quiet, capt)
	if scripts {
		p.scriptMoves(list, t, us, sq, occ, start)
	}
}

// targets returns the squares the piece of type t and side us on sq moves
// to with plain moves without promotion — quietly, and capturing — and
// whether it has other moves too (scriptMoves).
func (p *Position) targets(t int, us board.Side, sq int, occ set) (quiet, capt set, scripts bool) {
	r := p.r
	enemy := p.side[us.Other()]
	i := r.table(t, us, sq)
	shape := &r.shapes[t*2+int(us)]
	var c *cell
	if shape.table || shape.scripts {
		c = &r.cells[i]
		quiet = c.quiet.minus(occ)
		capt = c.capt.and(enemy)
	}
	if len(shape.looks) > 0 || len(shape.dirs) > 0 {
		rq, rc := p.rides(shape, us, sq, occ, enemy)
		quiet, capt = quiet.or(rq), capt.or(rc)
	}
	lastDir, hurdle := -1, -1 // the hops come sorted by direction: one hurdle each
	for k := range shape.hops {
		h := &shape.hops[k]
		if h.dir != lastDir {
			lastDir, hurdle = h.dir, -1
			d := &r.dirs[us][h.dir]
			if blockers := d.ray[sq].and(occ); blockers.some() {
				hurdle = blockers.nearest(d.up)
			}
		}
		if hurdle < 0 {
			continue
		}
		if h.land != nil { // a grasshopper's: one square to test
			switch to := int(h.land[hurdle]); {
			case to < 0:
			case h.capture && enemy.has(to):
				capt = capt.with(to)
			case !h.capture && !occ.has(to):
				quiet = quiet.with(to)
			}
			continue
		}
		if sc := h.then[hurdle]; sc != nil && (h.tests != nil && h.tests[hurdle].holds(occ, p.side[us]) || h.tests == nil && p.holds(sc, us)) {
			if sc.Acts[0].Kind == spec.Capt {
				capt = capt.with(int(sc.Acts[0].Sq))
			} else {
				quiet = quiet.with(int(sc.Acts[0].Sq))
			}
		}
	}
	if !shape.scripts {
		return quiet, capt, false
	}
	if c.condPlain {
		at := &r.at[i]
		for k := 0; k < at.special; k++ {
			ref := &at.refs[k]
			if !p.refHolds(ref, us, occ) {
				continue
			}
			if r.scripts[ref.id].capture {
				capt = capt.with(int(ref.s.Acts[0].Sq))
			} else {
				quiet = quiet.with(int(ref.s.Acts[0].Sq))
			}
		}
	}
	scripts = c.scripts
	if len(shape.multis) > 0 {
		// a multi may apply: a draughts man with something to jump
		scripts = scripts || c.chainNeed.none() || c.chainNeed.meets(enemy)
	}
	return quiet, capt, scripts
}

// appendPlain appends the plain moves from sq to quiet and capt.
func appendPlain(moves []spec.Move, sq int, quiet, capt set) []spec.Move {
	from := spec.PlainMove(sq, 0, -1, false)
	for to := range quiet.squares {
		moves = append(moves, from|spec.PlainMove(0, to, -1, false))
	}
	for to := range capt.squares {
		moves = append(moves, from|spec.PlainMove(0, to, -1, true))
	}
	return moves
}

// scriptMoves appends the promotions and the special scripts' moves of the
// piece of type t and side us on sq (occ occupied), but those with the
// effect of a move the piece has from start on in list.
func (p *Position) scriptMoves(list *spec.MoveList, t int, us board.Side, sq int, occ set, start int) {
	r := p.r
	i := r.table(t, us, sq)
	if r.promoFrom[i] {
		p.promotions(list, t, us, sq)
	}
	at := &r.at[i]
	for k := at.special; k < len(at.refs); k++ {
		ref := &at.refs[k]
		if !p.refHolds(ref, us, occ) {
			continue
		}
		if !p.sameEffect(list.Moves[start:], &r.scripts[ref.id], us, sq) {
			list.Moves = append(list.Moves, spec.ScriptMove(sq, int(lastMov(ref.s, sq)), ref.id))
		}
	}
	for _, mi := range r.shapes[t*2+int(us)].multis {
		p.chainMoves(list, mi, us, sq, occ, start)
	}
}

// rides returns the squares a piece of a shape reaches along its lookups
// and rays from sq: the empty ones, and the enemy's it captures on.
func (p *Position) rides(shape *shape, us board.Side, sq int, occ, enemy set) (quiet, capt set) {
	r := p.r
	for _, tl := range shape.looks {
		att := tl.kind.rays(r.sliders, sq, occ)
		if tl.to == nil {
			quiet = quiet.or(att.minus(occ))
			if tl.capture {
				capt = capt.or(att.and(enemy))
			}
			continue
		}
		quiet = quiet.or(att.minus(occ).and(tl.to[sq]))
		if tl.capture {
			capt = capt.or(att.and(enemy).and(tl.captTo[sq]))
		}
	}
	for i := range shape.dirs {
		q, c := p.ride(&shape.dirs[i], us, sq, occ, enemy)
		quiet, capt = quiet.or(q), capt.or(c)
	}
	return quiet, capt
}

// ride returns the squares a ride along td reaches from sq: the empty
// ones, and the enemy's it captures on, those its filter keeps.
func (p *Position) ride(td *typeDir, us board.Side, sq int, occ, enemy set) (quiet, capt set) {
	if td.to != nil && !td.reach.has(sq) {
		return quiet, capt // its ray passes no square it may end on
	}
	d := &p.r.dirs[us][td.dir]
	if walkRays { // wide sets: step along the ray instead
		for cur := d.next[sq]; cur >= 0; cur = d.next[cur] {
			if !occ.has(int(cur)) {
				quiet.add(int(cur))
				continue
			}
			if td.capture && enemy.has(int(cur)) {
				capt.add(int(cur))
			}
			break
		}
	} else {
		att := d.ray[sq]
		if blockers := att.and(occ); blockers.some() {
			att = att.minus(d.ray[blockers.nearest(d.up)])
		}
		quiet = att.minus(occ)
		if td.capture {
			capt = att.and(enemy)
		}
	}
	if td.to != nil {
		quiet, capt = quiet.and(td.to[sq]), capt.and(td.captTo[sq])
	}
	return quiet, capt
}

// firstBehind returns the first occupied square of occ on the reverse ray
// of d from sq — where a ride along d that reaches sq comes from — or
// false when there is none.
func (d *direction) firstBehind(sq int, occ set) (int, bool) {
	if walkRays { // wide sets: step back along the ray instead
		for cur := d.prev[sq]; cur >= 0; cur = d.prev[cur] {
			if occ.has(int(cur)) {
				return int(cur), true
			}
		}
		return 0, false
	}
	blockers := d.rev[sq].and(occ)
	if blockers.none() {
		return 0, false
	}
	return blockers.nearest(d.revUp), true
}

// sameEffect reports whether a move among moves (the same piece's) has the
// effect of script line l's move from sq.
func (p *Position) sameEffect(moves []spec.Move, l *scriptLine, us board.Side, sq int) bool {
	plain, sig := l.asPlain[us][sq], l.sig[us][sq]
	for _, m := range moves {
		if line := m.Line(); line < 0 && m == plain || line >= 0 && p.r.scripts[line].sig[us][sq] == sig ||
			m.Chain() >= 0 && p.moveSig(m, us) == sig {
			return true
		}
	}
	return false
}

// promotions appends the promoting moves of a piece: per promotion type,
// the plain ones from the tables, the promoting rides and the script
// lines with plain actions.
func (p *Position) promotions(list *spec.MoveList, t int, us board.Side, sq int) {
	occ, enemy := p.occupied(), p.side[us.Other()]
	for gi := range p.r.promos[t] {
		g := &p.r.promos[t][gi]
		quiet, capt := p.promoTargets(g, t, us, sq, occ, enemy)
		list.Moves = appendPromotions(list.Moves, sq, g.to, quiet, capt)
	}
}

// promoTargets returns the squares the piece of type t and side us on sq
// moves to promoting to g's type: quietly, and capturing.
func (p *Position) promoTargets(g *promoGroup, t int, us board.Side, sq int, occ, enemy set) (quiet, capt set) {
	r := p.r
	j := int(us)*r.n + sq
	quiet, capt = g.quiet[j].minus(occ), g.capt[j].and(enemy)
	promoDirs := r.shapes[t*2+int(us)].promoDirs
	for i := range promoDirs {
		if td := &promoDirs[i]; td.promo == g.to {
			q, c := p.ride(td, us, sq, occ, enemy)
			quiet, capt = quiet.or(q), capt.or(c)
		}
	}
	for _, id := range r.condPlain[t] {
		l := &r.scripts[id]
		if l.promo != g.to || l.at[us] == nil || l.needsGhost && p.ghosts.none() {
			continue
		}
		if sc := l.at[us][sq]; sc != nil && p.holds(sc, us) {
			if l.capture {
				capt = capt.with(int(sc.Acts[0].Sq))
			} else {
				quiet = quiet.with(int(sc.Acts[0].Sq))
			}
		}
	}
	return quiet, capt
}

// appendPromotions appends the moves from sq to quiet and capt that
// promote to type promo.
func appendPromotions(moves []spec.Move, sq, promo int, quiet, capt set) []spec.Move {
	for to := range quiet.squares {
		moves = append(moves, spec.PlainMove(sq, to, promo, false))
	}
	for to := range capt.squares {
		moves = append(moves, spec.PlainMove(sq, to, promo, true))
	}
	return moves
}

// refHolds tests a script's conditions on its square for a move of side
// us, the squares it needs empty and unmoved at once, then the others.
func (p *Position) refHolds(ref *scriptRef, us board.Side, occ set) bool {
	if ref.ghost >= 0 && !p.ghosts.has(ref.ghost) || occ.meets(ref.empty) || ref.unmoved.minus(p.unmoved).some() {
		return false
	}
	for i := range ref.rest {
		if p.test(&ref.rest[i], us) == ref.rest[i].Not {
			return false
		}
	}
	return true
}

// holds tests a script's conditions for a move of side us.
func (p *Position) holds(sc *spec.Script, us board.Side) bool { return p.condsHold(sc.Conds, us) }

// condsHold tests conditions for a move of side us.
func (p *Position) condsHold(conds []spec.Cond, us board.Side) bool {
	for i := range conds {
		if p.test(&conds[i], us) == conds[i].Not {
			return false
		}
	}
	return true
}

// test tests one condition (its not applied by the caller).
func (p *Position) test(c *spec.Cond, us board.Side) bool {
	sq := int(c.Sq)
	switch c.Kind {
	case spec.Empty:
		return !p.occupied().has(sq)
	case spec.Enemy:
		return p.side[us.Other()].has(sq)
	case spec.Ally:
		return p.side[us].has(sq)
	case spec.Piece:
		return p.occupied().has(sq)
	case spec.Unmoved:
		return p.unmoved.has(sq) && p.occupied().has(sq)
	case spec.Is:
		if pc := p.board[sq]; pc != 0 {
			t, _ := decode(pc)
			return c.Types&(1<<t) != 0
		}
		if g := p.ghost[sq]; g != 0 {
			t, _ := decode(g)
			return c.Types&(1<<t) != 0
		}
		return false
	case spec.Safe:
		// the moving piece lifted, as the interpreter's safe tests
		occ := p.occupied()
		if from := int(c.From); from >= 0 && from != sq {
			occ = occ.without(from)
		}
		return !p.attacked(sq, us.Other(), occ, p.side[us.Other()])
	case spec.Count:
		return p.types[bits.TrailingZeros64(c.Types)].and(p.side[us]).count() >= c.N
	case spec.Harmless:
		return p.harmless(bits.TrailingZeros64(c.Types), us, sq, int(c.From))
	case spec.Outflanks:
		return p.r.fill != nil && p.outflanks(sq, us)
	}
	return false
}

// harmless reports whether a piece of type t and side us standing on sq,
// in place of what stands there, the piece on from lifted, could capture
// no piece of the opponent (spec.Harmless; docs/language.md §
// Conditions): with its plain captures, promoting or not, and its rides
// (Compile makes sure it has no other captures).
func (p *Position) harmless(t int, us board.Side, sq, from int) bool {
	r := p.r
	enemy := p.side[us.Other()].without(sq)
	if r.capt[r.table(t, us, sq)].meets(enemy) {
		return false
	}
	for gi := range r.promos[t] {
		if r.promos[t][gi].capt[int(us)*r.n+sq].meets(enemy) {
			return false
		}
	}
	shape := &r.shapes[t*2+int(us)]
	if len(shape.looks) == 0 && len(shape.dirs) == 0 && len(shape.promoDirs) == 0 {
		return true
	}
	occ := p.occupied().without(from).with(sq)
	if _, capt := p.rides(shape, us, sq, occ, enemy); capt.some() {
		return false
	}
	for i := range shape.promoDirs {
		if _, capt := p.ride(&shape.promoDirs[i], us, sq, occ, enemy); capt.some() {
			return false
		}
	}
	return true
}

// attacked reports whether side by could capture on sq with the
// occupancy occ, its own pieces being those of mine (a move being judged
// may have taken some).
func (p *Position) attacked(sq int, by board.Side, occ, mine set) bool {
	r := p.r
	for _, t := range r.capTypes[by] {
		if r.revCapt[r.table(t, by, sq)].and(p.types[t]).meets(mine) {
			return true
		}
	}
	for _, cl := range r.capLooks[by] {
		if hit := cl.kind.rays(r.sliders, sq, occ).and(mine); hit.some() {
			for _, t := range cl.types {
				if hit.meets(p.types[t]) {
					return true
				}
			}
		}
	}
	for _, cd := range r.attackDirs[by] {
		b, ok := r.dirs[by][cd.dir].firstBehind(sq, occ)
		if !ok || !mine.has(b) {
			continue
		}
		t, _ := decode(p.board[b])
		if contains(cd.types, t) {
			return true
		}
	}
	for _, pd := range r.partialDirs[by] {
		b, ok := r.dirs[by][pd.dir].firstBehind(sq, occ)
		if ok && mine.has(b) && p.board[b] == code(pd.typ, by) && pd.to[b].has(sq) {
			return true
		}
	}
	if p.hopAttacks(sq, by, occ, mine) {
		return true
	}
	if r.hasOdd[by] && !(r.oddFree[by] && !p.ghosts.has(sq)) {
		for i := range r.odd[by][sq] {
			o := &r.odd[by][sq][i]
			if c := p.board[o.from]; c != code(o.typ, by) || !mine.has(int(o.from)) {
				continue
			}
			// a capture whose conditions are all of the board is judged on
			// the occupancy given; the others read the board as it is
			bo, bm := occ, mine
			if !o.boardOnly {
				bo, bm = p.occupied(), p.side[by]
			}
			if p.holdsAgainst(o.s, by, sq, bo, bm) && !p.takesOwnRoyal(o.s, by, sq, bo, bm) {
				return true
			}
		}
	}
	return false
}

// hopAttacks reports whether a hop of side by could capture on sq, as
// attacked judges it.
func (p *Position) hopAttacks(sq int, by board.Side, occ, mine set) bool {
	r := p.r
	// the capture lands on sq, which stands occupied for it even where
	// safe asks about an empty square: a hop whose then clause captures
	// the first piece in its way (New Zealand's knight, a rook's line) has
	// sq for its hurdle
	occ = occ.with(sq)
	for _, hc := range r.hopRev[by][sq] {
		if !occ.has(hc.hurdle) {
			continue
		}
		a, ok := r.dirs[by][hc.dir].firstBehind(hc.hurdle, occ)
		if !ok || !mine.has(a) || p.board[a] != code(hc.typ, by) {
			continue
		}
		if p.holdsAgainst(hc.s, by, sq, occ, mine) && !p.takesOwnRoyal(hc.s, by, sq, occ, mine) {
			return true
		}
	}
	return false
}

// holdsAgainst tests a capturing script of side by as if a piece of the
// opponent stood on target (safe asks about squares the mover is not on),
// with the occupancy occ and by's pieces mine, which may be those a move
// being judged would leave: the board conditions (empty, piece, enemy,
// ally) read them; the others read the board (Rules.hopBoard[by] says a
// side's hops have none, where the judge asks about such a move).
func (p *Position) holdsAgainst(sc *spec.Script, by board.Side, target int, occ, mine set) bool {
	return p.condsAgainst(sc.Conds, by, target, occ, mine)
}

// condsAgainst tests conditions as holdsAgainst does.
func (p *Position) condsAgainst(conds []spec.Cond, by board.Side, target int, occ, mine set) bool {
	for i := range conds {
		c := &conds[i]
		sq := int(c.Sq)
		var ok bool
		switch {
		case sq == target && (c.Kind == spec.Enemy || c.Kind == spec.Piece || c.Kind == spec.Empty || c.Kind == spec.Ally):
			ok = c.Kind == spec.Enemy || c.Kind == spec.Piece
		case c.Kind == spec.Empty:
			ok = !occ.has(sq)
		case c.Kind == spec.Piece:
			ok = occ.has(sq)
		case c.Kind == spec.Enemy:
			ok = occ.has(sq) && !mine.has(sq)
		case c.Kind == spec.Ally:
			ok = mine.has(sq)
		case sq == target && c.Kind == spec.Is && c.Types&^p.r.ghostTypes == 0:
			ok = false
		case c.Kind == spec.Harmless:
			ok = true // as safe, it holds where a line is asked whether it captures
		default:
			ok = p.test(c, by)
		}
		if ok == c.Not {
			return false
		}
	}
	return true
}

// takesOwnRoyal reports whether a capturing script of side by, judged as
// holdsAgainst judges it, would capture a royal piece of by's own: such a
// move threatens nothing (atomic chess: a capture next to the capturer's
// own king), as the interpreter's attack test rules. A marked capture
// counts where its filters hold on the board as it is.
func (p *Position) takesOwnRoyal(sc *spec.Script, by board.Side, target int, occ, mine set) bool {
	if !p.r.scriptRoyal {
		return false
	}
	ran := true
	for i := range sc.Acts {
		a := &sc.Acts[i]
		if a.Marked && !a.WithPrev {
			ran = p.condsAgainst(a.If, by, target, occ, mine)
		}
		if sq := int(a.Sq); a.Kind == spec.Capt && (!a.Marked || ran) && sq != target && mine.has(sq) && p.royal.has(sq) {
			return true
		}
	}
	return false
}
