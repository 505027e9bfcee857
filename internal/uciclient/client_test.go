package uciclient

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMain runs the test binary as a tiny UCI engine when asked
// (uciclientEcho): it answers uci, and d with the FEN of the last
// position command, so that the client's round trip can be checked
// without Fairy-Stockfish.
func TestMain(m *testing.M) {
	if os.Getenv("UCICLIENT_ECHO_ENGINE") == "1" {
		uciclientEcho()
		return
	}
	os.Exit(m.Run())
}

// uciclientEcho is the echo engine: position fen F [moves …] sets F, d
// prints it back as Fairy-Stockfish's d does, go perft 1 lists one move.
func uciclientEcho() {
	fen := ""
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "uci":
			fmt.Println("id name echo")
			fmt.Println("option name UCI_Variant type combo default chess var chess var dice")
			fmt.Println("uciok")
		case strings.HasPrefix(line, "position fen "):
			fen, _, _ = strings.Cut(strings.TrimPrefix(line, "position fen "), " moves ")
		case line == "d":
			fmt.Println("Fen: " + fen)
		case line == "go perft 1":
			fmt.Printf("a1a2: 1\n\nNodes searched: 1\n\n")
		case line == "quit":
			return
		}
	}
}

// TestStateFieldPassesThrough: a FEN ending with the state field
// {seed:…,last:…} (docs/language.md § FEN state field) reaches the
// engine whole, moves after it, and comes back whole from its d.
func TestStateFieldPassesThrough(t *testing.T) {
	t.Setenv("UCICLIENT_ECHO_ENGINE", "1")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	c := Start(t, exe)
	assert.True(t, c.Knows("dice"))
	fen := "rnqkfr/pppppp/6/6/PPPPPP/RNQKFR w - - 0 1 {seed:9e3779b97f4a7c15,last:e1}"
	assert.Equal(t, fen, c.FEN(fen))
	assert.Equal(t, fen, c.FEN(fen, "a2a3", "a5a4"))
	assert.Equal(t, []string{"a1a2"}, c.Perft1(fen))
}
