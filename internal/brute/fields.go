package brute

// fields.alf, from its comments and docs/language.md § Blocking fields: a
// warden (W) moves and captures one step in any direction, and holds a
// field on the four squares orthogonally next to it (its own square is not
// one). For the opponent's pieces a square in a warden's field is off the
// board: a step onto it fails — a slider stops before it, a leaper or a
// king cannot land there, a pawn can neither push nor capture there. The
// warden's own side is not barred. Every piece sees every piece.

// fieldsCovered reports whether a warden of side's opponent holds sq in
// its field.
func fieldsCovered(p *HiddenPos, side, sq int) bool {
	for w, pc := range p.Cells {
		if pc == nil || pc.Kind != 'W' || pc.Side == side {
			continue
		}
		for _, d := range hiddenRook {
			if x, ok := hiddenGrid.Step(w, d[0], d[1]); ok && x == sq {
				return true
			}
		}
	}
	return false
}

var fieldsRules = hiddenRules{
	seen:   func(p *HiddenPos, _ int, sq int) *HiddenPiece { return p.Cells[sq] },
	barred: func(p *HiddenPos, side, _ int, sq int) bool { return fieldsCovered(p, side, sq) },
}

func init() {
	fieldsRules.special = func(p *HiddenPos, from int, add func(to int)) {
		side := p.Cells[from].Side
		for _, d := range hiddenAround {
			to, ok := hiddenGrid.Step(from, d[0], d[1])
			if !ok || fieldsCovered(p, side, to) {
				continue
			}
			if pc := p.Cells[to]; pc == nil || pc.Side != side {
				add(to)
			}
		}
	}
}

// FieldsMoves lists the legal moves of fields.alf's position p by name,
// sorted.
func FieldsMoves(p *HiddenPos) []string { return fieldsRules.names(p) }

// FieldsLegal lists the legal moves of p, sorted by name.
func FieldsLegal(p *HiddenPos) []HiddenMove { return fieldsRules.legal(p) }

// FieldsPlay returns the position after the legal move named name.
func FieldsPlay(p *HiddenPos, name string) *HiddenPos { return fieldsRules.playName(p, name) }

// FieldsPerft counts fields.alf's move tree from p, depth plies.
func FieldsPerft(p *HiddenPos, depth int) int64 { return fieldsRules.perft(p, depth) }

// FieldsPlayout plays up to plies random legal moves from p.
func FieldsPlayout(p *HiddenPos, plies int, next func(n int) int) *HiddenPos {
	return fieldsRules.playout(p, plies, next)
}
