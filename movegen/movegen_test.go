package movegen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
)

func legalNames(t *testing.T, b *Board) []string {
	t.Helper()
	var list MoveList
	b.Legal(&list)
	names := b.Notation(list.Moves)
	slices.Sort(names)
	return names
}

// mustBoard returns an interpreted board (the tier off): what most tests
// here examine; tierBoard returns one on the tier.
func mustBoard(t testing.TB, p *Program, fen string) *Board {
	t.Helper()
	b, err := p.NewBoard(fen)
	require.NoError(t, err)
	b.SetTier(false)
	return b
}

func tierBoard(t testing.TB, p *Program, fen string) *Board {
	t.Helper()
	b, err := p.NewBoard(fen)
	require.NoError(t, err)
	require.True(t, b.Tier(), "%s does not lower", p.Name)
	return b
}

// play makes the named legal move and checks the resulting position.
func play(t *testing.T, b *Board, move, wantFEN string) {
	t.Helper()
	m, err := b.ParseMove(move)
	require.NoError(t, err)
	b.Make(m)
	assert.Equal(t, wantFEN, b.FEN())
	assert.Equal(t, b.pos.ComputeHash(), b.pos.Hash())
}

// TestHalfmoveClock: the clock restarts on a capture and on a move of a
// piece with the resets attribute (chess's pawn), on the tier and in the
// interpreter's two modes, and Unmake restores it.
func TestHalfmoveClock(t *testing.T) {
	chess := loadVariant(t, "chess")
	for _, c := range []struct {
		name string
		set  func(*Board)
	}{
		{"tier", func(*Board) {}},
		{"incremental", func(b *Board) { b.SetTier(false) }},
		{"full", func(b *Board) { b.SetTier(false); b.SetMode(Full) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := mustBoard(t, chess, "")
			c.set(b)
			start := b.Mark()
			for _, step := range []struct {
				move string
				want int32
			}{{"g1f3", 1}, {"g8f6", 2}, {"e2e4", 0}, {"f6e4", 0}, {"f3g5", 1}, {"e4f2", 0}} {
				m, err := b.ParseMove(step.move)
				require.NoError(t, err)
				b.Make(m)
				assert.Equal(t, step.want, b.pos.Halfmove, "after %s", step.move)
			}
			require.NoError(t, b.Unmake(start))
			assert.Equal(t, int32(0), b.pos.Halfmove)
		})
	}
}

// TestHalfmoveClockReversible: a move of a resets type that its piece
// could take straight back keeps the clock running, as Fairy-Stockfish
// counts it — pawn sideways' sideways step — while its forward steps
// and double steps restart it; on the tier (board and engine) and in the
// interpreter's two modes.
func TestHalfmoveClockReversible(t *testing.T) {
	p := loadVariant(t, "pawnsideways")
	for _, c := range []struct {
		name string
		set  func(*Board)
	}{
		{"tier", func(*Board) {}},
		{"incremental", func(b *Board) { b.SetTier(false) }},
		{"full", func(b *Board) { b.SetTier(false); b.SetMode(Full) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			b, err := p.NewBoard("")
			require.NoError(t, err)
			c.set(b)
			start := b.Mark()
			for _, step := range []struct {
				move string
				want int32
			}{{"e2e3", 0}, {"g8f6", 1}, {"e3d3", 2}, {"f6g8", 3}, {"d3d4", 0}, {"b8c6", 1}, {"d4e4", 2}, {"h7h6", 0}, {"a2a4", 0}, {"h8h7", 1}, {"e4f4", 2}, {"h6g6", 3}} {
				m, err := b.ParseMove(step.move)
				require.NoError(t, err)
				b.Make(m)
				assert.Equal(t, step.want, b.pos.Halfmove, "after %s", step.move)
				if b.Tier() {
					assert.Equal(t, int(step.want), b.fast.Halfmove(), "the tier's clock after %s", step.move)
				}
			}
			require.NoError(t, b.Unmake(start))
			assert.Equal(t, int32(0), b.pos.Halfmove)
		})
	}
}

