package engine

import (
	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: odd captures whose conditions each read their own square only —
// board conditions, and is and unmoved, which ask what stands there:
// janggi's cannon along a palace diagonal, `corner dir piece not is
// cannon dir cannoncapt`, which jumps no cannon. The judge cannot read an
// is on the occupancy a move would leave (the type that stands on a
// square is not in it), but such a capture aimed at the king changes only
// when a move touches a square it reads: the judge watches it as it
// watches a boardOnly one, and plays the moves that touch its squares
// (judge.oddPlay). The attack test reads such a capture on the board as
// it is, so a move or drop of a royal piece to a square one of them may
// capture on is played too. The rest are judged without playing, perft's
// count by population among them.

// squareOnlyCapture marks o, an odd capture that is not boardOnly,
// squareOnly when each of its conditions reads its own square alone, and
// lists those squares in o.reads.
func squareOnlyCapture(o *oddCapture) {
	if o.boardOnly {
		return
	}
	var reads set
	for _, c := range o.s.Conds {
		if !boardCond(c.Kind) && c.Kind != spec.Is && c.Kind != spec.Unmoved {
			return
		}
		reads = reads.with(int(c.Sq))
	}
	o.squareOnly, o.reads = true, reads
}

// playsForSquares reports whether m, a move of the side to move, whose
// opponent has squareOnly captures, must be played to be judged: a move
// or drop of a royal piece to a square one of them may capture on (the
// attack test reads those on the board as it is), or one that leaves or
// reaches a square a watched squareOnly capture reads.
func (j *judge) playsForSquares(p *Position, m spec.Move) bool {
	from, to := int(m.From()), int(m.To())
	them := p.toMove.Other()
	if t := m.Drop(); t >= 0 {
		return p.r.royal[t] && p.squareOddOn(to, them) || j.oddPlay.has(to)
	}
	if p.royal.has(from) && p.squareOddOn(to, them) || j.oddPlay.has(from) || j.oddPlay.has(to) {
		return true
	}
	if acts, ok := p.scriptActs(m); ok {
		// a script may touch other squares than its from and to
		for i := range acts {
			if j.oddPlay.has(int(acts[i].Sq)) {
				return true
			}
		}
	}
	return false
}

// findHopSquare sets hopSquare for each side whose hops are not all of
// board conditions but read only board conditions and is (janggi's
// cannon, which jumps no cannon), in a variant without ghosts.
func (r *Rules) findHopSquare() {
	if r.ghostTypes != 0 {
		return
	}
	for s := range 2 {
		if !r.hasHop[s] || r.hopBoard[s] {
			continue
		}
		ok := true
		for t := range r.ntypes {
			for _, h := range r.typeHops[t][s] {
				for _, sc := range h.then {
					if sc == nil {
						continue
					}
					for _, c := range sc.Conds {
						ok = ok && (boardCond(c.Kind) || c.Kind == spec.Is)
					}
				}
			}
		}
		r.hopSquare[s] = ok
	}
}

// hopAttacksAfter reports whether a hop of them would capture the king on
// king after a plain move of another piece from from to to (one that
// moves that piece alone, maybe capturing on to): from the occupancy it
// leaves and, where the hops read is (hopSquare), with the moving piece's
// code set on to and from emptied in the board's squares while the hops
// are tested — no set, hash or journal sees it.
func (p *Position) hopAttacksAfter(from, to, king int, them board.Side) bool {
	occ, mine := p.occupied().without(from).with(to), p.side[them].without(to)
	if p.r.hopBoard[them] {
		return p.hopAttacks(king, them, occ, mine)
	}
	moving, taken := p.board[from], p.board[to]
	p.board[to], p.board[from] = moving, 0
	hit := p.hopAttacks(king, them, occ, mine)
	p.board[from], p.board[to] = moving, taken
	return hit
}

// keepsType reports whether m leaves its piece of the type it had: no
// promotion, plain or in its script (hopAttacksAfter sets the moving
// piece's code down where it lands).
func keepsType(p *Position, m spec.Move) bool {
	if line := m.Line(); line >= 0 {
		return !p.r.scripts[line].promotes
	}
	return m.Promotion() < 0
}

// squareOddOn reports whether a squareOnly capture of them whose piece
// stands where it starts may capture on sq.
func (p *Position) squareOddOn(sq int, them board.Side) bool {
	for i := range p.r.odd[them][sq] {
		if o := &p.r.odd[them][sq][i]; o.squareOnly && p.board[o.from] == code(o.typ, them) {
			return true
		}
	}
	return false
}

// exposedAfter reports whether the royal piece to guard, on king after a
// plain move from from to to (the move's own piece, when it moves it),
// stands attacked or facing (exposed) with the occupancy the move leaves
// — where the opponent's hops read is (hopSquare), with the moving
// piece's code set on to and from emptied in the board's squares while
// the test runs, as hopAttacksAfter does.
func (p *Position) exposedAfter(from, to, king int, them board.Side) bool {
	occ, mine := p.occupied().without(from).with(to), p.side[them].without(to)
	if p.r.hopBoard[them] {
		return p.exposed(king, them, occ, mine)
	}
	moving, taken := p.board[from], p.board[to]
	p.board[to], p.board[from] = moving, 0
	hit := p.exposed(king, them, occ, mine)
	p.board[from], p.board[to] = moving, taken
	return hit
}
