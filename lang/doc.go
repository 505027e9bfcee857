/*
Package lang reads variant files written in alfil's piece language: a file
declares a board, pieces whose moves are lines of steps, conditions, actions
and structures, named fragments (macros) and a starting position.

	game chess
	board 8x8
	def mover: empty mov
	def captura: enemy capt mov
	piece rook R value 500
	    slide {w,a,s,d} mover then captura
	setup rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1

[Parse] turns such a file into a [File]: its macros (def, turn and braces)
expanded, every move line a [Line] of [Item] nodes (steps, conditions,
actions and the structures [Slide], [Opt], [Exc], [Block], [Multi], [In],
[Limit], [Rand]). Every node carries the [Pos] (byte offset) of the text it came from,
and prints itself back as canonical source with String; parsing that text
gives the same tree again.

The user-facing reference of the language, with an example for every
keyword and structure, is docs/language.md in the repository. This comment
summarises the grammar the parser implements; each parse function carries
its own rule.

# Grammar

Lines matter: one line is one move line (a line ends at \n, \r\n or a lone
\r), a trailing backslash joins the next line, # starts a comment. Indented
lines belong to the piece above. A file is UTF-8; a byte order mark that
starts it is skipped, and outside comments and the text of game and setup
lines only ASCII may appear. After macro expansion:

	file:     ('from' './'? NAME)? declaration*      (from: first, after defs only; ./NAME: the file beside)
	decl:     'remove' ('piece' NAME | WORDS) | 'extend' 'piece' NAME attr* NEWLINE (INDENT pieceline)* | 'game' TEXT | 'board' W'x'H | 'symmetry' ('mirror'|'rotate')
	        | 'def' NAME ':' TOKENS | piece | 'setup' FEN      (FEN's * squares: holes)
	        | 'tiles' N NEWLINE (INDENT NUMBER+)* | 'nomoves' ('stalemate'|'check') ('draw'|'loss'|'win')
	        | 'captures' ('forced'|'hand' 'demoted'?) | 'checks' (N | 'forbidden')
	        | 'extinction' ('draw'|'loss'|'win') group? ('left' N)? ('vs' N)? 'reply'?
	        | 'goal' ('first'|'second')? NAME region+ ('reply'|'hold')?
	        | 'duplecheck' | 'mate' ('shak'|'forbidden') NAME+
	        | ('repetition'|'moverule') N ('draw'|'loss'|'win')
	        | 'insufficient' material 'vs' material 'samecolor'?
	        | 'drops' ('forced' NAME? | 'free' | 'start' SQUARE+ | 'bicolor' NAME | 'castle' NAME FILE NAME FILE+) | 'fen' 'gates'
	        | 'pass' 'stalemate'? | 'facing' NAME ('draw'|'loss'|'win'|'illegal') | 'place' NAME ('anywhere'|'shot')
	        | 'connect' N group? 'ranks'? 'files'? 'diagonals'? ('draw'|'loss'|'win')
	        | 'fullboard' ('draw'|'loss'|'win'|'count')
	        | 'seed' NUMBER                          (0 to 2^64-1: the seed of rand when a FEN gives none)
	        | 'groups' | 'formation' NAME ':' NAME N N (',' NAME N N)*      (multi-square pieces)
	material: (LETTERS | '{' LETTERS '}')+
	group:    'all' | NAME | '{' NAME (',' NAME)* '}'
	region:   SQUARE | 'rank' N | 'file' FILE      (SQUARE: e4, a1…; absolute, for both sides)
	piece:    'piece' NAME LETTER attr* NEWLINE (INDENT pieceline)*
	attr:     NAME | 'value' NUMBER | 'betza' NOTATION   (royal, lastroyal, real, checkable, ghost, invisible, resets, wall, …; betza: package betza writes its move lines)
	        | 'replaces' NAME                        (piece only, with from: takes the inherited piece NAME's place)
	        | 'proxy' ('ally'|'enemy'|'any') admit? ('free'|'frozen'|'restrict') ('carry'|'leave')? ('priority' N)?   (holds one piece: docs/language.md § Proxy pieces)
	admit:    NAME | '{' NAME (',' NAME)* '}'
	pieceline: 'every' N ':' seq | 'onDeath' ':' seq | ('onHold'|'onRelease') ':' seq (proxies) | 'restrict' ':' condition+ (a restrict proxy: docs/language.md § Proxy pieces, Restricted) | 'drop' ':' seq | 'gate' ':' condition* (not safe) | copy
	        | 'field' ':' '[' STEP (',' STEP)* ']' 'all'?    (one per piece: its blocking field)
	        | seq
	copy:      'copy' ':' source+
	source:    'threateners' | 'friends' ('[' STEP (',' STEP)* ']')? | 'last' ('enemy' | 'ally')?
	seq:      item*
	item:     STEP | condition | action | structure
	STEP:     'e'? [wasd]+
	condition: 'empty' | 'enemy' | 'ally' | 'piece' | 'unmoved' | 'notorigin' | 'notfirst'
	        | 'safe' | 'notvisited' | 'outflanks' | 'not' condition | ('is'|'has'|'harmless') NAME
	        | ('onfile'|'count') NAME N? | 'pos' file rank | 'pos' SQUARE ('..' SQUARE)? | 'side' ('first'|'second')
	        | 'room' | 'holding' | 'held' | ('heldby'|'holds') NAME     (stacks: a variant with a proxy type)
	        | ('mcmp'|'mless'|'mdiff') operand operand
	action:   'mov' | 'capt' | 'del' | 'pick' | 'put' | 'pickcapt' | 'mark' | 'pass'
	        | 'remember' | 'win' | 'lose' | 'draw' | 'nocheck' | 'touch' | 'flip' | 'outflank' | ('spawn'|'promote') NAME | 'reform' NAME
	        | 'join'                      (moves onto a stack where room holds: a variant with a proxy type)
	        | ('mset'|'madd') CELL operand | 'mgrw' ('l'|'p'|'t'|'g') operand | 'break'
	        | 'castle' NAME FILE FILE     (a royal piece's line, last, after conditions only)
	operand:  NUMBER | CELL | 'px' | 'py' | 'turn'      CELL: [lptg]+ [0-9]+
	file:     N ('..' N)? | 'x'       rank: (N|'l') ('..' (N|'l'))? | 'x'
	SQUARE:   a square's name, the same for both players: e4, d1, a10
	structure: 'slide' ('[' STEP (',' STEP)* ']')? seq ('then' seq)? ('out' seq)? 'end'?
	        | 'opt' seq (',' seq)* 'end'? | 'exc' seq ('or' seq)* 'end'?
	        | 'block' seq 'end'? | 'in' STEP* '->' STEP* 'do' seq 'end'?
	        | 'multi' N? 'distinct'? 'shared'? '[' lines ']'
	        | ('limit'|'only') '[' STEP (',' STEP)* ']' '<' lines '>'
	        | 'rand' 'live'? N seq (',' N seq)* 'end'?   (N: a weight, 1 to 100; they sum to 100)

end closes the innermost open structure and may be left out at the end of
a line; then, out and end belong to the innermost open slide, and a structure
also closes at a token that an enclosing structure owns (the ',' of an opt
or a rand, the 'or' of an exc, the 'then' of a slide).

# Inheritance

A file whose first declaration is from NAME starts as a copy of the
variant NAME, found by the [Loader] given with [WithLoader]: its pieces,
defs and declarations; a piece of an inherited name replaces the
inherited one in place, a new one is added, a declaration that stands
once replaces the inherited one, and remove takes out an inherited piece
or declaration. extend piece NAME adds attributes and lines to an
inherited piece in its place; a piece that says replaces NAME takes the
place of the inherited piece NAME in the order of the pieces (a FEN's
hand). Bases are parsed by their own parser, their texts taking further
offsets of the file's [Source], so every error names the file it is in.
Chains are bounded (maxInheritance) and cycles are errors: a name met
again among the bases, or a base with the text of a file of the chain.
from ./NAME names a file beside the one read, for loaders that read from
a directory (examples.DirLoader).

Defs are bound late: a def the file writes again replaces the base's in
the base's lines and defs too, its own text read with the file's defs;
a def only the file writes is not seen by the base. A base's lines are
therefore expanded while the file is parsed, with the file's defs read
first, and a base is checked as part of the file (its pieces among the
file's).

# Macros

Before move lines are parsed, def names are replaced by their text (defs may
use defs, in any order), then each turn block

	turn (x,y)=[(w,{a,d}),(d,{w,s})] <
	    x empty x empty y estandar
	>

is copied once per binding with its variables replaced, then each brace
group {a,b,,c} copies the line it stands in once per member (inside a multi,
limit or turn block, only that block's line). Expansion is bounded (see
maxExpandedLines and maxExpandedToks), and so is the nesting of blocks and
braces (maxNesting); the size of an expansion is counted before it is made,
so an explosion is one positioned error, not a hang or an out-of-memory.

# Errors

Parse returns every error it finds as an [ErrorList] of [*Error], sorted by
position, each printed as file:line:col: message and naming the offending
token, with "did you mean" suggestions for misspelled keywords, defs and
pieces. [Error.Snippet] adds the source line and a caret for tools. Bad
input never panics, hangs or takes memory out of proportion to its size,
and a file with errors is never returned. Every number is checked against
its range where it is read.

The seeds' Spanish keywords (vacio, enemigo, desliz, queuePush, …) are
accepted as aliases and print as their English form.
*/
package lang
