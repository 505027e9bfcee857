package movegen

import (
	"fmt"
	"strings"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier"
	"github.com/alfil-go/alfil/tier/spec"
)

// Stage: the board on the tier. A board whose variant lowers keeps, beside
// its board.Position, the same position on the tier, and answers from it:
// Legal, Pseudo and LegalCaptures list the tier's compact moves; Make
// plays one there and carries its actions over to the board.Position —
// the actions only, no generation — so that Position, FEN, notation and
// the marks see what they always saw; Perft counts there. SetTier(false)
// hands the board back to the interpreter. TierPosition gives a copy of
// the tier position (for a search on it), and FromTier takes a move chosen
// there back as the board's: the legal move of the same effect — the same
// actions on the same squares, as the move signature sees them.

// SetTier turns the bitboard tier on (the default) or off for this board.
// On, when the variant lowers (Program.Tier), the board's moves are the
// tier's compact moves and Perft counts there; off, the interpreter
// generates in the board's mode. Moves and lists from before the switch
// must not be played after it; marks stay valid.
func (b *Board) SetTier(on bool) {
	b.noTier = !on
	if on && b.prog.tier != nil {
		if b.fast == nil {
			b.fast = tier.NewPosition(b.prog.tier)
			b.fast.SetRecord(true) // makeTier replays what each move ran
		}
		if b.reloadTier() {
			b.keep = fullKeeper{b}
			return
		}
	}
	if b.fast != nil {
		b.fast = nil
		b.SetMode(b.mode) // the interpreter starts afresh
	}
}

// Tier reports whether the board runs on the bitboard tier: the variant
// lowers to it and SetTier has not turned it off.
func (b *Board) Tier() bool { return b.fast != nil }

// TierHash returns the hash of the board's position on the tier — the
// hash a search of TierPosition's copies sees — and false when the board
// is not on the tier.
func (b *Board) TierHash() (uint64, bool) {
	if b.fast == nil {
		return 0, false
	}
	return b.fast.Hash(), true
}

// reloadTier reads the tier position afresh from the board's and reports
// whether it could. (A position of a lowered variant always loads; were
// one not to, the board would go on interpreted rather than fail.)
func (b *Board) reloadTier() bool {
	b.tierEpoch++
	if err := b.fast.Load(b.pos); err != nil {
		b.fast = nil
		b.SetMode(b.mode)
		return false
	}
	return true
}

// undoTier takes the tier position back with the board's to mk.
func (b *Board) undoTier(mk Mark) {
	if b.fast == nil {
		return
	}
	if mk.tierEpoch != b.tierEpoch || b.fast.Unmake(mk.fast) != nil {
		b.reloadTier()
	}
}

// tierList fills list from the tier: with gen (Legal or Pseudo), or, gen
// nil, the legal captures, noting in tierAny whether any move is legal.
// It reports false, the board handed back to the interpreter, when the
// tier position cannot name every move (Overflow).
func (b *Board) tierList(list *MoveList, gen func(*tier.Position, *tier.MoveList)) bool {
	list.Reset()
	b.tierAny = false
	if gen != nil {
		gen(b.fast, &b.tmoves)
	} else {
		b.tierAny = b.fast.LegalCaptures(&b.tmoves)
	}
	if b.fast.Overflow() {
		// the position named more multi paths than moves can carry: the
		// list may lack some, so the interpreter takes the board back
		list.Reset()
		b.SetTier(false)
		return false
	}
	for _, m := range b.tmoves.Moves {
		piece := b.pos.At(m.From())
		if t := m.Drop(); t >= 0 {
			piece = b.pos.HandPieces[b.pos.ToMove][t] // a drop is a move of the hand's piece
		}
		list.Moves = append(list.Moves, Move{Piece: piece, From: m.From(), code: m,
			sig: uint64(m) * 0x9e3779b97f4a7c15})
	}
	return true
}

