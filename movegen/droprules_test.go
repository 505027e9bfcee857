package movegen

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The drops declarations and the conditions and action placement and
// sittuyin brought (docs/language.md § Hands and drops, § Conditions,
// § Actions): drops forced, drops bicolor, drops castle, count,
// harmless and nocheck, each on a small variant made for it, with the
// case that would fail without it.

// forcedDrops: a king and a rook that drop on the first rank of a 4x4
// board; %s is where drops forced goes.
const forcedDrops = `board 4x4
def estandar: {enemy capt mov,empty mov}
piece king K royal
    drop: empty pos x 0
    {w,a,s,d,wa,wd,as,sd} estandar
piece rook R
    drop: empty pos x 0
    slide {w,a,s,d} empty mov then enemy capt mov
%s
`

// TestDropsForced: while a drop is legal only drops are (Fairy-Stockfish's
// mustDrop); with no legal drop — in check, no drop blocking it — the
// pieces move; with an empty hand too.
func TestDropsForced(t *testing.T) {
	tests := []struct {
		name, fen string
		forced    string // the legal moves with drops forced
		free      string // and without
	}{
		{"a piece in hand: only drops", "3k/4/4/K3[R] w - - 0 1",
			"R@b1 R@c1 R@d1", "R@b1 R@c1 R@d1 a1a2 a1b1 a1b2"},
		{"in check, a drop blocks: only the blocks", "3k/4/4/K2r[R] w - - 0 1",
			"R@b1 R@c1", "R@b1 R@c1 a1a2 a1b2"},
		{"in check, no drop blocks: the king moves", "r2k/4/4/K3[R] w - - 0 1",
			"a1b1 a1b2", "a1b1 a1b2"},
		{"an empty hand: the pieces move", "3k/4/4/K3[r] w - - 0 1",
			"a1a2 a1b1 a1b2", "a1a2 a1b1 a1b2"},
		{"black drops too", "3k/4/4/K3[r] b - - 0 1",
			"R@a4 R@b4 R@c4", "R@a4 R@b4 R@c4 d4c3 d4c4 d4d3"},
	}
	forced := mustLoad(t, "forced.alf", strings.Replace(forcedDrops, "%s", "drops forced", 1))
	free := mustLoad(t, "free.alf", strings.Replace(forcedDrops, "%s", "", 1))
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bothModes(t, forced, tt.fen, func(t *testing.T, b *Board) {
				assert.Equal(t, strings.Fields(tt.forced), legalNames(t, b))
			})
			assert.Equal(t, strings.Fields(tt.free), legalNames(t, mustBoard(t, free, tt.fen)))
		})
	}
	t.Run("a capture is no legal capture while a drop is", func(t *testing.T) {
		bothModes(t, forced, "3k/4/1r2/KR2[R] w - - 0 1", func(t *testing.T, b *Board) {
			var list MoveList
			assert.True(t, b.LegalCaptures(&list))
			assert.Zero(t, list.Len(), "b1b2 captures, but R@c1 or R@d1 comes first")
		})
		bothModes(t, forced, "3k/4/1r2/KR2[r] w - - 0 1", func(t *testing.T, b *Board) {
			var list MoveList
			assert.True(t, b.LegalCaptures(&list))
			names := b.Notation(list.Moves)
			slices.Sort(names)
			assert.Equal(t, []string{"a1b2", "b1b2"}, names)
		})
	})
	_, why := forced.Tier()
	assert.NoError(t, why, "drops forced lowers to the tier")
}

// bicolorDrops: bishops, a knight and a king dropped on the first rank of
// a 4x4 board; a1 and c1 are one colour, b1 and d1 the other.
const bicolorDrops = `board 4x4
def estandar: {enemy capt mov,empty mov}
piece king K
    drop: empty pos x 0
    {w,a,s,d} estandar
piece bishop B
    drop: empty pos x 0
    slide {wa,wd,as,sd} empty mov then enemy capt mov
piece knight N
    drop: empty pos x 0
    {wwa,wwd,aaw,aas,ssa,ssd,ddw,dds} estandar
%s
`

