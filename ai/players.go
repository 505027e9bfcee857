package ai

import (
	"context"
	"math/rand/v2"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/movegen"
)

// Player chooses moves.
type Player interface {
	// Choose returns a legal move of the side to move, detached from the
	// board's storage; or ErrNoMoves, or the board's budget error (see
	// movegen.Board.Err).
	Choose(ctx context.Context, b *movegen.Board) (movegen.Move, error)
}

// Random plays a uniformly random legal move.
type Random struct{ Rand *rand.Rand }

// Choose implements Player.
func (r Random) Choose(_ context.Context, b *movegen.Board) (movegen.Move, error) {
	var list movegen.MoveList
	b.Legal(&list)
	if err := b.Err(); err != nil {
		return movegen.Move{}, err
	}
	if list.Len() == 0 || b.Position().Result != board.Ongoing {
		return movegen.Move{}, ErrNoMoves
	}
	return list.Moves[r.Rand.IntN(list.Len())].Clone(), nil
}

// Greedy looks one ply ahead: it plays a move that wins at once if there
// is one, and otherwise the move after which the evaluation (and what the
// evaluation hook credits the move) is best for it, choosing at random
// among equals.
type Greedy struct {
	Eval Evaluator
	Rand *rand.Rand
}

// Choose implements Player.
func (g Greedy) Choose(_ context.Context, b *movegen.Board) (movegen.Move, error) {
	var list movegen.MoveList
	b.Legal(&list)
	if err := b.Err(); err != nil {
		return movegen.Move{}, err
	}
	if list.Len() == 0 || b.Position().Result != board.Ongoing {
		return movegen.Move{}, ErrNoMoves
	}
	us := b.Position().ToMove
	best, ties := -infinity, 0
	var choice movegen.Move
	for _, m := range list.Moves {
		before := b.EvalHook()
		mk := b.Make(m)
		var score int
		switch r := b.Status(); r {
		case board.Ongoing:
			// the hook credits the mover; no evaluation outranks a win
			score = clampEval(-clampEval(g.Eval.Evaluate(b)) + b.EvalHook() - before)
		default:
			score = resultScore(r, us, 0)
		}
		b.Unmake(mk)
		switch {
		case score > best:
			best, ties, choice = score, 1, m
		case score == best:
			ties++
			if g.Rand.IntN(ties) == 0 { // reservoir: each equal move as likely
				choice = m
			}
		}
	}
	if err := b.Err(); err != nil {
		return movegen.Move{}, err
	}
	return choice.Clone(), nil
}

// Searcher plays the engine's choice under fixed limits.
type Searcher struct {
	Engine *Engine
	// Tier, when set, searches instead the boards that use the bitboard
	// tier (movegen.Board.Tier) on their tier position, and plays the
	// board's move of the same effect.
	Tier   *TierEngine
	Limits Limits
	// Game, when set, is the game whose current position Choose is given:
	// its history goes to the search's repetition rule (Limits.History).
	Game *game.Game
	// Last is the result of the last search, for printing.
	Last Result
}

// Choose implements Player.
func (s *Searcher) Choose(ctx context.Context, b *movegen.Board) (movegen.Move, error) {
	if s.Tier != nil && b.Tier() {
		return s.chooseOnTier(ctx, b)
	}
	res, err := s.Engine.Search(ctx, b, s.limits(false))
	if err != nil {
		return movegen.Move{}, err
	}
	s.Last = res
	return res.Move, nil
}

// limits returns the search limits, with the game's history for a search
// on the tier or on the board.
func (s *Searcher) limits(tier bool) Limits {
	lim := s.Limits
	if s.Game != nil {
		lim.History = s.Game.History(tier)
	}
	return lim
}

// chooseOnTier searches b's tier position and returns b's move of the
// same effect as the move found.
func (s *Searcher) chooseOnTier(ctx context.Context, b *movegen.Board) (movegen.Move, error) {
	tp, err := b.TierPosition()
	if err != nil {
		return movegen.Move{}, err
	}
	res, err := s.Tier.Search(ctx, tp, s.limits(true))
	if err != nil {
		return movegen.Move{}, err
	}
	s.Last = Result{Name: res.Name, Score: res.Score, Depth: res.Depth, PV: res.PV, Nodes: res.Nodes, Elapsed: res.Elapsed}
	if res.Move == 0 { // no legal move: nothing to map
		return movegen.Move{}, nil
	}
	m, err := b.FromTier(tp, res.Move)
	if err != nil {
		return movegen.Move{}, err
	}
	s.Last.Move, s.Last.Name = m, b.MoveString(m)
	return m, nil
}
