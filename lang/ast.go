package lang

import (
	"strconv"

	"github.com/alfil-go/alfil/memory"
)

// The AST of a variant file after macro expansion. Every node embeds Pos, the
// byte offset of the token it starts at in the original file (for text that
// came from a def, the offset inside the def). Node is sealed: only this
// package defines nodes.

// Node is an element of the AST.
type Node interface {
	Position() Pos
	String() string
	node()
}

// Item is one element of a move line: a step, a condition, an action or a
// structure.
type Item interface {
	Node
	item()
}

// Seq is a run of items read left to right by the cursor.
type Seq []Item

// File is a parsed variant file.
type File struct {
	Pos
	// Source turns the positions of the file's nodes into places in the
	// text: in the file's own text, or, for what a file inherits (from
	// NAME), in its base's.
	Source   *Source
	Name     string     // game NAME; empty if absent
	Width    int        // board WxH; 8x8 if absent
	Height   int        //
	Symmetry string     // "mirror" (the default) or "rotate"
	Seed     *SeedDecl  // seed N: the default seed of rand; nil if absent
	Pieces   []*Piece   // in declaration order
	Setup    *Setup     // nil if absent
	Tiles    []*Tiles   // initial tile memory
	NoMoves  []*NoMoves // what a side without legal moves gets
	// ForcedCaptures: when a side can capture, it must (captures forced).
	ForcedCaptures bool
	// CapturesToHand: a captured piece goes to the captor's hand (captures
	// hand), as the type it had before any promotion with HandDemotes
	// (captures hand demoted).
	CapturesToHand, HandDemotes bool
	// Extinction is what a side left without the pieces the extinction
	// rule counts gets: "loss" (the default when empty), "win" or "draw"
	// (docs/language.md § Extinction).
	Extinction string
	// ExtinctionPieces are the piece types the rule counts, each type on
	// its own (extinction loss pawn; extinction loss {queen,rook}): a side
	// is judged when it is left with ExtinctionLeft or fewer of any one of
	// them. Empty, the rule counts a side's real pieces together, or with
	// ExtinctionAll every piece it has (extinction win all left 1).
	ExtinctionPieces []PieceName
	ExtinctionAll    bool
	// ExtinctionLeft: a side with this many counted pieces or fewer is
	// judged (left N; 0 when absent).
	ExtinctionLeft int
	// ExtinctionVs: the rule judges a side only while the other side has
	// at least this many of the same pieces (vs M; when absent 0, or 1
	// with reply).
	ExtinctionVs int
	// ExtinctionReply: a side judged on its own turn needs the other side
	// to have one piece more than ExtinctionVs, so that it moves once more
	// first (extinction loss reply: shatranj's bare king replies).
	ExtinctionReply bool
	// Checks, when positive, makes the side that gives that many checks
	// win (checks 3).
	Checks int
	// NoChecks: a move may not leave a royal piece of the opponent
	// capturable (checks forbidden: racing kings).
	NoChecks bool
	// DupleCheck: a side with several lastroyal pieces may not leave
	// them all capturable, and one with one may not leave it capturable,
	// counted after the move (duplecheck: spartan chess's two kings).
	DupleCheck    bool
	dupleCheckPos Pos // where duplecheck stands, for errors
	// Groups: the variant's FENs may join pieces into multi-square pieces,
	// marking each part {N} (groups; docs/language.md § Multi-square
	// pieces).
	Groups     bool
	GroupsPos  Pos          // where groups stands, for errors
	Formations []*Formation // the groups' formations (formation.go)
	// MateShak (mate shak NAME…): a checkmate stands only when the
	// unbroken series of checks that ended in it held one by a piece of
	// these types; otherwise the game is drawn (shatar's shak).
	MateShak []PieceName
	// MateForbidden (mate forbidden NAME…): a checkmate given by pieces
	// of these types alone loses for the side that gives it (shatar's
	// knight).
	MateForbidden []PieceName
	// Goals are the goal declarations (goal NAME REGION… [reply|hold]): a
	// side whose piece NAME stands in its region has reached its goal.
	Goals []*Goal
	// Eval, when not nil, is the evaluation hook: the global cell (eval g3)
	// whose changes the search credits to the side that moved.
	Eval *Operand
	// Repetition, when not nil, ends the game when a position occurs for
	// the N-th time (repetition 3 draw).
	Repetition *CountRule
	// MoveRule, when not nil, ends the game after N moves of each side
	// without a capture or a move of a piece with the resets attribute
	// (moverule 50 draw).
	MoveRule *CountRule
	// Insufficient lists the material with which neither side can win
	// (insufficient KN vs K): a position whose pieces match one is drawn.
	Insufficient []*Material
	// ForcedDrops: while the side to move has a legal drop, only drops
	// are legal (drops forced).
	ForcedDrops bool
	// ForcedDropType, when not nil, narrows ForcedDrops to one type (drops
	// forced NAME): while the side holds a NAME, only NAME drops are
	// legal if one is, and no drop at all otherwise.
	ForcedDropType *PieceName
	// FreeDrops: hands never run out: a type with drop lines may always
	// be dropped, and the FEN writes no holdings (drops free; ataxx).
	FreeDrops bool
	// DropStart, when not empty, lists the squares drops go to while one
	// of them is empty (drops start d4 e4 d5 e5; othello's centre).
	DropStart []SquareName
	// BicolorDrops, when not nil, names the piece whose drops must leave
	// a side able to have its pieces of that type on squares of both
	// colours (drops bicolor NAME).
	BicolorDrops *PieceName
	// DropCastle, when not nil, lets dropped pieces castle (drops castle
	// KING FILE ROOK FILE…).
	DropCastle *DropCastle
	// FenGates: the FEN's castling field names, by file letter, every
	// piece of a side's first rank that has not moved, as in a variant
	// with gates (fen gates: Ouk Chatrang's DEde).
	FenGates bool
	// Pass, when not nil, lets a side pass its turn instead of moving
	// (pass), or only when it has no other legal move (pass stalemate);
	// two passes in a row end the game in a draw.
	Pass *Pass
	// Facing, when not nil, is the facing rule (facing NAME RESULT).
	Facing *Facing
	// Connect, when not nil, is the connect rule (connect N … RESULT).
	Connect *Connect
	// Place, when not nil, makes every move a two-part turn: the move,
	// then the mover puts a wall down (place NAME anywhere|shot).
	Place *Place
	// FullBoard, when not empty, ends the game when no square is empty:
	// "draw", "loss" or "win" for the side to move, or "count": the side
	// with more pieces on the board wins (fullboard count; ataxx, othello).
	FullBoard string
}

