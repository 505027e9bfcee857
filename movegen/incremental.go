package movegen

import (
	"slices"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/memory"
	"github.com/alfil-go/alfil/tier"
	"github.com/alfil-go/alfil/trigger"
)

// Incremental generation (docs/language.md § What a line reads:
// incremental generation).
//
// Every piece has one holder per line group of its type (a slider's ray, a
// multi or a line that tests safe alone; consecutive lines of plain
// normals together). A holder keeps the result of its last calculation —
// a record: the lines' moves, the keys they read and the squares their
// moves capture on — and is subscribed in the trigger map to those keys.
// A move fires the holders subscribed to what it changed; a fired holder
// becomes dirty and is calculated again only when someone needs it: the
// side to move's list of moves, or the attack map when a royal piece's
// safety is asked. A line that is one slide carrying only its cursor is
// calculated again from the first iteration that read what changed.
//
// The attack map holds, per side and square, the clean holders whose
// moves capture there; a dirty holder is in it nowhere until it is
// refreshed. Legality reads it: a candidate move is probed against the
// recorded attacks on a royal square, asking directly only the lines the
// move touched, and a quiet move that touches none of the lines that could
// reach a royal square is legal without being played.
//
// Nothing is recalculated on undo. Each change of a holder goes into a
// journal, and records are appended to arenas that only grow between
// marks: Unmake replays the journal backwards and cuts the arenas back.
//
// Keys: the squares 0…N-1 (occupant, its type, flags and memory), then the
// tile memories N…2N-1, the global memory, the ply counter, and "any" for
// holders that depend on everything (safe): the last two fire after
// every move.

// Mode selects how a Board keeps its moves.
type Mode uint8

const (
	// Incremental keeps each piece's moves per line and recalculates only
	// the lines a move's changes fire. The default when the interpreter
	// runs.
	Incremental Mode = iota
	// Full regenerates every move of every piece each time: the reference
	// the incremental mode is checked against.
	Full
)

// String returns the mode's name as the command's -mode flag spells it.
func (m Mode) String() string {
	if m == Full {
		return "full"
	}
	return "incremental"
}

// ParseMode reads a mode name: incremental or full.
func ParseMode(s string) (Mode, bool) {
	switch s {
	case "incremental":
		return Incremental, true
	case "full":
		return Full, true
	}
	return Incremental, false
}

// record is one calculation of a holder: ranges of the state's arenas.
type record struct {
	m0, m1 int32 // moves in list.Moves
	r0, r1 int32 // keys in reads
	a0, a1 int32 // squares in attacks
}

type hchangeKind uint8

const (
	hDirty   hchangeKind = iota // a clean holder became dirty
	hRefresh                    // a dirty holder got a new record; old was its record
	hGrow                       // holders were added from index h on
	hResume                     // a dirty holder's resume iteration was old
)

type hchange struct {
	kind hchangeKind
	h    int32
	old  int32
}

// incState is a board's incremental state: its keeper in Incremental
// mode, and the observer of the generations that refresh its holders.
type incState struct {
	b     *Board
	keys  keySpace
	slots int // holders per piece: the most line groups of any type
	trig  *trigger.Map
	hrec  []int32 // per holder: its record, -1 for none
	hside []board.Side
	dirty [2]trigger.Set
	fired trigger.Set
	att   [2]*trigger.Map // per side, keyed by square: the clean holders whose moves capture there

	journal []hchange
	list    MoveList // the moves of every record
	reads   []int32
	attacks []board.Square
	records []record
	// the slide iteration that made each move, read each key and attacked
	// each square (parallel to list.Moves, reads, attacks): a resumable
	// line keeps what came before the first iteration a move changed
	moveIter, readIter, attackIter []int16
	resume                         []int32 // per dirty holder: the iteration to regenerate from

	// scratch of listChanges
	changedKeys   []int32
	changedPieces []int32
	// guards: the opponent's holders that could capture a royal piece of
	// the side to move, while quiet moves are judged without playing them
	guards []int32
	// royals: the squares of the side to move's royal pieces, while its
	// moves are judged; checkers: the guards that capture on one now
	royals   []board.Square
	checkers []int32
	// moved: where a royal piece's move takes it (royalLegal)
	moved [1]board.Square
	// what the every hooks due at the end of the ply change (dueKnown):
	// the keys; the squares they empty of a piece that is not a ghost; the
	// pieces they delete; the pieces they would promote if a move wrote
	// their memory
	dueKeys, dueVacated, dueMemory []int32
	dueDeleted, duePromoters       []int32
	// pins: per piece of the side to move, the span of pinGuards that
	// lists its pinners (pinners), or none yet; pinReadAt: per entry of
	// pinGuards, where in pinReads the keys its capture read start (the
	// key space's words), or -1 when they were not recorded (recordPin)
	pins      []pinSpan
	pinGuards []int32
	pinReadAt []int32
	pinReads  bitset
	recorder  keyRecorder
	// hmark: per holder, whether it is a guard or a checker (markGuard,
	// markChecker) while moves are judged; dueMark: per piece, what its due
	// hooks do (dueDeletes, duePromotes)
	hmark, dueMark []uint8
	// scratch of quietLegal: the keys a quiet move touches, the squares it
	// fills, the guards to ask again
	quiet, filled, rerun []int32
	// sensitive: the fill-sensitive guards that are not checkers;
	// monotone: the vacancy-monotone ones; opens: per piece of the side
	// to move, the span of openGuards that lists the monotone guards its
	// moves open (openedBy)
	sensitive, monotone []int32
	opens               []pinSpan
	openGuards          []int32

	seen  []uint32 // per key: the stamp of the last refresh that read it
	aseen []uint32 // per square: the stamp of the last refresh that attacked it
	stamp uint32

	epoch int32
}

// read notes that the holder being refreshed depends on key, first read
// in slide iteration iter.
func (in *incState) read(key int, iter int) {
	if in.seen[key] != in.stamp {
		in.seen[key] = in.stamp
		in.reads = append(in.reads, int32(key))
		in.readIter = append(in.readIter, int16(iter))
	}
}

// made notes that the holder being refreshed emitted a move in slide
// iteration iter.
func (in *incState) made(iter int) { in.moveIter = append(in.moveIter, int16(iter)) }

