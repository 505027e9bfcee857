package movegen

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
	"github.com/alfil-go/alfil/tier"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: compile (entry). A Program is what Compile makes of a parsed
// variant file; Load parses and compiles in one call. The compiler itself
// is in compile.go, the trees it builds in tree.go, their placement on the
// board in place.go.

// Program is a compiled variant: its piece types with their move trees. It is
// immutable once compiled and safe to share between goroutines; every Board
// made from it owns its own generator state.
type Program struct {
	Name   string
	Width  int
	Height int
	// EvalCell is the global memory cell of the evaluation hook (eval gN),
	// or -1: a search credits a move's change of it to the side that moved.
	EvalCell  int
	rotate    bool   // the second player's a/d are swapped too
	holes     []bool // squares that are not part of the board (board.Variant.Holes), nil for none
	types     []*PieceType
	byName    map[string]int
	variant   *board.Variant
	setup     string
	tiles     []*lang.Tiles
	stalemate board.Result // for the side to move: FirstWins means "it wins"
	checkmate board.Result
	// hasReal: the extinction rule counts some type (counted), a side
	// at a time (docs/language.md § Extinction)
	hasReal bool
	counted []bool // per type: the extinction rule counts it
	forced  bool   // captures forced
	// mustDrop: drops forced, while a legal drop exists only drops are
	// legal (Legal)
	mustDrop bool
	// mustDropType: with drops forced NAME, the type NAME (only its
	// drops are forced, while the side holds one); -1 for every type
	mustDropType int
	// bicolor is the type of drops bicolor NAME, or -1 (drop.go)
	bicolor int
	// dropCastle: drops castle, or nil (drop.go)
	dropCastle *dropCastle
	// nocheck: some line has a nocheck, which Legal judges
	nocheck bool
	// noChecks: checks forbidden, every move is judged as one holding a
	// nocheck (goal.go)
	noChecks bool
	// dupleCheck: duplecheck, the lastroyal pieces judged as the position
	// after a move counts them (dupleChecked)
	dupleCheck bool
	// multiSquare: groups, the positions may hold multi-square pieces
	// (multisquare.go)
	multiSquare bool
	formations  []formation // their formations, by index (reform's op.typ)
	// mateShak, mateForbidden: per type, the mate rule's types, nil
	// without one (mate.go)
	mateShak, mateForbidden []bool
	// goal: the goal rule, or nil (goal.go)
	goal  *spec.Goal
	royal bool // some type is royal: legality is tested
	// invisible: some type is invisible; fields: some type has a blocking
	// field (invisible.go, fields.go). Either keeps the variant interpreted.
	invisible bool
	fields    bool
	lastRoyal bool // some type is lastroyal: legality counts them first
	steadfast bool // some type is steadfast: legality asks who gives check
	// checkable: some type is checkable, Legal applies the check rule;
	// promotesCheckable: a promote may make a piece checkable (checkable.go)
	checkable, promotesCheckable bool
	// lasting[from*len(types)+to]: a promotion of a from into a to is for
	// good and restarts the half-move clock (lastingPromotions)
	lasting []bool
	// deathReadsMemory: some onDeath hook reads a piece's memory
	deathReadsMemory bool
	anyEvery         bool         // some type has every hooks
	resumes          bool         // some interpreted line resumes from a slide iteration
	extinct          board.Result // for a side without real pieces: FirstWins means "it wins"
	extinctReply     bool         // extinction R reply: the bared side replies first
	extinctEach      bool         // the rule counts each counted type on its own, not together
	extinctLeft      int          // extinction … left N: a side with N counted pieces or fewer is judged
	extinctVs        int          // extinction … vs M: while the other side has M or more
	toHand           bool         // captures hand: a captured piece goes to the captor's hand
	drops            bool         // some type has drop lines
	gates            bool         // some type has gate lines (gate.go)
	// lineUnmoved is what UnmovedMatters would be without the gate lines:
	// per type, whether a move line or hook may test its unmoved flag
	// (nil: every type's)
	lineUnmoved  []bool
	insufficient []material    // insufficient declarations (material.go)
	repetition   CountRule     // repetition N R; N 0: none
	moveRule     CountRule     // moverule N R; N 0: none
	hooked       []bool        // per type: has every hooks
	lowered      bool          // every type's captures are lowered (attack.go)
	tier         *tier.Rules   // the variant lowered to the bitboard tier, or nil (lower.go)
	tierSpec     *spec.Variant // what tier was compiled from
	tierWhy      error         // why tier is nil
	budgets      Budgets       // defaults filled in
	// passing is the normal of the pass move (pass.go), or nil without a
	// pass rule; passStuck: pass stalemate, a side passes only when it
	// has no other legal move
	passing   *normal
	passStuck bool
	// facing is the facing rule (facing.go), or nil
	facing *facingRule
	// connect is the connect rule (connect.go), or nil
	connect *connectRule
	// goalTerms: the goal's count, full and safe (goal_terms.go)
	goalTerms goalTerms
	// walls: some type is a wall (its Wall); place: the wall rule, or
	// nil (walls.go)
	walls bool
	place *placeRule
	// proxies: some type is a proxy (proxy.go); proxy: per type, its
	// rule (zero for the types that are none)
	proxies bool
	proxy   []proxyRule
	// proxyHooks: some proxy type has onHold or onRelease hooks
	proxyHooks bool
	// flips: some line holds a flip action, which turns a piece to the
	// other side: the boards keep nothing incrementally (SetMode)
	flips bool
	// fullBoard: fullboard R, the game's end when no square is empty:
	// the result for the side to move, or board.Ongoing for none;
	// fullCount: fullboard count, the side with more pieces wins
	fullBoard board.Result
	fullCount bool
	// dropStart: drops start, the squares drops go to while one of them
	// is empty (drop.go)
	dropStart []board.Square
	// late: some type has copy lines (late.go): the judge plays every
	// move, as no shortcut of the keeper knows a late piece's lines
	late bool
	// tracksLast: some type copies the last mover (copy: last), which
	// positions keep (board.Variant.TracksLast) and play sets (setLast)
	tracksLast bool
	// rand: some line holds a rand; positions carry a seed that advances
	// every ply (rand.go)
	rand bool
}

