package movegen

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// zooFEN writes a 10x10 FEN from square:letter pairs ("e5:K f6:n").
func zooFEN(pieces string, rest string) string {
	grid := map[string]string{}
	for _, p := range strings.Fields(pieces) {
		sq, letter, _ := strings.Cut(p, ":")
		grid[sq] = letter
	}
	var ranks []string
	for y := 10; y >= 1; y-- {
		var b strings.Builder
		empty := 0
		for x := 0; x < 10; x++ {
			if l, ok := grid[fmt.Sprintf("%c%d", 'a'+x, y)]; ok {
				if empty > 0 {
					fmt.Fprint(&b, empty)
					empty = 0
				}
				b.WriteString(l)
			} else {
				empty++
			}
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		ranks = append(ranks, b.String())
	}
	return strings.Join(ranks, "/") + " " + rest
}

// movesFrom lists the legal moves of the piece on square, by name, sorted.
func movesFrom(t *testing.T, b *Board, square string) []string {
	t.Helper()
	var list MoveList
	b.Legal(&list)
	names := b.Notation(list.Moves)
	var got []string
	for i, m := range list.Moves {
		if b.pos.SquareName(m.From) == square {
			got = append(got, names[i])
		}
	}
	slices.Sort(got)
	return got
}

// TestZooPieces lists, for every piece of the zoo, a small position and the
// exact moves of the piece from one square, worked out by hand (the comment
// of each case says how). Kings stand in corners out of the way unless the
// case is about them.
func TestZooPieces(t *testing.T) {
	zoo := loadVariant(t, "zoo")
	tests := []struct {
		piece, pieces, rest, from string
		want                      string // space-separated move names
	}{
		// The black knight on f6 covers e4 and d5: the king may go to the
		// other six neighbours, capturing on f6.
		{"king", "e5:K f6:n a10:k", "w - - 0 1", "e5", "e5d4 e5d6 e5e6 e5f4 e5f5 e5f6"},
		// From b1: a3 holds an enemy (capture), c3 a friend; d2 is free.
		{"knight", "a1:K j9:k b1:N c3:P a3:p", "w - - 0 1", "b1", "b1a3 b1d2"},
		// Each target needs one of its two paths empty. The pawns on e6
		// (own), d5 and f5 (enemy) cut both paths to d7, f7, g6 and c6;
		// g4 goes by e4-f4, c4 by e4-d4, d3 and f3 by e4-e3.
		{"flatknight", "a1:K j9:k e5:F e6:P d5:p f5:p", "w - - 0 1", "e5", "e5c4 e5d3 e5f3 e5g4"},
		// Up to and including the enemy on c6; down to c1; left to a3;
		// right until the own pawn on f3.
		{"rook", "a1:K j9:k c3:R c6:p f3:P", "w - - 0 1", "c3", "c3a3 c3b3 c3c1 c3c2 c3c4 c3c5 c3c6 c3d3 c3e3"},
		// b2 (own) blocks down-left; f6 (enemy) ends up-right with a capture.
		{"bishop", "a1:K j9:k d4:B f6:p b2:P", "w - - 0 1", "d4", "d4a7 d4b6 d4c3 d4c5 d4e3 d4e5 d4f2 d4f6 d4g1"},
		// Own pawns on c5 and e5 block up and up-right; the enemy on e3 is
		// taken; b2 ends at the own king on a1.
		{"queen", "a1:K j9:k c3:Q c5:P e3:p e5:P", "w - - 0 1", "c3",
			"c3a3 c3a5 c3b2 c3b3 c3b4 c3c1 c3c2 c3c4 c3d2 c3d3 c3d4 c3e1 c3e3"},
		// On its setup rank the pawn may step or double-step; d3 is a capture.
		{"pawn", "a1:K j9:k e2:P d3:p", "w - - 0 1", "e2", "e2d3 e2e3 e2e4"},
		// The last rank promotes: to four pieces straight and on the capture.
		{"pawn promotes", "a1:K j8:k c9:P b10:r", "w - - 0 1", "c9",
			"c9b10b c9b10n c9b10q c9b10r c9c10b c9c10n c9c10q c9c10r"},
		// d6 is the en-passant ghost of the pawn that double-stepped to d5.
		{"pawn en passant", "a1:K j9:k e5:P d5:p", "w - d6 0 1", "e5", "e5d6 e5e6"},
		// Diagonals from e2 (d3; f3 to j7), and from e3 and e4 on the spine,
		// each also a move itself; e5 holds an enemy and ends the spine.
		{"spine", "a1:K a10:k e2:V e5:p c4:P", "w - - 0 1", "e2",
			"e2a7 e2a8 e2b6 e2b7 e2c5 e2c6 e2d3 e2d4 e2d5 e2e3 e2e4 e2e5 e2f3 e2f4 e2f5 e2g4 e2g5 e2g6 e2h5 e2h6 e2h7 e2i6 e2i7 e2i8 e2j7 e2j8 e2j9"},
		// Up: hurdle e7, lands on e8. Right: hurdle g5 (own), lands on h5
		// and captures. Other lines meet no hurdle, or only the king on a1
		// with nothing behind it.
		{"grasshopper", "a1:K a10:k e5:H e7:p g5:P h5:p", "w - - 0 1", "e5", "e5e8 e5h5"},
		// Repeated knight leaps; the own pawn on e4 blocks the ddw line.
		{"nightrider", "a1:K a10:k c3:I e4:P g5:p", "w - - 0 1", "c3",
			"c3a2 c3a4 c3a7 c3b1 c3b5 c3d1 c3d5 c3e2 c3e7 c3f9 c3g1"},
		// Zigzags up the d/e and e/f files, and along the first two ranks
		// both ways (d2 c1 b2 a1 leftwards, f2 g1 h2 i1 j2 rightwards).
		{"crooked", "j10:K a10:k e1:C", "w - - 0 1", "e1",
			"e1a1 e1b2 e1c1 e1d10 e1d2 e1d4 e1d6 e1d8 e1e3 e1e5 e1e7 e1e9 e1f10 e1f2 e1f4 e1f6 e1f8 e1g1 e1h2 e1i1 e1j2"},
		// From the corner only two knight steps start an octagon: clockwise
		// b3 d4 f3 g1 and c2 e1; anticlockwise b3 a5 and c2 d4 c6 a7.
		{"rose", "j1:K j10:k a1:O", "w - - 0 1", "a1", "a1a5 a1a7 a1b3 a1c2 a1c6 a1d4 a1e1 a1f3 a1g1"},
		// The only diagonal from the corner runs b2, c3 and the enemy on d4,
		// captured; it never reaches an edge to bounce from. The other
		// diagonals leave the board at once.
		{"reflector", "j1:K j10:k a1:X d4:p", "w - - 0 1", "a1", "a1b2 a1c3 a1d4"},
		// Up the a-file to the own pawn on a3 (a2 only); right along the
		// first rank to the own king on e1 (b1 c1 d1). Neither line reaches
		// an edge, so the rook never turns.
		{"crawler", "e1:K j10:k a1:W a3:P", "w - - 0 1", "a1", "a1a2 a1b1 a1c1 a1d1"},
		// Bouncing on an empty board. A sub-move either stops on its
		// diagonal (and ends the move) or slides to the edge and goes on
		// from there; a sub-move may not end where the piece already
		// stood (c1 and each edge square it bounced from). From c1 the
		// diagonals run to a3 and to j8 (b2, d2 … i7 on the way). From a3
		// the new diagonal runs b4 c5 d6 e7 f8 g9 to h10; the other one
		// leads back to c1. From h10: i9, then j8; from j8: i9 and h10,
		// and the way back to c1. Every square of the loop a3-h10-j8-c1,
		// 17 moves; going back over a square gives the same move again.
		{"reflector", "e1:K j10:k c1:X", "w - - 0 1", "c1",
			"c1a3 c1b2 c1b4 c1c5 c1d2 c1d6 c1e3 c1e7 c1f4 c1f8 c1g5 c1g9 c1h10 c1h6 c1i7 c1i9 c1j8"},
		// The same with an own pawn on b4 and an enemy pawn on g9: from
		// a3 the way up is shut (b4), so the loop goes c1-j8-h10, where
		// the first diagonal step down-left captures g9 and ends the move.
		{"reflector", "e1:K j10:k c1:X b4:P g9:p", "w - - 0 1", "c1",
			"c1a3 c1b2 c1d2 c1e3 c1f4 c1g5 c1g9 c1h10 c1h6 c1i7 c1i9 c1j8"},
		// Turning at a corner: up the c-file to the own pawn on c4 (c2
		// c3), right to the own king on h1 (d1 … g1), left to the corner
		// a1, where the rook turns and crawls up the a-file (a2 a3 a4) to
		// capture on a5. Going right again from a1 repeats the first rank.
		{"crawler", "h1:K j10:k c1:W c4:P a5:p", "w - - 0 1", "c1",
			"c1a1 c1a2 c1a3 c1a4 c1a5 c1b1 c1c2 c1c3 c1d1 c1e1 c1f1 c1g1"},
		// Round two corners: c2 (own) shuts the c-file and f1 (own king)
		// the first rank at e1. At a1 the rook turns up the a-file to the
		// corner a10, turns again along the last rank (b10 c10) and takes
		// the pawn on d10. From a10 going back down stops short of a1,
		// where it already stood.
		{"crawler", "f1:K j5:k c1:W c2:P d10:p", "w - - 0 1", "c1",
			"c1a1 c1a10 c1a2 c1a3 c1a4 c1a5 c1a6 c1a7 c1a8 c1a9 c1b1 c1b10 c1c10 c1d1 c1d10 c1e1"},
		// A queen that may not enter the centre e5 f5 e6 f6: the a-file and
		// the first rank (to the own king on j1) are free, the diagonal stops
		// at d4 before e5.
		{"lion", "j1:K j10:k a1:L", "w - - 0 1", "a1",
			"a1a10 a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1a9 a1b1 a1b2 a1c1 a1c3 a1d1 a1d4 a1e1 a1f1 a1g1 a1h1 a1i1"},
		// Like a rook, but captures only by jumping exactly one screen: the
		// own pawn on c5 is the screen, the enemy on c8 is taken; c6 and c7
		// are not reachable.
		{"cannon", "a1:K j9:k c3:J c5:P c8:p", "w - - 0 1", "c3",
			"c3a3 c3b3 c3c1 c3c2 c3c4 c3c8 c3d3 c3e3 c3f3 c3g3 c3h3 c3i3 c3j3"},
		// A step forward to b4, or the chain over d4 and f6 to g7 (the chain
		// must go on while a jump applies, so stopping on e5 is no move).
		{"man", "a1:K j10:k c3:M d4:m f6:m", "w - - 0 1", "c3", "c3b4 c3g7"},
		// Steps to the two free diagonals, jumps over e5 and over c3.
		{"dking", "a1:K j10:k d4:D e5:m c3:m", "w - - 0 1", "d4", "d4b2 d4c5 d4e3 d4f6"},
		// Steps to the two free neighbours, or explodes (one move).
		{"bomb", "a1:K j9:k c2:Z b2:P c3:p", "w - - 0 1", "c2",
			"c2/capt:b3/capt:c3/capt:d3/capt:d2/capt:d1/capt:c1/capt:b1/capt:b2/capt:c2 c2c1 c2d2"},
		// Steps aside or back, or pushes the row c4-c5 up by one (c3c4).
		{"tank", "a1:K j10:k c3:T c4:P c5:p", "w - - 0 1", "c3", "c3b3 c3c2 c3c4 c3d3"},
		// Its ply counter starts at 0: it may not move yet.
		{"sloth", "a1:K j10:k e5:S", "w - - 0 1", "e5", ""},
		// King steps to the six free neighbours, captures on e6 and d4.
		{"hunter", "a1:K j10:k e5:Y e6:p d4:p", "w - - 0 1", "e5",
			"e5d4 e5d5 e5d6 e5e4 e5e6 e5f4 e5f5 e5f6"},
		// Up to three king steps: every square within three of a1 but a1.
		{"emperor", "j1:K j10:k a1:E", "w - - 0 1", "a1",
			"a1a2 a1a3 a1a4 a1b1 a1b2 a1b3 a1b4 a1c1 a1c2 a1c3 a1c4 a1d1 a1d2 a1d3 a1d4"},
		// Knight steps chained through empty squares: c2 holds a friend, so
		// the only way out is b3; from b3 the friends on a5 c5 d4 c1 leave
		// only the capture on d2.
		{"ubiubi", "j1:K j10:k a1:U c2:P a5:P c5:P d4:P c1:P d2:p", "w - - 0 1", "a1", "a1b3 a1d2"},
	}
	for _, tt := range tests {
		t.Run(tt.piece, func(t *testing.T) {
			b, err := zoo.NewBoard(zooFEN(tt.pieces, tt.rest))
			require.NoError(t, err)
			want := strings.Fields(tt.want)
			if len(want) == 0 {
				want = nil
			}
			assert.Equal(t, want, movesFrom(t, b, tt.from))
		})
	}
}

// TestZooHooksAndMemory checks the pieces whose moves depend on hooks and
// memory: the ghost lives one ply and takes its pawn with it, the sloth
// waits six plies, the hunter becomes a queen after two captures.
func TestZooHooksAndMemory(t *testing.T) {
	zoo := loadVariant(t, "zoo")
	t.Run("ghost", func(t *testing.T) {
		b := mustBoard(t, zoo, zooFEN("a1:K j10:k e2:P d4:p", "w - - 0 1"))
		play(t, b, "e2e4", zooFEN("a1:K j10:k e4:P d4:p", "b - e3 1 1"))
		assert.Equal(t, []string{"d4d3", "d4e3"}, movesFrom(t, b, "d4"), "the ghost on e3 can be taken")
		play(t, b, "d4e3", zooFEN("a1:K j10:k e3:p", "w - - 0 2"))
	})
	t.Run("ghost vanishes after one ply", func(t *testing.T) {
		b := mustBoard(t, zoo, zooFEN("a1:K j10:k e2:P d4:p", "w - - 0 1"))
		play(t, b, "e2e4", zooFEN("a1:K j10:k e4:P d4:p", "b - e3 1 1"))
		play(t, b, "j10j9", zooFEN("a1:K j9:k e4:P d4:p", "w - - 2 2"))
	})
	t.Run("sloth", func(t *testing.T) {
		b := mustBoard(t, zoo, zooFEN("a1:K j10:k e5:S", "w - - 0 1"))
		for i, m := range []string{"a1a2", "j10j9", "a2a1", "j9j10"} {
			assert.Empty(t, movesFrom(t, b, "e5"), "after %d plies", i)
			mv, err := b.ParseMove(m)
			require.NoError(t, err)
			b.Make(mv)
		}
		assert.Empty(t, movesFrom(t, b, "e5"), "four plies are not enough")
		for _, m := range []string{"a1a2", "j10j9"} {
			mv, err := b.ParseMove(m)
			require.NoError(t, err)
			b.Make(mv)
		}
		assert.Len(t, movesFrom(t, b, "e5"), 8, "after six plies it may move")
		play(t, b, "e5e6", zooFEN("a2:K j9:k e6:S", "b - - 7 4"))
		assert.Empty(t, movesFrom(t, b, "e6"), "and then it waits again")
	})
	t.Run("hunter", func(t *testing.T) {
		b := mustBoard(t, zoo, zooFEN("a1:K j10:k e5:Y e6:p e7:p", "w - - 0 1"))
		play(t, b, "e5e6", zooFEN("a1:K j10:k e6:Y e7:p", "b - - 0 1"))
		play(t, b, "j10j9", zooFEN("a1:K j9:k e6:Y e7:p", "w - - 1 2"))
		// the hook promotes during the move, so its name carries the new type
		play(t, b, "e6e7q", zooFEN("a1:K j9:k e7:Q", "b - - 0 2"))
	})
}
