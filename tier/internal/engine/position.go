package engine

import (
	"fmt"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: the position. A square holds at most one piece and, beside it,
// at most one ghost; sets by side and by type, the royal and real
// pieces' squares, the unmoved pieces' squares and the ghosts' squares are
// kept with it. Every change goes through setPiece and setGhost, which
// keep them, the hash and the journal that Unmake replays backwards. In a
// variant with hands each side's pieces in hand are counted by type
// (addHand), and where captures demote, a promoted piece's square records
// its type before promotion (setOrigin); both are journalled and hashed
// too.

// Position is a position of a Rules' variant. It is not safe for
// concurrent use; Clone it.
type Position struct {
	r       *Rules
	board   [maxSquares]uint8 // 0 empty, else code(t, s)
	ghost   [maxSquares]uint8 // the ghost on a square, the same way
	side    [2]set
	types   []set // by type, both sides
	royal   set
	real    set
	ghosts  set
	unmoved set
	// wallSet: the walls' squares, in no side's set (walls.go); walls:
	// its scratch, nil without the wall rule
	wallSet set
	walls   *wallScratch
	toMove  board.Side
	result  board.Result
	checks  [2]int32
	hash    uint64
	// halfmove: plies since the last capture or move of a resets type;
	// reset: the move being played restarts it
	halfmove int32
	reset    bool
	// passes: the passes in a row that led here; passOff: Legal adds
	// no pass while countWithPass counts (pass.go)
	passes  int32
	passOff bool
	// record: play keeps the actions each move ran in played (AppendPlayed)
	record bool
	// hand[s][t]: side s's pieces of type t in hand; origin[sq]: the type
	// the piece on sq had before its first promotion, plus one (0: never
	// promoted), kept where captures demote (Rules.demotes)
	hand   [2][spec.MaxTypes]uint16
	origin [maxSquares]uint8

	journal []change
	frames  []frame
	queue   []lifted
	lists   []spec.MoveList
	jd      judge
	gating  []gateOpen  // openGates' answer
	scratch []spec.Move // Status's and Mobility's list

	// follow: the square of a piece play follows to where the move takes
	// it, -1 for none — the lastroyal piece legalByPlaying guards
	follow int

	played []spec.Act // the actions the last move ran, while recording

	// scratch for a multi path's actions (chain.go)
	chainBuf []spec.Act
	path     []uint8
}

func code(t int, s board.Side) uint8 { return uint8(t*2+int(s)) + 1 }

func decode(c uint8) (t int, s board.Side) { return int(c-1) >> 1, board.Side((c - 1) & 1) }

// change is one square's content before a change: its piece (layer 0),
// its ghost (layer 1) or its piece's origin (layer 2) — or a hand's count
// before a change: side s's of type sq (layer 3+s).
type change struct {
	sq    uint8
	layer uint8
	old   uint16
}

// frame is what Unmake restores besides the squares.
type frame struct {
	journal  int32
	unmoved  set
	checks   [2]int32
	result   board.Result
	hash     uint64
	halfmove int32
	passes   int32
}

// lifted is a piece a move's pick holds.
type lifted struct {
	code   uint8
	origin uint8
	ghost  bool
	mover  bool
	follow bool // the piece play follows (Position.follow)
}

// NewPosition returns an empty position of r's variant, for Load.
func NewPosition(r *Rules) *Position {
	return &Position{r: r, types: make([]set, r.ntypes), follow: -1}
}

// Load sets p to pos, a position of the variant p's rules were compiled
// from, reusing p's storage.
func (p *Position) Load(pos *board.Position) error {
	r := p.r
	if pos.Squares() != r.n {
		return fmt.Errorf("tier: position of %d squares for a variant of %d", pos.Squares(), r.n)
	}
	p.board, p.ghost, p.origin, p.hand = [maxSquares]uint8{}, [maxSquares]uint8{}, [maxSquares]uint8{}, [2][spec.MaxTypes]uint16{}
	p.side, p.royal, p.real, p.ghosts, p.unmoved, p.hash = [2]set{}, noSquares, noSquares, noSquares, noSquares, 0
	p.wallSet = noSquares
	clear(p.types)
	p.toMove, p.result, p.checks, p.halfmove = pos.ToMove, pos.Result, pos.Checks, max(pos.Halfmove, 0)
	p.journal, p.frames = p.journal[:0], p.frames[:0]
	for i := range pos.Pieces {
		pc := &pos.Pieces[i]
		if !pc.OnBoard {
			continue
		}
		t := int(pc.Type)
		if t < 0 || t >= r.ntypes {
			return fmt.Errorf("tier: piece of type %d", t)
		}
		c := code(t, pc.Side)
		if r.ghost[t] {
			p.setGhost(int(pc.Square), c)
		} else {
			p.setPiece(int(pc.Square), c)
		}
		if pc.Unmoved && !r.ghost[t] {
			p.setUnmoved(p.unmoved.with(int(pc.Square)))
		}
		if r.demotes && pc.Origin > 0 && !r.ghost[t] {
			p.setOrigin(int(pc.Square), uint8(pc.Origin))
		}
	}
	for s, counts := range pos.Hand {
		if counts == nil {
			continue
		}
		if len(counts) > r.ntypes {
			return fmt.Errorf("tier: a hand of %d types for a variant of %d", len(counts), r.ntypes)
		}
		for t, c := range counts {
			if c < 0 || c > maxHand {
				return fmt.Errorf("tier: %d pieces of a type in hand (at most %d)", c, maxHand)
			}
			p.addHand(board.Side(s), t, int(c))
		}
	}
	p.journal = p.journal[:0]
	if p.toMove == board.Second {
		p.hash ^= r.zobrist.side
	}
	if p.passes = 0; r.spec.Pass != nil && pos.Passes > 0 {
		p.passes, p.hash = pos.Passes, p.hash^passedKey
	}
	return p.loadWalls()
}

// Clone returns an independent copy.
func (p *Position) Clone() *Position {
	c := *p
	c.types = append([]set(nil), p.types...)
	c.journal, c.frames, c.queue, c.lists, c.scratch, c.played, c.gating = nil, nil, nil, nil, nil, nil, nil
	c.chainBuf, c.path = nil, nil // (the paths' numbers are the variant's)
	c.cloneWalls()
	return &c
}

// ToMove returns the side to move.
func (p *Position) ToMove() board.Side { return p.toMove }

// Result returns the result a move has set, or board.Ongoing.
func (p *Position) Result() board.Result { return p.result }

// Hash returns the position's Zobrist hash: pieces, ghosts, unmoved
// pieces, the side to move, and the hands and promoted pieces' origins
// of a variant with hands.
func (p *Position) Hash() uint64 { return p.hash }

// At returns the type and side of the piece on sq, ok false when none (a
// ghost does not count).
func (p *Position) At(sq board.Square) (t int, s board.Side, ok bool) {
	if c := p.board[sq]; c != 0 {
		t, s = decode(c)
		return t, s, true
	}
	return 0, 0, false
}

// setPiece puts code c (0: nothing) on sq, journalled.
func (p *Position) setPiece(sq int, c uint8) {
	old := p.board[sq]
	if old == c {
		return
	}
	p.journal = append(p.journal, change{sq: uint8(sq), old: uint16(old)})
	p.put(sq, c)
	if p.origin[sq] != 0 {
		p.setOrigin(sq, 0) // a new piece: whoever sets it down sets its origin
	}
}

// base returns the type the piece of code c on sq goes to a hand as: the
// type it had before promotion where captures demote, else its own.
func (p *Position) base(sq int, c uint8) int {
	if o := p.origin[sq]; o != 0 {
		return int(o) - 1
	}
	t, _ := decode(c)
	return t
}

// put changes sq's piece to c, keeping the sets and the hash.
func (p *Position) put(sq int, c uint8) {
	if old := p.board[sq]; old != 0 {
		t, s := decode(old)
		p.side[s] = p.side[s].without(sq)
		p.types[t] = p.types[t].without(sq)
		p.royal = p.royal.without(sq)
		p.real = p.real.without(sq)
		p.wallSet = p.wallSet.without(sq)
		p.hash ^= p.r.zobrist.piece[int(old)*p.r.n+sq]
	}
	if p.r.wallType >= 0 {
		c = p.wallCode(c)
	}
	p.board[sq] = c
	if c != 0 {
		t, s := decode(c)
		if t == p.r.wallType {
			p.wallSet = p.wallSet.with(sq) // of no side
		} else {
			p.side[s] = p.side[s].with(sq)
		}
		p.types[t] = p.types[t].with(sq)
		if p.r.royal[t] {
			p.royal = p.royal.with(sq)
		}
		if p.r.real[t] {
			p.real = p.real.with(sq)
		}
		p.hash ^= p.r.zobrist.piece[int(c)*p.r.n+sq]
	}
}

// setOrigin records origin o (type+1, 0 for none) for the piece on sq,
// journalled.
func (p *Position) setOrigin(sq int, o uint8) {
	old := p.origin[sq]
	if old == o {
		return
	}
	p.journal = append(p.journal, change{sq: uint8(sq), layer: 2, old: uint16(old)})
	z := p.r.zobrist.origin
	p.hash ^= z[int(old)*p.r.n+sq] ^ z[int(o)*p.r.n+sq]
	p.origin[sq] = o
}

// maxHand bounds the pieces of one type a hand holds (a variant whose
// moves spawn pieces that captures send to hands could pass it, in a game
// of some 65,000 captures).
const maxHand = 1<<16 - 1

// addHand adds d pieces of type t to side s's hand (d < 0 takes them),
// journalled.
func (p *Position) addHand(s board.Side, t, d int) {
	old := p.hand[s][t]
	if d == 0 {
		return
	}
	p.journal = append(p.journal, change{sq: uint8(t), layer: 3 + uint8(s), old: old})
	c := uint16(int(old) + d)
	p.hash ^= p.r.zobrist.handKey(s, t, old) ^ p.r.zobrist.handKey(s, t, c)
	p.hand[s][t] = c
}

// setGhost puts ghost code c (0: none) on sq, journalled.
func (p *Position) setGhost(sq int, c uint8) {
	old := p.ghost[sq]
	if old == c {
		return
	}
	p.journal = append(p.journal, change{sq: uint8(sq), layer: 1, old: uint16(old)})
	p.putGhost(sq, c)
}

func (p *Position) putGhost(sq int, c uint8) {
	if old := p.ghost[sq]; old != 0 {
		p.ghosts = p.ghosts.without(sq)
		p.hash ^= p.r.zobrist.ghost[int(old)*p.r.n+sq]
	}
	p.ghost[sq] = c
	if c != 0 {
		p.ghosts = p.ghosts.with(sq)
		p.hash ^= p.r.zobrist.ghost[int(c)*p.r.n+sq]
	}
}

// setUnmoved changes the unmoved set (the frame keeps the old one).
func (p *Position) setUnmoved(u set) {
	for d := p.unmoved.xor(u); d.some(); d = d.dropLowest() {
		p.hash ^= p.r.zobrist.unmoved[d.lowest()]
	}
	p.unmoved = u
}

// clear removes whatever stands on sq, piece and ghost, silently.
func (p *Position) clear(sq int) {
	p.setPiece(sq, 0)
	p.setGhost(sq, 0)
	p.setUnmoved(p.unmoved.without(sq))
}

// noSquares is the empty set.
var noSquares set

// occupied returns the squares with a piece (ghosts are not pieces).
func (p *Position) occupied() set { return p.side[0].or(p.side[1]).or(p.wallSet) }

// zobrist holds the hash keys.
type zobrist struct {
	piece, ghost []uint64 // by code*n + sq
	unmoved      []uint64
	origin       []uint64 // by origin*n + sq, 0 for origin 0
	hand         []uint64 // by side*ntypes + type, mixed with the count
	ntypes       int
	side         uint64
}

// handKey is the hash of c pieces of type t in side s's hand (0 for none).
func (z *zobrist) handKey(s board.Side, t int, c uint16) uint64 {
	if c == 0 {
		return 0
	}
	return mix(z.hand[int(s)*z.ntypes+t] + uint64(c)*0x9e3779b97f4a7c15)
}

// mix is splitmix64's finaliser.
func mix(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func newZobrist(ntypes, n int) zobrist {
	seed := uint64(0x9e3779b97f4a7c15)
	next := func() uint64 {
		seed += 0x9e3779b97f4a7c15
		return mix(seed)
	}
	codes := 2*ntypes + 1
	z := zobrist{piece: make([]uint64, codes*n), ghost: make([]uint64, codes*n), unmoved: make([]uint64, n)}
	for i := range z.piece {
		z.piece[i], z.ghost[i] = next(), next()
	}
	for i := range z.unmoved {
		z.unmoved[i] = next()
	}
	z.side = next()
	// drawn after the others, so that the keys of variants without hands
	// stay what they were
	z.origin, z.hand, z.ntypes = make([]uint64, (ntypes+1)*n), make([]uint64, 2*ntypes), ntypes
	for i := n; i < len(z.origin); i++ {
		z.origin[i] = next()
	}
	for i := range z.hand {
		z.hand[i] = next()
	}
	return z
}
