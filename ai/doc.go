// Package ai searches positions of any variant compiled by movegen: a
// negamax alpha-beta search with iterative deepening, a transposition
// table keyed by the position hash, quiescence on captures, move ordering
// (hash move, captures by victim and attacker value, killers, history),
// mate scores and the variant's own end-of-game rules, on one goroutine or
// several (lazy SMP over cloned boards sharing the table).
//
// Evaluation is material plus mobility. A piece's material value is the
// value its variant file declares (value N on the piece) or, when there is
// none, an estimate from its average number of moves on an empty board.
// Mobility counts the moves the board keeps, which the incremental mode
// makes cheap. An [Evaluator] of one's own can replace it.
//
// A variant can steer the search from its own file (the seeds' evaluation
// hook): "eval g3" names a global memory cell, moves write into it (madd g3
// 50), and the search credits every change a move makes to the cell to the
// side that made it, adding the credits collected along a line to the
// evaluation at its end — as if the cell were read and cleared after every
// move, without changing the position.
//
// [Random] and [Greedy] are simple players for testing; [Searcher] plays
// the engine's choices.
package ai
