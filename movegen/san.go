package movegen

import (
	"fmt"
	"strings"

	"github.com/alfil-go/alfil/board"
)

// SAN returns the standard algebraic notation of each move of moves, which
// must be the legal moves of the board's position: the mover's letter
// (none for a type with the resets attribute, chess's pawn), the square
// it leaves as far as another move of its type to the same square needs
// it (file, rank or both; a pawn's capture always names its file), x for
// a capture, the square it goes to (To), =Q for a promotion, and + or #
// when the move gives check or mate; a promotion of a type that may also
// promote where it stands (g7=F) names the square it leaves when it moves
// (g7f8=F), as Fairy-Stockfish writes sittuyin's. A move of a castling
// piece (board.Variant.Castlers: the king, royal or not, as giveaway's)
// that also puts down a piece of its side (pick … put) is O-O when the
// piece it lifted stands on the higher files and O-O-O on the lower ones.
// A gated move adds / and the letter of the type it puts on its gate,
// and for castling the gate's square (Nf3/H, O-O/He1), as
// Fairy-Stockfish writes Seirawan chess. A move SAN cannot tell
// from another — the same type, squares and promotion with another
// effect, as multi-path moves may have — is written as Notation writes
// it.
func (b *Board) SAN(moves []Move) []string { return b.sanNames(moves, everyMark) }

// SANOf returns the name SAN gives moves[i] among moves, SAN(moves)[i],
// for a fraction of its cost: the check or mate mark, a legality test of
// the position after the move, is worked out for that move alone. It is
// what naming a move played takes (game.Game's SAN history).
func (b *Board) SANOf(moves []Move, i int) string {
	return b.sanNames(moves, func(j int) bool { return j == i })[i]
}

// everyMark marks every move SAN names.
func everyMark(int) bool { return true }

// sanNames is SAN, with the check and mate marks on the moves marked says
// (ParseSAN does without, nil: it reads past them).
func (b *Board) sanNames(moves []Move, marked func(i int) bool) []string {
	out := make([]string, len(moves))
	type target struct {
		typ   int16
		to    board.Square
		promo int
		wall  board.Square // the wall the move puts down, or NoSquare
	}
	info := make([]target, len(moves))
	picks := make([]board.Square, len(moves))
	for i, m := range moves {
		to, promo, picked := b.landing(m)
		wall, _ := b.WallSquare(m)
		info[i], picks[i] = target{b.pos.Pieces[m.Piece].Type, to, promo, wall}, picked
	}
	for i, m := range moves {
		out[i] = b.san(m, info[i].to, info[i].promo, picks[i], func(yield func(Move) bool) {
			for j, o := range moves {
				if j != i && info[j] == info[i] && !yield(o) {
					return
				}
			}
		})
	}
	// names that collide (before the marks) fall back to Notation's
	seen := map[string]int{}
	for _, s := range out {
		seen[s]++
	}
	var long []string
	for i, s := range out {
		switch {
		case seen[s] > 1:
			if long == nil {
				long = b.Notation(moves)
			}
			out[i] = long[i]
		case marked != nil && marked(i):
			out[i] += b.checkMark(moves[i])
		}
	}
	return out
}

// checkMark returns # when m mates, + when it checks, else "". A move
// that ends the game by a rule and gives check (three-check's third) is
// marked +, as Lichess writes it.
func (b *Board) checkMark(m Move) string {
	pos := b.pos
	mark := ""
	mk := b.Make(m)
	if (b.prog.royal || b.prog.checkable) && b.InCheck() {
		mark = "+"
		if pos.Result == board.Ongoing && b.Status() != board.Ongoing {
			mark = "#"
		}
	}
	b.Unmake(mk)
	return mark
}

