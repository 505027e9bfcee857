package uci_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/movegen"
	"github.com/alfil-go/alfil/uci"
)

// syncBuffer is a bytes.Buffer the engine's search goroutine may write to
// while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// session runs the commands and returns what the engine wrote. A line
// "@wait TEXT" is no command: the session waits until the engine has
// written TEXT (as a GUI waits for bestmove) before it sends the next.
func session(t *testing.T, commands ...string) string {
	t.Helper()
	var out syncBuffer
	r, w := io.Pipe()
	go func() {
		defer w.Close()
		for _, c := range commands {
			if text, ok := strings.CutPrefix(c, "@wait "); ok {
				for deadline := time.Now().Add(time.Minute); !strings.Contains(out.String(), text) && time.Now().Before(deadline); {
					time.Sleep(time.Millisecond)
				}
				continue
			}
			if _, err := io.WriteString(w, c+"\n"); err != nil {
				return
			}
		}
	}()
	require.NoError(t, uci.New(&out).Run(r))
	return out.String()
}

func perft(t *testing.T, variant, fen string, moves []string, depth int) uint64 {
	t.Helper()
	src, err := examples.Source(variant)
	require.NoError(t, err)
	prog, err := movegen.Load(variant+".alf", src, movegen.WithLoader(examples.Loader))
	require.NoError(t, err)
	b, err := prog.NewBoard(fen)
	require.NoError(t, err)
	for _, m := range moves {
		mv, err := b.ParseMove(m)
		require.NoError(t, err)
		b.Make(mv)
	}
	return b.Perft(depth)
}

func TestHandshake(t *testing.T) {
	out := session(t, "uci", "isready", "quit")
	for _, want := range []string{"id name alfil\n", "option name UCI_Variant type combo default chess var 3check", "var zoo\n",
		"option name Threads type spin", "option name Hash type spin", "uciok\n", "readyok\n"} {
		assert.Contains(t, out, want)
	}
}

