package movegen

import (
	"fmt"
	"slices"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
)

// Stage: setup. A variant's position from its FEN or setup line: the
// tiles it sets and the en-passant ghosts. NewBoard and Compile read a
// setup through the same function, so a setup that compiles loads.

// position reads fen as a position of the variant: the FEN itself
// (board.Parse), the tile memories the file sets, and the en-passant
// ghosts, each given its type and checked. Compile checks the setup with
// it, so a setup that compiles always loads.
func (p *Program) position(fen string) (*board.Position, error) {
	pos, err := board.Parse(p.variant, fen)
	if err != nil {
		return nil, err
	}
	for _, t := range p.tiles {
		for r, row := range t.Rows {
			for x, v := range row {
				pos.SetTileMem(pos.Sq(x, p.Height-1-r), int64(t.Cell), int64(v))
			}
		}
	}
	if err := p.placeGhosts(pos, fen); err != nil {
		return nil, err
	}
	p.addHandPieces(pos)
	// a position may be read after its game ended: the checks given, an
	// army gone (the rules a move would have applied)
	if limit := p.variant.CheckLimit; limit > 0 {
		for _, s := range []board.Side{board.First, board.Second} {
			if pos.Result == board.Ongoing && pos.Checks[s] >= int32(limit) {
				pos.SetResult(board.WinFor(s))
			}
		}
	}
	if pos.Result == board.Ongoing {
		if r := p.extinction(pos); r != board.Ongoing {
			pos.SetResult(r)
		}
	}
	if pos.Result == board.Ongoing {
		if r := p.fullBoardEnd(pos); r != board.Ongoing {
			pos.SetResult(r)
		}
	}
	return pos, nil
}

// extinction returns the result the extinction rule gives the position
// (docs/language.md § Extinction), or board.Ongoing.
func (p *Program) extinction(pos *board.Position) board.Result {
	if s, ok := p.ExtinctSide(pos); ok {
		return resultFor(p.extinct, s)
	}
	return board.Ongoing
}

// ExtinctSide returns the side the extinction rule judges in pos, and
// false when it judges none (docs/language.md § Extinction): a side left
// with the rule's count (left N, 0 by default) or fewer of the pieces it
// counts — on the board and in hand; of any one type it names, or of its
// real pieces, or of all its pieces, together — while the other side has
// at least vs M of them, one more when the side judged is to move and
// the rule says reply. The side that has just moved is judged first, as
// Fairy-Stockfish judges (its extinctionPieceTypes, extinctionPieceCount,
// extinctionOpponentPieceCount and extinctionClaim).
func (p *Program) ExtinctSide(pos *board.Position) (board.Side, bool) {
	if !p.hasReal {
		return 0, false
	}
	// counts[s][g]: side s's pieces of group g, a type when the rule
	// counts each on its own, else 0 for all the counted types together
	var small [2][64]int
	counts := [2][]int{small[0][:], small[1][:]}
	if len(p.types) > len(small[0]) {
		counts = [2][]int{make([]int, len(p.types)), make([]int, len(p.types))}
	}
	group := func(t int) int {
		if p.extinctEach {
			return t
		}
		return 0
	}
	for id := range pos.Pieces {
		if pc := &pos.Pieces[id]; pc.OnBoard && p.counted[pc.Type] {
			counts[pc.Side][group(int(pc.Type))]++
		}
	}
	if p.variant.Hands {
		for t, counted := range p.counted {
			if counted {
				for s := range board.Side(2) {
					counts[s][group(t)] += pos.InHand(s, t)
				}
			}
		}
	}
	next := pos.ToMove
	for _, s := range [2]board.Side{next.Other(), next} {
		need := p.extinctVs
		if p.extinctReply && s == next {
			need++ // the side to move replies first: its reply can take one
		}
		for g := range counts[s] {
			if (!p.extinctEach && g > 0) || (p.extinctEach && (g >= len(p.counted) || !p.counted[g])) {
				continue
			}
			if counts[s][g] <= p.extinctLeft && counts[s.Other()][g] >= need {
				return s, true
			}
		}
	}
	return 0, false
}