// Facing is the facing rule, facing NAME RESULT (docs/language.md §
// Facing pieces). With a result (janggi's bikjang): when a NAME of each
// side see each other along a rook's line, the side to move must end it
// or pass, and the game ends with RESULT, for the side that moved, when
// they still do after its move. With illegal (xiangqi's flying general):
// no move may leave them facing each other.
type Facing struct {
	Pos
	Piece  PieceName
	Result string // draw, loss, win or illegal
}

// Connect is the connect rule (docs/language.md § Connect):
//
//	connect N [NAME | {NAME,…}] [ranks] [files] [diagonals] draw|loss|win
//
// A side that has just moved and has N of its pieces — of the types
// Pieces names, all its pieces but ghosts when it names none — on
// adjacent squares in a row along a rank, a file or a diagonal (those
// Lines names; all three when it names none) ends the game with Result
// for it: tic-tac-toe's three in a row, Fairy-Stockfish's connectN.
type Connect struct {
	Pos
	N      int
	Pieces []PieceName
	Lines  []string // "ranks", "files", "diagonals"; empty: all
	Result string   // draw, loss or win
}

// Place is the wall rule: place NAME anywhere (the one NAME wall moves
// to any empty square: duck chess) or place NAME shot (a new NAME is shot
// from where the moved piece landed, as it moves: amazons).
type Place struct {
	Pos
	Wall  PieceName
	Where string // "anywhere" or "shot"
}

// Pass is the pass rule: pass, or pass stalemate (Stalemate set).
type Pass struct {
	Pos
	Stalemate bool // a side may pass only when it has no other legal move
}

// Goal is a goal declaration (docs/language.md § Goals):
//
//	goal [first|second] NAME REGION… [reply|hold]
//
// A side (both when Side is empty) whose piece NAME stands on a square of
// Region after a ply has reached its goal. Reply: when the first player
// reaches its goal, the second replies once if it can reach its own
// (racing kings). Hold: a side wins when its piece still stands there as
// its turn begins, the opponent's one move having failed to dislodge it
// (jesonmor).
//
// NAME any, when no piece is named any, is any piece of the side but
// ghosts (Any). Count (0 or 1: one) is how many of them must stand on the
// region, or with Full at least one while every square of the region
// holds a piece (Fairy-Stockfish's flagPieceCount, flagPieceBlockedWin);
// Safe asks that, when exactly Count of them stand there, none of them
// may be captured by the opponent (flagPieceSafe).
type Goal struct {
	Pos
	Side   string // "", "first" or "second"
	Piece  PieceName
	Any    bool // set by the checks: NAME is any, and no piece has that name
	Region []GoalSquares
	Count  int
	Full   bool
	Reply  bool
	Hold   bool
	Safe   bool
}

