package engine

import (
	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
	"slices"
)

// Stage: legality and perft. A move is legal when it leaves none of the
// mover's royal pieces capturable, does not remove one, or takes the
// opponent's last (docs/language.md § Royal pieces and legality). The
// usual case is decided without playing the move: when the side to move
// has one royal piece, is not in check, and the opponent captures only
// with plain captures and rays, a move of another piece is legal unless
// that piece is pinned and leaves its pin line, and a plain move of the
// royal piece is legal when its target is not attacked with the royal
// piece gone from its square. A drop, a piece appearing on an empty
// square, can only block: it is legal where a move of another piece to
// its square would be, unless hops or odd captures read the square. A
// side with no royal piece to guard — none on the board (placement before
// its king is dropped), or two lastroyal pieces or more — may play any
// move that makes no royal piece and takes none of its own. Everything
// else is played and tested.

// Legal fills list with the legal moves of the side to move. With drops
// forced (spec.Variant.MustDrop) and a piece in hand, the legal drops are
// sought first: when there are any, they are the moves.
func (p *Position) Legal(list *spec.MoveList) {
	r := p.r
	if r.spec.Pass != nil && !p.passOff {
		// after every other move, whichever way the list is built, as
		// the interpreter adds it; judged (pass.go)
		defer p.addPass(list, true)
	}
	gating := len(r.gateTypes) > 0
	if forced, only := p.mustDrop(p.toMove); forced {
		list.Moves = list.Moves[:0]
		if !r.spec.Forced {
			p.dropMoves(list)
			if only >= 0 {
				list.Moves = slices.DeleteFunc(list.Moves, func(m spec.Move) bool { return m.Drop() != only })
			}
			p.keepLegal(list)
			if len(list.Moves) > 0 {
				return // (a drop gates nothing)
			}
			p.pieceMovesAll(list) // no drop is legal
			p.keepLegal(list)
			if gating {
				p.addGates(list, 0)
			}
			return
		}
	}
	p.pseudo(list)
	p.keepLegal(list)
	if gating {
		p.addGates(list, 0) // a gated move is legal when the move is
	}
	if r.spec.Forced {
		p.keepCaptures(list)
	}
	if r.spec.MustDrop && !r.spec.MustDropOnly {
		p.keepDrops(list)
	}
	p.addWallTurns(list)
}

// keepDrops keeps only the drops when there are some (drops forced).
func (p *Position) keepDrops(list *spec.MoveList) {
	first := slices.IndexFunc(list.Moves, func(m spec.Move) bool { return m.Drop() >= 0 })
	if first < 0 {
		return
	}
	list.Moves = slices.DeleteFunc(list.Moves, func(m spec.Move) bool { return m.Drop() < 0 })
}

// keepLegal keeps the legal moves of list, pseudo-legal moves of the side
// to move.
func (p *Position) keepLegal(list *spec.MoveList) {
	if p.r.anyRoyal && len(list.Moves) > 0 {
		j := p.judge()
		keep := list.Moves[:0]
		// the usual move — plain, no promotion, not the king's, taking no
		// royal piece nor a ghost — judged here, the rest by legal
		// a move touching the hop zone or a watched odd capture's squares
		// is judged by legal too
		fast := j.quick && !p.r.spec.NoChecks // (checks forbidden: legal asks)
		stop := j.stops(p)
		for _, m := range list.Moves {
			if fast && m.Simple() {
				from, to := int(m.From()), int(m.To())
				if !stop.has(from) && !stop.has(to) {
					if j.evade.has(to) && (!j.pinned.has(from) || j.stays(from, to)) {
						keep = append(keep, m)
					}
					continue
				}
			}
			if j.legal(p, m) {
				keep = append(keep, m)
			}
		}
		list.Moves = keep
	}
}

