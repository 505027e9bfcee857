package movegen

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/tier"
)

// TestCrazyhouseDrops: pieces in hand drop on empty squares (pawns not on
// the first or last rank), named P@e4 in UCI and SAN; a capture sends
// the piece to the captor's hand, a promoted one as a pawn; a dropped
// piece is a moved one; Unmake restores the hands. Interpreted in both
// modes, and on the bitboard tier.
func TestCrazyhouseDrops(t *testing.T) {
	prog := loadVariant(t, "crazyhouse")
	for _, c := range []struct {
		name string
		mode Mode
		tier bool
	}{{"incremental", Incremental, false}, {"full", Full, false}, {"tier", Incremental, true}} {
		t.Run(c.name, func(t *testing.T) {
			newBoard := func(fen string) *Board {
				if c.tier {
					return tierBoard(t, prog, fen)
				}
				b := mustBoard(t, prog, fen)
				b.SetMode(c.mode)
				return b
			}
			b := newBoard("4k3/8/8/8/8/8/8/4K3[Pn] w - - 0 1")
			var list MoveList
			b.Legal(&list)
			names := b.Notation(list.Moves)
			drops := slices.DeleteFunc(slices.Clone(names), func(s string) bool { return len(s) < 3 || s[1] != '@' })
			assert.Len(t, drops, 48, "a pawn on any empty square of ranks 2 to 7")
			assert.NotContains(t, names, "P@e1")
			assert.NotContains(t, names, "P@a8")
			assert.NotContains(t, names, "N@c3", "the black knight is black's")
			assert.Contains(t, b.SAN(list.Moves), "P@d7+")

			hash, mk := b.Hash(), b.Mark()
			m, err := b.ParseMove("P@e2")
			require.NoError(t, err)
			assert.True(t, b.IsDrop(m))
			assert.Equal(t, board.Square(12), m.From)
			b.Make(m)
			assert.Equal(t, "4k3/8/8/8/8/8/4P3/4K3[n] b - - 0 1", b.FEN())
			assert.False(t, b.Position().PieceAt(12).Unmoved, "a dropped piece enters as moved")
			play(t, b, "N@d4", "4k3/8/8/8/3n4/8/4P3/4K3[] w - - 0 2") // a drop restarts the clock
			require.NoError(t, b.Unmake(mk))
			assert.Equal(t, hash, b.Hash())
			assert.Equal(t, "4k3/8/8/8/8/8/8/4K3[Pn] w - - 0 1", b.FEN())

			// captures go to the captor's hand; a promoted queen as a pawn
			b = newBoard("3k4/8/8/8/8/2n5/1r6/Q~3K3[] w - - 0 1")
			play(t, b, "a1b2", "3k4/8/8/8/8/2n5/1Q~6/4K3[R] b - - 0 1")
			play(t, b, "c3b1", "3k4/8/8/8/8/8/1Q~6/1n2K3[R] w - - 1 2")
			play(t, b, "b2b1", "3k4/8/8/8/8/8/8/1Q~2K3[RN] b - - 0 2")
			play(t, b, "d8e7", "8/4k3/8/8/8/8/8/1Q~2K3[RN] w - - 1 3")
			b = newBoard("3k4/8/8/8/8/8/4K3/1Q~4r1[] b - - 0 1")
			play(t, b, "g1b1", "3k4/8/8/8/8/8/4K3/1r6[p] w - - 0 2")
			// promoted on the board, then captured: back to the hand as a pawn
			b = newBoard("3k4/1P6/8/8/8/8/1r6/4K3[] w - - 0 1")
			play(t, b, "b7b8q", "1Q~1k4/8/8/8/8/8/1r6/4K3[] b - - 0 1")
			if c.tier {
				fresh, err := tier.New(prog.tier, b.Position())
				require.NoError(t, err)
				th, _ := b.TierHash()
				assert.Equal(t, fresh.Hash(), th, "the tier records the promotion")
			}
			play(t, b, "b2b8", "1r1k4/8/8/8/8/8/8/4K3[p] w - - 0 2")
			if c.tier {
				fresh, err := tier.New(prog.tier, b.Position())
				require.NoError(t, err)
				th, _ := b.TierHash()
				assert.Equal(t, fresh.Hash(), th, "the tier's hand")
			}
		})
	}
}

