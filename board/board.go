package board

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/alfil-go/alfil/memory"
)

// Side is a player: First moves first and writes its letters in upper case.
type Side uint8

// The sides.
const (
	First  Side = 0
	Second Side = 1
)

// Other returns the opponent.
func (s Side) Other() Side { return s ^ 1 }

// Square is a square index: rank*width + file, rank 0 being the first
// player's first rank. NoSquare is off the board.
type Square int16

// NoSquare marks "no square".
const NoSquare Square = -1

// castler reports whether pieces of type t castle (Variant.Castlers).
func (v *Variant) castler(t int16) bool {
	if v.Castlers == nil {
		return int(t) < len(v.Royal) && v.Royal[t]
	}
	return int(t) < len(v.Castlers) && v.Castlers[t]
}

// MaxSize is the largest number of files or ranks.
const MaxSize = 32

// Variant is what a position needs to know about its game: the board size
// and, for every piece type, its FEN letter and role.
type Variant struct {
	Width, Height int
	Letters       []byte // per piece type, upper case
	Royal         []bool // per piece type
	// Marked is a second role a position counts on the board like royal
	// pieces, for its user's own purpose (movegen: the types with every
	// hooks, so that the end of a ply looks for them only when one is
	// there). Per piece type; nil for none.
	Marked []bool
	Ghost  int    // the type of the en-passant ghost a FEN creates, or -1
	Ghosts []bool // per piece type: a ghost, invisible in FEN and diagrams
	// Fields holds, per piece type, its blocking field (nil: none); nil
	// when no type has one. A position counts which squares the fields of
	// the pieces on the board cover (FieldBlocks; fields.go).
	Fields []*Field
	Setup  string // the variant's own starting FEN; "" if none
	// Holes marks, per square, the squares that are not part of the
	// board: Fairy-Stockfish's wall squares, written * in a FEN (gustav3's
	// corners, troitzky's rounded edges). No piece stands on a hole; a FEN
	// writes * there and reads * only there (ReadHoles takes them from the
	// variant's setup; docs/language.md § File structure, Setup). Nil when
	// the board has none.
	Holes []bool
	// Wall is the wall type plus one (movegen's wall attribute: the duck,
	// amazons' arrows), 0 for none: its pieces belong to no army; FEN
	// writes them * (Fairy-Stockfish's wall squares) and reads * as one,
	// a piece of the first side.
	Wall int16
	// FreeDrops: hands never run out (movegen's drops free): FEN writes
	// no holdings, and reads none but empty brackets.
	FreeDrops  bool
	CheckLimit int // checks that win (check counting), 0 for none
	// Hands tells whether the sides keep pieces in hand (Position.Hand):
	// only then does FEN read and write holdings in brackets after the
	// board, as Fairy-Stockfish's crazyhouse and shogi FENs have them.
	Hands bool
	// Plus, per type, marks the promoted forms written + and the letter of
	// the type they promote from (shogi's +P; Letters holds that letter);
	// nil for none.
	Plus []bool
	// Demotes: a promoted piece records its Origin, goes to the hand as
	// it, and is marked ~ in FEN (crazyhouse). Only with Hands.
	Demotes bool
	// Groups: pieces may be parts of multi-square pieces, written {N}
	// after their letters in a FEN (group.go; movegen's groups
	// declaration). Without it a FEN with {N} is an error.
	Groups bool
	// PromotedFrom, per type, is the type a piece of the type marked ~ in
	// a FEN was promoted from (its Origin), or -1; nil for none. Read only
	// in a variant that demotes.
	PromotedFrom []int
	// Castling tells whether the variant castles: only then does a FEN's
	// castling field set the unmoved state of royal and corner pieces,
	// and FEN write one.
	Castling bool
	// CastleCorners, per piece type, marks the types a royal piece
	// castles with (movegen: the types its castling lines test with is,
	// chess's rook): the corner pieces the castling field's K and Q name
	// are the farthest pieces of these types on the royal piece's rank in
	// the setup, so that gustav3's rooks inside its corner amazons castle.
	// Nil: the farthest non-royal pieces there.
	CastleCorners []bool
	// CastlePartners, per piece type, marks the types a royal piece
	// castles with by a castle item (Chess960's rook); nil for none. Then
	// the castling field alone sets the unmoved state of royal pieces and
	// partners, whatever the setup: X-FEN's K and Q name the outermost
	// partner on a royal piece's rank toward the higher and the lower
	// files, a file letter (Shredder-FEN's HAha, or X-FEN's for an inner
	// partner) the partner on that file; a royal piece is unmoved when it
	// has a partner so named. FEN writes the field in X-FEN form.
	CastlePartners []bool
	// Castlers, per piece type, marks the types that castle — the king
	// of castling, whose unmoved state and partners the castling field
	// gives; nil: the royal types. A non-royal type castles in
	// Fairy-Stockfish's giveaway and extinction chess (castlingKingPiece);
	// a royal type need not (coregal's royal queens).
	Castlers []bool
	// CornerPartners, per piece type, marks in a variant that castles
	// with move lines (Castling, no castle item) the types those lines
	// castle with (their is tests: chess's rook, perfect chess's rook and
	// chancellor). A castling letter makes a piece of such a type on its
	// royal piece's corner square unmoved, whatever type the setup has
	// there, as Fairy-Stockfish's castlingRookPieces castle; nil for none.
	CornerPartners []bool
	// CastleHome lists pieces that count, beside the setup's, as standing
	// at home for the castling field (movegen's drops castle: placement's
	// king on e1 and rooks on a1 and h1, where its setup has none): a FEN
	// read makes such a piece unmoved only when the field names it (its
	// royal piece's letter, or its partner's), and FEN writes a letter for
	// an unmoved royal piece there and each unmoved partner. Nil for none.
	CastleHome []HomePiece
	// Gates tells that the variant has gates (movegen: gate lines, as
	// Seirawan chess's): the castling field then carries the unmoved state
	// of every piece on a side's first rank. K and Q name the royal piece
	// and its partner as castling does (the outermost castle partner, or
	// the piece the setup has in that corner); a file letter names the
	// side's piece on that file of its first rank; every other piece on a
	// first rank is moved. FEN writes the castling letters, then a letter
	// for every other unmoved piece of the side's first rank — the royal
	// piece's file left out while it castles, except with castle partners
	// (Chess960's form) — as Fairy-Stockfish writes its gates.
	Gates bool
	// GatesNeedHand: a side's gate letters are written only while it has
	// pieces in hand, and with an empty hand a file letter that names a
	// castling partner is a Shredder-FEN castling right, which leaves the
	// royal piece unmoved too (Seirawan chess, whose hands only shrink;
	// S-house's captures refill them, and it writes its gates always).
	GatesNeedHand bool
	// GhostVictims, when set, returns the squares of the pieces a ghost
	// stands for (those its capture would take), which FEN writes in the
	// en-passant field beside the ghost's square: a variant with several
	// ghost types needs them to tell which type a ghost read from a FEN
	// is (berolina's field names the passed square and the pawn).
	GhostVictims func(p *Position, ghost *Piece) []Square
	// Proxies, per piece type, says which types are proxies and what they
	// may hold (docs/language.md § Proxy pieces): nil when no type is.
	Proxies []Proxy
	// UnmovedMatters, per piece type, tells whether the type's unmoved
	// flag can change a legal move (a line tests it: chess's king, rook
	// and pawn): only those flags are hashed, so that positions that
	// differ in no other flag hash alike, as a repetition needs. Nil:
	// every type's flag counts.
	UnmovedMatters []bool
	// Seeded: positions carry a random seed (Position.Seed; movegen's
	// rand), written in the FEN's state field {seed:…} and hashed.
	// DefaultSeed is the seed of a FEN that gives none (the variant's seed
	// declaration).
	Seeded      bool
	DefaultSeed uint64
	// TracksLast: positions carry the piece that made the previous ply
	// (Position.Last; movegen's late pieces), written in the FEN's state
	// field {last:…} by its square and hashed by it.
	TracksLast bool
}

