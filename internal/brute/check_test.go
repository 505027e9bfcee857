package brute_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/ai"
	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/internal/brute"
	"github.com/alfil-go/alfil/movegen"
	"github.com/alfil-go/alfil/uci"
)

// The check rule of checkable pieces (docs/language.md § Check as its own
// attribute) on examples/variants/jaque.alf: hand-checked move sets, the
// enumerator of check.go against the engine in both interpreted modes,
// and the game, UCI and AI on top.

var checkEnumerator = enumerator[brute.CheckPos]{moves: brute.CheckMoves, play: brute.CheckPlay}

func checkPos(t *testing.T, fen string) brute.CheckPos {
	t.Helper()
	p, err := brute.CheckFromFEN(fen)
	require.NoError(t, err)
	return p
}

// checkCases are positions whose legal moves were worked out by hand from
// the rules (the reasoning is in each comment), the cases (a)-(f) of the
// design and a few more.
var checkCases = []struct {
	name, fen string
	want      []string
	inCheck   bool
}{
	// (a) the white queen on c3 is attacked by the knight on b5: only she
	// moves, and not to a3 (the knight), a5 (the prince on a6), d4 (the
	// knight) or e5 (the king on f6), though she slides through d4 and e5
	// to take the king on f6 (the prince remains: the game goes on).
	{"(a) a queen attacked by a knight", "i4k/1n4/6/2Q3/6/K4I w - - 0 1",
		[]string{"c3b2", "c3b3", "c3b4", "c3c1", "c3c2", "c3c4", "c3c5", "c3c6", "c3d2", "c3d3", "c3e1", "c3e3", "c3f3", "c3f6"}, true},
	// (b) the rook on a6 attacks the king on a1, the knight on b5 the
	// queen on c3: either moves. The king not to a2 (the rook's file);
	// the queen not to c6 (the rook's rank), a3, a5, d4 or e5; c3f6 takes
	// Black's last real piece and ends the game, so the rook on a6 that
	// would attack f6 does not matter.
	{"(b) queen and king attacked", "r4k/1n4/6/2Q3/6/K4I w - - 0 1",
		[]string{"a1b1", "a1b2", "c3b2", "c3b3", "c3b4", "c3c1", "c3c2", "c3c4", "c3c5", "c3d2", "c3d3", "c3e1", "c3e3", "c3f3", "c3f6"}, true},
	// (b') the rook on a2 attacks both the king on a1 and the queen on
	// c2; the knight on d3 covers b2, c1, c5 and f2. King: a2 (taking the
	// rook), b1. Queen: c3, c4, c6, b3, a2 (taking it), b1, d1, d3 (taking
	// the knight); not c5, c1, b2, a4 (the rook's file), d2, e2, f2 (the
	// rook's rank once she has left it).
	{"(b') one rook attacks king and queen", "5k/6/6/3n2/r1Q3/K4I w - - 0 1",
		[]string{"a1a2", "a1b1", "c2a2", "c2b1", "c2b3", "c2c3", "c2c4", "c2c6", "c2d1", "c2d3"}, true},
	// (c) the rook on f1 attacks the queen on a1, boxed in by her pawn
	// and knight: b1-e1 stay on the rook's rank and f1 is guarded by the
	// king on e2 — every move of hers is into threat, so all are legal.
	{"(c) a checked queen with only threatened squares", "3I1i/6/2K3/6/PN2k1/Q4r w - - 0 1",
		[]string{"a1b1", "a1c1", "a1d1", "a1e1", "a1f1"}, true},
	// (d) the knight on c2 attacks the king on a1, walled in by its own
	// pieces: no legal move (the knight on b1 may not answer), mate.
	{"(d) a checked king that cannot move", "k4I/6/6/6/PPn3/KN4 w - - 0 1", nil, true},
	// (e) the rook on a3 shields the queen on a1 from the rook on a6; no
	// pins: the rook moves along the third rank too. Queen a2, b1; king
	// b1, c2, d1, d2; pawn b3; rook a2, a4, a5, a6 (takes), b3-f3.
	{"(e) a rook uncovers the queen", "r3ki/6/6/R5/1P4/Q1K3 w - - 0 1",
		[]string{"a1a2", "a1b1", "a3a2", "a3a4", "a3a5", "a3a6", "a3b3", "a3c3", "a3d3", "a3e3", "a3f3", "b2b3", "c1b1", "c1c2", "c1d1", "c1d2"}, false},
	// (f) the prince on c3 is real but not checkable: the rook on c6
	// attacks him and White need not move him, and he may step to c4, on
	// the rook's file.
	{"(f) a prince left en prise", "2r2k/6/6/2I3/P5/K5 w - - 0 1",
		[]string{"a1b1", "a1b2", "a2a3", "c3b2", "c3b3", "c3b4", "c3c2", "c3c4", "c3d2", "c3d3", "c3d4"}, false},
	// (g) the pawn on e5 promotes on e6, which the knight on d4 covers: a
	// queen would be checkable there, so e5e6q is illegal; a rook or a
	// knight is not. The prince may step to e2, which the knight covers.
	{"(g) promotion into a checkable type", "k5/4P1/3n2/6/6/K4I w - - 0 1",
		[]string{"a1a2", "a1b1", "a1b2", "e5e6n", "e5e6r", "f1e1", "f1e2", "f1f2"}, false},
	// (h) the queen on a1 is not attacked, and both her moves (b1, c1)
	// are covered by the knights on a3 and d3: she cannot move. The king
	// avoids e1 and f2 (the knight on d3); the pawn on b2 takes on a3.
	{"(h) an unchecked queen with only threatened squares", "k4i/6/6/n2n2/PP4/Q2N1K w - - 0 1",
		[]string{"b2a3", "b2b3", "d1c3", "d1e3", "d1f2", "f1e2"}, false},
}

