package board

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// chess is a variant description like the one movegen builds for chess.alf.
var chess = &Variant{
	Width: 8, Height: 8,
	Letters:  []byte("KQRBNPG"),
	Royal:    []bool{true, false, false, false, false, false, false},
	Ghost:    6,
	Setup:    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	Castling: true,
}

var checks = func() *Variant {
	v := *chess
	v.CheckLimit = 3
	v.Setup = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
	return &v
}()

func TestCheckCounters(t *testing.T) {
	p := mustParse(t, checks, "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39 +2+0")
	assert.Equal(t, [2]int32{2, 0}, p.Checks, "the trailing form counts checks given")
	assert.Equal(t, "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39", p.FEN())
	hash := p.Hash()
	mk := p.Mark()
	p.AddCheck(First)
	assert.Equal(t, p.ComputeHash(), p.Hash())
	p.Undo(mk)
	assert.Equal(t, hash, p.Hash())
	_, err := Parse(chess, "8/8/8/8/8/8/8/8 w - - 1+3 0 1")
	assert.ErrorContains(t, err, "bad check-count field")
	for _, bad := range []string{"4294967297+0", "1+-1", "1001+0"} {
		_, err := Parse(checks, "8/8/8/8/8/8/8/8 w - - "+bad+" 0 1")
		assert.ErrorContains(t, err, "bad check-count field", bad)
	}
}

func mustParse(t *testing.T, v *Variant, fen string) *Position {
	t.Helper()
	p, err := Parse(v, fen)
	require.NoError(t, err, fen)
	return p
}

func TestFENRoundTrip(t *testing.T) {
	wide := &Variant{Width: 10, Height: 8, Letters: []byte("KRP"), Royal: []bool{true, false, false}, Ghost: -1}
	huge := &Variant{Width: 32, Height: 32, Letters: []byte("K"), Royal: []bool{true}, Ghost: -1}
	tests := []struct {
		name string
		v    *Variant
		fen  string
	}{
		{"start", chess, chess.Setup},
		{"kiwipete", chess, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{"black to move, partial castling", chess, "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 3 17"},
		{"en passant", chess, "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"},
		{"wide board", wide, "k9/10/10/10/10/10/PPPPPPPPPP/R3K4R w - - 0 1"},
		{"32x32", huge, strings.Repeat("32/", 31) + "K31 w - - 0 1"},
		{"check counters", checks, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1+3 0 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParse(t, tt.v, tt.fen)
			assert.Equal(t, tt.fen, p.FEN())
			// Parse computes the hash from scratch, so compare it with
			// the hash of the position the written FEN reads back to:
			// the same position must hash the same
			assert.Equal(t, mustParse(t, tt.v, p.FEN()).Hash(), p.Hash())
		})
	}
}

