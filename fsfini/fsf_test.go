package fsfini_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/fsfini"
	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/internal/ffishoracle"
	"github.com/alfil-go/alfil/internal/uciclient"
	"github.com/alfil-go/alfil/movegen"
)

// convert converts a variant of an ini file and compiles it, requiring
// that nothing was left out.
func convert(t *testing.T, f *fsfini.File, name string) *movegen.Program {
	t.Helper()
	r, err := f.Convert(name)
	require.NoError(t, err)
	require.Empty(t, r.Unsupported, "options left out of %s", name)
	prog, err := movegen.Load(name+".alf", []byte(r.Source), movegen.WithLoader(examples.Loader))
	require.NoError(t, err, "the converted file:\n%s", r.Source)
	return prog
}

// oracle is the Fairy-Stockfish the converted variants are compared
// with: the UCI binary when it reads what the file needs, else ffish
// (internal/ffishoracle), which reads custom pieces where Debian's 11.1,
// CI's binary, does not.
type oracle interface {
	// use plays the variant of that name from now on
	use(t testing.TB, name string)
	// perft counts as go perft does after the moves from fen
	perft(t testing.TB, fen string, depth int, moves ...string) uint64
	// moves lists the legal moves after the moves from fen, sorted
	moves(t testing.TB, fen string, moves ...string) []string
}

// uciOracle is a Fairy-Stockfish binary spoken to over UCI.
type uciOracle struct{ c *uciclient.Client }

func (u uciOracle) use(t testing.TB, name string) {
	u.c.T = t
	useVariant(u.c, name)
}

func (u uciOracle) perft(t testing.TB, fen string, depth int, moves ...string) uint64 {
	u.c.T = t
	return fsfPerft(t, u.c, fen, depth, moves...)
}

func (u uciOracle) moves(t testing.TB, fen string, moves ...string) []string {
	u.c.T = t
	return u.c.Perft1(fen, moves...)
}

// ffishOracle is ffish with the file's variants loaded.
type ffishOracle struct{ o *ffishoracle.Oracle }

func (f ffishOracle) use(t testing.TB, name string) {
	f.o.T = t
	f.o.Use(name, false)
}

func (f ffishOracle) perft(t testing.TB, fen string, depth int, moves ...string) uint64 {
	f.o.T = t
	return f.o.Perft(fen, depth, moves...)
}

func (f ffishOracle) moves(t testing.TB, fen string, moves ...string) []string {
	f.o.T = t
	return f.o.Moves(fen, moves...)
}

// fsfPerft returns Fairy-Stockfish's go perft count after the moves from
// fen.
func fsfPerft(t testing.TB, fsf *uciclient.Client, fen string, depth int, moves ...string) uint64 {
	t.Helper()
	fsf.Position(fen, moves...)
	fsf.Send("go perft %d", depth)
	lines := fsf.Until("Nodes searched")
	n, err := strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(lines[len(lines)-1], "Nodes searched:")), 10, 64)
	require.NoError(t, err)
	return n
}

// alfilPerft returns alfil's perft count after the moves from fen.
func alfilPerft(t *testing.T, prog *movegen.Program, fen string, depth int, moves ...string) uint64 {
	t.Helper()
	if fen == "startpos" {
		fen = ""
	}
	g, err := game.New(prog, fen)
	require.NoError(t, err)
	for _, m := range moves {
		require.NoError(t, g.PlayMove(m))
	}
	return g.Board().Perft(depth)
}

// alfilMoves returns alfil's legal moves after the moves from fen,
// sorted.
func alfilMoves(t *testing.T, prog *movegen.Program, fen string, moves ...string) []string {
	t.Helper()
	if fen == "startpos" {
		fen = ""
	}
	g, err := game.New(prog, fen)
	require.NoError(t, err)
	for _, m := range moves {
		require.NoError(t, g.PlayMove(m))
	}
	var list movegen.MoveList
	g.Legal(&list)
	return slices.Sorted(slices.Values(g.Board().Notation(list.Moves)))
}

