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