// TestPromotedMark: Fairy-Stockfish's ~ after a promoted piece is read
// and not kept; alone it is no piece.
func TestPromotedMark(t *testing.T) {
	p := mustParse(t, chess, "4k3/1Q~6/8/8/8/8/8/4K3 w - - 0 1")
	assert.Equal(t, "4k3/1Q6/8/8/8/8/8/4K3 w - - 0 1", p.FEN())
	_, err := Parse(chess, "~7/8/8/8/8/8/8/8 w")
	assert.ErrorContains(t, err, "no piece has letter '~'")
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		fen, want string
		offset    int // where FENError points
	}{
		{"", "empty FEN", 0},
		{"8/8/8/8/8/8/8 w - - 0 1", "FEN has 7 ranks for a board of 8", 0},
		{"9/8/8/8/8/8/8/8 w", "rank 8: 9 empty squares from file a go past the board's 8 files", 0},
		{"4k3/8/8/8/8/8/8/4K9223372036854775807 w - - 0 1", "rank 1: 9223372036854775807 empty squares from file f go past", 18},
		{"4k3/8/8/8/8/8/8/4K99999999999999999999999 w - - 0 1", `rank 1: bad empty-square count "99999999999999999999999"`, 18},
		{"7x/8/8/8/8/8/8/8 w", "no piece has letter 'x'", 1},
		{"08/8/8/8/8/8/8/8 w", `bad empty-square count "08"`, 0},
		{"7/8/8/8/8/8/8/8 w", "rank 8 has 7 squares for a board of 8 files", 0},
		{"8/8/8/8/8/8/8/8 x", `bad side to move "x"`, 16},
		{"8/8/8/8/8/8/8/8 w KX", `bad castling field "KX"`, 18},
		{"8/8/8/8/8/8/8/8 w - z9", "bad en-passant field", 20},
		{"8/8/8/8/8/8/8/8 w - - x", `bad halfmove clock "x"`, 22},
		{"8/8/8/8/8/8/8/8 w - - -1 1", `bad halfmove clock "-1"`, 22},
		{"8/8/8/8/8/8/8/8 w - - 2147483648 1", `bad halfmove clock "2147483648"`, 22},
		{"8/8/8/8/8/8/8/8 w - - 0 0", `bad move number "0"`, 24},
		{"8/8/8/8/8/8/8/8 w - - 0 9223372036854775807", `bad move number "9223372036854775807"`, 24},
		{"8/8/8/8/8/8/8/8 w - - 0 1 7", `extra FEN field "7"`, 26},
		{"8/8/8/8/8/8/8/8 w - - 0 1 +4294967296+0", "bad check-count field", 26},
		{"8/8/8/8/8/8/8/8 w - - 1+3 0 1", "the variant counts no checks", 22},
		{"KKKKKKKKK/8/8/8/8/8/8/8 w", "wider than the board", 8},
		{"4k3/8/8/8/8/8/3G4/4K3 w - - 0 1", "rank 2: G is a ghost, which the en-passant field places", 15},
	}
	for _, tt := range tests {
		t.Run(tt.fen, func(t *testing.T) {
			_, err := Parse(chess, tt.fen)
			require.ErrorContains(t, err, tt.want)
			var fe *FENError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, tt.offset, fe.Offset, "offset of %q", tt.want)
		})
	}
}

func TestUnmovedFromFEN(t *testing.T) {
	p := mustParse(t, chess, "r3k2r/8/8/8/8/8/1P6/R3K1NR w Qk - 0 1")
	unmoved := func(sq string) bool {
		s, err := p.ParseSquare(sq)
		require.NoError(t, err)
		return p.PieceAt(s).Unmoved
	}
	assert.True(t, unmoved("e1"), "the white king keeps its rights (Q)")
	assert.True(t, unmoved("a1"), "Q keeps the a1 rook")
	assert.False(t, unmoved("h1"), "no K: the h1 rook counts as moved")
	assert.True(t, unmoved("g1"), "a knight on its setup square is unmoved")
	assert.True(t, unmoved("b2"), "a pawn on its setup square is unmoved")
	assert.True(t, unmoved("h8"))
	assert.False(t, unmoved("a8"), "no q: the a8 rook counts as moved")
	none := mustParse(t, chess, "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1")
	e1, _ := none.ParseSquare("e1")
	assert.False(t, none.PieceAt(e1).Unmoved, "a king without castling letters counts as moved")
	assert.Equal(t, "r3k2r/8/8/8/8/8/1P6/R3K1NR w Qk - 0 1", p.FEN())
}

// placement is chess whose pieces but the pawns start in hand, with the
// king's and rooks' squares as castling homes (movegen's drops castle).
var placement = func() *Variant {
	v := *chess
	v.Hands = true
	v.Setup = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1"
	for s, rank := range []int{0, 7} {
		v.CastleHome = append(v.CastleHome, HomePiece{Type: 0, Side: Side(s), Square: Square(rank*8 + 4)},
			HomePiece{Type: 2, Side: Side(s), Square: Square(rank * 8)}, HomePiece{Type: 2, Side: Side(s), Square: Square(rank*8 + 7)})
	}
	return &v
}()

