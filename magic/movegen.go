package magic

// MaxMoves bounds the legal moves of any position ParseFEN accepts: with at
// most 16 pieces a side, 15 queens of 27 moves, a king's 8 and two castles
// make 415. (No position reachable in a game has more than 218.)
const MaxMoves = 512

// LegalMoves appends the legal moves of the side to move to dst. With a
// dst of capacity MaxMoves it allocates nothing.
func (p *Position) LegalMoves(dst []Move) []Move {
	var buf [MaxMoves]Move
	n := p.generate(&buf)
	return append(dst, buf[:n]...)
}

// generate writes the legal moves into buf and returns their number.
// Legality is built in: the king avoids every attacked square (computed
// with the king itself lifted, so that it cannot hide behind itself), a
// check limits the other pieces to capturing the checker or blocking it,
// pinned pieces stay on the line to their king, and en passant, which
// empties two squares of one rank, is tested by playing it on the
// occupancy. It stays one long function on purpose: it is the hot loop of
// move generation, run at every node, and makes one pass over the side's
// pieces; splitting it would cost calls per node.
func (p *Position) generate(buf *[MaxMoves]Move) int {
	n := 0
	add := func(from, to Square, k Kind) {
		buf[n] = NewMove(from, to, k)
		n++
	}
	us, them := p.side, p.side^1
	own, enemy := p.occ[us], p.occ[them]
	all := own | enemy
	k := p.kingSquare(us)

	danger := p.attacked(them, all&^bit(k))
	checkers := p.attackers(k, them, all)

	for b := kingAttacks[k] &^ own &^ danger; b != 0; {
		to := b.pop()
		add(k, to, kindFor(enemy, to))
	}
	if checkers.Count() > 1 {
		return n // double check: only the king moves
	}
	target := ^own // where the other pieces may go
	if checkers != 0 {
		target = between[k][checkers.first()] | checkers
	} else {
		n = p.castling(buf, n, all, danger)
	}

	// pinned pieces: between the king and an enemy slider, alone
	var pinned Bitboard
	ep := &p.pieces[them]
	snipers := RookAttacks(k, enemy)&(ep[Rook]|ep[Queen]) | BishopAttacks(k, enemy)&(ep[Bishop]|ep[Queen])
	for snipers != 0 {
		if b := between[k][snipers.pop()] & own; b.Count() == 1 {
			pinned |= b
		}
	}
	allowed := func(from Square) Bitboard {
		if pinned.Has(from) {
			return target & line[k][from]
		}
		return target
	}

	pc := &p.pieces[us]
	for b := pc[Knight] &^ pinned; b != 0; { // a pinned knight never moves
		from := b.pop()
		for t := knightAttacks[from] & target; t != 0; {
			to := t.pop()
			add(from, to, kindFor(enemy, to))
		}
	}
	for b := pc[Bishop] | pc[Queen]; b != 0; {
		from := b.pop()
		for t := BishopAttacks(from, all) & allowed(from); t != 0; {
			to := t.pop()
			add(from, to, kindFor(enemy, to))
		}
	}
	for b := pc[Rook] | pc[Queen]; b != 0; {
		from := b.pop()
		for t := RookAttacks(from, all) & allowed(from); t != 0; {
			to := t.pop()
			add(from, to, kindFor(enemy, to))
		}
	}
	return p.pawnMoves(buf, n, all, enemy, target, pinned, k, checkers)
}

func kindFor(enemy Bitboard, to Square) Kind {
	if enemy.Has(to) {
		return Capture
	}
	return Quiet
}

// castling adds the castling moves (the king is not in check).
func (p *Position) castling(buf *[MaxMoves]Move, n int, all, danger Bitboard) int {
	type castle struct {
		right       uint8
		king, to    Square
		empty, safe Bitboard
		kind        Kind
	}
	for _, c := range [2][2]castle{
		{{whiteKing, 4, 6, 0x60, 0x60, KingCastle}, {whiteQueen, 4, 2, 0x0E, 0x0C, QueenCastle}},
		{{blackKing, 60, 62, 0x60 << 56, 0x60 << 56, KingCastle}, {blackQueen, 60, 58, 0x0E << 56, 0x0C << 56, QueenCastle}},
	}[p.side] {
		if p.castle&c.right != 0 && all&c.empty == 0 && danger&c.safe == 0 {
			buf[n] = NewMove(c.king, c.to, c.kind)
			n++
		}
	}
	return n
}

