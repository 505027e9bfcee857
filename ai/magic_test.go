package ai

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/magic"
	"github.com/alfil-go/alfil/movegen"
	"github.com/alfil-go/alfil/tier"
)

// chessValues are the values, by magic.Piece, the chess engine's search
// orders captures and counts material with.
var chessValues = []int{100, 300, 300, 500, 900, 0}

func newMagicEngine(o OptionsOf[*magic.Position]) *EngineOf[*magic.Position, magic.Move, *magic.MoveList, magic.Position] {
	return NewEngine[*magic.Position, magic.Move, *magic.MoveList, magic.Position](o, chessValues)
}

// Both engines satisfy the one interface the search is written against.
var (
	_ Game[*movegen.Board, movegen.Move, *movegen.MoveList, movegen.Mark] = (*movegen.Board)(nil)
	_ Game[*magic.Position, magic.Move, *magic.MoveList, magic.Position]  = (*magic.Position)(nil)
	_ Game[*tier.Position, tier.Move, *tier.MoveList, tier.Mark]          = (*tier.Position)(nil)
)

// TestSearchBothEngines searches the same chess positions with the search
// written once against Game: on magic.Position, the bitboard engine, and
// on a board of chess.alf. Both must find the same forced mates, and the
// bitboard engine's search must leave its position as it found it.
func TestSearchBothEngines(t *testing.T) {
	prog := load(t, "chess")
	tests := []struct {
		name, fen string
		depth     int
		mateIn    int
		best      string
	}{
		{"back rank", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, 1, "d1d8"},
		{"legal's mate", "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 3, 2, "d5f6"},
		{"black mates", "3r2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", 1, 1, "d8d1"},
		{"mated whatever it does", "6k1/8/8/8/8/1r6/r7/7K w - - 0 1", 2, -1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pos, err := magic.ParseFEN(tt.fen)
			require.NoError(t, err)
			fast, err := newMagicEngine(OptionsOf[*magic.Position]{TableBits: 12}).Search(context.Background(), pos, Limits{Depth: tt.depth})
			require.NoError(t, err)
			assert.Equal(t, tt.fen, pos.FEN(), "the search plays on clones")

			b, err := prog.NewBoard(tt.fen)
			require.NoError(t, err)
			lang, err := New(prog, Options{TableBits: 12}).Search(context.Background(), b, Limits{Depth: tt.depth})
			require.NoError(t, err)

			rules, _ := prog.Tier()
			require.NotNil(t, rules)
			tp, err := tier.New(rules, b.Position())
			require.NoError(t, err)
			lowered, err := NewTier(prog, OptionsOf[*tier.Position]{TableBits: 12}).Search(context.Background(), tp, Limits{Depth: tt.depth})
			require.NoError(t, err)
			assert.Equal(t, b.FEN(), tt.fen, "the search plays on clones")

			assert.Equal(t, tt.mateIn, fast.MateIn(), "bitboard engine: %s", fast.PV)
			assert.Equal(t, tt.mateIn, lang.MateIn(), "language engine: %s", lang.PV)
			assert.Equal(t, tt.mateIn, lowered.MateIn(), "tier engine: %s", lowered.PV)
			if tt.best != "" {
				assert.Equal(t, tt.best, fast.Name)
				assert.Equal(t, tt.best, lang.Name)
				assert.Equal(t, tt.best, lowered.Name)
			}
		})
	}
}

// TestSearchMagicStops checks that the limits hold on the bitboard engine
// too: a node budget ends a search that has no depth bound, with a legal
// move.
func TestSearchMagicStops(t *testing.T) {
	pos, err := magic.ParseFEN(magic.StartFEN)
	require.NoError(t, err)
	res, err := newMagicEngine(OptionsOf[*magic.Position]{Threads: 2, TableBits: 12}).Search(context.Background(), pos, Limits{Nodes: 20000})
	require.NoError(t, err)
	legal := pos.LegalMoves(nil)
	assert.Contains(t, legal, res.Move)
	assert.LessOrEqual(t, res.Nodes, uint64(20000+64))
}
