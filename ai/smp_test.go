package ai

import (
	"context"
	"flag"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/movegen"
)

// The lazy SMP measurements run only when asked for:
//
//	go test ./ai -run SMP -smp -v -timeout 60m
//
// TestSMPTimeToDepth searches every opening position below to a fixed
// depth with one thread and with two, each on a fresh engine, and prints
// the times; TestSMPMatch plays two threads against one at a fixed time a
// move, every opening once with each colour, and prints the score with
// its error bar. A fixed time is fair only on a machine with two cores
// free; on a shared machine -smp.nodes N gives each move of one thread N
// nodes and each move of two threads N times -smp.scale (their measured
// speed), which stands for the same time on two free cores.
var (
	smp         = flag.Bool("smp", false, "run the lazy SMP measurements (TestSMPTimeToDepth, TestSMPMatch)")
	smpDepth    = flag.Int("smp.depth", 5, "TestSMPTimeToDepth: the depth searched")
	smpMovetime = flag.Duration("smp.movetime", 50*time.Millisecond, "TestSMPMatch: time a move")
	smpPlies    = flag.Int("smp.plies", 160, "TestSMPMatch: plies before a game is adjudicated a draw")
	smpNodes    = flag.Uint64("smp.nodes", 0, "TestSMPMatch: nodes a move for one thread instead of -smp.movetime, and -smp.scale times as many for two")
	smpScale    = flag.Float64("smp.scale", 1.87, "TestSMPMatch with -smp.nodes: the nodes per second two threads search for one thread's one")
)

// smpOpenings are the starts of the measurement: 24 chess openings, a few
// moves each, in UCI notation.
var smpOpenings = []string{
	"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
	"e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6",
	"d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",
	"d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6",
	"e2e4 e7e6 d2d4 d7d5 b1c3 f8b4",
	"e2e4 c7c6 d2d4 d7d5 e4e5 c8f5",
	"c2c4 e7e5 b1c3 g8f6 g1f3 b8c6",
	"e2e4 e7e5 g1f3 b8c6 f1c4 f8c5",
	"d2d4 g8f6 c2c4 e7e6 b1c3 f8b4",
	"e2e4 d7d5 e4d5 d8d5 b1c3 d5a5",
	"g1f3 d7d5 g2g3 g8f6 f1g2 e7e6",
	"e2e4 e7e5 f2f4 e5f4 g1f3 g7g5",
	"d2d4 d7d5 c2c4 c7c6 g1f3 g8f6 b1c3 d5c4",
	"e2e4 c7c5 b1c3 b8c6 g2g3 g7g6",
	"d2d4 f7f5 g2g3 g8f6 f1g2 g7g6",
	"e2e4 g7g6 d2d4 f8g7 b1c3 d7d6",
	"e2e4 e7e5 g1f3 g8f6 f3e5 d7d6 e5f3 f6e4",
	"d2d4 g8f6 c2c4 c7c5 d4d5 b7b5",
	"e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 b8c6",
	"d2d4 d7d5 c1f4 g8f6 e2e3 c7c5",
	"e2e4 e7e5 d2d4 e5d4 d1d4 b8c6",
	"c2c4 c7c5 b1c3 b8c6 g2g3 g7g6",
	"e2e4 d7d6 d2d4 g8f6 b1c3 g7g6",
	"b2b3 e7e5 c1b2 b8c6 e2e3 d7d5",
}

// openingBoard returns the board after an opening's moves.
func openingBoard(t testing.TB, p *movegen.Program, opening string) *movegen.Board {
	t.Helper()
	b := mustBoard(t, p, "")
	for _, s := range strings.Fields(opening) {
		m, err := b.ParseMove(s)
		require.NoError(t, err, "%s: %s", opening, s)
		b.Make(m)
	}
	return b
}