// countLegal counts the side to move's legal moves (Legal's), list being
// scratch space. Where Legal would judge a piece's plain moves by the
// quick rules alone — the piece is not the king and has no special
// script there, nor a promotion but of a plain move's kind (promoOnly) —
// it counts them, and such promotions, by population instead of listing
// them: the targets where the king is out of check, on its pin line if
// it is pinned, but for royal and ghost squares, which are listed and
// judged one by one with everything else. With drops forced and a piece
// in hand, the legal drops are counted first, and are the count when
// there are any. Each legal move also counts its gated forms (gate.go):
// one per type in hand whose gate holds on a square it leaves.
func (p *Position) countLegal(list *spec.MoveList) uint64 {
	r := p.r
	if r.wallType >= 0 {
		return p.countWallTurns(list)
	}
	gating := len(r.gateTypes) > 0
	if !r.anyRoyal && p.result == board.Ongoing && (!gating || p.openGates(p.toMove).none()) {
		return p.countPseudo(list)
	}
	if r.spec.Forced || p.result != board.Ongoing {
		p.Legal(list)
		return uint64(len(list.Moves))
	}
	if !r.anyRoyal {
		p.Legal(list) // (gates open in a variant without royal pieces)
		return uint64(len(list.Moves))
	}
	j := p.judge()
	nc := j.nc
	noChecks := r.spec.NoChecks
	if !j.quick || noChecks && !nc.quick {
		p.Legal(list)
		return uint64(len(list.Moves))
	}
	us := p.toMove
	occ := p.occupied()
	// the gates open now: a move counted by population from a square of
	// open counts once more per type gated there; one listed, per type
	// gated on each square it leaves (gatedForms)
	var open set
	if gating {
		open = p.openGates(us)
	}
	list.Moves = list.Moves[:0]
	n := 0
	if forced, only := p.mustDrop(us); forced {
		// drops forced: the legal drops, when there are any, are the
		// moves; with one type forced, no other type drops
		if n := p.countLegalDrops(j, list, us, occ, only); n > 0 {
			return n
		}
	} else {
		n += int(p.countLegalDrops(j, list, us, occ, -1))
	}
	stop := j.stops(p)
	free := j.evade.minus(stop)
	for t := range r.ntypes {
		for sq := range p.types[t].and(p.side[us]).squares {
			quiet, capt, scripts := p.targets(t, us, sq, occ)
			// promotions judged as plain moves are counted as they are
			promoOnly := scripts && r.cells[r.table(t, us, sq)].promoOnly
			if scripts && !promoOnly || stop.has(sq) || noChecks && nc.shields.has(sq) {
				start := len(list.Moves)
				list.Moves = appendPlain(list.Moves, sq, quiet, capt)
				if scripts {
					p.scriptMoves(list, t, us, sq, occ, start)
				}
				continue
			}
			base := free
			if j.pinned.has(sq) {
				for i := range j.pins {
					if int(j.pinSq[i]) == sq {
						base = base.and(j.pinLine[i])
					}
				}
			}
			to := base
			if noChecks {
				to = to.minus(nc.checkFrom[t]) // (checks forbidden)
			}
			// (a capture line without a condition may capture on an
			// empty square: the two sets may share squares, each a move;
			// they seldom do, and one count of a wide set costs a word's)
			all := quiet.or(capt)
			moves := all.and(to).count()
			if both := quiet.and(capt); both.some() {
				moves += both.and(to).count()
			}
			if open.has(sq) {
				moves *= 1 + p.gatesAt(sq) // (no promotion leaves a gate square)
			}
			n += moves
			if all.meets(stop) {
				list.Moves = appendPlain(list.Moves, sq, quiet.and(stop), capt.and(stop))
			}
			if !promoOnly {
				continue
			}
			enemy := p.side[us.Other()]
			for gi := range r.promos[t] {
				g := &r.promos[t][gi]
				quiet, capt := p.promoTargets(g, t, us, sq, occ, enemy)
				all := quiet.or(capt)
				to := base
				if noChecks {
					to = to.minus(nc.checkFrom[g.to])
				}
				n += all.and(to).count()
				if both := quiet.and(capt); both.some() {
					n += both.and(to).count()
				}
				if all.meets(stop) {
					list.Moves = appendPromotions(list.Moves, sq, g.to, quiet.and(stop), capt.and(stop))
				}
			}
		}
	}
	for _, m := range list.Moves {
		if j.legal(p, m) {
			n++
			if open.some() {
				n += p.gatedForms(m, us, open)
			}
		}
	}
	return uint64(n)
}

