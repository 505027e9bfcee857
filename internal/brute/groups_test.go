package brute_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/ai"
	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/internal/brute"
	"github.com/alfil-go/alfil/movegen"
	"github.com/alfil-go/alfil/uci"
)

// groupsSetup is domino.alf's setup.
const groupsSetup = "r2k2/1w{1}w{1}pp1/6/6/1W{2}W{2}PP1/R2K2 w - - 0 1"

var groupsEnum = enumerator[brute.GroupsPos]{
	moves: func(p brute.GroupsPos) []string { return p.GroupsNames() },
	play: func(p brute.GroupsPos, name string) brute.GroupsPos {
		next, ok := p.GroupsPlay(name)
		if !ok {
			panic("brute: no move " + name)
		}
		return next
	},
}

// groupsFEN completes the enumerator's FEN (placement and side) with
// fields the engine reads.
func groupsFEN(p brute.GroupsPos) string { return p.FEN() + " - - 0 1" }

// groupsPlayout plays n random legal moves of the enumerator from fen
// (fewer when the game ends) and returns where it got.
func groupsPlayout(t *testing.T, fen string, n int, seed uint64) brute.GroupsPos {
	t.Helper()
	p, err := brute.GroupsParse(fen)
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(seed, 18))
	for range n {
		names := p.GroupsNames()
		if len(names) == 0 {
			break
		}
		p = groupsEnum.play(p, names[r.IntN(len(names))])
	}
	return p
}

// TestGroupsAgainstBrute compares the engine's move tree with the
// enumerator's, node by node in both interpreted modes, from the setup and
// from positions the enumerator reached by random playouts, and pins the
// setup's perft counts.
func TestGroupsAgainstBrute(t *testing.T) {
	prog := loadShipped(t, "domino")
	start, err := brute.GroupsParse(groupsSetup)
	require.NoError(t, err)
	depth := 4
	if !deep() {
		depth = 3
	}
	want := []int64{1, 14, 196, 2000, 22804}
	require.Equal(t, want[depth], compareTree(t, prog, groupsSetup, start, groupsEnum, depth))
	require.Equal(t, want[3], brute.Perft(start, 3, groupsNext, groupsAfter))

	fens := []string{
		// hand-made: a tower of rook parts, a vertical domino next to a
		// king, a capture of a part that takes the whole group, a royal
		// king attacked only by a group move
		"3k2/6/1W{1}4/1W{1}2r1/6/3K2 w - - 0 1",
		"3k2/2r3/6/R{1}R{1}4/6/3K2 b - - 0 1",
		"2k3/2w{1}3/2w{1}3/1P4/6/R2K2 w - - 0 1",
		"6/2k3/6/1W{1}W{1}3/6/3K2 w - - 0 1",
		// dominoes one step from their last ranks: the tower
		"3k2/1W{1}W{1}3/6/6/6/3K2 w - - 0 1",
		"3k2/6/6/6/1w{1}w{1}3/3K2 b - - 0 1",
	}
	for seed := range uint64(6) {
		fens = append(fens, groupsFEN(groupsPlayout(t, groupsSetup, 6+int(seed)*3, seed)))
	}
	for _, fen := range fens {
		p, err := brute.GroupsParse(fen)
		require.NoError(t, err)
		n := compareTree(t, prog, fen, p, groupsEnum, depth)
		require.Equal(t, brute.Perft(p, depth, groupsNext, groupsAfter), n, fen)
	}
}

func groupsNext(p brute.GroupsPos) []string { return p.GroupsNames() }

func groupsAfter(p brute.GroupsPos, name string) brute.GroupsPos { return groupsEnum.play(p, name) }

