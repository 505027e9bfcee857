package uci_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/internal/ffishoracle"
	"github.com/alfil-go/alfil/internal/uciclient"
	"github.com/alfil-go/alfil/movegen"
)

// uncovered returns, for each shared variant the UCI binary does not
// check (it has no such variant or plays it by older rules:
// skipOldRules), why; with no binary, every shared variant.
func uncovered(t *testing.T) map[string]string {
	t.Helper()
	why := map[string]string{}
	path, ok := uciclient.FairyStockfish()
	if !ok {
		for _, v := range shared {
			why[v] = uciclient.Missing
		}
		return why
	}
	fsf := uciclient.Start(t, path)
	for _, v := range shared {
		name, c960 := fsfVariant(v)
		if !fsf.Knows(name) {
			why[v] = fmt.Sprintf("%s has no %s", path, name)
			continue
		}
		if probe := oldRules[v]; probe != nil {
			fsf.Send("setoption name UCI_Chess960 value %v", c960)
			fsf.Send("setoption name UCI_Variant value %s", name)
			if old := probe(fsf); old != "" {
				why[v] = path + " " + old
			}
		}
	}
	return why
}

// fairy is the Fairy-Stockfish a position test compares with: the UCI
// binary (uciFairy) or ffish (*ffishoracle.Oracle).
type fairy interface {
	// Moves returns the legal moves after moves from fen, sorted
	Moves(fen string, moves ...string) []string
	// Perft counts as go perft does after moves from fen
	Perft(fen string, depth int, moves ...string) uint64
}

// uciFairy is the UCI binary as a fairy.
type uciFairy struct{ *uciclient.Client }

func (u uciFairy) Moves(fen string, moves ...string) []string { return u.Perft1(fen, moves...) }

func (u uciFairy) Perft(fen string, depth int, moves ...string) uint64 {
	u.T.Helper()
	u.Position(fen, moves...)
	u.Send("go perft %d", depth)
	lines := u.Until("Nodes searched")
	var n uint64
	if _, err := fmt.Sscanf(lines[len(lines)-1], "Nodes searched: %d", &n); err != nil {
		u.T.Fatalf("go perft %d: %q: %v", depth, lines[len(lines)-1], err)
	}
	return n
}

// startFairy returns the Fairy-Stockfish that plays alfil's variant as
// alfil does: the UCI binary when it has the variant and plays today's
// rules (oldRules), else ffish (always with FFISH_ALL=1); it skips the
// test when neither does.
func startFairy(t *testing.T, variant string) fairy {
	t.Helper()
	name, c960 := fsfVariant(variant)
	why := uciclient.Missing
	if os.Getenv("FFISH_ALL") != "" {
		why = "FFISH_ALL"
	} else if path, ok := uciclient.FairyStockfish(); ok {
		fsf := uciclient.Start(t, path)
		why = fmt.Sprintf("%s has no %s", path, name)
		if fsf.Knows(name) {
			fsf.Send("setoption name UCI_Chess960 value %v", c960)
			fsf.Send("setoption name UCI_Variant value %s", name)
			old := ""
			if probe := oldRules[variant]; probe != nil {
				old = probe(fsf)
			}
			if old == "" {
				return uciFairy{fsf}
			}
			why = path + " " + old
		}
	}
	ff := ffishoracle.Start(t, why)
	if !ff.Knows(name) {
		t.Skipf("%s, nor has ffish (%s)", why, ff.Info())
	}
	t.Logf("%s: compared with ffish (%s)", why, ff.Info())
	ff.Use(name, c960)
	return ff
}