// TestPerft: go perft writes each move's count and the total as
// Fairy-Stockfish does, after position with moves, in chess and in a
// variant set with UCI_Variant.
func TestPerft(t *testing.T) {
	out := session(t, "position startpos moves e2e4 e7e5", "go perft 3")
	want := perft(t, "chess", "", []string{"e2e4", "e7e5"}, 3)
	assert.Contains(t, out, "\nNodes searched: "+itoa(want)+"\n")
	assert.Contains(t, out, "g1f3: ")
	assert.Equal(t, 29+1+2, strings.Count(out, "\n"), "29 moves, a blank line, the total and a blank line")

	out = session(t, "setoption name UCI_Variant value capablanca", "position startpos", "go perft 1")
	assert.Contains(t, out, "Nodes searched: 28\n")

	out = session(t, "position fen 4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "go perft 2")
	assert.Contains(t, out, "Nodes searched: "+itoa(perft(t, "chess", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", nil, 2))+"\n")
}

// TestChess960: with UCI_Chess960 set, chess reads Shredder-FEN and
// writes castling king-takes-rook, as Fairy-Stockfish does.
func TestChess960(t *testing.T) {
	out := session(t, "setoption name UCI_Chess960 value true",
		"position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "go perft 2")
	assert.Contains(t, out, "Nodes searched: 528\n")
	out = session(t, "setoption name UCI_Chess960 value true", "position fen 4k3/8/8/8/8/8/8/R5KR w KQ - 0 1", "go perft 1")
	assert.Contains(t, out, "g1h1: 1\n")
	assert.Contains(t, out, "g1a1: 1\n")
	// seirawan reaches seirawan960.alf: Fairy-Stockfish's published
	// Chess960 row, and gates named as it names them
	out = session(t, "setoption name UCI_Variant value seirawan", "setoption name UCI_Chess960 value true",
		"position fen qbbrnkrn/pppppppp/8/8/8/8/PPPPPPPP/QBBRNKRN[HEhe] w ABCDEFGHabcdefgh - 0 1", "go perft 3")
	assert.Contains(t, out, "Nodes searched: 21170\n")
	out = session(t, "setoption name UCI_Variant value seirawan", "setoption name UCI_Chess960 value true",
		"position fen r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR[HEhe] w ABCDEFGHabcdefgh - 0 1 moves h1g1e", "go perft 1")
	assert.Contains(t, out, "Nodes searched: ")
	assert.NotContains(t, out, "error")
}

// TestGatedMoves: seirawan's gated moves read and written as
// Fairy-Stockfish writes them: the gated letter after the move, castling
// e8g8 and its gate on the rook's square h8e8.
func TestGatedMoves(t *testing.T) {
	out := session(t, "setoption name UCI_Variant value seirawan", "position startpos moves g1f3 g8f6 e2e4 e7e5 f1e2 f8e7 e1g1h", "go perft 1")
	for _, m := range []string{"e8g8: 1\n", "e8g8h: 1\n", "h8e8e: 1\n", "b8c6e: 1\n"} {
		assert.Contains(t, out, m)
	}
	assert.NotContains(t, out, "error")
	out = session(t, "setoption name UCI_Variant value seirawan", "position startpos moves e2e4h")
	assert.Contains(t, out, `no legal move "e2e4h"`, "a pawn opens no gate")
}

func itoa(n uint64) string { return strconv.FormatUint(n, 10) }

// TestGo: a search writes info and a legal bestmove; an infinite one
// waits for stop; a mated side answers bestmove 0000.
func TestGo(t *testing.T) {
	out := session(t, "position startpos moves e2e4", "go depth 3", "isready", "@wait bestmove", "quit")
	require.Contains(t, out, "bestmove ")
	assert.Regexp(t, `info depth \d+ score cp -?\d+ nodes \d+ time \d+ pv `, out)
	best := strings.Fields(out[strings.Index(out, "bestmove "):])[1]
	src, _ := examples.Source("chess")
	prog, _ := movegen.Load("chess.alf", src)
	b, _ := prog.NewBoard("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	_, err := b.ParseMove(best)
	assert.NoError(t, err, "bestmove %s is a legal move", best)

	out = session(t, "position startpos", "go infinite", "stop", "isready")
	assert.Equal(t, 1, strings.Count(out, "bestmove "))

	out = session(t, "position startpos", "go wtime 1000 btime 1000 winc 10 binc 10", "quit")
	assert.Contains(t, out, "bestmove ")

	// a clock run out (GUIs with a time margin send it below zero): a
	// move at once, no error
	for _, clock := range []string{"0", "-50"} {
		out = session(t, "position startpos", "go wtime "+clock+" btime 1000", "@wait bestmove", "quit")
		assert.Contains(t, out, "bestmove ", "wtime %s", clock)
		assert.NotContains(t, out, "error", "wtime %s", clock)
	}

	out = session(t, "position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "go depth 2", "quit")
	assert.Contains(t, out, "bestmove 0000\n")
}

// TestBadCommands: every bad command gets an info string, and the engine
// goes on answering.
func TestBadCommands(t *testing.T) {
	out := session(t,
		"frobnicate",
		"position fen 9/8/8/8/8/8/8/8 w - - 0 1",
		"position startpos moves e2e5",
		"position sideways",
		"setoption name UCI_Variant value nonesuch",
		"setoption name Threads value 0",
		"setoption name Colour value blue",
		"go depth x",
		"go perft 0",
		"go sideways 3",
		"isready")
	assert.Equal(t, 10, strings.Count(out, "info string error: "), out)
	assert.Contains(t, out, `unknown command "frobnicate"`)
	assert.Contains(t, out, `no legal move "e2e5"`)
	assert.True(t, strings.HasSuffix(out, "readyok\n"), out)
}

// TestVariantPath: a user's variant file is loaded and played.
func TestVariantPath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tiny.alf")
	require.NoError(t, os.WriteFile(path, []byte(`game tiny
board 3x3
piece king K royal
    {w,a,s,d} empty mov
    {w,a,s,d} enemy capt mov
setup k2/3/2K w - - 0 1
`), 0o644))
	out := session(t, "setoption name VariantPath value "+path, "position startpos", "go perft 1")
	assert.Contains(t, out, "Nodes searched: 2\n")

	out = session(t, "setoption name VariantPath value "+path+".missing", "isready")
	assert.Contains(t, out, "info string error: ")

	// a file that does not compile: said, and readyok all the same
	bad := filepath.Join(t.TempDir(), "bad.alf")
	require.NoError(t, os.WriteFile(bad, []byte("board 3x3\npiece king K royal\n    w enemmy mov\n"), 0o644))
	out = session(t, "setoption name VariantPath value "+bad, "isready")
	assert.Contains(t, out, "info string error: "+bad+":3:7")
	assert.True(t, strings.HasSuffix(out, "readyok\n"), out)
}
