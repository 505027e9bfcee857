package movegen

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/tier"
)

// TestTierSteadfast compares the tier with the interpreter on makpong's
// steadfast king (docs/language.md § Attributes and hooks) from positions
// in check: one checker the king may take, one it may not reach, two, and
// a checker a pinned piece could take — and random games on from there.
func TestTierSteadfast(t *testing.T) {
	prog := loadVariant(t, "makpong")
	require.NotNil(t, prog.tier, "makpong does not lower")
	games, plies := 3, 40
	if light() {
		games, plies = 1, 20
	}
	for _, fen := range []string{
		"4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1",   // the king takes the rook: e1e2 only
		"4k3/8/8/8/8/5n2/4r3/3SK3 w - - 0 1", // two checkers: mated
		"4k3/8/8/8/8/8/8/r3K2R w - - 0 1",    // the checker out of reach: block or take with the rook
		"4k3/8/8/8/8/8/4r3/R3K2R b - - 0 1",  // Black not in check, White's king next to a rook
		"3rk3/8/8/8/8/8/3P4/R2K1N2 b - - 0 1",
		"rnsmksnr/8/ppppp1pp/5p2/4N3/PPPPPPPP/8/R1SKMSNR b - - 0 1",
	} {
		t.Run(fen, func(t *testing.T) {
			compareTierFrom(t, prog, fen, games, plies)
			samePerftOnTier(t, prog, fen, 3)
		})
	}
}

// samePerftOnTier checks that the tier and the interpreter count the same
// perft from fen.
func samePerftOnTier(t *testing.T, prog *Program, fen string, depth int) {
	b := mustBoard(t, prog, fen)
	tp, err := tier.New(prog.tier, b.Position())
	require.NoError(t, err)
	require.Equal(t, b.Perft(depth), tp.Perft(depth), "perft %d at %s", depth, fen)
}

// TestTierTouch compares the tier with the interpreter on Ouk Chatrang's
// rook, whose moves take the first leap from an enemy king on the file
// or rank they end on (touch; docs/language.md § First moves named by
// file), from positions where rooks aim at unmoved kings, and checks
// that the leap goes: after Ra2 a5 Re2 Black's king on e8 has lost it.
func TestTierTouch(t *testing.T) {
	games, plies := 3, 40
	if light() {
		games, plies = 1, 20
	}
	for _, name := range []string{"cambodian", "karouk"} {
		prog := loadVariant(t, name)
		require.NotNil(t, prog.tier, "%s does not lower", name)
		for _, fen := range []string{
			"r2mk2r/8/8/8/8/8/8/R2KM2R w DEde - 0 1",
			"4k3/8/8/8/8/8/8/R2K3R w De - 0 1",
			"r2mk2r/pppppppp/8/8/8/8/PPPPPPPP/R2KM2R b DEde - 0 1",
			"rnsmksnr/8/1ppppppp/p7/8/PPPPPPPP/R7/1NSKMSNR w DEde - 0 2",
		} {
			t.Run(name+"/"+fen, func(t *testing.T) {
				compareTierFrom(t, prog, fen, games, plies)
				samePerftOnTier(t, prog, fen, 3)
			})
		}
	}
	b := tierBoard(t, loadVariant(t, "cambodian"), "")
	require.True(t, b.Tier())
	for _, uci := range []string{"a1a2", "a6a5", "a2e2"} {
		m, err := b.ParseMove(uci)
		require.NoError(t, err, uci)
		b.Make(m)
	}
	require.Contains(t, b.FEN(), " DEd ")
	var list MoveList
	b.Legal(&list)
	require.Len(t, list.Moves, 25)
}