// placeGhosts gives each ghost that the FEN's en-passant field created
// the ghost type whose onDeath captures on another square the field names
// (the pawn it stands for) — berolina, whose pawns double-step diagonally
// either way, has two ghost types — and checks that capturing it would
// take a piece of the side that just moved, the side it belongs to: an
// en-passant square on the wrong rank would have a pawn take its own side's
// piece.
func (p *Program) placeGhosts(pos *board.Position, fen string) error {
	var ghosts []int
	for _, t := range p.types {
		if t.Ghost {
			ghosts = append(ghosts, t.Index)
		}
	}
	for id := range pos.Pieces {
		pc := &pos.Pieces[id]
		if !pc.OnBoard || !p.types[pc.Type].Ghost {
			continue
		}
		if len(ghosts) > 1 {
			for _, t := range ghosts {
				if p.deathTakes(pos, t, pc.Side, pc.Square, true) {
					pos.SetType(int32(id), t)
					break
				}
			}
		}
		if p.deathCaptures(int(pc.Type), pc.Side, pc.Square) && !p.deathTakes(pos, int(pc.Type), pc.Side, pc.Square, false) {
			return &board.FENError{FEN: fen, Offset: board.FieldOffset(fen, 3), Msg: fmt.Sprintf(
				"bad en-passant field: capturing the ghost on %s would take no piece of the side that just moved",
				pos.SquareName(pc.Square))}
		}
	}
	return nil
}

// deathTakes reports whether an onDeath line of type t, for a piece of
// side s dying on sq, captures (with the leading normals of the line) a
// piece of side s — standing, with named, on a square of the FEN's
// en-passant field.
func (p *Program) deathTakes(pos *board.Position, t int, s board.Side, sq board.Square, named bool) bool {
	found := false
	p.eachDeathCapture(t, s, sq, func(target board.Square) {
		if pc := pos.PieceAt(target); pc != nil && pc.Side == s && (!named || slices.Contains(pos.EnPassant, target)) {
			found = true
		}
	})
	return found
}

// ghostVictims returns the squares where the ghost's onDeath would capture
// a piece of its side: what a FEN of a variant with several ghost types
// names beside the ghost (board.Variant.GhostVictims).
func (p *Program) ghostVictims(pos *board.Position, ghost *board.Piece) []board.Square {
	var out []board.Square
	p.eachDeathCapture(int(ghost.Type), ghost.Side, ghost.Square, func(sq board.Square) {
		if pc := pos.PieceAt(sq); pc != nil && pc.Side == ghost.Side {
			out = append(out, sq)
		}
	})
	return out
}

// deathCaptures reports whether an onDeath line of type t captures on some
// square for a piece of side s dying on sq.
func (p *Program) deathCaptures(t int, s board.Side, sq board.Square) bool {
	found := false
	p.eachDeathCapture(t, s, sq, func(board.Square) { found = true })
	return found
}

// eachDeathCapture calls visit with the squares where the leading normals
// of type t's onDeath lines capture, for a piece of side s dying on sq.
func (p *Program) eachDeathCapture(t int, s board.Side, sq board.Square, visit func(board.Square)) {
	for _, l := range p.types[t].OnDeath {
		cur := int(sq)
		for _, nd := range l.nodes {
			n, ok := nd.(*normal)
			if !ok {
				break
			}
			placed := n.at(s, cur)
			for i := range n.ops {
				if n.ops[i].kind == opCapt && placed[i] >= 0 {
					visit(board.Square(placed[i]))
				}
			}
			if cur = int(n.end[s][cur]); cur < 0 {
				break
			}
		}
	}
}

