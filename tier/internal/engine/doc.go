// Package engine is the bitboard tier's engine for boards of at most 64
// squares; packages engine128 and engine256 are the same code for up to
// 128 and 256 (generated, see ../copy). Package tier chooses between them
// and is the API.
//
// The data flows along the stages: rules.go sorts a spec.Variant into
// tables (plain moves into per-square sets, rides into rays with their
// reverses, the rest kept as scripts); position.go keeps the sets, the
// hash and the journal; gen.go generates and answers attacks; make.go
// plays and takes back; legal.go judges legality — without playing the
// move when pins and checks decide it — and counts perft; game.go answers
// what a search asks.
package engine
