// Package tier is the bitboard tier: a variant lowered from the piece
// language (by movegen, at compile time) to per-square bitboard tables,
// rays and small scripts, and played on a position of bitboards with
// 32-bit moves — the speed of a hand-written engine for the shapes it
// knows, with the interpreter's answers.
//
// The data flows along the stages: package spec is the vocabulary movegen
// lowers to (every line placed on every square for each side, its position
// tests decided) and the compact moves; package internal/engine sorts it
// into tables and plays on them, with sets of squares of one 64-bit word;
// internal/engine128 and internal/engine256 are the same code on two and
// four words, for boards up to 128 and 256 squares, generated from it (go
// generate, internal/copy) so that none pays for another's width and no
// call in the hot loops goes through an interface. This package chooses
// the engine by the board's size.
//
// What the tier takes, and what stays interpreted, is described in
// docs/architecture.md § The bitboard tier.
package tier
