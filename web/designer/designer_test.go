package designer_test

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/web/designer"
)

func source(t *testing.T, name string) string {
	t.Helper()
	src, err := examples.Source(name)
	require.NoError(t, err)
	return string(src)
}

func load(t *testing.T, name string) (*designer.Session, designer.State) {
	t.Helper()
	var s designer.Session
	st, err := s.Load(source(t, name), false)
	require.NoError(t, err)
	require.True(t, st.OK)
	return &s, st
}

// find returns the index of the legal move named san.
func find(t *testing.T, st designer.State, san string) int {
	t.Helper()
	for i, m := range st.Moves {
		if m.SAN == san {
			return i
		}
	}
	t.Fatalf("no legal move %s in %s", san, st.FEN)
	return -1
}

func TestChessState(t *testing.T) {
	s, st := load(t, "chess")
	assert.Equal(t, 8, st.Width)
	assert.Equal(t, []string{"a", "b", "c", "d", "e", "f", "g", "h"}, st.Files)
	assert.Equal(t, []string{"1", "2", "3", "4", "5", "6", "7", "8"}, st.Ranks)
	require.Len(t, st.Squares, 64)
	assert.Equal(t, designer.Square{X: 4, Y: 0, Name: "e1", Piece: &designer.Piece{Letter: "K", Side: "white", Type: "king"}}, st.Squares[4])
	assert.Nil(t, st.Squares[28].Piece, "e4 is empty")
	assert.Len(t, st.Moves, 20)
	assert.Equal(t, "white", st.ToMove)
	assert.Nil(t, st.Hands)
	assert.False(t, st.CanUndo)
	assert.Positive(t, st.CompileMs)

	e4 := st.Moves[find(t, st, "e4")]
	assert.Equal(t, designer.Move{From: 12, To: 28, SAN: "e4", UCI: "e2e4"}, e4)
	st, err := s.Play(find(t, st, "e4"))
	require.NoError(t, err)
	assert.Equal(t, []designer.Ply{{SAN: "e4", UCI: "e2e4"}}, st.History)
	assert.Equal(t, &designer.LastMove{From: 12, To: 28}, st.Last)
	assert.Equal(t, "black", st.ToMove)

	assert.True(t, st.CanUndo)
	assert.Nil(t, st.Squares[20].Piece, "e3: en passant's ghost is not drawn")

	// undo and redo; a new move ends the redo line
	st = s.Undo()
	assert.Equal(t, 0, st.Ply)
	assert.True(t, st.CanRedo)
	st = s.Redo()
	assert.Equal(t, 1, st.Ply)
	assert.False(t, st.CanRedo)
	st = s.Undo()
	st, err = s.PlayMove("d4")
	require.NoError(t, err)
	assert.False(t, st.CanRedo, "a new move ends the redo line")
	st = s.Redo()
	assert.Equal(t, "d2d4", st.History[0].UCI, "redo with nothing undone does nothing")
	st = s.Undo()

	// the fool's mate, by SAN and by UCI: check, mate, the result
	for _, m := range []string{"f3", "e7e5", "g4", "Qh4#"} {
		st, err = s.PlayMove(m)
		require.NoError(t, err, m)
	}
	assert.True(t, st.InCheck)
	assert.Equal(t, []int{4}, st.Checks, "the white king on e1")
	assert.True(t, st.Over)
	assert.Equal(t, "0-1", st.Result)
	assert.Equal(t, "checkmate", st.Reason)
	assert.Empty(t, st.Moves)
	assert.Equal(t, "Qh4#", st.History[3].SAN)

	_, err = s.PlayMove("a3")
	assert.Error(t, err, "the game is over")
	_, err = s.Play(0)
	assert.Error(t, err, "no move 0 in a mate")
}

func TestLoadErrors(t *testing.T) {
	s, _ := load(t, "chess")
	text := source(t, "chess")
	for _, tc := range []struct {
		name      string
		edit      func(string) string
		line, col int
		msg       string
	}{
		{"stray character", func(s string) string { return strings.Replace(s, "piece knight N", "piece knight N ~", 1) }, 0, 0, "unexpected character '~'"},
		{"after a multi-byte letter", func(s string) string { return strings.Replace(s, "piece knight N", "# éé\npiece knight N ~", 1) }, 0, 0, "unexpected character '~'"},
		{"unknown piece in setup", func(s string) string { return strings.Replace(s, "setup rnbqkbnr", "setup rnbqkbnz", 1) }, 0, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := tc.edit(text)
			st, err := s.Load(bad, true)
			require.Error(t, err)
			assert.False(t, st.OK)
			require.NotEmpty(t, st.Errors)
			e := st.Errors[0]
			assert.Equal(t, st.Error, e.Text)
			assert.True(t, strings.HasPrefix(e.Text, designer.Filename+":"), e.Text)
			if tc.msg != "" {
				assert.Equal(t, tc.msg, e.Msg)
				// the place, counted as JavaScript counts: the ~ is at
				// the column after "piece knight N "
				lines := strings.Split(bad, "\n")
				require.Less(t, e.Line-1, len(lines))
				runes := []rune(lines[e.Line-1])
				assert.Equal(t, '~', runes[e.Col-1], "line %d col %d of %q", e.Line, e.Col, lines[e.Line-1])
			}
			// the session keeps its variant and game
			assert.Equal(t, 64, len(s.State().Squares))
		})
	}
}

