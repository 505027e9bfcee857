// Package spec is the vocabulary movegen lowers a variant to for the
// bitboard tier (package tier), and the tier's compact moves. A Variant
// is plain data:
// every line already placed on the board for each side and start square
// (the compiler's normals), its static conditions — positions, the board's
// edges — decided, so that what is left for the tier is what depends on
// the position.
package spec

import "github.com/alfil-go/alfil/board"

// Variant is a variant the tier can play: its board, its piece types with
// their placed lines, and the rules that end a game.
type Variant struct {
	Width, Height int
	Types         []Type
	// CheckLimit: the checks that win (check counting), 0 for none.
	CheckLimit int
	// Forced: a side that can capture must (antichess).
	Forced bool
	// Extinct is the result for a side the extinction rule judges,
	// written for that side as the language writes it (FirstWins: "it
	// wins"), when some type is Real (docs/language.md § Extinction). A
	// side is judged when it has ExtinctLeft or fewer Real pieces, on the
	// board and in hand — of any one Real type with ExtinctEach, else of
	// all together — while the other side has ExtinctVs or more of the
	// same, one more when the side judged is to move and ExtinctReply
	// holds (extinction R reply: shatranj's bare king replies first). The
	// side that has just moved is judged first.
	Extinct      board.Result
	ExtinctReply bool
	ExtinctEach  bool
	ExtinctLeft  int
	ExtinctVs    int
	// Stalemate and Checkmate are the results for a side with no legal
	// move, out of check and in check, written the same way.
	Stalemate, Checkmate board.Result
	// ToHand: a piece captured goes to the hand of the side whose move
	// it is (captures hand), as its type — with Demotes, as the type it
	// had before its first promotion (captures hand demoted). A ghost
	// never does.
	ToHand, Demotes bool
	// LastingPromotions[from*len(Types)+to]: a promotion of a from into
	// a to is for good and restarts the half-move clock, as a drop does
	// (no line of to's promotes back into from). Nil: none is.
	LastingPromotions []bool
	// MustDrop: while the side to move has a legal drop, only its drops
	// are legal (drops forced: placement's and sittuyin's pieces come in
	// first); with captures forced too, the captures are kept first.
	MustDrop bool
	// MustDropOnly narrows MustDrop to the drops of type MustDropType
	// (drops forced NAME: koedem's king): the rule holds while the side
	// holds one, and then no other type drops.
	MustDropOnly bool
	MustDropType int
	// Bicolor: drops of type BicolorType must leave the side's pieces of
	// it room on squares of both colours (drops bicolor, docs/language.md
	// § Hands and drops): with n the side's pieces of the type on the
	// board and in hand, one is not dropped where one more on that
	// square's colour would make more than (n+1)/2, and no other piece
	// where it leaves fewer than n/2, for either colour, of the side's
	// pieces of the type and the empty squares of its drop region there.
	// A square's colour is its file plus its rank, odd or even.
	Bicolor     bool
	BicolorType int
	// DropCastle, when not nil, makes dropped pieces castle (drops
	// castle): see DropCastle.
	DropCastle *DropCastle
	// NoChecks: a move may not leave a royal piece of the opponent
	// capturable (checks forbidden, docs/language.md § Goals and checks:
	// racing kings), a discovered check included.
	NoChecks bool
	// DupleCheck: the LastRoyal pieces are judged as a move leaves them —
	// one may not stand capturable, several not all at once — and a side
	// is in check when they do (duplecheck: spartan chess).
	DupleCheck bool
	// Goal, when not nil, is the goal rule (goal declarations).
	Goal *Goal
	// SquareNames names the squares, for move strings.
	SquareNames []string
	// Wall, when not nil, is the wall rule (place NAME anywhere|shot):
	// every turn is a move and then a wall put down (see Wall).
	Wall *Wall
	// CastleTakesRook: a move of a royal piece that lifts a piece of its
	// side and sets it down (castling) is named in UCI as the royal piece
	// taking that piece, Chess960's form — a variant with castle items
	// (docs/language.md § Castling).
	CastleTakesRook bool
	// Fill, when not nil, are the rules of a board-filling game (flip.go).
	Fill *FillRules
	// Facing, when not nil, is the facing rule (facing NAME RESULT).
	Facing *Facing
	// Pass, when not nil, is the pass rule (pass; see PassRule and
	// PassMove).
	Pass *PassRule
}