// TestDropLineErrors: a drop line holds steps and conditions; the drop is
// its only action.
func TestDropLineErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"piece king K royal\n    w mov\npiece pawn P\n    drop: empty mov\n", "bad.alf:5:17: mov in a drop line"},
		{"piece king K royal\n    w mov\npiece pawn P\n    drop: empty spawn pawn\n", "bad.alf:5:17: spawn in a drop line"},
		{"piece king K royal\n    w mov\npiece pawn P\n    drop: w empty promote king\n", "bad.alf:5:11: a step in a drop line that ends with promote"},
		{"piece king K royal\n    w mov\npiece pawn P\n    drop: empty promote king empty\n", "bad.alf:5:17: promote in a drop line"},
	} {
		_, err := Load("bad.alf", []byte("board 4x4\n"+c.src))
		require.Error(t, err, c.src)
		assert.Contains(t, err.Error(), c.want)
	}
}

// TestShogiDrops: a pawn is not dropped on the last rank nor on a file
// with its side's unpromoted pawn (nifu), a lance not on the last rank, a
// knight not on the last two (Fairy-Stockfish lists 64, 70 and 61 here);
// promotion is written + in UCI and as the +letter type in FEN, and a
// captured promoted piece enters the hand as what it was.
func TestShogiDrops(t *testing.T) {
	prog := loadVariant(t, "shogi")
	b := mustBoard(t, prog, "4k4/9/9/9/9/9/4P4/9/4K4[PLNpln] w - - 0 1")
	var list MoveList
	b.Legal(&list)
	count := map[byte]int{}
	for _, name := range b.Notation(list.Moves) {
		if len(name) > 1 && name[1] == '@' {
			count[name[0]]++
		}
	}
	assert.Equal(t, map[byte]int{'P': 64, 'L': 70, 'N': 61}, count)
	assert.Equal(t, 201, list.Len())

	b = mustBoard(t, prog, "4k4/9/4P4/9/9/9/9/9/4K4[] w - - 0 1")
	b.Legal(&list)
	names := b.Notation(list.Moves)
	assert.Contains(t, names, "e7e8+")
	assert.Contains(t, names, "e7e8")
	play(t, b, "e7e8+", "4k4/4+P4/9/9/9/9/9/9/4K4[] b - - 0 1") // a promotion for good restarts the clock
	play(t, b, "e9e8", "9/4k4/9/9/9/9/9/9/4K4[p] w - - 0 2")
}

// TestKyotoshogiFlips: every move turns the piece over, written + and -
// in UCI; a piece back on its first face is no longer promoted (no ~, and
// the hash of one that never turned); a drop may show either face.
func TestKyotoshogiFlips(t *testing.T) {
	prog := loadVariant(t, "kyotoshogi")
	b := mustBoard(t, prog, "")
	play(t, b, "a1a2-", "p+nks+l/5/5/L4/1SK+NP[] b - - 1 1") // a flip is no lasting promotion: the clock runs
	assert.Equal(t, mustBoard(t, prog, "p+nks+l/5/5/L4/1SK+NP[] b - - 1 1").Hash(), b.Hash())
	b = mustBoard(t, prog, "k4/5/5/5/4K[P] w - - 0 1")
	var list MoveList
	b.Legal(&list)
	names := b.Notation(list.Moves)
	assert.Contains(t, names, "P@c3")
	assert.Contains(t, names, "+P@c3")
	play(t, b, "+P@c3", "k4/5/2+P2/5/4K[] b - - 0 1")
}