// HomePiece is a piece of Variant.CastleHome: its type, side and square.
type HomePiece struct {
	Type   int16
	Side   Side
	Square Square
}

// unmovedCounts reports whether the unmoved flag of type t is part of
// the position's hash (Variant.UnmovedMatters).
func (v *Variant) unmovedCounts(t int16) bool {
	return v.UnmovedMatters == nil || int(t) < len(v.UnmovedMatters) && v.UnmovedMatters[t]
}

// Piece is one piece. Its index in Position.Pieces is its stable identity.
type Piece struct {
	Type    int16
	Side    Side
	Unmoved bool
	OnBoard bool
	Square  Square // where it stands (when OnBoard) or stood last
	Created int32  // the ply count right after the ply that created it
	// Origin is the type the piece had before its first promotion, plus
	// one; 0 when it was never promoted. In a variant with hands a
	// captured piece enters the hand as that type (crazyhouse's promoted
	// queen as a pawn), and FEN marks it with ~.
	Origin int16
	// Group is the number of the multi-square piece the piece is a part
	// of, 0 when it is a piece on its own (Variant.Groups; group.go). Parts
	// of one group share the number; it never changes after a FEN is read.
	Group int16
	Mem   memory.Bank
}

// BaseType returns the type piece pc had before it was promoted: its own
// type when it never was.
func (pc *Piece) BaseType() int {
	if pc.Origin > 0 {
		return int(pc.Origin - 1)
	}
	return int(pc.Type)
}

