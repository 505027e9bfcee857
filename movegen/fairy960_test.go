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

// TestChess960AgainstFairyStockfish plays random games of chess960.alf
// and seirawan960.alf from several shuffle starts, on the tier (where the
// variant lowers) and interpreted, and at every ply compares the legal
// moves with Fairy-Stockfish's in its UCI_Chess960 mode (go perft 1;
// castling written king-takes-rook by both, a gate on the rook's square
// rook square first). The random player castles whenever it can, half
// the time, so that the games reach the castlings. Debian's 11.1 gates
// onto the squares Chess960 castling fills, as the current build does
// not: seirawan960 is compared with a build that lists the published
// position's 26 moves only.
func TestChess960AgainstFairyStockfish(t *testing.T) {
	path, ok := uciclient.FairyStockfish()
	if !ok {
		t.Skip(uciclient.Missing + "; chess960.alf is not compared with it")
	}
	games, plies := 3, 100
	if testing.Short() || raceEnabled {
		games, plies = 1, 24
	}
	for _, v := range []struct {
		name, fsf, hands, field string
	}{
		{"chess960", "chess", "", "KQkq"},
		{"seirawan960", "seirawan", "[HEhe]", "ABCDEFGHabcdefgh"},
	} {
		prog := loadVariant(t, v.name)
		for _, n := range []int{0, 87, 191, 334, 518, 602, 757, 959} {
			fen, err := Chess960FEN(n)
			require.NoError(t, err)
			start := strings.Fields(fen)[0] + v.hands + " w " + v.field + " - 0 1"
			for _, tier := range []bool{true, false} {
				if tier && prog.tier == nil {
					continue
				}
				t.Run(fmt.Sprintf("%s/%d/tier=%v", v.name, n, tier), func(t *testing.T) {
					fsf := uciclient.Start(t, path)
					fsf.Send("setoption name UCI_Chess960 value true")
					fsf.Send("setoption name UCI_Variant value %s", v.fsf)
					if v.name == "seirawan960" {
						if n := len(fsf.Perft1("qbbrnkrn/pppppppp/8/8/8/8/PPPPPPPP/QBBRNKRN[HEhe] w ABCDEFGHabcdefgh - 0 1")); n != 26 {
							t.Skipf("this build of Fairy-Stockfish gates onto the squares Chess960 castling fills: %d moves in the published position, not 26", n)
						}
					}
					rng := rand.New(rand.NewPCG(uint64(n), 960))
					castlings := 0
					for range games {
						b, err := prog.NewBoard(start)
						require.NoError(t, err)
						b.SetTier(tier)
						var moves []string
						for ply := 0; ply < plies && b.Status() == board.Ongoing; ply++ {
							var list MoveList
							b.Legal(&list)
							names := b.Notation(list.Moves)
							sorted := slices.Sorted(slices.Values(names))
							require.Equal(t, fsf.Perft1(start, moves...), sorted, "the legal moves after %s moves %s (%s)", start, strings.Join(moves, " "), b.FEN())
							i := rng.IntN(len(list.Moves))
							for j, m := range list.Moves {
								if b.castling(m) != board.NoSquare && rng.IntN(2) == 0 {
									i = j
								}
							}
							if b.castling(list.Moves[i]) != board.NoSquare {
								castlings++
							}
							moves = append(moves, names[i])
							b.Make(list.Moves[i])
						}
					}
					t.Logf("%d castlings played", castlings)
				})
			}
		}
	}
}