// countLegalDrops counts the side to move's legal drops for countLegal,
// j judging them quickly: a drop only blocks, and is legal where it
// evades — a royal piece where it stands unattacked too (royalDropSafe)
// — but where it may change a hop's or an odd capture's reach, or drops
// a royal piece on a ghost (it is judged one by one, in list's free
// space).
func (p *Position) countLegalDrops(j *judge, list *spec.MoveList, us board.Side, occ set, only int) uint64 {
	r := p.r
	if len(r.dropTypes) == 0 {
		return 0
	}
	start := len(list.Moves)
	room := p.dropRoom(us, occ)
	n := 0
	for _, t := range r.dropTypes {
		if p.hand[us][t] == 0 || only >= 0 && t != only {
			continue
		}
		for _, promoted := range [...]bool{false, true} {
			if promoted && r.dropFace[t] < 0 {
				break
			}
			to := p.dropTargets(t, promoted, us, occ, room)
			if r.spec.NoChecks {
				// checks forbidden: a drop checks from where its type
				// captures; a face-up one is judged by legal
				if promoted {
					list.Moves = appendDrops(list.Moves, t, promoted, to)
					continue
				}
				to = to.minus(j.nc.checkFrom[t])
			}
			if j.hopZone.some() {
				list.Moves = appendDrops(list.Moves, t, promoted, to)
				continue
			}
			judged := to.and(j.oddReads)
			if r.royal[t] {
				judged = judged.or(to.and(p.ghosts))
				for sq := range to.and(j.evade).minus(judged).squares {
					if p.royalDropSafe(sq) {
						n++
					}
				}
			} else {
				n += to.and(j.evade).minus(judged).count()
			}
			list.Moves = appendDrops(list.Moves, t, promoted, judged)
		}
	}
	for _, m := range list.Moves[start:] {
		if j.legal(p, m) {
			n++ // (a drop gates nothing)
		}
	}
	list.Moves = list.Moves[:start]
	return uint64(n)
}

// maxPins bounds the pins recorded: each needs its own line from the
// king, and a board has at most that many directions a piece is pinned
// along in practice; past it the judge plays the moves instead.
const maxPins = 16

// judge holds what deciding legality without playing needs.
type judge struct {
	quick bool // the fast rules apply
	// king: the royal piece to guard, -1 for none (every square evades);
	// several: the side guards two royal pieces or more (coregal's
	// queens), king the lowest — evade and the pins are all of theirs,
	// and a move of one of them is played
	king    int
	several bool
	pinned  set
	// the pinned pieces' squares and where each may go (a piece is
	// pinned along at most one line per direction the opponent captures
	// along; more than maxPins is not possible with one king)
	pins    int
	pinSq   [maxPins]int16 // (int16: the board keeps small, mem_test)
	pinLine [maxPins]set
	// evade: where a move of another piece must go — everywhere out of
	// check, the checker's square and the squares between in single
	// check, nowhere in double check
	evade set
	// hopZone: the squares where a move may change a hop's attack on the
	// king (the opponent hops): such moves are played to be judged
	hopZone set
	// oddWatch: the opponent's odd captures on the king whose piece is
	// there but that do not hold now (boardOnly: oddQuick); oddReads: the
	// squares they read, where a move may make one hold
	oddWatch []*oddCapture
	oddReads set
	// oddPlay: the squares the watched squareOnly captures read, where a
	// move is played to be judged (odd_square.go)
	oddPlay set
	// nc: the checks the side may not give (checks forbidden, goal.go)
	nc *noCheckJudge
	// stuck: the side's steadfast pieces while it is in check; sole: the
	// one piece giving check, -1 for several (steadfast.go)
	stuck set
	sole  int
	// playsOdd: the quick rules apply and the opponent has captures
	// that read squares, whose moves playsForSquares may send to be
	// played (odd_square.go) — asked once per judge, not per move
	playsOdd bool
}

// judge prepares the judging of the side to move's moves: the checks it
// must not leave and, with checks forbidden, those it may not give.
func (p *Position) judge() *judge {
	j := p.judgeOwn()
	if p.r.spec.NoChecks {
		p.prepareNoChecks(j)
	}
	p.judgeSteadfast(j)
	j.playsOdd = j.quick && p.r.oddSquare[p.toMove.Other()]
	return j
}