// Result tells whether the game is over and how.
type Result uint8

// The results.
const (
	Ongoing   Result = iota
	FirstWins        // the first player won
	SecondWins
	Draw
)

// String describes the result.
func (r Result) String() string {
	return [...]string{"ongoing", "1-0", "0-1", "1/2-1/2"}[r]
}

// WinFor returns the result in which side s wins.
func WinFor(s Side) Result { return FirstWins + Result(s) }

// Position is a game position. Its zero value is not usable: build one with
// New or Parse.
type Position struct {
	V       *Variant
	squares []int32 // piece identity per square, -1 when empty
	Pieces  []Piece
	Tiles   []memory.Bank // tile memory per square; nil until a tile cell is written (read it with Tile)
	Global  memory.Bank
	ToMove  Side
	Result  Result // next to ToMove, where the struct has room
	// marked counts the pieces of a Variant.Marked type on the board: at
	// most a stack's depth times 32x32 squares, and int16 here, beside
	// ToMove, where the struct has room
	marked   int16
	Ply      int32 // plies played since the position was loaded
	Halfmove int32 // plies since the last capture or move of a piece that resets the clock
	// Passes counts the passes (movegen's pass rule) in a row that led to
	// this position: 0 after any other move and when the position was
	// loaded. It is part of the hash when it is not 0, for a second pass
	// ends the game where a first does not.
	Passes   int32
	Fullmove int32 // the FEN move number when Ply was 0
	// Last is the identity of the piece that made the previous ply, -1 for
	// none, in a variant that tracks it (Variant.TracksLast; -1 in others).
	// Change it with SetLast. (Here, where it fills the padding before
	// Captured: a chess position stays in its allocation size class.)
	Last     int32
	Captured []int32
	Checks   [2]int32 // checks given by each side (check counting)
	// Hand counts each side's pieces in hand by type (Variant.Hands; nil
	// otherwise): Hand[side][type]. Change it with AddToHand.
	Hand [2][]int32
	// HandPieces[side][type] is the identity of a piece off the board that
	// stands for the side's pieces of the type in hand, or -1: a drop is
	// a move of it (movegen), which puts a new piece of its type down. It
	// is never on the board, and never captured.
	HandPieces [2][]int32
	// EnPassant lists the squares the FEN's en-passant field named, as
	// loaded (some variants name the passed square and the pawn's).
	EnPassant []Square
	// Occupied holds, on boards of at most 64 squares, each side's squares
	// with a piece that is not a ghost, bit i standing for square i: what
	// the classic bitboard lookups of movegen's fast path need.
	Occupied [2]uint64
	// Wide holds the same on boards of at most 128 squares, in two words:
	// square i is bit i%64 of Wide[side][i/64].
	Wide [2][2]uint64
	// Seed is the random seed of a seeded variant (Variant.Seeded; 0 in
	// others): what its dice read. Change it with SetSeed.
	Seed    uint64
	royals  [2]int32 // royal pieces of each side on the board
	hash    uint64
	journal []change
	// rare: the stacks' links and the fields' cover (stack.go), nil in
	// a variant with neither
	rare *rare
}

// Royals returns how many royal pieces (Variant.Royal) side s has on the
// board.
func (p *Position) Royals(s Side) int { return int(p.royals[s]) }

// Marked returns how many pieces of the Variant.Marked types are on the
// board.
func (p *Position) Marked() int { return int(p.marked) }