// Terms returns the goal's words after its region, as the file writes
// them: count N, full, reply or hold, safe.
func (g *Goal) Terms() []string {
	var out []string
	if g.Count > 1 {
		out = append(out, "count", strconv.Itoa(g.Count))
	}
	if g.Full {
		out = append(out, "full")
	}
	if e := g.Ending(); e != "" {
		out = append(out, e)
	}
	if g.Safe {
		out = append(out, "safe")
	}
	return out
}

// Ending returns the word that ends the goal declaration: "reply",
// "hold" or "" (none).
func (g *Goal) Ending() string {
	switch {
	case g.Reply:
		return "reply"
	case g.Hold:
		return "hold"
	}
	return ""
}

// GoalSquares is one item of a goal's region: a square (Kind "square",
// Name e4), a whole rank (Kind "rank", Name its number from 1) or a
// whole file (Kind "file", Name its letter), where it stands.
type GoalSquares struct {
	Pos
	Kind, Name string
}

// String writes the item as the file does.
func (g GoalSquares) String() string {
	if g.Kind == "square" {
		return g.Name
	}
	return g.Kind + " " + g.Name
}

// SquareName is a square named in a declaration (e4), where it stands.
type SquareName struct {
	Pos
	Name string
}

// PieceName is a piece named in a declaration, where it stands.
type PieceName struct {
	Pos
	Name string
}

// FileName is a file named in a declaration (a, b, …, aa to af), where
// it stands.
type FileName struct {
	Pos
	Name string
}

// DropCastle is drops castle KING KFILE ROOK RFILE…
// (docs/language.md § Hands and drops): a KING dropped on file KFILE of
// its side's first rank enters unmoved and makes its side's ROOKs on
// the RFILEs of that rank unmoved; a ROOK dropped on an RFILE there,
// with a KING of its side on KFILE, enters unmoved and makes that KING
// unmoved (and, when the KING had moved, the other ROOKs there moved).
// For the FEN's castling field these squares are where the two stand at
// home.
type DropCastle struct {
	Pos
	King      PieceName
	KingFile  FileName
	Rook      PieceName
	RookFiles []FileName
}

// Piece is a piece declaration with its move lines and hooks.
type Piece struct {
	Pos
	Name   string
	Letter byte // the first player's FEN letter (upper case)
	// Plus: the letter is written +Letter — the promoted form of the
	// piece lettered Letter (shogi's +P), as FEN, UCI and SAN write it.
	Plus    bool
	Attrs   []*Attr
	Moves   []*Line
	Every   []*Every
	OnDeath []*Line
	// OnHold and OnRelease are a proxy's hooks: run when it has gained a
	// piece to hold, and when it has lost one (docs/language.md § Proxy
	// pieces).
	OnHold, OnRelease []*Line
	// Restrict is a restricting proxy's restriction (restrict: LINE,
	// docs/language.md § Proxy pieces, Restricted): conditions only, which
	// a move of a piece it holds must meet at the move's landing square.
	Restrict *Line
	// Drops are the lines by which a piece of the type in its side's hand
	// enters the board (drop: LINE): each starts on the square it would
	// be dropped on.
	Drops []*Line
	// Gates are the lines by which a piece of the type in its side's
	// hand may enter the board at a gate (gate: LINE): on the square a
	// move of its side leaves, as part of that move. Each holds
	// conditions only, tested on that square before the move.
	Gates []*Line
	// Copies are the piece's copy lines (copy: SOURCE…): a piece with one
	// is a late piece, which moves also by the lines of the pieces its
	// sources name (docs/language.md § Late pieces (copy:)).
	Copies []*Copy
	// Field, when not nil, is the piece's blocking field (field: [STEPS]
	// all?): the squares those steps reach from the piece are off the
	// board for the opponent's steps — for every other piece's with All
	// (docs/language.md § Blocking fields).
	Field *Field
}