// TestCastleHome: on Variant.CastleHome's squares the castling field alone
// makes a king and its rooks unmoved, where the setup has none, and FEN
// writes the letters back.
func TestCastleHome(t *testing.T) {
	for _, c := range []struct {
		fen     string
		unmoved []string
		want    string // the FEN written, when not fen
	}{
		{"r3k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kr] w q - 0 1", []string{"e8", "a8"}, ""},
		{"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w KQkq - 0 1", []string{"e1", "a1", "h1", "e8", "a8", "h8"}, ""},
		{"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w Kq - 0 1", []string{"e1", "h1", "e8", "a8"}, ""},
		{"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w - - 0 1", nil, ""},
		{"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w", []string{"e1", "a1", "h1", "e8", "a8", "h8"},
			"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w KQkq - 0 1"},
		{"r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[r] b KQq - 0 1", []string{"e1", "a1", "h1", "e8", "a8"}, ""},
		{"r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w KQkq - 0 1", []string{"e1", "a1", "h1"},
			"r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w KQ - 0 1"},
	} {
		p := mustParse(t, placement, c.fen)
		for _, sq := range []string{"e1", "a1", "h1", "e8", "a8", "h8"} {
			s, err := p.ParseSquare(sq)
			require.NoError(t, err)
			if pc := p.PieceAt(s); pc != nil {
				assert.Equal(t, slices.Contains(c.unmoved, sq), pc.Unmoved, "%s: %s", c.fen, sq)
			}
		}
		want := c.want
		if want == "" {
			want = c.fen
		}
		assert.Equal(t, want, p.FEN())
	}
}

func TestEnPassantGhost(t *testing.T) {
	p := mustParse(t, chess, "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3")
	d6, _ := p.ParseSquare("d6")
	g := p.PieceAt(d6)
	require.NotNil(t, g)
	assert.Equal(t, int16(6), g.Type)
	assert.Equal(t, Second, g.Side, "the ghost belongs to the side that just moved")
	assert.Equal(t, int32(0), g.Created)
}

func TestUndoRestoresEverything(t *testing.T) {
	p := mustParse(t, chess, chess.Setup)
	fen, hash := p.FEN(), p.Hash()
	e2, _ := p.ParseSquare("e2")
	e4, _ := p.ParseSquare("e4")
	d7, _ := p.ParseSquare("d7")
	mk := p.Mark()
	p.MoveTo(p.At(e2), e4)
	p.Capture(p.At(d7))
	p.SetType(p.At(e4), 1)
	id := p.NewPiece(5, Second, true)
	p.Place(id, d7)
	p.SetPieceMem(id, 3, 9)
	p.SetTileMem(e2, 1, 4)
	p.SetGlobal(0, -2)
	p.SetResult(Draw)
	p.EndPly()
	assert.Equal(t, p.ComputeHash(), p.Hash(), "the hash follows every change")
	assert.NotEqual(t, hash, p.Hash())
	p.Undo(mk)
	assert.Equal(t, fen, p.FEN())
	assert.Equal(t, hash, p.Hash())
	assert.Equal(t, p.ComputeHash(), p.Hash())
	assert.Len(t, p.Pieces, 32)
	assert.Empty(t, p.Captured)
	assert.Equal(t, int64(0), p.Global.Get(0))
	assert.Equal(t, int64(0), p.Tile(e2).Get(1))
	assert.Equal(t, Ongoing, p.Result)
}

func TestClone(t *testing.T) {
	p := mustParse(t, chess, chess.Setup)
	c := p.Clone()
	e2, _ := p.ParseSquare("e2")
	e4, _ := p.ParseSquare("e4")
	c.MoveTo(c.At(e2), e4)
	c.SetGlobal(1, 5)
	assert.Equal(t, chess.Setup, p.FEN(), "changing a clone leaves the original alone")
	assert.Equal(t, int64(0), p.Global.Get(1))
}

func TestSquares(t *testing.T) {
	p := mustParse(t, &Variant{Width: 12, Height: 12, Letters: []byte("K"), Royal: []bool{true}, Ghost: -1}, "12/12/12/12/12/12/12/12/12/12/12/K11 w")
	sq, err := p.ParseSquare("l12")
	require.NoError(t, err)
	assert.Equal(t, Square(143), sq)
	assert.Equal(t, "l12", p.SquareName(sq))
	for _, bad := range []string{"", "a", "m1", "a13", "a0", "a1x", "1a", "aa1", "a01", "a+1", "a 1"} {
		_, err := p.ParseSquare(bad)
		assert.Error(t, err, bad)
	}
	assert.Equal(t, NoSquare, p.Sq(-1, 0))
}

