// Package brute holds slow, literal move enumerators for the example variants
// of the language's newest constructs (checkable pieces, late pieces, rand,
// invisible pieces, blocking fields, proxies, multi-square pieces).
//
// Each enumerator is written from the prose rules in docs/language.md, over
// its own mailbox board, and imports nothing of alfil's board, lang, movegen
// or tier: its move lists and perft counts are a second opinion on the
// engine's, not a copy of it. Tests in the packages that ship the variants
// compare the two.
//
// The shared part is deliberately thin: square naming on a rectangular grid,
// a plain FEN placement reader and a perft driver. Each variant's rules live
// in a file of their own.
package brute
