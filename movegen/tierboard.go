package movegen

import (
	"fmt"
	"strings"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: the board's view of the tier. A board whose variant lowers
// hands its position to the tier (TierPosition), and takes a move the tier
// chose back as its own (FromTier): the legal move of the same effect —
// the same actions on the same squares, as the move signature sees them.

// ErrNoTier is returned for a board whose variant does not lower to the
// tier or whose tier is off (see Board.Tier).
var ErrNoTier = fmt.Errorf("movegen: the board does not use the bitboard tier")

// TierPosition returns the board's position on the bitboard tier.
func (b *Board) TierPosition() (*tier.Position, error) {
	if !b.Tier() {
		return nil, ErrNoTier
	}
	return tier.New(b.prog.tier, b.pos)
}

// FromTier returns the legal move of the board with the effect of m, a
// legal move of tp — a tier position of the board's current position.
func (b *Board) FromTier(tp *tier.Position, m tier.Move) (Move, error) {
	want := tierEffect(b.pos, b.prog, tp, m)
	b.Legal(&b.checked)
	if b.err != nil {
		return Move{}, b.err
	}
	for _, lm := range b.checked.Moves {
		if b.pos.SquareName(lm.From)+effect(b.pos, b.Actions(lm)) == want {
			return lm.Clone(), nil
		}
	}
	return Move{}, fmt.Errorf("%w: %s (%s)", ErrIllegal, want, b.FEN())
}

// tierEffect writes a tier move as effect writes the interpreter's, after
// its from square.
func tierEffect(pos *board.Position, prog *Program, tp *tier.Position, m tier.Move) string {
	var acts []Action
	for _, a := range tp.Actions(m) {
		act := Action{Kind: a.Kind.String(), Square: a.Sq}
		if a.Kind == spec.Spawn || a.Kind == spec.Promote {
			act.Piece = prog.types[a.Type].Name
		}
		acts = append(acts, act)
	}
	return pos.SquareName(m.From()) + effect(pos, acts)
}

// effect writes a move's actions as the signature sees them: a mov that a
// later mov overrides before any action touches its square is left out (a
// slide's steps), so two paths to the same change read the same.
func effect(pos *board.Position, acts []Action) string {
	var sb strings.Builder
	for i, a := range acts {
		if a.Kind == "mov" && overridden(acts[i+1:], a.Square) {
			continue
		}
		fmt.Fprintf(&sb, "/%s:%s", a.Kind, pos.SquareName(a.Square))
		if a.Piece != "" {
			sb.WriteString("=" + a.Piece)
		}
	}
	return sb.String()
}

// overridden reports whether a later mov overrides a mov to sq before an
// action touches sq.
func overridden(rest []Action, sq board.Square) bool {
	for _, a := range rest {
		if a.Kind == "mov" {
			return true
		}
		if a.Square == sq {
			return false
		}
	}
	return false
}
