package movegen

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
)

// TestPosRanges checks where pos tests hold (docs/language.md §
// Conditions) on xiangqi's 9x10 board, for either player under mirror and
// rotate symmetry: ranges of the relative form count ranks from each
// player's first rank, the absolute form names the same squares for both.
func TestPosRanges(t *testing.T) {
	tests := []struct {
		name   string
		cond   lang.PosCond
		rotate bool
		side   board.Side
		holds  []string // every square where the test holds
		dump   string   // how the compiled test is written back
	}{
		{"palace, first player", lang.PosCond{X: "3..5", Y: "0..2"}, false, board.First,
			[]string{"d1", "e1", "f1", "d2", "e2", "f2", "d3", "e3", "f3"}, "pos 3..5 0..2"},
		{"palace, second player", lang.PosCond{X: "3..5", Y: "0..2"}, false, board.Second,
			[]string{"d8", "e8", "f8", "d9", "e9", "f9", "d10", "e10", "f10"}, "pos 3..5 0..2"},
		{"a range written high to low", lang.PosCond{X: "5..3", Y: "2..0"}, false, board.Second,
			[]string{"d8", "e8", "f8", "d9", "e9", "f9", "d10", "e10", "f10"}, "pos 3..5 0..2"},
		{"past the river to the last rank", lang.PosCond{X: "0", Y: "5..l"}, false, board.Second,
			[]string{"a1", "a2", "a3", "a4", "a5"}, "pos 0 5..9"},
		{"files count from the side's left under rotate", lang.PosCond{X: "0..1", Y: "l"}, true, board.Second,
			[]string{"h1", "i1"}, "pos 0..1 9"},
		{"one absolute square", lang.PosCond{Square: "e4"}, false, board.Second, []string{"e4"}, "pos e4"},
		{"an absolute rank, the same for both", lang.PosCond{Square: "i10..a10"}, true, board.Second,
			[]string{"a10", "b10", "c10", "d10", "e10", "f10", "g10", "h10", "i10"}, "pos a10..i10"},
		{"an absolute rectangle", lang.PosCond{Square: "d1..e2"}, false, board.First, []string{"d1", "e1", "d2", "e2"}, "pos d1..e2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &Program{Width: 9, Height: 10, rotate: tt.rotate}
			o := posOp(&tt.cond, p.Height)
			var got []string
			for sq := range p.Width * p.Height {
				if p.posHolds(&o, tt.side, sq) {
					got = append(got, squareName(sq%p.Width, sq/p.Width))
				}
			}
			assert.ElementsMatch(t, tt.holds, got)
			assert.Equal(t, tt.dump, posString(&o), "the dump writes it back")
		})
	}
}

// TestPosRangesOnTier checks that ranges and absolute squares lower to the
// bitboard tier with the interpreter's answers: chess whose pawns promote
// on the last two ranks (pos x 6..l) and whose knights move only into the
// centre's sixteen squares, the same for both sides (pos c3..f6).
func TestPosRangesOnTier(t *testing.T) {
	src := string(mustSource(t, "chess"))
	for _, r := range []struct{ old, new string }{
		{"not pos x l", "not pos x 6..l"},
		{" pos x l ", " pos x 6..l "},
		{"{wwa,wwd,aaw,aas,ssa,ssd,ddw,dds} estandar", "{wwa,wwd,aaw,aas,ssa,ssd,ddw,dds} pos c3..f6 estandar"},
	} {
		require.Contains(t, src, r.old)
		src = strings.ReplaceAll(src, r.old, r.new)
	}
	prog, err := Load("ranges.alf", []byte(src))
	require.NoError(t, err)
	_, why := prog.Tier()
	require.NoError(t, why)
	for _, c := range []struct {
		fen   string
		depth int
	}{
		{"", 3},
		{"r3k2r/8/1P4P1/3N4/4n3/1p4p1/8/R3K2R w KQkq - 0 1", 3},
		{"r3k2r/8/1P4P1/3N4/4n3/1p4p1/8/R3K2R b KQkq - 0 1", 3},
	} {
		want := mustBoard(t, prog, c.fen).Perft(c.depth)
		assert.Equal(t, want, tierBoard(t, prog, c.fen).Perft(c.depth), "%q", c.fen)
		assert.NotZero(t, want)
	}
}

// TestConfinedRider checks the idiom docs/language.md gives for a rider
// confined to a region (Fairy-Stockfish's mobilityRegion on a rider): it
// rides through squares outside, but its moves end only inside — here the
// far half of the board, pos x 4..l — interpreted and on the tier.
func TestConfinedRider(t *testing.T) {
	src := `board 8x8
def far: pos x 4..l
piece king K royal
    {w,a,s,d,wa,wd,sa,sd} empty mov
    {w,a,s,d,wa,wd,sa,sd} enemy capt mov
piece warden W
    slide {w,a,s,d} empty block far mov end then far enemy capt mov
setup 7k/8/8/8/8/8/8/W3K3 w - - 0 1
`
	prog, err := Load("warden.alf", []byte(src))
	require.NoError(t, err)
	_, why := prog.Tier()
	require.NoError(t, why)
	for _, fen := range []string{"", "7k/w7/8/8/8/8/8/W3K3 w - - 0 1", "7k/8/8/8/w7/8/8/W3K3 w - - 0 1"} {
		want := map[string][]string{
			"":                               {"a1a5", "a1a6", "a1a7", "a1a8"},
			"7k/w7/8/8/8/8/8/W3K3 w - - 0 1": {"a1a5", "a1a6", "a1a7"},
			"7k/8/8/8/w7/8/8/W3K3 w - - 0 1": {}, // a4 is black's far half, not White's
		}[fen]
		for _, b := range []*Board{mustBoard(t, prog, fen), tierBoard(t, prog, fen)} {
			var list MoveList
			b.Legal(&list)
			warden := []string{}
			for _, name := range b.Notation(list.Moves) {
				if strings.HasPrefix(name, "a1") {
					warden = append(warden, name)
				}
			}
			assert.ElementsMatch(t, want, warden, "%q", fen)
		}
	}
}