// samePerft checks alfil's perft after the moves from fen against want,
// Fairy-Stockfish's. Where they differ it follows the first move whose
// counts differ down to the position whose legal moves differ, and names
// the moves only one of them lists there.
func samePerft(t *testing.T, fsf oracle, prog *movegen.Program, fen string, depth int, want uint64, moves ...string) {
	t.Helper()
	got := alfilPerft(t, prog, fen, depth, moves...)
	if got == want {
		return
	}
	path := slices.Clone(moves)
	for d := depth; d >= 1; d-- {
		theirs, ours := fsf.moves(t, fen, path...), alfilMoves(t, prog, fen, path...)
		if !slices.Equal(theirs, ours) {
			var onlyTheirs, onlyOurs []string
			for _, m := range theirs {
				if !slices.Contains(ours, m) {
					onlyTheirs = append(onlyTheirs, m)
				}
			}
			for _, m := range ours {
				if !slices.Contains(theirs, m) {
					onlyOurs = append(onlyOurs, m)
				}
			}
			assert.Failf(t, "perft differs", "perft %d from %s after %v: Fairy-Stockfish %d, alfil %d; after %v only Fairy-Stockfish lists %v, only alfil %v",
				depth, fen, moves, want, got, path, onlyTheirs, onlyOurs)
			return
		}
		next := path
		for _, m := range ours {
			p := append(slices.Clone(path), m)
			if d > 1 && fsf.perft(t, fen, d-1, p...) != alfilPerft(t, prog, fen, d-1, p...) {
				next = p
				break
			}
		}
		if len(next) == len(path) {
			break
		}
		path = next
	}
	assert.Failf(t, "perft differs", "perft %d from %s after %v: Fairy-Stockfish %d, alfil %d (the same moves down to %v)", depth, fen, moves, want, got, path)
}

// startFSF returns a Fairy-Stockfish with the variants of path loaded:
// the UCI binary when it reads the file, else ffish; it skips the test
// when neither is there. custom says the file has custom pieces
// (customPieceN, king = k:BETZA), which Debian's 11.1 does not read.
func startFSF(t *testing.T, path string, custom bool) oracle {
	t.Helper()
	abs, err := filepath.Abs(path)
	require.NoError(t, err)
	bin, ok := uciclient.FairyStockfish()
	why := uciclient.Missing
	if ok {
		fsf := uciclient.Start(t, bin)
		if !custom {
			fsf.Send("setoption name VariantPath value %s", abs)
			return uciOracle{fsf}
		}
		probe := filepath.Join(t.TempDir(), "probe.ini")
		require.NoError(t, os.WriteFile(probe, []byte("[alfilprobe:chess]\ncustomPiece1 = z:N\n"), 0o644))
		fsf.Send("setoption name VariantPath value %s", probe)
		useVariant(fsf, "alfilprobe")
		n := fsfPerft(t, fsf, "4k3/8/8/8/3Z4/8/8/4K3 w - - 0 1", 1)
		if n == 13 {
			fsf.Send("setoption name VariantPath value %s", abs)
			return uciOracle{fsf}
		}
		// 11.1 has no Betza parser: customPieceN is not one of its
		// options, and a FEN letter of no type ends its board
		why = fmt.Sprintf("%s reads no custom piece from a VariantPath (perft 1 with a knight-like custom piece: %d, not 13), as Debian's 11.1 does not; set FAIRY_STOCKFISH to a current build", bin, n)
	}
	ff := ffishoracle.Start(t, why+"; imported variants are not compared with Fairy-Stockfish")
	t.Logf("%s; comparing with ffish (%s) instead", why, ff.Info())
	ini, err := os.ReadFile(abs)
	require.NoError(t, err)
	missing, printed := ff.Load(string(ini))
	require.Empty(t, missing, "sections of %s ffish did not load; it printed %q", path, printed)
	return ffishOracle{ff}
}

func useVariant(fsf *uciclient.Client, name string) {
	fsf.Send("setoption name UCI_Variant value %s", name)
	fsf.Send("isready")
	fsf.Until("readyok")
}

// betzaPieces are the notations of Fairy-Stockfish's predefined pieces
// (piece.cpp; the pawn's without its e, which Fairy-Stockfish reads as
// nothing) and more that use every modifier the package reads.
var betzaPieces = []string{
	"fmWfcF", "N", "B", "R", "Q", "F", "A", "FA", "FfW", "RNF", "RF", "BN", "RN", "QN",
	"mNcB", "mBcN", "mNcR", "mRcN", "fW", "fR", "fN", "WfF", "BW", "cW", "fmWfF", "mRcpR",
	"nN", "nA", "RcpRnN", "W", "K", "KN", "pR", "pB", "gQ", "gR", "mBcpB",
	"NN", "fNN", "R3", "vR2sW", "mQ2cQ2", "FvW", "fsW", "mfWcfFifmnD", "nZ", "nD", "mnNcnA",
	"lrW", "ffNbsN", "frF", "mfrWmrfF", "hrN", "hlN", "fhN", "bhN", "ifmnDfmW", "mNcK", "vNsW", "fbR", "mpRcgB",
	// j, which Fairy-Stockfish skips
	"jN", "mjBcjR",
}