// Facing is the facing rule (docs/language.md § Facing pieces): two
// pieces of type Type, one of each side, face each other when they share
// a file or a rank with no piece between them. With Illegal no move, the
// pass included, may leave them facing (xiangqi's flying general);
// otherwise, while they face each other, the side to move must part them
// or pass, which it may even in check, and when they still face each
// other after its move the game ends with Result, written for the side
// that moved as the language writes it (janggi's bikjang). The tier takes
// it where Type is the variant's only royal type.
type Facing struct {
	Type    int
	Illegal bool
	Result  board.Result
}

// PassRule is the pass rule (docs/language.md § Passing): the side to
// move may pass — with Stalemate (pass stalemate) only when it has no
// other legal move. The pass is one move (PassMove), made by the side's
// royal piece on the lowest square or, with none, its piece on the
// lowest square; a side with no piece on the board does not pass. It is
// legal when it leaves no royal piece of the side capturable (a side in
// check does not pass) — but while the facing pieces face each other it
// is legal even in check, and never under facing NAME illegal — and with
// captures forced a capture excludes it. A pass by a piece of a type
// that resets the half-move clock restarts it, as a move from and to its
// square would. Two passes in a row end the game: counted under
// fullboard count (FillRules.Count), else drawn.
type PassRule struct {
	Stalemate bool
}

// Wall is the wall rule (docs/language.md § Two-part turns): a turn is a
// move, then a piece of type Type put down, which belongs to no army —
// nothing captures it, moves onto it or rides through it. With Anywhere
// (duck chess) the one wall moves to any square empty after the move,
// its own excepted; without (amazons' arrows) a new wall goes on a square
// the moved piece could move to quietly from where it landed, in the
// position after the move. The tier takes it in a variant without royal
// pieces, drops, gates, forced captures or check counting, and with shot
// only where every type moves by plain moves and rides.
type Wall struct {
	Type     int
	Anywhere bool
}

// Goal is the goal rule (docs/language.md § Goals and checks): side s
// has reached its goal when a piece of type Type[s] (-1: s has no goal)
// stands on a square of Region[s]; GoalOutcome decides what that does,
// as Reply or Hold (at most one is set) say.
type Goal struct {
	Type   [2]int
	Region [2][]board.Square
	Reply  bool
	Hold   bool
}

// GoalOutcome returns the result the goal rule g gives a position:
// reached tells which sides have reached their goals, stm is the side to
// move, inCheck and canReach (asked only when needed) whether stm is in
// check and whether it has a legal move that reaches its goal. Without
// reply or hold the side that reached its goal by its move has won. With
// reply the second player reaches it and wins at once; the first player
// reaching it gives the second one more move — when it is not in check
// and a legal move of its takes it to its goal too; else the first player
// has won — and once that move is made the game ends, drawn if the second
// player reached its goal, else won by the first (Fairy-Stockfish's
// flagMove with a king: racing kings). With hold a side wins when it
// has reached its goal as its turn begins: the opponent's move since its
// arrival did not dislodge it, by capture or otherwise (Fairy-Stockfish's
// flagMove with a piece other than the king: jesonmor).
func GoalOutcome(g *Goal, stm board.Side, reached [2]bool, inCheck, canReach func() bool) board.Result {
	mover := stm.Other()
	switch {
	case g.Hold:
		if reached[stm] {
			return board.WinFor(stm)
		}
	case g.Reply && reached[stm]:
		if stm == board.First && reached[mover] {
			return board.Draw
		}
		return board.WinFor(stm)
	case reached[mover]:
		if g.Reply && stm == board.Second && !inCheck() && canReach() {
			return board.Ongoing
		}
		return board.WinFor(mover)
	}
	return board.Ongoing
}