// judgeOwn prepares the judging of the checks the side to move must not
// leave on its own royal pieces.
func (p *Position) judgeOwn() *judge {
	j := &p.jd
	j.quick, j.pinned, j.pins, j.several = false, noSquares, 0, false
	us := p.toMove
	them := us.Other()
	kings := p.guarded(us)
	r := p.r
	if p.dupleJudged(us) {
		return j // several kings, not all to be left capturable: played
	}
	if kings.none() {
		// nothing to guard: a move is legal unless it makes or takes a
		// royal piece (those are played)
		j.quick, j.king, j.evade, j.hopZone = true, -1, r.full, noSquares
		j.oddWatch, j.oddReads = j.oddWatch[:0], noSquares
		return j
	}
	several := kings.count() > 1
	if several && (r.hasOdd[them] || r.hasHop[them] || r.lastRoyal) || r.hasOdd[them] && !r.oddQuick[them] || len(r.partialDirs[them]) > 0 {
		return j // (checkers and pins are counted along capDirs only)
	}
	j.king, j.several = kings.lowest(), several
	occ := p.occupied()
	if !p.watchOdd(j, them, occ) {
		return j // an odd capture checks: every move is played
	}
	j.evade = r.full
	for b := kings; b.some(); b = b.dropLowest() {
		j.evade = j.evade.and(p.evasions(b.lowest(), them, occ))
	}
	j.hopZone = noSquares
	if r.hasHop[them] {
		// a hop's attack on the king changes only when a move touches a
		// hurdle square of it or the ray behind one; a hop that checks now
		// is not among the checkers evasions counts, alone or beside
		// another checker: every move is played
		if p.hopAttacks(j.king, them, occ, p.side[them]) {
			return j
		}
		for _, hc := range r.hopRev[them][j.king] {
			j.hopZone = j.hopZone.with(hc.hurdle).or(r.dirs[them][hc.dir].rev[hc.hurdle])
		}
	}
	j.quick = true
	for b := kings; b.some(); b = b.dropLowest() {
		king := b.lowest()
		for _, cd := range r.capDirs[them] {
			d := &r.dirs[them][cd.dir]
			b1, ok := d.firstBehind(king, occ)
			if !ok || !p.side[us].has(b1) {
				continue
			}
			b2, ok := d.firstBehind(b1, occ)
			if !ok || !p.side[them].has(b2) {
				continue
			}
			t, _ := decode(p.board[b2])
			if !contains(cd.types, t) {
				continue
			}
			if j.pins == maxPins {
				j.quick = false
				return j
			}
			j.pinSq[j.pins], j.pinLine[j.pins] = int16(b1), d.rev[king].minus(d.rev[b2])
			j.pins++
			j.pinned = j.pinned.with(b1)
		}
	}
	if r.facing != nil && !p.judgeFacing(j, us, occ) {
		j.quick = false // (facing.go)
	}
	return j
}

// royalDropSafe reports whether a royal piece the side to move drops on
// the empty square sq would stand unattacked there: a drop only fills a
// square, so that the side's other royal pieces keep what the judge's
// evasions say, and the opponent's pieces stay. (The caller leaves the
// squares of hops and odd captures, and ghosts', to be played.)
func (p *Position) royalDropSafe(sq int) bool {
	them := p.toMove.Other()
	return !p.attacked(sq, them, p.occupied().with(sq), p.side[them])
}

// stops returns the squares a move from or to which the quick rules do
// not judge: royal pieces' (taking the last wins, whatever it leaves),
// ghosts' (en passant takes a second piece), and those of j.oddReads and
// j.hopZone; where the side has no royal piece to guard, only its own
// royal pieces' and ghosts'.
func (j *judge) stops(p *Position) set {
	if j.king < 0 {
		// nothing to guard: a plain move is legal but where it may take
		// a royal piece of the side's own
		return p.royal.and(p.side[p.toMove]).or(p.ghosts).or(j.stuck)
	}
	return p.royal.or(p.ghosts).or(j.oddReads).or(j.hopZone).or(j.stuck)
}

// guarded returns the squares of side s's royal pieces that a move may
// not leave capturable: all of them, but none while s has two lastroyal
// pieces or more (spec.Type.LastRoyal).
func (p *Position) guarded(s board.Side) set {
	kings := p.royal.and(p.side[s])
	if p.r.lastRoyal && kings.count() > 1 {
		return noSquares
	}
	return kings
}

