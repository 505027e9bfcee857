package board

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/alfil-go/alfil/memory"
)

// Parse reads a FEN-shaped position with the variant's letters: ranks from
// the top separated by /, digit runs (which may exceed 9) for empty squares,
// then the optional fields side to move (w or b), castling (KQkq or -),
// en passant (- or squares such as e3), halfmove clock and move number.
// Every number is range checked: an empty-square run may not exceed the
// board's width, the halfmove clock lies in 0…MaxCounter, the move number in
// 1…MaxCounter and a check counter in 0…MaxChecks. An error is a
// [*FENError] that names the field and where it starts.
//
// A piece counts as unmoved when it stands where the variant's own setup
// (with Variant.CastleHome's pieces) has a piece of its type and side. In
// a variant with castling (Variant.Castling) the castling field then marks
// as moved the royal pieces of a side without castling letters, the
// corner pieces (the farthest non-royal setup pieces on a royal piece's
// rank) whose letter is missing, and the pieces on CastleHome's squares
// that no letter names; in a variant without castling the field is read
// and ignored, and written as -. In a variant with castle partners (Variant.CastlePartners: Chess960) the
// field alone decides, X-FEN or Shredder-FEN, and is written as X-FEN. Each
// en-passant square gets a ghost of the side that just moved, which its
// every-hook removes after one ply.
//
// The halfmove clock counts plies since the last capture: the language has
// no notion of a pawn, so unlike FIDE's clock pawn moves do not reset it.
func Parse(v *Variant, fen string) (*Position, error) {
	p := New(v)
	fields := splitFields(fen)
	if len(fields) == 0 {
		return nil, &FENError{FEN: fen, Msg: "empty FEN"}
	}
	fields, state, err := cutStateField(fen, fields)
	if err != nil {
		return nil, err
	}
	fields, err = p.checkFields(fen, fields)
	if err != nil {
		return nil, err
	}
	var home *Position
	if v.Setup != "" && v.Setup != fen {
		if home, err = Parse(v, v.Setup); err != nil {
			return nil, fmt.Errorf("the variant's setup: %w", err)
		}
		home.addCastleHome()
	}
	if err := p.parseRanks(fen, fields[0]); err != nil {
		return nil, err
	}
	if err := p.checkGroups(fen, fields[0].off); err != nil {
		return nil, err
	}
	for id := range p.Pieces {
		pc := &p.Pieces[id]
		pc.Unmoved = home == nil || sameOccupant(home, pc)
	}
	if err := p.parseStateFields(fen, fields, home); err != nil {
		return nil, err
	}
	if err := p.readStateField(fen, state); err != nil {
		return nil, err
	}
	p.rehash()
	p.recountRoyals()
	p.journal = nil // what setting up wrote is no move to take back: free it
	p.Pieces = slices.Clip(p.Pieces)
	return p, nil
}

