package movegen

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/examples"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func mustLoad(t testing.TB, name, src string) *Program {
	t.Helper()
	p, err := Load(name, []byte(src), WithLoader(examples.Loader))
	require.NoError(t, err)
	return p
}

// bothModes runs f on a fresh board of each mode with the tier off, and
// on one with the tier on when the variant lowers to it (where Perft
// counts on the tier).
func bothModes(t *testing.T, p *Program, fen string, f func(t *testing.T, b *Board)) {
	if p.tier != nil {
		t.Run("tier", func(t *testing.T) { f(t, tierBoard(t, p, fen)) })
	}
	for _, mode := range []Mode{Incremental, Full} {
		t.Run(mode.String(), func(t *testing.T) {
			b := mustBoard(t, p, fen)
			b.SetMode(mode)
			b.SetTier(false)
			f(t, b)
		})
	}
}

// royalRules is a 5x5 variant whose pieces remove and change kings in
// every way the language allows: an eraser deletes any neighbour, a witch
// turns an enemy neighbour into a pawn, a traitor turns a friendly one into
// a pawn, a wizard turns an enemy diagonal neighbour into a rook, and a
// pawn promotes into a king.
const royalRules = `game royal rules
board 5x5
def mover: empty mov
def captura: enemy capt mov
piece king K royal
    {w,wa,a,as,s,sd,d,dw} {mover,captura}
piece rook R
    slide {w,a,s,d} mover then captura
piece pawn P
    w empty not pos x l mov
    w empty pos x l mov promote king
piece eraser E
    {w,a,s,d} piece del
piece witch H
    {w,a,s,d} enemy promote pawn
piece traitor T
    {w,a,s,d} ally promote pawn
piece wizard W
    {w,a,s,d} empty mov
    {wa,wd} enemy promote rook
nomoves stalemate draw
nomoves check loss
`

// TestRoyalRulesForEveryAction: removing or changing a royal piece obeys
// the royal rules however it is done — a capture, a del, a promotion —
// and the incremental mode plays every move that could make a new royal
// piece or arm an enemy one, so both modes agree.
func TestRoyalRulesForEveryAction(t *testing.T) {
	p := mustLoad(t, "royal.alf", royalRules)
	t.Run("deleting the enemy king wins, deleting your own is illegal", func(t *testing.T) {
		bothModes(t, p, "5/5/5/1k3/KE3 w - - 0 1", func(t *testing.T, b *Board) {
			names := legalNames(t, b)
			assert.Contains(t, names, "b1/del:b2")
			assert.NotContains(t, names, "b1/del:a1", "the eraser may not delete its own king")
			play(t, b, "b1/del:b2", "5/5/5/5/KE3 b - - 1 1")
			assert.Equal(t, board.FirstWins, b.Status(), "the enemy's last royal piece is gone: a win, not a draw")
		})
	})
	t.Run("turning the enemy king into a pawn wins", func(t *testing.T) {
		bothModes(t, p, "5/5/5/1k3/KH3 w - - 0 1", func(t *testing.T, b *Board) {
			play(t, b, "b1/promote:b2=pawn", "5/5/5/1p3/KH3 b - - 1 1")
			assert.Equal(t, board.FirstWins, b.Status())
		})
	})
	t.Run("turning your own king into a pawn is illegal", func(t *testing.T) {
		bothModes(t, p, "4k/5/5/5/KT3 w - - 0 1", func(t *testing.T, b *Board) {
			assert.NotContains(t, legalNames(t, b), "b1/promote:a1=pawn")
			_, err := b.Play(mustPseudo(t, b, "b1/promote:a1=pawn"))
			assert.ErrorIs(t, err, ErrIllegal)
		})
	})
	// White: king b1 (a1 and a2 are on the rook's file: b2, c1, c2),
	// pawn c4 whose promotion makes a king on c5, on the rook's rank:
	// illegal. Black: the rook's 8 moves. 3 × 8 = 24; 30 counted the
	// promotion when incremental mode did not play it.
	t.Run("a promotion into a king may not stand attacked", func(t *testing.T) {
		bothModes(t, p, "r4/2P2/5/5/1K3 w - - 0 1", func(t *testing.T, b *Board) {
			assert.Equal(t, []string{"b1b2", "b1c1", "b1c2"}, legalNames(t, b))
			assert.Equal(t, uint64(24), b.Perft(2))
		})
	})
	// White: king b1 to a1, b2, c1, c2; wizard a2 to a3, a1, b2, and its
	// conversion of the pawn b3 into a rook that would attack b1: illegal.
	// Black: king e5 to d5, d4, e4, and the pawn b3 to b2 when it is
	// empty: 4+3+4+4 (king moves) + 4+4+3 (wizard moves) = 26; 37 counted
	// the conversion.
	t.Run("converting an enemy piece into an attacker is illegal", func(t *testing.T) {
		bothModes(t, p, "4k/5/1p3/W4/1K3 w - - 0 1", func(t *testing.T, b *Board) {
			assert.NotContains(t, legalNames(t, b), "a2/promote:b3=rook")
			assert.Equal(t, uint64(26), b.Perft(2))
		})
	})
}