// san writes move m, which goes to to promoting to promo and, when it
// puts a piece down, lifted it from picked (board.NoSquare otherwise),
// without the check marks; rivals yields the other
// legal moves of its type to the same square and promotion.
func (b *Board) san(m Move, to board.Square, promo int, picked board.Square, rivals func(func(Move) bool)) string {
	pos := b.pos
	t := b.prog.types[pos.Pieces[m.Piece].Type]
	var sb strings.Builder
	castling := false
	switch {
	case b.IsPass(m):
		sb.WriteString("--") // the null move of PGN writers
	case b.IsDrop(m):
		sb.WriteString(b.dropName(m))
	case b.prog.variant.Castlers[t.Index] && picked != board.NoSquare:
		// castling: with the partner on the higher files or the lower
		// ones (in Chess960 the king may stay where it stands)
		castling = true
		rookX, _ := pos.XY(picked)
		if fromX, _ := pos.XY(m.From); rookX > fromX {
			sb.WriteString("O-O")
		} else {
			sb.WriteString("O-O-O")
		}
	default:
		capture := b.Captures(m)
		if !t.Resets {
			sb.WriteString(t.LetterString())
		}
		if t.inPlace && promo >= 0 && to != m.From && !capture {
			// a promotion of a piece that may also promote where it
			// stands names its square (sittuyin's g7f8=F)
			sb.WriteString(pos.SquareName(m.From))
		} else {
			sb.WriteString(b.disambiguate(m, t, capture, rivals))
		}
		if capture {
			sb.WriteByte('x')
		}
		sb.WriteString(pos.SquareName(to))
		if promo >= 0 {
			sb.WriteString("=" + b.prog.types[promo].LetterString())
		}
	}
	if wall, ok := b.WallSquare(m); ok {
		sb.WriteString("," + pos.SquareName(wall)) // the wall it puts down: e4,d5
	}
	if typ, sq, ok := b.gated(m); ok {
		// the gated piece, as Fairy-Stockfish writes it: Nf3/H, and with
		// the gate's square for castling (O-O/Hh1) or a gate elsewhere
		sb.WriteString("/" + b.prog.types[typ].LetterString())
		if castling || sq != m.From {
			sb.WriteString(pos.SquareName(sq))
		}
	}
	return sb.String()
}

// disambiguate returns what of m's square SAN writes: nothing, the file,
// the rank or both — the file always for a capture by a resets type.
func (b *Board) disambiguate(m Move, t *PieceType, capture bool, rivals func(func(Move) bool)) string {
	pos := b.pos
	file, rank := pos.XY(m.From)
	any, sameFile, sameRank := false, false, false
	for o := range rivals {
		if o.From == m.From {
			continue // the same square: only Notation tells them apart
		}
		any = true
		x, y := pos.XY(o.From)
		sameFile = sameFile || x == file
		sameRank = sameRank || y == rank
	}
	name := pos.SquareName(m.From)
	fileName := pos.FileName(file)
	rankName := name[len(fileName):]
	switch {
	case !any:
		if t.Resets && capture {
			return fileName
		}
		return ""
	case !sameFile:
		return fileName
	case !sameRank:
		return rankName
	}
	return name
}

// ParseSAN finds the legal move written s in standard algebraic notation
// (SAN's form). It forgives what writers vary in: a missing or extra +
// or #, annotations (! ?), 0-0 for O-O, a missing x or =, e8Q for e8=Q.
func (b *Board) ParseSAN(s string) (Move, error) {
	var list MoveList
	b.Legal(&list)
	want := normalSAN(s, b.pos.V.Width)
	found := -1
	for i, name := range b.sanNames(list.Moves, nil) {
		if normalSAN(name, b.pos.V.Width) == want {
			if found >= 0 {
				return Move{}, fmt.Errorf("%q names more than one legal move in %s", s, b.FEN())
			}
			found = i
		}
	}
	if found < 0 {
		return Move{}, fmt.Errorf("no legal move %q in %s", s, b.FEN())
	}
	return list.Moves[found].Clone(), nil
}

// normalSAN drops what SAN writers vary in on a board width files wide:
// the x of a capture only where no file is named x.
func normalSAN(s string, width int) string {
	s = strings.TrimRight(strings.TrimSpace(s), "+#!?")
	s = strings.NewReplacer("0-0-0", "O-O-O", "0-0", "O-O", "=", "").Replace(s)
	if width < 24 {
		s = strings.ReplaceAll(s, "x", "")
	}
	return s
}