// watchOdd lists in j the odd captures of them on the king (oddWatch,
// oddReads), and reports false when one of them holds: a check the
// evasions do not count. A ghostOnly capture cannot fall on a king.
func (p *Position) watchOdd(j *judge, them board.Side, occ set) bool {
	j.oddWatch, j.oddReads, j.oddPlay = j.oddWatch[:0], noSquares, noSquares
	r := p.r
	if !r.hasOdd[them] {
		return true
	}
	mine := p.side[them]
	for i := range r.odd[them][j.king] {
		o := &r.odd[them][j.king][i]
		if !o.boardOnly && !o.squareOnly || p.board[o.from] != code(o.typ, them) {
			continue
		}
		if p.holdsAgainst(o.s, them, j.king, occ, mine) && !p.takesOwnRoyal(o.s, them, j.king, occ, mine) {
			return false
		}
		j.oddWatch = append(j.oddWatch, o)
		j.oddReads = j.oddReads.or(o.reads)
		if !o.boardOnly {
			j.oddPlay = j.oddPlay.or(o.reads) // (odd_square.go)
		}
	}
	return true
}

// oddCheck reports whether a plain move of a piece other than the king
// from from to to would let a watched odd capture take the king.
func (j *judge) oddCheck(p *Position, from, to int) bool {
	if !j.oddReads.has(from) && !j.oddReads.has(to) {
		return false
	}
	them := p.toMove.Other()
	occ, mine := p.occupied().without(from).with(to), p.side[them].without(to)
	for _, o := range j.oddWatch {
		if (o.reads.has(from) || o.reads.has(to)) && mine.has(int(o.from)) &&
			p.holdsAgainst(o.s, them, j.king, occ, mine) && !p.takesOwnRoyal(o.s, them, j.king, occ, mine) {
			return true
		}
	}
	return false
}

// legal judges m, a pseudo-legal move of the side to move.
func (j *judge) legal(p *Position, m spec.Move) bool {
	return (j.stuck.none() || j.steadfastLegal(p, m)) && j.legalOwn(p, m) && !(p.r.spec.NoChecks && j.givesCheck(p, m))
}

// legalOwn judges m, a pseudo-legal move of the side to move, for its
// own royal pieces.
func (j *judge) legalOwn(p *Position, m spec.Move) bool {
	if m.Chain() >= 0 {
		return p.legalByPlaying(m) // (no variant with royal pieces has multis)
	}
	if j.several && m.Drop() < 0 && p.royal.has(int(m.From())) {
		return p.legalByPlaying(m) // one of several royal pieces moves
	}
	if j.playsOdd && j.playsForSquares(p, m) {
		return p.legalByPlaying(m) // (odd_square.go)
	}
	if line := m.Line(); line >= 0 && p.r.scripts[line].noCheck && p.forbidsCheck(m) {
		return p.legalNoCheck(m)
	}
	if t := m.Drop(); t >= 0 {
		if to := int(m.To()); j.quick && j.hopZone.none() && !j.oddReads.has(to) {
			if p.r.royal[t] {
				if p.ghost[to] == 0 {
					return j.evade.has(to) && p.royalDropSafe(to)
				}
			} else {
				return j.evade.has(to)
			}
		}
		return p.legalByPlaying(m)
	}
	if j.quick && j.king < 0 {
		// nothing to guard: a move that makes and removes no royal piece
		// of the side is legal, whatever it takes — but a capture of a
		// royal piece of its own (a plain move may take an ally) or on a
		// ghost (whose death may take more) is played
		to := int(m.To())
		if p.keepsRoyals(m) && !(m.Captures() && (p.royal.and(p.side[p.toMove]).has(to) || p.ghost[to] != 0)) {
			return true
		}
		return p.legalByPlaying(m)
	}
	if j.quick && m.Line() < 0 && m.Promotion() < 0 && j.hopZone.none() {
		// the usual move, inlined: a plain move without promotion
		from, to := int(m.From()), int(m.To())
		if from != j.king && !p.royal.has(to) && !(m.Captures() && p.ghost[to] != 0) {
			return j.evade.has(to) && (!j.pinned.has(from) || j.stays(from, to)) && !j.oddCheck(p, from, to)
		}
	}
	if line := m.Line(); j.quick && line >= 0 && p.r.scripts[line].relocates && int(m.From()) == j.king && !p.r.hasHop[p.toMove.Other()] {
		if legal, known := p.relocationLegal(m, line); known {
			return legal
		}
	}
	if j.quick && p.plainForLegality(m) {
		from := int(m.From())
		to := int(m.To())
		if j.hopZone.some() && (from == j.king || j.hopZone.has(from) || j.hopZone.has(to)) {
			if them := p.toMove.Other(); from != j.king && (p.r.hopBoard[them] || p.r.hopSquare[them] && keepsType(p, m)) {
				// the plain checks and pins as everywhere; the hops, which
				// the move may open or close, from the occupancy it leaves
				// (and the types it leaves, odd_square.go)
				return j.evade.has(to) && (!j.pinned.has(from) || j.stays(from, to)) && !j.oddCheck(p, from, to) &&
					!p.hopAttacksAfter(from, to, j.king, them)
			}
			return p.legalAfterPlain(m, j.king)
		}
		if from == j.king {
			them := p.toMove.Other()
			occ := p.occupied().without(from).with(to)
			return !p.exposed(to, them, occ, p.side[them].without(to))
		}
		return j.evade.has(to) && (!j.pinned.has(from) || j.stays(from, to)) && !j.oddCheck(p, from, to)
	}
	return p.legalByPlaying(m)
}

