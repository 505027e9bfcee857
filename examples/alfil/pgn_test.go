package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/pgn"
)

// TestPlayPGN: play -pgn writes the game played, which reads back with
// its players, date, moves and end.
func TestPlayPGN(t *testing.T) {
	tests := []struct {
		name        string
		args        []string
		white       string
		black       string
		plies       int
		result      board.Result
		termination string
		fen         string // the FEN tag
	}{
		{"stopped at the ply limit", []string{"-variant", "capablanca", "-white", "random", "-depth", "1", "-seed", "3", "-plies", "6"},
			"alfil random", "alfil ai depth 1", 6, board.Ongoing, "unterminated", ""},
		{"mate on the board", []string{"-fen", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "-depth", "3"},
			"alfil ai depth 3", "alfil ai depth 3", 1, board.FirstWins, "normal", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"},
		{"ai by time", []string{"-movetime", "10ms", "-plies", "2", "-black", "greedy", "-seed", "1"},
			"alfil ai 10ms a move", "alfil greedy", 2, board.Ongoing, "unterminated", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "game.pgn")
			var out, errOut bytes.Buffer
			status := run(append([]string{"play", "-pgn", path}, tt.args...), &out, &errOut)
			require.Equal(t, 0, status, errOut.String())
			text, err := os.ReadFile(path)
			require.NoError(t, err)
			recs, err := pgn.ReadAll(bytes.NewReader(text), nil)
			require.NoError(t, err, "%s", text)
			require.Len(t, recs, 1)
			rec := recs[0]
			assert.Equal(t, "alfil play", rec.Tag("Event"))
			assert.Equal(t, time.Now().Format("2006.01.02"), rec.Tag("Date"))
			assert.Equal(t, tt.white, rec.Tag("White"))
			assert.Equal(t, tt.black, rec.Tag("Black"))
			assert.Equal(t, tt.termination, rec.Tag("Termination"))
			assert.Equal(t, tt.fen, rec.Tag("FEN"))
			assert.Equal(t, tt.plies, rec.Game.Len())
			assert.Equal(t, tt.result, rec.Result)
		})
	}
}

func TestPlayPGNBadPath(t *testing.T) {
	var out, errOut bytes.Buffer
	path := filepath.Join(t.TempDir(), "no", "such", "dir", "game.pgn")
	status := run([]string{"play", "-pgn", path, "-depth", "1"}, &out, &errOut)
	assert.Equal(t, 1, status)
	assert.Contains(t, errOut.String(), "game.pgn")
	assert.Empty(t, out.String(), "no game played")
}

// TestPlayPGNInterrupted: a game stopped by Ctrl-C is written as far as
// it went, without a result.
func TestPlayPGNInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	path := filepath.Join(t.TempDir(), "game.pgn")
	var out, errOut bytes.Buffer
	status := playContext(ctx, []string{"-pgn", path, "-variant", "shatranj", "-movetime", "1h"}, &out, &errOut)
	require.Equal(t, interrupted, status, errOut.String())
	text, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(text), "[Variant \"shatranj\"]\n")
	assert.Contains(t, string(text), "[Termination \"unterminated\"]\n\n*\n")
}

// TestPlayMoveNumbers: the moves printed carry the FEN's move numbers, a
// start with black to move beginning with black's half (50...).
func TestPlayMoveNumbers(t *testing.T) {
	var out, errOut bytes.Buffer
	status := run([]string{"play", "-fen", "k7/8/1K6/8/8/8/8/7R b - - 0 50", "-depth", "2"}, &out, &errOut)
	require.Equal(t, 0, status, errOut.String())
	assert.Contains(t, out.String(), "\n50... a8b8")
	assert.Contains(t, out.String(), "\n51. h1h8")
}