// TestDropsBicolor: a bishop is not dropped on the colour of the side's
// other bishop, and another piece not where it would leave a colour
// without the square a bishop still needs — Fairy-Stockfish's
// arithmetic, counting bishops on the board and in hand.
func TestDropsBicolor(t *testing.T) {
	tests := []struct {
		name, fen      string
		bicolor, plain string // the drops of white's with drops bicolor bishop, and without
	}{
		{"two bishops in hand: the knight keeps a square of each colour", "4/4/4/K3[BBN] w - - 0 1",
			"B@b1 B@c1 B@d1 N@b1 N@d1", "B@b1 B@c1 B@d1 N@b1 N@c1 N@d1"},
		{"a bishop on one colour: the other goes on the other", "4/4/4/KB2[BN] w - - 0 1",
			"B@c1 N@d1", "B@c1 B@d1 N@c1 N@d1"},
		{"a bishop on the board counts, none in hand", "4/4/4/KB2[N] w - - 0 1",
			"N@c1 N@d1", "N@c1 N@d1"},
		{"two bishops on one colour, none in hand: a square of the other is kept", "4/4/2B1/KB2[N] w - - 0 1",
			"N@d1", "N@c1 N@d1"},
		{"one bishop in hand: anywhere", "4/4/4/K3[BN] w - - 0 1",
			"B@b1 B@c1 B@d1 N@b1 N@c1 N@d1", "B@b1 B@c1 B@d1 N@b1 N@c1 N@d1"},
	}
	bicolor := mustLoad(t, "bicolor.alf", strings.Replace(bicolorDrops, "%s", "drops bicolor bishop", 1))
	plain := mustLoad(t, "plain.alf", strings.Replace(bicolorDrops, "%s", "", 1))
	drops := func(t *testing.T, b *Board) []string {
		return slices.DeleteFunc(legalNames(t, b), func(s string) bool { return !strings.Contains(s, "@") })
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bothModes(t, bicolor, tt.fen, func(t *testing.T, b *Board) {
				assert.Equal(t, strings.Fields(tt.bicolor), drops(t, b))
			})
			assert.Equal(t, strings.Fields(tt.plain), drops(t, mustBoard(t, plain, tt.fen)))
		})
	}
	t.Run("placement: the published test position", func(t *testing.T) {
		// Fairy-Stockfish: only R@h1 and B@c1, h1 being d1's colour
		bothModes(t, loadVariant(t, "placement"), "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/QR1BKNN1[BRk] w - - 0 1", func(t *testing.T, b *Board) {
			assert.Equal(t, []string{"B@c1", "R@h1"}, legalNames(t, b))
		})
	})
	_, why := bicolor.Tier()
	assert.NoError(t, why, "drops bicolor lowers to the tier")
}

