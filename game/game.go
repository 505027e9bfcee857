package game

import (
	"errors"
	"fmt"
	"slices"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/movegen"
)

// Reason tells why a game ended.
type Reason uint8

// The reasons a game ends.
const (
	NotOver     Reason = iota // the game goes on
	Checkmate                 // no legal move, in check (the variant's nomoves check)
	Stalemate                 // no legal move, not in check (nomoves stalemate)
	RoyalLost                 // a side's last royal piece left the board
	Extinction                // a side is left without the pieces the extinction rule counts
	CheckCount                // a side gave the checks that win (checks N)
	MoveAction                // a move's win, lose or draw action
	Repetition                // a position occurred for the N-th time (repetition N)
	MoveRule                  // N moves of each side without a capture or a resetting move (moverule N)
	Resignation               // a player resigned (Game.Resign)
	Agreement                 // the players agreed a draw (Game.AgreeDraw)
	// the material left cannot win for either side (insufficient)
	InsufficientMaterial
	// a side left with royal pieces only, after its reply (extinction R
	// reply: shatranj's bare king)
	BareKing
	// the facing pieces still faced each other after a move (facing NAME
	// R: janggi's bikjang)
	Facing
	// a side's piece reached its goal squares (goal: racing kings)
	Goal
	// a side made its row of the connect rule (connect N: tic-tac-toe)
	Connect
	// two passes in a row (pass: othello, janggi), drawn or counted
	// (fullboard count)
	Passes
	// no empty square left under the full-board rule (fullboard R:
	// othello, ataxx)
	FullBoard
)

var reasonNames = [...]string{"not over", "checkmate", "stalemate", "royal piece lost", "extinction",
	"check count", "move action", "repetition", "move rule", "resignation", "agreement", "insufficient material", "bare king", "facing", "goal", "connect", "two passes", "full board"}

func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", r)
}

// Outcome is how a game stands: its result (board.Ongoing while it goes
// on) and why.
type Outcome struct {
	Result board.Result
	Reason Reason
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Result != board.Ongoing }

func (o Outcome) String() string {
	if !o.Over() {
		return "ongoing"
	}
	return o.Result.String() + " (" + o.Reason.String() + ")"
}

// ErrOver is returned for a move played after the game ended.
var ErrOver = errors.New("game: the game is over")

// Game is a game of a variant in progress: the start position, the moves
// played and the board after them.
type Game struct {
	prog  *movegen.Program
	board *movegen.Board
	// origin: a copy of the board at the start (Clone plays the moves on
	// a copy of it: a FEN holds no memories); start: its FEN
	origin *movegen.Board
	start  string
	plies  []ply
	// hashes: the position's hash at the start and after each ply; tier:
	// the same positions' hashes on the bitboard tier, while the board is
	// on it
	hashes, tier []uint64
	// ended: the end the players decided (resignation, agreement, a
	// claim), or a zero Outcome
	ended Outcome
	// claims: the history's rules are claimed (ClaimDraws)
	claims bool
	// outcome: the current position's, valid while known
	outcome Outcome
	known   bool
	list    movegen.MoveList
}

// ply is one move played: the move, its notation among the legal moves
// before it, and the mark that takes it back; san, its SAN once SANMoves
// has named it ("" until then).
type ply struct {
	move movegen.Move
	name string
	san  string
	mark movegen.Mark
}

// New starts a game of prog from the position fen, or from the variant's
// setup when fen is empty.
func New(prog *movegen.Program, fen string) (*Game, error) {
	b, err := prog.NewBoard(fen)
	if err != nil {
		return nil, err
	}
	return Take(b), nil
}

// Take starts a game from board b's current position, with b's settings
// (mode, tier). The game takes b over: from then on moves are played
// through the game, not on b.
func Take(b *movegen.Board) *Game {
	g := &Game{prog: b.Program(), board: b, origin: b.Clone(), start: b.FEN()}
	g.record()
	return g
}

// record notes the current position's hashes: its identity (ghosts no
// move captures left out), which the repetition rule compares.
func (g *Game) record() {
	g.hashes = append(g.hashes, g.board.IdentityHash())
	if h, ok := g.board.TierHash(); ok && len(g.tier) == len(g.hashes)-1 {
		g.tier = append(g.tier, h)
	}
}

