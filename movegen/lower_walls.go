package movegen

import (
	"fmt"

	"github.com/alfil-go/alfil/tier/spec"
)

// lowerWalls hands the wall rule (place NAME anywhere|shot,
// docs/language.md § Two-part turns) to the tier as spec.Variant.Wall;
// the tier's Compile refuses what it does not take beside it.
func lowerWalls(p *Program, v *spec.Variant) error {
	if !p.walls {
		return nil
	}
	if p.place == nil {
		return fmt.Errorf("a wall type without a place rule")
	}
	v.Wall = &spec.Wall{Type: p.place.wall, Anywhere: p.place.anywhere}
	return nil
}