// Field is a piece's blocking field: field: [STEP, …] all?
type Field struct {
	Pos
	Squares []*Step
	All     bool
}

// LetterString returns the piece's letter as the file writes it: P, or +P.
func (pc *Piece) LetterString() string {
	if pc.Plus {
		return "+" + string(pc.Letter)
	}
	return string(pc.Letter)
}

// Attr is a piece attribute: royal, real, ghost, value N or a custom flag.
type Attr struct {
	Pos
	Name  string
	Value int // for value N
	// Proxy is a proxy attribute's rule (Name "proxy"; docs/language.md
	// § Proxy pieces).
	Proxy *ProxyRule
}

// Every is a hook: every N: LINE.
type Every struct {
	Pos
	N    int
	Line *Line
}

// Copy is a late piece's copy line: copy: SOURCE… (docs/language.md
// § Late pieces (copy:)). Its sources name pieces whose ordinary move
// lines the late piece runs from its own square, as its own.
type Copy struct {
	Pos
	Sources []*CopySource
}

// CopySource is one source of a copy line: threateners, friends [STEPS]
// or last (enemy|ally).
type CopySource struct {
	Pos
	// Kind is "threateners", "friends" or "last".
	Kind string
	// Steps are the steps to the squares of friends' pieces; nil for the
	// eight king steps.
	Steps []*Step
	// Side narrows last: "enemy", "ally", or "" for either side.
	Side string
}

// Line is one move line (or the body of a hook).
type Line struct {
	Pos
	Items Seq
}

// Setup is the starting position: a FEN-shaped string with the variant's
// letters.
type Setup struct {
	Pos
	FEN string
}

// Tiles gives the initial value of one tile-memory cell on every square,
// ranks from the top as in FEN.
type Tiles struct {
	Pos
	Cell int
	Rows [][]int
}

// NoMoves is a rule for a side that has no legal move: nomoves stalemate
// draw, nomoves check loss.
type NoMoves struct {
	Pos
	When   string // "stalemate" or "check"
	Result string // "draw", "loss" or "win"
}

// CountRule is a rule that ends the game when a count is reached:
// repetition N RESULT and moverule N RESULT. Result is for the side whose
// move reached it.
type CountRule struct {
	Pos
	Keyword string // "repetition" or "moverule"
	N       int
	Result  string // "draw", "loss" or "win"
}

// Material is an insufficient-material declaration: the pieces of each
// side (either way round) with which the game is drawn.
type Material struct {
	Pos
	Sides [2]MaterialSide
	// SameColor: the pieces matched, royal ones aside, must all stand on
	// squares of one color (FIDE's bishops).
	SameColor bool
}

// MaterialSide is one side's pieces in a Material: letters of pieces it
// has exactly (Fixed, "KN": a king and a knight; a letter repeated counts
// again) and letters of pieces it may have any number of besides (Any,
// written {B}).
type MaterialSide struct {
	Fixed, Any string
}

func (m MaterialSide) String() string {
	if m.Any == "" {
		return m.Fixed
	}
	return m.Fixed + "{" + m.Any + "}"
}

// Step moves the cursor: a word of w a s d, optionally starting with e (the
// owner's corner).
type Step struct {
	Pos
	Dirs string
}

// Simple is a keyword that takes no operand: the conditions empty, enemy,
// ally, piece, unmoved, notorigin, notfirst, safe, notvisited and the
// actions mov, capt, del, pick, put, pickcapt, mark, pass, remember, win,
// lose, draw, nocheck, and break.
type Simple struct {
	Pos
	Op string
}

// Not negates one condition.
type Not struct {
	Pos
	Cond Item
}

// Named is a keyword with a name: is NAME, has NAME, onfile NAME N,
// count NAME N, harmless NAME (conditions), spawn NAME, promote NAME
// (actions).
type Named struct {
	Pos
	Op      string
	Name    string
	NamePos Pos
	// Count, for onfile NAME N and count NAME N, is how many pieces the
	// file or the board must hold; 0 when not written (one)
	Count int
}

// Castle is castle NAME KING ROOK, a royal piece's castling
// (docs/language.md § Castling): with an unmoved ally of type NAME on its
// rank, on the side of the higher files when KING is right of ROOK and of
// the lower ones otherwise, the piece ends on file KING and the ally on
// file ROOK. KING and ROOK are file names as written (g, f; i, h on ten
// files); the compiler expands the item for every square the two pieces
// may start on.
type Castle struct {
	Pos
	Name             string
	NamePos          Pos
	King, Rook       string
	KingPos, RookPos Pos
}