// TestWideFiles checks the two-letter names of files past z: every square
// of a 32-file board names itself, reads back, and an en-passant field
// with such squares round-trips through FEN.
func TestWideFiles(t *testing.T) {
	v := &Variant{Width: 32, Height: 4, Letters: []byte("KG"), Royal: []bool{true, false}, Ghost: 1, Ghosts: []bool{false, true}}
	p := mustParse(t, v, "32/32/32/K31 w - - 0 1")
	names := map[string]bool{}
	for sq := Square(0); int(sq) < p.Squares(); sq++ {
		name := p.SquareName(sq)
		require.False(t, names[name], "%s named twice", name)
		names[name] = true
		back, err := p.ParseSquare(name)
		require.NoError(t, err, name)
		require.Equal(t, sq, back, name)
	}
	assert.Equal(t, "z1", p.SquareName(25))
	assert.Equal(t, "aa1", p.SquareName(26))
	assert.Equal(t, "af4", p.SquareName(127))
	_, err := p.ParseSquare("ag1")
	assert.Error(t, err, "the 33rd file does not exist")
	q := mustParse(t, v, "32/32/32/K31 b - ab3e3 0 1")
	assert.Equal(t, "32/32/32/K31 b - e3ab3 0 1", q.FEN(), "ghosts are listed in square order")
	assert.Equal(t, q.FEN(), mustParse(t, v, q.FEN()).FEN())
	assert.Contains(t, q.Draw(), " z aa ab ac ad ae af")
}

