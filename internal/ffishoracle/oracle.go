// Package ffishoracle runs a second Fairy-Stockfish for tests: the npm
// package ffish (Fairy-Stockfish 230826, the large-board build, compiled
// to WebAssembly) under node. Debian's fairy-stockfish 11.1, the UCI
// binary CI installs (package uciclient), has no custom pieces (no
// customPieceN, no Betza notation), lacks some variants and plays some by
// older rules; ffish reads variants.ini files with custom pieces and
// plays the rules of August 2023.
//
// One node process runs driver.js, which answers one JSON request a line
// (a position as variant, FEN and moves; perft, legal moves, FEN; a
// variants.ini to load), so one process serves a whole test.
package ffishoracle

import (
	"bufio"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// Version is the ffish release .ci/run installs and the tests were
// written against.
const Version = "0.7.10"

//go:embed driver.js
var driver []byte

// Find returns the node_modules directory that holds ffish ($FFISH_DIR
// names the directory npm installed it under: $FFISH_DIR/node_modules/ffish)
// and the node binary, or a sentence that says what is missing.
func Find() (modules, node, missing string) {
	dir := os.Getenv("FFISH_DIR")
	if dir == "" {
		return "", "", "FFISH_DIR is not set: install ffish with `npm install --no-save --prefix DIR ffish@" + Version + "` and set FFISH_DIR=DIR (.ci/run does)"
	}
	modules = filepath.Join(dir, "node_modules")
	if _, err := os.Stat(filepath.Join(modules, "ffish", "ffish.js")); err != nil {
		return "", "", fmt.Sprintf("FFISH_DIR=%s holds no node_modules/ffish/ffish.js: install it with `npm install --no-save --prefix %s ffish@%s`", dir, dir, Version)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return "", "", "node is not on the PATH (the Debian package nodejs): ffish runs under it"
	}
	return modules, node, ""
}

// Oracle is ffish in a node child process, playing one variant at a time
// (Use). Its failures go to T; a subtest may set its own.
type Oracle struct {
	T        testing.TB
	cmd      *exec.Cmd
	in       io.WriteCloser
	answers  chan []byte
	info     string
	variants []string
	variant  string
	chess960 bool
	stderr   lockedBuffer // what node wrote to stderr: why it ended
}

// lockedBuffer collects node's stderr, which exec copies on its own
// goroutine while a failing test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Timeout bounds the wait for one answer: the guard against a hung child,
// not a measure of speed (a perft 3 of a large variant takes seconds).
var Timeout = 3 * time.Minute

// Start starts ffish under node and stops it when the test ends; it skips
// the test, saying what is missing and what then goes unchecked (why),
// when ffish or node is not installed.
func Start(t testing.TB, why string) *Oracle {
	t.Helper()
	modules, node, missing := Find()
	if missing != "" {
		t.Skip(missing + "; " + why)
	}
	script := filepath.Join(t.TempDir(), "driver.js")
	if err := os.WriteFile(script, driver, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, script)
	cmd.Env = append(os.Environ(), "NODE_PATH="+modules)
	o := &Oracle{T: t, cmd: cmd, answers: make(chan []byte, 16)}
	cmd.Stderr = &o.stderr
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
	o.in = in
	go func() {
		defer close(o.answers)
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 64<<20) // a move list of a large board is long
		for sc.Scan() {
			o.answers <- slices.Clone(sc.Bytes())
		}
	}()
	t.Cleanup(func() {
		// the end of its input ends the driver; one still counting (a
		// test that gave up waiting) is killed
		in.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		var err error
		select {
		case err = <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			err = <-done
		}
		if err != nil {
			t.Logf("node %s: %v\n%s", script, err, o.stderr.String())
		}
	})
	var ready struct{ Ready bool }
	o.receive(&ready, "the start of the driver")
	var info struct {
		Info     string
		Variants []string
	}
	o.call(request{Op: "info"}, &info)
	o.info, o.variants = info.Info, info.Variants
	return o
}

// request is one line to driver.js.
type request struct {
	Op       string   `json:"op"`
	Variant  string   `json:"variant,omitempty"`
	Chess960 bool     `json:"chess960,omitempty"`
	FEN      string   `json:"fen,omitempty"`
	Moves    []string `json:"moves,omitempty"`
	Depth    int      `json:"depth"`
	INI      string   `json:"ini,omitempty"`
}

