package board

// Blocking fields (docs/language.md § Blocking fields). A piece of a type
// with a field covers squares around it; a covered square is off the board
// for the steps of the field owner's opponent (and, for an All field, of
// every piece but the owner). The position keeps, per side, how many
// fields bar that side's steps on each square. The counts are derived from
// the occupants alone: wherever a move changes a square's occupant
// (fieldChanged, beside updateOccupied) the square's previous occupant's
// field is taken out and its occupant's put in, and Undo recounts the
// squares it restored (undoFields). They need nothing restored, so the
// journal holds for them only chField markers: the squares whose counts a
// move changed, which ChangesSince reports (ChangedField) for incremental
// generation.

// Field is a piece type's blocking field.
type Field struct {
	// Cover[side][sq] lists the squares the field of a piece of side
	// standing on sq covers (its steps' ends on the board).
	Cover [2][][]Square
	// All: the field bars the steps of every piece but its owner, its own
	// side's included; otherwise only the opponent's.
	All bool
}

// fieldCover is a position's count of the fields covering each square.
type fieldCover struct {
	// blocks[s][sq]: the fields that bar side s's steps onto sq
	blocks [2][]int16
	// counted[sq]: the type and side whose field recountField counted for
	// the occupant of sq (typ -1: none)
	counted []fieldOwner
}

type fieldOwner struct {
	typ  int16
	side Side
}

func newFieldCover(squares int) *fieldCover {
	f := &fieldCover{blocks: [2][]int16{make([]int16, squares), make([]int16, squares)}, counted: make([]fieldOwner, squares)}
	for i := range f.counted {
		f.counted[i].typ = -1
	}
	return f
}

func (f *fieldCover) clone() *fieldCover {
	if f == nil {
		return nil
	}
	return &fieldCover{blocks: [2][]int16{append([]int16(nil), f.blocks[0]...), append([]int16(nil), f.blocks[1]...)},
		counted: append([]fieldOwner(nil), f.counted...)}
}

// fieldChanged recounts the field of sq's occupant, in a variant with
// fields, after the occupant changed: every place of a move that calls
// updateOccupied calls it too (kept apart so that updateOccupied stays the
// leaf it was). The squares whose counts change are journaled
// (ChangedField), so that an incremental generator refreshes their readers.
func (p *Position) fieldChanged(sq Square) {
	if p.fieldsCover() != nil {
		p.recountField(sq, true)
	}
}

// recountField recounts the field of sq's occupant: what the occupant
// counted before covers no more, what stands there now covers its squares.
// With journal, every square whose count changes gets a chField entry.
func (p *Position) recountField(sq Square, journal bool) {
	f := p.fieldsCover()
	if f == nil {
		return
	}
	if o := f.counted[sq]; o.typ >= 0 {
		p.cover(o, sq, -1, journal)
		f.counted[sq].typ = -1
	}
	id := p.squares[sq]
	if id < 0 {
		return
	}
	pc := &p.Pieces[id]
	if int(pc.Type) >= len(p.V.Fields) || p.V.Fields[pc.Type] == nil {
		return
	}
	o := fieldOwner{typ: pc.Type, side: pc.Side}
	f.counted[sq] = o
	p.cover(o, sq, 1, journal)
}

// cover adds d to the counts of the squares the field of o on sq covers;
// with journal each such square gets a chField entry (any change of a
// count matters: a piece with an all field discounts its own, so a count
// going from 2 to 1 may free its step).
func (p *Position) cover(o fieldOwner, sq Square, d int16, journal bool) {
	fl := p.V.Fields[o.typ]
	for _, x := range fl.Cover[o.side][sq] {
		p.fieldsCover().blocks[o.side.Other()][x] += d
		if fl.All {
			p.fieldsCover().blocks[o.side][x] += d
		}
		if journal {
			p.journal = append(p.journal, change{kind: chField, a: int32(x)})
		}
	}
}

// FieldBlocks returns how many fields bar side s's steps onto sq: those
// of the opponent's pieces that cover it, and those of any piece whose
// field is All (the mover's own among them: the generator discounts it,
// see Covers). 0 in a variant without fields.
func (p *Position) FieldBlocks(s Side, sq Square) int {
	if p.fieldsCover() == nil {
		return 0
	}
	return int(p.fieldsCover().blocks[s][sq])
}

// Covers reports whether the field of piece id, where it stands, covers
// sq.
func (p *Position) Covers(id int32, sq Square) bool {
	pc := &p.Pieces[id]
	if !pc.OnBoard || int(pc.Type) >= len(p.V.Fields) || p.V.Fields[pc.Type] == nil {
		return false
	}
	for _, x := range p.V.Fields[pc.Type].Cover[pc.Side][pc.Square] {
		if x == sq {
			return true
		}
	}
	return false
}

// FieldAll reports whether pieces of type t have an All field.
func (v *Variant) FieldAll(t int) bool {
	return t < len(v.Fields) && v.Fields[t] != nil && v.Fields[t].All
}

// undoFields recounts, after Undo restored the journal's entries from n
// on, the fields of every square whose occupant they restored (one pass
// after the restoring, so that Undo's loop stays as it was).
func (p *Position) undoFields(n int) {
	for i := n; i < len(p.journal); i++ {
		switch c := &p.journal[i]; c.kind {
		case chSquare:
			p.recountField(Square(c.a), false)
		case chPiece:
			if c.piece.onBoard && p.squares[c.piece.square] == c.a {
				p.recountField(c.piece.square, false)
			}
		}
	}
}
