package movegen

import (
	"fmt"
	"github.com/alfil-go/alfil/examples"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/trigger"
)

// incSnapshot is everything of the incremental state that undo must
// restore exactly.
type incSnapshot struct {
	trig  *trigger.Map
	att   [2]*trigger.Map
	hrec  []int32
	dirty [2]trigger.Set
	// resume iterations of the dirty holders
	resume map[int]int32
	hash   uint64
	fen    string
}

// incOf returns the incremental state of a board in Incremental mode.
func incOf(b *Board) *incState { return b.keep.(*incState) }

func snapshot(b *Board) incSnapshot {
	in := incOf(b)
	return incSnapshot{
		trig:  in.trig.Clone(),
		att:   [2]*trigger.Map{in.att[0].Clone(), in.att[1].Clone()},
		hrec:  slices.Clone(in.hrec),
		dirty: [2]trigger.Set{slices.Clone(in.dirty[0]), slices.Clone(in.dirty[1])},
		hash:  b.pos.Hash(),
		fen:   b.FEN(),
		resume: func() map[int]int32 {
			r := map[int]int32{}
			for h := range in.hrec {
				if in.dirty[in.hside[h]].Has(h) {
					r[h] = in.resume[h]
				}
			}
			return r
		}(),
	}
}

// sameSnapshot returns what differs between a snapshot and the board now.
func sameSnapshot(b *Board, s incSnapshot) error {
	now := snapshot(b)
	switch {
	case now.fen != s.fen || now.hash != s.hash:
		return fmt.Errorf("position not restored: %s, want %s", now.fen, s.fen)
	case !now.trig.Equal(s.trig):
		return fmt.Errorf("trigger map not restored")
	case !now.att[0].Equal(s.att[0]) || !now.att[1].Equal(s.att[1]):
		return fmt.Errorf("attack map not restored")
	case !slices.Equal(now.hrec, s.hrec):
		return fmt.Errorf("holder records not restored")
	case !slices.Equal(setMembers(now.dirty[0]), setMembers(s.dirty[0])) || !slices.Equal(setMembers(now.dirty[1]), setMembers(s.dirty[1])):
		return fmt.Errorf("dirty holders not restored")
	case !maps.Equal(now.resume, s.resume):
		return fmt.Errorf("resume iterations not restored")
	}
	return nil
}

func setMembers(s trigger.Set) []int {
	var out []int
	for h := s.Next(0); h >= 0; h = s.Next(h + 1) {
		out = append(out, h)
	}
	return out
}

// legalFull generates the legal moves as the Full mode does, on the same
// board, leaving the incremental state alone.
func legalFull(b *Board, list *MoveList) {
	saved := b.keep
	b.keep = fullKeeper{b}
	b.Legal(list)
	b.keep = saved
}

// sameMoves returns an error describing the first difference between the
// incremental and the full move lists.
func sameMoves(b *Board, inc, full *MoveList) error {
	key := func(m Move) string { return fmt.Sprintf("#%d@%d:%x", m.Piece, m.From, m.sig) }
	same := inc.Len() == full.Len()
	for i := 0; same && i < inc.Len(); i++ {
		same = key(inc.Moves[i]) == key(full.Moves[i])
	}
	if !same {
		return fmt.Errorf("incremental moves\n  %v\nfull regeneration\n  %v", b.Notation(inc.Moves), b.Notation(full.Moves))
	}
	return nil
}

// verifyHolders refreshes every holder and compares the trigger map, the
// attack map and every holder's moves with those of a board that has just
// calculated everything afresh.
func verifyHolders(b *Board) error {
	// the refreshes are taken back afterwards, so that checking does not
	// change the course of the sequence
	mk := b.Mark()
	defer b.Unmake(mk)
	fresh := b.Clone()
	for _, x := range []*Board{b, fresh} {
		in := incOf(x)
		for h := range in.hrec {
			if in.dirty[in.hside[h]].Has(h) && !in.dead(h) {
				in.refresh(h)
			}
		}
	}
	mine, theirs := incOf(b), incOf(fresh)
	if !mine.trig.Equal(theirs.trig) {
		return fmt.Errorf("trigger map differs from a fresh calculation")
	}
	for s := range mine.att {
		if !mine.att[s].Equal(theirs.att[s]) {
			return fmt.Errorf("attack map of side %d differs from a fresh calculation", s)
		}
	}
	for h := range mine.hrec {
		if mine.dead(h) {
			continue
		}
		ours, fresh := mine.holderMoves(h), theirs.holderMoves(h)
		if !slices.Equal(ours, fresh) {
			return fmt.Errorf("holder %d (piece %d group %d): moves %x, fresh %x", h, h/mine.slots, h%mine.slots, ours, fresh)
		}
	}
	return nil
}

