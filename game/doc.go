// Package game plays whole games of a variant: it keeps the start position
// and the moves played, takes moves back, and tells whether the game is
// over and why.
//
// A movegen.Board knows one position: its legal moves, and a result a move
// set (a win action, a royal piece captured, an army extinct, the checks
// counted, a bared king that has had its reply). A Game adds what only the
// history decides — the repetition and move rules a variant declares
// (repetition 3 draw, moverule 50 draw: docs/language.md, § Repetition and
// the move rule) —, the draw by insufficient material (insufficient KN vs
// K: § Insufficient material), which leaves a board's moves alone, and the
// ends the players decide: resignation and a draw by agreement.
//
// A Game is for one goroutine; Clone gives an independent copy to analyse
// in another.
package game