// History returns the hashes of the positions before the current one,
// oldest first, for a search's repetition rule (ai.Limits.History): the
// board's (Board.IdentityHash, which is Board.Hash where no ghost stands
// that no move captures), or with tier the tier position's, which a search
// on the tier sees; with tier, nil when the board has not been on the
// tier the whole game.
func (g *Game) History(tier bool) []uint64 {
	n := len(g.hashes) - 1
	if !tier {
		return g.hashes[:n:n]
	}
	if len(g.tier) != len(g.hashes) {
		return nil
	}
	return g.tier[:n:n]
}

// Board returns the board of the current position. It belongs to the
// game: use it to read the position, not to play moves (Play does).
func (g *Game) Board() *movegen.Board { return g.board }

// Program returns the game's variant.
func (g *Game) Program() *movegen.Program { return g.prog }

// StartFEN returns the FEN of the position the game started from.
func (g *Game) StartFEN() string { return g.start }

// FEN returns the FEN of the current position.
func (g *Game) FEN() string { return g.board.FEN() }

// Len returns the number of moves played.
func (g *Game) Len() int { return len(g.plies) }

// Moves returns the notation of the moves played (Board.Notation's form,
// as each was written among the legal moves of its position).
func (g *Game) Moves() []string {
	out := make([]string, len(g.plies))
	for i, p := range g.plies {
		out[i] = p.name
	}
	return out
}

// Legal fills list with the legal moves of the current position; none
// once the game is over.
func (g *Game) Legal(list *movegen.MoveList) {
	if g.Outcome().Over() {
		list.Reset()
		return
	}
	g.board.Legal(list)
}

// Play plays m, which must be a legal move of the current position.
func (g *Game) Play(m movegen.Move) error {
	if g.Outcome().Over() {
		return ErrOver
	}
	g.board.Legal(&g.list)
	names := g.board.Notation(g.list.Moves)
	for i, lm := range g.list.Moves {
		if lm.Key() == m.Key() {
			g.play(lm.Clone(), names[i])
			return nil
		}
	}
	return fmt.Errorf("game: not a legal move in %s", g.board.FEN())
}

// PlayMove plays the move written s in Board.Notation's form: UCI (e2e4,
// e7e8q) or the long form of moves UCI cannot name.
func (g *Game) PlayMove(s string) error {
	if g.Outcome().Over() {
		return ErrOver
	}
	g.board.Legal(&g.list)
	for i, name := range g.board.Notation(g.list.Moves) {
		if name == s {
			g.play(g.list.Moves[i].Clone(), name)
			return nil
		}
	}
	return fmt.Errorf("game: no legal move %q in %s", s, g.board.FEN())
}

// PlaySAN plays the move written s in standard algebraic notation (Nf3,
// exd6, O-O, e8=Q; Board.ParseSAN's forms, which forgive a missing or
// extra check mark and annotations such as !?). A move SAN cannot name is
// written as Board.SAN writes it: in Notation's long form.
func (g *Game) PlaySAN(s string) error {
	if g.Outcome().Over() {
		return ErrOver
	}
	m, err := g.board.ParseSAN(s)
	if err != nil {
		return fmt.Errorf("game: %w", err)
	}
	return g.Play(m)
}

// SANMoves returns the standard algebraic notation of the moves played,
// each named among the legal moves of its position with its check or mate
// mark (Board.SAN). Naming a move costs a generation and a test of its
// check mark (Board.SANOf), which Play does not pay: the names are
// computed here, on a copy of the start position, the first time they
// are asked for, and kept.
func (g *Game) SANMoves() []string {
	out := make([]string, len(g.plies))
	named := 0
	for named < len(g.plies) && g.plies[named].san != "" {
		out[named] = g.plies[named].san
		named++
	}
	if named == len(g.plies) {
		return out
	}
	b := g.origin.Clone()
	var list movegen.MoveList
	for i := range g.plies {
		p := &g.plies[i]
		if i >= named {
			b.Legal(&list)
			for j, m := range list.Moves {
				if m.Key() == p.move.Key() {
					p.san = b.SANOf(list.Moves, j)
					break
				}
			}
			if p.san == "" {
				// the move was legal when played and the copy replays the
				// same positions: this cannot happen, but say what it is
				p.san = p.name
			}
			out[i] = p.san
		}
		b.Make(p.move)
	}
	return out
}