// Loading again with keep replays the game on the changed variant; a
// change that makes a move illegal stops the replay there.
func TestLoadKeepsTheGame(t *testing.T) {
	s, _ := load(t, "chess")
	for _, m := range []string{"e4", "e5", "Nf3"} {
		_, err := s.PlayMove(m)
		require.NoError(t, err)
	}
	text := source(t, "chess")
	st, err := s.Load(text+"\n# a comment\n", true)
	require.NoError(t, err)
	assert.Equal(t, 3, st.Ply)

	// a knight that moves as a wazir: Nf3 is gone, the game stops before it
	wazir := strings.Replace(text, "{wwa,wwd,aaw,aas,ssa,ssd,ddw,dds}", "{w,a,s,d}", 1)
	require.NotEqual(t, text, wazir, "the knight's line in chess.alf")
	st, err = s.Load(wazir, true)
	require.NoError(t, err)
	assert.Equal(t, 2, st.Ply)

	st, err = s.Load(text, false)
	require.NoError(t, err)
	assert.Equal(t, 0, st.Ply, "without keep: the setup")

	// a FEN given keeps across loads; a board of another size does not
	st, err = s.SetFEN("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	require.NoError(t, err)
	st, err = s.Load(text, true)
	require.NoError(t, err)
	assert.Equal(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", st.StartFEN)
	st, err = s.Load(source(t, "capablanca"), true)
	require.NoError(t, err)
	assert.Equal(t, 10, st.Width)
	assert.Equal(t, 0, st.Ply)
}

func TestSetFENAndEdit(t *testing.T) {
	s, _ := load(t, "chess")
	before := s.State().FEN
	st, err := s.SetFEN("not a fen")
	require.Error(t, err)
	assert.False(t, st.OK)
	assert.Equal(t, before, s.State().FEN, "a bad FEN changes nothing")

	st, err = s.SetFEN("4k3/8/8/8/8/8/8/R3K3 w - - 0 1") // a rook: K+N against K is a draw, without moves
	require.NoError(t, err)
	st, err = s.Edit(27, "N", board.First) // d4
	require.NoError(t, err)
	assert.Equal(t, &designer.Piece{Letter: "N", Side: "white", Type: "knight"}, st.Squares[27].Piece)
	var knight []string
	for _, m := range st.Moves {
		if m.From == 27 {
			knight = append(knight, st.Squares[m.To].Name)
		}
	}
	slices.Sort(knight)
	assert.Equal(t, []string{"b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"}, knight)
	st, err = s.Edit(27, "", board.First)
	require.NoError(t, err)
	assert.Nil(t, st.Squares[27].Piece)
	_, err = s.Edit(27, "Z", board.First)
	assert.ErrorContains(t, err, `no piece lettered "Z"`)
	_, err = s.Edit(64, "N", board.First)
	assert.Error(t, err)
}

func TestHandsHolesAndStacks(t *testing.T) {
	s, st := load(t, "crazyhouse")
	require.NotNil(t, st.Hands)
	assert.Empty(t, st.Hands.White)
	st, err := s.SetFEN("2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1")
	require.NoError(t, err)
	assert.Equal(t, []designer.InHand{{Letter: "Q", Count: 1}}, st.Hands.White)
	assert.Equal(t, []designer.InHand{{Letter: "N", Count: 1}}, st.Hands.Black)
	drops := 0
	for _, m := range st.Moves {
		if m.Drop != "" {
			drops++
			assert.Equal(t, -1, m.From)
			assert.Equal(t, "Q", m.Drop)
		}
	}
	assert.Equal(t, 62, drops, "a queen drop on every empty square")

	_, st = load(t, "omicron")
	holes := 0
	for _, sq := range st.Squares {
		if sq.Hole {
			holes++
			assert.Nil(t, sq.Piece)
		}
	}
	assert.Positive(t, holes, "omicron's frame of holes")

	s, _ = load(t, "merge")
	st, err = s.SetFEN("rn1kn1/pppppp/6/6/PPPPPP/R(CN)1K2 w - - 0 1")
	require.NoError(t, err)
	assert.Equal(t, &designer.Piece{Letter: "C", Side: "white", Type: "centaur", Stack: []string{"C", "N"}}, st.Squares[1].Piece, "the centaur holding a knight on b1")
}

func TestShare(t *testing.T) {
	text := source(t, "chess")
	code := designer.Share(text)
	assert.NotContains(t, code, "+")
	assert.NotContains(t, code, "/")
	assert.NotContains(t, code, "=")
	assert.Less(t, len(code), len(text), "deflate packs the text")
	back, err := designer.Unshare(code)
	require.NoError(t, err)
	assert.Equal(t, text, back)
	back, err = designer.Unshare(designer.Share(""))
	require.NoError(t, err)
	assert.Empty(t, back)

	for _, bad := range []string{"not base64!", base64.RawURLEncoding.EncodeToString([]byte("not deflate"))} {
		_, err := designer.Unshare(bad)
		assert.Error(t, err, bad)
	}
	// a small code that unpacks to more than MaxShared is refused
	var bomb bytes.Buffer
	w, _ := flate.NewWriter(&bomb, flate.BestCompression)
	w.Write(bytes.Repeat([]byte("a"), designer.MaxShared+1))
	w.Close()
	_, err = designer.Unshare(base64.RawURLEncoding.EncodeToString(bomb.Bytes()))
	assert.ErrorContains(t, err, "more than")
}

func TestPerft(t *testing.T) {
	for _, tc := range []struct {
		variant, fen string
		moves        []string
		depth        int
		nodes        uint64
	}{
		{"chess", "", nil, 3, 8902},
		{"chess", "", []string{"e2e4"}, 2, 600},
		{"crazyhouse", "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1", nil, 2, 75353},
		{"capablanca", "", nil, 2, 784},
	} {
		var progress []designer.Progress
		res := designer.Perft(source(t, tc.variant), tc.fen, tc.moves, tc.depth, func(p designer.Progress) { progress = append(progress, p) })
		require.True(t, res.OK, res.Error)
		assert.Equal(t, tc.nodes, res.Nodes, "%s %s %v depth %d", tc.variant, tc.fen, tc.moves, tc.depth)
		require.Len(t, progress, len(res.Divide))
		var sum uint64
		for i, p := range progress {
			assert.Equal(t, i+1, p.Done)
			assert.Equal(t, len(res.Divide), p.Total)
			assert.Equal(t, res.Divide[i].Nodes, p.Nodes)
			sum += p.Nodes
		}
		assert.Equal(t, res.Nodes, sum)
	}
	for _, depth := range []int{0, designer.MaxPerftDepth + 1} {
		assert.False(t, designer.Perft(source(t, "chess"), "", nil, depth, nil).OK, "depth %d", depth)
	}
	res := designer.Perft(source(t, "chess"), "", []string{"e2e5"}, 1, nil)
	assert.False(t, res.OK)
	assert.Contains(t, res.Error, "e2e5")
	res = designer.Perft("board 8x8\npiece ~", "", nil, 1, nil)
	assert.False(t, res.OK)
	assert.Contains(t, res.Error, designer.Filename)
}

func TestSearch(t *testing.T) {
	text := source(t, "chess")
	res := designer.Search(text, "", []string{"e2e4", "e7e5"}, 100*time.Millisecond)
	require.True(t, res.OK, res.Error)
	assert.Positive(t, res.Depth)
	var s designer.Session
	_, err := s.Load(text, false)
	require.NoError(t, err)
	for _, m := range []string{"e2e4", "e7e5", res.Move} {
		_, err := s.PlayMove(m)
		require.NoError(t, err, "the engine's move %s (%s) is legal", res.Move, res.SAN)
	}
	// mate in one: the engine finds it
	res = designer.Search(text, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", nil, 200*time.Millisecond)
	require.True(t, res.OK, res.Error)
	assert.Equal(t, "a1a8", res.Move)
	assert.Equal(t, "Ra8#", res.SAN)
	assert.Equal(t, 1, res.Mate)

	res = designer.Search(text, "", []string{"f2f3", "e7e5", "g2g4", "d8h4"}, 100*time.Millisecond)
	assert.False(t, res.OK)
	assert.Contains(t, res.Error, "over")
	assert.False(t, designer.Search(text, "", nil, 0).OK)
}