// TestBetzaAgainstFairyStockfish gives, for each notation, a custom piece
// of that notation to both sides of a chess position with pieces around
// it to block, screen and take, and compares perft 3 with
// Fairy-Stockfish's, which reads the same notation from a variants.ini.
func TestBetzaAgainstFairyStockfish(t *testing.T) {
	var ini strings.Builder
	for i, n := range betzaPieces {
		fmt.Fprintf(&ini, "[betza%d:chess]\ncustomPiece1 = a:%s\ncastling = false\n\n", i, n)
	}
	path := filepath.Join(t.TempDir(), "betza.ini")
	require.NoError(t, os.WriteFile(path, []byte(ini.String()), 0o644))
	f, err := fsfini.Parse(path, []byte(ini.String()))
	require.NoError(t, err)
	fsf := startFSF(t, path, true)
	fens := []string{
		"4k3/1p3p2/2pa2p1/3p4/1P1A1P2/2P1P3/8/4K3 w - - 0 1",
		"r3k3/1a1n4/p1p1p3/8/3A1p2/1P1N2P1/P1P5/4K2R b - - 0 1",
	}
	depth := 3
	for i, n := range betzaPieces {
		t.Run(n, func(t *testing.T) {
			name := fmt.Sprintf("betza%d", i)
			prog := convert(t, f, name)
			fsf.use(t, name)
			for _, fen := range fens {
				want := fsf.perft(t, fen, depth)
				t.Logf("%s: perft %d = %d", n, depth, want)
				samePerft(t, fsf, prog, fen, depth, want)
			}
		})
	}
}