// attack notes that a move of the holder being refreshed, made in slide
// iteration iter, captures on sq.
func (in *incState) attack(sq board.Square, iter int) {
	if in.aseen[sq] != in.stamp {
		in.aseen[sq] = in.stamp
		in.attacks = append(in.attacks, sq)
		in.attackIter = append(in.attackIter, int16(iter))
	}
}

// Mark is a point Unmake returns to: the position's journal and the
// incremental state's. It is valid on the board that issued it until the
// board is taken back to before it; its zero value is valid nowhere.
type Mark struct {
	pos  board.Mark
	keep keeperPoint
	// the tier's point, and the epoch of the tier position it is of
	fast      tier.Mark
	tierEpoch int32
	// which board issued it, its number there, and its place in the
	// board's stack of live points (see Board.issued)
	board, seq uint64
	depth      int32
}

// livePoint is a point of the position's journal that marks were issued
// for and that the board has not been taken back past.
type livePoint struct {
	pos board.Mark
	seq uint64
}

// point returns the state's point: the lengths of its journal and arenas.
func (in *incState) point() keeperPoint {
	return keeperPoint{journal: int32(len(in.journal)), moves: int32(len(in.list.Moves)), arena: int32(len(in.list.arena)),
		locals: int32(len(in.list.locals)), reads: int32(len(in.reads)), attacks: int32(len(in.attacks)),
		records: int32(len(in.records)), epoch: in.epoch}
}

// mobility counts what side's holders keep, refreshing the dirty ones.
func (in *incState) mobility(side board.Side) int {
	b := in.b
	n := 0
	for id := range b.pos.Pieces {
		pc := &b.pos.Pieces[id]
		if !pc.OnBoard || pc.Side != side { // a frozen piece's records are empty (refresh)
			continue
		}
		if b.prog.types[pc.Type].late != nil {
			n += in.lateMobility(id)
			continue
		}
		for grp := range b.prog.types[pc.Type].groups {
			h := id*in.slots + grp
			if in.dirty[side].Has(h) {
				in.refresh(h)
			}
			rec := &in.records[in.hrec[h]]
			n += int(rec.m1 - rec.m0)
		}
	}
	return n + b.countDrops(side) // no holder keeps the drops
}

// Mode returns how the interpreter keeps the board's moves — when it runs:
// a board on the bitboard tier (Board.Tier) keeps nothing and uses the
// mode once the tier is turned off.
func (b *Board) Mode() Mode { return b.mode }

// SetMode switches between incremental and full generation. Marks taken
// before the switch still undo the position; the incremental state starts
// afresh. On the tier it only records the mode.
func (b *Board) SetMode(m Mode) {
	b.mode = m
	// on the tier the interpreter keeps nothing; a flip changes a
	// piece's side, which the incremental state's holders are bound to
	if m == Full || b.fast != nil || b.prog.flips {
		b.keep = fullKeeper{b}
		return
	}
	b.epoch++
	b.keep = newIncState(b, b.epoch)
}

// newIncState builds an incremental state for b: every holder dirty.
func newIncState(b *Board, epoch int32) *incState {
	n := b.pos.Squares()
	slots := 1
	for _, t := range b.prog.types {
		slots = max(slots, len(t.groups))
	}
	keys := b.keys.count()
	in := &incState{b: b, keys: b.keys, slots: slots, epoch: epoch,
		seen: make([]uint32, keys), aseen: make([]uint32, n)}
	holders := len(b.pos.Pieces) * slots
	in.trig = trigger.New(keys, holders)
	in.fired = trigger.NewSet(64 * in.trig.Words())
	for s := range in.att {
		in.att[s] = trigger.New(n, holders)
		in.dirty[s] = trigger.NewSet(64 * in.trig.Words())
	}
	in.addHolders(holders)
	return in
}

// addHolders makes the holders up to n, dirty and without record.
func (in *incState) addHolders(n int) {
	b := in.b
	in.trig.Grow(n)
	in.att[0].Grow(n)
	in.att[1].Grow(n)
	room := 64 * in.trig.Words()
	in.fired.Grow(room)
	in.dirty[0].Grow(room)
	in.dirty[1].Grow(room)
	for h := len(in.hrec); h < n; h++ {
		side := b.pos.Pieces[h/in.slots].Side
		in.hrec = append(in.hrec, -1)
		in.hside = append(in.hside, side)
		in.resume = append(in.resume, 0)
		if !in.dead(h) {
			in.dirty[side].Add(h)
		}
	}
}

// count enters holder h's record r in the attack map, or with on false
// takes it out.
func (in *incState) count(r int32, h int, on bool) {
	if r < 0 {
		return
	}
	rec := &in.records[r]
	att := in.att[in.hside[h]]
	for _, sq := range in.attacks[rec.a0:rec.a1] {
		if on {
			att.Subscribe(int(sq), h)
		} else {
			att.Unsubscribe(int(sq), h)
		}
	}
}

// subscribe subscribes (or with on false unsubscribes) holder h to the
// keys record r read.
func (in *incState) subscribe(r int32, h int, on bool) {
	if r < 0 {
		return
	}
	rec := &in.records[r]
	for _, k := range in.reads[rec.r0:rec.r1] {
		if on {
			in.trig.Subscribe(int(k), h)
		} else {
			in.trig.Unsubscribe(int(k), h)
		}
	}
}

// refresh calculates dirty holder h again.
func (in *incState) refresh(h int) {
	b := in.b
	id := int32(h / in.slots)
	side := in.hside[h]
	in.stamp++
	if in.stamp == 0 { // wrapped: forget every old stamp
		clear(in.seen)
		clear(in.aseen)
		in.stamp = 1
	}
	rec := record{m0: int32(len(in.list.Moves)), r0: int32(len(in.reads)), a0: int32(len(in.attacks))}
	if pc := &b.pos.Pieces[id]; pc.OnBoard && !b.still(id, pc) {
		if groups := b.prog.types[pc.Type].groups; h%in.slots < len(groups) {
			grp := &groups[h%in.slots]
			g := b.acquire()
			start := len(in.list.Moves)
			if grp.late {
				in.refreshLate(g, b.prog.types[pc.Type], id, pc.Square, side, start)
			} else if from := in.resume[h]; from > 0 && in.hrec[h] >= 0 && in.resumeLine(g, grp.lines[0], id, h, side, from, start) {
				// the iterations before from are kept
			} else {
				for _, l := range grp.lines {
					g.reset(id, pc.Square, side, modeMoves)
					g.obs, g.own, g.collect = in, true, l.capt && !l.safe
					g.out, g.pieceStart = &in.list, start
					g.runLine(l, pc.Square)
					if l.safe && l.capt {
						// safe holds for every attack: its attacks are those of
						// a generation that takes it as true
						g.reset(id, pc.Square, side, modeAttacks)
						g.obs, g.own = in, true
						g.runLine(l, pc.Square)
					}
				}
			}
			g.obs, g.own = nil, false
			b.release()
		}
	}
	rec.m1, rec.r1, rec.a1 = int32(len(in.list.Moves)), int32(len(in.reads)), int32(len(in.attacks))
	in.records = append(in.records, rec)
	old, now := in.hrec[h], int32(len(in.records)-1)
	in.subscribe(old, h, false)
	in.subscribe(now, h, true)
	in.count(now, h, true)
	in.hrec[h] = now
	in.dirty[side].Remove(h)
	in.journal = append(in.journal, hchange{kind: hRefresh, h: int32(h), old: old})
}

