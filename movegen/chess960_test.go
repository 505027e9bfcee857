package movegen

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestChess960Castling: the castle item of chess960.alf from the squares
// Chess960 allows — the king staying, king and rook swapping, an inner
// rook — named king-takes-rook in UCI and O-O or O-O-O in SAN, with the
// FEN the move leaves, on the tier and interpreted.
func TestChess960Castling(t *testing.T) {
	prog := loadVariant(t, "chess960")
	for _, c := range []struct {
		name, fen string
		castle    map[string]string // UCI → SAN of the castlings present
		absent    []string          // UCI of castlings that must not be there
		play      string            // a castling to play …
		after     string            // … and the FEN it leaves
	}{
		{"the king stays", "4k3/8/8/8/8/8/8/R5KR w KQ - 0 1", map[string]string{"g1h1": "O-O", "g1a1": "O-O-O"}, nil,
			"g1h1", "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1"},
		{"king and rook swap", "4k3/8/8/8/8/8/8/5KR1 w K - 0 1", map[string]string{"f1g1": "O-O"}, nil,
			"f1g1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
		{"queenside from b1", "4k3/8/8/8/8/8/8/RK6 w Q - 0 1", map[string]string{"b1a1": "O-O-O"}, nil,
			"b1a1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},
		{"the king's square attacked", "2r1k3/8/8/8/8/8/8/RK6 w Q - 0 1", nil, []string{"b1a1"}, "", ""},
		{"only the rook's square attacked", "3rk3/8/8/8/8/8/8/RK6 w Q - 0 1", map[string]string{"b1a1": "O-O-O"}, nil, "", ""},
		{"a piece between", "4k3/8/8/8/8/8/8/RKN5 w Q - 0 1", nil, []string{"b1a1"}, "", ""},
		{"an inner rook (X-FEN)", "4k3/8/8/8/8/8/8/4KR1R w F - 0 1", map[string]string{"e1f1": "O-O"}, []string{"e1h1"},
			"e1f1", "4k3/8/8/8/8/8/8/5RKR b - - 1 1"},
		{"black, Shredder-FEN", "r1k4r/8/8/8/8/8/8/4K3 b ha - 0 1", map[string]string{"c8h8": "O-O", "c8a8": "O-O-O"}, nil,
			"c8a8", "2kr3r/8/8/8/8/8/8/4K3 w - - 1 2"},
	} {
		for _, tier := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/tier=%v", c.name, tier), func(t *testing.T) {
				b, err := prog.NewBoard(c.fen)
				require.NoError(t, err)
				b.SetTier(tier)
				var list MoveList
				b.Legal(&list)
				uci, san := b.Notation(list.Moves), b.SAN(list.Moves)
				for u, s := range c.castle {
					i := slices.Index(uci, u)
					require.GreaterOrEqual(t, i, 0, "no %s among %v", u, uci)
					require.Equal(t, s, san[i], "SAN of %s", u)
					m, err := b.ParseSAN(s)
					require.NoError(t, err)
					require.Equal(t, list.Moves[i].sig, m.sig, "ParseSAN(%s)", s)
				}
				for _, u := range c.absent {
					require.NotContains(t, uci, u)
				}
				if c.play == "" {
					return
				}
				m, err := b.ParseMove(c.play)
				require.NoError(t, err)
				before := b.FEN()
				mk := b.Make(m)
				require.Equal(t, c.after, b.FEN())
				require.NoError(t, b.Unmake(mk))
				require.Equal(t, before, b.FEN())
			})
		}
	}
}

// TestChess960FEN: the castling field read as X-FEN or Shredder-FEN and
// written as X-FEN, a right standing only while its king and rook are
// unmoved.
func TestChess960FEN(t *testing.T) {
	prog := loadVariant(t, "chess960")
	for _, c := range []struct{ in, out string }{
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
		{"4k3/8/8/8/8/8/8/R3KR1R w HA - 0 1", "4k3/8/8/8/8/8/8/R3KR1R w KQ - 0 1"},
		{"4k3/8/8/8/8/8/8/R3KR1R w FA - 0 1", "4k3/8/8/8/8/8/8/R3KR1R w FQ - 0 1"},
		{"4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"}, // no rook for the others
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "4k3/8/8/8/8/8/8/4K2R w - - 0 1"},
	} {
		b, err := prog.NewBoard(c.in)
		require.NoError(t, err, c.in)
		require.Equal(t, c.out, b.FEN(), c.in)
	}
	_, err := prog.NewBoard("4k3/8/8/8/8/8/8/4K2R w I - 0 1")
	require.ErrorContains(t, err, "bad castling field")

	// a rook that leaves and comes back has lost its right
	b, err := prog.NewBoard("4k3/8/8/8/8/8/8/R5KR w KQ - 0 1")
	require.NoError(t, err)
	for _, u := range []string{"h1h2", "e8e7", "h2h1", "e7e8"} {
		m, err := b.ParseMove(u)
		require.NoError(t, err, u)
		b.Make(m)
	}
	require.Equal(t, "4k3/8/8/8/8/8/8/R5KR w Q - 4 3", b.FEN())
}

// TestCastleWideBoard: castle on ten files (Capablanca random's king to
// i, rook to h), named by the board's file letters.
func TestCastleWideBoard(t *testing.T) {
	src := `board 10x8
piece king K royal
    {w,a,s,d} empty mov
    castle rook i h
    castle rook c d
piece rook R
    slide {w,a,s,d} empty mov
setup 4k5/10/10/10/10/10/10/R3K4R w KQkq - 0 1
`
	prog, err := Load("wide.alf", []byte(src))
	require.NoError(t, err)
	for _, tier := range []bool{true, false} {
		b, err := prog.NewBoard("")
		require.NoError(t, err)
		b.SetTier(tier)
		for u, after := range map[string]string{"e1j1": "4k5/10/10/10/10/10/10/R6RK1 b - - 1 1", "e1a1": "4k5/10/10/10/10/10/10/2KR5R b - - 1 1"} {
			m, err := b.ParseMove(u)
			require.NoError(t, err, "tier=%v", tier)
			mk := b.Make(m)
			require.Equal(t, after, b.FEN())
			require.NoError(t, b.Unmake(mk))
		}
	}
}

// TestChess960FENNumbers: 518 is the standard array, the 960 numbers give
// 960 different arrays, each with bishops on both colours and the king
// between the rooks, and every one sets chess960.alf up with all four
// castlings.
func TestChess960FENNumbers(t *testing.T) {
	fen, err := Chess960FEN(518)
	require.NoError(t, err)
	require.Equal(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", fen)
	prog := loadVariant(t, "chess960")
	seen := map[string]bool{}
	for n := range 960 {
		fen, err := Chess960FEN(n)
		require.NoError(t, err)
		rank := fen[:8]
		require.False(t, seen[rank], "%d repeats %s", n, rank)
		seen[rank] = true
		b1, b2 := strings.IndexByte(rank, 'b'), strings.LastIndexByte(rank, 'b')
		r1, k, r2 := strings.IndexByte(rank, 'r'), strings.IndexByte(rank, 'k'), strings.LastIndexByte(rank, 'r')
		require.True(t, (b1+b2)%2 == 1 && r1 < k && k < r2, "%d: %s", n, rank)
		b, err := prog.NewBoard(fen)
		require.NoError(t, err)
		require.Equal(t, fen, b.FEN())
	}
	_, err = Chess960FEN(960)
	require.Error(t, err)
}
