package brute_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/internal/brute"
	"github.com/alfil-go/alfil/movegen"
)

// The threatened-square map (movegen's Board.Threatened; docs/language.md
// § Check as its own attribute, The threatened-square map) against
// check.go's literal one (CheckThreatMap), for both sides and every
// stand-in kind, on the setup, the hand-checked cases and positions of
// random games, in both interpreted modes.
func TestCheckThreatMaps(t *testing.T) {
	prog := loadShipped(t, "jaque")
	setup := checkPos(t, "rnqkir/pppppp/6/6/PPPPPP/RNQKIR w - - 0 1")
	positions := checkPlayoutPositions(t, setup)
	games := uint64(8)
	if raceEnabled {
		games = 2 // the race detector slows the enumerator's maps tenfold
	}
	for seed := range games {
		positions = append(positions, brute.CheckPlayout(setup, 40, 1000+seed)...)
	}
	for _, c := range checkCases {
		positions = append(positions, checkPos(t, c.fen))
	}
	kinds := map[byte]int{} // jaque.alf's type of each FEN letter
	for i, ty := range prog.Types() {
		kinds[ty.Letter|0x20] = i
	}
	compared, nonEmpty := 0, 0
	for _, p := range positions {
		if p.Over {
			continue // the game is over: the enumerator has no moves there
		}
		for _, mode := range []movegen.Mode{movegen.Incremental, movegen.Full} {
			b := engineBoard(t, prog, p.FEN(), mode)
			for _, by := range []board.Side{board.First, board.Second} {
				for letter, typ := range kinds {
					set := b.Threatened(by, typ)
					var got []string
					for _, sq := range set.Squares(nil) {
						got = append(got, b.Position().SquareName(sq))
					}
					want := brute.CheckThreatMap(p, "wb"[by], letter)
					assert.Equal(t, want, got, "%s by %v, stand-in %c, %v", p.FEN(), by, letter, mode)
					compared++
					if len(want) > 0 {
						nonEmpty++
					}
				}
			}
			assert.Equal(t, p.FEN(), b.FEN(), "the map leaves the position as it was")
		}
	}
	t.Logf("%d maps compared (%d positions)", compared, len(positions))
	assert.Greater(t, nonEmpty, 100)
}

// On every shipped variant, from its setup through a short random game:
// the map is the same in both interpreted modes and on the bitboard tier
// (where the variant lowers), and it leaves the position — FEN and hash —
// as it found it. Under the race detector, which slows compiling the
// variants tenfold, every fourth variant.
func TestCheckThreatMapsShipped(t *testing.T) {
	for i, name := range examples.Names() {
		if raceEnabled && i%4 != 0 {
			continue
		}
		t.Run(name, func(t *testing.T) {
			prog := loadShipped(t, name)
			boards := []*movegen.Board{
				engineBoard(t, prog, "", movegen.Incremental),
				engineBoard(t, prog, "", movegen.Full),
			}
			if tiered, err := prog.NewBoard(""); err == nil && tiered.Tier() {
				boards = append(boards, tiered)
			}
			types := len(prog.Types())
			r := rand.New(rand.NewPCG(18, uint64(len(name))))
			for ply := range 6 {
				for _, by := range []board.Side{board.First, board.Second} {
					occupant := r.IntN(types)
					want := boards[0].Threatened(by, occupant)
					for _, b := range boards {
						fen, hash := b.FEN(), b.Hash()
						assert.Equal(t, want, b.Threatened(by, occupant), "ply %d %s by %v for %s", ply, fen, by, prog.Type(occupant).Name)
						require.Equal(t, fen, b.FEN())
						require.Equal(t, hash, b.Hash(), fen)
					}
				}
				names, _ := legalNames(boards[1])
				if len(names) == 0 || boards[1].Result() != board.Ongoing {
					break
				}
				move := names[r.IntN(len(names))]
				for _, b := range boards {
					m, err := b.ParseMove(move)
					require.NoError(t, err)
					_, err = b.Play(m)
					require.NoError(t, err)
				}
			}
		})
	}
}
