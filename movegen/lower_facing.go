package movegen

import (
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: lowering the facing and pass rules (docs/language.md § Facing
// pieces, § Passing) to the tier's spec.Facing and spec.PassRule. The
// tier's Compile declines them beside rules it does not combine them
// with (tier/internal/engine's facing.go and pass.go), and the variant
// then stays interpreted.

// lowerFacingPass sets the variant's facing and pass rules in v.
func lowerFacingPass(p *Program, v *spec.Variant) {
	if f := p.facing; f != nil {
		v.Facing = &spec.Facing{Type: int(f.typ), Illegal: f.illegal, Result: f.result}
	}
	if p.passing != nil {
		v.Pass = &spec.PassRule{Stalemate: p.passStuck}
	}
}
