package pgn_test

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/alfil-go/alfil/pgn"
)

// seeds returns the testdata PGN files and small inputs that reach each
// kind of token and error.
func seeds(t testing.TB) [][]byte {
	t.Helper()
	files, err := filepath.Glob("testdata/*.pgn")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/*.pgn: %v", err)
	}
	var out [][]byte
	for _, name := range files {
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, text)
	}
	for _, s := range []string{
		"", "*", "1-0", "[", "[Event", `[Event "`, `[Event "\`, "{", "(", ")", "((((", "$", "%x\n1. e4 *",
		"1. e4 e5 2. Nf3 (2. Nc3 (2. f4)) Nc6 *",
		"[Variant \"atomic\"]\n1. e4 d5 2. exd5 *",
		"[Variant \"horde\"]\n1. e4 *",
		"[SetUp \"1\"]\n[FEN \"k7/8/1K6/8/8/8/8/7R b - - 0 50\"]\n50... Kb8 51. Rh8# 1-0",
		"1. f3 e5 2. g4 Qh4# 0-1\n\n1. d4 *",
		"1. e4 ; comment\r\ne5 {x} $1 !? 1/2-1/2",
	} {
		out = append(out, []byte(s))
	}
	return out
}

// checkRead reads text: every error is a *pgn.Error that points inside
// the input, and every game read writes and reads back to the same
// start, moves and result.
func checkRead(t *testing.T, text []byte) {
	lines := bytes.Count(text, []byte{'\n'}) + 1
	rd := pgn.NewReader(bytes.NewReader(text), nil)
	for games := 1; ; games++ {
		rec, err := rd.Next()
		if err == io.EOF {
			return
		}
		var e *pgn.Error
		if err != nil {
			if !errors.As(err, &e) {
				t.Fatalf("not a *pgn.Error: %v", err)
			}
			if e.Game != games || e.Line < 1 || e.Line > lines || e.Col < 1 {
				t.Fatalf("error outside the input (game %d, %d lines): %v", games, lines, err)
			}
			continue
		}
		var out bytes.Buffer
		if err := pgn.Write(&out, rec.Game, rec.Tags...); err != nil {
			t.Fatalf("game %d read but not written: %v", games, err)
		}
		again, err := pgn.ReadAll(&out, nil)
		if err != nil || len(again) != 1 {
			t.Fatalf("game %d written but not read back: %v\n%s", games, err, out.String())
		}
		g := again[0]
		if g.Game.StartFEN() != rec.Game.StartFEN() || g.Result != rec.Result ||
			!slices.Equal(g.Game.Moves(), rec.Game.Moves()) {
			t.Fatalf("game %d changed in a round trip:\n%s", games, out.String())
		}
	}
}

// FuzzRead reads arbitrary text: no panic, no hang, and checkRead's
// properties.
func FuzzRead(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		if len(text) > 1<<14 {
			t.Skip("long inputs add time, not cases")
		}
		checkRead(t, text)
	})
}

// TestReadMutated is FuzzRead on seeds mutated by a fixed-seed generator
// — bytes changed, cut, copied, PGN's punctuation dropped in — so that
// every run, not only a fuzzing one, reads broken input.
func TestReadMutated(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 50
	}
	seeds := seeds(t)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range n {
		in := slices.Clone(seeds[rng.IntN(len(seeds))])
		for k := rng.IntN(8); k >= 0 && len(in) > 0; k-- {
			p := rng.IntN(len(in))
			switch rng.IntN(4) {
			case 0:
				in[p] = byte(rng.IntN(256))
			case 1:
				in = slices.Delete(in, p, min(len(in), p+rng.IntN(20)))
			case 2:
				q := rng.IntN(len(in))
				in = slices.Insert(in, p, slices.Clone(in[q:min(len(in), q+rng.IntN(40))])...)
			case 3:
				in[p] = "{}()[]\"$;%.\n"[rng.IntN(12)]
			}
		}
		t.Run("", func(t *testing.T) {
			defer func() {
				if t.Failed() {
					t.Logf("input %d:\n%s", i, in)
				}
			}()
			checkRead(t, in)
		})
	}
}
