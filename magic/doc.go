// Package magic is a classic bitboard move generator for standard chess:
// magic bitboards for the sliding pieces, a 16-bit move, UCI move strings,
// and a position with legal move generation, make/undo and perft. It is the
// yardstick the language engine (package movegen) is measured against, and
// a fast path that users of plain chess may call directly.
//
// # Magic indexing
//
// A rook on d4 is blocked only by pieces on its rays, and the last square of
// each ray never matters (nothing lies behind it). The relevant occupancy
// mask of d4 is therefore the ten squares marked x:
//
//	8  . . . . . . . .
//	7  . . . x . . . .
//	6  . . . x . . . .
//	5  . . . x . . . .
//	4  . x x R x x x .
//	3  . . . x . . . .
//	2  . . . x . . . .
//	1  . . . . . . . .
//	   a b c d e f g h
//
// Every one of the 2^10 ways of filling those squares gives one set of
// attacked squares. Multiplying the masked occupancy by a well-chosen
// 64-bit constant — the magic number — gathers the ten scattered bits into
// the top ten bits of the product, in some order, without two different
// fillings that need different attacks colliding:
//
//	index = ((occupied & mask) * magic) >> (64 - 10)
//	attacks = table[offset + index]
//
// The number of index bits is the number of mask bits, so it varies by
// square: 12 for a rook in a corner, 10 on d4, 6 for a bishop on a1, 9 for
// one in the centre (the seeds' BBits). Magic numbers come from a
// deterministic search: random sparse candidates (the AND of three random
// words) from a fixed-seed generator, kept when every filling of the mask
// lands on a slot that is free or already holds the same attacks. The
// numbers it finds are checked in (magics.go, rewritten by go generate),
// so the attack tables are built at first use in milliseconds; a test
// checks that the search still finds them, and the exhaustive test compares
// every lookup with a ray walk.
//
// # Moves
//
// [Move] packs a move into 16 bits (from, to and a 4-bit kind; see its
// diagram). [ParseUCI] and [Move.String] convert UCI strings without maps
// or allocation; [Position.ParseUCI] resolves the kind against the legal
// moves of a position.
package magic
