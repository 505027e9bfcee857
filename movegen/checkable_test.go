package movegen

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The check rule of checkable pieces beside the other rules that choose
// among legal moves (docs/language.md § Check as its own attribute): small
// boards whose legal moves are worked out by hand in the comments, in both
// interpreted modes. jaque.alf's own trees are compared with a brute-force
// enumerator in internal/brute.

// checkableVariant is a 4x4 board with a checkable real king and rooks
// (with the rook's further lines), plus the rules given.
func checkableVariant(t *testing.T, rook, extra string) *Program {
	t.Helper()
	return mustLoad(t, "ck.alf", `game ck
board 4x4
piece king K real checkable
    {w,a,s,d,wa,wd,as,sd} empty mov
    {w,a,s,d,wa,wd,as,sd} enemy capt mov
piece rook R
    slide {w,a,s,d} empty mov then enemy capt mov
`+rook+`extinction loss
nomoves check loss
`+extra)
}

// eachMode runs f on an interpreted board of each mode.
func eachMode(t *testing.T, p *Program, fen string, f func(t *testing.T, b *Board)) {
	t.Helper()
	for _, mode := range []Mode{Incremental, Full} {
		t.Run(mode.String(), func(t *testing.T) {
			b := mustBoard(t, p, fen)
			b.SetMode(mode)
			f(t, b)
		})
	}
}

// With captures forced, the captures that force are among the moves the
// check rule leaves: the rook on a4 checks the king on a1, the white rook
// on c1 could take the rook on c4 but may not (the king must move), so
// the king's quiet moves b1 and b2 stay legal (a2 is on the rook's file).
// Once the king can take (the rook on a2, guarded by nothing), it must.
func TestCheckableCapturesForced(t *testing.T) {
	p := checkableVariant(t, "", "captures forced\n")
	eachMode(t, p, "r1rk/4/4/K1R1 w - - 0 1", func(t *testing.T, b *Board) {
		assert.Equal(t, []string{"a1b1", "a1b2"}, legalNames(t, b))
		assert.True(t, b.InCheck())
	})
	eachMode(t, p, "3k/4/r3/K1R1 w - - 0 1", func(t *testing.T, b *Board) {
		assert.Equal(t, []string{"a1a2"}, legalNames(t, b))
	})
}

// A checkable piece that promotes out of its type by its move is not
// checkable after it: the soldier on c3, checked by the rook on a3, may
// step to c4 and become a rook there although the rook on d4 attacks c4;
// its sideways steps (b3 on a3's rank, d3 on d4's file) are into threat
// and, since one move is not, illegal. The king on b1 (not checkable)
// may not move: the soldier must.
func TestCheckablePromotesOut(t *testing.T) {
	p := mustLoad(t, "ckp.alf", `game ckp
board 4x4
piece king K real
    {w,a,s,d,wa,wd,as,sd} empty mov
piece soldier S checkable
    w empty not pos x l mov
    w empty pos x l mov promote rook
    {a,d} empty mov
piece rook R
    slide {w,a,s,d} empty mov then enemy capt mov
extinction loss
`)
	eachMode(t, p, "k2r/r1S1/4/1K2 w - - 0 1", func(t *testing.T, b *Board) {
		assert.Equal(t, []string{"c3c4r"}, legalNames(t, b))
		assert.True(t, b.InCheck())
	})
	// the same soldier promoting into a checkable queen onto c4 would be
	// into threat: with no other move it is trapped, and all its moves
	// are legal
	p = mustLoad(t, "ckq.alf", `game ckq
board 4x4
piece king K real
    {w,a,s,d,wa,wd,as,sd} empty mov
piece soldier S checkable
    w empty not pos x l mov
    w empty pos x l mov promote queen
    {a,d} empty mov
piece queen Q checkable
    slide {w,a,s,d} empty mov
piece rook R
    slide {w,a,s,d} empty mov then enemy capt mov
extinction loss
`)
	eachMode(t, p, "k2r/r1S1/4/1K2 w - - 0 1", func(t *testing.T, b *Board) {
		assert.Equal(t, []string{"c3b3", "c3c4q", "c3d3"}, legalNames(t, b))
	})
	// unchecked (no rook on a3), the soldier may not step into threat:
	// c4 (as a queen; the rook on d4) and d3 (its file) are illegal, b3 and
	// the king's steps are legal
	eachMode(t, p, "k2r/2S1/4/1K2 w - - 0 1", func(t *testing.T, b *Board) {
		assert.Equal(t, []string{"b1a1", "b1a2", "b1b2", "b1c1", "b1c2", "c3b3"}, legalNames(t, b))
		assert.False(t, b.InCheck())
	})
}