// castlers returns, per piece type, whether it castles (board.Variant's
// Castlers), and whether any does: a type with a castle item, a royal
// type with a move line that tests unmoved (chess.alf's king), or a type
// with a move line that tests unmoved on a square its steps reach — its
// partner's, as giveaway's king, which is not royal, tests its rook's.
func castlers(f *lang.File) ([]bool, bool) {
	out := make([]bool, len(f.Pieces))
	found := false
	for i, pc := range f.Pieces {
		royal := slices.ContainsFunc(pc.Attrs, func(a *lang.Attr) bool { return a.Name == "royal" || a.Name == "lastroyal" })
		for _, l := range pc.Moves {
			stepped := false
			for _, it := range l.Items {
				switch n := it.(type) {
				case *lang.Step:
					stepped = true
				case *lang.Simple:
					out[i] = out[i] || n.Op == "unmoved" && (royal || stepped)
				}
			}
			lang.Walk(l.Items, func(it lang.Item) {
				switch n := it.(type) {
				case *lang.Simple:
					out[i] = out[i] || royal && n.Op == "unmoved"
				case *lang.Castle:
					out[i] = true
				}
			})
		}
		found = found || out[i]
	}
	return out, found
}

// castleCorners returns, per piece type, whether a line of a royal piece,
// or of one that castles as a king (castlesAsKing), that tests unmoved
// tests `is` it too (chess.alf's king its rook): the
// types the castling field's K and Q name (board.Variant.CastleCorners)
// and that castle from a corner whatever the setup has there
// (board.Variant.CornerPartners); nil when no such line names a type.
func castleCorners(f *lang.File, byName map[string]int) []bool {
	var out []bool
	for _, pc := range f.Pieces {
		if !isRoyal(pc) && !castlesAsKing(pc) {
			continue
		}
		for _, l := range pc.Moves {
			unmoved := false
			var named []int
			lang.Walk(l.Items, func(it lang.Item) {
				switch n := it.(type) {
				case *lang.Simple:
					unmoved = unmoved || n.Op == "unmoved"
				case *lang.Named:
					if t, known := byName[n.Name]; known && n.Op == "is" {
						named = append(named, t)
					}
				}
			})
			if !unmoved {
				continue
			}
			for _, t := range named {
				if out == nil {
					out = make([]bool, len(f.Pieces))
				}
				out[t] = true
			}
		}
	}
	return out
}

// castlePartners returns, per piece type, whether a castle item names it
// (board.Variant.CastlePartners), or nil when the variant has no castle.
func castlePartners(f *lang.File, byName map[string]int) []bool {
	var out []bool
	for _, pc := range f.Pieces {
		for _, l := range pc.Moves {
			lang.Walk(l.Items, func(it lang.Item) {
				c, ok := it.(*lang.Castle)
				if !ok {
					return
				}
				if t, known := byName[c.Name]; known {
					if out == nil {
						out = make([]bool, len(f.Pieces))
					}
					out[t] = true
				}
			})
		}
	}
	return out
}

// isRoyal reports whether pc is royal or lastroyal.
func isRoyal(pc *lang.Piece) bool {
	return slices.ContainsFunc(pc.Attrs, func(a *lang.Attr) bool { return a.Name == "royal" || a.Name == "lastroyal" })
}

// castlesAsKing reports whether pc, not royal, castles: one of its lines
// tests unmoved, picks a piece up and puts it down (duck chess's king,
// Fairy-Stockfish's commoner that castles).
func castlesAsKing(pc *lang.Piece) bool {
	if isRoyal(pc) {
		return false
	}
	for _, l := range pc.Moves {
		var unmoved, pick, put bool
		lang.Walk(l.Items, func(it lang.Item) {
			if n, ok := it.(*lang.Simple); ok {
				unmoved = unmoved || n.Op == "unmoved"
				pick = pick || n.Op == "pick"
				put = put || n.Op == "put"
			}
		})
		if unmoved && pick && put {
			return true
		}
	}
	return false
}
