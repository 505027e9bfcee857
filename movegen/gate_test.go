package movegen

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/tier"
)

// gateModes are the ways the gating tests run a board: interpreted in
// each mode, and on the bitboard tier.
var gateModes = []string{"incremental", "full", "tier"}

// gateBoard returns a board of prog at fen run the way mode names (one
// of gateModes); on the tier, it checks that the tier position names
// each legal move as the board's Notation does.
func gateBoard(t *testing.T, prog *Program, fen, mode string) *Board {
	t.Helper()
	if mode == "tier" {
		b := tierBoard(t, prog, fen)
		tp, err := b.TierPosition()
		require.NoError(t, err)
		var list MoveList
		var tl tier.MoveList
		b.Legal(&list)
		tp.Legal(&tl)
		var names []string
		for _, m := range tl.Moves {
			names = append(names, tp.MoveString(m))
		}
		require.ElementsMatch(t, b.Notation(list.Moves), names, "the tier's names at %s", b.FEN())
		return b
	}
	b := mustBoard(t, prog, fen)
	if mode == "full" {
		b.SetMode(Full)
	}
	return b
}

// TestSeirawanGates: a first-rank piece leaving its square for the first
// time may bring in a hawk or an elephant there (b1c3h); castling gates
// on the king's square or the rook's (e1g1h, h1e1h); the gated piece
// enters as moved and leaves the hand, and the FEN's gates follow (the
// FENs are Fairy-Stockfish's, its current build's); Unmake restores
// everything. In both of the interpreter's modes and on the tier.
func TestSeirawanGates(t *testing.T) {
	prog := loadVariant(t, "seirawan")
	_, why := prog.Tier()
	require.NoError(t, why, "seirawan lowers to the tier")
	for _, mode := range gateModes {
		t.Run(mode, func(t *testing.T) {
			b := gateBoard(t, prog, "", mode)
			var list MoveList
			b.Legal(&list)
			names := b.Notation(list.Moves)
			assert.Len(t, names, 28)
			for _, n := range []string{"b1c3", "b1c3h", "b1c3e", "g1f3e", "e2e4"} {
				assert.Contains(t, names, n)
			}
			assert.NotContains(t, names, "e2e4h", "a pawn leaves no gate")
			hash, mk := b.Hash(), b.Mark()
			play(t, b, "b1c3h", "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[Eeh] b KQCDFGkqbcdfg - 1 1")
			assert.False(t, b.pos.PieceAt(1).Unmoved, "the hawk enters as moved")
			play(t, b, "g8f6e", "rnbqkber/pppppppp/5n2/8/8/2N5/PPPPPPPP/RHBQKBNR[Eh] w KQCDFGkqbcdf - 2 2")
			require.NoError(t, b.Unmake(mk))
			assert.Equal(t, hash, b.Hash())
			assert.Equal(t, prog.setup, b.FEN())

			// castling gated on either square; the hand empties, and so do
			// White's gates (a king's move loses them all)
			b = gateBoard(t, prog, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[H] w KQkq - 0 1", mode)
			b.Legal(&list)
			names = b.Notation(list.Moves)
			for _, n := range []string{"e1g1", "e1g1h", "h1e1h", "e1c1h", "a1e1h", "a1b1h", "e1d1h"} {
				assert.Contains(t, names, n)
			}
			sans := b.SAN(list.Moves)
			for _, n := range []string{"O-O", "O-O/He1", "O-O/Hh1", "O-O-O/Ha1", "Rb1/H", "Kd1/H"} {
				assert.Contains(t, sans, n)
			}
			mk = b.Mark()
			play(t, b, "h1e1h", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKH[] b kq - 1 1")
			require.NoError(t, b.Unmake(mk))
			play(t, b, "e1c1h", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/2KRH2R[] b kq - 1 1")
			require.NoError(t, b.Unmake(mk))
			m, err := b.ParseSAN("O-O/Hh1")
			require.NoError(t, err)
			assert.Equal(t, "h1e1h", b.MoveString(m))
		})
	}
}

// TestGateLegality: a gated move is legal when the move is, as
// Fairy-Stockfish judges it, with the gate square empty: the knight
// pinned on d1 gates nothing, though a hawk on d1 would shield the king,
// and the king may not step to f1 gating on e1, though the hawk would
// block the rook.
func TestGateLegality(t *testing.T) {
	prog := loadVariant(t, "seirawan")
	for _, c := range []struct {
		fen  string
		want []string
	}{
		{"4k3/8/8/8/8/8/8/r2NK3[Hh] w D - 0 1", []string{"e1d2", "e1e2", "e1f1", "e1f2"}},
		{"4k3/8/8/8/8/8/8/r3K3[Hh] w E - 0 1", []string{"e1d2", "e1d2h", "e1e2", "e1e2h", "e1f2", "e1f2h"}},
	} {
		for _, mode := range gateModes {
			b := gateBoard(t, prog, c.fen, mode)
			var list MoveList
			b.Legal(&list)
			got := b.Notation(list.Moves)
			slices.Sort(got)
			assert.Equal(t, c.want, got, "%s (%s)", c.fen, mode)
			assert.Equal(t, uint64(len(c.want)), b.Perft(1), "%s (%s)", c.fen, mode)
		}
	}
}

// TestChess960Gates: in seirawan960 castling is Chess960's, named
// king-takes-rook; a castling gates on the king's square (f1g1h) or the
// rook's (g1f1h, rook square first) but on no square the king or the
// rook ends on.
func TestChess960Gates(t *testing.T) {
	prog := loadVariant(t, "seirawan960")
	for _, c := range []struct {
		fen      string
		has, not []string
	}{
		// king b1, rook a1: O-O-O ends on c1 and d1, both squares left
		{"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R[HEhe] w ABCDEFGHabcdefgh - 0 1", []string{"b1a1", "b1a1h", "a1b1e", "b1h1", "b1h1h", "h1b1h"}, nil},
		// king f1, rook g1: O-O ends with the king on g1, the rook on f1
		{"1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1[HEhe] w ABCDEFGHabcdefgh - 0 1", []string{"f1g1", "f1b1", "f1b1h", "b1f1h"}, []string{"f1g1h", "g1f1h", "f1g1e", "g1f1e"}},
		// king g1, rook h1: the king stays, so only the rook's square gates
		{"r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR[HEhe] w ABCDEFGHabcdefgh - 0 1", []string{"g1h1", "h1g1h"}, []string{"g1h1h"}},
	} {
		for _, mode := range gateModes {
			b := gateBoard(t, prog, c.fen, mode)
			var list MoveList
			b.Legal(&list)
			names := b.Notation(list.Moves)
			for _, n := range c.has {
				assert.Contains(t, names, n, "%s (%s)", c.fen, mode)
			}
			for _, n := range c.not {
				assert.NotContains(t, names, n, "%s (%s)", c.fen, mode)
			}
		}
	}
	for _, mode := range gateModes {
		b := gateBoard(t, prog, "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R[HEhe] w ABCDEFGHabcdefgh - 0 1", mode)
		play(t, b, "a1b1e", "rk5r/pppppppp/8/8/8/8/PPPPPPPP/E1KR3R[Heh] b Hkqb - 1 1")
	}
}

// TestShouseGates: S-house's pieces in hand drop or gate, all but the
// pawn, which may not stand on the first rank; a capture refills the
// hand, and the gates stay written while it is empty.
func TestShouseGates(t *testing.T) {
	prog := loadVariant(t, "shouse")
	for _, mode := range gateModes {
		b := gateBoard(t, prog, "4k3/8/8/8/8/8/8/1N2K2R[PN] w KB - 0 1", mode)
		var list MoveList
		b.Legal(&list)
		names := b.Notation(list.Moves)
		assert.Contains(t, names, "b1c3n", mode)
		assert.NotContains(t, names, "b1c3p", mode)
		assert.Contains(t, names, "e1g1n", mode)
		assert.Contains(t, names, "h1e1n", mode)
		// with an empty hand a capture gates nothing, and refills the
		// hand: then the king's and the knight's moves gate the rook
		b = gateBoard(t, prog, "4k3/8/8/8/8/8/3r4/1N2K3[] w B - 0 1", mode)
		b.Legal(&list)
		assert.NotContains(t, b.Notation(list.Moves), "b1d2r", "%s: nothing in hand", mode)
		play(t, b, "b1d2", "4k3/8/8/8/8/8/3N4/4K3[R] b - - 0 1")
		b = gateBoard(t, prog, "4k3/8/8/8/8/8/7r/1N2K3[R] w EB - 0 1", mode)
		b.Legal(&list)
		assert.Contains(t, b.Notation(list.Moves), "e1f1r", mode)
		assert.Contains(t, b.Notation(list.Moves), "b1d2r", mode)
		b = gateBoard(t, prog, "4k3/8/8/8/8/8/8/1N2K2R[] w KB - 0 1", mode)
		assert.Equal(t, "4k3/8/8/8/8/8/8/1N2K2R[] w KB - 0 1", b.FEN(), "an empty hand: the gates are written still")
	}
}

// TestGatesIdentity: once Seirawan chess's hand is empty no gate can be
// used, so a knight that never left b1 and one that went back are the
// same for a repetition (Fairy-Stockfish clears the gates), though not
// while the hand holds a piece; S-house's captures refill its hand, so
// its gates count always.
func TestGatesIdentity(t *testing.T) {
	for _, c := range []struct {
		variant, home, back string
		same                bool
	}{
		{"seirawan", "4k3/8/8/8/8/8/8/1N2K3[] w B - 0 1", "4k3/8/8/8/8/8/8/1N2K3[] w - - 0 1", true},
		{"seirawan", "4k3/8/8/8/8/8/8/1N2K3[H] w B - 0 1", "4k3/8/8/8/8/8/8/1N2K3[H] w - - 0 1", false},
		{"shouse", "4k3/8/8/8/8/8/8/1N2K3[] w B - 0 1", "4k3/8/8/8/8/8/8/1N2K3[] w - - 0 1", false},
	} {
		prog := loadVariant(t, c.variant)
		for _, mode := range gateModes {
			home, back := gateBoard(t, prog, c.home, mode), gateBoard(t, prog, c.back, mode)
			assert.NotEqual(t, home.Hash(), back.Hash(), "%s: the search's key tells them apart", c.variant)
			assert.Equal(t, c.same, home.IdentityHash() == back.IdentityHash(), "%s %s (%s)", c.variant, c.home, mode)
		}
	}
	// and a pawn's flag, which no gate reads, does not count
	prog := loadVariant(t, "shouse")
	dropped := mustBoard(t, prog, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1")
	play(t, dropped, "P@e2", "4k3/8/8/8/8/8/4P3/4K3[] b - - 0 1")
	assert.False(t, dropped.pos.PieceAt(12).Unmoved)
	home := mustBoard(t, prog, "4k3/8/8/8/8/8/4P3/4K3[] b - - 0 1")
	assert.True(t, home.pos.PieceAt(12).Unmoved)
	assert.Equal(t, home.IdentityHash(), dropped.IdentityHash(), "a dropped pawn on its second rank is a pawn that never moved")
}
