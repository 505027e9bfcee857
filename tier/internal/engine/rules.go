package engine

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: tables. Compile turns a spec.Variant into Rules: each script
// sorted by shape — a plain move (one square's condition, a mov there,
// maybe a capt before and a promote after) goes into per-square sets,
// whatever else stays a script tested condition by condition — the rays
// of the sliding lines, and the reverse tables the attack test reads.

// Rules is a compiled variant. It is immutable, but for the wall turns'
// book a lock guards (walls.go), and safe to share.
type Rules struct {
	spec   *spec.Variant
	n      int // squares
	full   set // every square
	ntypes int
	royal  []bool
	real   []bool
	ghost  []bool
	resets []bool
	// back[t]: spec.Type.Back, where a resets type's moves can be taken back
	back [][2][][]board.Square

	anyReal, anyRoyal bool
	realTypes         []int // the types real marks, counted by the extinction rule
	// lastRoyal: the royal types are royal only while their side has one
	// piece of them (spec.Type.LastRoyal), every one of them
	lastRoyal  bool
	ghostTypes uint64 // bit t for each ghost type
	// steadfastTypes: bit t for each steadfast type (steadfast.go)
	steadfastTypes uint64
	// touches[t]: what a move of type t touches (touch.go); nil when no
	// type touches
	touches []*touchTable
	// wallType: the wall rule's type, -1 for none; wallAnywhere: it moves
	// anywhere, else it is shot (walls.go)
	wallType     int
	wallAnywhere bool
	wallBook     *wallBook // the wall turns named, shared by the positions

	// plain moves, by table(t, s, sq): the targets of moves that only
	// move (quiet) or capture and move (capt)
	quiet, capt []set
	promos      [][]promoGroup // per type
	// per type: the lines whose actions are plain but whose conditions
	// are not (en passant's "is ghost capt mov"), and the other scripts
	condPlain [][]int // ids into scripts
	special   [][]int // ids into scripts
	scripts   []scriptLine
	// shapes[t*2+s]: what a piece of type t and side s generates besides
	// its plain tables
	shapes []shape
	// at[table(t, s, sq)]: the scripts a piece there may play — the
	// conditionally plain ones without promotion, then the special ones
	// (from special on) — so that generation looks only at those
	at []scriptsAt

	dirs     [2][]direction
	typeDirs [][2][]typeDir // per type and side, without those of typeLooks
	// typePromoDirs: per type and side, the rides whose moves promote
	// (promotions generates them)
	typePromoDirs [][2][]typeDir
	// filters: the rides' target filters (typeDir.to), each kept once
	filters []rideFilter
	// typeLooks: per type and side, the groups of four rays a magic
	// lookup answers (8x8 boards, a width with lookups)
	typeLooks [][2][]typeLook
	// attack side of the same: attackDirs[s] are capDirs[s] without the
	// rays capLooks[s] answer
	attackDirs [2][]capDir
	capLooks   [2][]capLook
	sliders    sliders    // the lookups' tables, when some type uses them
	typeHops   [][2][]hop // per type and side
	// hopRev[s][sq]: the hops of side s that may capture on sq, with the
	// hurdle they jump; hasHop[s]: side s hops
	hopRev [2][][]hopCapture
	hasHop [2]bool
	// hopBoard[s]: every condition of side s's hops is a board condition
	// (empty, piece, enemy, ally), which holdsAgainst reads from the
	// occupancy a judged move would leave
	hopBoard [2]bool
	// hopSquare[s]: side s's hops read is too, but only board conditions
	// and is, in a variant without ghosts (odd_square.go)
	hopSquare [2]bool
	// the multis: per type and side, ids into multis; chainNeed[table(t,
	// s, sq)]: where every multi of the type asks for an enemy somewhere,
	// the squares they ask it on (multi.enemies), none otherwise
	multis     []multi
	chains     *chainBook // the multi paths named, shared by the positions
	typeMultis [][2][]int
	// the goal rule (goal.go): per side the type that reaches the goal
	// and the squares where it does
	goalType   [2]int
	goalRegion [2]set
	chainNeed  []set
	// cells[table(t, s, sq)]: what generation reads first (cell)
	cells []cell
	// bulks[t*2+s]: how countPseudo counts a type's plain moves at once
	bulks []bulk

	// the attack test's tables: revCapt[table(t, s, sq)] holds the squares
	// from which a piece of type t and side s captures on sq with a plain
	// capture; odd[s][sq] the other capturing scripts of side s that may
	// capture on sq; capDirs[s] the directions side s captures along
	revCapt []set
	odd     [2][][]oddCapture
	capDirs [2][]capDir
	// partialDirs[s]: the directions along which a type of side s
	// captures only on some squares (its rides' filters do not cover the
	// ray): attacked follows them; the judge, which counts checkers and
	// pins along capDirs alone, plays every move
	partialDirs [2][]partialDir
	oddFree     [2]bool // every odd capture of the side needs a ghost on its square
	// oddQuick: every odd capture of the side is boardOnly or ghostOnly,
	// so that the judge can follow those on a king (judge.oddWatch)
	oddQuick [2]bool
	// oddSquare: some odd capture of the side is squareOnly (odd_square.go)
	oddSquare [2]bool
	hasOdd    [2]bool // the side has odd captures
	// scriptRoyal: some capturing script captures more than one square
	// (atomic chess's blast), so the attack test asks whether it would
	// take a royal piece of the capturer's side (takesOwnRoyal)
	scriptRoyal bool
	capTypes    [2][]int // the types with plain captures, per side
	// promoFrom[table(t, s, sq)]: a piece there may promote
	promoFrom []bool

	// drops[t][s]: the squares a piece of type t in side s's hand may be
	// dropped on, when no piece stands there; dropTypes: the types with
	// some. toHand: captured pieces go to the capturer's hand; demotes:
	// as their type before promotion, which Position.origin keeps
	drops     [][2]set
	dropTypes []int
	// promotedDrops[t][s]: where a piece of type t in side s's hand may be
	// dropped showing type dropFace[t] (-1 for none), promoted from t
	promotedDrops [][2]set
	dropFace      []int
	// dropLimit[t]: the files a drop of type t avoids (spec.Type's
	// DropLimit), Count 0 for none; files[x]: the squares of file x
	dropLimit []spec.FileLimit
	files     []set
	// colour[c]: the squares whose file plus rank is c modulo 2 (drops
	// bicolor's colours)
	colour          [2]set
	toHand, demotes bool
	// lasting[from*ntypes+to]: a promotion of a from into a to restarts
	// the half-move clock (spec.Variant.LastingPromotions)
	lasting []bool
	// everyTypes: the types with an every hook (spec.Type.Every)
	everyTypes []int
	// gating (gate.go): gateTypes, the types with gates; per type and
	// side, the squares where its gate holds for a piece leaving them
	// unmoved (gateUnmoved) and moved (gateMoved); per side, the squares
	// where some type's may (gateSquares), and the squares from which a
	// script may leave one of those (gateScripts)
	gateTypes                []int
	gateUnmoved, gateMoved   [][2]set
	gateSquares, gateScripts [2]set
	// fill: the rules of a board-filling game and the types' flips
	// (flip.go), nil for none; facing: the facing rule (facing.go), nil
	// for none
	fill   *fillRules
	facing *facingRules

	zobrist zobrist
}

// promoGroup is a type's plain moves that promote to one type.
type promoGroup struct {
	to          int
	quiet, capt []set // by side*n + square
}

// scriptLine is a line kept as scripts.
type scriptLine struct {
	typ        int
	at         [2][]*spec.Script
	plainActs  bool // acts are "mov T" or "capt T, mov T", maybe "promote X" at T
	capture    bool // plainActs with a capt
	promo      int  // plainActs: the promotion type, or -1
	needsGhost bool // a condition asks for a ghost: nothing to test without one
	// moveLike: the mover's one mov, maybe ghosts spawned and a promote
	// on its target — legal exactly when the plain move would be
	moveLike bool
	// relocates: its actions only move, lift and set down pieces (a
	// castling): nothing leaves the board or changes type
	relocates bool
	promotes  bool // an action promotes
	// noCheck: a script of the line holds a NoCheck (the move is legal
	// only if it leaves the opponent's royal pieces safe)
	noCheck bool
	// per side and square: the script's effect as the interpreter's
	// move signature sees it (sig), and, when that effect is a plain
	// move's, the plain move (asPlain; 0 otherwise) — two moves of one
	// piece with one effect are one move
	sig     [2][]uint64
	asPlain [2][]spec.Move
	// gateSq[s][sq]: in a variant with gates, the squares the script
	// played from sq may leave where a gate may hold (-1 for none; a
	// lifted piece's square only when the piece is of the mover's side)
	gateSq [2][][2]int16
	// plainAttack[s][sq]: the script captures on one square, which its
	// only conditions ask to hold a piece (of the opponent): for the
	// attack test it is a plain capture, in revCapt
	plainAttack [2][]bool
}