// resumeLine regenerates a resumable line from slide iteration from: it
// copies what the holder's record made before it — moves, reads, attacks
// — and runs the slide from there, with the path the earlier iterations
// built. It reports false, having done nothing, when the earlier
// iterations no longer fit on the board.
func (in *incState) resumeLine(g *gen, l *Line, id int32, h int, side board.Side, from int32, start int) bool {
	b := in.b
	s := l.resume
	body := s.body[0].(*normal)
	pc := &b.pos.Pieces[id]
	g.reset(id, pc.Square, side, modeMoves)
	cur := pc.Square
	for i := int32(0); i < from; i++ {
		next := body.end[side][cur]
		if next < 0 {
			g.path = g.path[:0]
			return false
		}
		if body.actions {
			g.path = append(g.path, ref{body, cur})
		}
		cur = board.Square(next)
	}
	old := &in.records[in.hrec[h]]
	for i := old.m0; i < old.m1 && int32(in.moveIter[i]) < from; i++ {
		in.list.Moves = append(in.list.Moves, in.list.Moves[i])
		in.moveIter = append(in.moveIter, in.moveIter[i])
	}
	for i := old.r0; i < old.r1 && int32(in.readIter[i]) < from; i++ {
		in.seen[in.reads[i]] = in.stamp
		in.reads = append(in.reads, in.reads[i])
		in.readIter = append(in.readIter, in.readIter[i])
	}
	for i := old.a0; i < old.a1 && int32(in.attackIter[i]) < from; i++ {
		in.aseen[in.attacks[i]] = in.stamp
		in.attacks = append(in.attacks, in.attacks[i])
		in.attackIter = append(in.attackIter, in.attackIter[i])
	}
	g.obs, g.own, g.collect = in, true, l.capt
	g.out, g.pieceStart = &in.list, start
	g.seen.reset(&in.list, start)
	for _, m := range in.list.Moves[start:] {
		g.seen.add(m.sig)
	}
	g.slideIter(s, cur, int(from), -1, -1)
	return true
}

// markDirty takes clean holder h's attacks out of the attack map; it keeps
// its subscriptions until it is refreshed.
func (in *incState) markDirty(h int) {
	side := in.hside[h]
	in.count(in.hrec[h], h, false)
	in.dirty[side].Add(h)
	// the resume iteration it had is kept: a refresh taken back makes it
	// dirty again with that one
	in.journal = append(in.journal, hchange{kind: hDirty, h: int32(h), old: in.resume[h]})
}

// fire marks dirty every holder that what changed since mk concerns. A
// holder with nothing to calculate — its piece off the board, or a line
// its type does not have — gets its empty record at once.
func (in *incState) played(mk board.Mark) {
	b := in.b
	if n := len(b.pos.Pieces) * in.slots; n > len(in.hrec) {
		in.journal = append(in.journal, hchange{kind: hGrow, h: int32(len(in.hrec))})
		in.addHolders(n)
	}
	in.collectFired(mk)
	fired := in.fired
	for h := fired.Next(0); h >= 0; h = fired.Next(h + 1) {
		fired.Remove(h)
		dirty := in.dirty[in.hside[h]].Has(h)
		switch {
		case !in.dead(h):
			from := in.resumeFrom(h)
			switch {
			case !dirty:
				in.markDirty(h)
				in.resume[h] = from
			case from < in.resume[h]:
				in.journal = append(in.journal, hchange{kind: hResume, h: int32(h), old: in.resume[h]})
				in.resume[h] = from
			}
		case dirty:
			in.refresh(h)
		case !in.empty(in.hrec[h]):
			in.markDirty(h)
			in.refresh(h)
		}
	}
}

// resumeFrom returns the first slide iteration of holder h's line that
// the changes listChanges listed can have changed: everything the line
// generated before it stands. 0 for lines that cannot resume and for a
// piece that itself changed.
func (in *incState) resumeFrom(h int) int32 {
	b := in.b
	r := in.hrec[h]
	if r < 0 || !b.prog.resumes {
		return 0
	}
	pc := &b.pos.Pieces[h/in.slots]
	grp := &b.prog.types[pc.Type].groups[h%in.slots]
	if len(grp.lines) != 1 || grp.lines[0].resume == nil || grp.lines[0].kernel != nil {
		return 0
	}
	id := int32(h / in.slots)
	for _, p := range in.changedPieces {
		if p == id {
			return 0
		}
	}
	rec := &in.records[r]
	from := int32(1 << 30)
	for i := rec.r0; i < rec.r1; i++ {
		if int32(in.readIter[i]) >= from {
			continue
		}
		for _, k := range in.changedKeys {
			if k == in.reads[i] {
				from = int32(in.readIter[i])
				break
			}
		}
	}
	if from == 1<<30 {
		return 0
	}
	return from
}

// collectFired puts in in.fired the holders that the changes since mk
// concern, leaving the changes listed (listChanges) for resumeFrom.
func (in *incState) collectFired(mk board.Mark) {
	in.listChanges(mk)
	for _, k := range in.changedKeys {
		in.trig.Fire(int(k), in.fired)
	}
	// the piece's own lines move with it
	known := int32(len(in.hrec) / in.slots)
	for _, p := range in.changedPieces {
		if p < known {
			for h := int(p) * in.slots; h < int(p+1)*in.slots; h++ {
				in.fired.Add(h)
			}
		}
	}
}

