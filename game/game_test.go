package game_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/movegen"
)

func load(t testing.TB, name string) *movegen.Program {
	t.Helper()
	src, err := examples.Source(name)
	require.NoError(t, err)
	prog, err := movegen.Load(name+".alf", src, movegen.WithLoader(examples.Loader))
	require.NoError(t, err)
	return prog
}

func newGame(t testing.TB, variant, fen string) *game.Game {
	t.Helper()
	g, err := game.New(load(t, variant), fen)
	require.NoError(t, err)
	return g
}

func playAll(t testing.TB, g *game.Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		require.NoError(t, g.PlayMove(m), "after %v", g.Moves())
	}
}

// TestOutcomes: each way a game ends, from the position or from the
// history, with its result and reason.
func TestOutcomes(t *testing.T) {
	tests := []struct {
		name, variant, fen string
		moves              []string
		want               game.Outcome
	}{
		{"fool's mate", "chess", "", []string{"f2f3", "e7e5", "g2g4", "d8h4"},
			game.Outcome{board.SecondWins, game.Checkmate}},
		{"stalemate at the start", "chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", nil,
			game.Outcome{board.Draw, game.Stalemate}},
		{"threefold repetition", "chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
			[]string{"e1e2", "e8e7", "e2e1", "e7e8", "e1e2", "e8e7", "e2e1", "e7e8"},
			game.Outcome{board.Draw, game.Repetition}},
		{"the start position a third time", "chess", "",
			[]string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"},
			game.Outcome{board.Draw, game.Repetition}},
		{"fifty moves", "chess", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", []string{"a1a2"},
			game.Outcome{board.Draw, game.MoveRule}},
		{"mate on the hundredth ply is mate", "chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", []string{"a1a8"},
			game.Outcome{board.FirstWins, game.Checkmate}},
		// jesonmor's goal … hold: the knight on e5 wins as its side's turn
		// begins there, not as it arrives
		{"jesonmor: the knight stands through the reply", "jesonmor", "n8/9/3n5/9/9/5N3/5N3/9/9 w - - 0 1", []string{"f4e6", "d7e5", "f3e5", "a9b7"},
			game.Outcome{board.FirstWins, game.Goal}},
		{"jesonmor: the arrival not answered", "jesonmor", "n8/9/3n5/9/9/5N3/5N3/9/9 w - - 0 1", []string{"f4e6", "d7e5", "e6f8"},
			game.Outcome{board.SecondWins, game.Goal}},
		{"the hill", "kingofthehill", "4k3/8/8/8/8/3K4/8/8 w - - 0 1", []string{"d3d4"},
			game.Outcome{board.FirstWins, game.MoveAction}},
		{"antichess: the last piece taken wins", "antichess", "8/8/8/8/8/8/1p6/2B5 w - - 0 1", []string{"c1b2"},
			game.Outcome{board.SecondWins, game.Extinction}},
		// a capture in atomic takes the capturer off the board too; it is
		// written to the square it takes, as Fairy-Stockfish writes it
		{"atomic: the king blown up", "atomic", "4k3/4p3/8/8/8/8/8/4Q1K1 w - - 0 1", []string{"e1e7"},
			game.Outcome{board.FirstWins, game.RoyalLost}},
		{"the horde's last pawn taken", "horde", "4k3/8/8/8/8/8/3P4/2q5 b - - 0 1", []string{"c1d2"},
			game.Outcome{board.SecondWins, game.Extinction}},
		{"third check", "3check", "4k3/8/8/8/8/8/8/3QK3 w - - 1+3 0 1", []string{"d1d8"},
			game.Outcome{board.FirstWins, game.CheckCount}},
		{"chess: king and knight against king", "chess", "4k3/8/8/8/8/8/r7/1N2K3 w - - 0 1", []string{"b1a3", "a2a3", "e1d2", "a3a1", "d2c2", "a1b1", "c2b1"},
			game.Outcome{board.Draw, game.InsufficientMaterial}},
		{"chess: the queen taken leaves bishops of one color", "chess", "4k3/8/2b5/8/8/8/6q1/4KB2 w - - 0 1", []string{"f1g2"},
			game.Outcome{board.Draw, game.InsufficientMaterial}},
		{"capablanca: king and knight against king", "capablanca", "5k4/10/10/10/10/7c2/10/4K1N3 w - - 0 1", []string{"g1h3"},
			game.Outcome{board.Draw, game.InsufficientMaterial}},
		{"makruk: bare kings", "makruk", "4k3/8/8/8/8/8/8/3rK3 w - - 0 1", []string{"e1d1"},
			game.Outcome{board.Draw, game.InsufficientMaterial}},
		// shatranj's bare king: the bared side replies; it loses unless its
		// reply bares the other king, which draws (king against king)
		{"shatranj: bared, and the reply saves nothing", "shatranj", "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1", []string{"e1e2", "e8d8"},
			game.Outcome{board.FirstWins, game.BareKing}},
		{"shatranj: bared, and the reply bares the other king", "shatranj", "8/8/8/8/8/1k6/r7/R6K w - - 0 1", []string{"a1a2", "b3a2"},
			game.Outcome{board.Draw, game.InsufficientMaterial}},
		// extinction by piece type (docs/language.md § Extinction): kinglet's
		// last pawn taken; extinction chess's only queen; losers' side
		// left with its king alone wins
		{"kinglet: the last pawn taken", "kinglet", "4k3/8/8/8/8/8/p6P/R3K3 w - - 0 1", []string{"a1a2"},
			game.Outcome{board.FirstWins, game.Extinction}},
		{"extinction: the only queen taken", "extinction", "rnb1kbnr/pppppppp/8/8/7q/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1", []string{"h1h4"},
			game.Outcome{board.FirstWins, game.Extinction}},
		{"threekings: one king of three taken", "threekings", "knbqkbnk/pppppppp/8/8/8/6N1/PPPPPPP1/KNBQKB1K w - - 0 1", []string{"g3h5", "g7g6", "h5f6", "e7e6", "f6e8"},
			game.Outcome{board.FirstWins, game.Extinction}},
		{"losers: bared", "losers", "4k3/8/8/8/8/8/1r6/R3K3 w - - 0 1", []string{"e1d1", "b2a2", "a1a2"},
			game.Outcome{board.SecondWins, game.Extinction}},
		// dobutsu: an unattacked lion on its far rank wins, for the side
		// that moved it there or the side to move; both at once draw
		// (Fairy-Stockfish's test cases)
		{"dobutsu: the side to move's lion is safe on its far rank", "dobutsu", "1L1/1g1/1G1/1l1[] w - - 0 1", []string{"b2a2"},
			game.Outcome{board.SecondWins, game.MoveAction}},
		{"dobutsu: the mover's lion is left safe", "dobutsu", "1L1/1g1/1G1/1l1[] w - - 0 1", []string{"b4a4"},
			game.Outcome{board.FirstWins, game.MoveAction}},
		{"dobutsu: both lions safe on their far ranks", "dobutsu", "1L1/1g1/1G1/1l1[] w - - 0 1", []string{"b2b3"},
			game.Outcome{board.Draw, game.MoveAction}},
		{"dobutsu: the lion taken", "dobutsu", "1l1/1G1/3/1L1[] w - - 0 1", []string{"b3b4"},
			game.Outcome{board.FirstWins, game.Extinction}},
		{"shatranj: bared by a side with two pieces", "shatranj", "4k3/8/8/8/8/8/4r3/RR2K3 w - - 0 1", []string{"e1e2"},
			game.Outcome{board.FirstWins, game.BareKing}},
		// janggi's bikjang: a soldier's step makes the generals face each
		// other, and the pass that answers it ends the game
		{"janggi: bikjang answered by a pass", "janggi", "4k4/9/9/9/4p4/9/9/9/4K4/9 b - - 0 1", []string{"e6d6", "e2e2"},
			game.Outcome{board.Draw, game.Facing}},
	}
	for _, c := range tests {
		for _, onTier := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/tier=%v", c.name, onTier), func(t *testing.T) {
				b, err := load(t, c.variant).NewBoard(c.fen)
				require.NoError(t, err)
				b.SetTier(onTier)
				outcome(t, game.Take(b), c.moves, c.want)
			})
		}
	}
}