func (g *Game) play(m movegen.Move, name string) {
	mk := g.board.Make(m)
	g.plies = append(g.plies, ply{move: m, name: name, mark: mk})
	g.record()
	g.known = false
}

// Undo takes back the last move, or the players' decision when the game
// ended by one (a resignation, an agreed draw, a claim), and reports whether there
// was one to take back.
func (g *Game) Undo() bool {
	if g.ended.Over() {
		g.ended = Outcome{}
		g.known = false
		return true
	}
	if len(g.plies) == 0 {
		return false
	}
	last := g.plies[len(g.plies)-1]
	if err := g.board.Unmake(last.mark); err != nil {
		// the marks are the board's own, taken in order: Unmake cannot
		// refuse them
		panic(err)
	}
	g.plies = g.plies[:len(g.plies)-1]
	g.hashes = g.hashes[:len(g.hashes)-1]
	g.tier = g.tier[:min(len(g.tier), len(g.hashes))]
	g.known = false
	return true
}

// Resign ends the game as lost for side s.
func (g *Game) Resign(s board.Side) error {
	if g.Outcome().Over() {
		return ErrOver
	}
	g.ended, g.known = Outcome{board.WinFor(s.Other()), Resignation}, false
	return nil
}

// ClaimDraws sets whether the history's rules — the variant's repetition
// and move rules — end the game by themselves (false, the default, as
// engines and Fairy-Stockfish apply them) or only when a player claims
// them (true, as FIDE's threefold repetition and fifty-move rule are: a
// game of people may go on past them, and a PGN reader must follow it).
func (g *Game) ClaimDraws(on bool) {
	g.claims, g.known = on, false
}

// Claimable returns the end the history's rules give the current position
// (Repetition or MoveRule), which Claim would make the game's, or a zero
// Outcome when neither holds.
func (g *Game) Claimable() Outcome {
	if g.Outcome().Over() {
		return Outcome{}
	}
	return g.history()
}

// Claim ends the game by the history's rule that holds now (Claimable);
// an error when none does or the game is over. Undo takes a claim back.
func (g *Game) Claim() error {
	if g.Outcome().Over() {
		return ErrOver
	}
	o := g.history()
	if !o.Over() {
		return errors.New("game: no repetition or move rule to claim")
	}
	g.ended, g.known = o, false
	return nil
}

// AgreeDraw ends the game as drawn by agreement.
func (g *Game) AgreeDraw() error {
	if g.Outcome().Over() {
		return ErrOver
	}
	g.ended, g.known = Outcome{board.Draw, Agreement}, false
	return nil
}

// Outcome tells whether the game is over and why. The position decides
// first — a result a move set, no legal move, material that cannot
// win — then the history: the
// repetition rule, then the move rule, each for the side whose move
// reached it.
func (g *Game) Outcome() Outcome {
	if g.ended.Over() {
		return g.ended
	}
	if !g.known {
		g.outcome, g.known = g.compute(), true
	}
	return g.outcome
}

func (g *Game) compute() Outcome {
	b := g.board
	pos := b.Position()
	if pos.Result != board.Ongoing {
		return Outcome{pos.Result, g.resultReason()}
	}
	if r := b.Status(); r != board.Ongoing {
		if b.InCheck() {
			return Outcome{g.mateResult(r), Checkmate}
		}
		return Outcome{r, Stalemate}
	}
	if g.prog.InsufficientMaterial(pos) {
		return Outcome{board.Draw, InsufficientMaterial}
	}
	if g.claims {
		return Outcome{}
	}
	return g.history()
}

// mateResult returns the result of the checkmate on the board, r as the
// variant's nomoves check gives it, under the variant's mate rule
// (docs/language.md § The mate rule): a mate given by forbidden pieces
// alone loses for the side that gives it; with shak types, a mate stands
// only when one of the checks of the unbroken series that ended in it —
// the mating side's moves, each giving check, back to the first — was
// given by one of them (a shak), and is drawn otherwise (shatar's niol).
func (g *Game) mateResult(r board.Result) board.Result {
	shak, forbidden := g.prog.MateRule()
	if shak == nil && forbidden == nil {
		return r
	}
	mated := g.board.Position().ToMove
	checkers := g.board.CheckingTypes(mated)
	if forbidden != nil && len(checkers) > 0 && !slices.ContainsFunc(checkers, func(t int) bool { return !forbidden[t] }) {
		return board.WinFor(mated)
	}
	if shak == nil {
		return r
	}
	isShak := func(types []int) bool { return slices.ContainsFunc(types, func(t int) bool { return shak[t] }) }
	if isShak(checkers) {
		return r
	}
	// the positions before, the mated side to move every second ply:
	// replayed from the start on a copy
	c := g.origin.Clone()
	series := make([][]int, len(g.plies)+1) // checkers by ply, of the mated side's positions
	inCheck := make([]bool, len(g.plies)+1)
	for i, p := range g.plies {
		if c.ToMove() == mated {
			inCheck[i], series[i] = c.InCheck(), c.CheckingTypes(mated)
		}
		c.Make(p.move)
	}
	for i := len(g.plies) - 2; i >= 0 && inCheck[i]; i -= 2 {
		if isShak(series[i]) {
			return r
		}
	}
	return board.Draw
}