// holderMoves returns the signatures of holder h's recorded moves.
func (in *incState) holderMoves(h int) []uint64 {
	r := in.hrec[h]
	if r < 0 {
		return nil
	}
	var sigs []uint64
	for _, m := range in.list.Moves[in.records[r].m0:in.records[r].m1] {
		sigs = append(sigs, m.sig)
	}
	return sigs
}

// differential plays the choices as a sequence of moves and undos on b and
// checks after every step that incremental generation equals the full
// one — the move list, and every holder, the trigger map and the attack
// map against a fresh calculation — and after every undo that the state is
// restored exactly. A choice divisible by 5 undoes the last move; any
// other picks a move by index.
func differential(b *Board, choices []byte) error {
	type played struct {
		mk   Mark
		snap incSnapshot
		name string
	}
	var stack []played
	var inc, full MoveList
	var trail []string
	for _, c := range choices {
		b.Legal(&inc)
		legalFull(b, &full)
		if err := sameMoves(b, &inc, &full); err != nil {
			return fmt.Errorf("after %v at %s: %w", trail, b.FEN(), err)
		}
		if err := verifyHolders(b); err != nil {
			return fmt.Errorf("after %v at %s: %w", trail, b.FEN(), err)
		}
		if c%5 == 0 || inc.Len() == 0 {
			if len(stack) == 0 {
				continue
			}
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			b.Unmake(top.mk)
			trail = trail[:len(trail)-1]
			if err := sameSnapshot(b, top.snap); err != nil {
				return fmt.Errorf("undoing %s after %v: %w", top.name, trail, err)
			}
			continue
		}
		m := inc.Moves[int(c)%inc.Len()]
		snap := snapshot(b)
		name := fmt.Sprintf("%s-%d", b.pos.SquareName(m.From), int(c)%inc.Len())
		stack = append(stack, played{b.Make(m), snap, name})
		trail = append(trail, name)
	}
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		b.Unmake(top.mk)
		if err := sameSnapshot(b, top.snap); err != nil {
			return fmt.Errorf("undoing %s at the end: %w", top.name, err)
		}
	}
	return nil
}

// differentialBoards lists every shipped variant at its setup and the
// chess test positions.
func differentialBoards(t testing.TB) map[string]func(testing.TB) *Board {
	boards := map[string]func(testing.TB) *Board{}
	for _, name := range examples.Names() {
		p := loadVariant(t, name)
		if p.flips {
			continue // generated in full only (SetMode): nothing to compare
		}
		boards[name] = func(t testing.TB) *Board { return mustBoard(t, p, "") }
	}
	chess := loadVariant(t, "chess")
	for i, c := range readEPDPositions(t, "testdata/chess.epd") {
		boards[fmt.Sprintf("chess-epd-%d", i+1)] = func(t testing.TB) *Board { return mustBoard(t, chess, c) }
	}
	// variants made to exercise every action that creates, removes or
	// changes pieces (kings included)
	files, err := filepath.Glob("testdata/differential/*.alf")
	require.NoError(t, err)
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		p, err := Load(filepath.Base(f), src)
		require.NoError(t, err)
		boards[strings.TrimSuffix(filepath.Base(f), ".alf")] = func(t testing.TB) *Board { return mustBoard(t, p, "") }
	}
	return boards
}

func readEPDPositions(t testing.TB, path string) []string {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var fens []string
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" && line[0] != '#' {
			fens = append(fens, strings.TrimSpace(strings.Split(line, ";")[0]))
		}
	}
	return fens
}

// TestIncrementalEqualsFull plays random sequences of moves and undos in
// every shipped variant and the chess test positions.
func TestIncrementalEqualsFull(t *testing.T) {
	sequences, length := 12, 80
	if light() {
		sequences, length = 3, 40
	}
	boards := differentialBoards(t)
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range boards {
			if !yield(n) {
				return
			}
		}
	})
	for _, name := range names {
		if sampledOut(name) {
			continue
		}
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(len(name))))
			for s := 0; s < sequences; s++ {
				choices := make([]byte, length)
				for i := range choices {
					choices[i] = byte(rng.IntN(256))
				}
				if err := differential(boards[name](t), choices); err != nil {
					t.Fatalf("sequence %d: %v\nchoices (for testdata/incremental): %v", s, err, choices)
				}
			}
		})
	}
}