// TestDropsCastle: in placement a king dropped on e1 castles with the
// rooks on a1 and h1, a rook dropped on a1 or h1 with the king on e1
// castles, and the FEN's castling field says so as Fairy-Stockfish's
// does; without drops castle a dropped piece is a moved one.
func TestDropsCastle(t *testing.T) {
	prog := loadVariant(t, "placement")
	plain := mustLoad(t, "plain.alf", strings.Replace(string(mustSource(t, "placement")), "drops castle king e rook a h", "", 1))
	const start = "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kr] w q - 0 1"
	tests := []struct {
		name, fen string
		moves     []string
		want      string   // the FEN after them
		castles   []string // castlings then legal
		never     []string // castlings then not legal
		plainFEN  string   // without drops castle
	}{
		{"the king dropped on e1 castles with both rooks", start, []string{"K@e1"},
			"r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[r] b KQq - 0 1", nil, nil,
			"r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[r] b - - 0 1"},
		{"then the rook dropped on h8 with the king on e8", start, []string{"K@e1", "R@h8"},
			"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w KQkq - 0 2", []string{"e1c1", "e1g1"}, nil,
			"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w - - 0 2"},
		{"the king dropped on d1 does not castle", start, []string{"K@d1"},
			"r3k3/pppppppp/8/8/8/8/PPPPPPPP/R2K3R[r] b q - 0 1", nil, nil,
			"r3k3/pppppppp/8/8/8/8/PPPPPPPP/R2K3R[r] b - - 0 1"},
		{"a rook dropped on h1 makes the king on e1 castle", "4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3[R] w - - 0 1", []string{"R@h1"},
			"4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] b K - 0 1", nil, nil,
			"4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] b - - 0 1"},
		// in check, no drop blocks: the king leaves e1 and comes back, which
		// costs it the a1 rook's castling; the rook dropped on h1 then
		// castles alone (Fairy-Stockfish: K, e1g1 and no e1c1)
		{"a rook dropped beside a king that came back castles alone", "4k3/8/8/8/4q3/8/8/R3K3[R] w Q - 0 1",
			[]string{"e1d1", "e4d4", "d1e1", "d4h8", "R@h1", "e8e7"},
			"7q/4k3/8/8/8/8/8/R3K2R[] w K - 1 4", []string{"e1g1"}, []string{"e1c1"},
			"7q/4k3/8/8/8/8/8/R3K2R[] w - - 1 4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bothModes(t, prog, tt.fen, func(t *testing.T, b *Board) {
				for _, m := range tt.moves {
					b.Make(mustMove(t, b, m))
				}
				assert.Equal(t, tt.want, b.FEN())
				assert.Equal(t, b.pos.ComputeHash(), b.pos.Hash())
				for _, c := range tt.castles {
					assert.Contains(t, legalNames(t, b), c)
				}
				for _, c := range tt.never {
					assert.NotContains(t, legalNames(t, b), c)
				}
				again := mustBoard(t, prog, b.FEN())
				assert.Equal(t, tt.want, again.FEN(), "the FEN reads back")
				assert.Equal(t, legalNames(t, b), legalNames(t, again))
			})
			b := mustBoard(t, plain, tt.fen)
			for _, m := range tt.moves {
				b.Make(mustMove(t, b, m))
			}
			assert.Equal(t, tt.plainFEN, b.FEN())
			assert.NotContains(t, legalNames(t, b), "e1g1")
		})
	}
	t.Run("a rook on its square without the field's letter is a moved one", func(t *testing.T) {
		// no white king: the rooks on a1 and h1 have no castling right,
		// and the king dropped later on e1 gives them one
		bothModes(t, prog, "4k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[K] w - - 0 1", func(t *testing.T, b *Board) {
			assert.False(t, b.Position().PieceAt(0).Unmoved)
			assert.False(t, b.Position().PieceAt(7).Unmoved)
			play(t, b, "K@e1", "4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] b KQ - 0 1")
		})
	})
	_, why := prog.Tier()
	assert.NoError(t, why, "drops castle lowers to the tier")
}

// promotions: a 5x5 board with kings, a fers, a rook and knights, pawns
// that become fers by count and harmless, runners that become a rook or
// a knight where harmless says so, and cadets that become fers by
// nocheck.
const promotions = `board 5x5
def estandar: {enemy capt mov,empty mov}
piece king K royal
    {w,a,s,d,wa,wd,as,sd} estandar
piece fers F
    {wa,wd,as,sd} estandar
piece rook R
    slide {w,a,s,d} empty mov then enemy capt mov
piece knight N
    {wwa,wwd,aaw,aas,ssa,ssd,ddw,dds} estandar
piece pawn P resets
    w empty mov
    # a fers where it stands or one step diagonally on: only without a
    # fers, with other pawns only on the fourth rank
    not count fers count pawn 2 pos x 3 {,{wa,wd} empty mov} harmless fers promote fers
    not count fers not count pawn 2 {,{wa,wd} empty mov} harmless fers promote fers
piece runner U
    w empty harmless rook mov promote rook
    harmless knight promote knight
piece cadet C
    w empty mov
    {,{wa,wd} empty mov} promote fers nocheck
`