// countRoyal adds d to the royal count of pc's side when pc is a royal
// piece on the board, and to the marked count when its type is marked.
func (p *Position) countRoyal(pc *Piece, d int32) {
	if !pc.OnBoard {
		return
	}
	if int(pc.Type) < len(p.V.Royal) && p.V.Royal[pc.Type] {
		p.royals[pc.Side] += d
	}
	if int(pc.Type) < len(p.V.Marked) && p.V.Marked[pc.Type] {
		p.marked += int16(d)
	}
}

// recountRoyals counts the royal pieces from scratch (after a FEN is read).
func (p *Position) recountRoyals() {
	p.royals, p.marked = [2]int32{}, 0
	for id := range p.Pieces {
		p.countRoyal(&p.Pieces[id], 1)
	}
}

// New returns an empty position of the variant's size.
func New(v *Variant) *Position {
	p := &Position{V: v, Fullmove: 1, Seed: v.DefaultSeed, Last: -1}
	if v.Hands {
		p.Hand = [2][]int32{make([]int32, len(v.Letters)), make([]int32, len(v.Letters))}
	}
	p.squares = make([]int32, v.Width*v.Height)
	for i := range p.squares {
		p.squares[i] = -1
	}
	if v.Fields != nil {
		p.rareState().fields = newFieldCover(len(p.squares))
	}
	return p
}

// Tile returns square sq's tile memory (nil when none was written).
func (p *Position) Tile(sq Square) memory.Bank {
	if p.Tiles == nil {
		return nil
	}
	return p.Tiles[sq]
}

// Width and Height return the board size.
func (p *Position) Width() int  { return p.V.Width }
func (p *Position) Height() int { return p.V.Height }

// Squares returns the number of squares.
func (p *Position) Squares() int { return len(p.squares) }

// At returns the identity of the piece on sq, or -1.
func (p *Position) At(sq Square) int32 { return p.squares[sq] }

// PieceAt returns the piece on sq, or nil.
func (p *Position) PieceAt(sq Square) *Piece {
	if id := p.squares[sq]; id >= 0 {
		return &p.Pieces[id]
	}
	return nil
}

// Hash returns the Zobrist hash of the position: the part kept
// incrementally, the last mover's square's key (Variant.TracksLast), added
// here because that piece may move after SetLast named it, and the groups'
// term (Variant.Groups), keyed by each group's lowest square.
func (p *Position) Hash() uint64 {
	h := p.hash
	if p.Last >= 0 {
		h ^= p.lastHash()
	}
	if p.V.Groups {
		h ^= p.groupsHash()
	}
	return h
}

// Sq returns the square at file x, rank y, or NoSquare off the board.
func (p *Position) Sq(x, y int) Square {
	if x < 0 || y < 0 || x >= p.V.Width || y >= p.V.Height {
		return NoSquare
	}
	return Square(y*p.V.Width + x)
}

// XY returns the file and rank of sq.
func (p *Position) XY(sq Square) (x, y int) { return int(sq) % p.V.Width, int(sq) / p.V.Width }

// SquareName returns sq in algebraic form: the file's name (FileName) and
// the rank from 1.
func (p *Position) SquareName(sq Square) string {
	x, y := p.XY(sq)
	return p.FileName(x) + strconv.Itoa(y+1)
}

// FileName names file x: a to z, and on boards wider than 26 files aa to
// af for the files after z (MaxSize is 32).
func (p *Position) FileName(x int) string {
	if x < 26 {
		return string(rune('a' + x))
	}
	return string([]byte{byte('a' + x/26 - 1), byte('a' + x%26)})
}

// ParseSquare reads an algebraic square such as e4, j10 or ab3 (SquareName's
// form).
func (p *Position) ParseSquare(s string) (Square, error) {
	i := 0
	for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	if i == 0 || i > 2 || i == len(s) || s[i] == '0' || len(s)-i > 2 {
		return NoSquare, fmt.Errorf("bad square %q", s)
	}
	rank, err := strconv.Atoi(s[i:])
	if err != nil || rank < 1 || strconv.Itoa(rank) != s[i:] {
		return NoSquare, fmt.Errorf("bad square %q", s)
	}
	x := int(s[0] - 'a')
	if i == 2 {
		x = (x+1)*26 + int(s[1]-'a')
		if p.V.Width <= 26 {
			return NoSquare, fmt.Errorf("square %q is off the %dx%d board", s, p.V.Width, p.V.Height)
		}
	}
	sq := p.Sq(x, rank-1)
	if sq == NoSquare {
		return NoSquare, fmt.Errorf("square %q is off the %dx%d board", s, p.V.Width, p.V.Height)
	}
	return sq, nil
}