// dead reports whether holder h has nothing to calculate.
func (in *incState) dead(h int) bool {
	b := in.b
	pc := &b.pos.Pieces[h/in.slots]
	return !pc.OnBoard || h%in.slots >= len(b.prog.types[pc.Type].groups)
}

// empty reports whether record r (or none) holds nothing.
func (in *incState) empty(r int32) bool {
	if r < 0 {
		return true
	}
	rec := &in.records[r]
	return rec.m0 == rec.m1 && rec.r0 == rec.r1 && rec.a0 == rec.a1
}

// undo takes the incremental state back to mk, or reports false for a
// mark older than this state.
func (in *incState) undo(mk keeperPoint) bool {
	if mk.epoch != in.epoch {
		return false
	}
	for i := len(in.journal) - 1; i >= int(mk.journal); i-- {
		c := in.journal[i]
		h := int(c.h)
		switch c.kind {
		case hDirty:
			side := in.hside[h]
			in.count(in.hrec[h], h, true)
			in.dirty[side].Remove(h)
			in.resume[h] = c.old
		case hRefresh:
			side := in.hside[h]
			now := in.hrec[h]
			in.count(now, h, false)
			in.subscribe(now, h, false)
			in.subscribe(c.old, h, true)
			in.hrec[h] = c.old
			in.dirty[side].Add(h)
		case hGrow:
			for x := h; x < len(in.hrec); x++ {
				in.dirty[in.hside[x]].Remove(x)
			}
			in.hrec, in.hside, in.resume = in.hrec[:h], in.hside[:h], in.resume[:h]
		case hResume:
			in.resume[h] = c.old
		}
	}
	in.journal = in.journal[:mk.journal]
	in.list.Moves, in.list.arena, in.list.locals = in.list.Moves[:mk.moves], in.list.arena[:mk.arena], in.list.locals[:mk.locals]
	in.reads, in.attacks, in.records = in.reads[:mk.reads], in.attacks[:mk.attacks], in.records[:mk.records]
	in.moveIter, in.readIter, in.attackIter = in.moveIter[:mk.moves], in.readIter[:mk.reads], in.attackIter[:mk.attacks]
	return true
}

// pseudoIncremental fills list from the holders of the side to move,
// refreshing the dirty ones: the same moves in the same order as a full
// generation, moves with the same effect as an earlier move of the same
// piece left out.
func (in *incState) pseudo(list *MoveList) {
	b := in.b
	side := b.pos.ToMove
	groups := b.prog.multiSquare
	for id := range b.pos.Pieces {
		pc := &b.pos.Pieces[id]
		if !pc.OnBoard || pc.Side != side { // a frozen piece's records are empty (refresh)
			continue
		}
		if groups && pc.Group > 0 {
			b.groupMoves(list, int32(id)) // made afresh (multisquare.go)
			continue
		}
		list.seen.reset(list, len(list.Moves))
		for grp := range b.prog.types[pc.Type].groups {
			h := id*in.slots + grp
			if in.dirty[side].Has(h) {
				in.refresh(h)
			}
			rec := &in.records[in.hrec[h]]
			moves := in.list.Moves[rec.m0:rec.m1]
			if grp == 0 { // one group's moves are distinct already
				list.Moves = append(list.Moves, moves...)
				for i := range moves {
					list.seen.add(moves[i].sig)
				}
				continue
			}
			for i := range moves {
				if !list.seen.has(moves[i].sig) {
					list.seen.add(moves[i].sig)
					list.Moves = append(list.Moves, moves[i])
				}
			}
		}
	}
	b.generateDrops(list, side) // drops are generated afresh: no holder keeps them
}

// attacked reports whether a move of side by captures on sq, from the
// attack map and the dirty holders of by that could reach sq, which it
// refreshes.
func (in *incState) attacked(sq board.Square, by board.Side) bool {
	if in.att[by].Any(int(sq)) {
		return true
	}
	hit := false
	in.reaching(sq, by, func(h int) bool {
		if in.dirty[by].Has(h) {
			in.refresh(h)
			hit = in.att[by].Any(int(sq))
		}
		return hit
	})
	return hit
}

// reaching calls visit for each holder of side by that could capture on
// sq — its piece is on the board, its line captures and the type's capture
// reach from the piece's square includes sq — until visit returns true.
func (in *incState) reaching(sq board.Square, by board.Side, visit func(h int) bool) {
	b := in.b
	slots := in.slots
	b.mayCapture(sq, by, func(id int, _ *board.Piece, t *PieceType) bool {
		for grp := range t.groups {
			if t.groups[grp].capt && visit(id*slots+grp) {
				return true
			}
		}
		return false
	})
}

// probeAttacked answers attacked while a candidate move is tried on the
// board (played since b.probe). The attack map still describes the
// position before the move, so a line of by counts as it is recorded only
// if the move fired nothing it read; the others that could capture on sq
// are asked directly. Nothing is recorded: the move is about to be taken
// back.
func (in *incState) probeAttacked(sq board.Square, by board.Side) bool {
	b := in.b
	pos := b.pos
	for id := len(in.hrec) / in.slots; id < len(pos.Pieces); id++ {
		if pc := &pos.Pieces[id]; pc.OnBoard && pc.Side == by {
			return b.capturable(sq, by) // the move created a piece of by: ask everyone
		}
	}
	in.listChanges(b.probe)
	// a recorded attack whose line the move did not touch still holds
	row := in.att[by].Row(int(sq))
	for h := row.Next(0); h >= 0; h = row.Next(h + 1) {
		if !in.touched(h) {
			return true
		}
	}
	hit := false
	in.reaching(sq, by, func(h int) bool {
		if in.dirty[by].Has(h) || in.touched(h) {
			hit = b.groupCaptures(int32(h/in.slots), h%in.slots, sq, by)
		}
		return hit
	})
	return hit
}