// TestGroupsFENAlongTheTree checks that the engine's position after every
// move to depth 2 writes the FEN the enumerator writes (groups renumbered
// in writing order), and that reading that FEN back gives the same hash.
func TestGroupsFENAlongTheTree(t *testing.T) {
	prog := loadShipped(t, "domino")
	for _, fen := range []string{groupsSetup, "2k3/2w{1}3/2w{1}3/1P4/6/R2K2 w - - 0 1", "3k2/1W{1}W{1}3/6/6/6/3K2 w - - 0 1",
		"3k2/6/6/6/1w{1}w{1}3/3K2 b - - 0 1", groupsFEN(groupsPlayout(t, groupsSetup, 9, 3))} {
		p, err := brute.GroupsParse(fen)
		require.NoError(t, err)
		b := engineBoard(t, prog, fen, movegen.Incremental)
		var visit func(b *movegen.Board, p brute.GroupsPos, depth int)
		visit = func(b *movegen.Board, p brute.GroupsPos, depth int) {
			got := strings.Join(strings.Fields(b.FEN())[:2], " ")
			require.Equal(t, p.FEN(), got)
			back := engineBoard(t, prog, b.FEN(), movegen.Full)
			require.Equal(t, b.Position().Hash(), back.Position().Hash(), b.FEN())
			if depth == 0 {
				return
			}
			names, moves := legalNames(b)
			for i, m := range moves {
				mk := b.Make(m)
				visit(b, groupsEnum.play(p, names[i]), depth-1)
				require.NoError(t, b.Unmake(mk))
			}
		}
		visit(b, p, 2)
	}
}

// TestGroupsPlayoutsReplay plays random games in the engine from the setup
// and checks each position's moves against the enumerator's, far past the
// depths the trees reach.
func TestGroupsPlayoutsReplay(t *testing.T) {
	prog := loadShipped(t, "domino")
	for seed := range uint64(8) {
		b := engineBoard(t, prog, groupsSetup, movegen.Incremental)
		r := rand.New(rand.NewPCG(seed, 7))
		for ply := 0; ply < 60; ply++ {
			p, err := brute.GroupsParse(b.FEN())
			require.NoError(t, err)
			names, moves := legalNames(b)
			want := append([]string{}, p.GroupsNames()...)
			slices.Sort(want)
			require.Equal(t, want, names, "%s", b.FEN())
			if len(moves) == 0 {
				break
			}
			b.Make(moves[r.IntN(len(moves))])
		}
	}
}

// TestGroupsGameSearchUCI drives domino through the game, the search and
// the UCI engine: group moves named, replayed and searched like any move.
func TestGroupsGameSearchUCI(t *testing.T) {
	prog := loadShipped(t, "domino")

	g, err := game.New(prog, "")
	require.NoError(t, err)
	for _, s := range []string{"b2b3", "b5b4", "b3a3", "d5d4"} {
		require.NoError(t, g.PlayMove(s))
	}
	require.Equal(t, "r2k2/4p1/1w{1}w{1}p2/W{2}W{2}4/3PP1/R2K2 w - - 0 3", g.FEN())
	san := g.SANMoves()
	require.Len(t, san, 4)
	replay, err := game.New(prog, "")
	require.NoError(t, err)
	for _, s := range san {
		require.NoError(t, replay.PlaySAN(s), "%v", san)
	}
	require.Equal(t, g.FEN(), replay.FEN())
	require.True(t, g.Undo())

	// a reform reads as the leader's promotion, in UCI and SAN: the
	// tower mates
	tower := "3k2/1W{1}W{1}3/6/6/6/3K2 w - - 0 1"
	g, err = game.New(prog, tower)
	require.NoError(t, err)
	require.NoError(t, g.PlayMove("b5b6r"))
	require.Equal(t, []string{"Wb6=R#"}, g.SANMoves())
	require.True(t, g.Outcome().Over())
	replay, err = game.New(prog, tower)
	require.NoError(t, err)
	require.NoError(t, replay.PlaySAN("Wb6=R"))
	require.Equal(t, g.FEN(), replay.FEN())

	b := engineBoard(t, prog, "", movegen.Incremental)
	res, err := ai.New(prog, ai.Options{}).Search(context.Background(), b, ai.Limits{Depth: 3})
	require.NoError(t, err)
	require.NotEmpty(t, res.PV)
	for _, s := range res.PV {
		m, err := b.ParseMove(s)
		require.NoError(t, err, "PV %v", res.PV)
		b.Make(m)
	}

	var out strings.Builder
	e := uci.New(&out)
	for _, c := range []string{"uci", "setoption name UCI_Variant value domino", "isready",
		"position startpos moves b2b3 b5b4", "go perft 2", "go depth 2"} {
		e.Command(c)
	}
	e.Wait()
	e.Command("quit")
	require.Contains(t, out.String(), "Nodes searched: ")
	require.Contains(t, out.String(), "bestmove ")
}
