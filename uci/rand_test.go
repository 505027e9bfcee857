package uci_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestRandStateField: position fen takes a FEN whose last field is the
// state field {seed:…} (docs/language.md § FEN state field), with moves
// after it; d writes the seed the moves rolled to; go perft counts with
// the dice of that seed; a search of dice chess answers.
func TestRandStateField(t *testing.T) {
	fen := "r2k1r/1P4/2N3/2f3/3n2/R2K1R b - - 0 1 {seed:deadbeef}"
	out := session(t, "setoption name UCI_Variant value dice", "position fen "+fen+" moves a6a5", "go perft 2", "quit")
	want := perft(t, "dice", fen, []string{"a6a5"}, 2)
	assert.Contains(t, out, "\nNodes searched: "+itoa(want)+"\n")
	other := perft(t, "dice", strings.Replace(fen, "deadbeef", "deadbeee", 1), nil, 3)
	assert.NotEqual(t, perft(t, "dice", fen, nil, 3), other, "the seed counts")

	out = session(t, "setoption name UCI_Variant value dice", "position fen "+fen, "go depth 2", "@wait bestmove", "quit")
	assert.Contains(t, out, "bestmove ")

	out = session(t, "setoption name UCI_Variant value dice", "position fen "+strings.Replace(fen, "seed:", "sead:", 1), "quit")
	assert.Contains(t, out, `unknown key "sead"`)
}