// With drops forced, a checked king must still move: the drop of the rook
// in hand (which would block the check, as in chess) is illegal, and the
// king's moves b1 and b2 are not forced away. Unchecked, the side must
// drop.
func TestCheckableDropsForced(t *testing.T) {
	p := checkableVariant(t, "    drop: empty\n", "drops forced\n")
	eachMode(t, p, "r2k/4/4/K3[R] w - - 0 1", func(t *testing.T, b *Board) {
		assert.Equal(t, []string{"a1b1", "a1b2"}, legalNames(t, b))
	})
	eachMode(t, p, "3k/4/4/K3[R] w - - 0 1", func(t *testing.T, b *Board) {
		names := legalNames(t, b)
		assert.Len(t, names, 14, "%v", names) // the 14 empty squares
		for _, n := range names {
			assert.True(t, strings.HasPrefix(n, "R@"), n)
		}
	})
}

// A checked side may not pass; an unchecked one may.
func TestCheckablePass(t *testing.T) {
	p := checkableVariant(t, "", "pass\n")
	eachMode(t, p, "r2k/4/4/K3 w - - 0 1", func(t *testing.T, b *Board) {
		var list MoveList
		b.Legal(&list)
		for _, m := range list.Moves {
			assert.False(t, b.IsPass(m))
		}
		assert.Equal(t, 2, list.Len()) // a1b1, a1b2
	})
	eachMode(t, p, "3k/4/4/K3 w - - 0 1", func(t *testing.T, b *Board) {
		var list MoveList
		b.Legal(&list)
		passes := 0
		for _, m := range list.Moves {
			if b.IsPass(m) {
				passes++
			}
		}
		assert.Equal(t, 1, passes)
		assert.Equal(t, 4, list.Len()) // a2, b1, b2 and the pass
	})
}

// With the wall rule the check rule judges the whole turn: the king on
// a1, checked by the rook on d1, may step to b1 on the rook's rank only
// with the duck put on c1 between them; a2 and b2 are safe with the duck
// on any of the five squares empty after the move. 11 turns.
func TestCheckableWalls(t *testing.T) {
	p := mustLoad(t, "ckw.alf", `game ckw
board 4x2
piece king K real checkable
    {w,a,s,d,wa,wd,as,sd} empty mov
    {w,a,s,d,wa,wd,as,sd} enemy capt mov
piece rook R
    slide {w,a,s,d} empty mov then enemy capt mov
piece duck D wall
place duck anywhere
extinction loss
`)
	eachMode(t, p, "3k/K2r w - - 0 1", func(t *testing.T, b *Board) {
		var list MoveList
		b.Legal(&list)
		assert.Equal(t, 11, list.Len(), "%v", b.Notation(list.Moves))
		toB1 := 0
		for _, m := range list.Moves {
			if to, _, _ := b.landing(m); to == 1 { // b1
				toB1++
				wall, ok := b.WallSquare(m)
				assert.True(t, ok)
				assert.Equal(t, "c1", b.pos.SquareName(wall))
			}
		}
		assert.Equal(t, 1, toB1)
		var caps MoveList
		assert.True(t, b.LegalCaptures(&caps))
		assert.Zero(t, caps.Len())
	})
}

