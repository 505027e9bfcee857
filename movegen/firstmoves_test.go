package movegen

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestFenGatesAndTouch: Ouk Chatrang's first leaps, named by file in the
// castling field (fen gates), and the rook that takes the king's leap
// away by aiming at it (touch), in both generation modes and on a copy
// of the position read back from its FEN (docs/language.md § First
// moves named by file).
func TestFenGatesAndTouch(t *testing.T) {
	prog := loadVariant(t, "cambodian")
	for _, mode := range []Mode{Full, Incremental} {
		t.Run(mode.String(), func(t *testing.T) {
			b := mustBoard(t, prog, "")
			b.SetMode(mode)
			assert.Equal(t, "DEde", strings.Fields(b.FEN())[2])
			assert.Subset(t, legalNames(t, b), []string{"d1b2", "d1f2"}, "an unmoved king not in check leaps")
			play(t, b, "a1a2", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/R7/1NSKMSNR b DEde - 1 1")
			assert.Subset(t, legalNames(t, b), []string{"e8c7", "e8g7"})
			play(t, b, "a6a5", "rnsmksnr/8/1ppppppp/p7/8/PPPPPPPP/R7/1NSKMSNR w DEde - 0 2")
			play(t, b, "a2e2", "rnsmksnr/8/1ppppppp/p7/8/PPPPPPPP/4R3/1NSKMSNR b DEd - 1 2")
			names := legalNames(t, b)
			assert.Len(t, names, 25)
			assert.NotContains(t, names, "e8c7", "the rook on e2 took the leap")
			assert.NotContains(t, names, "e8g7")
			fen := b.FEN()
			assert.Equal(t, "DEd", strings.Fields(fen)[2])
			again := mustBoard(t, prog, fen)
			again.SetMode(mode)
			assert.Equal(t, names, legalNames(t, again))
			assert.Equal(t, fen, again.FEN())
		})
	}
	// a piece the field does not name has moved; K and Q name nothing
	b := mustBoard(t, prog, "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w KQDd - 0 1")
	assert.Equal(t, "Dd", strings.Fields(b.FEN())[2])
	assert.Contains(t, legalNames(t, b), "d1f2", "D names the king on d1")
	b = mustBoard(t, prog, "4k3/8/8/8/8/8/8/3KM3 w E - 0 1")
	assert.Subset(t, legalNames(t, b), []string{"e1e3"}, "the met's first double step")
	// Fairy-Stockfish's counting limit, where en passant stands, is read and dropped
	b = mustBoard(t, prog, "4k3/8/8/8/8/8/3r4/R2KM3 w DEe 12 3 40")
	assert.Equal(t, "4k3/8/8/8/8/8/3r4/R2KM3 w DEe - 0 40", b.FEN())
}

// TestSteadfast: makpong's king, in check, moves only to take the one
// piece that gives check; with two giving check it does not move, and the
// side's other pieces answer the check as usual (docs/language.md §
// Attributes and hooks).
func TestSteadfast(t *testing.T) {
	makpong, makruk := loadVariant(t, "makpong"), loadVariant(t, "makruk")
	for _, c := range []struct {
		fen          string
		steadfast    []string
		notSteadfast []string
	}{
		{"4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1", []string{"e1e2"}, []string{"e1d1", "e1e2", "e1f1"}},
		{"4k3/8/8/8/8/5n2/4r3/R3K3 w - - 0 1", []string{}, []string{"e1d1", "e1e2", "e1f1"}},
		// the rook on a2 takes the checker; the king steps nowhere
		{"4k3/8/8/8/8/8/R3r3/4K3 w - - 0 1", []string{"a2e2", "e1e2"}, []string{"a2e2", "e1d1", "e1e2", "e1f1"}},
		// out of check the king moves as makruk's does
		{"4k3/8/8/8/8/8/8/r3K3 b - - 0 1", []string{"a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1", "a1e1", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"}, nil},
	} {
		for _, mode := range []Mode{Full, Incremental} {
			b := mustBoard(t, makpong, c.fen)
			b.SetMode(mode)
			assert.Equal(t, c.steadfast, legalNames(t, b), "makpong %s (%s)", c.fen, mode)
		}
		if c.notSteadfast != nil {
			assert.Equal(t, c.notSteadfast, legalNames(t, mustBoard(t, makruk, c.fen)), "makruk %s", c.fen)
		}
	}
}