// DropCastle is drops castle KING KF ROOK RF… (docs/language.md § Hands
// and drops): a piece of type King dropped on KingSq[s] enters unmoved
// and makes side s's pieces of type Rook on RookSqs[s] unmoved; a Rook
// dropped on one of RookSqs[s], with side s's King on KingSq[s], enters
// unmoved and makes that King unmoved — and, when the King had moved,
// the other Rooks on RookSqs[s] moved (Fairy-Stockfish keeps a castling
// right per rook, which a king that moved has lost).
type DropCastle struct {
	King, Rook int
	KingSq     [2]board.Square
	RookSqs    [2][]board.Square
}

// Type is a piece type: what it is and its lines.
type Type struct {
	Name   string
	Letter byte
	// Plus: the type is written + and its letter (a shogi piece's
	// promoted form); a move promoting to it is named with + in UCI.
	Plus  bool
	Royal bool // its side must keep it safe, and loses when it has none left
	// Castles: it castles (movegen's board.Variant.Castlers), royal or not:
	// with CastleTakesRook its castling is named as it taking its rook.
	Castles bool
	// LastRoyal: royal only while its side has one piece of a LastRoyal
	// type on the board, as the position before a move counts them
	// (docs/language.md § Royal pieces and legality: sho shogi's king and
	// crown prince); Royal is set too. A side with two or more may leave
	// them capturable and is never in check; with one, that one must not
	// be left capturable — a piece made LastRoyal by the move is not
	// guarded — and taking the last one wins.
	LastRoyal bool
	Real      bool // counted by the extinction rule (Variant.Extinct)
	// Wall: a wall type (Variant.Wall), of no army: no lines, no hooks.
	Wall bool
	// Steadfast: while its side is in check, a piece of this type moves
	// only to capture the one enemy piece giving check, and not at all
	// when several do (docs/language.md § Attributes and hooks: makpong's
	// king). Not beside LastRoyal types or DupleCheck.
	Steadfast bool
	// Resets: a move of it restarts the half-move clock, as a capture does
	// (the language's resets attribute), but for a move it could take
	// straight back (Back).
	Resets bool
	// Back, for a Resets type some of whose moves can be taken back
	// (pawn sideways' sideways step): per side and square, the squares its
	// plain moves reach from there on an empty board; a move from one of
	// them to the square keeps the clock running. Nil otherwise.
	Back [2][][]board.Square
	// Ghost: invisible to every condition but Is, deleted at the end of the
	// opponent's next ply (the en-passant ghost's every 1: del).
	Ghost bool
	// Lines are the type's lines that are not slides, placed.
	Lines []Line
	// Rides are the type's sliding lines.
	Rides []Ride
	// Hops are the type's hopping lines.
	Hops []Hop
	// Multis are the type's multis of one-chain sub-moves.
	Multis []Multi
	// OnDeath, for a ghost, is the script its capture runs, placed at the
	// square it dies on (nil there when none).
	OnDeath Line
	// Touch, for a type whose every move ends by touching (touch, Ouk
	// Chatrang's rook: docs/language.md § First moves named by file), is
	// per side and square a move of it ends on the touches it then runs:
	// a script of Marked Touch actions, each run where its If holds on
	// the board the move left (nil where none). Such a type's moves are
	// its Rides alone: no Lines, Hops or Multis, no drops or hooks. Nil
	// At for a type that does not touch.
	Touch Line
	// Every, for a piece that is not a ghost, is the script an every 1
	// hook runs after each ply, placed at the square each piece of the
	// type stands on: its conditions tested on the board the ply left
	// (before the turn passes), its actions only win and lose — a ply
	// that gives the game to both sides is drawn (dobutsu's lion on its
	// far rank, safe). The tier takes it in a variant without ghosts and
	// for a type no move or drop creates, so that no piece of it is new
	// in the ply (whose hooks would skip it). Nil At for none.
	Every Line
	// Drop[s][sq]: a piece of this type in side s's hand may be dropped
	// on sq when no piece stands there (a ghost there is removed); it
	// enters as moved (but see Variant.DropCastle). A royal piece dropped
	// must not stand attacked; a lastroyal type is not dropped. Nil for a
	// type that is not dropped.
	Drop [2][]bool
	// DropPromoted[s][sq]: a piece of this type in side s's hand may also
	// be dropped on sq, when no piece stands there, showing type
	// DropFace, promoted from this one (a drop line that ends with
	// promote: kyotoshogi's +P@c3). Nil for none.
	DropPromoted [2][]bool
	DropFace     int
	// Gate[s][sq] says when a piece of this type in side s's hand may
	// enter at sq, a gate, as part of a move of s that leaves sq — the
	// square its piece moves from, or one of s's pieces it lifts and does
	// not set down there again (castling's rook): GateUnmoved when the
	// piece that leaves has not moved, GateMoved when it has (Seirawan
	// chess's gate: unmoved pos x 0, docs/language.md § Gating). The
	// piece enters as moved, and the move is legal when it is without
	// the gate. Nil for a type that does not gate.
	Gate [2][]GateWhen
	// DropLimit, when its Count is above 0, also keeps a piece of this
	// type off every file holding Count or more of the dropping side's
	// pieces of type DropLimit.Type — that type only, not its promoted
	// forms (the language's not onfile T N: shogi's nifu).
	DropLimit FileLimit
	// Flip, when not nil, is what each move and drop of the type turns
	// where it lands, and its drops that test the board (flip.go).
	Flip *TypeFlip
}

