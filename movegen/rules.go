package movegen

import (
	"slices"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: legality and game end (docs/language.md § Royal pieces and
// legality): which pseudo-legal moves are legal, whether a square can be
// captured on, and whether the game is over.

// Legal fills list with the legal moves of the side to move. When a budget
// runs out (see Budgets) the list is left empty and Err says why.
func (b *Board) Legal(list *MoveList) {
	if b.fast != nil && b.tierList(list, (*tier.Position).Legal) {
		return
	}
	b.begin()
	b.pseudo(list)
	if b.prog.royal && b.prog.place == nil {
		// with the wall rule the two-part moves are judged (addWalls)
		j := b.judge()
		keep := list.Moves[:0]
		for _, m := range list.Moves {
			if j.legal(m) {
				keep = append(keep, m)
			}
		}
		list.Moves = keep
	}
	// a gated move is legal when the move is (gate.go)
	b.addGates(list, 0)
	if b.prog.checkable {
		// the check rule judges whole turns, walls included, before the
		// rules that choose among legal moves (checkable.go)
		b.addWalls(list, true)
		b.keepCheckable(list)
	}
	if b.prog.forced {
		b.keepCaptures(list)
	}
	if b.prog.mustDrop {
		b.keepDrops(list)
	}
	if f := b.prog.facing; f != nil && (f.illegal || b.Facing()) {
		b.keepUnfacing(list)
	}
	if !b.prog.checkable {
		b.addWalls(list, true)
	}
	b.addPass(list, true)
	if b.err != nil {
		list.Reset()
	}
}

// keepDrops drops the moves that are no drops when some move is a drop
// (drops forced): Fairy-Stockfish's mustDrop — while a side has a piece
// in hand and a legal drop, it must drop; with no legal drop (in check,
// no drop blocking it) it moves.
//
// With drops forced NAME (Fairy-Stockfish's mustDropType) the rule holds
// only while the side has a NAME in hand, and then only NAME drops are
// legal — none at all when no NAME drop is, and its pieces move.
func (b *Board) keepDrops(list *MoveList) {
	forced := b.IsDrop
	if t := b.prog.mustDropType; t >= 0 {
		if b.pos.InHand(b.pos.ToMove, t) == 0 {
			return
		}
		forced = func(m Move) bool { return b.IsDrop(m) && int(b.pos.Pieces[m.Piece].Type) == t }
		if !slices.ContainsFunc(list.Moves, forced) {
			list.Moves = slices.DeleteFunc(list.Moves, b.IsDrop)
			return
		}
	}
	if !slices.ContainsFunc(list.Moves, forced) {
		return
	}
	list.Moves = slices.DeleteFunc(list.Moves, func(m Move) bool { return !forced(m) })
}

// LegalCaptures fills list with the legal moves of the side to move that
// capture (Captures), in the order Legal lists them, and reports whether
// the position has any legal move at all — what a quiescence search needs,
// without judging every quiet move: they are judged only until one is
// legal. When a budget runs out the list is empty, the answer false, and
// Err says why.
func (b *Board) LegalCaptures(list *MoveList) (anyLegal bool) {
	if b.fast != nil && b.tierList(list, nil) {
		return list.Len() > 0 || b.tierAny
	}
	if b.prog.checkable || b.prog.place != nil || b.prog.mustDrop && !b.pos.HandEmpty(b.pos.ToMove) || b.prog.facing != nil && (b.prog.facing.illegal || b.Facing()) {
		// a legal drop makes every capture illegal, a wall may shut a
		// line of attack, the facing rule makes illegal every move that
		// leaves them facing (facing.go), and the check rule reads every
		// move of a checked piece (checkable.go): judge them all
		b.Legal(list)
		anyLegal = list.Len() > 0
		list.Moves = slices.DeleteFunc(list.Moves, func(m Move) bool { return !b.captures(m, b.pos.ToMove) })
		return anyLegal
	}
	b.begin()
	b.pseudo(list)
	side := b.pos.ToMove
	var j judge
	if b.prog.royal {
		j = b.judge()
	}
	keep := list.Moves[:0]
	for _, m := range list.Moves {
		switch {
		case b.captures(m, side):
			if !b.prog.royal || j.legal(m) {
				keep = append(keep, m)
				anyLegal = true
			}
		case !anyLegal:
			anyLegal = !b.prog.royal || j.legal(m)
		}
	}
	list.Moves = keep
	b.addGates(list, 0)
	if !anyLegal && b.prog.passing != nil {
		// the pass is no capture, but it is a legal move
		anyLegal = b.canPass()
	}
	if b.err != nil {
		list.Reset()
		return false
	}
	return anyLegal
}

// judge decides the legality of the side to move's candidate moves, the
// cheapest way first: a quiet move the keeper can vouch for
// (quietLegal); a move the lowered tables can judge (lowLegal); any other
// by playing it and asking whether the mover's royal pieces survive
// (legalAfter).
type judge struct {
	b          *Board
	side       board.Side
	quiet, low bool
	// guards, in a variant with lastroyal types, are the pieces the move
	// may not leave capturable, as the position before it decides
	// (guardedRoyals); nil in any other
	guards []int32
	// checked: in a variant with steadfast types, the side is in check;
	// then sole is the one enemy piece giving it, or -1 for several
	checked bool
	sole    int32
}

// judge prepares the judging of the side to move's moves.
func (b *Board) judge() judge {
	side := b.pos.ToMove
	var j judge
	switch {
	case b.prog.lastRoyal:
		// which pieces are royal changes with the count, which neither
		// the keeper nor the tables follow: every move is played
		j = judge{b: b, side: side, guards: b.guardedRoyals(side)}
	case b.prog.late:
		// a late piece's lines change with the position, which the
		// keeper's shortcuts do not follow: every move is played
		// (docs/language.md § Late pieces (copy:))
		j = judge{b: b, side: side}
	default:
		// with groups every move is played: the keeper's attack maps
		// know no group moves (multisquare.go); with fields a quiet move
		// can bar or open squares it neither reads nor fills, which the
		// keeper does not weigh (fields.go)
		j = judge{b: b, side: side, quiet: !b.prog.multiSquare && !b.prog.fields && b.keep.prepareLegality(side), low: b.prog.lowered && b.ghostsLeaveOnly()}
	}
	if b.prog.steadfast {
		j.sole, j.checked = b.soleChecker(side)
	}
	return j
}

// soleChecker reports whether side is in check — an enemy piece could
// capture one of its pieces that count as royal now — and returns the
// enemy piece that gives it when it is the only one, else -1.
func (b *Board) soleChecker(side board.Side) (sole int32, checked bool) {
	sole = -1
	by := side.Other()
	b.royalNow(side, func(_ int32, royal *board.Piece) bool {
		sq := royal.Square
		g := b.target(sq)
		defer b.untarget(g, sq)
		b.mayCapture(sq, by, func(id int, pc *board.Piece, t *PieceType) bool {
			g.reset(int32(id), pc.Square, by, modeAttack)
			g.pieceLines(t)
			if !g.abort {
				return false
			}
			if checked && sole != int32(id) {
				sole = -1
				return true // two pieces give check
			}
			sole, checked = int32(id), true
			return false
		})
		return checked && sole < 0
	})
	return sole, checked
}

// steadfastLegal reports whether m passes the steadfast rule: while the
// side is in check a steadfast piece moves only to capture the one piece
// that gives check (docs/language.md § Attributes and hooks).
func (j *judge) steadfastLegal(m Move) bool {
	b := j.b
	if !j.checked || b.IsDrop(m) || !b.prog.types[b.pos.Pieces[m.Piece].Type].Steadfast {
		return true
	}
	if j.sole < 0 {
		return false
	}
	took := false
	b.eachCaptured(m, j.side, func(pc *board.Piece) bool {
		took = pc == &b.pos.Pieces[j.sole]
		return !took
	})
	return took
}

// legal judges move m.
func (j *judge) legal(m Move) bool {
	b, side := j.b, j.side
	if b.prog.steadfast && !j.steadfastLegal(m) {
		return false
	}
	if b.prog.noChecks || b.prog.nocheck && m.forbidsCheck() {
		return j.legalNoCheck(m)
	}
	if j.quiet {
		if legal, known := b.keep.quietLegal(m, side); known {
			return legal
		}
	}
	if j.low {
		if legal, known := b.lowLegal(m, side); known {
			return legal
		}
	}
	before := b.royalCounts()
	mk := b.Mark()
	b.played++
	b.play(m, side)
	b.probing, b.probe = true, mk.pos
	ok := b.legalAfter(side, before, j.guards)
	b.probing = false
	b.Unmake(mk)
	return ok
}

// legalNoCheck judges move m, which holds a nocheck: by playing it, it is
// legal when it is legal as any move is and leaves no royal piece of the
// opponent capturable (docs/language.md § Actions: sittuyin's promotion
// gives no check, a discovered one included).
func (j *judge) legalNoCheck(m Move) bool {
	b, side := j.b, j.side
	before := b.royalCounts()
	mk := b.Mark()
	b.played++
	b.play(m, side)
	b.probing, b.probe = true, mk.pos
	ok := b.legalAfter(side, before, j.guards) && !b.attacksRoyal(side)
	b.probing = false
	b.Unmake(mk)
	return ok
}

// attacksRoyal reports whether side could capture a piece of its
// opponent's that counts as royal now (royalNow), asking the lines
// themselves (not what the keeper kept).
func (b *Board) attacksRoyal(side board.Side) bool {
	return b.royalNow(side.Other(), func(_ int32, pc *board.Piece) bool { return b.capturable(pc.Square, side) })
}

// Pseudo fills list with the pseudo-legal moves of the side to move: moves
// that may leave a royal piece capturable.
func (b *Board) Pseudo(list *MoveList) {
	if b.fast != nil && b.tierList(list, (*tier.Position).Pseudo) {
		return
	}
	b.begin()
	b.pseudo(list)
	b.addGates(list, 0)
	b.addWalls(list, false)
	b.addPass(list, false)
}

func (b *Board) pseudo(list *MoveList) {
	list.Reset()
	if b.pos.Result != board.Ongoing || b.err != nil {
		return
	}
	b.keep.pseudo(list)
	if b.err != nil {
		list.Reset()
	}
}

// keepCaptures drops the moves that capture nothing when some move
// captures (captures forced). A move captures when one of its capt actions
// falls on a square an opponent piece stands on now.
func (b *Board) keepCaptures(list *MoveList) {
	side := b.pos.ToMove
	if !slices.ContainsFunc(list.Moves, func(m Move) bool { return b.captures(m, side) }) {
		return
	}
	keep := list.Moves[:0]
	for _, m := range list.Moves {
		if b.captures(m, side) {
			keep = append(keep, m)
		}
	}
	list.Moves = keep
}

func (b *Board) captures(m Move, side board.Side) bool {
	found := false
	b.eachCaptured(m, side, func(*board.Piece) bool {
		found = true
		return false
	})
	return found
}

// eachCaptured calls visit with every opponent piece (of side's opponent)
// that a capt of m falls on now, until visit returns false.
func (b *Board) eachCaptured(m Move, side board.Side, visit func(*board.Piece) bool) {
	if m.code != 0 && b.fast != nil {
		b.acts = b.fast.AppendActions(b.acts[:0], m.code)
		for _, a := range b.acts {
			if pc := b.pos.PieceAt(a.Sq); a.Kind == spec.Capt && pc != nil && pc.Side != side && !visit(pc) {
				return
			}
		}
		return
	}
	for _, r := range m.refs {
		n := r.n
		placed := n.at(side, int(r.at))
		for i := range n.ops {
			if n.ops[i].kind != opCapt || placed[i] < 0 {
				continue
			}
			if b.prog.proxies {
				if !b.eachInStack(board.Square(placed[i]), side, visit) {
					return
				}
				continue
			}
			if pc := b.pos.PieceAt(board.Square(placed[i])); pc != nil && pc.Side != side && !visit(pc) {
				return
			}
		}
	}
	if b.prog.invisible {
		b.landingVictims(m, side, visit) // (invisible.go)
	}
}

// legalAfter decides, right after side moved, whether the move was legal,
// before being the royal pieces of each side on the board before it. The
// move may not remove (capture, delete, lift, promote away) a royal piece
// of its own side; taking the opponent's last royal piece, however it is
// done, ends the game and is legal whatever it leaves; otherwise no royal
// piece of side may be capturable — in a variant with lastroyal types, no
// piece of guards, the royal pieces as the position before the move
// counted them (a lastroyal piece made by the move is not one). The rule
// is the same in both modes.
func (b *Board) legalAfter(side board.Side, before [2]int, guards []int32) bool {
	if b.pos.Royals(side) < before[side] {
		return false
	}
	if before[side.Other()] > 0 && b.pos.Royals(side.Other()) == 0 {
		return true
	}
	if b.prog.dupleCheck {
		return !b.dupleChecked(side)
	}
	if b.prog.lastRoyal {
		for _, id := range guards {
			if pc := &b.pos.Pieces[id]; pc.OnBoard && b.royalSquareCapturable(pc.Square, side) {
				return false
			}
		}
		return true
	}
	return !b.royalCapturable(side)
}

// guardedRoyals returns the pieces of side that count as royal now
// (royalNow).
func (b *Board) guardedRoyals(side board.Side) []int32 {
	guards := []int32{}
	b.royalNow(side, func(id int32, _ *board.Piece) bool {
		guards = append(guards, id)
		return false
	})
	return guards
}

// royalNow calls visit with each piece of side that counts as royal now —
// its royal pieces, a lastroyal one only while it is the last of its
// side's (docs/language.md § Royal pieces and legality) — until visit
// returns true, and reports whether one did.
func (b *Board) royalNow(side board.Side, visit func(id int32, pc *board.Piece) bool) bool {
	last := -1 // side's lastroyal pieces, counted when one is met
	for id := range b.pos.Pieces {
		pc := &b.pos.Pieces[id]
		if !pc.OnBoard || pc.Side != side || !b.prog.types[pc.Type].Royal {
			continue
		}
		if b.prog.types[pc.Type].LastRoyal {
			if last < 0 {
				last = b.lastRoyals(side)
			}
			if last > 1 {
				continue
			}
		}
		if visit(int32(id), pc) {
			return true
		}
	}
	return false
}

// lastRoyals counts side's lastroyal pieces on the board.
func (b *Board) lastRoyals(side board.Side) int {
	n := 0
	for id := range b.pos.Pieces {
		if pc := &b.pos.Pieces[id]; pc.OnBoard && pc.Side == side && b.prog.types[pc.Type].LastRoyal {
			n++
		}
	}
	return n
}

// dupleChecked reports whether side is in check under duplecheck
// (docs/language.md § Royal pieces and legality): a royal piece of it
// capturable, or its lastroyal pieces — counted as they stand — one and
// capturable, or several and every one capturable (Fairy-Stockfish's
// dupleCheck: spartan chess's two kings).
func (b *Board) dupleChecked(side board.Side) bool {
	last, hit := 0, 0
	for id := range b.pos.Pieces {
		pc := &b.pos.Pieces[id]
		if !pc.OnBoard || pc.Side != side || !b.prog.types[pc.Type].Royal {
			continue
		}
		capturable := b.royalSquareCapturable(pc.Square, side)
		if !b.prog.types[pc.Type].LastRoyal {
			if capturable {
				return true
			}
			continue
		}
		last++
		if capturable {
			hit++
		}
	}
	return last > 0 && hit == last
}

// royalCounts returns the royal pieces of each side on the board.
func (b *Board) royalCounts() [2]int {
	return [2]int{b.pos.Royals(board.First), b.pos.Royals(board.Second)}
}

// royalCapturable reports whether a piece of side that counts as royal
// now (royalNow) could be captured by the opponent.
func (b *Board) royalCapturable(side board.Side) bool {
	if b.prog.dupleCheck {
		return b.dupleChecked(side)
	}
	return b.royalNow(side, func(_ int32, pc *board.Piece) bool { return b.royalSquareCapturable(pc.Square, side) })
}

// royalSquareCapturable reports whether side's opponent could capture the
// royal piece of side on sq.
func (b *Board) royalSquareCapturable(sq board.Square, side board.Side) bool {
	if b.prog.multiSquare {
		return b.partsCapturable(sq, side)
	}
	if hit, ok := b.lowCapturable(sq, side.Other()); ok {
		return hit
	}
	if b.depth == 0 {
		return b.probing && b.keep.probeAttacked(sq, side.Other()) ||
			!b.probing && b.keep.attacked(sq, side.Other())
	}
	return b.capturable(sq, side.Other())
}

// InCheck reports whether a royal piece of the side to move is capturable,
// or a piece of a checkable type is (checkable.go).
func (b *Board) InCheck() bool {
	if b.fast != nil {
		return b.fast.InCheck()
	}
	return b.royalCapturable(b.pos.ToMove) || b.prog.checkable && b.checkedAny(b.pos.ToMove)
}

// capturable reports whether a pseudo-legal move of side by captures on sq.
func (b *Board) capturable(sq board.Square, by board.Side) bool {
	if b.prog.multiSquare {
		return b.groupsCapturable(sq, by)
	}
	if hit, ok := b.lowCapturable(sq, by); ok {
		return hit
	}
	return b.linesCapture(sq, by)
}

// linesCapture answers capturable by generating: the lines of side by's
// pieces whose capture reach includes sq, until one captures there.
func (b *Board) linesCapture(sq board.Square, by board.Side) bool {
	g := b.target(sq)
	defer b.untarget(g, sq)
	hit := false
	b.mayCapture(sq, by, func(id int, pc *board.Piece, t *PieceType) bool {
		g.reset(int32(id), pc.Square, by, modeAttack)
		g.pieceLines(t)
		hit = g.abort
		return hit
	})
	return hit
}

// mayCapture calls visit for every piece of side by on the board whose
// type's capture reach from where it stands includes sq, until visit
// returns true.
func (b *Board) mayCapture(sq board.Square, by board.Side, visit func(id int, pc *board.Piece, t *PieceType) bool) {
	for id := range b.pos.Pieces {
		pc := &b.pos.Pieces[id]
		if !pc.OnBoard || pc.Side != by {
			continue
		}
		t := b.prog.types[pc.Type]
		if t.reach[by] != nil && !t.reach[by][pc.Square].has(int(sq)) {
			continue
		}
		if b.prog.proxies && b.frozen(int32(id)) {
			continue // it captures nothing (docs/language.md § Proxy pieces)
		}
		if visit(id, pc, t) {
			return
		}
	}
}

// groupCaptures reports whether a move of line group grp of piece id, of
// side by, captures on sq.
func (b *Board) groupCaptures(id int32, grp int, sq board.Square, by board.Side) bool {
	g := b.target(sq)
	defer b.untarget(g, sq)
	pc := &b.pos.Pieces[id]
	if b.still(id, pc) {
		return false // frozen: it captures nothing
	}
	if t := b.prog.types[pc.Type]; t.groups[grp].late {
		g.reset(id, pc.Square, by, modeAttack)
		g.copied(t)
		return g.abort
	}
	for _, l := range b.prog.types[pc.Type].groups[grp].lines {
		if !l.capt {
			continue
		}
		g.reset(id, pc.Square, by, modeAttack)
		g.runLine(l, pc.Square)
		if g.abort {
			return true
		}
	}
	return false
}

// target acquires a generator whose only target square is sq.
func (b *Board) target(sq board.Square) *gen {
	g := b.acquire()
	if g.targets == nil || len(g.targets)*64 < b.pos.Squares() {
		g.targets = newBitset(b.pos.Squares())
	}
	g.targets.set(int(sq))
	return g
}

func (b *Board) untarget(g *gen, sq board.Square) {
	g.targets[int(sq)>>6] = 0
	b.release()
}

// safe reports whether a piece of side standing on sq could not be
// captured by the opponent; a stand-in of the mover's type is placed on sq
// for the test when another piece (or none) stands there, and the mover,
// when it stands elsewhere, is lifted from its square — a castling king's
// path is judged with the king gone from it, as Fairy-Stockfish judges it
// (docs/language.md § Conditions).
func (b *Board) safe(sq board.Square, side board.Side, mover int32) bool {
	pos := b.pos
	mk := pos.Mark()
	if m := &pos.Pieces[mover]; m.OnBoard && m.Square != sq {
		pos.Remove(m.Square)
	}
	if pc := pos.PieceAt(sq); pc == nil || pc.Side != side || b.prog.types[pc.Type].Ghost {
		pos.Remove(sq)
		pos.Place(pos.NewPiece(int(pos.Pieces[mover].Type), side, false), sq)
	}
	ok := !b.capturable(sq, side.Other())
	pos.Undo(mk)
	return ok
}

// harmless reports whether a piece of type t and side, standing on sq in
// place of the moving piece mover — lifted from its square, and in place
// of what stands on sq — could capture no opponent piece (ghosts aside)
// by one of its lines: harmless's test (docs/language.md § Conditions),
// sittuyin's new met, which may attack no enemy piece. The stand-in's
// lines run on the board as it is, as an attack test runs them.
func (b *Board) harmless(sq board.Square, side board.Side, t int, mover int32) bool {
	pos := b.pos
	mk := pos.Mark()
	if pc := &pos.Pieces[mover]; pc.OnBoard {
		pos.Remove(pc.Square)
	}
	pos.Remove(sq)
	id := pos.NewPiece(t, side, false)
	pos.Place(id, sq)
	g := b.acquire()
	if g.targets == nil || len(g.targets)*64 < pos.Squares() {
		g.targets = newBitset(pos.Squares())
	}
	enemies := false
	for i := range pos.Pieces {
		if pc := &pos.Pieces[i]; pc.OnBoard && pc.Side != side && !b.prog.types[pc.Type].Ghost {
			g.targets.set(int(pc.Square))
			enemies = true
		}
	}
	hit := false
	if enemies {
		g.reset(id, sq, side, modeAttack)
		g.pieceLines(b.prog.types[t])
		hit = g.abort
	}
	clear(g.targets)
	b.release()
	pos.Undo(mk)
	return !hit
}

// Status tells whether the game is over at this position: by a result that
// a move set, or because the side to move has no legal move (nomoves).
func (b *Board) Status() board.Result {
	if b.pos.Result != board.Ongoing {
		return b.pos.Result
	}
	var list MoveList
	b.Legal(&list)
	if list.Len() > 0 {
		return board.Ongoing
	}
	r := b.prog.stalemate
	if b.InCheck() {
		r = b.prog.checkmate
	}
	// the rules are written for the side to move: "loss" means it loses
	return resultFor(r, b.pos.ToMove)
}

// Captures reports whether m, a move of the side to move, captures an
// opponent piece: one of its capt actions falls on a square such a piece
// stands on now.
func (b *Board) Captures(m Move) bool {
	if m.code != 0 && b.fast != nil {
		return b.fast.Captures(m.code)
	}
	return b.captures(m, b.pos.ToMove)
}

// Mover returns the type of the piece m moves.
func (b *Board) Mover(m Move) int { return int(b.pos.Pieces[m.Piece].Type) }

// Victim returns the largest values[t] over the types t of the opponent
// pieces m captures directly (ghosts left out), 0 when it captures none.
func (b *Board) Victim(m Move, values []int) int {
	if m.code != 0 && b.fast != nil {
		return b.fast.Victim(m.code, values)
	}
	v := 0
	b.eachCaptured(m, b.pos.ToMove, func(pc *board.Piece) bool {
		if !b.prog.types[pc.Type].Ghost {
			v = max(v, values[pc.Type])
		}
		return true
	})
	return v
}

// Victims calls visit with the type of every opponent piece m captures
// directly (ghosts left out), in the order of the move's actions.
func (b *Board) Victims(m Move, visit func(t int)) {
	b.eachCaptured(m, b.pos.ToMove, func(pc *board.Piece) bool {
		if !b.prog.types[pc.Type].Ghost {
			visit(int(pc.Type))
		}
		return true
	})
}