// pawnMoves adds the pawn moves. It stays one long function on purpose:
// generate calls it at every node, and it makes one pass over the pawns in
// that hot loop; splitting it would cost calls per node.
func (p *Position) pawnMoves(buf *[MaxMoves]Move, n int, all, enemy, target, pinned Bitboard, k Square, checkers Bitboard) int {
	us := p.side
	pawns := p.pieces[us][Pawn]
	up, start, last := 8, rank1<<8, rank8
	if us == Black {
		up, start, last = -8, rank8>>8, rank1
	}
	addPawn := func(from, to Square, capture bool) {
		if bit(to)&last != 0 {
			base := PromoKnight
			if capture {
				base = CapPromoKnight
			}
			for i := Kind(0); i < 4; i++ {
				buf[n] = NewMove(from, to, base+i)
				n++
			}
			return
		}
		kind := Quiet
		if capture {
			kind = Capture
		}
		buf[n] = NewMove(from, to, kind)
		n++
	}
	for b := pawns; b != 0; {
		from := b.pop()
		allowed := target
		if pinned.Has(from) {
			allowed &= line[k][from]
		}
		one := Square(int(from) + up)
		if !all.Has(one) {
			if allowed.Has(one) {
				addPawn(from, one, false)
			}
			if bit(from)&start != 0 {
				two := Square(int(one) + up)
				if !all.Has(two) && allowed.Has(two) {
					buf[n] = NewMove(from, two, DoublePush)
					n++
				}
			}
		}
		for t := pawnAttacks[us][from] & enemy & allowed; t != 0; {
			addPawn(from, t.pop(), true)
		}
		if p.ep != NoSquare && pawnAttacks[us][from].Has(p.ep) {
			captured := Square(int(p.ep) - up)
			// legal when the king is not attacked once both pawns have
			// left their squares and the capturer stands on ep
			occ := all&^bit(from)&^bit(captured) | bit(p.ep)
			them := &p.pieces[us^1]
			if RookAttacks(k, occ)&(them[Rook]|them[Queen]) == 0 &&
				BishopAttacks(k, occ)&(them[Bishop]|them[Queen]) == 0 &&
				(checkers == 0 || checkers.Has(captured) || target.Has(p.ep)) {
				buf[n] = NewMove(from, p.ep, EnPassant)
				n++
			}
		}
	}
	return n
}

// attacked returns every square color by attacks with occupied as the
// blockers.
func (p *Position) attacked(by Color, occupied Bitboard) Bitboard {
	pc := &p.pieces[by]
	var a Bitboard
	if by == White {
		a = (pc[Pawn]&^fileA)<<7 | (pc[Pawn]&^fileH)<<9
	} else {
		a = (pc[Pawn]&^fileA)>>9 | (pc[Pawn]&^fileH)>>7
	}
	for b := pc[Knight]; b != 0; {
		a |= knightAttacks[b.pop()]
	}
	for b := pc[Bishop] | pc[Queen]; b != 0; {
		a |= BishopAttacks(b.pop(), occupied)
	}
	for b := pc[Rook] | pc[Queen]; b != 0; {
		a |= RookAttacks(b.pop(), occupied)
	}
	return a | kingAttacks[pc[King].first()]
}

// MaxPerftDepth is the deepest Perft counts: each ply takes a move buffer
// of Go stack.
const MaxPerftDepth = 64

// Perft counts the leaf nodes of the legal move tree to depth, counting the
// last level in bulk (the number of legal moves, without playing them). A
// depth past MaxPerftDepth is refused: it counts 0.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth > MaxPerftDepth {
		return 0
	}
	var buf [MaxMoves]Move
	n := p.generate(&buf)
	if depth == 1 {
		return uint64(n)
	}
	var total uint64
	before := *p // copy-make: restoring a copy is cheaper than undoing
	for _, m := range buf[:n] {
		p.play(m)
		total += p.Perft(depth - 1)
		*p = before
	}
	return total
}