// mustPseudo finds a pseudo-legal move by name.
func mustPseudo(t *testing.T, b *Board, name string) Move {
	t.Helper()
	var list MoveList
	b.Pseudo(&list)
	for i, n := range b.Notation(list.Moves) {
		if n == name {
			return list.Moves[i].Clone()
		}
	}
	t.Fatalf("no pseudo-legal move %s", name)
	return Move{}
}

// TestCheckedAPI: Play refuses what is not a legal move of the position
// and Unmake a mark the board did not issue, changing nothing; the
// unchecked Make is for moves Legal just gave.
func TestCheckedAPI(t *testing.T) {
	chess := loadVariant(t, "chess")
	b := mustBoard(t, chess, "")
	start, hash := b.FEN(), b.pos.Hash()
	unchanged := func() {
		t.Helper()
		assert.Equal(t, start, b.FEN())
		assert.Equal(t, hash, b.pos.Hash())
		assert.Equal(t, hash, b.pos.ComputeHash())
	}
	e4, err := b.ParseMove("e2e4")
	require.NoError(t, err)

	_, err = b.Play(Move{})
	assert.ErrorIs(t, err, ErrIllegal, "the zero move")
	unchanged()

	assert.ErrorIs(t, b.Unmake(Mark{}), ErrMark, "the zero mark")
	unchanged()

	other := mustBoard(t, chess, "")
	foreign := other.Make(mustMoveOf(t, other, "d2d4"))
	assert.ErrorIs(t, b.Unmake(foreign), ErrMark, "another board's mark")
	unchanged()

	mk, err := b.Play(e4)
	require.NoError(t, err)
	_, err = b.Play(e4)
	assert.ErrorIs(t, err, ErrIllegal, "a stale move: e2e4 again")
	e5, err := b.Play(mustMoveOf(t, b, "e7e5"))
	require.NoError(t, err)
	bishop, err := b.ParseMove("f1c4")
	require.NoError(t, err)
	require.NoError(t, b.Unmake(mk))
	unchanged()
	assert.ErrorIs(t, b.Unmake(e5), ErrMark, "a mark the board has been taken back past")
	unchanged()
	require.NoError(t, b.Unmake(mk), "the mark the board is back at stays valid")
	unchanged()
	_, err = b.Play(bishop)
	assert.ErrorIs(t, err, ErrIllegal, "a move of another position: f1c4 needs e2 empty")
	unchanged()
	mk, err = b.Play(e4)
	require.NoError(t, err, "a move of this position, even from an older list")
	require.NoError(t, b.Unmake(mk))
	unchanged()
}

// mustMoveOf returns the legal move named s, detached from the board.
func mustMoveOf(t *testing.T, b *Board, s string) Move {
	t.Helper()
	m, err := b.ParseMove(s)
	require.NoError(t, err)
	return m
}

// TestMoreThan256Moves: no move list has a fixed capacity. Six queens
// spread over a 16x16 board have more than 256 moves.
func TestMoreThan256Moves(t *testing.T) {
	p := mustLoad(t, "many.alf", `game many
board 16x16
piece queen Q
    slide {w,wa,a,as,s,sd,d,dw} empty mov then enemy capt mov
`)
	bothModes(t, p, "q15/1Q14/16/16/13Q2/16/16/7Q8/16/16/10Q5/16/4Q11/16/2Q13/15q w - - 0 1", func(t *testing.T, b *Board) {
		var list MoveList
		b.Legal(&list)
		require.Greater(t, list.Len(), 256)
		names := b.Notation(list.Moves)
		assert.Len(t, names, list.Len())
		assert.False(t, hasDuplicate(names), "every move has its own name")
		for i, n := range names {
			m, err := b.ParseMove(n)
			require.NoError(t, err, n)
			require.Equal(t, list.Moves[i].Key(), m.Key(), n)
		}
		total := b.Perft(2)
		assert.Greater(t, total, uint64(256*40))
		assert.NoError(t, b.Err())
	})
}

