package lang

import "fmt"

// itemType identifies the kind of a lexical item.
type itemType int

const (
	itemError   itemType = iota // lexing error; val is the message
	itemEOF                     // end of input
	itemNewline                 // end of a logical line
	itemIndent                  // leading white space of a line outside brackets
	itemIdent                   // identifier: piece, def, step word, memory cell
	itemNumber                  // decimal integer, optionally negative
	itemSize                    // board size such as 8x8
	itemText                    // raw rest of a setup line
	itemLBrace                  // {
	itemRBrace                  // }
	itemLBrack                  // [
	itemRBrack                  // ]
	itemLParen                  // (
	itemRParen                  // )
	itemLess                    // <
	itemGreater                 // >
	itemComma                   // ,
	itemColon                   // :
	itemEquals                  // =
	itemArrow                   // ->
	itemDotDot                  // .. (a range in pos)
	itemKeyword                 // sentinel: keywords follow
	// declarations
	itemGame         // game
	itemBoard        // board
	itemSymmetry     // symmetry
	itemDef          // def
	itemPiece        // piece (declaration at line start, condition elsewhere)
	itemSetup        // setup
	itemTiles        // tiles
	itemNoMoves      // nomoves
	itemCaptures     // captures (forced)
	itemExtinct      // extinction
	itemChecks       // checks
	itemEval         // eval
	itemRepeat       // repetition
	itemMoveRule     // moverule
	itemInsufficient // insufficient
	itemDrops        // drops (forced, bicolor, castle)
	itemFrom         // from (the variant a file inherits from)
	itemRemove       // remove (an inherited piece or declaration)
	itemExtend       // extend (piece: add to an inherited piece)
	itemFen          // fen (gates)
	itemFacing       // facing
	itemConnect      // connect
	itemGoal         // goal
	itemDupleCheck   // duplecheck
	itemMate         // mate
	itemPlace        // place (the wall a move is followed by)
	itemFullBoard    // fullboard
	itemSeed         // seed (the default seed of a variant whose lines use rand)
	itemEvery        // every
	itemOnDeath      // onDeath
	itemOnHold       // onHold (a proxy gained a piece)
	itemOnRelease    // onRelease (a proxy lost one)
	itemDrop         // drop
	itemGate         // gate
	itemCopy         // copy (a late piece's copy line)
	itemField        // field (a blocking field: docs/language.md § Blocking fields)
	itemTurn         // turn (macro, or the ply-count operand)
	itemGroups       // groups (multi-square pieces in the FENs)
	itemFormation    // formation (a shape of a group)
	// conditions
	itemEmpty      // empty
	itemEnemy      // enemy
	itemAlly       // ally
	itemUnmoved    // unmoved
	itemNotOrigin  // notorigin
	itemNotFirst   // notfirst
	itemPos        // pos
	itemIs         // is
	itemHas        // has
	itemSafe       // safe
	itemNot        // not
	itemMcmp       // mcmp
	itemMless      // mless
	itemMdiff      // mdiff
	itemNotVisited // notvisited
	itemOutflanks  // outflanks
	itemOnFile     // onfile
	itemCount      // count
	itemHarmless   // harmless
	itemRoom       // room (a join can land: docs/language.md § Proxy pieces)
	itemHolding    // holding (the piece there holds one)
	itemHeld       // held (the mover is held)
	itemHeldBy     // heldby NAME (the mover's holder is a NAME)
	itemHolds      // holds NAME (the piece there holds a NAME)
	itemSide       // side
	// actions
	itemMov      // mov
	itemCapt     // capt
	itemDel      // del
	itemSpawn    // spawn
	itemPromote  // promote
	itemPick     // pick
	itemPut      // put
	itemPickCapt // pickcapt
	itemMark     // mark
	itemPass     // pass
	itemMset     // mset
	itemMadd     // madd
	itemMgrw     // mgrw
	itemRemember // remember
	itemWin      // win
	itemLose     // lose
	itemDraw     // draw
	itemNoCheck  // nocheck
	itemTouch    // touch
	itemFlip     // flip
	itemOutflank // outflank
	itemReform   // reform (a group into a formation)
	itemJoin     // join (move onto a stack: docs/language.md § Proxy pieces)
	itemCastle   // castle
	// structures
	itemSlide    // slide
	itemThen     // then
	itemOut      // out
	itemEnd      // end
	itemBreak    // break
	itemOpt      // opt
	itemOr       // or
	itemExc      // exc
	itemBlock    // block
	itemMulti    // multi
	itemDistinct // distinct
	itemShared   // shared
	itemIn       // in
	itemDo       // do
	itemLimit    // limit
	itemOnly     // only
	itemRand     // rand
	itemLast     // sentinel: end of keywords
)