// history returns the end the history's rules give the current position:
// the repetition rule, then the move rule, each for the side whose move
// reached it; a zero Outcome when neither holds.
func (g *Game) history() Outcome {
	pos := g.board.Position()
	mover := pos.ToMove.Other() // whose move made this position
	if rule, ok := g.prog.Repetition(); ok && len(g.plies) > 0 {
		now, seen := g.hashes[len(g.hashes)-1], 0
		for _, h := range g.hashes {
			if h == now {
				seen++
			}
		}
		if seen >= rule.N {
			return Outcome{rule.ResultFor(mover), Repetition}
		}
	}
	if rule, ok := g.prog.MoveRule(); ok && len(g.plies) > 0 && int64(pos.Halfmove) >= 2*int64(rule.N) {
		return Outcome{rule.ResultFor(mover), MoveRule}
	}
	return Outcome{}
}

// resultReason tells why the position has the result a move set, from
// what the board shows after it: the checks counted, a side without its
// royal pieces or its real ones; otherwise one of the move's actions.
func (g *Game) resultReason() Reason {
	pos := g.board.Position()
	if limit := pos.V.CheckLimit; limit > 0 && (pos.Checks[0] >= int32(limit) || pos.Checks[1] >= int32(limit)) {
		return CheckCount
	}
	if _, ok := g.prog.ExtinctSide(pos); ok {
		if g.prog.ExtinctionReply() {
			return BareKing
		}
		return Extinction
	}
	for _, s := range []board.Side{board.First, board.Second} {
		// a side that had royal pieces and has none (the horde never had)
		if pos.Royals(s) == 0 && g.had(s, func(t *movegen.PieceType) bool { return t.Royal }) {
			return RoyalLost
		}
	}
	for _, s := range []board.Side{board.First, board.Second} {
		if g.prog.GoalReached(pos, s) {
			return Goal
		}
	}
	for _, s := range []board.Side{board.First, board.Second} {
		if g.prog.Connected(pos, s) {
			return Connect
		}
	}
	if pos.Passes >= 2 {
		return Passes
	}
	if g.prog.BoardFilled(pos) {
		return FullBoard
	}
	if g.board.Facing() {
		// a facing rule ended it: with a result only while they still face
		// each other after the move (movegen, facing.go)
		return Facing
	}
	return MoveAction
}

// has reports whether side s has a piece on the board whose type is
// kind; had, whether it has ever had one in the game (the position keeps
// the pieces it took off).
func (g *Game) has(s board.Side, kind func(*movegen.PieceType) bool) bool {
	return g.pieces(s, true, kind)
}

func (g *Game) had(s board.Side, kind func(*movegen.PieceType) bool) bool {
	return g.pieces(s, false, kind)
}

func (g *Game) pieces(s board.Side, onBoard bool, kind func(*movegen.PieceType) bool) bool {
	for _, pc := range g.board.Position().Pieces {
		if pc.Side == s && (pc.OnBoard || !onBoard) && kind(g.prog.Type(int(pc.Type))) {
			return true
		}
	}
	return false
}

// Clone returns an independent copy of the game, to analyse or play on in
// another goroutine. It copies the start position and plays the moves
// again (a board's undo marks are its own), so it costs a move per ply.
func (g *Game) Clone() *Game {
	c := Take(g.origin.Clone())
	c.ended, c.claims = g.ended, g.claims
	for _, p := range g.plies {
		c.play(p.move.Clone(), p.name)
		c.plies[len(c.plies)-1].san = p.san
	}
	return c
}
