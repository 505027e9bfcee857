package magic

import (
	"fmt"
	"strconv"
	"strings"
)

// Color is a side.
type Color uint8

// The colors.
const (
	White Color = 0
	Black Color = 1
)

// Piece is a piece type.
type Piece uint8

// The piece types; NoPiece marks an empty square.
const (
	Pawn Piece = iota
	Knight
	Bishop
	Rook
	Queen
	King
	NoPiece
)

// castling rights, one bit each
const (
	whiteKing  = 1
	whiteQueen = 2
	blackKing  = 4
	blackQueen = 8
)

// castleKeep[s] is the rights that survive a move from or to s.
var castleKeep = func() (k [64]uint8) {
	for i := range k {
		k[i] = 15
	}
	k[4], k[0], k[7] = 15&^(whiteKing|whiteQueen), 15&^whiteQueen, 15&^whiteKing
	k[60], k[56], k[63] = 15&^(blackKing|blackQueen), 15&^blackQueen, 15&^blackKing
	return k
}()

// Position is a standard chess position. It is a value: copying it copies
// the position, which is how Make saves what Unmake restores.
type Position struct {
	pieces   [2][6]Bitboard
	occ      [2]Bitboard
	board    [64]Piece
	side     Color
	castle   uint8
	ep       Square // the square a pawn passed over, or NoSquare
	halfmove int
	fullmove int
}

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

const pieceLetters = "pnbrqk"

// ParseFEN reads a position in FEN; the move counters may be left out.
func ParseFEN(fen string) (*Position, error) {
	f := strings.Fields(fen)
	if len(f) < 4 || len(f) > 6 {
		return nil, fmt.Errorf("FEN %q: want 4 to 6 fields, have %d", fen, len(f))
	}
	p := &Position{ep: NoSquare, fullmove: 1}
	for i := range p.board {
		p.board[i] = NoPiece
	}
	if err := p.parsePlacement(fen, f[0]); err != nil {
		return nil, err
	}
	if err := p.checkArmies(fen); err != nil {
		return nil, err
	}
	switch f[1] {
	case "w":
	case "b":
		p.side = Black
	default:
		return nil, fmt.Errorf("FEN %q: side to move %q is not w or b", fen, f[1])
	}
	if err := p.parseCastling(fen, f[2]); err != nil {
		return nil, err
	}
	if err := p.parseEnPassant(fen, f[3]); err != nil {
		return nil, err
	}
	for i, dst := range []*int{&p.halfmove, &p.fullmove} {
		if len(f) > 4+i {
			n, err := strconv.Atoi(f[4+i])
			if err != nil || n < 0 || n > 1_000_000_000 {
				return nil, fmt.Errorf("FEN %q: bad move counter %q", fen, f[4+i])
			}
			*dst = n
		}
	}
	if p.attackers(p.kingSquare(p.side^1), p.side, p.all()) != 0 {
		return nil, fmt.Errorf("FEN %q: the side not to move is in check", fen)
	}
	return p, nil
}

// parsePlacement puts on the board the pieces of placement, the first field
// of fen: eight ranks of eight squares, from the eighth.
func (p *Position) parsePlacement(fen, placement string) error {
	ranks := strings.Split(placement, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("FEN %q: want 8 ranks, have %d", fen, len(ranks))
	}
	for r, row := range ranks {
		x := 0
		for _, c := range []byte(row) {
			switch {
			case c >= '1' && c <= '8':
				x += int(c - '0')
			case strings.IndexByte(pieceLetters, c|0x20) >= 0:
				if x > 7 {
					return fmt.Errorf("FEN %q: rank %d has more than 8 squares", fen, 8-r)
				}
				color := White
				if c >= 'a' {
					color = Black
				}
				p.put(color, Piece(strings.IndexByte(pieceLetters, c|0x20)), Square((7-r)*8+x))
				x++
			default:
				return fmt.Errorf("FEN %q: unexpected %q in the placement", fen, c)
			}
		}
		if x != 8 {
			return fmt.Errorf("FEN %q: rank %d has %d squares, want 8", fen, 8-r, x)
		}
	}
	return nil
}

// checkArmies reports a side without exactly one king, with more than 16
// pieces or with a pawn on the first or last rank.
func (p *Position) checkArmies(fen string) error {
	for c := White; c <= Black; c++ {
		name := [2]string{"white", "black"}[c]
		if p.pieces[c][King].Count() != 1 {
			return fmt.Errorf("FEN %q: %s must have exactly one king", fen, name)
		}
		// at most 16 pieces keep every move list within MaxMoves
		if n := p.occ[c].Count(); n > 16 {
			return fmt.Errorf("FEN %q: %s has %d pieces; a side has at most 16", fen, name, n)
		}
		if p.pieces[c][Pawn]&(rank1|rank8) != 0 {
			return fmt.Errorf("FEN %q: a %s pawn stands on the first or last rank", fen, name)
		}
	}
	return nil
}

// parseCastling reads the castling field of fen. Rights without their king
// and rook on the home squares are dropped.
func (p *Position) parseCastling(fen, field string) error {
	if field != "-" {
		for _, c := range []byte(field) {
			i := strings.IndexByte("KQkq", c)
			if i < 0 {
				return fmt.Errorf("FEN %q: castling %q: want KQkq or -", fen, field)
			}
			p.castle |= 1 << i
		}
	}
	for i, sq := range [4][2]Square{{4, 7}, {4, 0}, {60, 63}, {60, 56}} {
		c := Color(i / 2)
		if !p.pieces[c][King].Has(sq[0]) || !p.pieces[c][Rook].Has(sq[1]) {
			p.castle &^= 1 << i
		}
	}
	return nil
}

