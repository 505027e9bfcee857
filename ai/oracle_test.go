package ai

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/internal/uciclient"
)

// The tactics of testdata/tactics.tsv are proved by TestTactics with the
// generator the engine itself uses. The tests below check the fairy rows
// against generators that share nothing with it: Fairy-Stockfish for
// capablanca, and a small mouse-and-cats generator written here from the
// rules in examples/variants/mousecats.alf.

// mateScore searches with go (e.g. "depth 3" or "mate 2") and returns the
// last mate score it printed, for the side to move, and whether there was
// one: n > 0 mates in n, n < 0 is mated in -n, 0 is mated already.
func mateScore(u *uciclient.Client, fen string, moves []string, goArgs string) (int, bool) {
	u.Position(fen, moves...)
	u.Send("go %s", goArgs)
	n, found := 0, false
	for _, line := range u.Until("bestmove") {
		f := strings.Fields(line)
		for i := 0; i+2 < len(f); i++ {
			if f[i] == "score" {
				found = f[i+1] == "mate"
				if found {
					n, _ = strconv.Atoi(f[i+2])
				}
			}
		}
	}
	return n, found
}

// TestCapablancaTacticsOracle checks the capablanca rows with
// Fairy-Stockfish: the legal moves of the position agree with ours, every
// listed solution leaves the opponent mated within the moves left, no
// other first move does, and "go mate N" finds the mate in exactly N.
func TestCapablancaTacticsOracle(t *testing.T) {
	path, ok := uciclient.FairyStockfish()
	if !ok {
		t.Skip(uciclient.Missing + "; the capablanca tactics go without their independent check")
	}
	prog := load(t, "capablanca")
	u := uciclient.Start(t, path)
	u.Send("setoption name UCI_Variant value capablanca")
	u.Send("isready")
	u.Until("readyok")
	rows := 0
	for _, c := range readTactics(t) {
		if c.variant != "capablanca" {
			continue
		}
		rows++
		t.Run(c.source, func(t *testing.T) {
			u.T = t
			b := mustBoard(t, prog, c.fen)
			ours := legalNames(b)
			slices.Sort(ours)
			require.Equal(t, ours, u.Perft1(c.fen), "the legal moves")
			var wins []string
			for _, m := range ours {
				// after m, the opponent is mated within n-1 more moves:
				// mated now (mate 0) or every line mates it (mate -k)
				n, mate := mateScore(u, c.fen, []string{m}, fmt.Sprint("depth ", 2*c.moves))
				if mate && n <= 0 && -n <= c.moves-1 {
					wins = append(wins, m)
				}
			}
			assert.ElementsMatch(t, c.solutions, wins, "the first moves that mate within %d", c.moves)
			n, mate := mateScore(u, c.fen, nil, fmt.Sprint("mate ", c.moves))
			assert.True(t, mate, "go mate %d finds a mate", c.moves)
			assert.Equal(t, c.moves, n, "the mate's length")
		})
	}
	require.NotZero(t, rows, "tactics.tsv has capablanca rows")
}

// mcPos is a mouse-and-cats position for the independent generator: the
// mouse (the first player) and the cats (the second) on an 8x8 board,
// squares numbered rank*8+file from a1.
type mcPos struct {
	mouse      int
	cats       uint64
	mouseMoves bool // the mouse is to move
}

// parseMC reads the piece placement and side of a mousecats FEN.
func parseMC(t testing.TB, fen string) mcPos {
	t.Helper()
	f := strings.Fields(fen)
	require.GreaterOrEqual(t, len(f), 2, fen)
	ranks := strings.Split(f[0], "/")
	require.Len(t, ranks, 8, fen)
	p := mcPos{mouse: -1, mouseMoves: f[1] == "w"}
	for i, row := range ranks {
		file := 0
		for _, ch := range row {
			sq := (7-i)*8 + file
			switch {
			case ch >= '1' && ch <= '8':
				file += int(ch - '0')
				continue
			case ch == 'M':
				p.mouse = sq
			case ch == 'c':
				p.cats |= 1 << sq
			default:
				t.Fatalf("%s: unexpected %q", fen, ch)
			}
			file++
		}
		require.Equal(t, 8, file, "%s: rank %q", fen, row)
	}
	require.GreaterOrEqual(t, p.mouse, 0, "%s: no mouse", fen)
	return p
}