// TestFifteenQueens: chess with 15 queens has more moves than any
// reachable position; the magic package's generator, written
// independently, counts the same (magic.TestManyMoves).
func TestFifteenQueens(t *testing.T) {
	chess := loadVariant(t, "chess")
	bothModes(t, chess, "kn1Q2K1/pp4Q1/4Q3/QQ5Q/5Q2/Q6Q/Q1Q5/4QQQQ w - - 0 1", func(t *testing.T, b *Board) {
		assert.Equal(t, uint64(221), b.Perft(1))
		assert.Equal(t, uint64(261), b.Perft(2))
	})
}

func hasDuplicate(s []string) bool {
	c := slices.Clone(s)
	slices.Sort(c)
	return len(slices.Compact(c)) != len(s)
}

// TestMemoryIsSixtyFourBits: cells hold 64-bit values; sums past the
// range saturate; an index outside the memory writes nothing.
func TestMemoryIsSixtyFourBits(t *testing.T) {
	p := mustLoad(t, "mem.alf", `game memory
board 3x3
piece counter C
    pass madd g0 3000000000 madd g1 9223372036854775807 mset l0 70000 mset gl0 5 madd g2 -9223372036854775807 madd g2 -9
setup C2/3/2c w - - 0 1
`)
	bothModes(t, p, "", func(t *testing.T, b *Board) {
		for range 2 {
			var list MoveList
			b.Legal(&list)
			require.Equal(t, 1, list.Len())
			b.Make(list.Moves[0])
		}
		g := b.pos.Global
		assert.Equal(t, int64(6000000000), g.Get(0), "no wrap at 32 bits")
		assert.Equal(t, int64(math.MaxInt64), g.Get(1), "saturated at the top")
		assert.Equal(t, int64(math.MinInt64), g.Get(2), "saturated at the bottom")
		assert.Len(t, g, 3, "the write to g70000 (outside the memory) did nothing")
		assert.Equal(t, b.pos.ComputeHash(), b.pos.Hash())
	})
}

// TestWideBoardNames: squares past file z are named aa…af, and every move
// of a 32-file board is named and read back.
func TestWideBoardNames(t *testing.T) {
	p := mustLoad(t, "wide.alf", `game wide
board 32x2
piece rook R
    slide {w,a,s,d} empty mov then enemy capt mov
setup 31r/R31 w - - 0 1
`)
	b := mustBoard(t, p, "")
	names := legalNames(t, b)
	assert.Len(t, names, 32)
	assert.Contains(t, names, "a1af1")
	assert.Contains(t, names, "a1z1")
	assert.Contains(t, names, "a1aa1")
	for _, n := range names {
		_, err := b.ParseMove(n)
		assert.NoError(t, err, n)
	}
	play(t, b, "a1ae1", "31r/30R1 b - - 1 1")
	play(t, b, "af2af1", "32/30Rr w - - 2 2")
}

// TestCastlingFieldOnlyWithCastling: a variant whose royal pieces never
// test unmoved (shatranj) writes no castling rights.
func TestCastlingFieldOnlyWithCastling(t *testing.T) {
	shatranj := mustBoard(t, loadVariant(t, "shatranj"), "")
	assert.Contains(t, shatranj.FEN(), " w - - ")
	chess := mustBoard(t, loadVariant(t, "chess"), "")
	assert.Contains(t, chess.FEN(), " w KQkq - ")
}

// TestBudgetsOption: tighter budgets given at compile time apply.
func TestBudgetsOption(t *testing.T) {
	src, err := examples.Source("chess")
	require.NoError(t, err)
	p, err := Load("chess.alf", src, WithBudgets(Budgets{PositionSteps: 50}))
	require.NoError(t, err)
	b := mustBoard(t, p, "")
	var list MoveList
	b.Legal(&list)
	assert.Zero(t, list.Len())
	var be *BudgetError
	require.ErrorAs(t, b.Err(), &be)
	assert.Equal(t, "steps of one position", be.Budget)
	assert.True(t, errors.Is(b.Err(), ErrBudget))
	assert.True(t, strings.HasPrefix(b.Err().Error(), "chess.alf:"), b.Err().Error())
	_, err = Load("chess.alf", src, WithBudgets(Budgets{Placements: 1000}))
	assert.ErrorContains(t, err, "the variant is too large")
}

