package movegen

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
)

// TestConstructs checks the exact moves each construct of the language
// produces, on the pieces of testdata/constructs.alf; the comment of each
// case says why.
func TestConstructs(t *testing.T) {
	src, err := os.ReadFile("testdata/constructs.alf")
	require.NoError(t, err)
	prog, err := Load("constructs.alf", src)
	require.NoError(t, err)
	tests := []struct {
		name, fen, from, want string
	}{
		{"then captures the blocker", "5/2r2/5/2R2/K3k w - - 0 1", "c2", "c2c3 c2c4"},
		{"then needs an enemy", "5/2P2/5/2R2/K3k w - - 0 1", "c2", "c2c3"},
		{"out runs at the edge", "5/5/5/2U2/K3k w - - 0 1", "c2", "c2c5"},
		{"out does not run when blocked", "5/2p2/5/2U2/K3k w - - 0 1", "c2", ""},
		{"items after end see only the final state", "5/2p2/5/2E2/K3k w - - 0 1", "c2", "c2c3"},
		{"break stops on the marked rank", "5/5/5/2W2/K3k w - - 0 1", "c2", "c2c3"},
		{"block failures stay in the block", "5/5/5/5/K1T1k w - - 0 1", "c1", "c1c2 c1c3 c1c4 c1c5"},
		{"block body captures on the right", "5/5/5/3p1/K1T1k w - - 0 1", "c1", "c1c2 c1c3 c1c4 c1c5 c1d2"},
		{"opt branches both go on", "5/5/5/2O2/K3k w - - 0 1", "c2", "c2b3 c2d3"},
		{"exc takes the capture when it exists", "5/5/2p2/2C2/K3k w - - 0 1", "c2", "c2c3"},
		{"exc falls back to the next branch", "5/5/5/2C2/K3k w - - 0 1", "c2", "c2c3"},
		{"block is a move or skipped", "5/5/5/2B2/K3k w - - 0 1", "c2", "c2c3 c2d2"},
		{"only allows the listed squares", "5/5/5/2F2/K3k w - - 0 1", "c2", "c2c3 c2c4"},
		{"not empty: captures anything, even a friend", "5/5/2P2/2N2/K3k w - - 0 1", "c2", "c2c3"},
		{"indirect memory: tile t1 is 7 on c2 only", "5/5/5/2M2/K3k w - - 0 1", "c2", "c2c3 c2c1"},
		{"px and py: from c1", "5/5/5/5/K1M1k w - - 0 1", "c1", "c1d1"},
		{"has: the armored piece cannot be taken", "5/5/2s2/2Hp1/K3k w - - 0 1", "c2", "c2d2"},
		{"pass is a move, mark changes nothing", "5/5/5/2Z2/K3k w - - 0 1", "c2", "c2/pass:c2 c2c3"},
		{"notvisited: the second step may not return", "5/5/5/2V2/K3k w - - 0 1", "c2", "c2b3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := prog.NewBoard(tt.fen)
			require.NoError(t, err)
			want := strings.Fields(tt.want)
			if len(want) == 0 {
				want = nil
			}
			got := movesFrom(t, b, tt.from)
			assert.ElementsMatch(t, want, got, "%v", got)
		})
	}
	t.Run("turn: only in the first ply", func(t *testing.T) {
		b, err := prog.NewBoard("5/5/5/1M3/K3k w - - 0 1")
		require.NoError(t, err)
		assert.Contains(t, movesFrom(t, b, "b2"), "b2b1")
		play(t, b, "a1a2", "5/5/5/KM3/4k b - - 1 1")
		play(t, b, "e1e2", "5/5/5/KM2k/5 w - - 2 2")
		assert.NotContains(t, movesFrom(t, b, "b2"), "b2b1")
	})
	t.Run("lose and draw", func(t *testing.T) {
		b, err := prog.NewBoard("5/5/5/2G2/K3k w - - 0 1")
		require.NoError(t, err)
		mk := b.Make(mustMove(t, b, "c2c3"))
		assert.Equal(t, board.SecondWins, b.Status())
		b.Unmake(mk)
		b.Make(mustMove(t, b, "c2c1"))
		assert.Equal(t, board.Draw, b.Status())
	})
}

func mustMove(t *testing.T, b *Board, name string) Move {
	t.Helper()
	m, err := b.ParseMove(name)
	require.NoError(t, err)
	return m
}
