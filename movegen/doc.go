// Package movegen compiles variants written in the piece language and
// generates their moves.
//
// [Compile] (or [Load], which parses first) turns a variant into a
// [Program]: for every piece type, each move line becomes a tree of
// normals — maximal runs of steps, conditions and actions whose offsets
// from the run's start are fixed — and structure nodes (slide, opt, exc,
// block, multi, in, limit/only). Each normal is placed once per side and
// start square with absolute squares (the normalHolder), so
// generation never adds offsets. A Program is immutable and may be shared
// by any number of goroutines.
//
// [Program.NewBoard] sets up a [Board]: a [board.Position] plus the
// generator state that works on it. [Board.Legal] fills a caller-owned
// [MoveList]; a [Move] is the list of placed normals, from the root of its
// line to where it ends, whose actions [Board.Make] plays in order
// (mov, capt with onDeath hooks, del, spawn, promote, pick/put/pickcapt,
// memory writes, win/lose/draw), followed by the every hooks that are due.
// [Board.Unmake] takes a move back exactly through the position's undo
// journal.
//
// # Semantics
//
// The generator implements docs/language.md: a partial move (cursor,
// move-local memory, remembered squares, path of normals) flows through a
// line; every one that reaches the end with an action is a move, and moves
// of one piece with the same effect are one move (compared by a signature
// of their actions). A move is legal when afterwards no royal piece of the
// mover could be captured by a pseudo-legal move of the opponent; to test
// that cheaply every piece type carries, per side and square, the set of
// squares its moves could ever capture on, so only the opponent pieces that
// could reach a royal square are generated. The safe condition places a
// stand-in of the mover's type on the square and asks the same question.
//
// # Incremental generation
//
// A Board keeps its moves in one of two [Mode]s. [Full] regenerates every
// move of every piece on each call of Legal or Pseudo: the reference.
// [Incremental], the default, keeps a trigger map (package
// [github.com/alfil-go/alfil/trigger]): every piece has one holder per move
// line of its type, which keeps the line's moves, the squares they capture
// on, and what generating them read — squares (occupant, its type and
// flags), the memories of the pieces on them, tile memories, the global
// memory, the ply counter, or
// "everything" for a line that tested safe; a multi's line also depends on
// what its sub-moves' actions read and changed as they were played.
// [Board.Make]
// reads the position's journal for what the move changed and marks the
// subscribed holders dirty, noting for a line that is one slide carrying
// no state but its cursor the first iteration that read something changed:
// that line is regenerated from that iteration, keeping the moves, reads
// and attacks of the iterations before it. A dirty holder is generated
// again only when
// its moves are asked for (the side to move's list) or its attacks are
// (a royal piece's safety). Legality reads the attack map: a candidate
// move is legal unless a recorded attack on a royal square survives it — a
// line the move did not touch still attacks as recorded — or a line it
// touched, asked directly, now captures there. Most moves are judged
// without being played: a guard whose capturing lines only ask whether
// squares are empty (vacancy-monotone, monotone.go) can be opened only by
// a square the move empties, which is tested once per piece and position
// (a pin), and otherwise only the guards the move could change are asked
// again (incremental.go, quietLegal). [Board.Unmake] takes the
// holders, the trigger map and the attack map back through a journal of
// their own, recalculating nothing.
//
// Both modes give the same moves in the same order; the differential test
// and FuzzIncremental check it after every move and undo in every shipped
// variant. Change the position only through Make and Unmake (or call
// SetMode again, which starts the incremental state afresh).
//
// # The bitboard tier
//
// A variant whose lines all have shapes the compiler knows — chains of
// steps, board conditions and actions (leapers, lame leapers, double
// steps, castling — a castle item is expanded by the compiler into such
// chains, one per file its king and rook may start on (castle.go) —
// promotions, in … do blasts), riders along any step
// word (their then clause a chain or not), grasshopper hops, draughts'
// multis of captures, en-passant ghosts — is lowered at compile time (lower.go) to
// package [github.com/alfil-go/alfil/tier], and a board of it runs there
// by default: its moves are the tier's 32-bit compact moves (a Move then
// has no normals), [Board.Make] plays one there and carries its actions
// over to the [board.Position], and [Board.Perft] counts there
// (tierboard.go). [Program.Tier] says why a variant is not lowered;
// [Board.SetTier] turns the tier off for a board, and [Interpreted] for
// a program. docs/language.md lists the shapes.
//
// # Fast path and lowered tables inside the interpreter
//
// The compiler gives a line a kernel when it has a shape one knows
// (fastpath.go): a leaper — one step, conditions of the landing square,
// actions — on any board; a rider — a final slide of "step, empty, mov"
// with an optional then clause "enemy, capt, mov" — walked square by
// square along any step word on boards up to 128 squares (so is a
// grasshopper's hop over the first piece), or, on 8x8 for
// orthogonal and diagonal riders, read from a magic bitboard lookup
// (package [github.com/alfil-go/alfil/magic]) on the position's occupancy
// ([board.Position.Occupied]); and a multi whose lines are each one leap
// that only moves the piece, or ends the sequence (the emperor's and the
// ubi-ubi's of zoo.alf), walked on the board as it is instead of playing
// each sub-move on it (multileap.go). A kernel makes the same moves, of the same
// normals in the same order, and reports the same reads as the
// interpreter would; the differential tests compare them in every shipped
// variant.
//
// Legality has lowered tables too (attack.go): when every capturing line
// of a type is such a leaper, rider or grasshopper-like hopper, on a board
// of at most 128 squares,
// whether a side can capture on a square is read from the tables and the
// occupancy, generating nothing; and when every type is lowered, a move
// that only moves, captures, promotes its piece or leaves a ghost is
// judged without being played. [Interpreted] compiles without kernels or
// tables.
//
// # Layout
//
// The files follow the stages (docs/architecture.md draws them):
// program.go, compile.go and tree.go compile; place.go and reach.go place
// the normals and measure what they can capture; setup.go reads a
// position; board.go is the Board, a façade over the position, its keeper
// and its generators; rules.go is Legal, legality and Status; keeper.go
// and incremental.go keep moves between calls (the board asks a keeper
// and never checks which mode it is in); gen.go is the interpreter, which
// reports what it reads to an observer (observe.go) and hands a line to a
// kernel when the compiler chose one (fastpath.go); move.go holds moves;
// apply.go plays and takes them back; notation.go names them; budget.go
// bounds the work; lower.go lowers a program to the bitboard tier and
// tierboard.go runs a board on it.
//
// # Notation
//
// [Board.Notation] names moves in UCI form (e2e4, e7e8q, e1g1; in a
// variant with castle items castling is the king taking its own rook,
// e1h1, as Chess960 engines write it) when the
// piece goes from one square to another and the name is unique among the
// legal moves, and otherwise lists the actions with their squares
// (c2/capt:b3/capt:c3/…); [Board.ParseMove] reads either form back.
package movegen
