package movegen

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVacancyMonotone checks which pieces of the zoo and of
// testdata/differential/pins.alf have capturing lines that filling a
// square can never let capture elsewhere (vacancyMonotone), and which
// hooks touch only their piece's memory (memoryLocal).
func TestVacancyMonotone(t *testing.T) {
	monotone := func(p *Program) []string {
		var names []string
		for _, tp := range p.types {
			sensitive, capt := false, false
			for _, g := range tp.groups {
				sensitive = sensitive || g.fillSensitive
				capt = capt || g.capt
			}
			if capt && !sensitive {
				names = append(names, tp.Name)
			}
		}
		slices.Sort(names)
		return names
	}
	// not monotone: the pawn tests is ghost; the grasshopper and the
	// cannon need a screen; the man and the draughts king capture and go
	// on; the bomb explodes with in … do; the tank pushes; the sloth
	// reads its memory and the hunter writes it
	assert.Equal(t, []string{"bishop", "crawler", "crooked", "emperor", "flatknight", "king", "knight",
		"lion", "nightrider", "queen", "reflector", "rook", "rose", "spine", "ubiubi"}, monotone(loadVariant(t, "zoo")))

	pins, err := Load("pins.alf", variantSource(t, "pins"))
	require.NoError(t, err)
	assert.Equal(t, []string{"crawler", "emperor", "king", "mayfly", "queen", "ubiubi"}, monotone(pins))

	hooks := map[string][3]bool{} // deletes, memoryLocal, promotes per hook
	for _, tp := range pins.types {
		for i, h := range tp.Every {
			hooks[tp.Name+string(rune('0'+i))] = [3]bool{h.deletes, h.memoryLocal, h.promotes}
		}
	}
	assert.Equal(t, map[string][3]bool{
		"mayfly0": {true, false, false},
		"sloth0":  {false, true, false},
		"hunter0": {false, true, true},
		"larva0":  {false, true, false},
		"larva1":  {false, true, true},
		"ghost0":  {true, false, false},
	}, hooks)
}
