package brute

// invisible.alf, from its comments and docs/language.md § Invisible
// pieces: a mine (M) is invisible to the opponent. The opponent's lines
// find its square empty: their sliders pass over it, their enemy tests
// (captures, a pawn's diagonal) do not find it, and a piece of theirs
// that moves onto the square (a quiet move as they see it) takes it. Its
// own side sees it as any piece. A mine steps one square in any direction
// to a square it sees empty — an enemy mine's among them — and never
// captures otherwise.

var invisibleRules = hiddenRules{
	seen: func(p *HiddenPos, side, sq int) *HiddenPiece {
		pc := p.Cells[sq]
		if pc != nil && pc.Kind == 'M' && pc.Side != side {
			return nil // an enemy mine: empty to side
		}
		return pc
	},
	barred: func(*HiddenPos, int, int, int) bool { return false },
}

func init() {
	invisibleRules.special = func(p *HiddenPos, from int, add func(to int)) {
		side := p.Cells[from].Side
		for _, d := range hiddenAround {
			if to, ok := hiddenGrid.Step(from, d[0], d[1]); ok && invisibleRules.seen(p, side, to) == nil {
				add(to)
			}
		}
	}
}

// InvisibleMoves lists the legal moves of invisible.alf's position p by
// name, sorted.
func InvisibleMoves(p *HiddenPos) []string { return invisibleRules.names(p) }

// InvisibleLegal lists the legal moves of p, sorted by name.
func InvisibleLegal(p *HiddenPos) []HiddenMove { return invisibleRules.legal(p) }

// InvisiblePlay returns the position after the legal move named name.
func InvisiblePlay(p *HiddenPos, name string) *HiddenPos { return invisibleRules.playName(p, name) }

// InvisiblePerft counts invisible.alf's move tree from p, depth plies.
func InvisiblePerft(p *HiddenPos, depth int) int64 { return invisibleRules.perft(p, depth) }

// InvisiblePlayout plays up to plies random legal moves from p.
func InvisiblePlayout(p *HiddenPos, plies int, next func(n int) int) *HiddenPos {
	return invisibleRules.playout(p, plies, next)
}
