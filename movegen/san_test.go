package movegen

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSAN: standard algebraic notation out and in, on the tier and in the
// interpreter: pieces and pawns, captures, disambiguation by file, rank
// and square, promotion, castling, check and mate.
func TestSAN(t *testing.T) {
	chess := loadVariant(t, "chess")
	for _, c := range []struct {
		name, fen string
		variant   *Program          // chess when nil
		want      []string          // among the position's SAN
		read      map[string]string // written as key, the move named value (UCI)
	}{
		{"the start", "", nil, []string{"e4", "Nf3", "a3", "Nh3"}, map[string]string{"Nf3": "g1f3", "e2e4": "", "e4!?": "e2e4"}},
		{"by file", "4k3/8/8/8/8/8/4K3/R6R w - - 0 1", nil, []string{"Rad1", "Rhd1", "Rab1", "Rhg1", "Ra2", "Rh8+"}, map[string]string{"Rhd1": "h1d1"}},
		{"by rank", "4k3/8/8/R7/8/8/4K3/R7 w - - 0 1", nil, []string{"R1a3", "R5a3", "Rb5", "Rb1"}, map[string]string{"R5a3": "a5a3"}},
		{"by square", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", nil, []string{"Qa1b2", "Q3b2", "Qcb2", "Q1a2"}, map[string]string{"Qa1b2": "a1b2", "Qab2": ""}},
		{"pawn captures and promotion", "1n2k3/P7/8/3p4/4P3/8/8/4K3 w - - 0 1", nil, []string{"exd5", "e5", "a8=Q", "axb8=N", "axb8=Q+"},
			map[string]string{"exd5": "e4d5", "ed5": "e4d5", "axb8Q": "a7b8q", "a8=R": "a7a8r"}},
		{"castling", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", nil, []string{"O-O", "O-O-O", "Kf1"}, map[string]string{"0-0": "e1g1", "O-O-O": "e1c1"}},
		{"mate", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", nil, []string{"Qh4#", "Qg5", "Qf6"}, map[string]string{"Qh4": "d8h4"}},
		// the third check wins: still a check, not a mate
		{"the third check", "4k3/8/8/8/8/8/8/3QK3 w - - 1+3 0 1", loadVariant(t, "3check"), []string{"Qd8+", "Qe2+", "Qd2"}, map[string]string{"Qd8": "d1d8"}},
	} {
		for _, tier := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/tier=%v", c.name, tier), func(t *testing.T) {
				prog := c.variant
				if prog == nil {
					prog = chess
				}
				b := mustBoard(t, prog, c.fen)
				b.SetTier(tier)
				var list MoveList
				b.Legal(&list)
				names := b.SAN(list.Moves)
				for _, w := range c.want {
					assert.Contains(t, names, w)
				}
				assert.Len(t, dedupe(names), len(names), "one name per move: %v", names)
				for written, uci := range c.read {
					m, err := b.ParseSAN(written)
					if uci == "" {
						assert.Error(t, err, "%s is not SAN", written)
						continue
					}
					require.NoError(t, err, written)
					assert.Equal(t, uci, b.MoveString(m), written)
				}
			})
		}
	}
}

func dedupe(names []string) map[string]bool {
	out := map[string]bool{}
	for _, n := range names {
		out[n] = true
	}
	return out
}

// TestSANRoundTrip plays random games in every shipped variant: at every
// ply the SAN names of the legal moves are distinct and each reads back
// as its own move.
func TestSANRoundTrip(t *testing.T) {
	plies := 40
	if testing.Short() || raceEnabled {
		plies = 10
	}
	for _, name := range shippedVariants() {
		t.Run(name, func(t *testing.T) {
			b := mustBoard(t, loadVariant(t, name), "")
			rng := rand.New(rand.NewPCG(3, uint64(len(name))))
			for ply := 0; ply < plies; ply++ {
				var list MoveList
				b.Legal(&list)
				if list.Len() == 0 {
					break
				}
				names := b.SAN(list.Moves)
				require.Len(t, dedupe(names), len(names), "at %s: %v", b.FEN(), names)
				// a seventh of them, and some thirty at most (duck chess and
				// amazons have thousands): each read generates all names again
				stride := max(7, len(names)/30)
				for i, n := range names {
					if i%stride != ply%stride {
						continue
					}
					require.Equal(t, n, b.SANOf(list.Moves, i), "SANOf names move %d as SAN does at %s", i, b.FEN())
					m, err := b.ParseSAN(n)
					require.NoError(t, err, "at %s", b.FEN())
					require.Equal(t, list.Moves[i].Key(), m.Key(), "%s at %s", n, b.FEN())
				}
				b.Make(list.Moves[rng.IntN(list.Len())].Clone())
			}
		})
	}
}
