package ai

import (
	"github.com/alfil-go/alfil/movegen"
	"github.com/alfil-go/alfil/tier"
)

// TierEngine searches positions of the bitboard tier (package tier): a
// variant the compiler lowered, searched on 32-bit moves and bitboards.
type TierEngine = EngineOf[*tier.Position, tier.Move, *tier.MoveList, tier.Mark]

// NewTier returns an engine for positions of p's tier (p.Tier()),
// evaluating with o.Evaluator or p's material values — the values New
// uses for boards of p, so that both engines search the same game.
func NewTier(p *movegen.Program, o OptionsOf[*tier.Position]) *TierEngine {
	o.Repetition, o.MoveRule = countRules(p, o.Repetition, o.MoveRule)
	return NewEngine[*tier.Position, tier.Move, *tier.MoveList, tier.Mark](o, NewMaterial(p).Values)
}