// TestCheckMoveSets checks the hand-worked sets against the enumerator
// and against the engine in both interpreted modes.
func TestCheckMoveSets(t *testing.T) {
	prog := loadShipped(t, "jaque")
	for _, c := range checkCases {
		t.Run(c.name, func(t *testing.T) {
			want := slices.Clone(c.want)
			slices.Sort(want)
			p := checkPos(t, c.fen)
			got := brute.CheckMoves(p)
			slices.Sort(got)
			assert.Equal(t, want, nilIfEmpty(got), "enumerator")
			assert.Equal(t, c.inCheck, brute.CheckInCheck(p), "enumerator's check")
			for _, mode := range []movegen.Mode{movegen.Incremental, movegen.Full} {
				b := engineBoard(t, prog, c.fen, mode)
				names, _ := legalNames(b)
				assert.Equal(t, want, nilIfEmpty(names), "%s", mode)
				assert.Equal(t, c.inCheck, b.InCheck(), "%s: InCheck", mode)
				var caps movegen.MoveList
				anyLegal := b.LegalCaptures(&caps)
				assert.Equal(t, len(want) > 0, anyLegal, "%s: LegalCaptures' answer", mode)
				var wantCaps []string
				_, moves := legalNames(b)
				for i, m := range moves {
					if b.Captures(m) {
						wantCaps = append(wantCaps, names[i])
					}
				}
				gotCaps := b.Notation(caps.Moves)
				slices.Sort(gotCaps)
				assert.Equal(t, wantCaps, nilIfEmpty(gotCaps), "%s: LegalCaptures are the legal moves that capture", mode)
			}
		})
	}
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

// TestCheckMate: a checked king that cannot move loses (nomoves check
// loss), and the game names it a checkmate; a side with no move and no
// checked piece is stalemated, a draw.
func TestCheckMate(t *testing.T) {
	prog := loadShipped(t, "jaque")
	for _, mode := range []movegen.Mode{movegen.Incremental, movegen.Full} {
		b := engineBoard(t, prog, "k4I/6/6/6/PPn3/KN4 w - - 0 1", mode)
		assert.Equal(t, board.SecondWins, b.Status(), "%s", mode)
		// SAN marks a check of a checkable piece: + when the queen is
		// attacked, # when the king is and cannot move
		b = engineBoard(t, prog, "k4I/6/3n2/6/PP4/KN4 b - - 0 1", mode)
		var list movegen.MoveList
		b.Legal(&list)
		san := b.SAN(list.Moves)
		assert.Contains(t, san, "Nc2#", "%s", mode)
		assert.Contains(t, san, "Nb3#", "%s", mode)
		b = engineBoard(t, prog, "i4k/6/3n2/2Q3/6/K4I b - - 0 1", mode)
		b.Legal(&list)
		san = b.SAN(list.Moves)
		assert.Contains(t, san, "Nb5+", "%s", mode)
		assert.Contains(t, san, "Nc6", "%s", mode)
	}
	g, err := game.New(prog, "k4I/6/6/6/PPn3/KN4 w - - 0 1")
	require.NoError(t, err)
	assert.Equal(t, game.Outcome{Result: board.SecondWins, Reason: game.Checkmate}, g.Outcome())
	// stalemate: the white king on a1, not attacked, may step nowhere
	// safe (the rook on b6 covers b1 and b2, the king on a3 a2 and b2)
	g, err = game.New(prog, "1r4/6/6/k5/6/K5 w - - 0 1")
	require.NoError(t, err)
	assert.Equal(t, game.Outcome{Result: board.Draw, Reason: game.Stalemate}, g.Outcome())
	assert.Equal(t, []string(nil), brute.CheckMoves(checkPos(t, "1r4/6/6/k5/6/K5 w - - 0 1")))
	// a real piece that cannot be checked: Black's prince on c3, his king
	// gone, is left en prise and the rook takes him — extinction, a win
	g, err = game.New(prog, "6/6/6/2i3/6/K1R3 b - - 0 1")
	require.NoError(t, err)
	require.NoError(t, g.PlayMove("c3d3")) // d3 is no safer than c3, and legal
	require.NoError(t, g.PlayMove("a1a2"))
	require.NoError(t, g.PlayMove("d3c3")) // back onto the rook's file: legal
	require.NoError(t, g.PlayMove("c1c3"))
	assert.Equal(t, game.Outcome{Result: board.FirstWins, Reason: game.Extinction}, g.Outcome())
}

// checkPerftSetup are jaque's perft counts from its setup, depth 1 on,
// as the enumerator and the engine agree on them (TestCheckTrees); the
// first two by hand: White's 6 pawn steps and 2 knight leaps (b1 to a3
// and c3), nothing checked, and Black's 8 replies to each.
var checkPerftSetup = []int64{8, 64, 653, 6344, 71234, 788962}

// checkTrapCount counts the positions of the tree from p, depth plies
// deep, at which rule 2's exception is used.
func checkTrapCount(p brute.CheckPos, depth int) int {
	if depth == 0 {
		return 0
	}
	n := 0
	if brute.CheckTrapped(p) {
		n++
	}
	for _, m := range brute.CheckMoves(p) {
		n += checkTrapCount(brute.CheckPlay(p, m), depth-1)
	}
	return n
}

// checkPlayoutPositions returns positions reached by random playouts of
// the enumerator from the setup: the ends of playouts of several lengths,
// and the first position of later seeds at which a trapped checked piece
// moves into threat (rule 2's exception).
func checkPlayoutPositions(t *testing.T, setup brute.CheckPos) []brute.CheckPos {
	var out []brute.CheckPos
	for seed, plies := range []int{6, 10, 14, 20, 26} {
		line := brute.CheckPlayout(setup, plies, uint64(seed+1))
		end := line[len(line)-1]
		if end.Over {
			end = line[len(line)-2]
		}
		out = append(out, end)
	}
	trapped := 0
	for seed := uint64(100); seed < 400 && trapped < 3; seed++ {
		for _, p := range brute.CheckPlayout(setup, 60, seed) {
			if !p.Over && brute.CheckTrapped(p) {
				out = append(out, p)
				trapped++
				break
			}
		}
	}
	require.Equal(t, 3, trapped, "playouts that reach rule 2's exception")
	return out
}

// TestCheckTrees walks the legal move trees of the engine (both modes)
// and of the enumerator side by side: from the setup to depth 4 (6
// without -short, but under the race detector), from the hand-worked
// positions and from positions of random playouts to depth 3 (4).
func TestCheckTrees(t *testing.T) {
	prog := loadShipped(t, "jaque")
	setupFEN := "rnqkir/pppppp/6/6/PPPPPP/RNQKIR w - - 0 1"
	setup := checkPos(t, setupFEN)
	depth, others := 4, 3
	if deep() {
		depth, others = 6, 4
	}
	for d := 1; d <= depth; d++ {
		require.Equal(t, checkPerftSetup[d-1], compareTree(t, prog, setupFEN, setup, checkEnumerator, d), "depth %d", d)
	}
	traps := 0
	fens := []string{}
	for _, c := range checkCases {
		fens = append(fens, c.fen)
	}
	for _, p := range checkPlayoutPositions(t, setup) {
		fens = append(fens, p.FEN())
	}
	for _, fen := range fens {
		p := checkPos(t, fen)
		leaves := compareTree(t, prog, fen, p, checkEnumerator, others)
		t.Logf("%s: perft %d = %d", fen, others, leaves)
		traps += checkTrapCount(p, others)
	}
	assert.Greater(t, traps, 10, "positions of the trees at which a trapped checked piece moves into threat")
}

// TestCheckGames plays the enumerator's random playouts in the game
// package move by move: the FEN after each move is the enumerator's
// (placement and side to move) and reads back to itself, the game is
// over exactly when the enumerator's is — by extinction, a side left with
// neither king nor prince (real pieces, which cannot be checked when not
// checkable: the prince) — or when the enumerator has no move (mate or
// stalemate).
func TestCheckGames(t *testing.T) {
	prog := loadShipped(t, "jaque")
	setup := checkPos(t, "rnqkir/pppppp/6/6/PPPPPP/RNQKIR w - - 0 1")
	ends := map[game.Reason]int{}
	games := uint64(40)
	if raceEnabled {
		games = 10
	}
	for seed := uint64(1); seed <= games; seed++ {
		g, err := game.New(prog, "")
		require.NoError(t, err)
		p := setup
		r := rand.New(rand.NewPCG(seed, 7))
		for ply := 0; ply < 200; ply++ {
			moves := brute.CheckMoves(p)
			out := g.Outcome()
			if len(moves) == 0 || p.Over {
				require.True(t, out.Over(), "seed %d ply %d: the enumerator's game is over at %s", seed, ply, p.FEN())
				ends[out.Reason]++
				if p.Over {
					assert.Equal(t, game.Extinction, out.Reason)
				} else if brute.CheckInCheck(p) {
					assert.Equal(t, game.Checkmate, out.Reason)
					assert.Equal(t, board.WinFor(checkSide(p).Other()), out.Result)
				} else {
					assert.Equal(t, game.Stalemate, out.Reason)
				}
				break
			}
			if out.Over() {
				// the history's rules (repetition, the move rule) the
				// enumerator does not keep
				require.Contains(t, []game.Reason{game.Repetition, game.MoveRule}, out.Reason)
				ends[out.Reason]++
				break
			}
			name := moves[r.IntN(len(moves))]
			require.NoError(t, g.PlayMove(name), "seed %d: %s at %s", seed, name, g.FEN())
			p = brute.CheckPlay(p, name)
			fen := strings.Fields(g.FEN())
			want := strings.Fields(p.FEN())
			require.Equal(t, want[:2], fen[:2], "seed %d after %v", seed, g.Moves())
			again, err := prog.NewBoard(g.FEN())
			require.NoError(t, err)
			require.Equal(t, g.FEN(), again.FEN())
		}
	}
	t.Log(ends)
	assert.Positive(t, ends[game.Extinction]+ends[game.Checkmate], "games decided by the rules of the variant")
}

func checkSide(p brute.CheckPos) board.Side {
	if p.Side == 'w' {
		return board.First
	}
	return board.Second
}

// TestCheckSearch: a short search of the AI finishes in both modes, on
// its own and through the UCI engine, and its principal variation replays
// as legal moves; from case (d)'s position before the mate it finds the
// mate.
func TestCheckSearch(t *testing.T) {
	prog := loadShipped(t, "jaque")
	for _, mode := range []movegen.Mode{movegen.Incremental, movegen.Full} {
		for _, fen := range []string{"rnqkir/pppppp/6/6/PPPPPP/RNQKIR w - - 0 1", "1rqkir/p1ppp1/Rp3p/2P3/1nKPPP/1NQI1R w - - 0 1", "k4I/6/3n2/6/PP4/KN4 b - - 0 1"} {
			b := engineBoard(t, prog, fen, mode)
			res, err := ai.New(prog, ai.Options{}).Search(context.Background(), b, ai.Limits{Depth: 4})
			require.NoError(t, err)
			if !strings.HasPrefix(fen, "k4I") { // a mate found ends the search
				require.Equal(t, 4, res.Depth, "%s %s", mode, fen)
			}
			require.NotEmpty(t, res.PV)
			replay := engineBoard(t, prog, fen, mode)
			for _, name := range res.PV {
				m, err := replay.ParseMove(name)
				require.NoError(t, err, "%s: PV %v", fen, res.PV)
				_, err = replay.Play(m)
				require.NoError(t, err, "%s: PV %v", fen, res.PV)
			}
			if strings.HasPrefix(fen, "k4I") {
				assert.Equal(t, 1, res.MateIn(), "%s: %s, PV %v", mode, fen, res.PV)
			}
		}
	}
	var out strings.Builder
	in := strings.NewReader("uci\nsetoption name UCI_Variant value jaque\nposition startpos moves a2a3 b5b4\ngo depth 3\n")
	require.NoError(t, uci.New(&out).Run(in))
	assert.Contains(t, out.String(), "var jaque")
	assert.Regexp(t, `bestmove [a-f][1-6][a-f][1-6]`, out.String())
}
