package pgn_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/pgn"
)

// pgnExtract returns the path of pgn-extract (the Debian package installs
// it in /usr/games, often not on PATH; PGN_EXTRACT names another), or
// skips the test.
func pgnExtract(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("PGN_EXTRACT"); p != "" {
		return p
	}
	if p, err := exec.LookPath("pgn-extract"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/pgn-extract"); err == nil {
		return "/usr/games/pgn-extract"
	}
	t.Skip("pgn-extract is not installed (Debian: apt-get install pgn-extract; or set PGN_EXTRACT): the check against another program's PGN reader is skipped")
	return ""
}

// TestPGNExtract has pgn-extract read the chess games Write writes —
// castling both ways, en passant, promotions (one with check), mates, a
// stalemate, a resignation, a start from a FEN with black to move — and
// write them out again in its own SAN. It must report nothing, and name
// every move as alfil does, check and mate marks included.
func TestPGNExtract(t *testing.T) {
	bin := pgnExtract(t)
	resigned := newGame(t, "chess", "", "e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6")
	require.NoError(t, resigned.Resign(board.Second))
	games := []*game.Game{
		newGame(t, "chess", "r3k2r/pppq1ppp/2n5/3pP3/8/2N5/PPP2PPP/R3K2R w KQkq d6 0 12",
			"exd6", "O-O-O", "O-O", "Qg4", "dxc7", "Qxg2#"),
		newGame(t, "chess", "r3k3/6P1/8/8/8/8/6p1/4K2R b Kq - 0 40",
			"gxh1=Q+", "Ke2", "O-O-O", "g8=Q", "Rxg8"),
		newGame(t, "chess", "7k/8/5KQ1/8/8/8/8/8 w - - 0 60", "Qf7"),
		newGame(t, "chess", "8/2P5/8/8/8/8/4k2p/K7 w - - 0 70", "c8=N", "Kd3", "Nd6", "Kc3", "Ne4+"),
		resigned,
	}
	var records []*pgn.Record
	for _, name := range []string{"lichess.pgn", "chessbase.pgn"} {
		text, err := os.ReadFile(filepath.Join("testdata", name))
		require.NoError(t, err)
		for _, rec := range readAll(t, text) {
			if rec.Game.Program().Name == "chess" {
				records = append(records, rec)
			}
		}
	}
	built := len(games)
	for _, rec := range records {
		games = append(games, rec.Game)
	}
	var in bytes.Buffer
	for i, g := range games {
		tags := []pgn.Tag{{Name: "Event", Value: "pgn-extract check"}}
		if i >= built {
			tags = records[i-built].Tags // a resignation, a time forfeit
		}
		require.NoError(t, pgn.Write(&in, g, tags...))
	}
	dir := t.TempDir()
	inPath, outPath, logPath := filepath.Join(dir, "in.pgn"), filepath.Join(dir, "out.pgn"), filepath.Join(dir, "log.txt")
	require.NoError(t, os.WriteFile(inPath, in.Bytes(), 0o644))

	// -s: no progress lines; -l: the diagnostics (illegal moves,
	// inconsistent results, bad tags) to a file of their own;
	// --nobadresults: a result at odds with the moves is one of them
	cmd := exec.Command(bin, "-s", "--nobadresults", "--nocomments", "-l"+logPath, "-o"+outPath, inPath)
	output, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", output)
	diagnostics, err := os.ReadFile(logPath)
	require.NoError(t, err)
	require.Empty(t, strings.TrimSpace(string(diagnostics)), "pgn-extract reported on:\n%s", in.String())

	out, err := os.ReadFile(outPath)
	require.NoError(t, err)
	theirs := movetexts(string(out))
	require.Len(t, theirs, len(games), "pgn-extract wrote:\n%s", out)
	for i, g := range games {
		assert.Equal(t, g.SANMoves(), theirs[i], "game %d", i+1)
	}
}

var (
	tagLine    = regexp.MustCompile(`(?m)^\[.*\]\s*$`)
	moveNumber = regexp.MustCompile(`^\d+\.+$`)
)

// movetexts returns the moves of each game in PGN text written without
// comments or variations: its tokens, less the move numbers and results.
func movetexts(text string) [][]string {
	var out [][]string
	for _, game := range strings.Split(tagLine.ReplaceAllString(text, "\x00"), "\x00") {
		fields := strings.Fields(game)
		if len(fields) == 0 {
			continue
		}
		var moves []string
		for _, f := range fields {
			switch {
			case moveNumber.MatchString(f), f == "1-0", f == "0-1", f == "1/2-1/2", f == "*":
			default:
				moves = append(moves, f)
			}
		}
		out = append(out, moves)
	}
	return out
}
