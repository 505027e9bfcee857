package movegen

import (
	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
	"github.com/alfil-go/alfil/memory"
)

// Stage: compile (its output). A move line compiles to a tree: normals —
// runs of steps, conditions and actions with fixed offsets — joined by the
// structure nodes of docs/language.md § Structures.

// node is a normal or a structure.
type node interface{}

// normal is a maximal run of steps, conditions and actions whose offsets
// from its start are fixed. Per side and start square the compiler places it
// on the board once (the normalHolder of docs/architecture.md): placed[side][start*len(ops)+i]
// is the absolute square of op i, or -1 off the board.
type normal struct {
	ops     []op
	src     lang.Position
	actions bool // has an action (a move through it can be played)
	marks   bool // an in … do normal: off-board ops are skipped, not failures
	castle  bool // a placement of a castle item (castle.go)
	nocheck bool // has a nocheck: a move through it may not leave the opponent in check
	gate    bool // a gate line's: its conditions and the gate's spawn (gate.go)
	fields  bool // the program has blocking fields: its steps are tested (fields.go)
	placed  [2][]int16
	end     [2][]int16 // the cursor after the normal, per start square
}

// at returns the absolute squares of the normal's ops when it starts on
// square start for side s (-1 off the board).
func (n *normal) at(s board.Side, start int) []int16 {
	nops := len(n.ops)
	return n.placed[s][start*nops : start*nops+nops]
}

type opKind uint8

const (
	opStep opKind = iota
	// conditions
	opEmpty
	opEnemy
	opAlly
	opPiece
	opUnmoved
	opNotOrigin
	opNotFirst
	opSafe
	opNotVisited
	opOutflanks // a piece of the side on the square would outflank an enemy line (outflank)
	opIs
	opOnFile   // an ally piece of the type stands on the square's file
	opCount    // n or more ally pieces of the type stand on the board
	opHarmless // an ally piece of the type on the square would capture nothing
	opHas
	opPos
	opRoom    // a join of the mover can stack with what stands on the square (proxy.go)
	opHolding // the piece there holds one
	opHeld    // the mover is held
	opHeldBy  // the mover's holder is of the type
	opHolds   // the piece there holds one of the type
	opMcmp
	opMless
	opMdiff
	// generation-time effects
	opLocalSet
	opLocalAdd
	opLocalGrow
	opRemember
	opBreak
	// actions (played)
	opMov
	opCapt
	opDel
	opSpawn
	opPromote
	opPick
	opPut
	opPickCapt
	opMark
	opPass
	opSet
	opAdd
	opGrow
	opWin
	opLose
	opDraw
	opNoCheck  // the move is legal only if the opponent is not in check after it
	opTouch    // the piece there counts as moved from now on
	opFlip     // the enemy piece on the square turns to the mover's side
	opOutflank // every enemy line outflanked from the square turns to the mover's side
	opReform   // the group turns into formation typ (multisquare.go; played by applyGroup)
	opJoin     // the mover moves to the square and stacks with what stands there (proxy.go)
)

func (k opKind) isCondition() bool { return k >= opEmpty && k <= opMdiff }

func (k opKind) isAction() bool { return k >= opMov }

type op struct {
	kind   opKind
	not    bool
	dirs   string // a step's letters
	typ    int    // is, spawn, promote, onfile, count, harmless: the piece type
	n      int    // onfile, count: the pieces the file or board must hold
	attr   string // has
	x, y   int    // pos: the file and rank, -1 any (a range's lower end)
	x2, y2 int    // pos: a range's upper end, equal to x and y for one file or rank
	abs    bool   // pos: x and y are the board's own, the same for both sides
	// pos: side first|second, a test of the line owner's side alone
	// (x and y any): one side's promotions in sortofalmost
	sided bool
	only  board.Side
	drop  bool // spawn: a drop's, of a piece from the hand, which enters as moved (drop.go)
	gate  bool // spawn: a gate's (drop set too), which keeps the half-move clock running (gate.go)
	a, b  memory.Operand
	mem   memory.Kind
}

type slideNode struct {
	cycle           []*normal // the steps taken in turn, one per iteration
	phases          [][]node  // per cycle step: the step, then the body
	body            []node
	then            []node
	out             []node
	hasThen, hasOut bool
	final           bool // nothing of the line follows: every stop point is a move
	src             lang.Position
}

type optNode struct {
	branches [][]node
	src      lang.Position
}

type excNode struct {
	branches [][]node
	blocks   []bool // per branch: it holds a block (see gen.exc)
	src      lang.Position
}

type blockNode struct {
	body []node
	src  lang.Position
}

type multiNode struct {
	src      lang.Position
	count    int
	distinct bool
	shared   bool
	lines    [][]node
}

type limitNode struct {
	src     lang.Position
	only    bool
	squares []*normal // each a single step word from the origin
	lines   [][]node
}
