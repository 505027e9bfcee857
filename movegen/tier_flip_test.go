package movegen

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTierFlipVariantsLower: the board-filling games — ataxx's clones
// and jumps with their ring of flips, othello's outflanking drops, drops
// start, drops free, the pass rule and fullboard count — run on the
// bitboard tier (lower_flip.go).
func TestTierFlipVariantsLower(t *testing.T) {
	for _, name := range []string{"ataxx", "flipello", "flipello10", "flipersi"} {
		r, why := loadVariant(t, name).Tier()
		require.NoError(t, why, name)
		require.NotNil(t, r, name)
	}
}
