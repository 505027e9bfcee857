package game_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/movegen"
)

// TestPlaySAN: games played in SAN, named back in SAN with their check
// and mate marks, and the same moves in UCI form.
func TestPlaySAN(t *testing.T) {
	tests := []struct {
		name, variant, fen string
		san                []string // played
		want               []string // SANMoves
		uci                []string // Moves
	}{
		{"fool's mate", "chess", "", []string{"f3", "e5", "g4", "Qh4"},
			[]string{"f3", "e5", "g4", "Qh4#"}, []string{"f2f3", "e7e5", "g2g4", "d8h4"}},
		{"castling both ways", "chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []string{"0-0", "O-O-O+"},
			[]string{"O-O", "O-O-O"}, []string{"e1g1", "e8c8"}},
		{"en passant and promotion", "chess", "4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 2", []string{"exd6", "Kd7", "b8=N+!?"},
			[]string{"exd6", "Kd7", "b8=N+"}, []string{"e5d6", "e8d7", "b7b8n"}},
		{"three checks", "3check", "", []string{"e4", "e5", "Bc4", "Nc6", "Bxf7", "Kxf7", "Qh5", "g6", "Qf3"},
			// the third check ends the game, and is marked as a check
			[]string{"e4", "e5", "Bc4", "Nc6", "Bxf7+", "Kxf7", "Qh5+", "g6", "Qf3+"}, nil},
		{"capablanca", "capablanca", "", []string{"Cg3", "e5"}, []string{"Cg3", "e5"}, []string{"h1g3", "e7e5"}},
		// a king that is not royal castles through attacks, and is named so
		{"giveaway castling", "giveaway", "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1", []string{"O-O", "O-O-O"},
			[]string{"O-O", "O-O-O"}, []string{"e1g1", "e8c8"}},
		{"extinction960 castling", "extinction960", "1r3kr1/pppppppp/1nbqbn2/8/8/1NBQBN2/PPPPPPPP/1R3KR1 w BGbg - 0 1", []string{"O-O", "O-O-O"},
			[]string{"O-O", "O-O-O"}, []string{"f1g1", "f8b8"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, tt.variant, tt.fen)
			for _, s := range tt.san {
				require.NoError(t, g.PlaySAN(s), "after %v", g.SANMoves())
			}
			assert.Equal(t, tt.want, g.SANMoves())
			if tt.uci != nil {
				assert.Equal(t, tt.uci, g.Moves())
			}
		})
	}
}

func TestPlaySANErrors(t *testing.T) {
	g := newGame(t, "chess", "")
	err := g.PlaySAN("Nxe5")
	require.Error(t, err)
	assert.Equal(t, `game: no legal move "Nxe5" in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`, err.Error())
	assert.Equal(t, 0, g.Len())

	g = newGame(t, "chess", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
	assert.ErrorIs(t, g.PlaySAN("Kh8"), game.ErrOver)
}

// TestSANMovesKept: the names computed once are kept, follow Undo and
// moves played after them, and travel with a Clone.
func TestSANMovesKept(t *testing.T) {
	g := newGame(t, "chess", "")
	playAll(t, g, "e2e4", "e7e5", "g1f3")
	assert.Equal(t, []string{"e4", "e5", "Nf3"}, g.SANMoves())
	require.True(t, g.Undo())
	playAll(t, g, "d1h5", "b8c6", "f1c4", "g8f6", "h5f7")
	assert.Equal(t, []string{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"}, g.SANMoves())
	c := g.Clone()
	assert.Equal(t, g.SANMoves(), c.SANMoves())
	assert.Equal(t, game.Outcome{Result: board.FirstWins, Reason: game.Checkmate}, c.Outcome())
}

// TestSANMovesRandomGames: in random games of several variants every
// move's SAN plays the same move again from the start.
func TestSANMovesRandomGames(t *testing.T) {
	for _, variant := range []string{"chess", "capablanca", "shatranj", "makruk", "atomic", "antichess", "horde", "checkers", "zoo", "wolf", "gustav3", "grand", "shako",
		"giveaway", "losers", "extinction", "extinction960", "threekings", "atomic960", "nocheckatomic", "atomar",
		"xiangqi", "manchu", "janggi", "cambodian", "makpong", "micro", "koedem", "jesonmor"} {
		t.Run(variant, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(len(variant))))
			g := newGame(t, variant, "")
			var list movegen.MoveList
			for g.Len() < 60 && !g.Outcome().Over() {
				g.Legal(&list)
				require.NoError(t, g.Play(list.Moves[rng.IntN(len(list.Moves))]))
			}
			again, err := game.New(g.Program(), g.StartFEN())
			require.NoError(t, err)
			for _, s := range g.SANMoves() {
				require.NoError(t, again.PlaySAN(s))
			}
			assert.Equal(t, g.Moves(), again.Moves())
			assert.Equal(t, g.FEN(), again.FEN())
		})
	}
}

// BenchmarkSANMoves: what naming a game's moves in SAN costs against
// playing them (Play already names each among the legal moves in UCI
// form) — why SANMoves names them on demand rather than Play on every
// move.
func BenchmarkSANMoves(b *testing.B) {
	prog := load(b, "chess")
	rng := rand.New(rand.NewPCG(1, 2))
	g, err := game.New(prog, "")
	require.NoError(b, err)
	var list movegen.MoveList
	for g.Len() < 80 && !g.Outcome().Over() {
		g.Legal(&list)
		require.NoError(b, g.Play(list.Moves[rng.IntN(len(list.Moves))]))
	}
	moves := g.Moves()
	b.Run(fmt.Sprintf("play/%d", len(moves)), func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			replay, _ := game.New(prog, "")
			for _, m := range moves {
				if err := replay.PlayMove(m); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run(fmt.Sprintf("san/%d", len(moves)), func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if len(g.Clone().SANMoves()) != len(moves) {
				b.Fatal("names lost")
			}
		}
	})
}