// evasions returns where a move of a piece other than the king on king
// must go when side them checks it: every square when it does not, the
// checker's square and those between them when one piece checks, none
// when two do. Only plain captures and rays are counted: the caller
// makes sure them has no other way to capture.
func (p *Position) evasions(king int, them board.Side, occ set) set {
	r := p.r
	// the checkers' squares: a piece that checks both from its table and
	// along a ray (torishogi's eagle, a step and a slide) is one checker,
	// whose table's capture no piece between blocks
	var tabled, checkers, between set
	for _, t := range r.capTypes[them] {
		if c := r.revCapt[r.table(t, them, king)].and(p.types[t]).and(p.side[them]); c.some() {
			tabled = tabled.or(c)
		}
	}
	checkers = tabled
	for _, cd := range r.capDirs[them] {
		d := &r.dirs[them][cd.dir]
		b, ok := d.firstBehind(king, occ)
		if !ok || !p.side[them].has(b) {
			continue
		}
		if t, _ := decode(p.board[b]); contains(cd.types, t) {
			checkers = checkers.with(b)
			between = between.or(d.rev[king].minus(d.rev[b]))
		}
	}
	switch checkers.count() {
	case 0:
		return r.full
	case 1:
		if tabled.some() {
			return checkers
		}
		return between
	}
	return noSquares
}

// relocationLegal judges a move of the one royal piece whose actions only
// move, lift and set down pieces of its side (a castling): the opponent's
// pieces stay, so the move is legal when the square the royal piece ends
// on is not attacked with the occupancy the move leaves — computed from
// the actions, without playing them. known is false where that answer is
// not sure: a ghost on that square, an opponent's piece where a piece is
// set down, an opponent's piece lifted, the royal piece lost track of.
func (p *Position) relocationLegal(m spec.Move, line int) (legal, known bool) {
	sc := p.r.scripts[line].at[p.toMove][m.From()]
	them := p.toMove.Other()
	occ := p.occupied()
	king := int(m.From())
	var lifted [4]int
	picked, put := 0, 0
	for _, a := range sc.Acts {
		sq := int(a.Sq)
		if a.Kind != spec.Pick && p.side[them].has(sq) {
			return false, false // an opponent's piece removed in passing
		}
		switch a.Kind {
		case spec.Mov:
			if king >= 0 && sq != king {
				occ = occ.without(king).with(sq)
				king = sq
			}
		case spec.Pick:
			if !occ.has(sq) || p.side[them].has(sq) || picked == len(lifted) {
				return false, false
			}
			lifted[picked] = sq
			picked++
			occ = occ.without(sq)
			if sq == king {
				king = -1
			}
		case spec.Put:
			if put < picked {
				occ = occ.with(sq)
				if lifted[put] == int(m.From()) && king < 0 {
					king = sq
				}
				put++
			}
		}
	}
	if king < 0 || put < picked || p.ghosts.has(king) {
		return false, false
	}
	return !p.exposed(king, them, occ, p.side[them]), true
}

// stays reports whether a pinned piece moving from from to to stays on
// every line it is pinned along.
func (j *judge) stays(from, to int) bool {
	for i := range j.pins {
		if int(j.pinSq[i]) == from && !j.pinLine[i].has(to) {
			return false
		}
	}
	return true
}

// plainForLegality reports whether m changes the board, for legality, as
// a plain move of one piece from its square to its target does: no
// en-passant capture (which takes a second piece), no royal piece taken
// (taking the last one is legal whatever it leaves), no promotion to or
// of a royal piece.
func (p *Position) plainForLegality(m spec.Move) bool {
	if to := int(m.To()); p.royal.has(to) || m.Captures() && p.ghost[to] != 0 {
		return false
	}
	return p.keepsRoyals(m)
}