// parseStateFields reads the fields of fen after the placement, those
// present of side to move, castling, en passant, halfmove clock and move
// number, the check counters taken out; more is an error. home is the
// variant's setup, or nil if it has none or fen is that setup.
func (p *Position) parseStateFields(fen string, fields []field, home *Position) error {
	if len(fields) == 4 && isCount(fields[2].text) && isCount(fields[3].text) {
		// "w 0 1": the clocks right after the side to move, without
		// castling and en passant, as Fairy-Stockfish writes shogi's
		none := field{text: "-", off: fields[2].off}
		fields = []field{fields[0], fields[1], none, none, fields[2], fields[3]}
	}
	if len(fields) > 1 {
		switch fields[1].text {
		case "w":
		case "b":
			p.ToMove = Second
		default:
			return fieldError(fen, fields[1], "bad side to move %q (w or b)", fields[1].text)
		}
	}
	if len(fields) > 2 {
		switch {
		case p.V.Gates:
			if err := p.applyGates(fields[2].text, home); err != nil {
				return fieldError(fen, fields[2], "%v", err)
			}
		case p.V.CastlePartners != nil:
			if err := p.applyPartners(fields[2].text); err != nil {
				return fieldError(fen, fields[2], "%v", err)
			}
		case strings.Trim(fields[2].text, "KQkq-") != "":
			return fieldError(fen, fields[2], "bad castling field %q (- or letters KQkq)", fields[2].text)
		case p.V.Castling && home == nil:
			// the variant's own setup, its own home: its field still
			// says who castles (spartan's KQ: Black's kings do not)
			p.applyCastling(fields[2].text, p)
		case p.V.Castling:
			p.applyCastling(fields[2].text, home)
		}
	}
	countingLimit := false
	if len(fields) > 3 && fields[3].text != "-" {
		if p.V.Ghost < 0 && isCount(fields[3].text) && len(fields) == 6 {
			// Fairy-Stockfish's counting limit (makruk's family), written
			// where en passant would stand, the two clocks after it: read
			// and dropped, for alfil does not play the counting rules
			n, err := strconv.Atoi(fields[3].text)
			if err != nil || n > MaxCounter {
				return fieldError(fen, fields[3], "bad counting limit %q (0 to %d)", fields[3].text, MaxCounter)
			}
			countingLimit = n > 0
		} else if err := p.placeGhosts(fields[3].text); err != nil {
			return fieldError(fen, fields[3], "%v", err)
		}
	}
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4].text)
		if err != nil || n < 0 || n > MaxCounter {
			return fieldError(fen, fields[4], "bad halfmove clock %q (0 to %d)", fields[4].text, MaxCounter)
		}
		if !countingLimit {
			// with a counting limit the field is the counting ply, and
			// the half-move clock restarts (Fairy-Stockfish's Position::set)
			p.Halfmove = int32(n)
		}
	}
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5].text)
		if err != nil || n < 1 || n > MaxCounter {
			return fieldError(fen, fields[5], "bad move number %q (1 to %d)", fields[5].text, MaxCounter)
		}
		p.Fullmove = int32(n)
	}
	if len(fields) > 6 {
		return fieldError(fen, fields[6], "extra FEN field %q", fields[6].text)
	}
	return nil
}

// fieldError returns a [*FENError] at the start of field f of fen.
func fieldError(fen string, f field, format string, args ...any) error {
	return &FENError{FEN: fen, Offset: f.off, Msg: fmt.Sprintf(format, args...)}
}

// The bounds of a FEN's numbers.
const (
	MaxCounter = 1_000_000_000 // halfmove clock and move number
	MaxChecks  = 1000          // a check counter
)

// FENError is an error in a FEN string. Offset is the byte offset in FEN of
// the field or character at fault, so that a variant file's setup can be
// reported at its line and column.
type FENError struct {
	FEN    string
	Offset int
	Msg    string
}

func (e *FENError) Error() string { return e.Msg }

// field is one white-space separated field of a FEN and its offset.
type field struct {
	text string
	off  int
}

func splitFields(fen string) []field {
	var out []field
	for i := 0; i < len(fen); {
		if isSpace(fen[i]) {
			i++
			continue
		}
		j := i
		for j < len(fen) && !isSpace(fen[j]) {
			j++
		}
		out = append(out, field{fen[i:j], i})
		i = j
	}
	return out
}

