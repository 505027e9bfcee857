package ai

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/movegen"
)

var strength = flag.Int("strength", 0, "games per variant and side in TestStrength (default: a few; the issue's figure is 50 a side)")

// playGame plays a game between two players and returns its result
// (Ongoing when it reached the ply limit).
func playGame(t testing.TB, b *movegen.Board, players [2]Player, plies int) board.Result {
	ctx := context.Background()
	for ply := 0; ply < plies; ply++ {
		if r := b.Status(); r != board.Ongoing {
			return r
		}
		m, err := players[b.Position().ToMove].Choose(ctx, b)
		require.NoError(t, err)
		b.Make(m)
	}
	return b.Status()
}

// TestStrength plays the engine at depth 3 against the random player, and
// at depth 2 against the greedy one, as both sides, in chess, capablanca,
// checkers and mousecats (the cats at depth 13), and prints the score. It
// wants at least 95% wins against random and a majority against greedy.
// The default run plays 3 games a side; -strength 50 plays the 100
// a variant. Under the race detector the default run plays one game a
// side against greedy only: the games against random are the long ones,
// and one thread searches, so they hold nothing for the detector.
func TestStrength(t *testing.T) {
	games := *strength
	opponents := []string{"random", "greedy"}
	if games == 0 {
		games = 3
		if testing.Short() {
			t.Skip("games take seconds")
		}
		if raceEnabled {
			games, opponents = 1, []string{"greedy"}
		}
	}
	for _, variant := range []string{"chess", "capablanca", "checkers", "mousecats"} {
		prog := load(t, variant)
		for _, opp := range opponents {
			for side := board.First; side <= board.Second; side++ {
				t.Run(fmt.Sprintf("%s/%s/engine-plays-%d", variant, opp, side), func(t *testing.T) {
					rng := rand.New(rand.NewPCG(uint64(side), uint64(len(variant))))
					wins, draws, unfinished := 0, 0, 0
					for g := 0; g < games; g++ {
						e := New(prog, Options{TableBits: 16})
						depth, other := 3, Player(Random{Rand: rng})
						if opp == "greedy" {
							depth, other = 2, Greedy{Eval: e.Evaluator(), Rand: rng}
						}
						if variant == "mousecats" && side == board.Second {
							// the cats win by keeping a wall the mouse cannot
							// pass, a plan longer than three plies that material
							// and mobility do not describe: they search deeper
							// (the game's branching is tiny)
							depth = 13
						}
						var players [2]Player
						players[side] = &Searcher{Engine: e, Limits: Limits{Depth: depth}}
						players[side.Other()] = other
						b, err := prog.NewBoard("")
						require.NoError(t, err)
						switch playGame(t, b, players, 300) {
						case board.WinFor(side):
							wins++
						case board.Draw:
							draws++
						case board.Ongoing:
							unfinished++
						}
					}
					t.Logf("%s, engine as side %d against %s: %d wins, %d draws, %d unfinished of %d", variant, side, opp, wins, draws, unfinished, games)
					if opp == "random" {
						assert.GreaterOrEqual(t, wins*100, 95*games, "against random")
					} else {
						assert.Greater(t, wins*2, games, "against greedy")
					}
				})
			}
		}
	}
}