// listChanges lists what changed since mk: the keys in in.changedKeys,
// the pieces in in.changedPieces.
func (in *incState) listChanges(mk board.Mark) {
	b := in.b
	keys, pieces := in.changedKeys[:0], in.changedPieces[:0]
	b.pos.ChangesSince(mk, func(c board.Change) {
		switch c.Kind {
		case board.ChangedSquare:
			keys = append(keys, int32(c.Square))
		case board.ChangedPiece:
			pieces = append(pieces, c.Piece)
			if b.prog.proxies {
				// what it holds is frozen or not by what holds it
				// (docs/language.md § Proxy pieces)
				for h := b.pos.Holds(c.Piece); h >= 0; h = b.pos.Holds(h) {
					pieces = append(pieces, h)
				}
				// and where the pieces above it may join depends on it
				for h := b.pos.HeldBy(c.Piece); h >= 0; h = b.pos.HeldBy(h) {
					pieces = append(pieces, h)
				}
			}
			if c.Square >= 0 {
				keys = append(keys, int32(c.Square))
			}
			if pc := &b.pos.Pieces[c.Piece]; pc.OnBoard {
				keys = append(keys, int32(pc.Square))
			}
		case board.ChangedPieceMem:
			if pc := &b.pos.Pieces[c.Piece]; pc.OnBoard {
				keys = append(keys, int32(in.keys.pieceMem(pc.Square)))
			}
		case board.ChangedTileMem:
			keys = append(keys, int32(in.keys.tile(c.Square)))
		case board.ChangedGlobal:
			keys = append(keys, int32(in.keys.global()))
		case board.ChangedField: // a step's read of the square (fields.go)
			keys = append(keys, int32(c.Square))
		}
	})
	in.changedKeys = append(keys, int32(in.keys.ply()), int32(in.keys.any()))
	in.changedPieces = pieces
}

// touched reports whether the changes listChanges listed fire holder h.
func (in *incState) touched(h int) bool {
	id := int32(h / in.slots)
	for _, p := range in.changedPieces {
		if p == id {
			return true
		}
	}
	for _, k := range in.changedKeys {
		if in.trig.Subscribed(int(k), h) {
			return true
		}
	}
	return false
}

// prepareLegality gets ready to judge the legality of side's candidate
// moves: it refreshes the opponent's dirty lines that could capture one of
// side's royal pieces where it stands, and lists every such line as a
// guard, and those that capture on one now as checkers. It reports
// whether quiet moves can be judged without playing them (quietLegal):
// the every hooks due at the end of the ply do what can be weighed
// without playing (dueKnown).
func (in *incState) prepareLegality(side board.Side) bool {
	b := in.b
	if b.prog.proxies {
		// quietLegal reasons about one piece leaving one square: a stack
		// moves several (docs/language.md § Proxy pieces)
		return false
	}
	by := side.Other()
	pos := b.pos
	for _, h := range in.guards {
		in.hmark[h] = 0
	}
	for _, h := range in.checkers {
		in.hmark[h] = 0
	}
	in.guards, in.royals, in.checkers = in.guards[:0], in.royals[:0], in.checkers[:0]
	if n := len(pos.Pieces) * in.slots; len(in.hmark) < n {
		in.hmark = append(in.hmark, make([]uint8, n-len(in.hmark))...)
	}
	for id := range pos.Pieces {
		pc := &pos.Pieces[id]
		if !pc.OnBoard || pc.Side != side || !b.prog.types[pc.Type].Royal {
			continue
		}
		in.royals = append(in.royals, pc.Square)
		in.reaching(pc.Square, by, func(h int) bool {
			if in.hmark[h]&markGuard != 0 {
				return false
			}
			in.hmark[h] |= markGuard
			in.guards = append(in.guards, int32(h))
			if in.dirty[by].Has(h) {
				if in.group(int32(h/in.slots), h%in.slots).flood {
					// generating all its moves costs far more than the
					// few capture tests legality asks of it
					in.hmark[h] |= markUnread
				} else {
					in.refresh(h)
				}
			}
			return false
		})
		row := in.att[by].Row(int(pc.Square))
		for h := row.Next(0); h >= 0; h = row.Next(h + 1) {
			if in.hmark[h]&markChecker == 0 {
				in.hmark[h] |= markChecker
				in.checkers = append(in.checkers, int32(h))
			}
		}
	}
	// a guard left dirty has no recorded attacks: ask it
	for _, h := range in.guards {
		if in.hmark[h]&markUnread == 0 {
			continue
		}
		for _, k := range in.royals {
			if b.groupCaptures(h/int32(in.slots), int(h)%in.slots, k, by) {
				in.hmark[h] |= markChecker
				in.checkers = append(in.checkers, h)
				break
			}
		}
	}
	in.sensitive, in.monotone = in.sensitive[:0], in.monotone[:0]
	for _, g := range in.guards {
		switch {
		case in.hmark[g]&markChecker != 0:
		case in.fillSensitive(int(g)):
			in.sensitive = append(in.sensitive, g)
		default:
			in.monotone = append(in.monotone, g)
		}
	}
	in.pins = slices.Grow(in.pins[:0], len(pos.Pieces))[:len(pos.Pieces)]
	in.opens = slices.Grow(in.opens[:0], len(pos.Pieces))[:len(pos.Pieces)]
	for i := range in.pins {
		in.pins[i] = pinSpan{end: -1}
		in.opens[i] = pinSpan{end: -1}
	}
	in.openGuards = in.openGuards[:0]
	in.pinGuards, in.pinReadAt, in.pinReads = in.pinGuards[:0], in.pinReadAt[:0], in.pinReads[:0]
	return in.dueKnown()
}