// keepsRoyals reports whether m, a move of a piece on the board that is
// no multi path, moves one piece as a plain move does — a plain move, or
// a script that is like one — and so makes no royal piece and removes
// none of the mover's side: no promotion to or of a royal piece.
func (p *Position) keepsRoyals(m spec.Move) bool {
	if line := m.Line(); line >= 0 {
		l := &p.r.scripts[line]
		if !l.moveLike || l.promotes && p.royal.has(int(m.From())) {
			return false
		}
	}
	if promo := m.Promotion(); promo >= 0 && (p.r.royal[promo] || p.royal.has(int(m.From()))) {
		return false
	}
	return true
}

// legalAfterPlain judges a plain move of one piece against an opponent
// that hops, from the occupancy the move leaves: the king — on its square,
// or where it goes — must not be attacked then. Where a hop's conditions
// are not all board conditions, or a ghost stands where the king would
// be, the move is played instead.
func (p *Position) legalAfterPlain(m spec.Move, king int) bool {
	them := p.toMove.Other()
	from, to := int(m.From()), int(m.To())
	if from == king {
		king = to
	}
	if !p.r.hopBoard[them] && !(p.r.hopSquare[them] && keepsType(p, m)) || p.ghosts.has(king) {
		return p.legalByPlaying(m)
	}
	return !p.exposedAfter(from, to, king, them) // (odd_square.go)
}

// legalByPlaying plays m and tests what it left. Where the royal types
// are lastroyal, the piece to guard is the one the side had before the
// move, if it had one only, followed to where the move takes it (a
// lastroyal piece the move makes is not guarded).
func (p *Position) legalByPlaying(m spec.Move) bool { return p.judgeByPlaying(m, false) }

// legalNoCheck judges a move that holds a NoCheck by playing it: it is
// legal when it is legal as any move is and leaves no royal piece of the
// opponent capturable (one the opponent must guard: guarded), a
// discovered check included.
func (p *Position) legalNoCheck(m spec.Move) bool { return p.judgeByPlaying(m, true) }

// forbidsCheck reports whether m's script holds a NoCheck.
func (p *Position) forbidsCheck(m spec.Move) bool {
	acts, _ := p.scriptActs(m)
	for i := range acts {
		if acts[i].Kind == spec.NoCheck {
			return true
		}
	}
	return false
}

// judgeByPlaying plays m and tests what it left (legalByPlaying), and,
// with noCheck, that the opponent's royal pieces are safe.
func (p *Position) judgeByPlaying(m spec.Move, noCheck bool) bool {
	us, them := p.toMove, p.toMove.Other()
	before := [2]int{p.royal.and(p.side[0]).count(), p.royal.and(p.side[1]).count()}
	if p.r.lastRoyal && before[us] == 1 {
		p.follow = p.royal.and(p.side[us]).lowest()
	}
	facing := p.facingApplies()
	p.play(m)
	guard := p.follow
	p.follow = -1
	defer p.takeBack()
	if p.royal.and(p.side[us]).count() < before[us] {
		return false
	}
	if before[them] > 0 && !p.royal.meets(p.side[them]) {
		return true
	}
	if facing && p.facingNow(p.occupied()) {
		return false // (facing.go)
	}
	if noCheck && p.royalAttacked(them) {
		return false
	}
	if p.r.spec.DupleCheck {
		return !p.dupleChecked(us)
	}
	if p.r.lastRoyal {
		return guard < 0 || !p.attacked(guard, them, p.occupied(), p.side[them])
	}
	return !p.royalAttacked(us)
}

// keepCaptures keeps only the capturing moves when there are some
// (captures forced).
func (p *Position) keepCaptures(list *spec.MoveList) {
	first := slices.IndexFunc(list.Moves, p.Captures)
	if first < 0 {
		return
	}
	// each move asked once: those before the first capture capture nothing
	keep := append(list.Moves[:0], list.Moves[first])
	for _, m := range list.Moves[first+1:] {
		if p.Captures(m) {
			keep = append(keep, m)
		}
	}
	list.Moves = keep
}