// makeTier plays m, a move of the tier's lists, on the tier and carries
// its actions over to the board.Position.
func (b *Board) makeTier(m Move) {
	pos := b.pos
	side := pos.ToMove
	t, from := b.prog.types[pos.Pieces[m.Piece].Type], pos.Pieces[m.Piece].Square
	b.fast.Make(m.code)
	b.acts = b.fast.AppendPlayed(b.acts[:0]) // an in … do's filtered actions as they ran
	run := actionRun{mover: m.Piece, side: side, qstart: len(b.queue), qnext: len(b.queue)}
	drop, gated := m.code.Drop() >= 0, m.code.Gate() >= 0
	for i, a := range b.acts {
		if a.Kind == spec.Capt {
			b.captTier(a.Sq) // a ghost's death from its lowered onDeath
			continue
		}
		// a drop's spawn, and a gate's (the gated move's last action): a
		// moved piece, taken from the hand — a gate's keeping the clock
		// running (gate.go)
		gate := gated && i == len(b.acts)-1
		b.act(&op{kind: tierActs[a.Kind], typ: a.Type, drop: (drop || gate) && a.Kind == spec.Spawn, gate: gate}, a.Sq, &run)
	}
	b.pickCapt(&run) // lifted and never set down: out of the game
	b.queue = b.queue[:run.qstart]
	if pc := &pos.Pieces[m.Piece]; t.Resets && (!pc.OnBoard || t.restarts(side, from, pc.Square)) {
		pos.ResetHalfmove()
	}
	b.endPly()
	if b.prog.passing != nil {
		b.countPass(m) // the passes in a row, which the FEN and the hash tell
	}
	// the checks given and the result as the tier counted them: the same
	// rules as Make's, read from the tier's attack tables
	for checks := b.fast.Checks(); pos.Checks[side] < checks[side]; {
		pos.AddCheck(side)
	}
	if r := b.fast.Result(); pos.Result == board.Ongoing && r != board.Ongoing {
		pos.SetResult(r)
	}
}

// tierActs names the interpreter's action for each of the tier's: Make on
// the tier plays its actions on the board.Position with act, as apply
// does.
var tierActs = [...]opKind{spec.Mov: opMov, spec.Capt: opCapt, spec.Del: opDel, spec.Spawn: opSpawn,
	spec.Promote: opPromote, spec.Pick: opPick, spec.Put: opPut, spec.Win: opWin, spec.Lose: opLose, spec.Draw: opDraw,
	spec.Pass: opPass, spec.NoCheck: opNoCheck, spec.Flip: opFlip, spec.Outflank: opOutflank, spec.Touch: opTouch}

// captTier captures what stands on sq; a ghost's death captures what its
// onDeath script names, as the tier lowered it.
func (b *Board) captTier(sq board.Square) {
	pos := b.pos
	id := pos.At(sq)
	if id < 0 {
		return
	}
	pc := pos.Pieces[id]
	b.capture(id)
	death := b.prog.tierSpec.Types[pc.Type].OnDeath.At[pc.Side]
	if death == nil || death[sq] == nil {
		return
	}
	for _, a := range death[sq].Acts {
		if v := pos.At(a.Sq); a.Kind == spec.Capt && v >= 0 {
			b.capture(v)
		}
	}
}

// ErrNoTier is returned for a board whose variant does not lower to the
// tier or whose tier is off (see Board.Tier).
var ErrNoTier = fmt.Errorf("movegen: the board does not use the bitboard tier")

// TierPosition returns a copy of the board's position on the bitboard
// tier.
func (b *Board) TierPosition() (*tier.Position, error) {
	if b.fast == nil {
		return nil, ErrNoTier
	}
	c := b.fast.Clone()
	c.SetRecord(false)
	return c, nil
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
	return Move{}, fmt.Errorf("%w: %s (%s)", ErrIllegal, want, b.pos.FEN())
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
