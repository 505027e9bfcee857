package board

import (
	"slices"
	"strings"
)

// The castling field of a variant with gates (Variant.Gates): Seirawan
// chess's, as Fairy-Stockfish reads and writes it. A gate is the square of
// a side's first-rank piece that has not moved; a piece in hand may enter
// there when the piece leaves. The field carries the unmoved state of every
// first-rank piece: K and Q (the royal piece and its castling partner, as
// castling reads them) and a file letter per other unmoved piece.
// Fairy-Stockfish's current build writes KQBCDFGkqbcdfg at the start,
// leaving out the files K and Q imply; its 11.1 writes
// KQABCDEFGHkqabcdefgh; its Chess960 mode ABCDEFGHabcdefgh or, for the
// castling rooks, their files (GDABCEFH). All read alike.

// firstRank returns the rank index of side s's first rank.
func (p *Position) firstRank(s Side) int {
	if s == Second {
		return p.V.Height - 1
	}
	return 0
}

// firstRankRoyal returns side s's first royal piece on its first rank (in
// square order), or nil.
func (p *Position) firstRankRoyal(s Side) *Piece {
	y := p.firstRank(s)
	for x := 0; x < p.V.Width; x++ {
		if pc := p.PieceAt(p.Sq(x, y)); pc != nil && pc.Side == s && p.V.castler(pc.Type) {
			return pc
		}
	}
	return nil
}

// gatePartner returns the square of side s's castling partner that K (up)
// or Q names, or NoSquare: with castle partners the outermost one on the
// royal piece's rank toward the higher or the lower files (of the first
// rank when there is no royal piece there), otherwise the corner square
// where home, the variant's setup, has the partner (Variant.Castling).
func (p *Position) gatePartner(s Side, up bool, home *Position) Square {
	y := p.firstRank(s)
	if p.V.CastlePartners != nil {
		if royal := p.firstRankRoyal(s); royal != nil {
			if x := p.outermost(royal, up); x >= 0 {
				return p.Sq(x, y)
			}
			return NoSquare
		}
		found := NoSquare
		for x := 0; x < p.V.Width; x++ {
			if p.isPartner(p.PieceAt(p.Sq(x, y)), s, y) && (found == NoSquare || up) {
				found = p.Sq(x, y)
			}
		}
		return found
	}
	if !p.V.Castling {
		return NoSquare
	}
	royal := home.firstRankRoyal(s)
	if royal == nil {
		return NoSquare
	}
	kingside, queenside := home.corners(home, royal)
	sq := queenside
	if up {
		sq = kingside
	}
	if sq == NoSquare {
		return NoSquare
	}
	pc, h := p.PieceAt(sq), home.PieceAt(sq)
	if pc == nil || pc.Side != s || pc.Type != h.Type {
		return NoSquare
	}
	return sq
}

// castlesWith reports whether pc, on side s's first rank, is a partner the
// side's royal piece castles with: a castle partner, or a piece of the type
// home has in one of the royal piece's corners.
func (p *Position) castlesWith(pc *Piece, home *Position) bool {
	if p.V.CastlePartners != nil {
		_, y := p.XY(pc.Square)
		return p.isPartner(pc, pc.Side, y)
	}
	royal := home.firstRankRoyal(pc.Side)
	if !p.V.Castling || royal == nil {
		return false
	}
	kingside, queenside := home.corners(home, royal)
	for _, sq := range []Square{kingside, queenside} {
		if sq != NoSquare && home.PieceAt(sq).Type == pc.Type {
			return true
		}
	}
	return false
}

// applyGates reads the castling field of a variant with gates: every
// piece on a side's first rank is moved unless the field names it. K and
// Q name the side's royal piece on its first rank and the partner
// gatePartner finds; a file letter, the side's piece on that file of its
// first rank (upper case for the first side). With GatesNeedHand and the
// side's hand empty, a letter that names a castling partner is a
// Shredder-FEN castling right: the royal piece is unmoved too. home is
// the variant's setup, or nil when field is the setup's own.
func (p *Position) applyGates(field string, home *Position) error {
	if err := p.checkLetters(field, "castling pieces and gates"); err != nil {
		return err
	}
	if home == nil {
		home = p
	}
	for id := range p.Pieces {
		if pc := &p.Pieces[id]; pc.OnBoard && !p.isGhost(pc) {
			if _, y := p.XY(pc.Square); y == p.firstRank(pc.Side) {
				pc.Unmoved = false
			}
		}
	}
	for i := 0; i < len(field) && field != "-"; i++ {
		c, s := field[i], First
		if c >= 'a' && c <= 'z' {
			c, s = c-'a'+'A', Second
		}
		royal := p.firstRankRoyal(s)
		if c == 'K' || c == 'Q' {
			if sq := p.gatePartner(s, c == 'K', home); sq != NoSquare && royal != nil {
				p.PieceAt(sq).Unmoved, royal.Unmoved = true, true
			}
			continue
		}
		pc := p.PieceAt(p.Sq(int(c-'A'), p.firstRank(s)))
		if pc == nil || pc.Side != s || p.isGhost(pc) {
			continue
		}
		pc.Unmoved = true
		if p.V.GatesNeedHand && p.HandEmpty(s) && royal != nil && p.castlesWith(pc, home) {
			royal.Unmoved = true
		}
	}
	return nil
}

// gatesField writes the castling field of a variant with gates: per side,
// its castling letters as the variant writes them (X-FEN), then — unless
// GatesNeedHand and the side's hand is empty — a file letter for every
// other unmoved piece on its first rank, leaving out the royal piece's
// file when the side castles, except with castle partners (Chess960),
// where Fairy-Stockfish writes it too; - for nothing.
func (p *Position) gatesField() string {
	var home *Position
	if p.V.Castling && p.V.CastlePartners == nil && p.V.Setup != "" {
		v := *p.V
		v.Ghost = -1
		home, _ = Parse(&v, p.V.Setup)
	}
	var b strings.Builder
	for _, s := range []Side{First, Second} {
		var rights string
		var named []int
		switch {
		case p.V.CastlePartners != nil:
			rights, named = p.partnerRights(s)
		case home != nil:
			rights, named = p.cornerRights(s, home)
		}
		b.WriteString(rights)
		if p.V.GatesNeedHand && p.HandEmpty(s) {
			continue
		}
		y := p.firstRank(s)
		if royal := p.firstRankRoyal(s); rights != "" && royal != nil && p.V.CastlePartners == nil {
			x, _ := p.XY(royal.Square)
			named = append(named, x)
		}
		for x := 0; x < min(p.V.Width, 26); x++ {
			pc := p.PieceAt(p.Sq(x, y))
			if pc == nil || pc.Side != s || !pc.Unmoved || p.isGhost(pc) || slices.Contains(named, x) {
				continue
			}
			c := byte('A' + x)
			if s == Second {
				c += 'a' - 'A'
			}
			b.WriteByte(c)
		}
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}
