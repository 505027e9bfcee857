package movegen

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// boardBytes returns the heap one board of prog takes after its first
// legal-move generation: the average over many boards, kept alive, after
// one warm-up board, so that the program and shared tables are not
// counted.
func boardBytes(t *testing.T, prog *Program, tier bool) float64 {
	const n = 200
	boards := make([]*Board, n)
	var list MoveList
	list.Moves = make([]Move, 0, 256)
	warm, err := prog.NewBoard("") // the shared tables (magic's, the hash keys) are built at first use
	require.NoError(t, err)
	warm.SetTier(tier)
	warm.Legal(&list)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range boards {
		b, err := prog.NewBoard("")
		require.NoError(t, err)
		b.SetTier(tier)
		b.Legal(&list)
		boards[i] = b
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(boards)
	return float64(after.HeapAlloc-before.HeapAlloc) / n
}

// TestBoardMemory: a chess board in the default mode — on the tier — takes
// at most 4 KB after its first move generation (the interpreted
// incremental board keeps its holders and takes several times more).
func TestBoardMemory(t *testing.T) {
	prog := loadVariant(t, "chess")
	onTier := boardBytes(t, prog, true)
	interpreted := boardBytes(t, prog, false)
	t.Logf("chess board: %.0f bytes on the tier, %.0f interpreted (incremental)", onTier, interpreted)
	assert.LessOrEqual(t, onTier, 4096.0)
	assert.Greater(t, interpreted, onTier)
}