// A royal checkable piece: the royal rule keeps it from being left
// capturable, so it is never trapped; InCheck is the royal rule's.
func TestCheckableRoyal(t *testing.T) {
	p := mustLoad(t, "ckr.alf", `game ckr
board 4x4
piece king K royal checkable
    {w,a,s,d,wa,wd,as,sd} empty mov
    {w,a,s,d,wa,wd,as,sd} enemy capt mov
piece rook R
    slide {w,a,s,d} empty mov then enemy capt mov
nomoves check loss
`)
	// the rooks on a4 and b4 cover a1-a3 and b1-b3; the king on a1 has no
	// move and is checked: mate
	eachMode(t, p, "rr1k/4/4/K3 w - - 0 1", func(t *testing.T, b *Board) {
		assert.Empty(t, legalNames(t, b))
		assert.True(t, b.InCheck())
		assert.Equal(t, "0-1", b.Status().String())
	})
}

// The tier declines a variant with checkable types, naming them.
func TestCheckableTierDeclines(t *testing.T) {
	p := checkableVariant(t, "", "")
	rules, why := p.Tier()
	assert.Nil(t, rules)
	require.Error(t, why)
	assert.Equal(t, "checkable pieces: king (the check rule of checkable pieces runs interpreted)", why.Error())
	b, err := p.NewBoard("3k/4/4/K3 w - - 0 1")
	require.NoError(t, err)
	assert.False(t, b.Tier())
}

// TestCheckableDifferential plays random move-and-undo sequences of
// jaque.alf, and of the small boards above, comparing after every move
// the incremental mode's legal moves, holders and snapshots with full
// regeneration (differential, as FuzzIncremental does for every variant):
// the check rule's probes must leave the keeper as they found it.
func TestCheckableDifferential(t *testing.T) {
	jaque := loadVariant(t, "jaque")
	boards := []func() *Board{
		func() *Board { return mustBoard(t, jaque, "") },
		func() *Board { return mustBoard(t, jaque, "3rir/q2k1p/nppN1P/3P2/PIPQP1/R2K1q w - - 0 1") },
		func() *Board { return mustBoard(t, jaque, "rqk2r/I1p1pi/6/2QP1p/pK3P/RN1R2 b - - 0 1") },
		func() *Board {
			return mustBoard(t, checkableVariant(t, "    drop: empty\n", "captures forced\n"), "r1rk/4/4/K1R1[Rr] w - - 0 1")
		},
	}
	r := rand.New(rand.NewPCG(18, 1))
	runs := 12
	if raceEnabled {
		runs = 3 // the race detector slows generation tenfold
	}
	for i, mk := range boards {
		for range runs {
			choices := make([]byte, 40)
			for j := range choices {
				choices[j] = byte(r.IntN(256))
			}
			require.NoError(t, differential(mk(), choices), "board %d, choices %v", i, choices)
		}
	}
}

// With gates the check rule judges each gated form: the king on b1,
// checked by the rook on a1, may take it (a1), step to b2 or c2, each
// with or without the hawk gated on b1; to c1 only with the hawk gated
// on b1, which shuts the rook's rank (a2 is on the rook's file).
func TestCheckableGates(t *testing.T) {
	p := mustLoad(t, "ckg.alf", `game ckg
board 4x4
piece king K real checkable
    {w,a,s,d,wa,wd,as,sd} empty mov
    {w,a,s,d,wa,wd,as,sd} enemy capt mov
piece hawk H
    gate: unmoved pos x 0
    {w,a,s,d,wa,wd,as,sd} empty mov
piece rook R
    slide {w,a,s,d} empty mov then enemy capt mov
extinction loss
fen gates
`)
	eachMode(t, p, "3k/4/4/rK2[H] w B - 0 1", func(t *testing.T, b *Board) {
		assert.Equal(t, []string{"b1a1", "b1a1h", "b1b2", "b1b2h", "b1c1h", "b1c2", "b1c2h"}, legalNames(t, b))
	})
}