// countPseudo counts Legal's moves in a variant without royal pieces,
// where they are the pseudo-legal ones (only those that capture, when
// captures are forced and some do; else only the drops, when drops are
// forced and there are some), list being scratch space: a piece
// without promotion or script counts its plain moves by population, the
// others are listed.
func (p *Position) countPseudo(list *spec.MoveList) uint64 {
	r := p.r
	us := p.toMove
	occ := p.occupied()
	list.Moves = list.Moves[:0]
	quiet, capts := 0, 0
	enemy := p.side[us.Other()]
	for t := range r.ntypes {
		pieces := p.types[t].and(p.side[us])
		if b := &r.bulks[t*2+int(us)]; b.ok && pieces.some() {
			// the pieces off scriptSq: each step's moves at once, then
			// their multis, one piece at a time where an enemy stands to
			// be taken (apart: no comparing with the steps)
			plain := pieces.minus(b.scriptSq)
			for _, l := range b.leaps {
				if got := plain.and(l.from).shift(l.delta); l.capture {
					capts += got.and(enemy).count()
				} else {
					quiet += got.minus(occ).count()
				}
			}
			if shape := &r.shapes[t*2+int(us)]; len(shape.multis) > 0 {
				for sq := range plain.squares {
					if need := r.cells[r.table(t, us, sq)].chainNeed; need.none() || need.meets(enemy) {
						for _, mi := range shape.multis {
							p.chainMoves(list, mi, us, sq, occ, len(list.Moves))
						}
					}
				}
			}
			pieces = pieces.and(b.scriptSq)
		}
		for sq := range pieces.squares {
			q, c, scripts := p.targets(t, us, sq, occ)
			if !scripts {
				quiet, capts = quiet+q.count(), capts+c.count()
				continue
			}
			start := len(list.Moves)
			list.Moves = appendPlain(list.Moves, sq, q, c)
			p.scriptMoves(list, t, us, sq, occ, start)
		}
	}
	drops := 0
	forced, only := p.mustDrop(us)
	if len(r.dropTypes) > 0 {
		room := p.dropRoom(us, occ)
		for _, t := range r.dropTypes {
			// with one type forced while the side holds it, no other drops
			if p.hand[us][t] > 0 && (!forced || only < 0 || t == only) {
				drops += p.dropTargets(t, false, us, occ, room).count()
				if r.dropFace[t] >= 0 {
					drops += p.dropTargets(t, true, us, occ, room).count()
				}
			}
		}
	}
	all := quiet + capts + drops + len(list.Moves)
	if r.spec.Forced {
		for _, m := range list.Moves {
			if p.Captures(m) {
				capts++
			}
		}
		if capts > 0 {
			return uint64(capts)
		}
	}
	if forced && drops > 0 {
		return uint64(drops) // drops forced
	}
	return uint64(all)
}

// Captures reports whether m, a move of the side to move, captures: one of
// its capt actions falls on a square where an opponent piece or ghost
// stands now.
func (p *Position) Captures(m spec.Move) bool {
	m, _ = p.splitWall(m) // (a wall is put down on an empty square)
	if id := m.Chain(); id >= 0 && p.r.multis[p.r.chains.node(int32(id)).multi].takesEnemy {
		return true // its first sub-move took an enemy
	}
	them := p.toMove.Other()
	has := func(sq board.Square) bool {
		if c := p.board[sq]; c != 0 {
			_, s := decode(c)
			return s == them
		}
		if g := p.ghost[sq]; g != 0 {
			_, s := decode(g)
			return s == them
		}
		return false
	}
	if acts, ok := p.scriptActs(m); ok {
		for _, a := range acts {
			if a.Kind == spec.Capt && has(a.Sq) {
				return true
			}
		}
		return false
	}
	return m.Captures() && has(m.To())
}

// InCheck reports whether a royal piece of the side to move is capturable.
func (p *Position) InCheck() bool { return p.royalAttacked(p.toMove) }

// Perft counts the leaves of the legal move tree to depth, counting the
// last ply's moves without playing them.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	for len(p.lists) < depth {
		p.lists = append(p.lists, spec.MoveList{Moves: make([]spec.Move, 0, 64)})
	}
	list := &p.lists[depth-1]
	if depth == 1 {
		return p.countWithPass(list) // (pass.go)
	}
	p.Legal(list)
	var n uint64
	for _, m := range list.Moves {
		p.play(m)
		p.decideGoals()
		n += p.Perft(depth - 1)
		p.takeBack()
	}
	return n
}