// shape is what a type of one side generates besides its plain tables:
// its lookups, rays and hops, and whether it has scripts or promotions
// anywhere (so that generation skips what a type has not).
type shape struct {
	looks     []typeLook
	dirs      []typeDir
	promoDirs []typeDir // rides that promote (promotions)
	hops      []hop
	multis    []int // ids into Rules.multis
	scripts   bool
	// table: some square has plain targets in the cells; a type without
	// them and without scripts (a rider) never reads its cells
	table bool
}

// scriptsAt are the scripts a piece may play from one square.
type scriptsAt struct {
	refs    []scriptRef
	special int // refs[special:] are special
}

// scriptRef is one script of a line on one square; ghost is the square
// it needs a ghost on (-1 for none): without one there it cannot hold.
type scriptRef struct {
	id    int
	s     *spec.Script
	ghost int
	// what the script's plain conditions ask, tested first and at once:
	// squares that must be empty, and squares that must hold an unmoved
	// piece; rest are its other conditions, tested in order after
	empty, unmoved set
	rest           []spec.Cond
}

// direction is a ray shape of one side: from each square the squares it
// passes, in increasing (up) or decreasing square order, and the reverse
// ray (the squares from which a ride along it reaches the square).
type direction struct {
	ray, rev  []set
	up, revUp bool
	next      []int16 // the step itself, per square (-1 off the board), for walkRays
	prev      []int16 // the step back
}

type typeDir struct {
	dir     int
	capture bool
	// to and captTo, when not nil: per start square, the squares its
	// quiet moves and its captures may end on (spec.Ride's From, To and
	// CaptureTo); filter their index in Rules.filters, -1 for none
	to, captTo []set
	filter     int
	promo      int // the type its moves promote to, -1 for none
	// reach, with a filter: the squares from which the ray passes a
	// square the filter keeps (elsewhere the ride makes no move)
	reach set
}

// rideFilter is a ride's filter: per start square, the targets its quiet
// moves and its captures may have.
type rideFilter struct {
	quiet, capt []set
}

// partialDir is a direction along which a type captures only on the
// squares to holds, per square the piece stands on.
type partialDir struct {
	dir, typ int
	to       []set
}

// hop is a hopping line of one side: its ray and, per hurdle square, the
// then clause's script there.
type hop struct {
	dir  int
	then []*spec.Script
	// tests: per hurdle, the then clause's conditions as sets, when every
	// one of them is a board condition (nil otherwise)
	tests []subTest
	// land: per hurdle, where a grasshopper's hop lands (-1 for none),
	// when every then clause only asks for a piece on the hurdle and, on
	// the landing square, nothing (capture false) or an enemy (capture
	// true) — nil otherwise
	land    []int16
	capture bool
}

// hopCapture is a hop that captures on a square after jumping hurdle.
type hopCapture struct {
	typ    int
	dir    int
	hurdle int
	s      *spec.Script
}

// look is a magic lookup: the rook's four rays or the bishop's.
type look uint8

const (
	rookLook look = iota
	bishopLook
)

// rays answers a lookup.
func (k look) rays(l sliders, sq int, occ set) set {
	if k == rookLook {
		return rookRays(l, sq, occ)
	}
	return bishopRays(l, sq, occ)
}

type typeLook struct {
	kind    look
	capture bool
	to      []set // the rides' filter (typeDir.to and captTo), nil for none
	captTo  []set
}

// capLook is a lookup some of a side's types capture along.
type capLook struct {
	kind  look
	types []int
}

// capDir is a direction some of a side's types capture along.
type capDir struct {
	dir   int
	types []int
}

// oddCapture is a capturing script that is not a plain capture.
type oddCapture struct {
	typ  int
	from board.Square
	s    *spec.Script
	// boardOnly: its conditions are all of the board (empty, piece,
	// enemy, ally), so that it can be judged on the occupancy a move
	// would leave; reads: the squares they read
	boardOnly bool
	reads     set
	// ghostOnly: it captures on its square only when a ghost is there
	// (an en-passant capture)
	ghostOnly bool
	// squareOnly: not boardOnly, but each condition reads only its own
	// square (odd_square.go); reads then holds them all
	squareOnly bool
}

func (r *Rules) table(t int, s board.Side, sq int) int { return (t*2+int(s))*r.n + sq }

// Squares returns the number of squares of the board.
func (r *Rules) Squares() int { return r.n }

// Compile builds the tables for v. It fails for a board larger than this
// engine's sets, too many types or script lines, or a ray whose squares
// do not run in square order (which a rectangular board never gives).
func Compile(v *spec.Variant) (*Rules, error) {
	n := v.Width * v.Height
	if n > maxSquares || n <= 0 {
		return nil, fmt.Errorf("tier: %d squares (at most %d)", n, maxSquares)
	}
	nt := len(v.Types)
	if nt > spec.MaxTypes {
		return nil, fmt.Errorf("tier: %d piece types (at most %d)", nt, spec.MaxTypes)
	}
	r := &Rules{spec: v, n: n, ntypes: nt,
		royal: make([]bool, nt), real: make([]bool, nt), ghost: make([]bool, nt), resets: make([]bool, nt), back: make([][2][][]board.Square, nt),
		quiet: make([]set, nt*2*n), capt: make([]set, nt*2*n), revCapt: make([]set, nt*2*n),
		promos: make([][]promoGroup, nt), condPlain: make([][]int, nt), special: make([][]int, nt),
		typeDirs: make([][2][]typeDir, nt), typePromoDirs: make([][2][]typeDir, nt), typeHops: make([][2][]hop, nt), typeLooks: make([][2][]typeLook, nt),
		typeMultis: make([][2][]int, nt)}
	for sq := range n {
		r.full = r.full.with(sq)
	}
	for s := range 2 {
		r.odd[s] = make([][]oddCapture, n)
		r.hopRev[s] = make([][]hopCapture, n)
	}
	for t, ty := range v.Types {
		r.royal[t], r.real[t], r.ghost[t], r.resets[t] = ty.Royal, ty.Real, ty.Ghost, ty.Resets
		r.back[t] = ty.Back
		r.anyRoyal = r.anyRoyal || ty.Royal
		r.anyReal = r.anyReal || ty.Real
		if ty.Real {
			r.realTypes = append(r.realTypes, t)
		}
		r.lastRoyal = r.lastRoyal || ty.LastRoyal
		if ty.Ghost {
			r.ghostTypes |= 1 << t
		}
	}
	if r.lastRoyal {
		for _, ty := range v.Types {
			if ty.Royal != ty.LastRoyal {
				return nil, fmt.Errorf("tier: %s is royal beside lastroyal types", ty.Name)
			}
		}
	}
	if err := r.addDrops(v); err != nil {
		return nil, err
	}
	if err := r.addFill(v); err != nil {
		return nil, err
	}
	for t := range v.Types {
		if len(v.Types[t].OnDeath.At[0]) > 0 || len(v.Types[t].OnDeath.At[1]) > 0 {
			if err := r.checkLine(t, v.Types[t].OnDeath); err != nil {
				return nil, err
			}
		}
		if every := v.Types[t].Every; every.At[0] != nil || every.At[1] != nil {
			if err := r.checkEvery(t, every); err != nil {
				return nil, err
			}
			r.everyTypes = append(r.everyTypes, t)
		}
		for _, l := range v.Types[t].Lines {
			if err := r.addLine(t, l); err != nil {
				return nil, err
			}
		}
		for _, ride := range v.Types[t].Rides {
			if err := r.addRide(t, ride); err != nil {
				return nil, err
			}
		}
		for _, h := range v.Types[t].Hops {
			if err := r.addHop(t, h); err != nil {
				return nil, err
			}
		}
		for _, mu := range v.Types[t].Multis {
			if err := r.addMulti(t, mu); err != nil {
				return nil, err
			}
		}
	}
	if len(r.multis) > 0 && testsSafe(v) {
		return nil, fmt.Errorf("tier: a multi in a variant with safe tests")
	}
	r.indexAttacks()
	if err := r.addGateRules(v); err != nil {
		return nil, err
	}
	if err := r.compileNoChecks(v); err != nil {
		return nil, err
	}
	if err := r.checkHarmless(v); err != nil {
		return nil, err
	}
	if err := r.addFacing(v); err != nil {
		return nil, err
	}
	if err := r.addPassRule(v); err != nil {
		return nil, err
	}
	if err := r.compileSteadfast(v); err != nil {
		return nil, err
	}
	if err := r.compileTouch(v); err != nil {
		return nil, err
	}
	if err := r.compileWalls(v); err != nil {
		return nil, err
	}
	r.findHopSquare()
	r.groupLookups(v)
	for t := range nt {
		for s := range 2 {
			sh := &r.shapes[t*2+s]
			sh.looks, sh.dirs, sh.hops, sh.multis = r.typeLooks[t][s], r.typeDirs[t][s], r.typeHops[t][s], r.typeMultis[t][s]
			sh.promoDirs = r.typePromoDirs[t][s]
			slices.SortStableFunc(sh.hops, func(a, b hop) int { return a.dir - b.dir }) // one hurdle per direction (targets)
		}
	}
	r.findBulks()
	r.zobrist = newZobrist(nt, n)
	return r, nil
}