// dueKnown weighs the every hooks due at the end of this ply, reporting
// whether quietLegal can account for all of them. A hook that only
// deletes its piece changes one known square after any move (the
// en-passant ghost leaving): dueKeys gets the square, and dueVacated too
// unless the piece is a ghost, which only is sees. A hook that touches
// only its piece's memory (Hook.memoryLocal) changes that memory:
// dueKeys gets the square; if it promotes the piece it must not fire —
// it reads only that memory, so it fires after a move that does not
// write that memory (duePromoters) exactly when it would now. Any other
// due hook may change the board in ways only playing the move shows.
func (in *incState) dueKnown() bool {
	b := in.b
	for _, id := range in.dueDeleted {
		in.dueMark[id] = 0
	}
	for _, id := range in.duePromoters {
		in.dueMark[id] = 0
	}
	if n := len(b.pos.Pieces); len(in.dueMark) < n {
		in.dueMark = append(in.dueMark, make([]uint8, n-len(in.dueMark))...)
	}
	in.dueKeys, in.dueVacated, in.dueMemory = in.dueKeys[:0], in.dueVacated[:0], in.dueMemory[:0]
	in.dueDeleted, in.duePromoters = in.dueDeleted[:0], in.duePromoters[:0]
	return b.allDueHooks(func(pc *board.Piece, h Hook) bool {
		t := b.prog.types[pc.Type]
		id := b.pos.At(pc.Square)
		switch {
		case t.Royal && (h.deletes || h.promotes): // a royal piece leaving or changing decides the game
			return false
		case h.deletes:
			in.dueDeleted = append(in.dueDeleted, id)
			in.dueMark[id] |= dueDeletes
			in.dueKeys = append(in.dueKeys, int32(pc.Square))
			if !t.Ghost {
				in.dueVacated = append(in.dueVacated, int32(pc.Square))
			}
			return true
		case h.memoryLocal && h.promotes:
			// another due hook of the piece may write the memory it reads
			// before it runs
			in.duePromoters = append(in.duePromoters, id)
			in.dueMark[id] |= duePromotes
			return b.dueHookCount(id) == 1 && !b.hookFires(id, h.Line)
		case h.memoryLocal:
			in.dueKeys = append(in.dueKeys, int32(in.keys.pieceMem(pc.Square)))
			in.dueMemory = append(in.dueMemory, int32(in.keys.pieceMem(pc.Square)))
			return true
		}
		return false
	})
}

// quietLegal judges move m of side without playing it when it can
// (known false: play it to know). A move of side's only royal piece goes
// to royalLegal. Any other move must only move a piece over empty squares, perhaps capturing one enemy piece that
// is neither royal nor a ghost and has no onDeath hook where it ends,
// promoting itself into a type that is not royal, spawning a piece that
// is not royal on an empty square, or writing memory (not of a piece a
// due hook would promote then) — no other capture, removal, creation,
// promotion or result, and no due every hook deleting the mover. Then:
//
//   - in check, it is illegal if a check stands after it (checkStands);
//   - a fill-sensitive guard (lineGroup.fillSensitive) that reads nothing
//     the move changes, nor what the due hooks change (dueKnown), answers
//     as it recorded: no capture on a royal square;
//   - a vacancy-monotone guard that reads none of the squares the move
//     and the hooks empty cannot capture on a royal square after it, for
//     the squares the move fills only close paths; one that reads them
//     cannot either unless it does with the mover's square emptied
//     (pinners);
//   - the guards left — fill-sensitive ones that read what the move
//     changes, the mover's pinners, and in check the checkers it does
//     not capture — are asked
//     on the position with the move's own actions played (probeQuiet).
func (in *incState) quietLegal(m Move, side board.Side) (legal, known bool) {
	b := in.b
	pos := b.pos
	pc := &pos.Pieces[m.Piece]
	royal := b.prog.types[pc.Type].Royal
	if !pc.OnBoard || in.pieceDue(m.Piece, dueDeletes) || royal && len(in.royals) != 1 {
		return false, false
	}
	from := pc.Square
	at, captured, ok := in.weigh(m, side, royal)
	if !ok {
		return false, false
	}
	if royal {
		return in.royalLegal(m, side, at, captured)
	}
	keys, filled := in.quiet, in.filled
	victim := int32(-1)
	if captured >= 0 {
		victim = pos.At(board.Square(captured))
	}
	// the guards whose answer the move may change: fill-sensitive ones
	// that read what it changes, vacancy-monotone ones that read what it
	// empties, and in check the checkers it does not capture
	in.rerun = in.rerun[:0]
	if len(in.checkers) > 0 {
		if in.checkStands(keys, filled, victim) {
			return false, true
		}
		for _, c := range in.checkers {
			if c/int32(in.slots) != victim {
				in.rerun = append(in.rerun, c)
			}
		}
	}
	for _, g := range in.sensitive {
		if in.readsAny(int(g), keys) {
			in.rerun = append(in.rerun, g)
		}
	}
	// opened: the vacancy-monotone guards that read a square the move
	// empties; only those that capture on a royal square with the
	// mover's square emptied (its pinners) can after the move. In check
	// few moves get this far, and most of the pieces that make them
	// make one: asking the opened guards once costs less than finding
	// the pinners first
	opened := in.openedBy(m.Piece)
	switch {
	case len(opened) == 0:
	case len(in.checkers) > 0:
		in.rerun = append(in.rerun, opened...)
	default:
		pinners := in.pinners(m.Piece, side)
		if in.stillPinned(in.pins[m.Piece].start, pinners, keys, filled, from, victim) {
			return false, true
		}
		in.rerun = append(in.rerun, pinners...)
	}
	if len(in.rerun) == 0 {
		return true, true
	}
	return in.probeQuiet(m, side, in.rerun, in.royals)
}