// Clone returns an independent copy of the position with an empty journal.
func (p *Position) Clone() *Position {
	c := *p
	c.squares = append([]int32(nil), p.squares...)
	c.Pieces = append([]Piece(nil), p.Pieces...)
	for i := range c.Pieces {
		c.Pieces[i].Mem = c.Pieces[i].Mem.Clone()
	}
	if p.Tiles != nil {
		c.Tiles = make([]memory.Bank, len(p.Tiles))
		for i, t := range p.Tiles {
			c.Tiles[i] = t.Clone()
		}
	}
	c.Global = p.Global.Clone()
	c.Captured = append([]int32(nil), p.Captured...)
	for s := range c.Hand {
		c.Hand[s] = append([]int32(nil), p.Hand[s]...)
		c.HandPieces[s] = append([]int32(nil), p.HandPieces[s]...)
	}
	c.EnPassant = append([]Square(nil), p.EnPassant...)
	if p.rare != nil {
		c.rare = &rare{l: append([]link(nil), p.rare.l...), fields: p.rare.fields.clone()}
	}
	c.journal = nil
	return &c
}

// Draw returns a diagram of the board, first rank at the bottom; ghosts
// are invisible, as in FEN. Boards wider than 26 files, whose file names
// take two letters, get wider columns.
func (p *Position) Draw() string {
	col := "%2s"
	if p.V.Width > 26 {
		col = "%3s"
	}
	var b strings.Builder
	for y := p.V.Height - 1; y >= 0; y-- {
		fmt.Fprintf(&b, "%2d ", y+1)
		for x := 0; x < p.V.Width; x++ {
			c := "."
			if p.V.Hole(p.Sq(x, y)) {
				c = "*"
			} else if pc := p.PieceAt(p.Sq(x, y)); pc != nil && !p.isGhost(pc) {
				c = string(p.letter(pc))
			}
			fmt.Fprintf(&b, col, c)
		}
		b.WriteByte('\n')
	}
	b.WriteString("   ")
	for x := 0; x < p.V.Width; x++ {
		fmt.Fprintf(&b, col, p.FileName(x))
	}
	return b.String()
}

// updateOccupied sets sq's bit in Occupied and Wide from its occupant.
func (p *Position) updateOccupied(sq Square) {
	if len(p.squares) > 128 {
		return
	}
	w, bit := sq>>6, uint64(1)<<(sq&63)
	p.Wide[0][w] &^= bit
	p.Wide[1][w] &^= bit
	if id := p.squares[sq]; id >= 0 && !p.isGhost(&p.Pieces[id]) {
		p.Wide[p.Pieces[id].Side][w] |= bit
	}
	if len(p.squares) <= 64 {
		p.Occupied[0], p.Occupied[1] = p.Wide[0][0], p.Wide[1][0]
	}
}

// isGhost reports whether pc is a ghost: the FEN's ghost type, or any type
// the variant marks as one.
func (p *Position) isGhost(pc *Piece) bool {
	return int(pc.Type) == p.V.Ghost || int(pc.Type) < len(p.V.Ghosts) && p.V.Ghosts[pc.Type]
}

// TypeOf returns the type lettered c (upper case) that is not a promoted
// form written +c, or -1.
func (v *Variant) TypeOf(c byte) int {
	for t, l := range v.Letters {
		if l == c && !v.IsPlus(t) {
			return t
		}
	}
	return -1
}

// IsPlus reports whether type t is written + and a letter (Variant.Plus).
func (v *Variant) IsPlus(t int) bool { return t < len(v.Plus) && v.Plus[t] }

// Hole reports whether sq is not part of the board (Variant.Holes).
func (v *Variant) Hole(sq Square) bool { return v.Holes != nil && v.Holes[sq] }

func (p *Position) letter(pc *Piece) byte {
	if p.V.IsWall(int(pc.Type)) {
		return '*'
	}
	c := p.V.Letters[pc.Type]
	if pc.Side == Second {
		c += 'a' - 'A'
	}
	return c
}

// IsWall reports whether type t is the wall type (Wall).
func (v *Variant) IsWall(t int) bool { return v.Wall > 0 && t == int(v.Wall)-1 }

// wallType returns the wall type, or -1.
func (v *Variant) wallType() int { return int(v.Wall) - 1 }
