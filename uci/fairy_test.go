package uci_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/internal/uciclient"
	"github.com/alfil-go/alfil/movegen"
	"github.com/alfil-go/alfil/uci"
)

// TestGamesAgainstFairyStockfish plays alfil's UCI engine against
// Fairy-Stockfish in the variants both ship (those of them this build of
// it lists), alfil first: at every ply
// both list the same legal moves (go perft 1), every tenth ply they count
// the same go perft 2, and each engine's bestmove
// is a legal move to the other's rules, until the game ends (by alfil's
// rules: a game Fairy-Stockfish would play on, say to a repetition it
// scores otherwise, stops there) or 300 plies are played.
func TestGamesAgainstFairyStockfish(t *testing.T) {
	path, ok := uciclient.FairyStockfish()
	if !ok {
		t.Skip(uciclient.Missing + "; alfil's UCI engine is not played against it")
	}
	plies := 300 // to the end, in practice
	if testing.Short() || raceEnabled {
		plies = 12
	}
	for _, variant := range shared {
		t.Run(variant, func(t *testing.T) {
			src, err := examples.Source(variant)
			require.NoError(t, err)
			prog, err := movegen.Load(variant+".alf", src)
			require.NoError(t, err)
			g, err := game.New(prog, "")
			require.NoError(t, err)

			fsf := uciclient.Start(t, path)
			if !fsf.Knows(variant) {
				t.Skipf("this build of Fairy-Stockfish has no %s", variant)
			}
			fsf.Send("setoption name UCI_Variant value %s", variant)
			fsf.Send("isready")
			fsf.Until("readyok")
			var out syncBuffer
			ours := uci.New(&out)
			ours.Command("setoption name UCI_Variant value " + variant)

			for ply := 0; ply < plies && !g.Outcome().Over(); ply++ {
				var list movegen.MoveList
				g.Legal(&list)
				names := g.Board().Notation(list.Moves)
				slices.Sort(names)
				require.Equal(t, fsf.Perft1("startpos", g.Moves()...), names, "the legal moves after %v", g.Moves())

				position := "position startpos"
				if g.Len() > 0 {
					position += " moves " + strings.Join(g.Moves(), " ")
				}
				if ply%10 == 0 { // and the same go perft 2
					fsf.Send("%s", position)
					fsf.Send("go perft 2")
					lines := fsf.Until("Nodes searched")
					ours.Command(position)
					before := len(out.String())
					ours.Command("go perft 2")
					got := out.String()[before:]
					require.Contains(t, got, lines[len(lines)-1]+"\n", "go perft 2 after %v", g.Moves())
				}
				var best string
				if ply%2 == 0 {
					ours.Command(position)
					ours.Command("go movetime 30")
					best = waitBestmove(t, &out, ply/2+1)
				} else {
					fsf.Send("%s", position)
					fsf.Send("go movetime 30")
					lines := fsf.Until("bestmove")
					best = strings.Fields(lines[len(lines)-1])[1]
				}
				require.NoError(t, g.PlayMove(best), "%s's bestmove after %v", map[bool]string{true: "alfil", false: "fairy-stockfish"}[ply%2 == 0], g.Moves())
			}
			t.Logf("%s: %d plies, %v: %s", variant, g.Len(), g.Outcome(), strings.Join(g.Moves(), " "))
		})
	}
}

// waitBestmove waits until out holds the n-th bestmove line and returns
// its move.
func waitBestmove(t *testing.T, out *syncBuffer, n int) string {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		s := out.String()
		if strings.Count(s, "bestmove ") >= n {
			i := 0
			for range n {
				i += strings.Index(s[i:], "bestmove ") + len("bestmove ")
			}
			return strings.Fields(s[i:])[0]
		}
	}
	t.Fatal(fmt.Sprintf("no bestmove number %d from alfil in a minute: %q", n, out.String()))
	return ""
}

// shared are the variants alfil ships that Fairy-Stockfish plays too.
var shared = []string{"chess", "capablanca", "shatranj", "makruk", "knightmate", "horde",
	"antichess", "atomic", "3check", "kingofthehill", "amazon"}

// TestRandomGamesAgainstFairyStockfish plays random games (seeded) in the
// shared variants and compares the legal moves of both engines at every
// ply: more positions than searched games reach, the odd ones included.
func TestRandomGamesAgainstFairyStockfish(t *testing.T) {
	path, ok := uciclient.FairyStockfish()
	if !ok {
		t.Skip(uciclient.Missing + "; the random games are not compared with it")
	}
	games, plies := 4, 120
	if testing.Short() || raceEnabled {
		games, plies = 1, 30
	}
	for _, variant := range shared {
		t.Run(variant, func(t *testing.T) {
			fsf := uciclient.Start(t, path)
			if !fsf.Knows(variant) {
				t.Skipf("this build of Fairy-Stockfish has no %s", variant)
			}
			fsf.Send("setoption name UCI_Variant value %s", variant)
			src, err := examples.Source(variant)
			require.NoError(t, err)
			prog, err := movegen.Load(variant+".alf", src)
			require.NoError(t, err)
			for seed := range games {
				rng := rand.New(rand.NewPCG(uint64(seed), 17))
				g, err := game.New(prog, "")
				require.NoError(t, err)
				for ply := 0; ply < plies && !g.Outcome().Over(); ply++ {
					var list movegen.MoveList
					g.Legal(&list)
					names := g.Board().Notation(list.Moves)
					want := slices.Clone(names)
					slices.Sort(want)
					require.Equal(t, fsf.Perft1("startpos", g.Moves()...), want, "the legal moves after %v", g.Moves())
					require.NoError(t, g.PlayMove(names[rng.IntN(len(names))]))
				}
			}
		})
	}
}