// TestCastlingOnlyWhereTheVariantCastles: a variant without castling reads
// the castling field without acting on it and writes -, so its FEN
// round-trips and the unmoved flags come from the setup alone.
func TestCastlingOnlyWhereTheVariantCastles(t *testing.T) {
	v := *chess
	v.Castling = false
	p := mustParse(t, &v, v.Setup)
	assert.Equal(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", p.FEN())
	q := mustParse(t, &v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1")
	assert.Equal(t, p.Hash(), q.Hash(), "the castling field changes nothing")
	e1, _ := q.ParseSquare("e1")
	assert.True(t, q.PieceAt(e1).Unmoved, "a king on its setup square is unmoved")
}

// TestRoyalCounts follows the royal pieces of each side through captures,
// promotions into and out of a royal type, and undo.
func TestRoyalCounts(t *testing.T) {
	p := mustParse(t, chess, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	assert.Equal(t, 1, p.Royals(First))
	assert.Equal(t, 1, p.Royals(Second))
	mk := p.Mark()
	e2, _ := p.ParseSquare("e2")
	e8, _ := p.ParseSquare("e8")
	p.SetType(p.At(e2), 0) // the pawn becomes a king
	assert.Equal(t, 2, p.Royals(First))
	p.Capture(p.At(e8))
	assert.Equal(t, 0, p.Royals(Second))
	p.SetType(p.At(e2), 5)
	assert.Equal(t, 1, p.Royals(First))
	p.Undo(mk)
	assert.Equal(t, [2]int{1, 1}, [2]int{p.Royals(First), p.Royals(Second)})
}

// TestMarkedCount follows the pieces of a marked type (Variant.Marked)
// through a FEN, placement, promotion, capture and undo.
func TestMarkedCount(t *testing.T) {
	v := &Variant{Width: 8, Height: 8, Letters: []byte("KPG"), Royal: []bool{true, false, false},
		Ghost: 2, Ghosts: []bool{false, false, true}, Marked: []bool{false, false, true}}
	p, err := Parse(v, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1")
	require.NoError(t, err)
	assert.Equal(t, 1, p.Marked(), "the ghost the en-passant field made")
	mk := p.Mark()
	e4, _ := p.ParseSquare("e4")
	e3, _ := p.ParseSquare("e3")
	p.SetType(p.At(e4), 2)
	assert.Equal(t, 2, p.Marked())
	p.Capture(p.At(e3))
	assert.Equal(t, 1, p.Marked())
	d5, _ := p.ParseSquare("d5")
	p.Place(p.NewPiece(2, First, false), d5)
	assert.Equal(t, 2, p.Marked())
	p.Undo(mk)
	assert.Equal(t, 1, p.Marked())
	assert.Equal(t, 1, p.Clone().Marked())
}

func TestDraw(t *testing.T) {
	p := mustParse(t, chess, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
	want := ` 8  . . . . k . . .
 7  . . . . . . . .
 6  . . . . . . . .
 5  . . . . . . . .
 4  . . . . . . . .
 3  . . . . . . . .
 2  . . . . P . . .
 1  . . . . K . . .
    a b c d e f g h`
	assert.Equal(t, want, p.Draw())
}

// TestOccupied checks the occupancy bitboards through moves, ghosts,
// promotion and undo: always what the squares say.
func TestOccupied(t *testing.T) {
	v := &Variant{Width: 8, Height: 8, Letters: []byte("KPG"), Royal: []bool{true, false, false}, Ghost: 2, Ghosts: []bool{false, false, true}}
	p, err := Parse(v, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1")
	require.NoError(t, err)
	want := func() [2]uint64 {
		var occ [2]uint64
		for sq := Square(0); sq < 64; sq++ {
			if pc := p.PieceAt(sq); pc != nil && pc.Type != 2 {
				occ[pc.Side] |= 1 << sq
			}
		}
		return occ
	}
	require.Equal(t, want(), p.Occupied)
	require.Equal(t, uint64(1<<4|1<<28), p.Occupied[First], "the ghost on e3 is not a piece")
	start := p.Mark()
	pawn := p.At(28)
	p.MoveTo(pawn, 36)
	p.SetType(pawn, 2) // becomes a ghost: leaves the occupancy
	require.Equal(t, want(), p.Occupied)
	p.Capture(p.At(60))
	require.Equal(t, want(), p.Occupied)
	p.Undo(start)
	require.Equal(t, want(), p.Occupied)
	require.Equal(t, uint64(1<<4|1<<28), p.Occupied[First])
}

// TestWideOccupied checks the two-word occupancy of a board of more than
// 64 squares (10x10) through moves across the word boundary, a capture,
// a ghost and undo: always what the squares say.
func TestWideOccupied(t *testing.T) {
	v := &Variant{Width: 10, Height: 10, Letters: []byte("KPG"), Royal: []bool{true, false, false}, Ghost: 2, Ghosts: []bool{false, false, true}}
	p, err := Parse(v, "4k5/10/10/10/10/10/10/10/4P5/4K5 w - - 0 1")
	require.NoError(t, err)
	want := func() [2][2]uint64 {
		var occ [2][2]uint64
		for sq := Square(0); int(sq) < p.Squares(); sq++ {
			if pc := p.PieceAt(sq); pc != nil && pc.Type != 2 {
				occ[pc.Side][sq/64] |= 1 << (sq % 64)
			}
		}
		return occ
	}
	require.Equal(t, want(), p.Wide)
	start := p.Mark()
	pawn := p.At(14)
	p.MoveTo(pawn, 74) // into the second word
	p.Place(p.NewPiece(2, First, false), 64)
	require.Equal(t, want(), p.Wide)
	p.Capture(p.At(94))
	require.Equal(t, want(), p.Wide)
	assert.Zero(t, p.Wide[Second][1], "the black king was the only black piece")
	p.Undo(start)
	require.Equal(t, want(), p.Wide)
	assert.Equal(t, [2]uint64{}, p.Occupied, "Occupied is kept only up to 64 squares")
}

var house = func() *Variant {
	v := *chess
	v.Hands, v.Demotes = true, true
	v.Setup = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
	v.PromotedFrom = []int{-1, 5, 5, 5, 5, -1, -1} // Q~ R~ B~ N~ were pawns
	return &v
}()

// TestHands: holdings in brackets are read, written (the first side's
// pieces, then the second's, in type order), hashed and taken back.
func TestHands(t *testing.T) {
	p := mustParse(t, house, "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[pQP] w KQkq - 0 3")
	assert.Equal(t, "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[QPp] w KQkq - 0 3", p.FEN())
	pawn := bytes.IndexByte(house.Letters, 'P')
	assert.Equal(t, 1, p.InHand(First, pawn))
	assert.Equal(t, 1, p.InHand(Second, pawn))
	assert.Equal(t, p.ComputeHash(), p.Hash())

	hash, mk := p.Hash(), p.Mark()
	p.AddToHand(Second, pawn, 2)
	assert.Equal(t, 3, p.InHand(Second, pawn))
	assert.NotEqual(t, hash, p.Hash(), "the hand is part of the position")
	assert.Equal(t, p.ComputeHash(), p.Hash())
	assert.Contains(t, p.FEN(), "[QPppp]")
	p.Undo(mk)
	assert.Equal(t, hash, p.Hash())
	assert.Equal(t, 1, p.InHand(Second, pawn))

	// a promoted piece: marked ~, hashed apart, and a pawn once captured
	promoted := mustParse(t, house, "4k3/1Q~6/8/8/8/8/8/4K3[] w - - 0 1")
	assert.Equal(t, "4k3/1Q~6/8/8/8/8/8/4K3[] w - - 0 1", promoted.FEN())
	assert.NotEqual(t, mustParse(t, house, "4k3/1Q6/8/8/8/8/8/4K3[] w - - 0 1").Hash(), promoted.Hash())
	queen := promoted.PieceAt(promoted.Sq(1, 6))
	assert.Equal(t, pawn, queen.BaseType())
	king := promoted.PieceAt(promoted.Sq(4, 0))
	mk = promoted.Mark()
	promoted.SetType(promoted.At(promoted.Sq(4, 0)), 1) // not a move: just a promotion to watch
	assert.Equal(t, 0, king.BaseType(), "promoted once: its origin is kept")
	assert.Equal(t, promoted.ComputeHash(), promoted.Hash())
	promoted.Undo(mk)
	assert.Equal(t, int16(0), king.Origin)

	slash := mustParse(t, house, "2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1")
	assert.Equal(t, "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", slash.FEN(), "holdings as a ninth rank")

	empty := mustParse(t, house, "8/8/8/8/8/8/8/8[-] w - - 0 1")
	assert.Equal(t, "8/8/8/8/8/8/8/8[] w - - 0 1", empty.FEN())
	assert.Equal(t, empty.Hash(), mustParse(t, house, "8/8/8/8/8/8/8/8 w - - 0 1").Hash(), "no brackets: empty hands")
	assert.Equal(t, p.Clone().FEN(), p.FEN())
	for _, fen := range []string{"8/8/8/8/8/8/8/8[] w - - 0 1", "8/8/8/8/8/8/8/8[-] w - - 0 1"} {
		bare := mustParse(t, chess, fen)
		assert.Equal(t, "8/8/8/8/8/8/8/8 w - - 0 1", bare.FEN(), "empty brackets say nothing in a variant without hands")
	}
	// Fairy-Stockfish's shogi FENs leave out castling and en passant
	short := mustParse(t, house, "8/8/8/8/8/8/8/8[Qn] b 7 12")
	assert.Equal(t, "8/8/8/8/8/8/8/8[Qn] b - - 7 12", short.FEN())

	for _, c := range []struct {
		v         *Variant
		fen, want string
	}{
		{chess, "8/8/8/8/8/8/8/8[P] w - - 0 1", "holdings in brackets, in a variant without hands"},
		{house, "8/8/8/8/8/8/8/8[P w - - 0 1", "holdings must close the board field"},
		{house, "8/8/8/8/8/8/8/8[Px] w - - 0 1", "holdings: no piece has letter 'x'"},
	} {
		_, err := Parse(c.v, c.fen)
		assert.ErrorContains(t, err, c.want, c.fen)
	}
}

// seirawan, shouse and seirawan960 are variant descriptions like the ones
// movegen builds for the gating variants: chess with the elephant and the
// hawk (declared after the king, so that hands write EH as
// Fairy-Stockfish does), gates, and in seirawan960 castle partners.
var seirawan = &Variant{
	Width: 8, Height: 8,
	Letters:       []byte("KEHQRBNPG"),
	Royal:         []bool{true, false, false, false, false, false, false, false, false},
	Ghost:         8,
	Setup:         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1",
	Castling:      true,
	Hands:         true,
	Gates:         true,
	GatesNeedHand: true,
}

var shouse = func() *Variant {
	v := *seirawan
	v.GatesNeedHand = false
	return &v
}()

var seirawan960 = func() *Variant {
	v := *seirawan
	v.CastlePartners = []bool{false, false, false, false, true, false, false, false, false}
	return &v
}()

// TestGatesField: a variant with gates reads the unmoved state of every
// first-rank piece from the castling field, in the forms of
// Fairy-Stockfish's builds, and writes it as its current build does.
func TestGatesField(t *testing.T) {
	unmoved := func(p *Position, squares string) string {
		var out []string
		for _, sq := range strings.Fields(squares) {
			s, err := p.ParseSquare(sq)
			require.NoError(t, err)
			if pc := p.PieceAt(s); pc != nil && pc.Unmoved {
				out = append(out, sq)
			}
		}
		return strings.Join(out, " ")
	}
	ranks := "a1 b1 c1 d1 e1 f1 g1 h1 a8 b8 c8 d8 e8 f8 g8 h8"
	start := mustParse(t, seirawan, seirawan.Setup)
	assert.Equal(t, ranks, unmoved(start, ranks))
	assert.Equal(t, seirawan.Setup, start.FEN())
	old := mustParse(t, seirawan, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQABCDEFGHkqabcdefgh - 0 1")
	assert.Equal(t, seirawan.Setup, old.FEN(), "11.1's form: every gate written")
	assert.Equal(t, start.Hash(), old.Hash())
	shredder := mustParse(t, seirawan, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w ABCDEFGHabcdefgh - 0 1")
	assert.Equal(t, seirawan.Setup, shredder.FEN(), "file letters only: a king and rooks named castle")

	// Fairy-Stockfish's published position: White's hand is empty, so
	// White writes no gates; Black's c8 bishop is a gate, its elephant
	// on b8 is not
	published := "reb1k2r/ppppqppp/2nb1n2/4p3/4P3/N1P2N2/PB1PQPPP/RE2KBHR[h] b KQkqc - 3 7"
	p := mustParse(t, seirawan, published)
	assert.Equal(t, "a1 e1 h1 a8 c8 e8 h8", unmoved(p, ranks))
	assert.Equal(t, published, p.FEN())
	assert.Equal(t, published, mustParse(t, seirawan, "reb1k2r/ppppqppp/2nb1n2/4p3/4P3/N1P2N2/PB1PQPPP/RE2KBHR[h] b KQkqaceh - 3 7").FEN(), "11.1's form")

	for _, c := range []struct {
		name    string
		v       *Variant
		fen     string
		unmoved string
		field   string
	}{
		{"an empty hand: a file letter is a Shredder castling right", seirawan, "r3k2r/8/8/8/8/8/8/R3K2R[] w A - 0 1", "a1 e1", "Q"},
		{"a hand: a file letter is a gate only", seirawan, "r3k2r/8/8/8/8/8/8/R3K2R[H] w A - 0 1", "a1", "A"},
		{"shouse: always a gate only", shouse, "r3k2r/8/8/8/8/8/8/R3K2R[] w A - 0 1", "a1", "A"},
		{"the king's gate and a rook's castle", seirawan, "r3k2r/8/8/8/8/8/8/R3K2R[H] w EH - 0 1", "e1 h1", "K"},
		{"an empty hand writes no gates", seirawan, "r3k2r/8/8/8/8/8/8/RN2K2R[h] w KQB - 0 1", "a1 b1 e1 h1", "KQ"},
		{"shouse writes them", shouse, "r3k2r/8/8/8/8/8/8/RN2K2R[h] w KQB - 0 1", "a1 b1 e1 h1", "KQB"},
		{"a letter on an empty square names nothing", seirawan, "r3k2r/8/8/8/8/8/8/R3K2R[H] w BCk - 0 1", "e8 h8", "k"},
		{"960: rights as X-FEN, the king's gate written", seirawan960, "qbbrnkrn/pppppppp/8/8/8/8/PPPPPPPP/QBBRNKRN[HEhe] w ABCDEFGHabcdefgh - 0 1", ranks, "KQABCEFHkqabcefh"},
		{"960: Fairy-Stockfish's form", seirawan960, "qbbrnkrn/pppppppp/8/8/8/8/PPPPPPPP/QBBRNKRN[HEhe] w GDABCEFHgdabcefh - 0 1", ranks, "KQABCEFHkqabcefh"},
		{"960: a rook's gate without the king's", seirawan960, "qbbrnkrn/pppppppp/8/8/8/8/PPPPPPPP/QBBRNKRN[HEhe] w D - 0 1", "d1", "D"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.v, c.fen)
			assert.Equal(t, c.unmoved, unmoved(p, ranks))
			assert.Equal(t, c.field, strings.Fields(p.FEN())[2])
			again := mustParse(t, c.v, p.FEN())
			assert.Equal(t, p.FEN(), again.FEN())
		})
	}
	_, err := Parse(seirawan, "r3k2r/8/8/8/8/8/8/R3K2R[H] w KQZ - 0 1")
	assert.ErrorContains(t, err, `bad castling field "KQZ" (- or KQkq, or the files of the castling pieces and gates as A to H and a to h)`)
}
