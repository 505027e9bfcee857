package game_test

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/movegen"
)

// TestHistoryRulesEveryVariant: in every shipped variant that declares
// them, a four-ply cycle from the setup (or a start that has one) played
// twice ends the game by repetition, and a move that brings the half-move
// clock to the move rule's count ends it by the move rule, with the
// results the variant declares; without the rule the game plays on
// (makruk has no move rule). The horde's side has only pawns, so no cycle.
func TestHistoryRulesEveryVariant(t *testing.T) {
	for _, name := range examples.Names() {
		t.Run(name, func(t *testing.T) {
			prog := load(t, name)
			_, hasRepetition := prog.Repetition()
			_, hasMoveRule := prog.MoveRule()
			if !hasRepetition && !hasMoveRule {
				t.Skipf("%s declares neither rule", name)
			}
			g, err := game.New(prog, starts[name])
			require.NoError(t, err)
			cycle := reversibleCycle(g)
			if cycle == nil {
				t.Skipf("%s has no four-ply cycle from its setup", name)
			}
			repetition, _ := prog.Repetition()
			for range 2 {
				for _, m := range cycle {
					require.NoError(t, g.PlayMove(m), "%v", g.Moves())
				}
			}
			if hasRepetition && repetition.N <= 3 {
				assert.Equal(t, game.Outcome{repetition.ResultFor(board.Second), game.Repetition}, g.Outcome())
			} else {
				assert.False(t, g.Outcome().Over(), "%s has no repetition rule: %v", name, g.Outcome())
			}

			// the setup with the clock one ply short of the rule
			moveRule, _ := prog.MoveRule()
			clock := 99
			if hasMoveRule {
				clock = 2*moveRule.N - 1
			}
			fields := strings.Fields(g.StartFEN())
			fields[len(fields)-2] = strconv.Itoa(clock)
			g, err = game.New(prog, strings.Join(fields, " "))
			require.NoError(t, err)
			require.NoError(t, g.PlayMove(cycle[0]))
			if hasMoveRule {
				assert.Equal(t, game.Outcome{moveRule.ResultFor(board.First), game.MoveRule}, g.Outcome())
			} else {
				assert.False(t, g.Outcome().Over(), "%s has no move rule: %v", name, g.Outcome())
			}
		})
	}
}

// starts gives a start with a four-ply cycle to variants whose setup has
// none: knightmate's commoners are walled in by their pawns. (The horde
// has none at all: its side has pawns only.)
var starts = map[string]string{
	"knightmate": "rmbqkbmr/p1pppp1p/8/8/8/8/P1PPPP1P/RMBQKBMR w KQkq - 0 1",
}

// reversibleCycle finds moves a b c d from g's position, none resetting
// the half-move clock, after which the position is the one before them:
// a first-side move there and back, and a second-side move there and
// back. Nil when there is none.
func reversibleCycle(g *game.Game) []string {
	b := g.Board()
	var list movegen.MoveList
	there := func(b *movegen.Board) map[string]movegen.Move {
		out := map[string]movegen.Move{}
		b.Legal(&list)
		for _, m := range list.Moves {
			out[b.MoveString(m)] = m.Clone()
		}
		return out
	}
	// the first few moves by name, in order: the test is the same every
	// run, and a variant whose first moves all leave a trace (the zoo's
	// memories) is given up quickly
	some := func(moves map[string]movegen.Move) []string {
		names := slices.Sorted(maps.Keys(moves))
		return names[:min(len(names), 12)]
	}
	back := func(s string) string { // e2e4 -> e4e2, for simple moves
		if len(s) != 4 {
			return ""
		}
		return s[2:] + s[:2]
	}
	probe := b.Clone()
	start := probe.Hash()
	firsts := there(probe)
	for _, first := range some(firsts) {
		mk1 := probe.Make(firsts[first])
		if probe.Halfmove() == 0 || probe.Result() != board.Ongoing {
			probe.Unmake(mk1)
			continue
		}
		seconds := there(probe)
		for _, second := range some(seconds) {
			mk2 := probe.Make(seconds[second])
			if probe.Halfmove() == 0 || probe.Result() != board.Ongoing {
				probe.Unmake(mk2)
				continue
			}
			if m3, ok := there(probe)[back(first)]; ok {
				mk3 := probe.Make(m3)
				if m4, ok := there(probe)[back(second)]; ok {
					probe.Make(m4)
					if probe.Hash() == start {
						return []string{first, second, back(first), back(second)}
					}
				}
				probe.Unmake(mk3)
			}
			probe.Unmake(mk2)
		}
		probe.Unmake(mk1)
	}
	return nil
}
