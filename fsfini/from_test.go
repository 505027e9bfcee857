package fsfini_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/movegen"
)

// TestConvertFrom checks sections based on variants alfil ships
// (File.Bases): the file inherits from the base and writes the section's
// options on top, read against the base's rules; an option that would
// change the base's pieces is reported.
func TestConvertFrom(t *testing.T) {
	f := mustParse(t, `[elim:giveaway]
extinctionValue = loss
stalemateValue = loss
extinctionPieceCount = 1
[free:giveaway]
mustCapture = false
[kings:threekings]
extinctionPieceTypes = q
extinctionPieceCount = 0
[gone:kinglet]
extinctionValue = none
[passing:xiangqi]
pass = true
startFen = 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1
[nocastle:giveaway]
castling = false
[realpieces:shatranj]
extinctionPieceCount = 1
[child:elim]
checkmateValue = win
[counts:shogi]
nFoldRule = 3
nMoveRule = 100
[norules:3check]
nFoldRule = 0
nMoveRule = 0
`)
	f.Bases = examples.Loader
	for name, want := range map[string]string{
		"elim":    "from giveaway\ngame elim\nnomoves stalemate loss\nextinction loss all left 1\n",
		"free":    "from giveaway\ngame free\nremove captures forced\n",
		"kings":   "from threekings\ngame kings\nextinction loss queen\n",
		"gone":    "from kinglet\ngame gone\nremove extinction\n",
		"passing": "from xiangqi\ngame passing\nsetup 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\npass\n",
		"child":   "from giveaway\ngame child\nnomoves stalemate loss\nnomoves check win\nextinction loss all left 1\n",
		"counts":  "from shogi\ngame counts\nrepetition 3 draw\nmoverule 100 draw\n",
		"norules": "from 3check\ngame norules\nremove repetition\nremove moverule\n",
	} {
		r, err := f.Convert(name)
		require.NoError(t, err, name)
		assert.Empty(t, r.Unsupported, name)
		assert.True(t, strings.HasSuffix(r.Source, want), "%s:\n%s", name, r.Source)
		_, err = movegen.Load(name+".alf", []byte(r.Source), movegen.WithLoader(examples.Loader))
		require.NoError(t, err, r.Source)
	}
	for name, want := range map[string]string{
		"nocastle":   "t.ini:16: [nocastle] castling = false: changes what alfil's giveaway says in its own lines: not supported on a shipped base",
		"realpieces": "t.ini:18: [realpieces] extinctionPieceCount = 1: the base counts its real pieces, which Fairy-Stockfish's extinction options do not say",
	} {
		r, err := f.Convert(name)
		require.NoError(t, err, name)
		require.Len(t, r.Unsupported, 1, name)
		assert.Equal(t, want, r.Unsupported[0].String())
	}
	f.Bases = nil
	_, err := f.Convert("elim")
	assert.ErrorContains(t, err, "[elim:giveaway]: the importer knows the bases chess, fairy")
}
