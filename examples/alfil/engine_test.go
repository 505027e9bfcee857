package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSearchFlagRanges checks that the flags bounding a search reject
// values out of range with status 2 instead of silently meaning something
// else (-movetime 0 used to mean "no limit").
func TestSearchFlagRanges(t *testing.T) {
	var cases []runCase
	for _, cmd := range []string{"play", "search"} {
		cases = append(cases,
			runCase{cmd + " zero movetime", []string{cmd, "-movetime", "0"}, 2, nil, []string{"alfil " + cmd + ": -movetime must be more than 0, not 0s"}, nil},
			runCase{cmd + " negative movetime", []string{cmd, "-movetime", "-1s"}, 2, nil, []string{"-movetime must be more than 0, not -1s"}, nil},
			runCase{cmd + " zero movetime with depth", []string{cmd, "-depth", "2", "-movetime", "0"}, 2, nil, []string{"-movetime must be more than 0"}, nil},
			runCase{cmd + " zero threads", []string{cmd, "-threads", "0"}, 2, nil, []string{"-threads is 1 to 256, not 0"}, nil},
			runCase{cmd + " too many threads", []string{cmd, "-threads", "100000"}, 2, nil, []string{"-threads is 1 to 256, not 100000"}, nil},
			runCase{cmd + " negative depth", []string{cmd, "-depth", "-3"}, 2, nil, []string{"-depth is 1 to 64, not -3"}, nil},
			runCase{cmd + " depth too deep", []string{cmd, "-depth", "65"}, 2, nil, []string{"-depth is 1 to 64, not 65"}, nil},
		)
	}
	cases = append(cases,
		runCase{"most threads", []string{"search", "-depth", "1", "-threads", "256"}, 0, []string{"bestmove "}, nil, nil},
		runCase{"deepest depth", []string{"search", "-fen", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "-depth", "64"}, 0, []string{"bestmove d1d8 score mate 1\n"}, nil, nil},
	)
	runCases(t, cases)
}

// TestInterruptedCommands runs play and search with a context that has
// already ended, as after Ctrl-C: play plays nothing and says so, search
// still prints a move; both return status 130.
func TestInterruptedCommands(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	status := playContext(ctx, []string{"play", "-variant", "zoo", "-movetime", "1h"}[1:], &out, &errOut)
	assert.Equal(t, interrupted, status, errOut.String())
	assert.Contains(t, out.String(), "zoo: ai (first) against ai (second)")
	assert.Contains(t, out.String(), "interrupted after 0 plies\n")

	out.Reset()
	errOut.Reset()
	status = searchContext(ctx, []string{"-variant", "zoo", "-movetime", "1h"}, &out, &errOut)
	assert.Equal(t, interrupted, status, errOut.String())
	assert.Contains(t, out.String(), "depth 0 ")
	assert.Contains(t, out.String(), "bestmove ")
	assert.Contains(t, errOut.String(), "alfil search: interrupted")
}

// TestMainHelper is not a test: TestInterruptSignal runs the test binary
// as the alfil command through it.
func TestMainHelper(t *testing.T) {
	if os.Getenv("ALFIL_MAIN_HELPER") != "1" {
		t.Skip("runs only as TestInterruptSignal's child")
	}
	// Ctrl-C must not kill the process before the command has set up its
	// own handling, nor after (the parent sends it until the process ends):
	// this channel stays subscribed, and full.
	signal.Notify(make(chan os.Signal), os.Interrupt)
	// from here on a SIGINT cannot kill the process: say so, so that the
	// parent does not send one while the test binary is still starting
	fmt.Println(helperReady)
	os.Exit(run(flag.Args(), os.Stdout, os.Stderr))
}

// helperReady is the line TestMainHelper prints once Ctrl-C cannot kill it.
const helperReady = "alfil helper: signals handled"

// TestInterruptSignal sends SIGINT to the command in a child process, on
// the zoo's board where depth 1 of the search takes minutes and a move
// is an hour away: play must stop the game, print it and exit with 130;
// search must print its best move so far and exit with 130. The bound on
// waiting guards against a hang; it is no measure of promptness.
func TestInterruptSignal(t *testing.T) {
	if os.Getenv("ALFIL_MAIN_HELPER") == "1" {
		t.Skip("the child")
	}
	for _, c := range []struct {
		name   string
		args   []string
		ready  string // what the child prints once the command is under way
		stdout []string
	}{
		{"play", []string{"play", "-variant", "zoo", "-movetime", "1h"}, "zoo: ai (first)", []string{"interrupted after 0 plies\n"}},
		{"search", []string{"search", "-variant", "zoo", "-movetime", "1h"}, "", []string{"bestmove "}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], append([]string{"-test.run=^TestMainHelper$", "--"}, c.args...)...)
			cmd.Env = append(os.Environ(), "ALFIL_MAIN_HELPER=1")
			var errOut bytes.Buffer
			cmd.Stderr = &errOut
			pipe, err := cmd.StdoutPipe()
			require.NoError(t, err)
			require.NoError(t, cmd.Start())
			var out strings.Builder
			lines := make(chan string)
			go func() {
				defer close(lines)
				r := bufio.NewReader(pipe)
				for {
					line, err := r.ReadString('\n')
					if line != "" {
						lines <- line
					}
					if err != nil {
						return
					}
				}
			}()
			// the child must be past its start (helperReady), and the
			// command under way (c.ready) before Ctrl-C is sent
			started, ready := false, false
			guard := time.After(2 * time.Minute)
			tick := time.NewTicker(50 * time.Millisecond)
			defer tick.Stop()
		wait:
			for {
				select {
				case line, ok := <-lines:
					if !ok {
						break wait
					}
					out.WriteString(line)
					started = started || strings.Contains(line, helperReady)
					ready = started && (ready || strings.Contains(line, c.ready))
				case <-tick.C:
					if ready {
						_ = cmd.Process.Signal(syscall.SIGINT)
					}
				case <-guard:
					_ = cmd.Process.Kill()
					t.Fatalf("the command did not end after SIGINT; output so far:\n%s", out.String())
				}
			}
			err = cmd.Wait()
			var exit *exec.ExitError
			require.True(t, errors.As(err, &exit), "exit: %v; stderr: %s", err, errOut.String())
			assert.Equal(t, interrupted, exit.ExitCode(), "stderr: %s", errOut.String())
			for _, s := range c.stdout {
				assert.Contains(t, out.String(), s)
			}
		})
	}
}
