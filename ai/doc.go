// Package ai searches positions of any variant compiled by movegen — and
// of any other game that satisfies its small [Game] interface, such as the
// bitboard chess engine magic.Position ([NewEngine]): a negamax
// alpha-beta search with iterative deepening, a transposition
// table keyed by the position hash, quiescence on captures, move ordering
// (hash move, captures by victim and attacker value, killers, history),
// mate scores and the variant's own end-of-game rules, on one goroutine or
// several (lazy SMP over cloned boards sharing the table).
//
// # Limits
//
// A search ends at its depth, its node budget, its time or the end of its
// context, whichever comes first. Every bound is checked at every node,
// quiescence included, so a search overruns by about one node's work (a
// move generation and an evaluation), even inside depth 1 on a board where
// depth 1 takes minutes; it still returns a legal move (see [Result]).
//
// # Threads
//
// With Options.Threads above 1 the threads search clones of the board and
// share the transposition table and their results: the search's answer is
// the deepest iteration any thread completed, and an iteration completed
// by one thread is abandoned by the others. Helpers of odd number search
// one ply deeper than the rest, and threads split a node's moves between
// them (a simplified ABDADA: a move whose position another thread is
// searching is put off until the node's other moves are done), instead of
// searching the same moves in step. go test ./ai -run SMP -smp -v
// measures the gain: time to a fixed depth and a match of two threads
// against one.
//
// Evaluation is material plus mobility. A piece's material value is the
// value its variant file declares (value N on the piece) or, when there is
// none, an estimate from its average number of moves on an empty board.
// Mobility counts the moves the board keeps, which the incremental mode
// makes cheap. An [Evaluator] of one's own can replace it.
//
// A variant can steer the search from its own file (the evaluation
// hook, docs/language.md § File structure): "eval g3" names a global memory cell, moves write into it (madd g3
// 50), and the search credits every change a move makes to the cell to the
// side that made it, adding the credits collected along a line to the
// evaluation at its end — as if the cell were read and cleared after every
// move, without changing the position.
//
// # One search, two engines
//
// The search is written once, against [Game]: legal moves into a list,
// make and unmake, a hash, the side to move and the game's end, and a few
// facts for move ordering and evaluation ([Features]). [Engine], [Options],
// [Result], [Evaluator] and [Material] are its instances for language
// boards; [EngineOf] and the other generic forms serve any Game.
//
// [Random] and [Greedy] are simple players for testing; [Searcher] plays
// the engine's choices.
package ai