func TestSMPTimeToDepth(t *testing.T) {
	if !*smp {
		t.Skip("a measurement: run with -smp")
	}
	prog := load(t, "chess")
	var total [2]time.Duration
	var nodes [2]uint64
	logSum, n := 0.0, 0
	for i, opening := range smpOpenings {
		var took [2]time.Duration
		for k, threads := range []int{1, 2} {
			b := openingBoard(t, prog, opening)
			e := New(prog, Options{Threads: threads})
			res, err := e.Search(context.Background(), b, Limits{Depth: *smpDepth})
			require.NoError(t, err)
			require.Equal(t, *smpDepth, res.Depth)
			took[k] = res.Elapsed
			total[k] += res.Elapsed
			nodes[k] += res.Nodes
		}
		logSum += math.Log(float64(took[0]) / float64(took[1]))
		n++
		t.Logf("position %2d: 1 thread %8v, 2 threads %8v, speed-up %.2f", i+1,
			took[0].Round(time.Millisecond), took[1].Round(time.Millisecond), float64(took[0])/float64(took[1]))
	}
	t.Logf("depth %d over %d positions: 1 thread %v (%d nodes, %.0f nodes/s), 2 threads %v (%d nodes, %.0f nodes/s)",
		*smpDepth, n, total[0].Round(time.Millisecond), nodes[0], float64(nodes[0])/total[0].Seconds(),
		total[1].Round(time.Millisecond), nodes[1], float64(nodes[1])/total[1].Seconds())
	t.Logf("time-to-depth speed-up of 2 threads: total %.2f, geometric mean %.2f",
		float64(total[0])/float64(total[1]), math.Exp(logSum/float64(n)))
}

func TestSMPMatch(t *testing.T) {
	if !*smp {
		t.Skip("a measurement: run with -smp")
	}
	prog := load(t, "chess")
	var wins, draws, losses int // of the two-thread engine
	var depths, moves [2]int    // iterations completed and moves played, by threads-1
	for i, opening := range smpOpenings {
		for twoPlays := board.First; twoPlays <= board.Second; twoPlays++ {
			b := openingBoard(t, prog, opening)
			one, two := Limits{Time: *smpMovetime}, Limits{Time: *smpMovetime}
			if *smpNodes > 0 {
				one, two = Limits{Nodes: *smpNodes}, Limits{Nodes: uint64(float64(*smpNodes) * *smpScale)}
			}
			var players [2]*Searcher
			players[twoPlays] = &Searcher{Engine: New(prog, Options{Threads: 2}), Limits: two}
			players[twoPlays.Other()] = &Searcher{Engine: New(prog, Options{Threads: 1}), Limits: one}
			for ply := 0; ply < *smpPlies && b.Status() == board.Ongoing; ply++ {
				side := b.Position().ToMove
				m, err := players[side].Choose(context.Background(), b)
				require.NoError(t, err)
				k := 0
				if side == twoPlays {
					k = 1
				}
				depths[k] += players[side].Last.Depth
				moves[k]++
				b.Make(m)
			}
			r := b.Status()
			switch r {
			case board.WinFor(twoPlays):
				wins++
			case board.WinFor(twoPlays.Other()):
				losses++
			default:
				draws++
			}
			t.Logf("opening %2d, two threads as side %d: %s", i+1, twoPlays, r)
		}
	}
	games := wins + draws + losses
	score := (float64(wins) + float64(draws)/2) / float64(games)
	// the error bar: 1.96 standard errors of the mean game score
	dev := (float64(wins)*(1-score)*(1-score) + float64(draws)*(0.5-score)*(0.5-score) + float64(losses)*score*score) / float64(games)
	margin := 1.96 * math.Sqrt(dev/float64(games))
	budget := fmt.Sprint(*smpMovetime)
	if *smpNodes > 0 {
		budget = fmt.Sprintf("%d nodes (two threads %.2f times as many)", *smpNodes, *smpScale)
	}
	t.Logf("two threads against one at %s a move, %d games: +%d =%d -%d, score %.1f%% ± %.1f%% (95%%), Elo %s",
		budget, games, wins, draws, losses, 100*score, 100*margin, eloText(score, margin))
	t.Logf("mean depth completed: one thread %.2f, two threads %.2f",
		float64(depths[0])/float64(moves[0]), float64(depths[1])/float64(moves[1]))
}

// eloText turns a score and its margin into an Elo difference with its
// interval.
func eloText(score, margin float64) string {
	elo := func(s float64) float64 {
		s = min(max(s, 1e-3), 1-1e-3)
		return -400 * math.Log10(1/s-1)
	}
	return fmt.Sprintf("%+.0f [%+.0f, %+.0f]", elo(score), elo(score-margin), elo(score+margin))
}