// TestIncrementalRegressions replays the sequences kept in
// testdata/incremental: each file names a board (a variant, or
// chess-epd-N) on its first line and lists the choices as bytes on the
// second.
func TestIncrementalRegressions(t *testing.T) {
	files, err := filepath.Glob("testdata/incremental/*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	boards := differentialBoards(t)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			lines := strings.SplitN(string(data), "\n", 3)
			require.Len(t, lines, 3, "want a board name, the choices and a comment")
			mk, ok := boards[strings.TrimSpace(lines[0])]
			require.True(t, ok, "unknown board %q", lines[0])
			var choices []byte
			for _, f := range strings.Fields(lines[1]) {
				var c byte
				_, err := fmt.Sscan(f, &c)
				require.NoError(t, err)
				choices = append(choices, c)
			}
			require.NoError(t, differential(mk(t), choices))
		})
	}
}

// FuzzIncremental checks random move-and-undo sequences in every shipped
// variant: the first byte picks the board, the rest are the choices.
func FuzzIncremental(f *testing.F) {
	boards := differentialBoards(f)
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range boards {
			if !yield(n) {
				return
			}
		}
	})
	for i := range names {
		f.Add([]byte{byte(i), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 || len(data) > 200 {
			return
		}
		name := names[int(data[0])%len(names)]
		if err := differential(boards[name](t), data[1:]); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	})
}

// TestIncrementalModes checks the mode switch and the Mode names.
func TestIncrementalModes(t *testing.T) {
	p := loadVariant(t, "chess")
	b := mustBoard(t, p, "")
	require.Equal(t, Incremental, b.Mode())
	mk := b.Mark()
	var list MoveList
	b.Legal(&list)
	b.Make(list.Moves[0])
	b.SetMode(Full)
	require.Equal(t, Full, b.Mode())
	b.SetMode(Incremental)
	b.Unmake(mk) // a mark from before the switch still undoes the position
	require.Equal(t, p.setup, b.FEN())
	require.NoError(t, differential(b, []byte{1, 2, 3, 0, 4}))
	require.Equal(t, Incremental, b.Clone().Mode())
	for _, m := range []Mode{Incremental, Full} {
		got, ok := ParseMode(m.String())
		require.True(t, ok)
		require.Equal(t, m, got)
	}
	_, ok := ParseMode("fast")
	require.False(t, ok)
}

// TestQuietMovesAfterDoubleStep: after a pawn's double step the en-passant
// ghost is due to leave at the end of the next ply. That hook only deletes
// its piece (Hook.deletes), so the quiet moves of the reply are still
// judged without being played, and the double steps, which spawn a ghost,
// are judged from the lowered tables. Before, any due every hook made
// Legal play all twenty.
func TestQuietMovesAfterDoubleStep(t *testing.T) {
	prog := loadVariant(t, "chess")
	ghost := prog.types[prog.byName["ghost"]]
	require.Len(t, ghost.Every, 1)
	assert.True(t, ghost.Every[0].deletes, "the ghost's every 1: del is recognised")

	b := mustBoard(t, prog, "")
	m, err := b.ParseMove("e2e4")
	require.NoError(t, err)
	b.Make(m)
	var list MoveList
	b.played = 0
	b.Legal(&list)
	assert.Equal(t, 20, list.Len())
	assert.Zero(t, b.played, "the double steps are judged from the lowered tables (lowLegal), the others are quiet")
}