// GateWhen says, for a gate square, whether the piece that leaves it must
// have moved or not (bits; 0: no gate there).
type GateWhen uint8

const (
	GateUnmoved GateWhen = 1 << iota // the gate holds when the piece leaving has not moved
	GateMoved                        // … when it has
)

// FileLimit names the files a drop avoids: those holding Count or more of
// the dropping side's pieces of Type.
type FileLimit struct {
	Type, Count int
}

// Line is one move line placed for each side on each start square: At[s][sq]
// is the script a piece of side s on sq plays, nil where the line cannot
// start (it leaves the board, or a position condition fails there).
type Line struct {
	At [2][]*Script
}

// Script is a placed line: conditions to test, in order, and the actions
// that playing it runs, in order.
type Script struct {
	Conds []Cond
	Acts  []Act
}

// CondKind is what a condition tests on its square.
type CondKind uint8

const (
	Empty   CondKind = iota // no piece (a ghost does not count)
	Enemy                   // a piece of the opponent
	Ally                    // a piece of the mover's side
	Piece                   // any piece
	Unmoved                 // a piece that has not moved
	Is                      // a piece (or ghost) of one of Types
	Safe                    // the opponent could not capture there
	// Count: N or more pieces of the mover's side of the type of Types
	// stand on the board (count NAME N; Sq is not read)
	Count
	// Harmless: a piece of the mover's side of the type of Types, standing
	// on Sq in place of what stands there, the moving piece lifted from
	// From, could capture no enemy piece (harmless NAME: sittuyin's new
	// met). The type's captures must be plain leaps and rides.
	Harmless
	// Outflanks: a piece of the mover's side on Sq would outflank a line
	// of enemy pieces (outflanks, flip.go)
	Outflanks
)

// Cond is one condition.
type Cond struct {
	Kind  CondKind
	Not   bool
	Sq    board.Square
	Types uint64 // Is: bit t for type t; Count and Harmless: their type's bit
	// N: Count's number of pieces
	N int
	// From: Harmless's and Safe's square of the moving piece, which they
	// lift (Safe's -1 in a hook: the piece tests its own square)
	From board.Square
}

// ActKind is what an action does.
type ActKind uint8