// addDrops sorts the types' drop squares into sets.
func (r *Rules) addDrops(v *spec.Variant) error {
	r.toHand, r.demotes = v.ToHand, v.ToHand && v.Demotes
	r.lasting = make([]bool, r.ntypes*r.ntypes)
	if len(v.LastingPromotions) == len(r.lasting) {
		copy(r.lasting, v.LastingPromotions)
	}
	r.drops, r.promotedDrops = make([][2]set, r.ntypes), make([][2]set, r.ntypes)
	r.dropFace = make([]int, r.ntypes)
	r.dropLimit = make([]spec.FileLimit, r.ntypes)
	r.files = make([]set, v.Width)
	for sq := range r.n {
		r.files[sq%v.Width].add(sq)
		r.colour[(sq%v.Width+sq/v.Width)%2].add(sq)
	}
	for t, ty := range v.Types {
		r.dropFace[t] = -1
		promoted := ty.DropPromoted[0] != nil || ty.DropPromoted[1] != nil
		if ty.Drop[0] == nil && ty.Drop[1] == nil && !promoted {
			continue
		}
		if ty.Ghost || ty.LastRoyal {
			// (a lastroyal piece dropped: whether it is guarded at once
			// is a rule the interpreter does not state)
			return fmt.Errorf("tier: %s, a ghost or lastroyal type, is dropped", ty.Name)
		}
		if promoted {
			if f := ty.DropFace; f < 0 || f >= r.ntypes || v.Types[f].Ghost || v.Types[f].Royal {
				return fmt.Errorf("tier: %s is dropped as type %d, not a type there is, or a ghost or royal one", ty.Name, f)
			}
			r.dropFace[t] = ty.DropFace
		}
		r.dropTypes = append(r.dropTypes, t)
		if lim := ty.DropLimit; lim.Count > 0 {
			if lim.Type < 0 || lim.Type >= r.ntypes {
				return fmt.Errorf("tier: drops of %s limited by type %d", ty.Name, lim.Type)
			}
			r.dropLimit[t] = lim
		}
		for s := range 2 {
			for _, d := range []struct {
				on   []bool
				sets *set
			}{{ty.Drop[s], &r.drops[t][s]}, {ty.DropPromoted[s], &r.promotedDrops[t][s]}} {
				if d.on == nil {
					continue
				}
				if len(d.on) != r.n {
					return fmt.Errorf("tier: drops of %s on %d squares, not %d", ty.Name, len(d.on), r.n)
				}
				for sq, ok := range d.on {
					if ok {
						d.sets.add(sq)
					}
				}
			}
		}
	}
	if v.Bicolor && !contains(r.dropTypes, v.BicolorType) {
		return fmt.Errorf("tier: drops bicolor names type %d, which is not dropped", v.BicolorType)
	}
	if dc := v.DropCastle; dc != nil {
		if dc.King < 0 || dc.King >= r.ntypes || dc.Rook < 0 || dc.Rook >= r.ntypes {
			return fmt.Errorf("tier: drops castle names types %d and %d", dc.King, dc.Rook)
		}
		for s := range 2 {
			for _, sq := range append([]board.Square{dc.KingSq[s]}, dc.RookSqs[s]...) {
				if sq < 0 || int(sq) >= r.n {
					return fmt.Errorf("tier: drops castle names square %d", sq)
				}
			}
		}
	}
	return nil
}

// checkEvery checks an every hook's line: placed on every square, its
// actions only win and lose, on a type that is no ghost.
func (r *Rules) checkEvery(t int, l spec.Line) error {
	if r.ghost[t] {
		return fmt.Errorf("tier: an every hook on %s, a ghost", r.spec.Types[t].Name)
	}
	if err := r.checkLine(t, l); err != nil {
		return err
	}
	for s := range 2 {
		for _, sc := range l.At[s] {
			for _, a := range scriptActs(sc) {
				if a.Kind != spec.Win && a.Kind != spec.Lose {
					return fmt.Errorf("tier: an every hook of %s that does more than win or lose", r.spec.Types[t].Name)
				}
			}
		}
	}
	return nil
}

// scriptActs returns a script's actions (none for no script).
func scriptActs(sc *spec.Script) []spec.Act {
	if sc == nil {
		return nil
	}
	return sc.Acts
}