// CountRule is a rule that ends a game when a count is reached
// (docs/language.md, § Repetition and the move rule): the N-th occurrence
// of a position (Program.Repetition), or N moves of each side without a
// capture or a move of a piece that resets the clock (Program.MoveRule).
type CountRule struct {
	N      int
	result board.Result // for the side whose move reached it: FirstWins means it wins
}

// ResultFor returns the game's result when side s's move reaches the count.
func (r CountRule) ResultFor(s board.Side) board.Result { return resultFor(r.result, s) }

// resultFor turns a rule's result, written for one side (FirstWins: it
// wins, SecondWins: it loses, as the language's win and loss), into the
// game's result when side s is that side.
func resultFor(r board.Result, s board.Side) board.Result {
	switch r {
	case board.FirstWins:
		return board.WinFor(s)
	case board.SecondWins:
		return board.WinFor(s.Other())
	}
	return r
}

// Repetition returns the variant's repetition rule (repetition N R), and
// false when it has none.
func (p *Program) Repetition() (CountRule, bool) { return p.repetition, p.repetition.N > 0 }

// MoveRule returns the variant's move rule (moverule N R), and false when
// it has none.
func (p *Program) MoveRule() (CountRule, bool) { return p.moveRule, p.moveRule.N > 0 }

// ExtinctionReply reports whether the side left without real pieces
// replies before the extinction rule decides (extinction R reply: the
// bare king of shatranj).
func (p *Program) ExtinctionReply() bool { return p.extinctReply }

// Types returns the variant's piece types, indexed by type number (the
// Type of a board.Piece). The slice is the caller's; the types are shared
// and must not be changed.
func (p *Program) Types() []*PieceType { return slices.Clone(p.types) }

// Hands reports whether the variant's sides keep pieces in hand: it has
// drop lines or captures go to the hand (docs/language.md, § Hands and
// drops).
func (p *Program) Hands() bool { return p.variant.Hands }

// Gates reports whether the variant has gate lines (docs/language.md,
// § Gating): pieces in hand enter on the squares moves leave, and the
// FEN's castling field carries the gates.
func (p *Program) Gates() bool { return p.gates }

// Type returns piece type t.
func (p *Program) Type(t int) *PieceType { return p.types[t] }

