// Package uciclient talks to a UCI engine in a child process, for tests
// that check alfil against Fairy-Stockfish.
package uciclient

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
)

// FairyStockfish finds the Fairy-Stockfish binary: $FAIRY_STOCKFISH,
// fairy-stockfish on the PATH, or where the Debian package puts it.
func FairyStockfish() (string, bool) {
	if p := os.Getenv("FAIRY_STOCKFISH"); p != "" {
		return p, true
	}
	if p, err := exec.LookPath("fairy-stockfish"); err == nil {
		return p, true
	}
	if _, err := os.Stat("/usr/games/fairy-stockfish"); err == nil {
		return "/usr/games/fairy-stockfish", true
	}
	return "", false
}

// Missing is the skip message of a test that needs Fairy-Stockfish.
const Missing = "Fairy-Stockfish not found: install the Debian package fairy-stockfish (its binary is /usr/games/fairy-stockfish) or set FAIRY_STOCKFISH to the binary"

// Client is a UCI engine in a child process. T is the test its failures
// go to; a subtest may set its own.
type Client struct {
	T     testing.TB
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	// variants: the words of its UCI_Variant option line (var NAME …)
	variants []string
}

// Start starts the engine at path, has it answer uci, and stops it when
// the test ends.
func Start(t testing.TB, path string) *Client {
	t.Helper()
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &Client{T: t, cmd: cmd, in: in, lines: make(chan string, 1024)}
	go func() {
		defer close(c.lines)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
	}()
	t.Cleanup(func() {
		c.Send("quit")
		in.Close()
		if err := cmd.Wait(); err != nil {
			t.Logf("%s: %v", path, err)
		}
	})
	c.Send("uci")
	for _, line := range c.Until("uciok") {
		if rest, ok := strings.CutPrefix(line, "option name UCI_Variant "); ok {
			for _, f := range strings.Fields(rest) {
				c.variants = append(c.variants, f)
			}
		}
	}
	return c
}

// Knows reports whether the engine lists variant among its UCI_Variant
// values (the Debian build of Fairy-Stockfish has no atomic: asked for
// it, it plays chess).
func (c *Client) Knows(variant string) bool { return slices.Contains(c.variants, variant) }

// Send writes one command line.
func (c *Client) Send(format string, args ...any) {
	fmt.Fprintf(c.in, format+"\n", args...)
}

// Until returns the lines the engine prints up to and including the
// first that starts with prefix. A minute without it fails the test: the
// guard against a hung child, not a measure of speed.
func (c *Client) Until(prefix string) []string {
	c.T.Helper()
	var got []string
	guard := time.After(time.Minute)
	for {
		select {
		case line, ok := <-c.lines:
			if !ok {
				c.T.Fatalf("the engine ended before %q; it printed %q", prefix, got)
			}
			got = append(got, line)
			if strings.HasPrefix(line, prefix) {
				return got
			}
		case <-guard:
			c.T.Fatalf("no %q from the engine in a minute; it printed %q", prefix, got)
		}
	}
}

// Position sets the position: fen ("startpos" for the variant's own) and
// the moves after it.
func (c *Client) Position(fen string, moves ...string) {
	pos := "startpos"
	if fen != "startpos" {
		pos = "fen " + fen
	}
	if len(moves) == 0 {
		c.Send("position %s", pos)
		return
	}
	c.Send("position %s moves %s", pos, strings.Join(moves, " "))
}

// Perft1 returns the legal moves after the moves from fen, sorted ("go
// perft 1" prints one "move: 1" line per move).
func (c *Client) Perft1(fen string, moves ...string) []string {
	c.Position(fen, moves...)
	c.Send("go perft 1")
	var out []string
	for _, line := range c.Until("Nodes searched") {
		if m, n, ok := strings.Cut(line, ": "); ok && n == "1" && m != "Nodes searched" {
			out = append(out, m)
		}
	}
	slices.Sort(out)
	return out
}

// FEN returns the engine's FEN of the position after the moves from fen
// (the "Fen:" line of its d command).
func (c *Client) FEN(fen string, moves ...string) string {
	c.Position(fen, moves...)
	c.Send("d")
	lines := c.Until("Fen:")
	return strings.TrimSpace(strings.TrimPrefix(lines[len(lines)-1], "Fen:"))
}