// TestTierWalls compares the tier with the interpreter under the wall
// rule (docs/language.md § Two-part turns): duck chess's duck, which
// moves anywhere — onto an en-passant ghost's square too, which ends the
// en passant, past castling and promotions — and amazons' arrows, shot
// from where the amazon lands; and checks that the tier names each turn
// as the interpreter's Notation does (e2e4,e4d5).
func TestTierWalls(t *testing.T) {
	games, plies := 2, 12
	if light() {
		games, plies = 1, 6
	}
	for _, c := range []struct{ name, fen string }{
		{"duck", ""},
		{"duck", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
		{"duck", "r3k2r/8/8/8/8/8/8/R2*K2R w KQkq - 0 1"},
		{"duck", "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1"},
		{"duck", "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1"},
		{"amazons", ""},
		{"amazons", "q2*1*1*2/***q***3/q1***1*Q**/1**2***1Q/*2****2*/1*****1***/4*2*2/2*1**Q1Q*/1*1*2****/1*1*q*3* w - - 50 26"},
	} {
		prog := loadVariant(t, c.name)
		require.NotNil(t, prog.tier, "%s does not lower", c.name)
		t.Run(c.name+"/"+c.fen, func(t *testing.T) {
			compareTierFrom(t, prog, c.fen, games, plies)
			samePerftOnTier(t, prog, c.fen, 1)
			sameNamesOnTier(t, prog, c.fen)
		})
	}
}

// sameNamesOnTier checks that the tier names the moves from fen as the
// interpreter's Notation does.
func sameNamesOnTier(t *testing.T, prog *Program, fen string) {
	b := mustBoard(t, prog, fen)
	tp, err := tier.New(prog.tier, b.Position())
	require.NoError(t, err)
	var list MoveList
	var tl tier.MoveList
	b.Legal(&list)
	tp.Legal(&tl)
	var names []string
	for _, m := range tl.Moves {
		names = append(names, tp.MoveString(m))
	}
	require.ElementsMatch(t, b.Notation(list.Moves), names, fen)
}

// TestTierWallsTouchRefusals: what the tier does not take of the wall
// rule, touching riders and steadfast pieces keeps a variant interpreted,
// with the reason (docs/language.md § Which lines run on the bitboard
// tier).
func TestTierWallsTouchRefusals(t *testing.T) {
	for _, c := range []struct{ src, why string }{
		{`game royalduck
board 4x4
piece king K royal value 0
    {w,a,s,d} empty mov
piece duck D wall value 0
setup 3k/4/4/K3 w - - 0 1
place duck anywhere
`, "wall rule with royal pieces"},
		{`game leaperarrows
board 4x4
piece knight N value 0
    {wwa,wwd,ssa,ssd} empty mov
    w empty w empty mov
piece arrow A wall value 0
setup 3n/4/4/N3 w - - 0 1
place arrow shot
`, "place shot beside a type"},
		{`game halftouch
board 4x4
def aim: in -> w w w do is king enemy touch end
piece king K royal value 0
    {w,a,s,d} empty mov
piece rook R value 0
    slide w empty block mov aim end then enemy capt mov aim
    slide s empty mov then enemy capt mov
setup 3k/4/4/KR2 w - - 0 1
`, "a line that does not touch beside lines that do"},
	} {
		prog := mustLoad(t, "refusal.alf", c.src)
		r, why := prog.Tier()
		require.Nil(t, r, c.src)
		require.ErrorContains(t, why, c.why)
	}
}

// TestTierWallTurnsShared: a wall turn one tier position lists plays on
// another position of the variant that never listed it — a game's clone
// replays its moves on a board set up afresh (game.Clone) — because the
// turns' numbers are the variant's.
func TestTierWallTurnsShared(t *testing.T) {
	for _, name := range []string{"duck", "amazons"} {
		prog := loadVariant(t, name)
		b := mustBoard(t, prog, "")
		lister, err := tier.New(prog.tier, b.Position())
		require.NoError(t, err)
		var tl tier.MoveList
		lister.Legal(&tl)
		require.NotEmpty(t, tl.Moves)
		for _, m := range []tier.Move{tl.Moves[0], tl.Moves[len(tl.Moves)/2], tl.Moves[len(tl.Moves)-1]} {
			fresh, err := tier.New(prog.tier, b.Position())
			require.NoError(t, err)
			want := lister.MoveString(m)
			require.Equal(t, want, fresh.MoveString(m), name)
			mk := lister.Make(m)
			fresh.Make(m)
			require.Equal(t, lister.Hash(), fresh.Hash(), "%s: %s", name, want)
			require.NoError(t, lister.Unmake(mk))
		}
	}
}

// TestTierWallTurnsConcurrent: positions of one variant name wall turns
// in one book from several goroutines (a parallel search) and count as
// one alone does.
func TestTierWallTurnsConcurrent(t *testing.T) {
	prog := loadVariant(t, "duck")
	fens := []string{"", "r3k2r/8/8/8/8/8/8/R2*K2R w KQkq - 0 1", "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1"}
	counts := make([]uint64, len(fens))
	done := make(chan int)
	for i, fen := range fens {
		tp, err := tier.New(prog.tier, mustBoard(t, prog, fen).Position())
		require.NoError(t, err)
		go func() {
			counts[i] = tp.Perft(2)
			done <- i
		}()
	}
	for range fens {
		<-done
	}
	for i, fen := range fens {
		b := mustBoard(t, prog, fen)
		require.Equal(t, b.Perft(2), counts[i], fen)
	}
}
