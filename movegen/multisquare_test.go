package movegen

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// groupsBoard is prog's board at fen in mode.
func groupsBoard(t *testing.T, prog *Program, fen string, mode Mode) *Board {
	t.Helper()
	b, err := prog.NewBoard(fen)
	require.NoError(t, err)
	b.SetMode(mode)
	return b
}

// groupsNames returns the legal moves' names of b, sorted.
func groupsNames(b *Board) []string {
	var list MoveList
	b.Legal(&list)
	names := b.Notation(list.Moves)
	slices.Sort(names)
	return names
}

// groupsKing is a test variant with a royal part: a king joined to a
// rook.
const groupsKing = `game bigking
board 5x5
groups
piece king K royal
    {w,a,s,d} enemy capt mov
    {w,a,s,d} empty mov
piece rook R
    slide {w,a,s,d} empty mov then enemy capt mov
setup 4k/5/5/5/K{1}R{1}3 w - - 0 1
nomoves check loss
nomoves stalemate draw
`

// TestGroupMoveSets checks the moves of groups position by position, each
// list worked out by hand from docs/language.md § Multi-square pieces.
func TestGroupMoveSets(t *testing.T) {
	domino := loadVariant(t, "domino")
	king, err := Load("bigking.alf", []byte(groupsKing))
	require.NoError(t, err)
	for _, c := range []struct {
		name    string
		prog    *Program
		fen     string
		want    []string
		inCheck bool
	}{
		{
			// the domino b2-c2 steps left (along its own length: c2 to
			// b2), down and up, not right (d2 holds a pawn of its side);
			// the rook a1 rides up to the black rook and right to the
			// king, which steps to c1 and e1, the pawns one square
			name: "setup", prog: domino, fen: "r2k2/1w{1}w{1}pp1/6/6/1W{2}W{2}PP1/R2K2 w - - 0 1",
			want: []string{"a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1b1", "a1c1", "b2a2", "b2b1", "b2b3", "d1c1", "d1e1", "d2d3", "e2e3"},
		},
		{
			// a tower of rook parts b3-c3 slides as far as both parts
			// may: left one square (the a-file stops b3), right three
			// (c3 then takes the rook on f3; four would put c3 off the
			// board), up three and down two; the king's five steps
			name: "tower", prog: domino, fen: "3k2/6/6/1R{1}R{1}2r/6/3K2 w - - 0 1",
			want: []string{"b3a3", "b3b1", "b3b2", "b3b4", "b3b5", "b3b6", "b3c3", "b3d3", "b3e3", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2"},
		},
		{
			// Black's vertical domino c5-c4 (c5 leads) steps left, right
			// and down (its forward), not up (c6 holds its king); the king
			// steps to b6, d6, b5 and d5
			name: "vertical", prog: domino, fen: "2k3/2w{1}3/2w{1}3/1P4/6/R2K2 b - - 0 1",
			want: []string{"c5b5", "c5c4", "c5d5", "c6b5", "c6b6", "c6d5", "c6d6"},
		},
		{
			// the domino b2-c2 gives check: stepping up, c2 takes the
			// king on c3 while b2 goes to b3. The king may not go where
			// a domino step lands (b3 by up, d2 by right), nor take b2
			// (the white king guards it); taking c2 takes the whole
			// domino, and c2 is not guarded: legal
			name: "group check", prog: domino, fen: "6/6/6/2k3/1W{1}W{1}3/K5 b - - 0 1",
			want: []string{"c3b4", "c3c2", "c3c4", "c3d3", "c3d4"}, inCheck: true,
		},
		{
			// the same with a white pawn on b3: the domino cannot step up,
			// so no check, though its part c2 alone could step onto c3;
			// the pawn guards c4, and taking it puts the king where the
			// domino's up step lands
			name: "blocked group", prog: domino, fen: "6/6/6/1Pk3/1W{1}W{1}3/K5 b - - 0 1",
			want: []string{"c3b4", "c3c2", "c3d3", "c3d4"},
		},
		{
			// the domino b5-c5 steps left, right, down, and up onto the
			// last rank, where its leader's reform makes it a tower
			// (b5b6r: rooks on b6 and b5); the king's five steps
			name: "before the tower", prog: domino, fen: "3k2/1W{1}W{1}3/6/6/6/3K2 w - - 0 1",
			want: []string{"b5a5", "b5b4", "b5b6r", "b5c5", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2"},
		},
		{
			// after b5b6r: the rook head b6 checks the king on d6 along
			// the rank, the foot b5 covers rank 5: mate
			name: "tower mates", prog: domino, fen: "1R{1}1k2/1R{1}4/6/6/6/3K2 b - - 1 1",
			want: nil, inCheck: true,
		},
		{
			// the rook b5 attacks the rook part b1: the royal part a1 is
			// in check, and neither group move (up to a2-b2, right to
			// b1-c1) leaves the b-file: mate
			name: "royal part mated", prog: king, fen: "1r2k/5/5/5/K{1}R{1}3 w - - 0 1",
			want: nil, inCheck: true,
		},
		{
			// the rook c5 covers c1: the group may step up, not right
			name: "royal part", prog: king, fen: "2r1k/5/5/5/K{1}R{1}3 w - - 0 1",
			want: []string{"a1a2"},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, mode := range []Mode{Incremental, Full} {
				b := groupsBoard(t, c.prog, c.fen, mode)
				got := groupsNames(b)
				if len(c.want) == 0 {
					require.Empty(t, got, "%s", mode)
				} else {
					require.Equal(t, c.want, got, "%s", mode)
				}
				require.Equal(t, c.inCheck, b.InCheck(), "%s", mode)
			}
		})
	}
}

// TestGroupCapturedTogether: a pawn that takes one part of a domino takes
// both, each into the captured pieces.
func TestGroupCapturedTogether(t *testing.T) {
	prog := loadVariant(t, "domino")
	for _, mode := range []Mode{Incremental, Full} {
		b := groupsBoard(t, prog, "2k3/2w{1}3/2w{1}3/1P4/6/R2K2 w - - 0 1", mode)
		m, err := b.ParseMove("b3c4")
		require.NoError(t, err)
		mk := b.Make(m)
		require.Equal(t, "2k3/6/2P3/6/6/R2K2 b - - 0 1", b.FEN())
		require.Len(t, b.Position().Captured, 2)
		require.NoError(t, b.Unmake(mk))
		require.Equal(t, "2k3/2w{1}3/2w{1}3/1P4/6/R2K2 w - - 0 1", b.FEN())
	}
}

// TestGroupReform plays the reform: the flat domino b5-c5 steps up and
// becomes a tower standing on end, b6 and b5, the leader its head; taken
// back, the domino is as it was.
func TestGroupReform(t *testing.T) {
	prog := loadVariant(t, "domino")
	for _, mode := range []Mode{Incremental, Full} {
		fen := "3k2/1W{1}W{1}3/6/6/6/3K2 w - - 0 1"
		b := groupsBoard(t, prog, fen, mode)
		m, err := b.ParseMove("b5b6r")
		require.NoError(t, err)
		mk := b.Make(m)
		require.Equal(t, "1R{1}1k2/1R{1}4/6/6/6/3K2 b - - 1 1", b.FEN())
		require.Equal(t, b.Position().ComputeHash(), b.Position().Hash())
		require.NoError(t, b.Unmake(mk))
		require.Equal(t, fen, b.FEN())
	}
}

// groupsFit is a test variant whose formation lies flat: a standing pair
// of wazirs that steps up lies down to the right of where its leader
// lands, if that square is free.
const groupsFit = `game fit
board 4x4
groups
formation bar: wazir 0 0, wazir 1 0
piece king K royal
    {w,a,s,d} empty mov
piece wazir W
    w empty mov reform bar
setup 3k/W{1}3/W{1}3/3K w - - 0 1
`

// TestGroupReformFits: a reform whose squares are not free is no move.
func TestGroupReformFits(t *testing.T) {
	prog, err := Load("fit.alf", []byte(groupsFit))
	require.NoError(t, err)
	b := groupsBoard(t, prog, "", Full)
	require.Equal(t, []string{"a3a4", "d1c1", "d1d2"}, groupsNames(b))
	m, err := b.ParseMove("a3a4")
	require.NoError(t, err)
	b.Make(m)
	require.Equal(t, "W{1}W{1}1k/4/4/3K b - - 1 1", b.FEN())
	// b4 holds the black king: the pair does not fit there
	b = groupsBoard(t, prog, "1k2/W{1}3/W{1}3/3K w - - 0 1", Full)
	require.Equal(t, []string{"d1c1", "d1d2"}, groupsNames(b))
}

// TestGroupFEN checks the group marks: renumbered on writing, hashed by
// where the parts stand, and the errors of bad marks.
func TestGroupFEN(t *testing.T) {
	prog := loadVariant(t, "domino")
	b := groupsBoard(t, prog, "r2k2/1w{7}w{7}pp1/6/6/1W{3}W{3}PP1/R2K2 w - - 0 1", Full)
	require.Equal(t, "r2k2/1w{1}w{1}pp1/6/6/1W{2}W{2}PP1/R2K2 w - - 0 1", b.FEN())
	grouped := groupsBoard(t, prog, "3k2/6/6/6/1W{1}W{1}3/3K2 w - - 0 1", Full)
	apart := groupsBoard(t, prog, "3k2/6/6/6/1WW3/3K2 w - - 0 1", Full)
	require.NotEqual(t, grouped.Position().Hash(), apart.Position().Hash())
	require.Equal(t, grouped.Position().ComputeHash(), grouped.Position().Hash())
	for fen, msg := range map[string]string{
		"3k2/6/6/6/1W{1}W3/3K2 w - - 0 1":          "group 1 has one part (on b2): a group is two pieces or more",
		"3k2/6/6/1w{1}4/1W{1}4/3K2 w - - 0 1":      "group 1: its parts on b3 and b2 belong to different sides",
		"3k2/6/6/6/1W{0}W{0}3/3K2 w - - 0 1":       "rank 2: group 0: a group mark is {N}, N a number from 1 to 999",
		"3k2/6/6/6/1W{1W{1}3/3K2 w - - 0 1":        "rank 2: a group mark is {N}, N a number from 1 to 999",
		"3k2/6/6/6/1W{1000}W{1000}3/3K2 w - - 0 1": "rank 2: group 1000: a group mark is {N}, N a number from 1 to 999",
	} {
		_, err := prog.NewBoard(fen)
		require.ErrorContains(t, err, msg, fen)
	}
	chess := loadVariant(t, "chess")
	_, err := chess.NewBoard("4k3/8/8/8/8/8/1R{1}R{1}5/4K3 w - - 0 1")
	require.ErrorContains(t, err, "rank 2: a group mark {N}, in a variant without the groups declaration")
}

// TestGroupHashByMoveOrder reaches one position by two move orders (the
// domino up then left, or left then up): same FEN, same hash.
func TestGroupHashByMoveOrder(t *testing.T) {
	prog := loadVariant(t, "domino")
	var fens []string
	var hashes []uint64
	for _, line := range [][]string{{"b2b3", "d5d4", "b3a3", "e5e4"}, {"b2a2", "e5e4", "a2a3", "d5d4"}} {
		b := groupsBoard(t, prog, "", Incremental)
		for _, s := range line {
			m, err := b.ParseMove(s)
			require.NoError(t, err, s)
			b.Make(m)
		}
		fens = append(fens, b.FEN())
		hashes = append(hashes, b.Position().Hash())
		require.Equal(t, b.Position().ComputeHash(), b.Position().Hash())
	}
	require.Equal(t, fens[0], fens[1])
	require.Equal(t, hashes[0], hashes[1])
	require.Contains(t, fens[0], "W{2}W{2}")
}

// TestGroupsRejected checks the constructs groups do not combine with:
// one error at the groups line each.
func TestGroupsRejected(t *testing.T) {
	base := "game g\nboard 5x5\ngroups\npiece king K royal\n    {w,a,s,d} empty mov\n"
	for extra, msg := range map[string]string{
		"pass\n": "g.alf:3:1: groups: passing is not supported with multi-square pieces",
		"piece rider X\n    multi [\n        w empty mov\n    ]\n": "g.alf:3:1: groups: multi (in the line of rider at g.alf:7:5) is not supported with multi-square pieces",
		"piece steady S steadfast\n    w empty mov\n":              "g.alf:3:1: groups: a steadfast piece is not supported with multi-square pieces",
	} {
		_, err := Load("g.alf", []byte(base+extra))
		require.ErrorContains(t, err, msg, extra)
	}
}

// TestGroupsTier: the tier declines a variant with groups, and says why.
func TestGroupsTier(t *testing.T) {
	prog := loadVariant(t, "domino")
	_, err := prog.Tier()
	require.ErrorContains(t, err, "the variant has multi-square pieces (groups)")
}