// outcome plays moves in g and checks that the game ends with want after
// the last.
func outcome(t *testing.T, g *game.Game, moves []string, want game.Outcome) {
	t.Helper()
	for i, m := range moves {
		require.False(t, g.Outcome().Over(), "over before move %d: %v", i+1, g.Outcome())
		require.NoError(t, g.PlayMove(m))
	}
	assert.Equal(t, want, g.Outcome())
	assert.ErrorIs(t, g.Resign(board.First), game.ErrOver)
	var list movegen.MoveList
	g.Legal(&list)
	assert.Zero(t, list.Len(), "a finished game has no legal moves")
}

// TestNotOver: positions that look finished and are not — material that
// can still win, in the variant that reads it so, and a bared king that
// has its reply.
func TestNotOver(t *testing.T) {
	tests := []struct{ name, variant, fen string }{
		{"bishops on squares of both colors", "chess", "4k3/8/2b5/8/8/8/8/2B1K3 w - - 0 1"},
		{"two knights", "chess", "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1"},
		{"a knight each", "chess", "4k1n1/8/8/8/8/8/8/1N2K3 w - - 0 1"},
		{"a pawn", "chess", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1"},
		{"bare kings still race for the hill", "kingofthehill", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
		{"a bishop still gives checks", "3check", "4k3/8/8/8/8/8/8/2B1K3 w - - 3+3 0 1"},
		{"a nightrider mates with its king", "nightrider", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1"},
		{"bared by a side with one piece: the reply comes", "shatranj", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1"},
	}
	for _, c := range tests {
		t.Run(c.name, func(t *testing.T) {
			g := newGame(t, c.variant, c.fen)
			assert.Equal(t, game.Outcome{}, g.Outcome())
			var list movegen.MoveList
			g.Legal(&list)
			assert.NotZero(t, list.Len())
		})
	}
}

// TestHalfmoveClockResets: a pawn move restarts the move rule's count, so
// fifty moves are counted from it.
func TestHalfmoveClockResets(t *testing.T) {
	g := newGame(t, "chess", "4k3/8/8/8/8/8/P7/4K3 w - - 98 80")
	playAll(t, g, "a2a3", "e8e7")
	assert.False(t, g.Outcome().Over())
	assert.Equal(t, int32(1), g.Board().Position().Halfmove)
}

// TestUndo: Undo takes moves back one at a time, then the players'
// decisions, and the outcome follows.
func TestUndo(t *testing.T) {
	g := newGame(t, "chess", "")
	playAll(t, g, "f2f3", "e7e5", "g2g4", "d8h4")
	require.True(t, g.Outcome().Over())
	assert.ErrorIs(t, g.PlayMove("a2a3"), game.ErrOver)

	require.True(t, g.Undo())
	assert.False(t, g.Outcome().Over())
	assert.Equal(t, []string{"f2f3", "e7e5", "g2g4"}, g.Moves())
	require.NoError(t, g.Resign(board.Second))
	assert.Equal(t, game.Outcome{board.FirstWins, game.Resignation}, g.Outcome())
	require.True(t, g.Undo(), "the resignation is taken back")
	require.NoError(t, g.AgreeDraw())
	assert.Equal(t, game.Outcome{board.Draw, game.Agreement}, g.Outcome())
	require.True(t, g.Undo())
	for g.Len() > 0 {
		require.True(t, g.Undo())
	}
	assert.False(t, g.Undo())
	assert.Equal(t, g.StartFEN(), g.FEN())
}

// TestRepetitionAfterUndo: positions taken back no longer count.
func TestRepetitionAfterUndo(t *testing.T) {
	g := newGame(t, "chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	shuffle := []string{"e1e2", "e8e7", "e2e1", "e7e8"}
	playAll(t, g, shuffle...)
	playAll(t, g, shuffle...)
	require.Equal(t, game.Repetition, g.Outcome().Reason)
	g.Undo()
	assert.False(t, g.Outcome().Over())
	playAll(t, g, "e7d8")
	assert.False(t, g.Outcome().Over())
}

// TestPlayChecks: Play takes only the legal moves of the position.
func TestPlayChecks(t *testing.T) {
	g := newGame(t, "chess", "")
	other := newGame(t, "chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	var list movegen.MoveList
	other.Legal(&list)
	var rook movegen.Move
	for _, m := range list.Moves {
		if m.From == 0 {
			rook = m
			break
		}
	}
	assert.Error(t, g.Play(rook), "a rook move from a1 in the start position")
	assert.Error(t, g.PlayMove("e2e5"))
	g.Legal(&list)
	require.NoError(t, g.Play(list.Moves[0]))
	assert.Equal(t, 1, g.Len())
}

// TestClone: a clone plays on without touching the original.
func TestClone(t *testing.T) {
	g := newGame(t, "chess", "")
	playAll(t, g, "e2e4", "e7e5")
	c := g.Clone()
	assert.Equal(t, g.FEN(), c.FEN())
	playAll(t, c, "g1f3")
	assert.Equal(t, 2, g.Len())
	assert.Equal(t, 3, c.Len())
	require.True(t, c.Undo())
	assert.Equal(t, g.FEN(), c.FEN())
	assert.Equal(t, g.Board().Hash(), c.Board().Hash())
}

// TestBoardFillingEnds: othello ends when neither side can drop (two
// passes in a row, counted: fullboard count) and ataxx when its last
// square fills; each says so, not "move action".
func TestBoardFillingEnds(t *testing.T) {
	for _, c := range []struct {
		variant, fen string
		plies        int
		want         game.Outcome
	}{
		{"flipello", "8/8/8/3PP3/3PP3/8/8/p7[PPPPPPPPPPpppppppppp] w - - 0 1", 2,
			game.Outcome{board.FirstWins, game.Passes}},
		{"ataxx", "PPPPPPP/ppppppp/PPPPPPP/ppppppp/PPPPPPP/ppppppp/PPPPPP1 w - - 0 1", 1,
			game.Outcome{board.FirstWins, game.FullBoard}},
	} {
		g := newGame(t, c.variant, c.fen)
		var list movegen.MoveList
		for range c.plies {
			require.False(t, g.Outcome().Over(), "%s: over after %v", c.variant, g.Moves())
			g.Legal(&list)
			require.NotZero(t, list.Len(), "%s after %v", c.variant, g.Moves())
			m := list.Moves[0]
			for i, name := range g.Board().Notation(list.Moves) {
				if strings.Contains(name, "@") {
					m = list.Moves[i] // a drop: ataxx's clone fills a square, a jump leaves one
				}
			}
			require.NoError(t, g.Play(m))
		}
		assert.Equal(t, c.want, g.Outcome(), "%s after %v", c.variant, g.Moves())
	}
}

// TestCloneEveryVariant: in every shipped variant a clone, which replays
// the game's moves on a board set up afresh, reaches the same position
// with the same moves, and plays on — moves the bitboard tier names by a
// number its variant keeps (checkers' capture chains, duck chess's turns)
// included; SAN history replays them too. A chain's number once belonged
// to the position that named it, and the replay panicked.
func TestCloneEveryVariant(t *testing.T) {
	for _, name := range examples.Names() {
		g := newGame(t, name, "")
		var list, again movegen.MoveList
		for ply := 0; ply < 40 && !g.Outcome().Over(); ply++ {
			g.Legal(&list)
			if list.Len() == 0 {
				break
			}
			require.NoError(t, g.Play(list.Moves[(ply*13+5)%list.Len()]), "%s after %v", name, g.Moves())
			if ply%8 != 7 {
				continue
			}
			c := g.Clone()
			require.Equal(t, g.FEN(), c.FEN(), "%s: the clone after %v", name, g.Moves())
			g.Legal(&list)
			c.Legal(&again)
			require.Equal(t, g.Board().Notation(list.Moves), c.Board().Notation(again.Moves), "%s: the clone's moves after %v", name, g.Moves())
			if again.Len() > 0 {
				require.NoError(t, c.Play(again.Moves[again.Len()-1]), "%s: the clone plays on after %v", name, g.Moves())
			}
			assert.Len(t, g.SANMoves(), g.Len(), "%s: SAN history", name)
		}
	}
}

// Fool's mate: the game knows it is over, who won and why.
func Example() {
	src, err := examples.Source("chess")
	if err != nil {
		panic(err)
	}
	prog, err := movegen.Load("chess.alf", src)
	if err != nil {
		panic(err)
	}
	g, err := game.New(prog, "")
	if err != nil {
		panic(err)
	}
	for _, m := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		if err := g.PlayMove(m); err != nil {
			panic(err)
		}
	}
	fmt.Println(g.Moves())
	fmt.Println(g.Outcome())
	// Output:
	// [f2f3 e7e5 g2g4 d8h4]
	// 0-1 (checkmate)
}

// TestClonesInGoroutines: clones of one game play on in goroutines of
// their own (run with -race), the original untouched.
func TestClonesInGoroutines(t *testing.T) {
	g := newGame(t, "chess", "")
	playAll(t, g, "e2e4", "c7c5")
	fen := g.FEN()
	done := make(chan error)
	for i := range 4 {
		c := g.Clone()
		go func() {
			var list movegen.MoveList
			for ply := 0; ply < 40 && !c.Outcome().Over(); ply++ {
				c.Legal(&list)
				if err := c.Play(list.Moves[(ply*7+i)%list.Len()]); err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	for range 4 {
		require.NoError(t, <-done)
	}
	assert.Equal(t, fen, g.FEN())
}

// TestFinishedFEN: a position read after its game ended is over at once,
// with no legal moves, on the tier and in the interpreter: the third check
// given, the horde gone, the antichess side that lost everything.
func TestFinishedFEN(t *testing.T) {
	for _, c := range []struct {
		variant, fen string
		want         game.Outcome
	}{
		{"3check", "4k3/8/8/8/8/8/8/3QK3 b - - 0+3 0 1", game.Outcome{board.FirstWins, game.CheckCount}},
		{"horde", "4k3/8/8/8/8/8/8/8 w - - 0 1", game.Outcome{board.SecondWins, game.Extinction}},
		{"antichess", "8/8/8/8/8/8/8/2B5 b - - 0 1", game.Outcome{board.SecondWins, game.Extinction}},
		// bared by two pieces: no reply bares them both
		{"shatranj", "4k3/8/8/8/8/8/8/RR2K3 b - - 0 1", game.Outcome{board.FirstWins, game.BareKing}},
		// bared, and the reply has been played
		{"shatranj", "3k4/8/8/8/8/8/8/R3K3 w - - 0 1", game.Outcome{board.FirstWins, game.BareKing}},
	} {
		for _, onTier := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/tier=%v", c.variant, onTier), func(t *testing.T) {
				b, err := load(t, c.variant).NewBoard(c.fen)
				require.NoError(t, err)
				b.SetTier(onTier)
				g := game.Take(b)
				assert.Equal(t, c.want, g.Outcome())
				var list movegen.MoveList
				b.Legal(&list)
				assert.Zero(t, list.Len(), "the board lists no moves either")
			})
		}
	}
}

// TestClaimDraws: with the history's rules claimed, a game goes on past a
// threefold repetition and fifty moves; Claimable tells, Claim ends it,
// Undo takes the claim back.
func TestClaimDraws(t *testing.T) {
	g := newGame(t, "chess", "4k3/8/8/8/8/8/8/R3K3 w - - 90 80")
	g.ClaimDraws(true)
	shuffle := []string{"e1e2", "e8e7", "e2e1", "e7e8"}
	playAll(t, g, shuffle...)
	playAll(t, g, shuffle...)
	assert.False(t, g.Outcome().Over(), "threefold, not claimed")
	assert.Equal(t, game.Outcome{board.Draw, game.Repetition}, g.Claimable())
	playAll(t, g, "a1a2", "e8d8")
	assert.Equal(t, game.Outcome{board.Draw, game.MoveRule}, g.Claimable(), "past fifty moves")
	assert.False(t, g.Outcome().Over())
	require.NoError(t, g.Claim())
	assert.Equal(t, game.Outcome{board.Draw, game.MoveRule}, g.Outcome())
	assert.ErrorIs(t, g.Claim(), game.ErrOver)
	require.True(t, g.Undo(), "the claim is taken back")
	assert.False(t, g.Outcome().Over())
	assert.Equal(t, g.Claimable(), g.Clone().Claimable(), "a clone claims alike")

	fresh := newGame(t, "chess", "")
	fresh.ClaimDraws(true)
	assert.Zero(t, fresh.Claimable())
	assert.Error(t, fresh.Claim(), "nothing to claim")
	fresh.ClaimDraws(false)
	playAll(t, fresh, "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8")
	assert.Equal(t, game.Outcome{board.Draw, game.Repetition}, fresh.Outcome(), "applied by itself again")
}