// parseEnPassant reads the en-passant field of fen, which must name a square
// on the rank a pawn of the side not to move has just passed over.
func (p *Position) parseEnPassant(fen, field string) error {
	if field == "-" {
		return nil
	}
	m, err := ParseUCI(field + "a1")
	if err != nil {
		return fmt.Errorf("FEN %q: en-passant square %q", fen, field)
	}
	p.ep = m.From()
	if want := [2]int{5, 2}[p.side]; p.ep.Rank() != want {
		return fmt.Errorf("FEN %q: en-passant square %s is not on rank %d", fen, field, want+1)
	}
	return nil
}

// FEN returns the position in FEN.
func (p *Position) FEN() string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for x := 0; x < 8; x++ {
			s := Square(r*8 + x)
			pc := p.board[s]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			c := pieceLetters[pc]
			if p.occ[White].Has(s) {
				c -= 'a' - 'A'
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString([2]string{" w ", " b "}[p.side])
	if p.castle == 0 {
		b.WriteByte('-')
	}
	for i := 0; i < 4; i++ {
		if p.castle&(1<<i) != 0 {
			b.WriteByte("KQkq"[i])
		}
	}
	fmt.Fprintf(&b, " %s %d %d", p.ep, p.halfmove, p.fullmove)
	return b.String()
}

// SideToMove returns the side to move.
func (p *Position) SideToMove() Color { return p.side }

// PieceOn returns the piece and its color on s, or NoPiece.
func (p *Position) PieceOn(s Square) (Piece, Color) {
	if p.occ[Black].Has(s) {
		return p.board[s], Black
	}
	return p.board[s], White
}

func (p *Position) all() Bitboard { return p.occ[White] | p.occ[Black] }

func (p *Position) kingSquare(c Color) Square { return p.pieces[c][King].first() }

func (p *Position) put(c Color, pc Piece, s Square) {
	p.pieces[c][pc] |= bit(s)
	p.occ[c] |= bit(s)
	p.board[s] = pc
}

func (p *Position) remove(c Color, pc Piece, s Square) {
	p.pieces[c][pc] &^= bit(s)
	p.occ[c] &^= bit(s)
	p.board[s] = NoPiece
}

// attackers returns the pieces of color by that attack s, with occupied as
// the blockers.
func (p *Position) attackers(s Square, by Color, occupied Bitboard) Bitboard {
	pc := &p.pieces[by]
	return pawnAttacks[by^1][s]&pc[Pawn] |
		knightAttacks[s]&pc[Knight] |
		kingAttacks[s]&pc[King] |
		BishopAttacks(s, occupied)&(pc[Bishop]|pc[Queen]) |
		RookAttacks(s, occupied)&(pc[Rook]|pc[Queen])
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool {
	return p.attackers(p.kingSquare(p.side), p.side^1, p.all()) != 0
}

// Make plays a legal move and returns the position before it, which
// Unmake restores.
func (p *Position) Make(m Move) Position {
	before := *p
	p.play(m)
	return before
}

// Unmake restores the position Make returned. It never fails: the error
// is there so that a Position is a game of package ai's search, as a
// language board is (whose Unmake refuses marks it did not issue).
func (p *Position) Unmake(before Position) error {
	*p = before
	return nil
}

// play applies a legal move.
func (p *Position) play(m Move) {
	us, them := p.side, p.side^1
	from, to, k := m.From(), m.To(), m.Kind()
	pc := p.board[from]
	p.halfmove++
	if k.IsCapture() {
		capSq := to
		if k == EnPassant {
			capSq = to ^ 8 // the square behind to, from the mover's view
		}
		p.remove(them, p.board[capSq], capSq)
		p.halfmove = 0
	}
	p.remove(us, pc, from)
	if k.IsPromotion() {
		p.put(us, k.Promotion(), to)
	} else {
		p.put(us, pc, to)
	}
	switch k {
	case KingCastle:
		p.remove(us, Rook, to+1)
		p.put(us, Rook, to-1)
	case QueenCastle:
		p.remove(us, Rook, to-2)
		p.put(us, Rook, to+1)
	}
	if pc == Pawn {
		p.halfmove = 0
	}
	p.castle &= castleKeep[from] & castleKeep[to]
	p.ep = NoSquare
	if k == DoublePush {
		p.ep = (from + to) / 2
	}
	if us == Black {
		p.fullmove++
	}
	p.side = them
}

// ParseUCI finds the legal move that a UCI string names in this position.
func (p *Position) ParseUCI(s string) (Move, error) {
	m, err := ParseUCI(s)
	if err != nil {
		return 0, err
	}
	var buf [MaxMoves]Move
	for _, l := range p.LegalMoves(buf[:0]) {
		if l.From() == m.From() && l.To() == m.To() && l.Kind().IsPromotion() == m.Kind().IsPromotion() &&
			(!m.Kind().IsPromotion() || l.Kind().Promotion() == m.Kind().Promotion()) {
			return l, nil
		}
	}
	return 0, fmt.Errorf("%s is not a legal move in %s", s, p.FEN())
}
