package ai

import (
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/magic"
	"github.com/alfil-go/alfil/movegen"
)

type tactic struct {
	variant, fen, source string
	moves                int
	solutions            []string
}

func readTactics(t *testing.T) []tactic {
	data, err := os.ReadFile("testdata/tactics.tsv")
	require.NoError(t, err)
	var out []tactic
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Split(line, "\t")
		require.Len(t, f, 5, "bad row %q", line)
		n, err := strconv.Atoi(f[2])
		require.NoError(t, err)
		out = append(out, tactic{variant: f[0], fen: f[1], moves: n, solutions: strings.Split(f[3], ","), source: f[4]})
	}
	return out
}

func load(t testing.TB, name string) *movegen.Program {
	src, err := examples.Source(name)
	require.NoError(t, err)
	p, err := movegen.Load(name+".alf", src, movegen.WithLoader(examples.Loader))
	require.NoError(t, err)
	return p
}

// TestTactics checks every position's solutions by exhaustive search, then
// that the engine finds the win: a first move among the solutions and a
// score of mate in exactly that many moves, with one thread and with two
// (under the race detector, not for the mates in 3: their proof only).
func TestTactics(t *testing.T) {
	for _, c := range readTactics(t) {
		t.Run(c.variant+"/"+c.source, func(t *testing.T) {
			if c.moves == 3 && testing.Short() {
				t.Skip("the exhaustive proof of a mate in 3 takes seconds")
			}
			prog := load(t, c.variant)
			var wins func(n int) []string
			if c.variant == "chess" {
				p, err := magic.ParseFEN(c.fen)
				require.NoError(t, err)
				wins = func(n int) []string { return magicWins(p, n) }
			} else {
				b, err := prog.NewBoard(c.fen)
				require.NoError(t, err)
				wins = func(n int) []string { return boardWins(b, n) }
			}
			if c.moves > 1 {
				assert.Empty(t, wins(c.moves-1), "a shorter win exists")
			}
			assert.ElementsMatch(t, c.solutions, wins(c.moves), "the winning first moves")

			threadCounts := []int{1, 2}
			if raceEnabled && c.moves == 3 {
				// under the race detector the search of a mate in 3
				// takes minutes; TestParallelSearch and the shorter
				// mates search with two threads
				threadCounts = nil
			}
			for _, threads := range threadCounts {
				b, err := prog.NewBoard(c.fen)
				require.NoError(t, err)
				e := New(prog, Options{Threads: threads, TableBits: 16})
				res, err := e.Search(context.Background(), b, Limits{Depth: 2 * c.moves})
				require.NoError(t, err)
				assert.Contains(t, c.solutions, res.Name, "threads %d: pv %v", threads, res.PV)
				assert.Equal(t, c.moves, res.MateIn(), "threads %d: score %d", threads, res.Score)
				assert.Equal(t, c.fen, b.FEN(), "the search left the board changed")
			}
		})
	}
}

// magicWins returns the first moves with which the side to move mates
// within n of its moves, by exhaustive search with the bitboard generator.
func magicWins(p *magic.Position, n int) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		before := p.Make(m)
		if magicForced(p, n) {
			out = append(out, m.String())
		}
		p.Unmake(before)
	}
	return out
}

// magicForced: after the attacker's move, every reply leads to mate
// within n-1 more moves (or there is no reply and it is mate).
func magicForced(p *magic.Position, n int) bool {
	replies := p.LegalMoves(nil)
	if len(replies) == 0 {
		return p.InCheck()
	}
	if n == 1 {
		return false
	}
	for _, r := range replies {
		before := p.Make(r)
		ok := len(magicWins(p, n-1)) > 0
		p.Unmake(before)
		if !ok {
			return false
		}
	}
	return true
}

// boardWins is magicWins for any variant, with the variant's own rules of
// how a game ends.
func boardWins(b *movegen.Board, n int) []string {
	us := b.Position().ToMove
	var list movegen.MoveList
	b.Legal(&list)
	names := b.Notation(list.Moves)
	var out []string
	for i, m := range list.Moves {
		mk := b.Make(m)
		if boardForced(b, us, n) {
			out = append(out, names[i])
		}
		b.Unmake(mk)
	}
	slices.Sort(out)
	return out
}

func boardForced(b *movegen.Board, us board.Side, n int) bool {
	switch r := b.Status(); {
	case r == board.WinFor(us):
		return true
	case r != board.Ongoing, n == 1:
		return false
	}
	var list movegen.MoveList
	b.Legal(&list)
	for _, m := range list.Moves {
		mk := b.Make(m)
		ok := len(boardWins(b, n-1)) > 0
		b.Unmake(mk)
		if !ok {
			return false
		}
	}
	return true
}