// TestQuietLegalScenarios compares, at every node of small trees, the
// moves the incremental mode judges legal — most of them without playing
// them (quietLegal, pinners) — with full regeneration, from positions
// built so that legality turns on what quietLegal must weigh: a piece
// pinned against its king by a rider or by a multi of slides, a shield
// that leaves the board on its own at the end of a ply, a hook that
// promotes an enemy into a checking queen, and two hooks of one piece due
// at once, the first writing the memory the second reads.
func TestQuietLegalScenarios(t *testing.T) {
	prog, err := Load("pins.alf", variantSource(t, "pins"))
	require.NoError(t, err)
	for _, c := range []struct {
		name, fen string
		depth     int
		// illegal: a move the full rules reject at the root, or ""
		illegal string
	}{
		{"queen pins an emperor", "k7/8/8/4q3/8/8/4E3/4K3 w - - 0 1", 3, "e2d3"},
		{"crawler pins round the edge", "k7/8/8/8/8/8/4Q3/w3K3 b - - 0 1", 2, ""},
		{"ubi-ubi pins a queen", "k7/8/8/8/3u4/8/3Q4/4K3 w - - 0 1", 2, ""},
		{"mayfly shield leaves at ply 2", "k7/8/8/8/4q3/8/4Y3/W3K3 w - - 0 1", 3, ""},
		{"hunter promotes a ply after its capture", "1k6/8/8/7K/8/3h4/4E3/Q7 w - - 0 1", 3, ""},
		{"larva promotes at its third ply", "k7/8/8/7K/8/8/4l3/W7 w - - 0 1", 3, ""},
		{"king in check may not step back along the queen's line", "k7/8/8/8/4q3/8/4K3/8 w - - 0 1", 3, "e2e1"},
		{"king may not take a defended crawler", "k7/8/8/8/4q3/8/4w2Q/4K3 w - - 0 1", 3, "e1e2"},
		{"king beside a crawler and an emperor", "k7/8/8/8/8/2e5/8/w3K3 w - - 0 1", 3, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := mustBoard(t, prog, c.fen)
			if c.illegal != "" {
				_, err := b.ParseMove(c.illegal)
				assert.Error(t, err, "%s is not legal", c.illegal)
			}
			var visit func(depth int) int
			visit = func(depth int) int {
				var inc, full MoveList
				b.Legal(&inc)
				legalFull(b, &full)
				require.NoError(t, sameMoves(b, &inc, &full), "at %s", b.FEN())
				if depth == 0 {
					return 1
				}
				n := 1
				moves := slices.Clone(inc.Moves)
				for i := range moves {
					mk := b.Make(moves[i].Clone())
					n += visit(depth - 1)
					b.Unmake(mk)
				}
				return n
			}
			assert.Greater(t, visit(c.depth), 1)
		})
	}
}

// TestRoyalMovesQuiet: a king's steps are judged without playing them
// (royalLegal): the lines that could capture where it goes answer as they
// recorded, or are asked on the board with the step played.
func TestRoyalMovesQuiet(t *testing.T) {
	prog, err := Load("pins.alf", variantSource(t, "pins"))
	require.NoError(t, err)
	b := mustBoard(t, prog, "k7/8/8/8/4q3/8/4K3/8 w - - 0 1")
	var inc, full MoveList
	b.played = 0
	b.Legal(&inc)
	assert.Zero(t, b.played, "no king step was played")
	legalFull(b, &full)
	require.NoError(t, sameMoves(b, &inc, &full))
	assert.Equal(t, 4, inc.Len(), "d1, f1, d2 and f2; the queen sees e1 through the king, e3, d3 and f3: %s", b.FEN())
}

// TestPieceMemoryKeys checks that a piece's memory has keys of its own in
// the trigger map: when an every hook counts in a sloth's memory, the
// rook whose ray stops on the sloth keeps its moves (it saw only that a
// piece stands there), and the sloth's line, which reads the count, is
// generated again.
func TestPieceMemoryKeys(t *testing.T) {
	p := mustLoad(t, "memkeys.alf", `game memkeys
board 8x8
piece king K royal
    {w,a,s,d} empty mov
piece rook R
    slide {w,a,s,d} empty mov then enemy capt mov
piece sloth S
    mless 1 p0 {w,s} empty mov
    every 1: madd p0 1
setup 7k/8/8/s7/8/8/8/R6K w - - 0 1
`)
	b := mustBoard(t, p, "")
	var list MoveList
	in := incOf(b)
	a1, err := b.pos.ParseSquare("a1")
	require.NoError(t, err)
	a5, err := b.pos.ParseSquare("a5")
	require.NoError(t, err)
	rook, sloth := b.pos.At(a1), b.pos.At(a5)
	up := int(rook) * in.slots // the rook's first line: w, up the a-file to the sloth
	own := int(sloth) * in.slots
	for _, move := range []string{"h1h2", "h8g8"} {
		// each side's moves are generated, then one is played
		b.Legal(&list)
		require.False(t, in.dirty[board.First].Has(up))
		m, err := b.ParseMove(move)
		require.NoError(t, err)
		b.Make(m)
	}
	require.Equal(t, int64(2), b.pos.Pieces[sloth].Mem[0], "the sloth's hook counts")
	require.False(t, in.dirty[board.First].Has(up), "the rook's ray reads the sloth's square, not its memory")
	require.True(t, in.dirty[board.Second].Has(own), "the sloth's line reads its memory")
}