// TestCornerPartners: a castling letter makes a piece of a type the
// castling lines castle with unmoved on its corner square, whatever the
// setup has there, as Fairy-Stockfish reads it: perfect chess castles
// with the rook or the chancellor, and a FEN that swaps them castles both
// ways and is written back as it was read; without the letter the piece
// is moved.
func TestCornerPartners(t *testing.T) {
	perfect := loadVariant(t, "perfect")
	for _, tier := range []bool{false, true} {
		fen := "r3k2c/pppppppp/8/8/8/8/PPPPPPPP/R3K2C w KQkq - 0 1"
		b, err := perfect.NewBoard(fen)
		require.NoError(t, err)
		b.SetTier(tier)
		assert.Equal(t, fen, b.FEN())
		names := legalNames(t, b)
		assert.Contains(t, names, "e1g1", "with the chancellor on h1")
		assert.Contains(t, names, "e1c1", "with the rook on a1")
		play(t, b, "e1g1", "r3k2c/pppppppp/8/8/8/8/PPPPPPPP/R4CK1 b kq - 1 1")
		fen = "r3k2c/pppppppp/8/8/8/8/PPPPPPPP/R3K2C w Kq - 0 1"
		b, err = perfect.NewBoard(fen)
		require.NoError(t, err)
		b.SetTier(tier)
		assert.Equal(t, fen, b.FEN())
		assert.NotContains(t, legalNames(t, b), "e1c1", "the rook on a1 has moved")
	}
}