// checkLine checks that a line is placed on every square and names only
// squares and types there are.
func (r *Rules) checkLine(t int, l spec.Line) error {
	for s := range 2 {
		if len(l.At[s]) != r.n {
			return fmt.Errorf("tier: a line of %s is placed on %d squares, not %d", r.spec.Types[t].Name, len(l.At[s]), r.n)
		}
		for _, sc := range l.At[s] {
			if sc != nil {
				if err := r.check(sc); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// addLine sorts one line's scripts into the tables.
func (r *Rules) addLine(t int, l spec.Line) error {
	if err := r.checkLine(t, l); err != nil {
		return err
	}
	var kept scriptLine
	kept.typ, kept.promo = t, -1
	keep, allPlain := false, true
	for s := range 2 {
		side := board.Side(s)
		for sq, sc := range l.At[s] {
			if sc == nil {
				continue
			}
			target, capture, promo, ok := plainActs(sc)
			ok = ok && int(target) != sq // a mov where it stands is a script
			if ok {
				if quiet, captures := plainConds(sc, target); quiet && !capture || captures && capture {
					r.addPlain(t, side, sq, target, capture, promo)
					if capture {
						r.addAttack(t, side, sq, int(target))
					}
					continue
				}
			}
			if kept.at[s] == nil {
				kept.at[s] = make([]*spec.Script, r.n)
			}
			kept.at[s][sq] = safeLast(sc)
			keep = true
			if ok {
				kept.plainActs, kept.capture, kept.promo = true, capture, promo
			} else {
				allPlain = false
			}
			for _, c := range sc.Conds {
				if c.Kind == spec.Is && !c.Not && c.Types&^r.ghostTypes == 0 {
					kept.needsGhost = true
				}
			}
		}
	}
	if !keep {
		return nil
	}
	if !allPlain {
		// a script that is no plain move on some square (a mov where
		// the piece stands, one that goes off the board) makes the whole
		// line special: a plain move from a square to itself would be
		// the zero Move
		kept.plainActs, kept.capture, kept.promo = false, false, -1
	}
	if len(r.scripts) >= spec.MaxLines {
		return fmt.Errorf("tier: more than %d script lines", spec.MaxLines)
	}
	kept.moveLike = r.moveLike(kept)
	kept.relocates = relocates(kept)
	for s := range 2 {
		kept.sig[s], kept.asPlain[s] = make([]uint64, r.n), make([]spec.Move, r.n)
		for sq, sc := range kept.at[s] {
			if sc == nil {
				continue
			}
			for _, a := range sc.Acts {
				kept.promotes = kept.promotes || a.Kind == spec.Promote
				kept.noCheck = kept.noCheck || a.Kind == spec.NoCheck
			}
			eff := &spec.Script{Acts: effect(sc.Acts)}
			kept.sig[s][sq] = effectSignature(sc.Acts)
			if target, capture, promo, ok := plainActs(eff); ok && int(target) != sq {
				kept.asPlain[s][sq] = spec.PlainMove(sq, int(target), promo, capture)
			}
		}
	}
	id := len(r.scripts)
	for s := range 2 {
		kept.plainAttack[s] = make([]bool, r.n)
		for sq, sc := range kept.at[s] {
			if target, ok := attackTarget(sc); ok {
				kept.plainAttack[s][sq] = true
				r.addAttack(t, board.Side(s), sq, int(target))
			}
		}
	}
	r.scripts = append(r.scripts, kept)
	if kept.plainActs {
		if kept.promo >= 0 {
			// promotions walks the conditionally plain lines by group:
			// the group must be there when no plain table promotes so
			r.promoGroup(t, kept.promo)
		}
		r.condPlain[t] = append(r.condPlain[t], id)
	} else {
		r.special[t] = append(r.special[t], id)
	}
	return nil
}

// safeLast returns a copy of sc whose safe and harmless conditions come
// after the others: each condition is a pure test of the position, so
// their order changes no answer, and those are the ones that cost an
// attack test.
func safeLast(sc *spec.Script) *spec.Script {
	costly := func(k spec.CondKind) bool { return k == spec.Safe || k == spec.Harmless }
	c := &spec.Script{Acts: sc.Acts}
	for _, cond := range sc.Conds {
		if !costly(cond.Kind) {
			c.Conds = append(c.Conds, cond)
		}
	}
	for _, cond := range sc.Conds {
		if costly(cond.Kind) {
			c.Conds = append(c.Conds, cond)
		}
	}
	return c
}

// addAttack records that a piece of type t and side s on from captures on
// to with a plain capture.
func (r *Rules) addAttack(t int, s board.Side, from, to int) {
	i := r.table(t, s, to)
	r.revCapt[i] = r.revCapt[i].with(from)
}

// attackTarget reports whether a script captures on one square only,
// every condition of it asking that square to hold a piece or an enemy,
// and returns the square.
func attackTarget(sc *spec.Script) (board.Square, bool) {
	if sc == nil {
		return 0, false
	}
	target, n := board.Square(-1), 0
	for _, a := range sc.Acts {
		if a.Kind == spec.Capt {
			target, n = a.Sq, n+1 // a marked capture too: it may take the capturer's own royal piece
		}
	}
	if n != 1 || len(sc.Conds) == 0 {
		return 0, false
	}
	for _, c := range sc.Conds {
		if c.Sq != target || c.Not || c.Kind != spec.Enemy && c.Kind != spec.Piece {
			return 0, false
		}
	}
	return target, true
}

// moveLike reports whether every script of a line changes the board as a
// plain move from its square to its mov's target would, but for ghosts.
func (r *Rules) moveLike(l scriptLine) bool {
	for s := range 2 {
		for sq, sc := range l.at[s] {
			if sc == nil {
				continue
			}
			movs := 0
			for _, a := range sc.Acts {
				switch {
				case a.Kind == spec.Mov && int(a.Sq) != sq:
					movs++
				case a.Kind == spec.Spawn && r.ghost[a.Type]:
				case a.Kind == spec.Promote && movs == 1 && a.Sq == lastMov(sc, sq) && !r.royal[a.Type]:
				default:
					return false
				}
			}
			if movs != 1 {
				return false
			}
		}
	}
	return true
}

// relocates reports whether every script of a line only moves, lifts and
// sets down pieces, with at least one mov.
func relocates(l scriptLine) bool {
	for s := range 2 {
		for _, sc := range l.at[s] {
			if sc == nil {
				continue
			}
			movs := 0
			for _, a := range sc.Acts {
				switch a.Kind {
				case spec.Mov:
					movs++
				case spec.Pick, spec.Put:
				default:
					return false
				}
			}
			if movs == 0 {
				return false
			}
		}
	}
	return true
}

// effect returns the actions as the interpreter's move signature sees
// them (eachEffect).
func effect(acts []spec.Act) []spec.Act {
	var out []spec.Act
	eachEffect(acts, func(a spec.Act) { out = append(out, a) })
	return out
}

// effectSignature is signature(effect(acts)), without building the
// effect.
func effectSignature(acts []spec.Act) uint64 {
	h := uint64(14695981039346656037)
	eachEffect(acts, func(a spec.Act) {
		h = (h ^ (uint64(a.Kind)<<32 | uint64(uint16(a.Sq))<<8 | uint64(a.Type))) * 1099511628211
	})
	return h
}

// eachEffect calls f with the actions as the interpreter's move signature
// sees them: a mov is held back until an action touches its square or
// another mov overrides it, so that a slide's steps and the direct jump
// read the same; a pass is nothing.
func eachEffect(acts []spec.Act, f func(spec.Act)) {
	pending := -1
	for _, a := range acts {
		switch {
		case a.Kind == spec.Mov:
			pending = int(a.Sq)
			continue
		case a.Kind == spec.Pass:
			continue
		case pending == int(a.Sq):
			f(spec.Act{Kind: spec.Mov, Sq: a.Sq})
			pending = -1
		}
		f(a)
	}
	if pending >= 0 {
		f(spec.Act{Kind: spec.Mov, Sq: board.Square(pending)})
	}
}

// check refuses a script that names a square or type out of range.
func (r *Rules) check(sc *spec.Script) error {
	if err := r.checkConds(sc.Conds); err != nil {
		return err
	}
	for _, a := range sc.Acts {
		if int(a.Sq) < 0 || int(a.Sq) >= r.n || a.Kind > spec.Outflank ||
			(a.Kind == spec.Spawn || a.Kind == spec.Promote) && (a.Type < 0 || a.Type >= r.ntypes) ||
			!a.Marked && (len(a.If) > 0 || a.WithPrev) {
			return fmt.Errorf("tier: bad action %+v", a)
		}
		if (a.Kind == spec.Flip || a.Kind == spec.Outflank) && (r.fill == nil || r.anyRoyal) {
			// (flip.go: the judge would not see a flip change a check)
			return fmt.Errorf("tier: a flip without fill rules, or beside royal pieces")
		}
		if err := r.checkConds(a.If); err != nil {
			return err
		}
	}
	return nil
}

// checkConds refuses a condition that names a square out of range, or
// that is unknown.
func (r *Rules) checkConds(conds []spec.Cond) error {
	for _, c := range conds {
		if int(c.Sq) < 0 || int(c.Sq) >= r.n || c.Kind > spec.Outflanks {
			return fmt.Errorf("tier: bad condition %+v", c)
		}
		if c.Kind == spec.Outflanks && r.fill == nil {
			return fmt.Errorf("tier: an outflanks test without fill rules")
		}
		if c.Kind == spec.Count || c.Kind == spec.Harmless {
			if bits.OnesCount64(c.Types) != 1 || bits.TrailingZeros64(c.Types) >= r.ntypes || int(c.From) < 0 || int(c.From) >= r.n {
				return fmt.Errorf("tier: bad condition %+v", c)
			}
		}
	}
	return nil
}

// checkHarmless refuses a harmless test of a type that captures
// otherwise than with plain captures and rides (Position.harmless reads
// only those): with hops, multis or capturing scripts.
func (r *Rules) checkHarmless(v *spec.Variant) error {
	checked := map[int]bool{}
	check := func(conds []spec.Cond) error {
		for _, c := range conds {
			if c.Kind != spec.Harmless {
				continue
			}
			t := bits.TrailingZeros64(c.Types)
			if checked[t] {
				continue
			}
			checked[t] = true
			odd := len(r.typeHops[t][0])+len(r.typeHops[t][1])+len(r.typeMultis[t][0])+len(r.typeMultis[t][1]) > 0
			for _, id := range append(slices.Clone(r.condPlain[t]), r.special[t]...) {
				for s := range 2 {
					for _, sc := range r.scripts[id].at[s] {
						for _, a := range scriptActs(sc) {
							odd = odd || a.Kind == spec.Capt
						}
					}
				}
			}
			if odd {
				return fmt.Errorf("tier: harmless %s: a type that captures otherwise than with plain captures and rides", v.Types[t].Name)
			}
		}
		return nil
	}
	for _, ty := range v.Types {
		lines := slices.Clone(ty.Lines)
		lines = append(lines, ty.Every, ty.OnDeath)
		for _, h := range ty.Hops {
			lines = append(lines, h.Then)
		}
		for _, mu := range ty.Multis {
			lines = append(lines, mu.Subs...)
		}
		for _, l := range lines {
			for s := range 2 {
				for _, sc := range l.At[s] {
					if sc == nil {
						continue
					}
					if err := check(sc.Conds); err != nil {
						return err
					}
					for _, a := range sc.Acts {
						if err := check(a.If); err != nil {
							return err
						}
					}
				}
			}
		}
	}
	return nil
}

// plainActs reports whether a script's actions are "mov T", "capt T, mov
// T", either followed by "promote X" at T, and returns T, whether it
// captures and X (-1 for none).
func plainActs(sc *spec.Script) (target board.Square, capture bool, promo int, ok bool) {
	acts := sc.Acts
	promo = -1
	if len(acts) > 0 && acts[0].Kind == spec.Capt {
		capture = true
		target = acts[0].Sq
		acts = acts[1:]
		if len(acts) == 0 || acts[0].Kind != spec.Mov || acts[0].Sq != target {
			return 0, false, 0, false
		}
	}
	if len(acts) == 0 || acts[0].Kind != spec.Mov {
		return 0, false, 0, false
	}
	target = acts[0].Sq
	switch {
	case len(acts) == 1:
	case len(acts) == 2 && acts[1].Kind == spec.Promote && acts[1].Sq == target:
		promo = acts[1].Type
	default:
		return 0, false, 0, false
	}
	return target, capture, promo, true
}

// plainConds reports whether a script's only condition is "empty" (quiet)
// or "enemy" (captures) on target.
func plainConds(sc *spec.Script, target board.Square) (quiet, captures bool) {
	if len(sc.Conds) != 1 || sc.Conds[0].Sq != target || sc.Conds[0].Not {
		return false, false
	}
	return sc.Conds[0].Kind == spec.Empty, sc.Conds[0].Kind == spec.Enemy
}

func (r *Rules) addPlain(t int, s board.Side, from int, to board.Square, capture bool, promo int) {
	if promo < 0 {
		i := r.table(t, s, from)
		if capture {
			r.capt[i] = r.capt[i].with(int(to))
		} else {
			r.quiet[i] = r.quiet[i].with(int(to))
		}
		return
	}
	g := r.promoGroup(t, promo)
	j := int(s)*r.n + from
	if capture {
		g.capt[j] = g.capt[j].with(int(to))
	} else {
		g.quiet[j] = g.quiet[j].with(int(to))
	}
}

// promoGroup returns type t's group of promotions to promo, adding it
// when new.
func (r *Rules) promoGroup(t, promo int) *promoGroup {
	for i := range r.promos[t] {
		if r.promos[t][i].to == promo {
			return &r.promos[t][i]
		}
	}
	r.promos[t] = append(r.promos[t], promoGroup{to: promo, quiet: make([]set, 2*r.n), capt: make([]set, 2*r.n)})
	return &r.promos[t][len(r.promos[t])-1]
}

// addRide adds a sliding line's directions.
func (r *Rules) addRide(t int, ride spec.Ride) error {
	promo := -1
	if ride.Promotes {
		if ride.Promote < 0 || ride.Promote >= r.ntypes {
			return fmt.Errorf("tier: a ride of %s promotes to type %d", r.spec.Types[t].Name, ride.Promote)
		}
		promo = ride.Promote
		r.promoGroup(t, promo) // promotions walks the groups
	}
	for s := range 2 {
		next := ride.Next[s]
		if len(next) != r.n {
			return fmt.Errorf("tier: a ride of %s is placed on %d squares, not %d", r.spec.Types[t].Name, len(next), r.n)
		}
		d, err := r.direction(board.Side(s), next)
		if err != nil {
			return err
		}
		td := typeDir{dir: d, capture: ride.Capture, filter: -1, promo: promo}
		if ride.From[s] != nil || ride.To[s] != nil || ride.CaptureTo[s] != nil {
			if td.filter, err = r.filter(ride.From[s], ride.To[s], ride.CaptureTo[s]); err != nil {
				return fmt.Errorf("tier: a ride of %s: %w", r.spec.Types[t].Name, err)
			}
			td.to, td.captTo = r.filters[td.filter].quiet, r.filters[td.filter].capt
			for sq := range r.n {
				if ray := r.dirs[s][d].ray[sq]; ray.meets(td.to[sq]) || ride.Capture && ray.meets(td.captTo[sq]) {
					td.reach.add(sq)
				}
			}
		}
		if promo >= 0 {
			r.typePromoDirs[t][s] = append(r.typePromoDirs[t][s], td)
		} else {
			r.typeDirs[t][s] = append(r.typeDirs[t][s], td)
		}
	}
	return nil
}

// filter returns the index in r.filters of a ride's filter (spec.Ride's
// From, To and CaptureTo, nil for every square), adding it when new.
func (r *Rules) filter(from, to, captTo []bool) (int, error) {
	for _, f := range [][]bool{from, to, captTo} {
		if f != nil && len(f) != r.n {
			return 0, fmt.Errorf("a filter of %d squares, not %d", len(f), r.n)
		}
	}
	perStart := func(to []bool) []set {
		var targets set
		for sq := range r.n {
			if to == nil || to[sq] {
				targets = targets.with(sq)
			}
		}
		f := make([]set, r.n)
		for sq := range r.n {
			if from == nil || from[sq] {
				f[sq] = targets
			}
		}
		return f
	}
	f := rideFilter{quiet: perStart(to), capt: perStart(captTo)}
	for i, g := range r.filters {
		if equal(g.quiet, f.quiet) && equal(g.capt, f.capt) {
			return i, nil
		}
	}
	r.filters = append(r.filters, f)
	return len(r.filters) - 1, nil
}

// testsSafe reports whether a line of v tests safe: the attack test does
// not follow multis.
func testsSafe(v *spec.Variant) bool {
	for _, ty := range v.Types {
		for _, l := range ty.Lines {
			for s := range 2 {
				for _, sc := range l.At[s] {
					if sc == nil {
						continue
					}
					for _, c := range sc.Conds {
						if c.Kind == spec.Safe {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// multi is a multi of one side (spec.Multi): per sub-move, its script on
// each square.
type multi struct {
	typ   int
	side  board.Side
	subs  [][]*spec.Script
	tests [][]subTest // per sub-move and square: its conditions as sets
	// enemies[sq]: when every sub-move from sq asks for an enemy
	// somewhere, the squares they ask it on — none of them holding one,
	// nothing applies (a draughts man with nothing to jump)
	enemies []set
	end     []bool
	count   int
	// apart: no two paths, and no path and other move of the piece, can
	// have one effect (jumps: see apart), so its moves need no comparing
	apart bool
	// takesEnemy: every sub-move captures where its conditions ask for an
	// enemy, so every path captures (Captures)
	takesEnemy bool
}

// subTest is a sub-move's conditions on one square as sets: the squares
// that must be empty, hold an enemy, an ally, a piece, and those that must
// not.
type subTest struct {
	empty, enemy, ally, piece     set
	nEmpty, nEnemy, nAlly, nPiece set
}

// holds tests the conditions on the occupancy occ, the mover's side
// holding mine.
func (t *subTest) holds(occ, mine set) bool {
	enemy := occ.minus(mine)
	return !occ.meets(t.empty) && t.nEmpty.minus(occ).none() &&
		t.enemy.minus(enemy).none() && !enemy.meets(t.nEnemy) &&
		t.ally.minus(mine).none() && !mine.meets(t.nAlly) &&
		t.piece.minus(occ).none() && !occ.meets(t.nPiece)
}

// landings returns, per hurdle, where hops whose then clauses are all
// "empty (or enemy) where it lands, maybe piece on the hurdle, mov (or
// capt, mov) there" land, and whether they capture; nil when some then
// clause is not one of them, or they differ.
func landings(then []*spec.Script) ([]int16, bool) {
	land := make([]int16, len(then))
	kind := -1
	for hurdle, sc := range then {
		land[hurdle] = -1
		if sc == nil {
			continue
		}
		target, capture, promo, ok := plainActs(sc)
		if !ok || promo >= 0 || kind >= 0 && kind != boolInt(capture) {
			return nil, false
		}
		kind = boolInt(capture)
		want := spec.Empty
		if capture {
			want = spec.Enemy
		}
		asked := false // the landing square's condition, which the shortcut tests
		for _, c := range sc.Conds {
			if c.Not || !(c.Kind == spec.Piece && int(c.Sq) == hurdle || c.Kind == want && c.Sq == target) {
				return nil, false
			}
			asked = asked || c.Kind == want
		}
		if !asked {
			return nil, false
		}
		land[hurdle] = int16(target)
	}
	return land, kind == 1
}

// boardTests returns the conditions of scripts as sets, when they are
// all board conditions, or nil.
func boardTests(scripts []*spec.Script) []subTest {
	tests := make([]subTest, len(scripts))
	for i, sc := range scripts {
		if sc == nil {
			continue
		}
		for _, c := range sc.Conds {
			if !boardCond(c.Kind) {
				return nil
			}
		}
		tests[i] = newSubTest(sc)
	}
	return tests
}

// newSubTest gathers a sub-move's conditions (board conditions only: see
// plainSub).
func newSubTest(sc *spec.Script) subTest {
	var t subTest
	for _, c := range sc.Conds {
		sq := int(c.Sq)
		switch {
		case c.Kind == spec.Empty && !c.Not:
			t.empty = t.empty.with(sq)
		case c.Kind == spec.Empty:
			t.nEmpty = t.nEmpty.with(sq)
		case c.Kind == spec.Enemy && !c.Not:
			t.enemy = t.enemy.with(sq)
		case c.Kind == spec.Enemy:
			t.nEnemy = t.nEnemy.with(sq)
		case c.Kind == spec.Ally && !c.Not:
			t.ally = t.ally.with(sq)
		case c.Kind == spec.Ally:
			t.nAlly = t.nAlly.with(sq)
		case c.Kind == spec.Piece && !c.Not:
			t.piece = t.piece.with(sq)
		case c.Kind == spec.Piece:
			t.nPiece = t.nPiece.with(sq)
		}
	}
	return t
}

// addMulti adds a type's multi for both sides, after checking that the
// tier plays it as the interpreter does (see spec.Multi): sub-moves of
// board conditions, captures away from the piece, moves, and a promotion
// only where the sequence ends, in a variant without royal pieces (whose
// attack test would have to follow the multi), ghosts or safe tests.
func (r *Rules) addMulti(t int, mu spec.Multi) error {
	name := r.spec.Types[t].Name
	if len(mu.Subs) == 0 || len(mu.Subs) != len(mu.End) || len(mu.Subs) > 255 || mu.Count < 0 {
		return fmt.Errorf("tier: a malformed multi of %s", name)
	}
	if r.anyRoyal || r.ghostTypes != 0 {
		return fmt.Errorf("tier: a multi of %s in a variant with royal pieces or ghosts", name)
	}
	for k, l := range mu.Subs {
		if err := r.checkLine(t, l); err != nil {
			return err
		}
		for s := range 2 {
			for sq, sc := range l.At[s] {
				if sc != nil && !r.plainSub(sc, sq, mu.End[k]) {
					return fmt.Errorf("tier: a multi of %s whose sub-move is more than captures, a move and a last promotion", name)
				}
			}
		}
	}
	for s := range 2 {
		m := multi{typ: t, side: board.Side(s), end: mu.End, count: mu.Count}
		for _, l := range mu.Subs {
			m.subs = append(m.subs, l.At[s])
			tests := make([]subTest, r.n)
			for sq, sc := range l.At[s] {
				if sc != nil {
					tests[sq] = newSubTest(sc)
				}
			}
			m.tests = append(m.tests, tests)
		}
		m.apart = r.apart(t, board.Side(s), m.subs)
		m.takesEnemy = takesEnemy(m.subs)
		m.enemies = make([]set, r.n)
		for sq := range r.n {
			var need set
			for k := range m.subs {
				if m.subs[k][sq] == nil {
					continue
				}
				if m.tests[k][sq].enemy.none() {
					need = noSquares
					break
				}
				need = need.or(m.tests[k][sq].enemy)
			}
			m.enemies[sq] = need
		}
		r.typeMultis[t][s] = append(r.typeMultis[t][s], len(r.multis))
		r.multis = append(r.multis, m)
	}
	if r.chains == nil {
		r.chains = &chainBook{ix: map[uint64]int32{}}
	}
	return nil
}

// apart reports whether the paths of a multi of type t and side s with
// sub-moves subs have effects of their own: every sub-move is a jump —
// "capt X, mov Y", maybe a promotion and a pass after, X not Y — and the
// jumps from one square capture on squares of their own, so that the
// squares a path captures on, in order, tell the path; and the type has
// no special scripts, so that no other move of it starts with a capture
// elsewhere than where it lands. (A flying king, whose jumps over one
// square land on several, is not apart.)
func (r *Rules) apart(t int, s board.Side, subs [][]*spec.Script) bool {
	for sq := range r.n {
		var captured set
		for _, at := range subs {
			sc := at[sq]
			if sc == nil {
				continue
			}
			a := sc.Acts
			if len(a) < 2 || a[0].Kind != spec.Capt || a[1].Kind != spec.Mov || a[0].Sq == a[1].Sq || captured.has(int(a[0].Sq)) {
				return false
			}
			for _, b := range a[2:] {
				if b.Kind != spec.Promote && b.Kind != spec.Pass {
					return false
				}
			}
			captured = captured.with(int(a[0].Sq))
		}
	}
	return len(r.special[t]) == 0
}

// takesEnemy reports whether every sub-move captures on a square its
// conditions ask an enemy to stand on.
func takesEnemy(subs [][]*spec.Script) bool {
	for _, at := range subs {
		for _, sc := range at {
			if sc == nil {
				continue
			}
			found := false
			for _, a := range sc.Acts {
				for _, c := range sc.Conds {
					found = found || a.Kind == spec.Capt && c.Kind == spec.Enemy && !c.Not && c.Sq == a.Sq
				}
			}
			if !found {
				return false
			}
		}
	}
	return true
}

// plainSub reports whether a sub-move's script, placed on sq, is one the
// tier walks: board conditions; captures, never of the piece itself, one
// at least of a piece the conditions ask for; the piece's moves; a
// promotion of it, and a pass, only when the sub-move ends the sequence.
func (r *Rules) plainSub(sc *spec.Script, sq int, end bool) bool {
	var pieces set // squares the conditions ask to hold a piece
	for _, c := range sc.Conds {
		if !boardCond(c.Kind) {
			return false
		}
		if c.Kind != spec.Empty && !c.Not {
			pieces = pieces.with(int(c.Sq))
		}
	}
	mover, takes := sq, false
	for _, a := range sc.Acts {
		switch {
		case a.Marked:
			return false
		case a.Kind == spec.Capt && int(a.Sq) != mover:
			takes = takes || pieces.has(int(a.Sq))
		case a.Kind == spec.Mov:
			mover = int(a.Sq)
		case a.Kind == spec.Promote && end && int(a.Sq) == mover:
		case a.Kind == spec.Pass && end:
		default:
			return false
		}
	}
	// every sub-move takes a piece off the board, so that a path is no
	// longer than the pieces are many
	return takes
}

// addHop adds a hopping line: its directions, and its then clauses, which
// must be plain moves.
func (r *Rules) addHop(t int, h spec.Hop) error {
	if err := r.checkLine(t, h.Then); err != nil {
		return err
	}
	for s := range 2 {
		if len(h.Next[s]) != r.n {
			return fmt.Errorf("tier: a hop of %s is placed on %d squares, not %d", r.spec.Types[t].Name, len(h.Next[s]), r.n)
		}
		d, err := r.direction(board.Side(s), h.Next[s])
		if err != nil {
			return err
		}
		for hurdle, sc := range h.Then.At[s] {
			if sc == nil {
				continue
			}
			target, capture, promo, ok := plainActs(sc)
			if !ok || promo >= 0 {
				return fmt.Errorf("tier: a hop of %s whose then clause is not a plain move without promotion", r.spec.Types[t].Name)
			}
			if capture {
				r.hopRev[s][target] = append(r.hopRev[s][target], hopCapture{typ: t, dir: d, hurdle: hurdle, s: sc})
			}
		}
		hp := hop{dir: d, then: h.Then.At[s], tests: boardTests(h.Then.At[s])}
		hp.land, hp.capture = landings(h.Then.At[s])
		r.typeHops[t][s] = append(r.typeHops[t][s], hp)
		if !r.hasHop[s] {
			r.hopBoard[s] = true
		}
		r.hasHop[s] = true
		for _, sc := range h.Then.At[s] {
			if sc == nil {
				continue
			}
			for _, c := range sc.Conds {
				if c.Kind != spec.Empty && c.Kind != spec.Piece && c.Kind != spec.Enemy && c.Kind != spec.Ally {
					r.hopBoard[s] = false
				}
			}
		}
	}
	return nil
}

// direction returns the index of side s's direction with the step table
// next, adding it when new.
func (r *Rules) direction(s board.Side, next []board.Square) (int, error) {
	ray, up, err := rays(next, r.n)
	if err != nil {
		return 0, err
	}
	for i, d := range r.dirs[s] {
		if d.up == up && equal(d.ray, ray) {
			return i, nil
		}
	}
	prev := make([]board.Square, r.n)
	for i := range prev {
		prev[i] = -1
	}
	for sq, to := range next {
		if to < 0 {
			continue
		}
		if int(to) >= r.n || prev[to] >= 0 {
			return 0, fmt.Errorf("tier: a ride's step is not one-to-one")
		}
		prev[to] = board.Square(sq)
	}
	rev, revUp, err := rays(prev, r.n)
	if err != nil {
		return 0, err
	}
	steps, back := make([]int16, len(next)), make([]int16, len(prev))
	for i, to := range next {
		steps[i], back[i] = int16(to), int16(prev[i])
	}
	r.dirs[s] = append(r.dirs[s], direction{ray: ray, rev: rev, up: up, revUp: revUp, next: steps, prev: back})
	return len(r.dirs[s]) - 1, nil
}

// rays follows a step table from every square: the squares each ray passes
// must all lie above its start, or all below.
func rays(next []board.Square, n int) ([]set, bool, error) {
	ray := make([]set, n)
	up, known := false, false
	for sq := range n {
		cur := sq
		for steps := 0; ; steps++ {
			to := next[cur]
			if to < 0 {
				break
			}
			if int(to) >= n || steps > n {
				return nil, false, fmt.Errorf("tier: a ride's ray leaves the board's squares or comes back")
			}
			isUp := int(to) > cur
			if known && isUp != up || int(to) == cur {
				return nil, false, fmt.Errorf("tier: a ride's ray does not run in square order")
			}
			up, known = isUp, true
			ray[sq] = ray[sq].with(int(to))
			cur = int(to)
		}
	}
	return ray, up, nil
}

func equal(a, b []set) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// indexAttacks builds what the attack test reads besides revCapt: the
// capturing scripts that are not plain captures, by the square they capture
// on, the directions each side captures along, and which types capture
// plainly and may promote where.
func (r *Rules) indexAttacks() {
	for id := range r.scripts {
		l := &r.scripts[id]
		for s := range 2 {
			for from, sc := range l.at[s] {
				if sc == nil || l.plainAttack[s][from] {
					continue
				}
				capts := 0
				for _, a := range sc.Acts {
					if a.Kind != spec.Capt {
						continue
					}
					capts++
					if a.Marked { // a blast threatens nothing
						r.scriptRoyal = r.scriptRoyal || r.anyRoyal
						continue
					}
					r.odd[s][a.Sq] = append(r.odd[s][a.Sq], newOddCapture(l.typ, board.Square(from), sc, a.Sq, r.ghostTypes))
					r.hasOdd[s] = true
				}
				r.scriptRoyal = r.scriptRoyal || r.anyRoyal && capts > 1
			}
		}
	}
	r.at = make([]scriptsAt, r.ntypes*2*r.n)
	for t := range r.ntypes {
		for s := range 2 {
			for sq := range r.n {
				a := &r.at[r.table(t, board.Side(s), sq)]
				a.refs = r.refsAt(a.refs, r.condPlain[t], s, sq)
				a.special = len(a.refs)
				a.refs = r.refsAt(a.refs, r.special[t], s, sq)
			}
		}
	}
	r.promoFrom = make([]bool, r.ntypes*2*r.n)
	defer r.shape()
	for t := range r.ntypes {
		for s := range 2 {
			side := board.Side(s)
			for sq := range r.n {
				for _, g := range r.promos[t] {
					if g.quiet[s*r.n+sq].or(g.capt[s*r.n+sq]).some() {
						r.promoFrom[r.table(t, side, sq)] = true
					}
				}
				for _, id := range r.condPlain[t] {
					if l := &r.scripts[id]; l.promo >= 0 && l.at[s] != nil && l.at[s][sq] != nil {
						r.promoFrom[r.table(t, side, sq)] = true
					}
				}
				for _, td := range r.typePromoDirs[t][s] {
					if ray := r.dirs[s][td.dir].ray[sq]; td.to == nil && ray.some() || td.to != nil && (ray.meets(td.to[sq]) || td.capture && ray.meets(td.captTo[sq])) {
						r.promoFrom[r.table(t, side, sq)] = true
					}
				}
				if r.revCapt[r.table(t, side, sq)].some() && !contains(r.capTypes[s], t) {
					r.capTypes[s] = append(r.capTypes[s], t)
				}
			}
		}
	}
	for s := range 2 {
		r.oddFree[s], r.oddQuick[s] = true, true
		for _, list := range r.odd[s] {
			for _, o := range list {
				r.oddQuick[s] = r.oddQuick[s] && (o.boardOnly || o.ghostOnly || o.squareOnly)
				r.oddSquare[s] = r.oddSquare[s] || o.squareOnly && !o.ghostOnly
				if !needsGhostAt(o.s, r.ghostTypes) {
					r.oddFree[s] = false
				}
			}
		}
		for t := range r.ntypes {
			for _, td := range r.captureDirs(t, board.Side(s)) {
				found := false
				for i := range r.capDirs[s] {
					if r.capDirs[s][i].dir == td.dir {
						if !contains(r.capDirs[s][i].types, t) {
							r.capDirs[s][i].types = append(r.capDirs[s][i].types, t)
						}
						found = true
					}
				}
				if !found {
					r.capDirs[s] = append(r.capDirs[s], capDir{dir: td.dir, types: []int{t}})
				}
			}
		}
	}
}

// captureDirs returns the directions along which type t of side s
// captures on every square of the ray, and adds the others to
// partialDirs: its capturing rides, promoting or not, merged per
// direction, their filters joined.
func (r *Rules) captureDirs(t int, s board.Side) []typeDir {
	var full []typeDir
	joined := map[int][]set{} // per direction: the filters joined, nil once some ride has none
	var order []int
	for _, td := range append(slices.Clone(r.typeDirs[t][s]), r.typePromoDirs[t][s]...) {
		if !td.capture {
			continue
		}
		to, seen := joined[td.dir]
		if !seen {
			order = append(order, td.dir)
		}
		switch {
		case seen && to == nil:
		case td.captTo == nil:
			joined[td.dir] = nil
		case !seen:
			joined[td.dir] = slices.Clone(td.captTo)
		default:
			for sq := range to {
				to[sq] = to[sq].or(td.captTo[sq])
			}
		}
	}
	for _, d := range order {
		to := joined[d]
		covers := true
		for sq := range to {
			covers = covers && r.dirs[s][d].ray[sq].minus(to[sq]).none()
		}
		if covers {
			full = append(full, typeDir{dir: d, capture: true, filter: -1, promo: -1})
		} else {
			r.partialDirs[s] = append(r.partialDirs[s], partialDir{dir: d, typ: t, to: to})
		}
	}
	return full
}

// shape gathers each type's and side's generation shape (after the
// lookups took their rays).
func (r *Rules) shape() {
	defer r.fillCells()
	r.chainNeed = make([]set, r.ntypes*2*r.n)
	for t := range r.ntypes {
		for s := range 2 {
			for sq := range r.n {
				var need set
				for _, mi := range r.typeMultis[t][s] {
					e := r.multis[mi].enemies[sq]
					if e.none() {
						need = noSquares
						break
					}
					need = need.or(e)
				}
				r.chainNeed[r.table(t, board.Side(s), sq)] = need
			}
		}
	}
	r.shapes = make([]shape, r.ntypes*2)
	for t := range r.ntypes {
		for s := range 2 {
			sh := &r.shapes[t*2+s]
			for sq := range r.n {
				i := r.table(t, board.Side(s), sq)
				sh.scripts = sh.scripts || r.promoFrom[i] || len(r.at[i].refs) > 0 || len(r.typeMultis[t][s]) > 0
				sh.table = sh.table || r.quiet[i].some() || r.capt[i].some()
			}
		}
	}
}

// cell is what generating the moves of a type's piece of one side on one
// square reads first, in one place: its plain targets (quiet and capt),
// whether conditionally plain scripts add to them (condPlain), whether
// promotions or special scripts follow (scripts) — only promotions that
// legality judges as plain moves (promoOnly) — and chainNeed.
type cell struct {
	quiet, capt, chainNeed        set
	condPlain, scripts, promoOnly bool
}

// fillCells gathers the cells.
func (r *Rules) fillCells() {
	r.cells = make([]cell, r.ntypes*2*r.n)
	for i := range r.cells {
		at := &r.at[i]
		r.cells[i] = cell{quiet: r.quiet[i], capt: r.capt[i], chainNeed: r.chainNeed[i],
			condPlain: at.special > 0, scripts: r.promoFrom[i] || at.special < len(at.refs)}
		t, s := i/(2*r.n), i/r.n%2
		r.cells[i].promoOnly = r.promoFrom[i] && at.special == len(at.refs) && len(r.typeMultis[t][s]) == 0 && r.plainPromotions(t)
	}
}

// plainPromotions reports whether type t's promotions are judged as
// plain moves (plainForLegality): t is not royal, nor is a type it
// promotes to.
func (r *Rules) plainPromotions(t int) bool {
	if r.royal[t] {
		return false
	}
	for _, g := range r.promos[t] {
		if r.royal[g.to] {
			return false
		}
	}
	return true
}

// findBulks finds the types whose plain moves are counted all at once
// (once the shapes have their lookups, rays and hops).
func (r *Rules) findBulks() {
	r.bulks = make([]bulk, r.ntypes*2)
	for t := range r.ntypes {
		for s := range 2 {
			r.bulks[t*2+s] = r.findBulk(t, board.Side(s))
		}
	}
}

// bulk is how the plain moves of a type's pieces of one side are counted
// all at once (countPseudo): where none has scripts (off scriptSq), its
// quiet and capturing targets are the same steps from every square, so
// each step's moves are the pieces shifted by it. ok is false for a type
// that rides, hops, has multis whose paths are not apart, or steps
// differently from different squares.
type bulk struct {
	ok       bool
	scriptSq set
	leaps    []leap
}

// leap is one step of a bulk-counted type: the squares it can be taken
// from (it stays on the board), how far it shifts a set, and whether it
// captures.
type leap struct {
	from    set
	delta   int
	capture bool
}

// findBulk works out the bulk of type t for side s.
func (r *Rules) findBulk(t int, s board.Side) bulk {
	sh := &r.shapes[t*2+int(s)]
	var b bulk
	if len(sh.looks) > 0 || len(sh.dirs) > 0 || len(sh.hops) > 0 {
		return b
	}
	for _, mi := range sh.multis {
		if !r.multis[mi].apart {
			return b
		}
	}
	w, h := r.spec.Width, r.spec.Height
	type step struct {
		dx, dy  int
		capture bool
	}
	steps := map[step]bool{}
	for sq := range r.n {
		c := &r.cells[r.table(t, s, sq)]
		if c.scripts || c.condPlain {
			b.scriptSq = b.scriptSq.with(sq)
			continue
		}
		for _, tab := range []struct {
			targets set
			capture bool
		}{{c.quiet, false}, {c.capt, true}} {
			for to := range tab.targets.squares {
				steps[step{to%w - sq%w, to/w - sq/w, tab.capture}] = true
			}
		}
	}
	// every square off scriptSq must have exactly the steps that stay on
	// the board
	for st := range steps {
		l := leap{delta: st.dy*w + st.dx, capture: st.capture}
		for sq := range r.n {
			if x, y := sq%w+st.dx, sq/w+st.dy; x >= 0 && x < w && y >= 0 && y < h {
				l.from = l.from.with(sq)
			}
		}
		b.leaps = append(b.leaps, l)
	}
	for sq := range r.n {
		if b.scriptSq.has(sq) {
			continue
		}
		var quiet, capt set
		for _, l := range b.leaps {
			if l.from.has(sq) {
				if l.capture {
					capt = capt.with(sq + l.delta)
				} else {
					quiet = quiet.with(sq + l.delta)
				}
			}
		}
		if c := &r.cells[r.table(t, s, sq)]; quiet != c.quiet || capt != c.capt {
			return bulk{}
		}
	}
	slices.SortFunc(b.leaps, func(a, c leap) int { return a.delta - c.delta }) // a fixed order
	b.ok = true
	return b
}

// refsAt appends the scripts of lines ids on square sq for side s (the
// promoting ones left to promotions).
func (r *Rules) refsAt(refs []scriptRef, ids []int, s, sq int) []scriptRef {
	for _, id := range ids {
		l := &r.scripts[id]
		if l.promo >= 0 || l.at[s] == nil || l.at[s][sq] == nil {
			continue
		}
		ref := scriptRef{id: id, s: l.at[s][sq], ghost: ghostSquare(l.at[s][sq], r.ghostTypes)}
		for _, c := range ref.s.Conds {
			switch {
			case c.Kind == spec.Empty && !c.Not:
				ref.empty = ref.empty.with(int(c.Sq))
			case c.Kind == spec.Unmoved && !c.Not:
				ref.unmoved = ref.unmoved.with(int(c.Sq))
			default:
				ref.rest = append(ref.rest, c)
			}
		}
		refs = append(refs, ref)
	}
	return refs
}

// ghostSquare returns a square on which a script requires a ghost, -1
// when it requires none.
func ghostSquare(sc *spec.Script, ghosts uint64) int {
	for _, c := range sc.Conds {
		if c.Kind == spec.Is && !c.Not && c.Types&^ghosts == 0 {
			return int(c.Sq)
		}
	}
	return -1
}

// boardCond reports whether a condition reads only which squares are
// occupied and by whom (empty, enemy, ally, piece): one that can be
// judged on an occupancy a move would leave, or tested as sets (subTest).
func boardCond(k spec.CondKind) bool {
	return k == spec.Empty || k == spec.Enemy || k == spec.Ally || k == spec.Piece
}

// newOddCapture describes the capture on target of script sc, of a piece
// of type typ on from.
func newOddCapture(typ int, from board.Square, sc *spec.Script, target board.Square, ghosts uint64) oddCapture {
	o := oddCapture{typ: typ, from: from, s: sc, boardOnly: true}
	for _, c := range sc.Conds {
		if boardCond(c.Kind) {
			o.reads = o.reads.with(int(c.Sq))
		} else {
			o.boardOnly = false
		}
		if c.Kind == spec.Is && !c.Not && c.Sq == target && c.Types&^ghosts == 0 {
			o.ghostOnly = true
		}
	}
	squareOnlyCapture(&o)
	return o
}

// needsGhostAt reports whether every capture of a script falls on a square
// it requires a ghost on: such a script never captures a real piece.
func needsGhostAt(sc *spec.Script, ghosts uint64) bool {
	for _, a := range sc.Acts {
		if a.Kind != spec.Capt {
			continue
		}
		ok := false
		for _, c := range sc.Conds {
			if c.Kind == spec.Is && !c.Not && c.Sq == a.Sq && c.Types&^ghosts == 0 {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

func contains(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// lastMov returns the square a script's last mov goes to (from when none).
func lastMov(sc *spec.Script, from int) board.Square {
	to := board.Square(from)
	for _, a := range sc.Acts {
		if a.Kind == spec.Mov {
			to = a.Sq
		}
	}
	return to
}

// groupLookups hands the rook's and the bishop's four rays to magic
// lookups where the width has them and the board is 8x8: a type whose
// rides include all four with one capture rule generates them with one
// lookup, and a side whose types capture along all four alike is asked
// about attacks with one.
func (r *Rules) groupLookups(v *spec.Variant) {
	for s := range 2 {
		r.attackDirs[s] = r.capDirs[s]
	}
	if !lookups || v.Width != 8 || v.Height != 8 {
		return
	}
	r.sliders = newSliders()
	groups := [2][4][2]int{
		{{1, 0}, {-1, 0}, {0, 1}, {0, -1}},
		{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}},
	}
	for s := range 2 {
		for g, steps := range groups {
			var dirs [4]int
			found := true
			for i, st := range steps {
				dirs[i] = r.findDirection(board.Side(s), st[0], st[1])
				found = found && dirs[i] >= 0
			}
			if !found {
				continue
			}
			kind := look(g)
			for t := range r.ntypes {
				tds := r.typeDirs[t][s]
				// one ride along each of the four, with one capture rule and
				// one filter
				var capture, filter [4]int
				for i, d := range dirs {
					capture[i], filter[i] = -1, -2
					for _, td := range tds {
						if td.dir == d {
							if capture[i] >= 0 {
								capture[i] = -2 // two rides along it
							} else {
								capture[i], filter[i] = boolInt(td.capture), td.filter
							}
						}
					}
				}
				if capture[0] < 0 || capture != [4]int{capture[0], capture[0], capture[0], capture[0]} ||
					filter != [4]int{filter[0], filter[0], filter[0], filter[0]} {
					continue
				}
				var rest []typeDir
				for _, td := range tds {
					if !containsDir(dirs[:], td.dir) {
						rest = append(rest, td)
					}
				}
				r.typeDirs[t][s] = rest
				look := typeLook{kind: kind, capture: capture[0] == 1}
				if filter[0] >= 0 {
					look.to, look.captTo = r.filters[filter[0]].quiet, r.filters[filter[0]].capt
				}
				r.typeLooks[t][s] = append(r.typeLooks[t][s], look)
			}
			var types []int
			same := true
			for i, d := range dirs {
				cd := r.capDir(board.Side(s), d)
				if cd == nil {
					same = false
					break
				}
				if i == 0 {
					types = cd.types
				} else if !sameTypes(types, cd.types) {
					same = false
				}
			}
			if !same {
				continue
			}
			var rest []capDir
			for _, cd := range r.attackDirs[s] {
				if !containsDir(dirs[:], cd.dir) {
					rest = append(rest, cd)
				}
			}
			r.attackDirs[s] = rest
			r.capLooks[s] = append(r.capLooks[s], capLook{kind: kind, types: types})
		}
	}
}

// findDirection returns side s's direction whose every step is (dx, dy)
// on the 8x8 board, or -1.
func (r *Rules) findDirection(s board.Side, dx, dy int) int {
	for i, d := range r.dirs[s] {
		ok := true
		for sq := 0; sq < 64 && ok; sq++ {
			var want set
			for x, y := sq%8+dx, sq/8+dy; x >= 0 && x < 8 && y >= 0 && y < 8; x, y = x+dx, y+dy {
				want = want.with(y*8 + x)
			}
			ok = d.ray[sq] == want
		}
		if ok {
			return i
		}
	}
	return -1
}

func (r *Rules) capDir(s board.Side, d int) *capDir {
	for i := range r.capDirs[s] {
		if r.capDirs[s][i].dir == d {
			return &r.capDirs[s][i]
		}
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func containsDir(dirs []int, d int) bool {
	for _, x := range dirs {
		if x == d {
			return true
		}
	}
	return false
}

func sameTypes(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for _, t := range a {
		if !contains(b, t) {
			return false
		}
	}
	return true
}

// takesBack reports whether a piece of type t and side s could take its
// move m straight back, so that it keeps the half-move clock running
// (spec.Type.Back: pawn sideways' sideways step).
func (r *Rules) takesBack(t int, s board.Side, m spec.Move) bool {
	back := r.back[t][s]
	if back == nil || m.Drop() >= 0 || m.Chain() >= 0 {
		return false // a drop cannot be taken back; a chain's to is its path
	}
	from, to := m.From(), m.To()
	if from == to || int(to) >= len(back) {
		return false
	}
	for _, sq := range back[to] {
		if sq == from {
			return true
		}
	}
	return false
}