// mcMove is a move of the independent generator, and whether it wins
// outright (the mouse reaching the top rank).
type mcMove struct {
	from, to int
	wins     bool
}

func (m mcMove) String() string {
	sq := func(s int) string { return string(rune('a'+s%8)) + string(rune('1'+s/8)) }
	return sq(m.from) + sq(m.to)
}

// moves lists the side to move's moves: the mouse steps diagonally either
// way, a cat diagonally down the board, each onto an empty square; nobody
// captures.
func (p mcPos) moves() []mcMove {
	occupied := p.cats | 1<<p.mouse
	var out []mcMove
	step := func(from, df, dr int) {
		f, r := from%8+df, from/8+dr
		if f < 0 || f > 7 || r < 0 || r > 7 || occupied&(1<<(r*8+f)) != 0 {
			return
		}
		out = append(out, mcMove{from: from, to: r*8 + f, wins: p.mouseMoves && r == 7})
	}
	if p.mouseMoves {
		for _, d := range [][2]int{{-1, 1}, {1, 1}, {-1, -1}, {1, -1}} {
			step(p.mouse, d[0], d[1])
		}
		return out
	}
	for sq := 0; sq < 64; sq++ {
		if p.cats&(1<<sq) != 0 {
			step(sq, -1, -1)
			step(sq, 1, -1)
		}
	}
	return out
}

func (p mcPos) play(m mcMove) mcPos {
	if p.mouseMoves {
		p.mouse = m.to
	} else {
		p.cats = p.cats&^(1<<m.from) | 1<<m.to
	}
	p.mouseMoves = !p.mouseMoves
	return p
}

func (p mcPos) perft(depth int) int {
	if depth == 0 {
		return 1
	}
	n := 0
	for _, m := range p.moves() {
		if depth == 1 {
			n++
			continue
		}
		if !m.wins { // a won game has no moves after it
			n += p.play(m).perft(depth - 1)
		}
	}
	return n
}

// wins returns the first moves with which the side to move wins within n
// of its moves: a mouse move to the top rank wins at once, and a side
// left without a move has lost.
func (p mcPos) wins(n int) []string {
	var out []string
	for _, m := range p.moves() {
		if m.wins || p.play(m).lost(n-1) {
			out = append(out, m.String())
		}
	}
	slices.Sort(out)
	return out
}

// lost reports whether the side to move loses within n more moves of its
// opponent, whatever it plays.
func (p mcPos) lost(n int) bool {
	replies := p.moves()
	if len(replies) == 0 {
		return true
	}
	if n == 0 {
		return false
	}
	for _, r := range replies {
		if r.wins || len(p.play(r).wins(n)) == 0 {
			return false
		}
	}
	return true
}

// TestMousecatsTacticsOracle checks the mousecats rows with the
// generator above: it first matches the hand-checked perft numbers of the
// setup (movegen/testdata/variants.tsv), then finds exactly the listed
// winning first moves, and no shorter win.
func TestMousecatsTacticsOracle(t *testing.T) {
	start := parseMC(t, "1c1c1c1c/8/8/8/8/8/8/4M3 w - - 0 1")
	for depth, want := range []int{1, 2, 14, 56, 344} {
		require.Equal(t, want, start.perft(depth), "perft %d of the setup", depth)
	}
	rows := 0
	for _, c := range readTactics(t) {
		if c.variant != "mousecats" {
			continue
		}
		rows++
		t.Run(c.source, func(t *testing.T) {
			p := parseMC(t, c.fen)
			if c.moves > 1 {
				assert.Empty(t, p.wins(c.moves-1), "a shorter win exists")
			}
			sols := slices.Clone(c.solutions)
			slices.Sort(sols)
			assert.Equal(t, sols, p.wins(c.moves), "the winning first moves")
		})
	}
	require.NotZero(t, rows, "tactics.tsv has mousecats rows")
}