// PieceType is a compiled piece.
type PieceType struct {
	Name   string
	Letter byte
	// Plus: the type is written +Letter, the promoted form of the type
	// lettered Letter (shogi's +P)
	Plus  bool
	Index int
	// Royal: a piece of the type must not be left capturable (royal); a
	// LastRoyal type (lastroyal) is royal only while its side has one
	// lastroyal piece left, and Royal is set for it too
	Royal, LastRoyal bool
	Real             bool
	Ghost            bool
	// Invisible: the opponent's lines read a piece of the type as an empty
	// square, and a mov of theirs that lands on it captures it
	// (docs/language.md § Invisible pieces; invisible.go)
	Invisible bool
	field     *typeField // the blocking field (fields.go), nil: none
	// Steadfast: while its side is in check a piece of the type moves
	// only to capture the one enemy piece that gives check (steadfast:
	// makpong's king, Fairy-Stockfish's makpongRule)
	Steadfast bool
	// Checkable: a piece of the type that the opponent could capture is
	// checked and must move, and may not move where it could be captured
	// (checkable: docs/language.md § Check as its own attribute)
	Checkable bool
	// Wall: the type's pieces belong to no army (the wall attribute):
	// they are not empty, and neither enemy nor ally of any line
	Wall bool
	// Resets: a move of this type's pieces restarts the half-move clock,
	// as a capture does (the resets attribute: chess's pawn), unless the
	// piece could step straight back (back, clock.go)
	Resets bool
	// back: per side and square, the squares the type's plain moves reach
	// from it on an empty board, for a resets type some of whose moves
	// can be taken back (pawn sideways' pawn); nil otherwise
	back     [2][]bitset
	Value    int // the declared value, if HasValue
	HasValue bool
	Attrs    map[string]bool
	Lines    []*Line
	Every    []Hook
	OnDeath  []*Line
	// OnHold and OnRelease: a proxy's hooks, run when it has gained a
	// piece to hold and when it has lost one (proxy.go)
	OnHold, OnRelease []*Line
	// Drops are the lines by which a piece of the type in hand enters
	// the board (drop:), each starting on the square dropped on and
	// beginning with the drop's spawn (drop.go)
	Drops []*Line
	// inPlace: a line of the type promotes the piece where it stands
	// (no step, no mov: sittuyin's pawn), and SAN names the square of its
	// promotions that move (g7f8=F), as Fairy-Stockfish writes them
	inPlace bool
	// the lines as the incremental mode's holders keep them
	// Gates are the lines by which a piece of the type in hand may enter
	// the board at a gate, the square a move of its side leaves, as part
	// of that move (gate:): each one normal, its conditions and the
	// gate's spawn (gate.go)
	Gates  []*Line
	groups []lineGroup // the lines as the incremental mode's holders keep them
	// capture reach: for each side and square, the squares where one of the
	// piece's moves may capture, ignoring conditions (nil: anywhere).
	reach [2][]bitset
	// attacks: the capturing lines lowered to tables, or nil (attack.go)
	attacks *lowAttacks
	// late: the sources of the type's copy lines, nil for a type without
	// (late.go)
	late []copySource
}

// Line is a compiled move line: a tree of normals and structure nodes.
type Line struct {
	nodes  []node
	Source lang.Position
	capt   bool // the line contains a capt action
	safe   bool // the line tests safe: its attacks differ from its moves' captures
	// kernel generates the line without walking its tree, when the
	// compiler found one for the line's shape (chooseKernel); nil: the
	// interpreter walks nodes
	kernel kernel
	// resume is the line's slide when the incremental mode may regenerate
	// it from a later iteration (see resumable), or nil
	resume *slideNode
}

// Hook is an every N hook.
type Hook struct {
	N    int
	Line *Line
	// deletes: the line is nothing but del where the piece stands (the
	// en-passant ghost's every 1: del): the board removes the piece
	// without generating the line
	deletes bool
	// memoryLocal: the line reads and writes only its piece's memory and
	// may promote the piece (promotes); see memoryLocal
	memoryLocal, promotes bool
}

// CompileError is an error in a variant that parses but cannot be compiled.
type CompileError = lang.Error

// Compile turns a parsed variant into a Program.
func Compile(f *lang.File, filename string, src []byte, opts ...Option) (*Program, error) {
	c := &compiler{file: f, lines: f.Source, reachLeft: reachTotal}
	if c.lines == nil { // a File built by hand, not by lang.Parse
		c.lines = lang.NewSource(filename, string(src))
	}
	c.name = f.Name
	if c.name == "" { // a file without a game line is named after itself
		c.name = strings.TrimSuffix(filepath.Base(filename), filepath.Ext(filename))
	}
	for _, o := range opts {
		o(&c.opts)
	}
	p := c.program()
	if err := c.errs.Err(); err != nil {
		return nil, err
	}
	return p, nil
}

// Load parses and compiles a variant file. A file that inherits from
// another (from NAME) needs the option [WithLoader].
func Load(filename string, src []byte, opts ...Option) (*Program, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	var parseOpts []lang.Option
	if o.loader != nil {
		parseOpts = append(parseOpts, lang.WithLoader(o.loader))
	}
	f, err := lang.Parse(filename, src, parseOpts...)
	if err != nil {
		return nil, err
	}
	return Compile(f, filename, src, opts...)
}

// Option changes how a variant is compiled.
type Option func(*options)

type options struct {
	loader      lang.Loader
	interpreted bool
	budgets     Budgets
}

// WithLoader lets Load read a file that inherits from another (from NAME,
// docs/language.md § Inheritance): load finds the base variants;
// examples.Loader finds those shipped with alfil.
func WithLoader(load lang.Loader) Option { return func(o *options) { o.loader = load } }

// Interpreted turns off the fast path: every line is interpreted.
func Interpreted() Option { return func(o *options) { o.interpreted = true } }

// LetterString returns the type's letter as FEN and SAN write it for the
// first player: P, or +P for a promoted form.
func (t *PieceType) LetterString() string {
	if t.Plus {
		return "+" + string(t.Letter)
	}
	return string(t.Letter)
}