const (
	Mov     ActKind = iota // move the mover here, removing what stands here
	Capt                   // capture what stands here (a ghost runs its OnDeath)
	Del                    // remove what stands here
	Spawn                  // put a new, unmoved piece of Type of the mover's side here
	Promote                // the piece here becomes a Type
	Pick                   // lift the piece here into the move's queue
	Put                    // set the next lifted piece down here
	Win                    // the mover wins
	Lose                   // the mover loses
	Draw                   // the game is drawn
	Pass                   // nothing: a multi's sub-move that ends the sequence (spec.Multi.End) names it
	// NoCheck: nothing on the board; the move is legal only if it leaves
	// no royal piece of the opponent capturable (nocheck: sittuyin's
	// promotion gives no check, a discovered one included)
	NoCheck
	Flip     // the enemy piece here turns to the mover's side, keeping its type
	Outflank // every enemy line a piece of the mover's here outflanks turns to the mover's side
	// Touch: the piece here, if any, counts as moved from now on (touch:
	// Ouk Chatrang's rook takes the first leap from an enemy king it aims
	// at, docs/language.md § Actions)
	Touch
)

// Act is one action.
type Act struct {
	Kind ActKind
	Sq   board.Square
	Type int
	// Marked: an action of an in … do (docs/language.md § in … do), such
	// as atomic chess's blast. The first action on a marked square runs
	// only where every condition of If holds when it is reached, on the
	// board the move's earlier actions left; the others on that square
	// (WithPrev) run when it ran. A capture it makes is no direct
	// capture — it threatens nothing — and a move whose marked capture
	// would take a royal piece of its own side threatens nothing either.
	Marked   bool
	If       []Cond
	WithPrev bool
}

// Ride is a slide of "step, empty, mov" whose then clause, when Capture, is
// "enemy, capt, mov": it moves to every empty square along its ray and
// captures the first piece in its way when that is an enemy. Next[s][sq] is
// the square one step further from sq for side s, -1 off the board.
//
// A ride may keep only some of those moves, and promote: a shogi piece's
// slide into its promotion zone (docs/language.md § Shogi). Where From[s]
// is not nil, a piece of side s rides only from the squares it holds
// true; where To[s] is not nil, its quiet moves end only on the squares
// it holds true, and where CaptureTo[s] is not nil, its captures — the
// ray still runs through the other squares, which only pieces block.
// With Promotes, each move promotes the piece to type Promote.
type Ride struct {
	Next                [2][]board.Square
	Capture             bool
	From, To, CaptureTo [2][]bool
	Promotes            bool
	Promote             int
}

// String returns the action's name as the language writes it.
func (k ActKind) String() string {
	names := [...]string{"mov", "capt", "del", "spawn", "promote", "pick", "put", "win", "lose", "draw", "pass", "nocheck", "flip", "outflank", "touch"}
	if int(k) < len(names) {
		return names[k]
	}
	return "?"
}

// Multi is a multi whose lines are each one chain (docs/language.md §
// multi) — draughts' capture chains: sub-moves played in turn, each the
// script of one of Subs placed on the square the piece stands on, tested
// and played on the board the earlier ones left. A sequence ends after a
// sub-move whose End is set (it passes), when no sub-move applies after
// at least one, or after Count sub-moves (0: no limit). The tier takes
// multis whose sub-moves test only empty, enemy, ally and piece, capture
// and move the piece, and promote it only in a sub-move that ends the
// sequence, in variants without royal pieces, ghosts or safe tests.
type Multi struct {
	Subs  []Line
	End   []bool
	Count int
}

// Hop is a grasshopper's line: a slide of "step, empty" (no move of its
// own) whose then clause runs at the first piece on the ray. Next is the
// ray's step, as in Ride; Then is the then clause placed on each square as
// the hurdle. Its scripts' actions must be a plain move's ("mov T" or
// "capt T, mov T", maybe "promote X" at T).
type Hop struct {
	Next [2][]board.Square
	Then Line
}