// rulePositions are positions of testdata/variants.ini's variants where
// their rules decide at once: a side bared or about to be, a stalemate to
// pass out of, kings facing each other, pieces in hand.
var rulePositions = map[string][]string{
	"pawnextinction": {"4k3/5p2/8/8/8/8/4P3/4K3 w - - 0 1", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
	"bareking":       {"4k3/1p2p3/8/8/8/8/3P1P2/4K3 w - - 0 1", "r3k3/8/8/8/8/8/8/4K2N w - - 0 1", "4k3/8/8/3n4/8/8/3P4/4K3 w - - 0 1"},
	"barereply":      {"4k3/8/8/8/8/8/3R4/4K3 w - - 0 1", "4k3/8/8/8/2Q5/8/3R4/4K3 w - - 0 1", "4k3/3r4/8/8/8/8/3R4/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", "4k3/8/8/8/8/8/3R4/4K3 b - - 0 1", "3k4/8/8/8/8/8/3R4/3QK3 b - - 0 1"},
	"passing":        {"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1"},
	"stalepass":      {"7k/5Q2/8/8/8/8/8/4K3 b - - 0 1", "7k/8/6Q1/8/8/8/8/K7 w - - 0 1", "k7/P7/1K6/8/8/8/8/8 b - - 0 1"},
	"flying":         {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/4r3/8/8/4R3/4K3 w - - 0 1", "3k4/8/8/8/8/8/8/4K3 b - - 0 1"},
	"bikjang":        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/4r3/8/8/4R3/4K3 b - - 0 1", "3k4/8/8/8/8/8/8/4KR2 w - - 0 1", "r3k3/8/8/8/8/8/8/4K3 w - - 0 1"},
	"dropfirst":      {"4k3/8/8/8/8/8/3r4/4K3[N] w - - 0 1", "4k3/8/8/8/8/8/8/r3K3[Pn] w - - 0 1"},
	"queenfirst":     {"4k3/8/8/8/8/8/3r4/4K3[QN] w - - 0 1", "4k3/8/8/8/8/8/8/r3K3[Nq] w - - 0 1", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"},
	"elim":           {"4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", "4k3/3p4/8/8/8/8/3P4/4K3 b - - 0 1"},
	"freegiveaway":   {"4k3/3p4/8/8/8/8/3P4/4K3 b - - 0 1", "k7/P7/8/8/8/8/8/8 b - - 0 1"},
	"kinglet1":       {"4k3/4pp2/8/8/8/8/3PP3/4K3 w - - 0 1", "4k3/4p3/5P2/8/8/8/3P4/4K3 w - - 0 1"},
	"threequeens":    {"k2qk2k/8/8/8/8/8/3Q4/K3K2K w - - 0 1"},
	"passxiangqi":    {"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1"},
	"moondrops":      {"4k3/8/8/8/8/8/8/R3K3[Ac] w - - 0 1", "4k3/8/8/8/8/8/8/4K3[Cp] b - - 0 1"},
	"halfhouse":      {"4k3/8/8/8/8/8/8/4K3[PNq] w - - 0 1", "r3k3/8/8/8/8/8/8/4K3[Pbp] b - - 0 1"},
	"sixranks":       {"4k3/1P6/8/8/6p1/4K3 w - - 0 1", "4k3/1P6/8/8/6p1/4K3 b - - 0 1", "4k3/8/8/8/pP6/4K3 b - b2 0 1"},
	"unevenpromo":    {"4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", "4k3/8/1P6/8/8/8/6p1/4K3 b - - 0 1", "r3k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1"},
	"twocastlers":    {"r3k2c/8/8/8/8/8/8/C3K2R w KQkq - 0 1", "c3k2r/8/8/8/8/8/8/R3K2C b KQkq - 0 1", "r3k2r/8/8/8/8/8/8/C3K2C w Qk - 0 1"},
	"centreknights":  {"4k3/8/3n4/4N3/8/8/8/4K3 b - - 0 1", "4k3/8/3n4/4N3/8/8/8/4K3 w - - 0 1", "4k3/8/8/2n5/8/5N2/8/4K3 w - - 0 1"},
	"kingcross":      {"8/4K3/8/8/8/8/4k3/8 w - - 0 1", "8/4K3/8/8/8/8/4k3/8 b - - 0 1", "4K3/8/8/8/8/8/8/4k3 w - - 0 1", "8/8/8/8/8/8/k6K/8 w - - 0 1"},
	"halfcentre":     {"4k3/8/3n4/4N3/8/8/8/4K3 b - - 0 1", "4k3/8/8/2n5/8/5N2/8/4K3 w - - 0 1", "4k3/8/8/8/4n3/8/3N4/4K3 w - - 0 1"},
	"kingrace":       {"8/8/3k4/8/4K3/8/8/8 w - - 0 1", "8/8/8/8/4K3/8/8/1k6 w - - 0 1", "8/8/3k4/8/8/8/8/4K3 b - - 0 1", "8/8/8/3k1K2/8/8/8/8 w - - 0 1"},
	"nochecks":       {"4k3/8/8/8/8/8/3R4/4K3 w - - 0 1", "4k3/1P6/8/8/1N6/8/8/4K2R w K - 0 1", "7k/8/6Q1/8/8/8/8/K7 b - - 0 1", "4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1"},
	"confined":       {"4k3/8/8/3r4/8/8/3R4/4K3 w - - 0 1", "4k3/8/2n5/8/8/1N6/8/4K3 w - - 0 1", "r3k3/8/2c5/8/8/2C5/8/R3K2Q w Qq - 0 1", "4k3/8/8/8/4Q3/8/8/4K3 b - - 0 1"},
	"palacehouse":    {"4k3/8/8/8/8/8/8/4K3[QNqn] w - - 0 1", "3rk3/8/8/8/8/8/8/4K3[N] w - - 0 1", "4k3/8/8/8/8/8/8/3QK3[n] b - - 0 1"},
	"misere4":        {"5/5/5/5/PPP2[PPPPPPPPPPpppppppppppp] w - - 0 1", "5/p4/p4/p4/PP3[PPPPPPPPPPPpppppppppp] b - - 0 1", "5/5/5/5/PPP1P[PPPPPPPPPpppppppppppp] w - - 0 1", "5/1p3/2p2/3p1/PP3[PPPPPPPPPPPpppppppppp] b - - 0 1"},
	"pawnrows":       {"4k3/8/8/8/8/2P5/1P6/4K3 w - - 0 1", "4k3/8/8/8/3P4/8/3P4/4K3 w - - 0 1", "4k3/2p5/8/2n5/8/8/8/4K3 b - - 0 1", "4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1"},
	"rookinside":     {"r2k3rq/9/9/9/9/9/9/R2K3RQ w KQkq - 0 1", "r2k3rq/9/9/9/9/9/9/R2K3RQ b KQkq - 0 1", "r2k3rq/9/9/9/9/5b3/9/R2K3RQ w KQkq - 0 1"},
	"commonercastle": {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/5q2/R3K2R w KQkq - 0 1", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"},
	"knightrows":     {"4k3/2N5/N7/8/8/8/8/4K3 w - - 0 1", "1n2k3/8/8/8/8/2n5/8/1NN1K3 b - - 0 1", "4k3/8/8/1N6/8/8/8/4K3 w - - 0 1"},
	"safesquat":      {"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/5p2/3K2R1 b - - 0 1"},
	"twokingsroyal":  {"3kk3/8/8/8/8/8/4R3/3KK3 b - - 0 1", "3kk3/8/8/8/8/8/8/R2KK3 b - - 0 1"},
	"lastking":       {"4kk2/8/8/8/8/8/8/4K2r w - - 0 1", "4kk2/8/8/8/8/8/8/3QKK2 w - - 0 1", "1K2k3/8/8/8/8/8/8/R6r w - - 0 1", "r3k3/8/8/8/8/8/8/KK1R4 b - - 0 1"},
	"colourpass":     {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1"},
	"twochecks":      {"4k3/8/8/8/8/8/8/R3K3 w Q - 1+2 0 1", "4k3/8/8/8/8/8/8/R3K3 b Q - 2+1 0 1", "r3k3/8/8/8/8/8/8/R3K3 w Qq - 2+2 0 1"},
	"walled":         {"4k3/8/8/2*2*2/2*Q1*2/8/8/R3K3 w Q - 0 1", "r3k3/8/3n4/2*2*2/2*2*2/8/8/4K3 b q - 0 1"},
}

// TestVariantsAgainstFairyStockfish converts every variant of
// testdata/variants.ini (custom pieces: a current Fairy-Stockfish binary,
// or ffish where the binary is Debian's 11.1, as in CI) and of
// testdata/predefined.ini (Fairy-Stockfish's piece types only, which
// Debian's 11.1 reads too) and compares perft with
// Fairy-Stockfish's from the start and from positions of a random game
// (the same moves played on both), at depth 3 (2 with -short).
func TestVariantsAgainstFairyStockfish(t *testing.T) {
	for _, file := range []struct {
		path   string
		custom bool
	}{{"testdata/variants.ini", true}, {"testdata/predefined.ini", false}} {
		t.Run(filepath.Base(file.path), func(t *testing.T) {
			roundTrip(t, file.path, file.custom)
		})
	}
}

func roundTrip(t *testing.T, path string, custom bool) {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	f, err := fsfini.Parse(path, data)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(f.Sections), 10)
	f.Bases = examples.Loader
	if !custom {
		for _, s := range f.Sections {
			for _, o := range s.Options {
				require.False(t, strings.HasPrefix(o.Key, "customPiece") || o.Key == "king" && strings.Contains(o.Value, ":"),
					"%s: [%s] %s: the file is for builds without custom pieces", path, s.Name, o.Key)
			}
		}
	}
	fsf := startFSF(t, path, custom)
	depth := 3
	if testing.Short() {
		depth = 2
	}
	if d, err := strconv.Atoi(os.Getenv("FSFINI_DEPTH")); err == nil && d > 0 {
		depth = d // deeper by hand: FSFINI_DEPTH=4
	}
	for _, name := range f.Names() {
		t.Run(name, func(t *testing.T) {
			prog := convert(t, f, name)
			fsf.use(t, name)
			want := fsf.perft(t, "startpos", depth)
			t.Logf("perft %d from the start: %d", depth, want)
			samePerft(t, fsf, prog, "startpos", depth, want)
			for _, fen := range rulePositions[name] {
				want := fsf.perft(t, fen, depth)
				t.Logf("perft %d from %s: %d", depth, fen, want)
				samePerft(t, fsf, prog, fen, depth, want)
			}
			// two positions of a random game, the same for every run
			rng := rand.New(rand.NewPCG(uint64(len(name)), 17))
			g, err := game.New(prog, "")
			require.NoError(t, err)
			for _, plies := range []int{8, 20, 40} {
				for g.Len() < plies && !g.Outcome().Over() {
					var list movegen.MoveList
					g.Legal(&list)
					if len(list.Moves) == 0 {
						break
					}
					require.NoError(t, g.Play(list.Moves[rng.IntN(len(list.Moves))]))
				}
				want := fsf.perft(t, "startpos", depth, g.Moves()...)
				t.Logf("perft %d after %d plies: %d", depth, g.Len(), want)
				samePerft(t, fsf, prog, "startpos", depth, want, g.Moves()...)
			}
		})
	}
}

// TestFairyStockfishVariantsIni converts every variant of the
// variants.ini that FSF_VARIANTS_INI names (Fairy-Stockfish's own, in its
// source tree) that the importer converts whole, and compares perft 3
// from the start and after a random game with Fairy-Stockfish's.
func TestFairyStockfishVariantsIni(t *testing.T) {
	path := os.Getenv("FSF_VARIANTS_INI")
	if path == "" {
		t.Skip("FSF_VARIANTS_INI names no variants.ini to compare")
	}
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	f, err := fsfini.Parse(path, data)
	require.NoError(t, err)
	f.Bases = examples.Loader
	fsf := startFSF(t, path, true)
	converted := 0
	for _, name := range f.Names() {
		r, err := f.Convert(name)
		if err != nil || len(r.Unsupported) > 0 {
			continue
		}
		converted++
		t.Run(name, func(t *testing.T) {
			prog, err := movegen.Load(name+".alf", []byte(r.Source), movegen.WithLoader(examples.Loader))
			require.NoError(t, err, r.Source)
			fsf.use(t, name)
			rng := rand.New(rand.NewPCG(uint64(len(name)), 3))
			g, err := game.New(prog, "")
			require.NoError(t, err)
			for _, plies := range []int{0, 10} {
				for g.Len() < plies && !g.Outcome().Over() {
					var list movegen.MoveList
					g.Legal(&list)
					if len(list.Moves) == 0 {
						break
					}
					require.NoError(t, g.Play(list.Moves[rng.IntN(len(list.Moves))]))
				}
				want := fsf.perft(t, "startpos", 3, g.Moves()...)
				t.Logf("perft 3 after %v: %d", g.Moves(), want)
				samePerft(t, fsf, prog, "startpos", 3, want, g.Moves()...)
			}
		})
	}
	t.Logf("%d of %d variants converted whole", converted, len(f.Sections))
}

// TestBuiltinsAgainstFairyStockfish converts a section based on each of
// the built-in variants the importer knows (builtin.ini) and compares
// perft from the start and after a random game with Fairy-Stockfish's own
// variant of that name.
func TestBuiltinsAgainstFairyStockfish(t *testing.T) {
	var ini strings.Builder
	for _, name := range fsfini.Builtins() {
		fmt.Fprintf(&ini, "[imported-%s:%s]\n", name, name)
	}
	path := filepath.Join(t.TempDir(), "builtins.ini")
	require.NoError(t, os.WriteFile(path, []byte(ini.String()), 0o644))
	f, err := fsfini.Parse(path, []byte(ini.String()))
	require.NoError(t, err)
	fsf := startFSF(t, path, true)
	depth := 3
	for _, name := range fsfini.Builtins() {
		t.Run(name, func(t *testing.T) {
			prog := convert(t, f, "imported-"+name)
			fsf.use(t, name) // Fairy-Stockfish's own
			rng := rand.New(rand.NewPCG(uint64(len(name)), 5))
			g, err := game.New(prog, "")
			require.NoError(t, err)
			for _, plies := range []int{0, 12, 40} {
				for g.Len() < plies && !g.Outcome().Over() {
					var list movegen.MoveList
					g.Legal(&list)
					if len(list.Moves) == 0 {
						break
					}
					require.NoError(t, g.Play(list.Moves[rng.IntN(len(list.Moves))]))
				}
				want := fsf.perft(t, "startpos", depth, g.Moves()...)
				t.Logf("perft %d after %v: %d", depth, g.Moves(), want)
				samePerft(t, fsf, prog, "startpos", depth, want, g.Moves()...)
			}
		})
	}
}