// TestSetupErrors: a setup is checked by the path that loads it
// (board.Parse through Program.NewBoard), so a file that compiles always
// sets up, and each error points into the FEN at the field at fault.
func TestSetupErrors(t *testing.T) {
	file := func(board, fen string) string {
		return "board " + board + "\npiece k K\n    w mov\nsetup " + fen + "\n"
	}
	tests := []struct{ src, want string }{
		{"piece k K\n    w mov\nsetup 8/8 w\n", "e.alf:3:7: setup: FEN has 2 ranks for a board of 8"},
		{file("3x2", "3/k1 w"), "e.alf:4:9: setup: rank 1 has 2 squares for a board of 3 files"},
		{file("3x2", "3/kq1 w"), "e.alf:4:10: setup: rank 1: no piece has letter 'q'"},
		{file("3x2", "2./3"), "e.alf:4:8: setup: rank 2: no piece has letter '.'"},
		{file("3x2", "03/3"), `e.alf:4:7: setup: rank 2: bad empty-square count "03"`},
		{file("3x1", "3 x"), `e.alf:4:9: setup: bad side to move "x" (w or b)`},
		{file("3x1", "3 w K+ - 0 1"), `e.alf:4:11: setup: bad castling field "K+" (- or letters KQkq)`},
		{file("3x1", "3 w - 9"), `e.alf:4:13: setup: bad en-passant field "9": bad square "9"`},
		{file("3x2", "3/3 b KQkq e5f6 12 40"), `e.alf:4:18: setup: bad en-passant field "e5f6": square "e5" is off the 3x2 board`},
		{file("3x2", "3/3 w - - x 1"), `e.alf:4:17: setup: bad halfmove clock "x" (0 to 1000000000)`},
		{file("3x2", "3/3 w - - 0 1 extra"), `e.alf:4:21: setup: extra FEN field "extra"`},
		{file("3x2", "3/3 w - - 1+3 0 1"), `e.alf:4:17: setup: bad check-count field "1+3": the variant counts no checks`},
		{file("3x2", "3/k999999999999"), `e.alf:4:10: setup: rank 1: 999999999999 empty squares from file b go past the board's 3 files`},
		{file("3x2", "3/99999999999999999999"), `e.alf:4:9: setup: rank 1: bad empty-square count "99999999999999999999"`},
		// compile errors count lines as the parser does: a lone CR ends one
		{strings.ReplaceAll(file("3x2", "3/k1 w"), "\n", "\r"), "e.alf:4:9: setup: rank 1 has 2 squares for a board of 3 files"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			_, err := Load("e.alf", []byte(tt.src))
			require.Error(t, err)
			assert.Equal(t, tt.want, firstError(err))
		})
	}
	for _, good := range []string{"3/3 w - - 0", "3/3", "3/3 b - - 12 40", "3/3 w - - 0 1"} {
		_, err := Load("e.alf", []byte(file("3x2", good)))
		assert.NoError(t, err, good)
	}
}

// TestUnnamedVariant: a file without a game line is named after the file,
// so messages never show a blank name.
func TestUnnamedVariant(t *testing.T) {
	p := mustLoad(t, "variants/my-game.alf", "piece king K royal\n    w empty mov\n")
	assert.Equal(t, "my-game", p.Name)
	_, err := p.NewBoard("")
	assert.EqualError(t, err, "variant my-game has no setup: give a FEN")
}

// TestPerftDepthBound: a perft deeper than MaxPerftDepth is refused with
// an error instead of allocating a list per ply and recursing without end.
func TestPerftDepthBound(t *testing.T) {
	b := mustBoard(t, loadVariant(t, "chess"), "")
	assert.Zero(t, b.Perft(1<<40))
	var be *BudgetError
	require.ErrorAs(t, b.Err(), &be)
	assert.EqualError(t, b.Err(), "generation budget exceeded: more than 64 plies of perft")
}