// weigh lists what move m of side changes, as quietLegal and royalLegal
// require it: in.quiet gets the keys it changes, in.filled the squares it
// fills. It returns where the mover ends and the square it captures on
// (-1: none), or ok false when the move does more than they weigh. A
// royal mover may not promote nor spawn.
func (in *incState) weigh(m Move, side board.Side, royal bool) (at, captured int16, ok bool) {
	b := in.b
	pos := b.pos
	from := pos.Pieces[m.Piece].Square
	in.quiet = append(in.quiet[:0], int32(from), int32(in.keys.ply()), int32(in.keys.any()))
	in.quiet = append(in.quiet, in.dueKeys...)
	in.filled = in.filled[:0] // the squares the move fills
	at = int16(from)          // where the mover stands as the actions run
	captured = -1
	moverMem := false // the move writes the mover's memory
	for _, r := range m.refs {
		n := r.n
		placed := n.at(side, int(r.at))
		for i := range n.ops {
			o := &n.ops[i]
			sq := placed[i]
			if sq < 0 || !o.kind.isAction() {
				continue
			}
			switch o.kind {
			case opMov:
				// a mov removes what stands where it goes (a rider's path
				// through its own king, a ghost): play it. The squares a
				// piece only passes over are as empty after the move as
				// before: only where it ends counts
				if id := pos.At(board.Square(sq)); id >= 0 && id != m.Piece && sq != captured {
					return 0, 0, false
				}
				at = sq
			case opCapt:
				if id := pos.At(board.Square(sq)); id >= 0 {
					t := b.prog.types[pos.Pieces[id].Type]
					if captured >= 0 || pos.Pieces[id].Side == side || t.Royal || t.Ghost || len(t.OnDeath) > 0 {
						return 0, 0, false
					}
					captured = sq
				}
				in.quiet = append(in.quiet, int32(sq))
			case opPromote:
				// promoting another piece may arm an enemy or make a new
				// royal piece; promoting the mover into a royal type makes
				// one that must not stand attacked: play those
				if royal || sq != at || b.prog.types[o.typ].Royal {
					return 0, 0, false
				}
				in.quiet = append(in.quiet, int32(sq))
			case opSpawn:
				// a piece of side's own on an empty square fills it; it
				// cannot capture side's royal pieces
				if royal || pos.At(board.Square(sq)) >= 0 || b.prog.types[o.typ].Royal {
					return 0, 0, false
				}
				if o.drop && b.prog.dropCastle != nil {
					return 0, 0, false // it may make pieces unmoved: play it
				}
				in.quiet = append(in.quiet, int32(sq))
				in.filled = append(in.filled, int32(sq))
			case opSet, opAdd:
				switch o.a.Path[0] {
				case memory.Piece:
					// a piece whose due hook would promote it if its
					// memory changed: play it
					id := m.Piece
					if sq != at {
						id = pos.At(board.Square(sq))
					}
					if in.pieceDue(id, duePromotes) {
						return 0, 0, false
					}
					if sq == at {
						moverMem = true // its key is where the mover ends
					} else {
						in.quiet = append(in.quiet, int32(in.keys.pieceMem(board.Square(sq))))
					}
				case memory.Tile:
					in.quiet = append(in.quiet, int32(in.keys.tile(board.Square(sq))))
				case memory.Global:
					in.quiet = append(in.quiet, int32(in.keys.global()))
				}
			case opMark, opPass:
			default:
				return 0, 0, false
			}
		}
	}
	// a capture where the mover does not end empties that square
	if captured >= 0 && captured != at {
		return 0, 0, false
	}
	in.quiet = append(in.quiet, int32(at))
	if moverMem {
		in.quiet = append(in.quiet, int32(in.keys.pieceMem(board.Square(at))))
	}
	in.filled = append(in.filled, int32(at))
	return at, captured, true
}

// royalLegal judges move m of side's only royal piece, which weigh has
// weighed: it goes to at, capturing on captured (-1: none). Of the
// opponent's lines that could capture on at, one that reads nothing the
// move changes, nor what the due hooks change, answers as it recorded; the
// others are asked on the position with the move's own actions played
// (probeQuiet), as playing the move would ask them.
func (in *incState) royalLegal(m Move, side board.Side, at, captured int16) (legal, known bool) {
	by := side.Other()
	victim := int32(-1)
	if captured >= 0 {
		victim = in.b.pos.At(board.Square(captured))
	}
	keys := in.quiet
	in.rerun = in.rerun[:0]
	stands := false
	in.reaching(board.Square(at), by, func(h int) bool {
		switch {
		case int32(h/in.slots) == victim:
		case in.dirty[by].Has(h) || in.readsAny(h, keys):
			in.rerun = append(in.rerun, int32(h))
		default:
			stands = in.att[by].Subscribed(int(at), h)
		}
		return stands
	})
	if stands {
		return false, true
	}
	if len(in.rerun) == 0 {
		return true, true
	}
	in.moved[0] = board.Square(at)
	return in.probeQuiet(m, side, in.rerun, in.moved[:])
}

// probeQuiet decides the legality of a move quietLegal has weighed by
// running again only the guards in rerun, the others' answers standing:
// it plays the move's own actions on the position (no hooks run: the
// move captures nothing that has one), takes off the pieces whose due
// hooks delete them, asks the guards whether they capture on a royal
// square, and takes it all back. The hooks' other changes — memory — and
// the ply counter are not played, so a guard that read the ply counter,
// or that may read a piece's memory while due hooks write some (after the
// move it may see memory it did not see before), is left to playing the
// move (known false); a vacancy-monotone guard reads no memory.
func (in *incState) probeQuiet(m Move, side board.Side, rerun []int32, royals []board.Square) (legal, known bool) {
	b := in.b
	pos := b.pos
	for _, g := range rerun {
		if in.trig.Subscribed(in.keys.ply(), int(g)) || in.trig.Subscribed(in.keys.any(), int(g)) ||
			len(in.dueMemory) > 0 && in.readsMemory(int(g)) || in.rolls(int(g)) {
			return false, false
		}
	}
	mk := pos.Mark()
	b.apply(m.refs, m.Piece, side, m.local)
	for _, id := range in.dueDeleted {
		if pc := &pos.Pieces[id]; pc.OnBoard {
			pos.Remove(pc.Square)
		}
	}
	legal = true
	for _, g := range rerun {
		gid := g / int32(in.slots)
		if !pos.Pieces[gid].OnBoard {
			continue
		}
		for _, k := range royals {
			if legal && b.groupCaptures(gid, int(g)%in.slots, k, side.Other()) {
				legal = false
			}
		}
	}
	pos.Undo(mk)
	if b.err != nil {
		return false, false
	}
	return legal, true
}

// checkStands reports whether a check survives a move that quietLegal
// weighs — one that changes keys, fills the squares filled and captures
// piece victim (-1: none): some checker whose piece it does not capture
// reads nothing it changes, or, vacancy-monotone, no square it fills.
// Emptying squares only opens such a checker's paths.
func (in *incState) checkStands(keys, filled []int32, victim int32) bool {
	for _, c := range in.checkers {
		if c/int32(in.slots) == victim {
			continue
		}
		changed := filled
		if in.fillSensitive(int(c)) {
			changed = keys
		}
		if !in.readsAny(int(c), changed) {
			return true
		}
	}
	return false
}

// readsAny reports whether holder h read one of keys; a guard left dirty
// (markUnread) may have read anything.
func (in *incState) readsAny(h int, keys []int32) bool {
	if in.hmark[h]&markUnread != 0 {
		return len(keys) > 0
	}
	for _, k := range keys {
		if in.trig.Subscribed(int(k), h) {
			return true
		}
	}
	return false
}

// readsMemory reports whether holder h's group may read a piece's memory
// (lineGroup.readsMemory).
func (in *incState) readsMemory(h int) bool {
	return in.group(int32(h/in.slots), h%in.slots).readsMemory
}

