// Package tier is the bitboard tier: a variant lowered from the piece
// language (by movegen, at compile time) to per-square bitboard tables,
// rays and small scripts, and played on a position of bitboards with
// 32-bit moves — the speed of a hand-written engine for the shapes it
// knows, with the interpreter's answers.
//
// The data flows along the stages: spec.go is the vocabulary movegen lowers
// to (every line placed on every square for each side, its position tests
// decided); rules.go sorts it into tables (plain moves into bitboards,
// rides into rays with their reverses, the rest kept as scripts);
// position.go keeps the bitboards, the hash and the journal; gen.go
// generates and answers attacks; make.go plays and takes back; legal.go
// judges legality — without playing the move when pins and checks decide
// it — and counts perft.
//
// What the tier takes, and what stays interpreted, is described in
// docs/architecture.md § The bitboard tier.
package tier
