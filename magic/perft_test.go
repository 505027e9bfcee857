package magic

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/internal/epd"
)

var deep = flag.Bool("deep", false, "also run the perft cases above twenty million nodes")

// readEPD reads the published perft numbers the language engine is tested
// against too.
func readEPD(t *testing.T) []epd.Case {
	cases, err := epd.Read("../movegen/testdata/chess.epd")
	require.NoError(t, err)
	return cases
}

// TestPerft checks the published numbers: up to 20 million nodes by
// default, 1 million under -short, everything with -deep.
func TestPerft(t *testing.T) {
	budget := uint64(20_000_000)
	switch {
	case *deep:
		budget = 1 << 62
	case testing.Short():
		budget = 1_000_000
	}
	for _, c := range readEPD(t) {
		t.Run(fmt.Sprintf("%s/d%d", strings.Fields(c.FEN)[0], c.Depth), func(t *testing.T) {
			if c.Nodes > budget {
				t.Skipf("%d nodes: run with -deep", c.Nodes)
			}
			p, err := ParseFEN(c.FEN)
			require.NoError(t, err)
			before := *p
			require.Equal(t, c.Nodes, p.Perft(c.Depth))
			require.Equal(t, before, *p, "perft changed the position")
			require.Equal(t, c.FEN, p.FEN())
		})
	}
}

// TestMakeUnmake plays every legal move of the test positions two plies
// deep and checks that Unmake restores the position and that the counts
// of playing each move agree with bulk counting.
func TestMakeUnmake(t *testing.T) {
	for _, c := range readEPD(t) {
		if c.Depth != 3 {
			continue
		}
		p, err := ParseFEN(c.FEN)
		require.NoError(t, err)
		var sum uint64
		for _, m := range p.LegalMoves(nil) {
			before := p.Make(m)
			for _, r := range p.LegalMoves(nil) {
				u := p.Make(r)
				sum += uint64(len(p.LegalMoves(nil)))
				p.Unmake(u)
			}
			p.Unmake(before)
		}
		assert.Equal(t, c.Nodes, sum, c.FEN)
		assert.Equal(t, c.FEN, p.FEN())
	}
}

func TestFENErrors(t *testing.T) {
	for _, c := range []struct{ fen, want string }{
		{"8/8 w - -", "want 8 ranks"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
		{"rnbqkbnr/pppppppp/8p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has more than 8 squares"},
		{"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has 7 squares"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "unexpected 'X'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", "white must have exactly one king"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", "castling"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1", "not on rank 6"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "move counter"},
		{"k7/8/8/8/8/8/8/R3K3 w - - 0 1", "not to move is in check"},
		{"w KQkq", "want 4 to 6 fields"},
		// more than 16 pieces could make more moves than MaxMoves (this
		// one, 300, overflowed a list of 256 and panicked)
		{"k7/8/QQQQQQQQ/8/QQQQQQQQ/8/QQQQQQQQ/7K w - - 0 1", "white has 25 pieces; a side has at most 16"},
		{"k7/8/8/8/8/8/8/P6K w - - 0 1", "pawn stands on the first or last rank"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 9999999999", "move counter"},
	} {
		t.Run(c.want, func(t *testing.T) {
			_, err := ParseFEN(c.fen)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// TestManyMoves: a position with 15 queens has more legal moves than any
// reachable one (221 against 218) and more leaves at depth 2 than 256; the
// generator lists them all, as the language engine's chess does (its
// count is checked in ../movegen against the same number).
func TestManyMoves(t *testing.T) {
	p, err := ParseFEN("kn1Q2K1/pp4Q1/4Q3/QQ5Q/5Q2/Q6Q/Q1Q5/4QQQQ w - - 0 1")
	require.NoError(t, err)
	assert.Len(t, p.LegalMoves(nil), 221)
	assert.Equal(t, uint64(261), p.Perft(2))
}

func TestPositionParseUCI(t *testing.T) {
	p, err := ParseFEN("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1")
	require.NoError(t, err)
	for _, c := range []struct {
		uci  string
		kind Kind
	}{{"c4c5", Quiet}, {"b4c5", Quiet}, {"d2d4", DoublePush}, {"f3d4", Quiet}, {"f1f2", Quiet}, {"g1h1", Quiet}} {
		m, err := p.ParseUCI(c.uci)
		require.NoError(t, err, c.uci)
		assert.Equal(t, c.kind, m.Kind(), c.uci)
		assert.Equal(t, c.uci, m.String())
	}
	for _, uci := range []string{"e4e5", "a7b8q", "g1g2", "e2e4x"} {
		_, err := p.ParseUCI(uci)
		assert.Error(t, err, "%s does not answer the check", uci)
	}
	r, err := ParseFEN("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1")
	require.NoError(t, err)
	for uci, kind := range map[string]Kind{"a7b8q": CapPromoQueen, "a7b8n": CapPromoKnight, "a7a8r": PromoRook, "a7a8b": PromoBishop} {
		m, err := r.ParseUCI(uci)
		require.NoError(t, err, uci)
		assert.Equal(t, kind, m.Kind(), uci)
	}
	q, err := ParseFEN("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1")
	require.NoError(t, err)
	for uci, kind := range map[string]Kind{"e5d6": EnPassant, "e1g1": KingCastle, "e1c1": QueenCastle, "a1a8": Capture} {
		m, err := q.ParseUCI(uci)
		require.NoError(t, err, uci)
		assert.Equal(t, kind, m.Kind(), uci)
	}
	before := *q
	u := q.Make(mustUCI(t, q, "e5d6"))
	assert.Equal(t, "r3k2r/8/3P4/8/8/8/8/R3K2R b KQkq - 0 1", q.FEN())
	q.Unmake(u)
	assert.Equal(t, before, *q)
	q.Make(mustUCI(t, q, "e1c1"))
	assert.Equal(t, "r3k2r/8/8/3pP3/8/8/8/2KR3R b kq - 1 1", q.FEN())
}

func mustUCI(t *testing.T, p *Position, s string) Move {
	m, err := p.ParseUCI(s)
	require.NoError(t, err)
	return m
}

// TestPerftAllocs checks that generation and perft allocate nothing.
func TestPerftAllocs(t *testing.T) {
	p, err := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	require.NoError(t, err)
	p.Perft(1) // builds the tables
	assert.Zero(t, testing.AllocsPerRun(5, func() { p.Perft(3) }))
	buf := make([]Move, 0, 256)
	assert.Zero(t, testing.AllocsPerRun(5, func() { buf = p.LegalMoves(buf[:0]) }))
}

// TestPerftDepthBound: a depth past MaxPerftDepth counts nothing instead
// of recursing until the stack runs out.
func TestPerftDepthBound(t *testing.T) {
	p, err := ParseFEN(StartFEN)
	require.NoError(t, err)
	assert.Zero(t, p.Perft(1<<40))
}
