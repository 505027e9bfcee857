package movegen

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
)

// extinctionFile is a small variant with hands whose extinction rule the
// test writes (docs/language.md § Extinction).
const extinctionFile = `game extinction test
board 8x8
def mover: empty mov
def captura: enemy capt mov
piece king K value 0
    {w,a,s,d,wa,wd,sa,sd} {captura,mover}
piece rook R value 500
    slide {w,a,s,d} mover then captura
piece pawn P value 100
    w empty mov
    drop: empty
setup 4k3/8/8/8/8/8/8/4K3 w - - 0 1
`

// TestExtinctionRule checks each form of the extinction rule on the
// interpreter and on the bitboard tier: the types counted, each or
// together; left N; vs M; reply; pieces in hand counted; the side that
// moved judged first.
func TestExtinctionRule(t *testing.T) {
	tests := []struct {
		name, rule, fen string
		moves           []string
		want            board.Result
	}{
		{"the last pawn taken", "extinction loss pawn", "4k3/8/8/8/8/8/p6P/R3K3 w - - 0 1", []string{"a1a2"}, board.FirstWins},
		{"a pawn in hand counts", "extinction loss pawn", "4k3/8/8/8/8/8/p6P/R3K3[p] w - - 0 1", []string{"a1a2"}, board.Ongoing},
		{"each type on its own: the last rook", "extinction loss {rook,pawn}", "4k3/7p/8/8/8/8/P6r/4K2R w - - 0 1", []string{"h1h2"}, board.FirstWins},
		{"each type on its own: a rook left", "extinction loss {rook,pawn}", "r3k3/7p/8/8/8/8/P6r/4K2R w - - 0 1", []string{"h1h2"}, board.Ongoing},
		{"all pieces, left 1: a bare king wins", "extinction win all left 1", "4k3/8/8/8/8/8/7r/R3K2R w - - 0 1", []string{"h1h2"}, board.SecondWins},
		{"left 1 of a type", "extinction loss rook left 1", "4k3/8/8/8/8/8/r6r/R3K2R w - - 0 1", []string{"h1h2"}, board.FirstWins},
		{"vs 1: the other side has none either", "extinction loss pawn vs 1", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", nil, board.Ongoing},
		{"vs 1: the other side has one", "extinction loss pawn vs 1", "4k3/8/8/8/8/8/p7/R3K3[P] w - - 0 1", []string{"a1a2"}, board.FirstWins},
		{"reply: one pawn, which a reply may take", "extinction loss pawn reply", "4k3/8/8/8/8/8/p6P/R3K3 w - - 0 1", []string{"a1a2"}, board.Ongoing},
		{"reply: two pawns, which no reply takes", "extinction loss pawn reply", "4k3/8/8/8/8/8/p5PP/R3K3 w - - 0 1", []string{"a1a2"}, board.FirstWins},
		{"reply: the reply did not take", "extinction loss pawn reply", "4k3/8/8/8/8/8/p6P/R3K3 w - - 0 1", []string{"a1a2", "e8d8"}, board.FirstWins},
		{"both at once in a FEN: the side that moved gets it", "extinction loss pawn", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", nil, board.FirstWins},
		{"both at once, a win", "extinction win pawn", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", nil, board.FirstWins},
	}
	for _, tt := range tests {
		prog, err := Load("x.alf", []byte(extinctionFile+tt.rule+"\n"))
		require.NoError(t, err, tt.name)
		r, why := prog.Tier()
		require.NotNil(t, r, "%s: not lowered: %v", tt.name, why)
		for _, onTier := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/tier=%v", tt.name, onTier), func(t *testing.T) {
				b, err := prog.NewBoard(tt.fen)
				require.NoError(t, err)
				b.SetTier(onTier)
				for _, m := range tt.moves {
					mv, err := b.ParseMove(m)
					require.NoError(t, err)
					b.Make(mv)
				}
				assert.Equal(t, tt.want, b.Result())
				var list MoveList
				b.Legal(&list)
				assert.Equal(t, tt.want != board.Ongoing, list.Len() == 0, "a game over has no moves, one going on has")
			})
		}
	}
}