func TestChessRules(t *testing.T) {
	chess := loadVariant(t, "chess")
	t.Run("castling both ways", func(t *testing.T) {
		b := mustBoard(t, chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
		assert.Contains(t, legalNames(t, b), "e1g1")
		assert.Contains(t, legalNames(t, b), "e1c1")
		play(t, b, "e1g1", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1")
		play(t, b, "e8c8", "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2")
	})
	t.Run("no castling through an attacked square", func(t *testing.T) {
		b := mustBoard(t, chess, "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1")
		names := legalNames(t, b)
		assert.NotContains(t, names, "e1g1", "f1 is attacked")
		assert.Contains(t, names, "e1c1")
	})
	t.Run("no castling out of check", func(t *testing.T) {
		b := mustBoard(t, chess, "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1")
		names := legalNames(t, b)
		assert.NotContains(t, names, "e1g1")
		assert.NotContains(t, names, "e1c1")
	})
	t.Run("en passant", func(t *testing.T) {
		b := mustBoard(t, chess, "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3")
		play(t, b, "e5d6", "rnbqkbnr/ppp1pppp/3P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3")
		assert.Len(t, b.pos.Captured, 2, "the ghost and the pawn behind it")
	})
	t.Run("the ghost lives one ply", func(t *testing.T) {
		// the half-move clock is FIDE's: a pawn move (the resets
		// attribute) restarts it, a knight move counts
		// (the FEN names the ghost only where a pawn can take it)
		b := mustBoard(t, chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
		play(t, b, "e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
		assert.Equal(t, "e3", strings.Fields(b.Position().FEN())[3])
		play(t, b, "g8f6", "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2")
		assert.Equal(t, "-", strings.Fields(b.Position().FEN())[3])
		b = mustBoard(t, chess, "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
		play(t, b, "e2e4", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	})
	t.Run("promotion choices", func(t *testing.T) {
		b := mustBoard(t, chess, "1r5k/P7/8/8/8/8/8/7K w - - 0 1")
		names := legalNames(t, b)
		for _, want := range []string{"a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8n"} {
			assert.Contains(t, names, want)
		}
		play(t, b, "a7b8n", "1N5k/8/8/8/8/8/8/7K b - - 0 1")
	})
	t.Run("checkmate and stalemate", func(t *testing.T) {
		mate := mustBoard(t, chess, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
		assert.Equal(t, board.FirstWins, mate.Status())
		stale := mustBoard(t, chess, "7k/5Q2/8/8/8/8/8/6K1 b - - 0 1")
		assert.Equal(t, board.Draw, stale.Status())
		assert.Equal(t, board.Ongoing, mustBoard(t, chess, "").Status())
	})
}

// TestNotationRoundTrip checks that every legal move of a set of positions
// has a distinct name that ParseMove reads back.
func TestNotationRoundTrip(t *testing.T) {
	chess := loadVariant(t, "chess")
	zoo := loadVariant(t, "zoo")
	for _, c := range []struct {
		p   *Program
		fen string
	}{
		{chess, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{chess, "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
		{zoo, ""},
	} {
		b := mustBoard(t, c.p, c.fen)
		var list MoveList
		b.Legal(&list)
		names := b.Notation(list.Moves)
		seen := map[string]bool{}
		for i, name := range names {
			require.False(t, seen[name], "two moves are named %s", name)
			seen[name] = true
			m, err := b.ParseMove(name)
			require.NoError(t, err)
			assert.Equal(t, list.Moves[i].sig, m.sig, name)
			assert.Equal(t, name, b.MoveString(m))
		}
	}
}

// TestRandomGames plays random games in every shipped variant and checks
// after every move that the incremental hash equals a fresh computation,
// and after taking the moves back that the position is restored exactly.
func TestRandomGames(t *testing.T) {
	for _, name := range shippedVariants() {
		t.Run(name, func(t *testing.T) {
			p := loadVariant(t, name)
			rng := rand.New(rand.NewPCG(1, 2))
			games, plies := 20, 60
			if light() {
				games = 3
			}
			for g := 0; g < games; g++ {
				b := mustBoard(t, p, "")
				start, hash := b.FEN(), b.pos.Hash()
				var marks []Mark
				var list MoveList
				for i := 0; i < plies && b.pos.Result == board.Ongoing; i++ {
					b.Legal(&list)
					if list.Len() == 0 {
						break
					}
					marks = append(marks, b.Make(list.Moves[rng.IntN(list.Len())].Clone()))
					require.Equal(t, b.pos.ComputeHash(), b.pos.Hash(), "game %d ply %d: %s", g, i, b.FEN())
				}
				for i := len(marks) - 1; i >= 0; i-- {
					b.Unmake(marks[i])
				}
				require.Equal(t, start, b.FEN())
				require.Equal(t, hash, b.pos.Hash())
			}
		})
	}
}

// TestZooStructures checks a few pieces of the zoo whose moves use the
// structures beyond slide: in (bomb), multi (draughts), pick/put (tank),
// limit (lion).
func TestZooStructures(t *testing.T) {
	zoo := loadVariant(t, "zoo")
	tests := []struct {
		name, fen, from string
		want            []string
	}{
		{"bomb steps or explodes", "10/10/10/10/10/10/10/2p7/1PZ7/K8k w - - 0 1", "c2",
			[]string{"c2/capt:b3/capt:c3/capt:d3/capt:d2/capt:d1/capt:c1/capt:b1/capt:b2/capt:c2", "c2c1", "c2d2"}},
		// the chain must go on while a jump applies: c2e4 alone is no move
		{"draughts man jumps on", "10/10/10/10/10/5p4/10/3p6/2M7/K8k w - - 0 1", "c2",
			[]string{"c2b3", "c2g6"}},
		{"tank pushes a row", "10/10/10/10/10/2p7/2P7/2T7/10/K8k w - - 0 1", "c3",
			[]string{"c3c4", "c3b3", "c3c2", "c3d3"}},
		{"lion avoids the centre", "10/10/10/10/10/10/10/10/10/K3L4k w - - 0 1", "e1",
			[]string{"e1b1", "e1c1", "e1d1", "e1d2", "e1e2", "e1e3", "e1e4", "e1f1", "e1f2", "e1g1", "e1g3", "e1h1", "e1h4", "e1i1", "e1j1", "e1i5", "e1j6", "e1c3", "e1b4", "e1a5"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := mustBoard(t, zoo, tt.fen)
			var list MoveList
			b.Legal(&list)
			names := b.Notation(list.Moves)
			var got []string
			for i, m := range list.Moves {
				if b.pos.SquareName(m.From) == tt.from {
					got = append(got, names[i])
				}
			}
			assert.ElementsMatch(t, tt.want, got, fmt.Sprint(got))
		})
	}
}

func TestZooEffects(t *testing.T) {
	zoo := loadVariant(t, "zoo")
	t.Run("the tank pushes the row", func(t *testing.T) {
		b := mustBoard(t, zoo, "10/10/10/10/10/2p7/2P7/2T7/10/K8k w - - 0 1")
		play(t, b, "c3c4", "10/10/10/10/2p7/2P7/2T7/10/10/K8k b - - 1 1")
	})
	t.Run("the tank pushes a piece off the board", func(t *testing.T) {
		b := mustBoard(t, zoo, "2p7/2P7/2T7/10/10/10/10/10/10/K8k w - - 0 1")
		play(t, b, "c8c9", "2P7/2T7/10/10/10/10/10/10/10/K8k b - - 0 1")
		assert.Len(t, b.pos.Captured, 1, "pickcapt captured the pawn pushed off c10")
	})
	t.Run("the bomb explodes", func(t *testing.T) {
		b := mustBoard(t, zoo, "10/10/10/10/10/10/10/2p7/1PZ7/K8k w - - 0 1")
		play(t, b, "c2/capt:b3/capt:c3/capt:d3/capt:d2/capt:d1/capt:c1/capt:b1/capt:b2/capt:c2", "10/10/10/10/10/10/10/10/10/K8k b - - 0 1")
	})
	t.Run("the draughts man captures a chain", func(t *testing.T) {
		b := mustBoard(t, zoo, "10/10/10/10/10/5p4/10/3p6/2M7/K8k w - - 0 1")
		play(t, b, "c2g6", "10/10/10/10/6M3/10/10/10/10/K8k b - - 0 1")
	})
	t.Run("the ubi-ubi reaches every square a knight path reaches", func(t *testing.T) {
		b := mustBoard(t, zoo, "10/10/10/10/10/10/10/10/10/KU7k w - - 0 1")
		// on an otherwise empty board every square is reachable but its own
		// and a1 (the white king); j1 holds an enemy and is a capture
		var list MoveList
		b.Legal(&list)
		n := 0
		for _, m := range list.Moves {
			if b.pos.SquareName(m.From) == "b1" {
				n++
			}
		}
		assert.Equal(t, 100-2, n)
	})
}

func TestCompileErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"effect after do", "board 8x8\npiece k K\n    in wa -> d do remember capt\n", "bad.alf:3:19: only conditions and actions may follow do"},
		{"action after pass", "board 8x8\npiece k K\n    multi [\n        w empty pass mov\n    ]\n", "bad.alf:4:22: mov after pass in a multi line"},
		{"spawn after pass", "board 8x8\npiece k K\n    multi [ w empty opt pass , mark end spawn k ]\n", "bad.alf:3:41: spawn after pass in a multi line"},
		{"unknown piece", "board 8x8\npiece k K\n    w spawn q\n", "bad.alf:3:13: spawn names unknown piece"},
		{"a promoted form of no piece", "board 8x8\npiece k K\n    w mov\npiece tokin +P\n    w mov\n", "bad.alf:4:1: piece tokin is written +P, but no piece has the letter P to promote from"},
		{"onfile of no piece", "board 8x8\npiece k K\n    w not onfile pawn mov\n", "bad.alf:3:18: onfile names unknown piece"},
		{"insufficient, unknown letter", "board 8x8\npiece k K\n    w mov\ninsufficient K{Z} vs K\n", "bad.alf:4:1: insufficient K{Z} vs K: no piece has the letter Z"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load("bad.alf", []byte(tt.src))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

func TestCompileErrorSnippet(t *testing.T) {
	_, err := Load("bad.alf", []byte("board 8x8\npiece k K\n    in wa -> d do remember capt\n"))
	var list lang.ErrorList
	require.ErrorAs(t, err, &list)
	assert.Equal(t, "bad.alf:3:19: only conditions and actions may follow do, found remember\n |     in wa -> d do remember capt\n | ..................^", list[0].Snippet())
}

// TestMakeUnmakeAllocs checks, in both interpreter modes and on the tier,
// that generating, playing and taking back moves allocate nothing once the
// lists, the journals and the incremental state's arenas have grown.
func TestMakeUnmakeAllocs(t *testing.T) {
	for _, mode := range []Mode{Incremental, Full} {
		t.Run(mode.String(), func(t *testing.T) {
			b := mustBoard(t, loadVariant(t, "chess"), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
			b.SetMode(mode)
			b.SetTier(false)
			var list MoveList
			b.Legal(&list)
			allocs := testing.AllocsPerRun(20, func() {
				for _, m := range list.Moves {
					b.Unmake(b.Make(m))
				}
			})
			assert.Zero(t, allocs, "make and unmake")
			assert.Zero(t, testing.AllocsPerRun(20, func() { b.Legal(&list) }), "generation")
			b.Perft(3) // grows the arenas and lists a search needs
			assert.Zero(t, testing.AllocsPerRun(3, func() { b.Perft(2) }), "a search two plies deep")
		})
	}
	t.Run("tier", func(t *testing.T) {
		b := tierBoard(t, loadVariant(t, "chess"), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
		var list MoveList
		b.Legal(&list)
		play := func() {
			for _, m := range list.Moves {
				b.Unmake(b.Make(m))
			}
		}
		play()
		assert.Zero(t, testing.AllocsPerRun(20, play), "make and unmake")
		assert.Zero(t, testing.AllocsPerRun(20, func() { b.Legal(&list) }), "generation")
		b.Perft(3)
		assert.Zero(t, testing.AllocsPerRun(3, func() { b.Perft(2) }), "perft")
	})
}

func TestActions(t *testing.T) {
	chess := loadVariant(t, "chess")
	b := mustBoard(t, chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	m, err := b.ParseMove("e1g1")
	require.NoError(t, err)
	var got []string
	for _, a := range b.Actions(m) {
		got = append(got, a.Kind+":"+b.pos.SquareName(a.Square))
	}
	assert.Equal(t, []string{"pick:h1", "put:f1", "mov:g1"}, got, "castling lifts the rook, sets it down, moves the king")
	assert.Equal(t, 1, m.Normals())
}

// TestGameEnd checks the ways a game ends: win and lose actions, a side
// without real pieces, and the nomoves rules.
func TestGameEnd(t *testing.T) {
	race, err := Load("race.alf", []byte(`board 3x3
piece runner R real
    w empty not pos x l mov
    w empty pos x l mov win
piece blocker B real
    {a,d} empty mov
nomoves stalemate draw
`))
	require.NoError(t, err)
	b := mustBoard(t, race, "3/3/R1b w - - 0 1")
	play(t, b, "a1a2", "3/R2/2b b - - 1 1")
	assert.Equal(t, board.Ongoing, b.Status())
	play(t, b, "c1b1", "3/R2/1b1 w - - 2 2")
	m, err := b.ParseMove("a2a3")
	require.NoError(t, err)
	b.Make(m)
	assert.Equal(t, board.FirstWins, b.Status(), "reaching the last rank wins")
	var list MoveList
	b.Legal(&list)
	assert.Zero(t, list.Len(), "a finished game has no moves")

	three := loadVariant(t, "3check")
	tb := mustBoard(t, three, "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1+3 1 39")
	tb.Make(mustMove(t, tb, "a5a6"))
	assert.Equal(t, board.FirstWins, tb.Status(), "the third check wins")
	assert.Equal(t, "7r/1p4p1/Rk3p2/1N6/8/P5Pp/3p1P1P/4R1K1 b - - 0+3 0 39", tb.FEN())

	capture, err := Load("capture.alf", []byte(`board 2x1
piece eater E real
    {a,d} enemy capt mov
`))
	require.NoError(t, err)
	c := mustBoard(t, capture, "Ee w - - 0 1")
	m, err = c.ParseMove("a1b1")
	require.NoError(t, err)
	c.Make(m)
	assert.Equal(t, board.FirstWins, c.Status(), "the second player has no real piece left")
}

func TestStatusFromRules(t *testing.T) {
	p, err := Load("r.alf", []byte("board 3x1\npiece king K royal\n    {a,d} empty mov\nnomoves stalemate loss\n"))
	require.NoError(t, err)
	b := mustBoard(t, p, "KKk w - - 0 1")
	assert.Equal(t, board.SecondWins, b.Status(), "white cannot move and stalemate is a loss")
}

// TestSharedProgram runs perft on many boards of one compiled program at
// once: a Program is immutable and each Board owns its generator state
// (run under -race).
func TestSharedProgram(t *testing.T) {
	chess := loadVariant(t, "chess")
	fens := []string{"", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"}
	want := []uint64{8902, 97862, 2812}
	done := make(chan error, 6)
	for i := 0; i < 6; i++ {
		go func(i int) {
			b, err := chess.NewBoard(fens[i%3])
			if err != nil {
				done <- err
				return
			}
			if got := b.Perft(3); got != want[i%3] {
				done <- fmt.Errorf("board %d: perft %d, want %d", i, got, want[i%3])
				return
			}
			c := b.Clone()
			if got := c.Perft(2); got == 0 {
				done <- fmt.Errorf("clone %d has no moves", i)
				return
			}
			done <- nil
		}(i)
	}
	for i := 0; i < 6; i++ {
		require.NoError(t, <-done)
	}
}

func TestMouseAndCats(t *testing.T) {
	mc := loadVariant(t, "mousecats")
	t.Run("the mouse wins on the cats' rank", func(t *testing.T) {
		b := mustBoard(t, mc, "1c3c1c/3M4/8/8/8/8/8/8 w - - 0 1")
		play(t, b, "d7c8", "1cM2c1c/8/8/8/8/8/8/8 b - - 1 1")
		assert.Equal(t, board.FirstWins, b.Status())
	})
	t.Run("the cats win when the mouse cannot move", func(t *testing.T) {
		b := mustBoard(t, mc, "8/8/8/8/8/8/1c6/M7 w - - 0 1")
		assert.Equal(t, board.SecondWins, b.Status())
	})
	t.Run("cats only go forward", func(t *testing.T) {
		b := mustBoard(t, mc, "8/8/8/8/3c4/8/8/M7 b - - 0 1")
		assert.Equal(t, []string{"d4c3", "d4e3"}, legalNames(t, b))
	})
}

// TestMoveAccessors: To and Promotion on the tier and in the interpreter,
// for a promotion, castling (the king's square; the rook is put down) and
// an atomic capture, whose capturer leaves the board from the square it
// took.
func TestMoveAccessors(t *testing.T) {
	chess := loadVariant(t, "chess")
	atomic := loadVariant(t, "atomic")
	queen := chess.byName["queen"]
	for _, c := range []struct {
		name      string
		prog      *Program
		fen, move string
		to        string
		promo     int
	}{
		{"promotion", chess, "1r5k/P7/8/8/8/8/8/7K w - - 0 1", "a7b8q", "b8", queen},
		{"quiet", chess, "", "g1f3", "f3", -1},
		{"castling", chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "c1", -1},
		{"atomic capture", atomic, "4k3/4p3/8/8/8/8/8/4Q1K1 w - - 0 1", "e1e7", "e7", -1},
	} {
		for _, tier := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/tier=%v", c.name, tier), func(t *testing.T) {
				b := mustBoard(t, c.prog, c.fen)
				b.SetTier(tier)
				m, err := b.ParseMove(c.move)
				require.NoError(t, err)
				assert.Equal(t, c.to, b.pos.SquareName(b.To(m)))
				assert.Equal(t, c.promo, b.Promotion(m))
			})
		}
	}
}

// TestPosAndSideTests: under symmetry rotate pos and px count the second
// player's files from its own left (the last file), as its a and d do;
// side first|second holds for one player's lines alone. The same lines,
// interpreted and on the tier, give each side the moves its own counting
// names.
func TestPosAndSideTests(t *testing.T) {
	src := `game postest
board 4x4
symmetry rotate
piece king K royal
    pos 0 x w empty mov
    pos x 0 side second {a,d} empty mov
setup 3k/4/4/K3 w - - 0 1
`
	p, err := Load("postest.alf", []byte(src))
	require.NoError(t, err)
	_, why := p.Tier()
	require.NoError(t, why, "pos and side tests lower")
	for _, c := range []struct{ fen, want string }{
		// the first player's king on file a moves up; on its first rank
		// it has no sideways step (side second)
		{"3k/4/4/K3 w - - 0 1", "a1a2"},
		// the second player's king on d4 stands on its own file 0 and
		// first rank: down, and sideways
		{"3k/4/4/K3 b - - 0 1", "d4c4 d4d3"},
		{"3k/4/4/1K2 w - - 0 1", ""},
	} {
		for _, tier := range []bool{false, true} {
			b, err := p.NewBoard(c.fen)
			require.NoError(t, err)
			b.SetTier(tier)
			assert.Equal(t, c.want, strings.Join(legalNames(t, b), " "), "%s (tier %v)", c.fen, tier)
		}
	}
	// px counts the second player's files from its own left too: its
	// rider on a4 stands on its file 3 (memory keeps it interpreted)
	p, err = Load("postest.alf", []byte(src+"piece rider R\n    mcmp px 3 w empty mov\n"))
	require.NoError(t, err)
	b := mustBoard(t, p, "r2k/4/4/K3 b - - 0 1")
	assert.Contains(t, legalNames(t, b), "a4a3")
	b = mustBoard(t, p, "3k/4/4/K2R w - - 0 1")
	assert.Contains(t, legalNames(t, b), "d1d2")
}