// FieldOffset returns the byte offset of field i (from 0) of fen, or
// len(fen) when it has fewer fields.
func FieldOffset(fen string, i int) int {
	if fs := splitFields(fen); i < len(fs) {
		return fs[i].off
	}
	return len(fen)
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// checkFields takes Fairy-Stockfish's check counters out of the fields: a
// field W+B after the en-passant field (checks each side still needs) or a
// trailing +W+B (checks each side has given).
func (p *Position) checkFields(fen string, fields []field) ([]field, error) {
	counts := func(f field, s string) (w, b int, err error) {
		ws, bs, ok := strings.Cut(s, "+")
		w, errW := strconv.Atoi(ws)
		b, errB := strconv.Atoi(bs)
		if !ok || errW != nil || errB != nil || w < 0 || b < 0 || w > MaxChecks || b > MaxChecks {
			return 0, 0, &FENError{FEN: fen, Offset: f.off, Msg: fmt.Sprintf("bad check-count field %q (two counts from 0 to %d)", f.text, MaxChecks)}
		}
		return w, b, nil
	}
	if n := len(fields); n > 1 && strings.HasPrefix(fields[n-1].text, "+") && strings.Count(fields[n-1].text, "+") == 2 {
		w, b, err := counts(fields[n-1], fields[n-1].text[1:])
		if err != nil {
			return nil, err
		}
		p.Checks = [2]int32{int32(w), int32(b)}
		return fields[:n-1], nil
	}
	if len(fields) > 4 && strings.Count(fields[4].text, "+") == 1 {
		w, b, err := counts(fields[4], fields[4].text)
		if err != nil {
			return nil, err
		}
		if p.V.CheckLimit == 0 {
			return nil, &FENError{FEN: fen, Offset: fields[4].off, Msg: fmt.Sprintf("bad check-count field %q: the variant counts no checks", fields[4].text)}
		}
		limit := p.V.CheckLimit
		p.Checks = [2]int32{int32(max(limit-w, 0)), int32(max(limit-b, 0))}
		return append(fields[:4:4], fields[5:]...), nil
	}
	return fields, nil
}

// isCount reports whether s is a decimal number (a FEN's clock).
func isCount(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

func sameOccupant(home *Position, pc *Piece) bool {
	h := home.PieceAt(pc.Square)
	return h != nil && h.Type == pc.Type && h.Side == pc.Side
}

// parseRanks places the pieces of the placement field f of fen: ranks from
// the top separated by /, one for each rank of the board, and in a variant
// with hands the holdings in brackets after them (parseHoldings).
func (p *Position) parseRanks(fen string, f field) error {
	if open := strings.IndexByte(f.text, '['); open >= 0 || strings.HasSuffix(f.text, "]") {
		if open < 0 || !strings.HasSuffix(f.text, "]") {
			return &FENError{FEN: fen, Offset: f.off + max(open, 0), Msg: "holdings must close the board field: [letters]"}
		}
		held := f.text[open+1 : len(f.text)-1]
		switch {
		case p.V.Hands && !p.V.FreeDrops:
			if err := p.parseHoldings(fen, held, f.off+open+1); err != nil {
				return err
			}
		case held != "" && held != "-":
			// empty brackets say nothing: Fairy-Stockfish reads them in
			// any variant
			return &FENError{FEN: fen, Offset: f.off + open, Msg: "holdings in brackets, in a variant without hands"}
		}
		f.text = f.text[:open]
	}
	ranks := strings.Split(f.text, "/")
	if p.V.Hands && !p.V.FreeDrops && len(ranks) == p.V.Height+1 {
		// holdings written as one more rank: 4K3/Qn
		last := ranks[p.V.Height]
		if err := p.parseHoldings(fen, last, f.off+len(f.text)-len(last)); err != nil {
			return err
		}
		ranks = ranks[:p.V.Height]
	}
	if len(ranks) != p.V.Height {
		return &FENError{FEN: fen, Offset: f.off, Msg: fmt.Sprintf("FEN has %d ranks for a board of %d", len(ranks), p.V.Height)}
	}
	byLetter := map[byte]int{}
	for t, c := range p.V.Letters {
		if p.V.IsPlus(t) {
			c |= 0x80 // +P: the key of a promoted form
		}
		byLetter[c] = t
	}
	off := f.off
	for r, rank := range ranks {
		if err := p.parseRank(fen, rank, off, p.V.Height-1-r, byLetter); err != nil {
			return err
		}
		off += len(rank) + 1
	}
	return nil
}

// parseHoldings puts the pieces that holdings, at byte off of fen, lists
// into the hands: a letter per piece, upper case for the first side's, or
// - for none.
func (p *Position) parseHoldings(fen, holdings string, off int) error {
	if holdings == "-" {
		return nil
	}
	for i := 0; i < len(holdings); i++ {
		c := holdings[i]
		side, upper := First, c
		if c >= 'a' && c <= 'z' {
			side, upper = Second, c-'a'+'A'
		}
		t := p.V.TypeOf(upper)
		if t < 0 || t == p.V.Ghost || t < len(p.V.Ghosts) && p.V.Ghosts[t] {
			return &FENError{FEN: fen, Offset: off + i, Msg: fmt.Sprintf("holdings: no piece has letter %q", rune(c))}
		}
		p.Hand[side][t]++
	}
	return nil
}

// holdings writes the hands in brackets: the first side's pieces, upper
// case, then the second's, each in the order of the types.
func (p *Position) holdings(b *strings.Builder) {
	b.WriteByte('[')
	for s, hand := range p.Hand {
		for t, n := range hand {
			c := p.V.Letters[t]
			if s == int(Second) {
				c = c - 'A' + 'a'
			}
			for range n {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte(']')
}

// parseRank places the pieces of rank, which is rank y of the board and
// starts at byte off of fen: piece letters (byLetter gives each letter's
// type) and digit runs for empty squares, as many squares as the board has
// files.
func (p *Position) parseRank(fen, rank string, off, y int, byLetter map[byte]int) error {
	bad := func(i int, format string, args ...any) error {
		return &FENError{FEN: fen, Offset: off + i, Msg: fmt.Sprintf(format, args...)}
	}
	x := 0
	stack := -1 // the index in Pieces of the open stack's first piece
	for i := 0; i < len(rank); {
		c := rank[i]
		if c == '(' || c == ')' || stack >= 0 && (c >= '0' && c <= '9' || c == '*') {
			var err error
			if stack, err = p.stackMark(rank, i, y, x, stack, bad); err != nil {
				return err
			}
			if c == ')' {
				x++
			}
			i++
			continue
		}
		if c >= '0' && c <= '9' {
			j := i
			for j < len(rank) && rank[j] >= '0' && rank[j] <= '9' {
				j++
			}
			n, err := strconv.Atoi(rank[i:j])
			if err != nil || n == 0 || c == '0' {
				return bad(i, "rank %d: bad empty-square count %q", y+1, rank[i:j])
			}
			if n > p.V.Width-x {
				return bad(i, "rank %d: %d empty squares from file %s go past the board's %d files", y+1, n, p.FileName(x), p.V.Width)
			}
			for k := x; k < x+n; k++ {
				if p.V.Hole(p.Sq(k, y)) {
					return bad(i, "rank %d: %s is a hole of the board, written *, not an empty square", y+1, p.SquareName(p.Sq(k, y)))
				}
			}
			x += n
			i = j
			continue
		}
		if c == '*' {
			// a wall square, as Fairy-Stockfish writes it: a hole where the
			// variant's setup has one (Variant.Holes), elsewhere the
			// variant's wall piece (the duck, an arrow)
			if x >= p.V.Width {
				return bad(i, "rank %d is wider than the board's %d files", y+1, p.V.Width)
			}
			switch sq := p.Sq(x, y); {
			case p.V.Hole(sq):
			case p.V.wallType() >= 0:
				p.placeFENPiece(int16(p.V.wallType()), First, sq)
			default:
				return bad(i, "rank %d: * on %s, a square of the board: only the variant's setup makes holes", y+1, p.SquareName(sq))
			}
			x++
			i++
			continue
		}
		plus := c == '+' && i+1 < len(rank)
		if plus {
			i++
			c = rank[i]
		}
		side := First
		upper := c
		if c >= 'a' && c <= 'z' {
			side, upper = Second, c-'a'+'A'
		}
		key := upper
		if plus {
			key |= 0x80
		}
		t, ok := byLetter[key]
		if !ok {
			if plus {
				return bad(i-1, "rank %d: no piece is written +%c", y+1, rune(upper))
			}
			return bad(i, "rank %d: no piece has letter %q", y+1, rune(c))
		}
		if t == p.V.Ghost || t < len(p.V.Ghosts) && p.V.Ghosts[t] {
			return bad(i, "rank %d: %c is a ghost, which the en-passant field places, not the board", y+1, c)
		}
		if x >= p.V.Width {
			return bad(i, "rank %d is wider than the board's %d files", y+1, p.V.Width)
		}
		if p.V.Hole(p.Sq(x, y)) {
			return bad(i, "rank %d: %s is a hole of the board, written *: no piece stands there", y+1, p.SquareName(p.Sq(x, y)))
		}
		p.placeFENPiece(int16(t), side, p.Sq(x, y))
		if plus && p.V.Demotes {
			// a promoted form enters the hand as what it promoted from
			if base := p.V.TypeOf(upper); base >= 0 {
				p.Pieces[len(p.Pieces)-1].Origin = int16(base + 1)
			}
		}
		if stack < 0 {
			x++ // a stack's pieces fill one square, at its )
		}
		i++
		if i < len(rank) && rank[i] == '~' {
			// Fairy-Stockfish marks a promoted piece: it moves as its
			// type does, and only with hands does a capture tell (it
			// enters the hand as what it was)
			if p.V.Demotes && t < len(p.V.PromotedFrom) && p.V.PromotedFrom[t] >= 0 {
				p.Pieces[len(p.Pieces)-1].Origin = int16(p.V.PromotedFrom[t] + 1)
			}
			i++
		}
		if i < len(rank) && rank[i] == '{' {
			n, err := p.parseGroupMark(rank, i, y)
			if err != nil {
				return bad(i, "%v", err)
			}
			i = n
		}
	}
	if stack >= 0 {
		return bad(len(rank), "rank %d: the stack opened by ( is not closed", y+1)
	}
	if x != p.V.Width {
		return bad(0, "rank %d has %d squares for a board of %d files", y+1, x, p.V.Width)
	}
	return nil
}

// placeFENPiece adds a piece of type t and side s on the empty square sq.
func (p *Position) placeFENPiece(t int16, s Side, sq Square) {
	id := int32(len(p.Pieces))
	p.Pieces = append(p.Pieces, Piece{Type: t, Side: s, Square: sq, OnBoard: true})
	p.squares[sq] = id
	p.updateOccupied(sq)
	p.recountField(sq, false)
}

// corners returns, for a royal piece of side s on its home square, the setup
// squares of the farthest non-royal pieces of s on its rank toward the last
// file (kingside) and toward the first file (queenside), of the types
// Variant.CastleCorners marks when it is set; NoSquare if none.
func (p *Position) corners(home *Position, royal *Piece) (kingside, queenside Square) {
	kingside, queenside = NoSquare, NoSquare
	x0, y := p.XY(royal.Square)
	for x := 0; x < p.V.Width; x++ {
		h := home.PieceAt(p.Sq(x, y))
		if h == nil || h.Side != royal.Side || p.V.castler(h.Type) {
			continue
		}
		if p.V.CastleCorners != nil && (int(h.Type) >= len(p.V.CastleCorners) || !p.V.CastleCorners[h.Type]) {
			continue
		}
		if x > x0 {
			kingside = p.Sq(x, y)
		} else if x < x0 && queenside == NoSquare {
			queenside = p.Sq(x, y)
		}
	}
	return kingside, queenside
}

// addCastleHome places the pieces of Variant.CastleHome on home, the
// variant's setup, where it has none.
func (home *Position) addCastleHome() {
	for _, h := range home.V.CastleHome {
		if home.squares[h.Square] < 0 {
			home.placeFENPiece(h.Type, h.Side, h.Square)
		}
	}
}

// applyCastling marks as moved the royal and corner pieces whose castling
// letters the field lacks, and the pieces on Variant.CastleHome's squares
// that no letter names.
func (p *Position) applyCastling(field string, home *Position) {
	if home == nil {
		return
	}
	named := map[Square]bool{}
	defer func() {
		for _, h := range p.V.CastleHome {
			if pc := p.PieceAt(h.Square); pc != nil && !named[h.Square] {
				pc.Unmoved = false
			}
		}
	}()
	for id := range p.Pieces {
		royal := &p.Pieces[id]
		if !p.V.castler(royal.Type) || !royal.Unmoved {
			continue
		}
		k, q := byte('K'), byte('Q')
		if royal.Side == Second {
			k, q = 'k', 'q'
		}
		hasK, hasQ := strings.IndexByte(field, k) >= 0, strings.IndexByte(field, q) >= 0
		if !hasK && !hasQ {
			royal.Unmoved = false
		}
		named[royal.Square] = hasK || hasQ
		kingside, queenside := p.corners(home, royal)
		for _, c := range []struct {
			sq  Square
			has bool
		}{{kingside, hasK}, {queenside, hasQ}} {
			if c.sq != NoSquare && c.has {
				named[c.sq] = true
				if pc := p.PieceAt(c.sq); pc != nil && pc.Side == royal.Side && p.cornerPartner(pc) {
					pc.Unmoved = true
				}
			}
			if c.sq == NoSquare || c.has {
				continue
			}
			if pc := p.PieceAt(c.sq); pc != nil {
				pc.Unmoved = false
			}
		}
	}
}

func (p *Position) placeGhosts(field string) error {
	for rest := field; rest != ""; {
		j := 0
		for j < len(rest) && rest[j] >= 'a' && rest[j] <= 'z' {
			j++
		}
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		sq, err := p.ParseSquare(rest[:max(j, 1)])
		if err != nil {
			return fmt.Errorf("bad en-passant field %q: %w", field, err)
		}
		rest = rest[j:]
		p.EnPassant = append(p.EnPassant, sq)
		if p.V.Ghost < 0 || p.squares[sq] >= 0 {
			continue
		}
		id := int32(len(p.Pieces))
		p.Pieces = append(p.Pieces, Piece{Type: int16(p.V.Ghost), Side: p.ToMove.Other(), Square: sq, OnBoard: true})
		p.squares[sq] = id
		p.updateOccupied(sq)
		p.recountField(sq, false)
	}
	return nil
}

// rehash computes the hash from scratch: the kept part, without the last
// mover's and the groups' terms (Hash adds them).
func (p *Position) rehash() { p.hash = p.piecesHash() ^ p.lastHash() }

// ComputeHash computes the hash from scratch; it always equals Hash, which
// is kept up to date incrementally (tests check exactly that).
func (p *Position) ComputeHash() uint64 {
	if p.V.Groups {
		return p.piecesHash() ^ p.groupsHash()
	}
	return p.piecesHash()
}

// piecesHash is the hash the position keeps up to date as it changes:
// everything but the groups' term, which Hash adds (groupsHash).
func (p *Position) piecesHash() uint64 {
	var hash uint64
	for id := range p.Pieces {
		if p.Pieces[id].OnBoard {
			hash ^= p.hashOf(int32(id))
		}
	}
	for sq, t := range p.Tiles {
		for i, v := range t {
			hash ^= memHash(memory.Tile, Square(sq), int32(i), v)
		}
	}
	for i, v := range p.Global {
		hash ^= memHash(memory.Global, 0, int32(i), v)
	}
	if p.ToMove == Second {
		hash ^= zobrist.side
	}
	hash ^= checksHash(First, p.Checks[First]) ^ checksHash(Second, p.Checks[Second])
	if p.Passes > 0 {
		hash ^= passedHash
	}
	hash ^= p.seedHash() ^ p.lastHash()
	for s, hand := range p.Hand {
		for t, n := range hand {
			hash ^= handHash(Side(s), t, n)
		}
	}
	return hash
}

// FEN returns the position in FEN form with the variant's letters.
func (p *Position) FEN() string { return p.FENHiding(nil) }

// FENHiding returns the position in FEN form, leaving out of the
// en-passant field the ghosts for which hidden (when not nil) reports
// true: those no legal move captures, which FIDE does not count as part
// of the position (movegen.Board.FEN).
func (p *Position) FENHiding(hidden func(id int32) bool) string {
	var b strings.Builder
	var groupNumbers groupRenumbering
	for y := p.V.Height - 1; y >= 0; y-- {
		empty := 0
		for x := 0; x < p.V.Width; x++ {
			if p.V.Hole(p.Sq(x, y)) {
				if empty > 0 {
					b.WriteString(strconv.Itoa(empty))
					empty = 0
				}
				b.WriteByte('*')
				continue
			}
			pc := p.PieceAt(p.Sq(x, y))
			if pc == nil || p.isGhost(pc) {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			if top := p.At(p.Sq(x, y)); p.Holds(top) >= 0 {
				p.writeStack(&b, top)
				continue
			}
			p.writePiece(&b, pc)
			if pc.Group > 0 {
				b.WriteByte('{')
				b.WriteString(strconv.Itoa(groupNumbers.of(pc.Group)))
				b.WriteByte('}')
			}
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if y > 0 {
			b.WriteByte('/')
		}
	}
	if p.V.Hands && !p.V.FreeDrops {
		p.holdings(&b)
	}
	b.WriteString([...]string{" w ", " b "}[p.ToMove])
	b.WriteString(p.castlingField())
	b.WriteByte(' ')
	b.WriteString(p.enPassantField(hidden))
	if limit := int32(p.V.CheckLimit); limit > 0 {
		fmt.Fprintf(&b, " %d+%d", max(limit-p.Checks[First], 0), max(limit-p.Checks[Second], 0))
	}
	fmt.Fprintf(&b, " %d %d", max(p.Halfmove, 0), p.Fullmove+(p.Ply+int32(p.startSide()))/2)
	p.writeStateField(&b)
	return b.String()
}

// writePiece writes piece pc's FEN token: +, its letter, ~.
func (p *Position) writePiece(b *strings.Builder, pc *Piece) {
	if p.V.IsPlus(int(pc.Type)) {
		b.WriteByte('+')
	}
	b.WriteByte(p.letter(pc))
	if p.V.Demotes && pc.Origin > 0 && !p.V.IsPlus(int(pc.Type)) {
		b.WriteByte('~')
	}
}

// enPassantField lists the squares of the ghosts not hidden, and the squares of the pieces
// they stand for when the variant names those (Variant.GhostVictims), in
// square order; - for none.
func (p *Position) enPassantField(hidden func(id int32) bool) string {
	named := make([]bool, len(p.squares))
	any := false
	for sq := range p.squares {
		if pc := p.PieceAt(Square(sq)); pc != nil && p.isGhost(pc) && (hidden == nil || !hidden(p.squares[sq])) {
			named[sq], any = true, true
			if p.V.GhostVictims != nil {
				for _, v := range p.V.GhostVictims(p, pc) {
					named[v] = true
				}
			}
		}
	}
	if !any {
		return "-"
	}
	var b strings.Builder
	for sq, n := range named {
		if n {
			b.WriteString(p.SquareName(Square(sq)))
		}
	}
	return b.String()
}

// startSide is the side that was to move when the position was loaded.
func (p *Position) startSide() Side {
	return p.ToMove ^ Side(p.Ply&1)
}

func (p *Position) castlingField() string {
	if p.V.Gates {
		return p.gatesField()
	}
	if p.V.CastlePartners != nil {
		return p.partnersField()
	}
	if p.V.Setup == "" || !p.V.Castling {
		return "-"
	}
	v := *p.V
	v.Ghost = -1
	home, err := Parse(&v, p.V.Setup)
	if err != nil {
		return "-"
	}
	home.addCastleHome()
	first, _ := p.cornerRights(First, home)
	second, _ := p.cornerRights(Second, home)
	if field := first + second; field != "" {
		return field
	}
	return "-"
}

// cornerRights returns side s's castling letters in a variant that castles
// with corner pieces (home is its setup): K and Q for each unmoved royal
// piece whose kingside or queenside corner piece is unmoved, and the files
// of those corners.
func (p *Position) cornerRights(s Side, home *Position) (string, []int) {
	field := ""
	var files []int
	for id := range p.Pieces {
		royal := &p.Pieces[id]
		if !royal.OnBoard || royal.Side != s || !p.V.castler(royal.Type) || !royal.Unmoved {
			continue
		}
		kingside, queenside := p.corners(home, royal)
		for i, sq := range []Square{kingside, queenside} {
			if sq == NoSquare {
				continue
			}
			pc, h := p.PieceAt(sq), home.PieceAt(sq)
			if pc != nil && pc.Unmoved && (pc.Type == h.Type || p.cornerPartner(pc)) && pc.Side == s {
				c := "KQ"[i]
				if s == Second {
					c += 'a' - 'A'
				}
				field += string(c)
				x, _ := p.XY(sq)
				files = append(files, x)
			}
		}
	}
	return field, files
}

// cornerPartner reports whether pc is of a type the variant's castling
// lines castle with (Variant.CornerPartners).
func (p *Position) cornerPartner(pc *Piece) bool {
	return int(pc.Type) < len(p.V.CornerPartners) && p.V.CornerPartners[pc.Type]
}

// isPartner reports whether pc is a castle partner of side s on rank y
// (Variant.CastlePartners).
func (p *Position) isPartner(pc *Piece, s Side, y int) bool {
	if pc == nil || pc.Side != s || int(pc.Type) >= len(p.V.CastlePartners) || !p.V.CastlePartners[pc.Type] {
		return false
	}
	_, py := p.XY(pc.Square)
	return py == y
}

// outermost returns the file of the partner of royal farthest from it
// toward the higher files (up) or the lower ones, or -1.
func (p *Position) outermost(royal *Piece, up bool) int {
	x0, y := p.XY(royal.Square)
	found := -1
	for x := 0; x < p.V.Width; x++ {
		if (x > x0) == up && x != x0 && p.isPartner(p.PieceAt(p.Sq(x, y)), royal.Side, y) {
			if found < 0 || up {
				found = x
			}
		}
	}
	return found
}

// checkLetters checks that a castling field is -, or letters K, Q, k, q
// and files (A to H and a to h on 8 files); what names what the letters
// name.
func (p *Position) checkLetters(field, what string) error {
	for i := 0; i < len(field); i++ {
		c := field[i]
		lower := c | 0x20
		if field == "-" || c == 'K' || c == 'Q' || c == 'k' || c == 'q' || lower >= 'a' && lower <= 'z' && int(lower-'a') < min(p.V.Width, 26) {
			continue
		}
		return fmt.Errorf("bad castling field %q (- or KQkq, or the files of the %s as A to %c and a to %c)", field, what, 'A'+min(p.V.Width, 26)-1, 'a'+min(p.V.Width, 26)-1)
	}
	return nil
}

// applyPartners reads the castling field of a variant with castle
// partners (Variant.CastlePartners): every royal piece and partner is
// moved unless the field names it. K and Q name a royal piece's outermost
// partner on its rank toward the higher and the lower files; a file
// letter, the partner on that file (upper case for the first side); a
// royal piece is unmoved when one of its partners is named. A letter
// that names no partner grants nothing.
func (p *Position) applyPartners(field string) error {
	if err := p.checkLetters(field, "castling pieces"); err != nil {
		return err
	}
	for id := range p.Pieces {
		pc := &p.Pieces[id]
		if p.V.castler(pc.Type) || int(pc.Type) < len(p.V.CastlePartners) && p.V.CastlePartners[pc.Type] {
			pc.Unmoved = false
		}
	}
	for id := range p.Pieces {
		royal := &p.Pieces[id]
		if !royal.OnBoard || !p.V.castler(royal.Type) {
			continue
		}
		_, y := p.XY(royal.Square)
		for i := 0; i < len(field); i++ {
			c := field[i]
			if side := Side(0); c >= 'a' {
				side, c = Second, c-'a'+'A'
				if side != royal.Side {
					continue
				}
			} else if royal.Side != First {
				continue
			}
			x := int(c - 'A')
			switch c {
			case 'K':
				x = p.outermost(royal, true)
			case 'Q':
				x = p.outermost(royal, false)
			}
			if x < 0 || x >= p.V.Width {
				continue
			}
			if pc := p.PieceAt(p.Sq(x, y)); p.isPartner(pc, royal.Side, y) {
				pc.Unmoved, royal.Unmoved = true, true
			}
		}
	}
	return nil
}

// partnersField writes the castling field of a variant with castle
// partners in X-FEN form (partnerRights); - for none.
func (p *Position) partnersField() string {
	first, _ := p.partnerRights(First)
	second, _ := p.partnerRights(Second)
	if field := first + second; field != "" {
		return field
	}
	return "-"
}

// partnerRights returns side s's castling letters in X-FEN form, and the
// files they name: for each unmoved royal piece, its unmoved partners on
// its rank toward the higher files, then the lower — K or Q for the
// outermost partner on that side, its file's letter for another.
func (p *Position) partnerRights(s Side) (string, []int) {
	var b strings.Builder
	var files []int
	for id := range p.Pieces {
		royal := &p.Pieces[id]
		if !royal.OnBoard || royal.Side != s || !p.V.castler(royal.Type) || !royal.Unmoved {
			continue
		}
		x0, y := p.XY(royal.Square)
		for _, up := range []bool{true, false} {
			outer := p.outermost(royal, up)
			for i := 0; i < p.V.Width; i++ {
				x := p.V.Width - 1 - i // toward the higher files: the farthest first
				if !up {
					x = i
				}
				if x == x0 || (x > x0) != up {
					continue
				}
				pc := p.PieceAt(p.Sq(x, y))
				if !p.isPartner(pc, s, y) || !pc.Unmoved {
					continue
				}
				c := byte('A' + x)
				switch {
				case x == outer && up:
					c = 'K'
				case x == outer:
					c = 'Q'
				case x >= 26:
					continue // beyond z: no letter; the field cannot say it
				}
				if s == Second {
					c += 'a' - 'A'
				}
				b.WriteByte(c)
				files = append(files, x)
			}
		}
	}
	return b.String(), files
}

// ReadHoles returns the squares that the placement field of fen (its
// first field: ranks from the top, separated by /) marks *, the wall
// squares of Fairy-Stockfish's FENs, on a board of width×height, indexed
// as Position.Sq numbers them; nil when it marks none. A variant takes its
// holes from its setup this way (Variant.Holes). It reads what it can of a
// malformed field: Parse reports the errors.
func ReadHoles(width, height int, fen string) []bool {
	fields := strings.Fields(fen)
	if len(fields) == 0 || !strings.Contains(fields[0], "*") {
		return nil
	}
	placement, _, _ := strings.Cut(fields[0], "[")
	holes := make([]bool, width*height)
	for r, rank := range strings.Split(placement, "/") {
		y := height - 1 - r
		if y < 0 {
			break
		}
		x := 0
		for i := 0; i < len(rank) && x < width; i++ {
			switch c := rank[i]; {
			case c >= '0' && c <= '9':
				j := i
				for j < len(rank) && rank[j] >= '0' && rank[j] <= '9' {
					j++
				}
				n, _ := strconv.Atoi(rank[i:j])
				x += n
				i = j - 1
			case c == '*':
				holes[y*width+x] = true
				x++
			case c == '+' || c == '~':
			default:
				x++
			}
		}
	}
	return holes
}
