package movegen

import "slices"

// Stage: compile (what a position's identity holds). A position hashes
// the unmoved flag of a piece only when some line can test it
// (board.Variant.UnmovedMatters): two positions that differ in no other
// way have the same legal moves, and a repetition (package game) must
// find them equal — after Nf3 Nf6 Ng1 Ng8 the knights are no longer
// unmoved, yet chess's start position has occurred twice.

// unmovedMatters returns, per type, whether a line (with gates, a gate
// line too) may test the unmoved flag of a piece of the type: an unmoved test before the first step of
// a line that starts with a normal tests the line's own piece (chess's
// king and pawn); one whose square also has "is T" tests a piece of type
// T (the castling rook); any other may find any piece, and then every
// type's flag counts.
func unmovedMatters(types []*PieceType, gates bool) []bool {
	out := make([]bool, len(types))
	for _, t := range types {
		lines := append([]*Line(nil), t.Lines...)
		for _, h := range t.Every {
			lines = append(lines, h.Line)
		}
		lines = append(lines, t.OnDeath...)
		if gates {
			lines = append(lines, t.Gates...)
		}
		for _, l := range lines {
			if len(l.nodes) == 0 {
				continue
			}
			first, _ := l.nodes[0].(*normal)
			if first != nil && first.gate {
				first = nil // a gate's test reads the piece a move leaves, not its own
			}
			any := false
			eachNode(l.nodes, func(nd node) {
				n, ok := nd.(*normal)
				if !ok {
					return
				}
				atOrigin := n == first
				for i := 0; i < len(n.ops); {
					// one square's ops: those up to the next step
					j := i + 1
					for j < len(n.ops) && n.ops[j].kind != opStep {
						j++
					}
					group := n.ops[i:j]
					if group[0].kind == opStep {
						atOrigin = false
					}
					tested, typed := false, false
					for _, o := range group {
						switch {
						case o.kind == opUnmoved:
							tested = true
						case o.kind == opIs && !o.not:
							typed = true
						}
					}
					switch {
					case !tested:
					case typed:
						for _, o := range group {
							if o.kind == opIs && !o.not {
								out[o.typ] = true
							}
						}
					case atOrigin:
						out[t.Index] = true
					default:
						any = true
					}
					i = j
				}
			})
			if any {
				return nil // any piece's flag may be tested: all count
			}
		}
	}
	return out
}

// Stage: play (a position's identity as FIDE counts it). A ghost — the
// square a double step passed, which an en-passant capture takes — is
// part of the position only while a legal move captures it: after 1. e4,
// with no black pawn beside the pawn, the position is the one reached by
// e3 and e4, and its FEN names no en-passant square. Board.Hash, the
// search's key, keeps every ghost (it is kept move by move, and a capture
// that is not legal now may be in a line); IdentityHash and FEN leave
// the others out.

// deadGhosts returns the ghosts on the board that no legal move captures,
// or nil when there are none. Each legal move is played and taken back:
// what it captured is what the position's captured list gained, which
// reads an atomic blast's filter (it spares ghosts) as a move's action
// list cannot.
func (b *Board) deadGhosts() []int32 {
	var ghosts []int32
	for id := range b.pos.Pieces {
		if pc := &b.pos.Pieces[id]; pc.OnBoard && b.prog.types[pc.Type].Ghost {
			ghosts = append(ghosts, int32(id))
		}
	}
	if len(ghosts) == 0 {
		return nil
	}
	var list MoveList
	b.Legal(&list)
	for _, m := range list.Moves {
		before := len(b.pos.Captured)
		mk := b.Make(m)
		for _, id := range b.pos.Captured[before:] {
			ghosts = slices.DeleteFunc(ghosts, func(g int32) bool { return g == id })
		}
		if err := b.Unmake(mk); err != nil {
			panic(err) // the mark was just taken: Unmake cannot refuse it
		}
		if len(ghosts) == 0 {
			return nil
		}
	}
	return ghosts
}

// IdentityHash returns the position's hash as a repetition counts it: Hash
// without the seed of rand (RepetitionHash), without the ghosts no legal move captures, and without the unmoved
// flags of gates no piece can use any more (idleGateFlags: Seirawan
// chess's after its hand is empty, as Fairy-Stockfish clears them). Two positions FIDE calls the
// same — the same pieces, side to move, castling rights and en-passant
// captures — hash the same, however they were reached. It generates the
// legal moves when a ghost is on the board.
func (b *Board) IdentityHash() uint64 {
	h := b.RepetitionHash() ^ b.idleGateFlags()
	for _, id := range b.deadGhosts() {
		h ^= b.pos.PieceHash(id)
	}
	return h
}