// TestRandomGamesAgainstFfish plays random games (seeded) in the shared
// variants the UCI binary does not check — in CI, Debian's 11.1 lacks
// some and plays some by older rules — and compares them with ffish
// (Fairy-Stockfish 230826, internal/ffishoracle): at every ply the legal
// moves, every fifth ply the FEN (sameFEN), and every tenth ply perft 2
// (1 where a ply has more than 300 moves) after the moves and from
// alfil's FEN handed to ffish, which checks that both read the FEN alike. FFISH_ALL=1 compares every shared variant with ffish.
func TestRandomGamesAgainstFfish(t *testing.T) {
	ff := ffishoracle.Start(t, "the shared variants the UCI binary does not check are not compared with Fairy-Stockfish")
	todo := uncovered(t)
	if os.Getenv("FFISH_ALL") != "" {
		for _, v := range shared {
			if todo[v] == "" {
				todo[v] = "FFISH_ALL"
			}
		}
	}
	games, plies := 3, 100
	if testing.Short() || raceEnabled {
		games, plies = 1, 40
	}
	var checked []string
	for _, variant := range shared {
		why := todo[variant]
		if why == "" {
			continue // the UCI binary checks it (fairy_test.go)
		}
		checked = append(checked, variant)
		t.Run(variant, func(t *testing.T) {
			t.Logf("with ffish, for %s", why)
			ff.T = t
			name, c960 := fsfVariant(variant)
			if !ff.Knows(name) {
				t.Fatalf("ffish (%s) has no %s either", ff.Info(), name)
			}
			ff.Use(name, c960)
			src, err := examples.Source(variant)
			require.NoError(t, err)
			prog, err := movegen.Load(variant+".alf", src, movegen.WithLoader(examples.Loader))
			require.NoError(t, err)
			for seed := range games {
				rng := rand.New(rand.NewPCG(uint64(seed), 29))
				g, err := game.New(prog, "")
				require.NoError(t, err)
				for ply := 0; ply < plies && !g.Outcome().Over(); ply++ {
					var list movegen.MoveList
					g.Legal(&list)
					names := g.Board().Notation(list.Moves)
					sameMoves(t, ff.Moves("startpos", g.Moves()...), names, "the legal moves after %v", g.Moves())
					if ply%5 == 0 {
						sameFEN(t, prog, ff.FEN("startpos", g.Moves()...), g.FEN(), "the FEN after %v", g.Moves())
					}
					if ply%10 == 0 {
						// perft 1 where a ply is wide (a duck's, an
						// amazon's: a thousand moves and more)
						depth := 2
						if len(names) > 300 {
							depth = 1
						}
						require.Equal(t, ff.Perft("startpos", depth, g.Moves()...), g.Board().Perft(depth), "perft %d after %v", depth, g.Moves())
						// from the FEN alone, which forgets the history
						// (a janggi pass just made, the positions seen)
						fen := g.FEN()
						b, err := prog.NewBoard(fen)
						require.NoError(t, err)
						require.Equal(t, ff.Perft(fen, depth), b.Perft(depth), "perft %d from %s (after %v)", depth, fen, g.Moves())
					}
					if len(names) == 0 {
						break
					}
					require.NoError(t, g.PlayMove(names[rng.IntN(len(names))]))
				}
			}
		})
	}
	t.Logf("compared with ffish: %d variants %v", len(checked), checked)
}

// sameMoves requires that alfil's legal moves (got, in any order) are
// ffish's (want, sorted), listing the moves only one of them has when
// they differ.
func sameMoves(t *testing.T, want, got []string, msgAndArgs ...any) {
	t.Helper()
	got = slices.Sorted(slices.Values(got))
	if slices.Equal(want, got) {
		return
	}
	var onlyWant, onlyGot []string
	for _, m := range want {
		if !slices.Contains(got, m) {
			onlyWant = append(onlyWant, m)
		}
	}
	for _, m := range got {
		if !slices.Contains(want, m) {
			onlyGot = append(onlyGot, m)
		}
	}
	msg := fmt.Sprintf("Fairy-Stockfish lists %d moves, alfil %d; only Fairy-Stockfish: %s; only alfil: %s",
		len(want), len(got), strings.Join(onlyWant, " "), strings.Join(onlyGot, " "))
	if len(onlyWant) == 0 && len(onlyGot) == 0 {
		msg += " (the same moves, some listed twice)"
	}
	require.Fail(t, msg, msgAndArgs...)
}