// keywords maps every canonical (English) keyword to its item type.
var keywords = map[string]itemType{
	"game": itemGame, "board": itemBoard, "symmetry": itemSymmetry, "def": itemDef,
	"piece": itemPiece, "setup": itemSetup, "tiles": itemTiles, "nomoves": itemNoMoves,
	"captures": itemCaptures, "extinction": itemExtinct, "checks": itemChecks, "eval": itemEval,
	"repetition": itemRepeat, "moverule": itemMoveRule, "insufficient": itemInsufficient, "drops": itemDrops,
	"from": itemFrom, "remove": itemRemove, "extend": itemExtend, "fen": itemFen, "facing": itemFacing, "connect": itemConnect,
	"goal": itemGoal, "duplecheck": itemDupleCheck, "mate": itemMate, "place": itemPlace, "fullboard": itemFullBoard, "seed": itemSeed,
	"every": itemEvery, "onDeath": itemOnDeath, "onHold": itemOnHold, "onRelease": itemOnRelease, "drop": itemDrop, "gate": itemGate, "copy": itemCopy, "field": itemField, "turn": itemTurn,
	"groups": itemGroups, "formation": itemFormation, "reform": itemReform,

	"empty": itemEmpty, "enemy": itemEnemy, "ally": itemAlly, "unmoved": itemUnmoved,
	"notorigin": itemNotOrigin, "notfirst": itemNotFirst, "pos": itemPos, "is": itemIs,
	"has": itemHas, "safe": itemSafe, "not": itemNot, "mcmp": itemMcmp, "mless": itemMless,
	"mdiff": itemMdiff, "notvisited": itemNotVisited, "outflanks": itemOutflanks, "onfile": itemOnFile, "count": itemCount,
	"harmless": itemHarmless, "side": itemSide, "room": itemRoom,
	"holding": itemHolding, "held": itemHeld, "heldby": itemHeldBy, "holds": itemHolds,

	"mov": itemMov, "capt": itemCapt, "del": itemDel, "spawn": itemSpawn,
	"promote": itemPromote, "pick": itemPick, "put": itemPut, "pickcapt": itemPickCapt,
	"mark": itemMark, "pass": itemPass, "mset": itemMset, "madd": itemMadd, "mgrw": itemMgrw,
	"remember": itemRemember, "win": itemWin, "lose": itemLose, "draw": itemDraw,
	"nocheck": itemNoCheck, "touch": itemTouch, "flip": itemFlip, "outflank": itemOutflank, "castle": itemCastle,
	"join": itemJoin,

	"slide": itemSlide, "then": itemThen, "out": itemOut, "end": itemEnd, "break": itemBreak,
	"opt": itemOpt, "or": itemOr, "exc": itemExc, "block": itemBlock, "multi": itemMulti,
	"distinct": itemDistinct, "shared": itemShared, "in": itemIn, "do": itemDo, "limit": itemLimit, "only": itemOnly,
	"rand": itemRand,
}

// aliases maps the seeds' Spanish spellings (seeds 000 and 001) to the
// English keywords they stand for.
var aliases = map[string]string{
	"vacio": "empty", "enemigo": "enemy", "aliado": "ally", "pieza": "piece",
	"inicial": "unmoved", "nonOrg": "notorigin", "nonFirst": "notfirst", "isPos": "pos",
	"checkid": "is", "neg": "not", "cpt": "capt", "queuePush": "pick", "queuePop": "put",
	"queueCapt": "pickcapt", "pintar": "mark", "doNothing": "pass", "desliz": "slide",
	"deslizOut": "slide", "deslizr": "slide", "thenOut": "out", "bloque": "block",
	"limite": "limit", "pRemember": "remember", "pNotContains": "notvisited",
	"copiar": "copy",
	"azar":   "rand", // seed 000's random operator
	"campo":  "field",
}

// lookupKeyword returns the item type of a keyword or alias.
func lookupKeyword(word string) (itemType, bool) {
	if english, ok := aliases[word]; ok {
		word = english
	}
	t, ok := keywords[word]
	return t, ok
}

// attributeAliases maps the seeds' attribute spellings to the canonical ones.
// jaque stays royal's alias although seed 001's jaque is checkable's rule:
// files written with it already mean chess check (docs/language.md §
// Spanish aliases); checkable's own alias is jaqueable.
var attributeAliases = map[string]string{"jaque": "royal", "jaqueable": "checkable"}

// canonical holds the English spelling of every keyword, used when printing.
var canonical = func() [itemLast]string {
	var names [itemLast]string
	for word, typ := range keywords {
		names[typ] = word
	}
	return names
}()

// isKeyword reports whether the item is a keyword.
func (t itemType) isKeyword() bool { return t > itemKeyword && t < itemLast }

// isCondition reports whether the keyword starts a condition.
func (t itemType) isCondition() bool {
	return t == itemPiece || (t >= itemEmpty && t <= itemSide)
}

// isAction reports whether the keyword starts an action.
func (t itemType) isAction() bool { return t >= itemMov && t <= itemCastle }

// item is a lexical token: its type, its byte offset and its text as written.
type item struct {
	typ itemType
	pos Pos
	val string
}

// describe names the item for "expected X, found Y" messages.
func (i item) describe() string {
	switch i.typ {
	case itemEOF:
		if i.val == "\n" { // the end of a move line
			return "end of line"
		}
		return "end of file"
	case itemNewline:
		return "end of line"
	case itemIndent:
		return "indentation"
	case itemError:
		return i.val
	case itemIdent:
		return fmt.Sprintf("%q", i.val)
	case itemNumber, itemSize:
		return "number " + i.val
	case itemText:
		return fmt.Sprintf("text %q", i.val)
	}
	if i.typ.isKeyword() {
		return fmt.Sprintf("keyword %q", i.val)
	}
	return fmt.Sprintf("%q", i.val)
}