// TestCountHarmlessNocheck: count NAME N holds with N or more of the
// side's NAMEs on the board; harmless NAME when a NAME on the square, the
// moving piece lifted, would attack no enemy piece; a move with nocheck
// is illegal when it leaves the opponent's royal piece capturable, a
// discovered check included. A piece promoted where it stands is named
// from and to its square (b2b2f), in SAN b2=F, and one that moves too
// with its square (b2a3=F).
func TestCountHarmlessNocheck(t *testing.T) {
	prog := mustLoad(t, "promotions.alf", promotions)
	free := mustLoad(t, "free.alf", strings.ReplaceAll(promotions, " nocheck", ""))
	tests := []struct {
		name, fen, from, want string
		free                  string // the moves without nocheck, when they differ
	}{
		{"count: one pawn promotes anywhere", "5/5/5/1P3/K3k w - - 0 1", "b2",
			"b2a3f b2b2f b2b3 b2c3f", ""},
		{"count: with two pawns only on the fourth rank", "5/1P3/5/1P3/K3k w - - 0 1", "b2",
			"b2b3", ""},
		{"count: the pawn on the fourth rank promotes", "5/1P3/5/1P3/K3k w - - 0 1", "b4",
			"b4a5f b4b4f b4b5 b4c5f", ""},
		{"count: a fers on the board forbids it", "5/5/5/1P3/K2Fk w - - 0 1", "b2",
			"b2b3", ""},
		{"count counts the side's own: an enemy fers does not", "5/5/5/1P3/K2fk w - - 0 1", "b2",
			"b2a3f b2b2f b2b3 b2c3f", ""},
		{"count counts the side's own: nor an enemy pawn", "p4/5/5/1P3/K3k w - - 0 1", "b2",
			"b2a3f b2b2f b2b3 b2c3f", ""},
		{"harmless: no fers beside an enemy piece", "5/5/n4/1P3/K3k w - - 0 1", "b2",
			"b2b3 b2c3f", ""},
		{"harmless: an ally piece does not count", "5/5/N4/1P3/K3k w - - 0 1", "b2",
			"b2b2f b2b3 b2c3f", ""},
		{"harmless lifts the mover: a rook on a3 attacks a1 through a2", "2k2/5/4K/U4/r4 w - - 0 1", "a2",
			"a2a2n", ""},
		{"harmless rook and knight: nothing to attack", "2k2/5/4K/U4/5 w - - 0 1", "a2",
			"a2a2n a2a3r", ""},
		{"harmless rook and knight: a knight to attack", "2k2/5/2n1K/U4/5 w - - 0 1", "a2",
			"", ""},
		{"nocheck: the new fers may not check", "5/1k3/5/1C3/K4 w - - 0 1", "b2",
			"b2b2f b2b3", "b2a3f b2b2f b2b3 b2c3f"},
		{"nocheck: nor uncover a check, which a plain move may", "4K/5/5/RC1k1/5 w - - 0 1", "b2",
			"b2b2f b2b3", "b2a3f b2b2f b2b3 b2c3f"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			moves := func(t *testing.T, b *Board) []string {
				got := movesFrom(t, b, tt.from)
				slices.Sort(got)
				return got
			}
			fields := func(s string) []string {
				if f := strings.Fields(s); len(f) > 0 {
					return f
				}
				return nil
			}
			bothModes(t, prog, tt.fen, func(t *testing.T, b *Board) {
				assert.Equal(t, fields(tt.want), moves(t, b))
			})
			want := tt.free
			if want == "" {
				want = tt.want
			}
			assert.Equal(t, fields(want), moves(t, mustBoard(t, free, tt.fen)))
		})
	}
	t.Run("names", func(t *testing.T) {
		bothModes(t, prog, "5/5/5/1P3/K3k w - - 0 1", func(t *testing.T, b *Board) {
			var list MoveList
			b.Legal(&list)
			assert.ElementsMatch(t, []string{"Ka2", "Kb1", "b3", "b2=F", "b2a3=F", "b2c3=F"}, b.SAN(list.Moves))
			for _, name := range []string{"b2b2f", "b2a3f"} {
				assert.Equal(t, name, b.MoveString(mustMove(t, b, name)))
			}
			for _, san := range []string{"b2=F", "b2a3=F", "b2c3F"} {
				_, err := b.ParseSAN(san)
				assert.NoError(t, err, san)
			}
			play(t, b, "b2b2f", "5/5/5/1F3/K3k b - - 0 1")
		})
	})
	_, why := prog.Tier()
	assert.NoError(t, why, "count, harmless and nocheck lower to the tier")
}

// TestPromotionErrors: nocheck rules on the whole move, so it does not
// stand in an in … do; count and harmless name pieces.
func TestPromotionErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"piece king K royal\n    in -> w do nocheck end mov\n", "bad.alf:3:16: nocheck inside in … do"},
		{"piece king K royal\n    count queen w mov\n", `bad.alf:3:11: count names unknown piece "queen"`},
		{"piece king K royal\n    harmless queen w mov\n", `bad.alf:3:14: harmless names unknown piece "queen"`},
	} {
		_, err := Load("bad.alf", []byte("board 4x4\n"+c.src))
		require.Error(t, err, c.src)
		assert.Contains(t, err.Error(), c.want)
	}
}
