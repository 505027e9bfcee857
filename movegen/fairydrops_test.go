package movegen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/internal/uciclient"
)

// TestForcedDropsAgainstFairyStockfish plays random games of placement
// and sittuyin, from their setups and from positions that reach their
// rules sooner — sittuyin without mets in hand, so that pawns promote
// once the drops are done, or with a single pawn, which promotes
// anywhere; placement with kings and rooks to drop beside rooks on their
// squares — in both interpreter modes, and at every ply compares the
// legal moves with Fairy-Stockfish's (go perft 1); every eighth ply the
// count of go perft 3 (2 while a hand holds pieces) and the FEN, but for
// its half-move clock, which versions of Fairy-Stockfish count
// differently after drops, and an en-passant field that alfil leaves
// empty (sittuyin's counting limit, which Fairy-Stockfish writes there,
// or a square no legal move captures on: see uci's sameFEN). The random
// player promotes and castles when it can, mostly, and captures half the
// time, so that the games reach those moves.
func TestForcedDropsAgainstFairyStockfish(t *testing.T) {
	path, ok := uciclient.FairyStockfish()
	if !ok {
		t.Skip(uciclient.Missing + "; placement and sittuyin are not compared with it")
	}
	games, plies := 3, 90
	if testing.Short() || raceEnabled {
		games, plies = 1, 30
	}
	starts := []struct{ variant, fen string }{
		{"placement", ""},
		{"placement", "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[KQBBNNqrbbnn] w q - 0 1"},
		{"placement", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[RRBQrrbbnnq] w - - 0 1"},
		{"sittuyin", ""},
		{"sittuyin", "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSRRNNkssrrnn] w - - 0 1"},
		{"sittuyin", "8/8/4p3/8/3P4/8/8/8[KSRNksrn] w - - 0 1"},
	}
	for i, s := range starts {
		prog := loadVariant(t, s.variant)
		for _, mode := range []Mode{Incremental, Full} {
			t.Run(fmt.Sprintf("%s/%d/%v", s.variant, i, mode), func(t *testing.T) {
				fsf := uciclient.Start(t, path)
				fsf.Send("setoption name UCI_Variant value %s", s.variant)
				start := s.fen
				if start == "" {
					start = "startpos"
				}
				rng := rand.New(rand.NewPCG(uint64(i), 16))
				special := 0
				for range games {
					b := mustBoard(t, prog, s.fen)
					b.SetMode(mode)
					var moves []string
					for ply := 0; ply < plies && b.Status() == board.Ongoing; ply++ {
						var list MoveList
						b.Legal(&list)
						names := b.Notation(list.Moves)
						where := fmt.Sprintf("after %s moves %s (%s)", start, strings.Join(moves, " "), b.FEN())
						require.Equal(t, fsf.Perft1(start, moves...), slices.Sorted(slices.Values(names)), "the legal moves %s", where)
						if ply%8 == 0 {
							depth := 3
							if !b.pos.HandEmpty(board.First) || !b.pos.HandEmpty(board.Second) {
								depth = 2 // the drops multiply: sittuyin's start has 580,096 at 3
							}
							fsf.Position(start, moves...)
							fsf.Send("go perft %d", depth)
							lines := fsf.Until("Nodes searched")
							require.Equal(t, lines[len(lines)-1], fmt.Sprintf("Nodes searched: %d", b.Perft(depth)), "perft %d %s", depth, where)
							want, got := strings.Fields(fsf.FEN(start, moves...)), strings.Fields(b.FEN())
							require.Len(t, got, len(want))
							want[4] = got[4]
							if got[3] == "-" {
								want[3] = "-" // its en-passant square no move captures, or sittuyin's count
							}
							require.Equal(t, want, got, "the FEN %s", where)
						}
						pick := rng.IntN(len(list.Moves))
						for j, m := range list.Moves {
							switch {
							case (b.Promotion(m) >= 0 || isCastling(b, m)) && rng.IntN(4) > 0:
								pick = j
							case b.Captures(m) && rng.IntN(2) == 0:
								pick = j
							}
						}
						if m := list.Moves[pick]; b.Promotion(m) >= 0 || isCastling(b, m) {
							special++
						}
						moves = append(moves, names[pick])
						b.Make(list.Moves[pick])
					}
				}
				t.Logf("%d promotions and castlings played", special)
			})
		}
	}
}

// isCastling reports whether m moves a royal piece and puts down the
// piece it lifted (chess.alf's castling lines).
func isCastling(b *Board, m Move) bool {
	_, _, picked := b.landing(m)
	return picked != board.NoSquare && b.prog.types[b.pos.Pieces[m.Piece].Type].Royal
}