// PosCond is a pos test (docs/language.md § Conditions). Its relative
// form, pos X Y, holds where the cursor's file is X and its rank, counted
// from the mover's first rank, is Y, both from 0: X is a number, "x" (any)
// or a range such as "3..5"; Y a number, "x", "l" (the last rank) or a
// range whose ends are numbers or l ("5..l"). Its absolute form, pos
// SQUARE or pos SQUARE..SQUARE (a rectangle: "d1..f3", "a8..h8"), names
// squares as moves do, the same squares for either player: Square holds
// it, and X and Y are empty.
type PosCond struct {
	Pos
	X, Y   string
	Square string
}

// SideCond is side first|second: the line's owner is the first (or the
// second) player, for rules Fairy-Stockfish sets per colour
// (docs/language.md, Conditions).
type SideCond struct {
	Pos
	Side string // "first" or "second"
}

// Mem is a memory test (mcmp, mless, mdiff) or write (mset, madd).
type Mem struct {
	Pos
	Op   string
	A, B Operand
}

// Grow is mgrw MEM SIZE: memory MEM (l, p, t or g) gets at least SIZE cells.
type Grow struct {
	Pos
	Mem  string
	Size Operand
}

// Operand is a memory operand where it stands in the file: a constant, a
// cell such as g3, an indirect cell such as gl0 (g[l[0]]), or one of px,
// py and turn. The operand itself is the memory package's; the parser
// builds it, so the compiler and the board evaluate what was parsed.
type Operand struct {
	Pos
	memory.Operand
}

// Slide repeats Body. Then runs where Body fails at a condition, Out where
// Body steps off the board; Cycle, if any, gives the steps of successive
// iterations.
type Slide struct {
	Pos
	Cycle []*Step
	Body  Seq
	Then  *Clause
	Out   *Clause
}

// Clause is the then or out clause of a slide.
type Clause struct {
	Pos
	Items Seq
}

// Opt runs every branch; each continues with the rest of the line.
type Opt struct {
	Pos
	Branches []Seq
}

// Exc runs the first branch that yields anything.
type Exc struct {
	Pos
	Branches []Seq
}

// Block offers Body as a finished move, or skips it.
type Block struct {
	Pos
	Body Seq
}

// Multi plays several sub-moves in one turn.
type Multi struct {
	Pos
	Count    int  // at most this many sub-moves; 0 for no limit
	Distinct bool // a branch may not return to a square it visited
	Shared   bool // no sub-move may end where any earlier one of the multi ended
	Lines    []*Line
}

// In marks squares and runs actions on each: in PRE -> STEPS do ACTIONS.
type In struct {
	Pos
	Pre   []*Step
	Steps []*Step
	Do    Seq
}

// Limit forbids (limit) or confines to (only) a list of squares the moves of
// its lines.
type Limit struct {
	Pos
	Only    bool
	Squares []*Step
	Lines   []*Line
}

func (*File) node()       {}
func (*Piece) node()      {}
func (*Attr) node()       {}
func (*Every) node()      {}
func (*Field) node()      {}
func (*Copy) node()       {}
func (*CopySource) node() {}
func (*Line) node()       {}
func (*Setup) node()      {}
func (*Tiles) node()      {}
func (*NoMoves) node()    {}
func (*CountRule) node()  {}
func (*Clause) node()     {}
func (*Step) node()       {}
func (*Simple) node()     {}
func (*Not) node()        {}
func (*Named) node()      {}
func (*Castle) node()     {}
func (*PosCond) node()    {}
func (*SideCond) node()   {}
func (*Mem) node()        {}
func (*Grow) node()       {}
func (*Slide) node()      {}
func (*Opt) node()        {}
func (*Exc) node()        {}
func (*Block) node()      {}
func (*Multi) node()      {}
func (*In) node()         {}
func (*Limit) node()      {}

func (*Step) item()     {}
func (*Simple) item()   {}
func (*Not) item()      {}
func (*Named) item()    {}
func (*Castle) item()   {}
func (*PosCond) item()  {}
func (*SideCond) item() {}
func (*Mem) item()      {}
func (*Grow) item()     {}
func (*Slide) item()    {}
func (*Opt) item()      {}
func (*Exc) item()      {}
func (*Block) item()    {}
func (*Multi) item()    {}
func (*In) item()       {}
func (*Limit) item()    {}