// call sends req and decodes the answer into out, failing the test on an
// error answer.
func (o *Oracle) call(req request, out any) {
	o.T.Helper()
	line, err := json.Marshal(req)
	if err != nil {
		o.T.Fatal(err)
	}
	if _, err := o.in.Write(append(line, '\n')); err != nil {
		o.T.Fatalf("ffish: %v", err)
	}
	o.receive(out, string(line))
}

// receive decodes the next answer into out; what names the request.
func (o *Oracle) receive(out any, what string) {
	o.T.Helper()
	select {
	case line, ok := <-o.answers:
		if !ok {
			o.T.Fatalf("ffish ended before answering (%s); node wrote %q", what, o.stderr.String())
		}
		var e struct {
			Error   string
			Printed []string
		}
		if err := json.Unmarshal(line, &e); err != nil {
			o.T.Fatalf("ffish answered %s with %q: %v", what, line, err)
		}
		if e.Error != "" {
			o.T.Fatalf("ffish: %s (asked %s; it printed %q)", e.Error, what, e.Printed)
		}
		if err := json.Unmarshal(line, out); err != nil {
			o.T.Fatalf("ffish answered %s with %q: %v", what, line, err)
		}
	case <-time.After(Timeout):
		o.T.Fatalf("no answer from ffish (%s) in %v", what, Timeout)
	}
}

// Info is the build's banner ("Fairy-Stockfish 230826 LB by Fabian
// Fichter").
func (o *Oracle) Info() string { return o.info }

// Knows reports whether ffish plays variant (its own or one loaded).
func (o *Oracle) Knows(variant string) bool { return slices.Contains(o.variants, variant) }

// Load adds the variants of a variants.ini text and returns the names of
// its sections ffish did not add and what it printed: ffish passes over
// a section it cannot read, printing why.
func (o *Oracle) Load(ini string) (missing, printed []string) {
	o.T.Helper()
	var got struct {
		Variants []string
		Printed  []string
	}
	o.call(request{Op: "load", INI: ini}, &got)
	o.variants = got.Variants
	for _, line := range strings.Split(ini, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "[") || !strings.HasSuffix(line, "]") {
			continue
		}
		name, _, _ := strings.Cut(strings.Trim(line, "[]"), ":")
		if !o.Knows(name) {
			missing = append(missing, name)
		}
	}
	return missing, got.Printed
}

// Use makes variant the one the position methods play, in Chess960 mode
// if chess960; it fails the test when ffish has no such variant.
func (o *Oracle) Use(variant string, chess960 bool) {
	o.T.Helper()
	if !o.Knows(variant) {
		o.T.Fatalf("ffish (%s) has no variant %s", o.info, variant)
	}
	o.variant, o.chess960 = variant, chess960
}

// position is the request of op for the position after moves from fen
// ("startpos" or "" for the variant's start).
func (o *Oracle) position(op, fen string, moves []string) request {
	if fen == "startpos" {
		fen = ""
	}
	return request{Op: op, Variant: o.variant, Chess960: o.chess960, FEN: fen, Moves: moves}
}

// StartFEN returns the variant's starting FEN.
func (o *Oracle) StartFEN() string {
	o.T.Helper()
	var got struct{ FEN string }
	o.call(request{Op: "start", Variant: o.variant}, &got)
	return got.FEN
}

// Moves returns the legal moves after moves from fen, sorted, in UCI
// form (as uciclient's Perft1 does for the UCI binary).
func (o *Oracle) Moves(fen string, moves ...string) []string {
	o.T.Helper()
	var got struct{ Moves []string }
	o.call(o.position("moves", fen, moves), &got)
	slices.Sort(got.Moves)
	return got.Moves
}

// FEN returns ffish's FEN of the position after moves from fen.
func (o *Oracle) FEN(fen string, moves ...string) string {
	o.T.Helper()
	var got struct{ FEN string }
	o.call(o.position("fen", fen, moves), &got)
	return got.FEN
}

// Perft counts the leaves depth plies below the position after moves
// from fen, as Fairy-Stockfish's go perft does (no moves once the game
// is over).
func (o *Oracle) Perft(fen string, depth int, moves ...string) uint64 {
	o.T.Helper()
	req := o.position("perft", fen, moves)
	req.Depth = depth
	var got struct{ Nodes uint64 }
	o.call(req, &got)
	return got.Nodes
}