// fillSensitive reports whether holder h's group has a capturing line
// that is not vacancy-monotone.
func (in *incState) fillSensitive(h int) bool {
	return in.group(int32(h/in.slots), h%in.slots).fillSensitive
}

// readsVacated reports whether holder h read from, or a square a due hook
// empties.
func (in *incState) readsVacated(h int, from board.Square) bool {
	return in.hmark[h]&markUnread != 0 || in.trig.Subscribed(int(from), h) || in.readsAny(h, in.dueVacated)
}

// Marks of holders (incState.hmark) and of pieces (incState.dueMark)
// while moves are judged.
const (
	markGuard   uint8 = 1 << iota // a guard: it could capture on a royal square
	markChecker                   // it captures on one now
	// a guard left dirty: what it read is not known. Only a flood multi
	// (lineGroup.flood), whose lines read nothing but squares, is left so
	markUnread
)

const (
	dueDeletes  uint8 = 1 << iota // a due hook deletes the piece
	duePromotes                   // a due hook would promote it if its memory changed
)

// pieceDue reports whether piece id (-1: none) has due hooks that do what
// mark says.
func (in *incState) pieceDue(id int32, mark uint8) bool {
	return id >= 0 && int(id) < len(in.dueMark) && in.dueMark[id]&mark != 0
}

// openedBy returns the vacancy-monotone guards other than the checkers
// that read the square of piece id (of the side to move) or one the due
// hooks empty: those its moves open. The answer holds for every move of
// the piece, so it is kept for the position.
func (in *incState) openedBy(id int32) []int32 {
	if span := in.opens[id]; span.end >= 0 {
		return in.openGuards[span.start:span.end]
	}
	start := int32(len(in.openGuards))
	from := in.b.pos.Pieces[id].Square
	for _, g := range in.monotone {
		if in.readsVacated(int(g), from) {
			in.openGuards = append(in.openGuards, g)
		}
	}
	in.opens[id] = pinSpan{start, int32(len(in.openGuards))}
	return in.openGuards[start:]
}

// pinSpan locates the pinners of a piece in incState.pinGuards, or the
// guards its moves open in incState.openGuards; end < 0 while they are
// not known.
type pinSpan struct{ start, end int32 }

// pinners returns the vacancy-monotone guards other than the checkers
// that capture on a royal square of side when the square of piece id (of
// side) and the squares the due hooks empty are emptied. Emptying a
// square only opens such a guard's paths and filling one only closes
// them, so no other one of them can capture on a royal square after a
// move of the piece (quietLegal). The answer holds for every move of the
// piece, so it is kept for the position.
func (in *incState) pinners(id int32, side board.Side) []int32 {
	if span := in.pins[id]; span.end >= 0 {
		return in.pinGuards[span.start:span.end]
	}
	b := in.b
	pos := b.pos
	start := int32(len(in.pinGuards))
	from := pos.Pieces[id].Square
	opened := in.openedBy(id)
	mk := pos.Mark()
	pos.Remove(from)
	for _, sq := range in.dueVacated {
		pos.Remove(board.Square(sq))
	}
	for _, g := range opened {
		gid := g / int32(in.slots)
		if !pos.Pieces[gid].OnBoard {
			continue
		}
		for _, k := range in.royals {
			if b.groupCaptures(gid, int(g)%in.slots, k, side.Other()) {
				in.pinGuards = append(in.pinGuards, g)
				in.recordPin(gid, int(g)%in.slots, k, side.Other())
				break
			}
		}
	}
	pos.Undo(mk)
	in.pins[id] = pinSpan{start, int32(len(in.pinGuards))}
	return in.pinGuards[start:]
}

// recordPin asks a pinner again whether it captures on royal square k,
// recording the keys it reads until it does: a move of the pinned piece
// that changes none of them, besides the squares pinners emptied, leaves
// the capture standing (stillPinned). Only pinners are asked twice.
// Nothing is recorded inside a multi's sub-move (b.noting), nor for a
// flood multi (the ubi-ubi): recording would walk it square by square,
// and what it reads — every square it reaches and their neighbours —
// holds the squares the pinned piece moves to.
func (in *incState) recordPin(gid int32, grp int, k board.Square, by board.Side) {
	b := in.b
	if b.noting != nil || in.group(gid, grp).flood {
		in.pinReadAt = append(in.pinReadAt, -1)
		return
	}
	words := (in.keys.count() + 63) / 64
	if len(in.recorder.keys) < words {
		in.recorder.keys = make(bitset, words)
	}
	clear(in.recorder.keys)
	b.noting = &in.recorder
	hit := b.groupCaptures(gid, grp, k, by)
	b.noting = nil
	if !hit || b.err != nil {
		in.pinReadAt = append(in.pinReadAt, -1)
		return
	}
	in.pinReadAt = append(in.pinReadAt, int32(len(in.pinReads)))
	in.pinReads = append(in.pinReads, in.recorder.keys[:words]...)
}

// stillPinned reports whether one of piece id's pinners (pinners, its
// entries start on) read none of keys — the keys of a move that fills
// the squares filled and captures piece victim (-1: none) — but from and
// the squares the due hooks empty, which were empty when it captured and
// the move does not fill: the move leaves that capture of a royal square
// standing, unless it captures the pinner itself.
func (in *incState) stillPinned(start int32, pinners []int32, keys, filled []int32, from board.Square, victim int32) bool {
	words := (in.keys.count() + 63) / 64
	for i, g := range pinners {
		at := int(in.pinReadAt[int(start)+i])
		if at < 0 || g/int32(in.slots) == victim {
			continue
		}
		reads := in.pinReads[at : at+words]
		untouched := true
		for _, key := range keys {
			emptied := (key == int32(from) || slices.Contains(in.dueVacated, key)) && !slices.Contains(filled, key)
			if !emptied && reads.has(int(key)) {
				untouched = false
				break
			}
		}
		if untouched {
			return true
		}
	}
	return false
}

// group returns line group grp of piece id's type.
func (in *incState) group(id int32, grp int) *lineGroup {
	pc := &in.b.pos.Pieces[id]
	return &in.b.prog.types[pc.Type].groups[grp]
}

// keyRecorder is an observer that notes the keys a generation reads.
type keyRecorder struct{ keys bitset }

func (r *keyRecorder) read(key, _ int)          { r.keys.set(key) }
func (r *keyRecorder) attack(board.Square, int) {}
func (r *keyRecorder) made(int)                 {}
