package movegen

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// holesSrc is a 5x5 board whose setup marks c3, a5 and e1 as holes
// (docs/language.md § Setup): a rook, a knight, a lame stepper that walks
// its two steps one by one, and a pawn that drops from the hand.
const holesSrc = `game holes
board 5x5
def mover: empty mov
def captura: enemy capt mov
def estandar: {captura,mover}
piece king K royal
    {w,a,s,d,wa,wd,sa,sd} estandar
piece rook R
    slide {w,a,s,d} mover then captura
piece knight N
    {wwa,wwd,aaw,aas,ssa,ssd,ddw,dds} estandar
piece walker W
    w empty w estandar
piece pawn P
    drop: empty
    w estandar
captures hand
setup *3k/5/2*2/5/K3*[] w - - 0 1
`

// TestHoles checks, in every generation mode, that a hole is no square of
// the board: a slide stops before it, a leap passes over it but does not
// land there, a line's steps written apart do not cross it, and nothing is
// dropped there.
func TestHoles(t *testing.T) {
	prog, err := Load("holes.alf", []byte(holesSrc))
	require.NoError(t, err)
	tests := []struct {
		name, fen, from, want string
	}{
		{"a slide stops before a hole", "*3k/5/R1*2/5/K3*[] w - - 0 1", "a3", "a3a2 a3a4 a3b3"},
		{"a slide stops before the hole at the edge", "*3k/5/2*2/5/K2R*[] w - - 0 1", "d1", "d1b1 d1c1 d1d2 d1d3 d1d4 d1d5"},
		{"a leap passes over a hole, never onto one", "*3k/5/2*2/5/KN2*[] w - - 0 1", "b1", "b1a3 b1d2"},
		{"a leap does not land on a hole", "*3k/5/2*2/1N3/K3*[] w - - 0 1", "b2", "b2a4 b2c4 b2d1 b2d3"},
		{"steps written apart do not cross it", "*3k/5/2*2/2W2/K3*[] w - - 0 1", "c2", ""},
		{"steps written apart: the square beyond", "*3k/5/2*2/1W3/K3*[] w - - 0 1", "b2", "b2b4"},
		{"no drop on a hole", "*3k/5/2*2/5/K3*[P] w - - 0 1", "", ""},
	}
	for _, tt := range tests {
		for _, mode := range []string{"tier", "incremental", "full"} {
			t.Run(tt.name+"/"+mode, func(t *testing.T) {
				b, err := prog.NewBoard(tt.fen)
				require.NoError(t, err)
				switch mode {
				case "tier":
					if !b.Tier() {
						t.Skip("the variant runs interpreted")
					}
				case "incremental":
					b.SetTier(false)
					b.SetMode(Incremental)
				case "full":
					b.SetTier(false)
					b.SetMode(Full)
				}
				if tt.from == "" {
					// the drops: every empty square but the holes
					var list MoveList
					b.Legal(&list)
					drops := 0
					for _, name := range b.Notation(list.Moves) {
						if strings.HasPrefix(name, "P@") {
							drops++
							assert.NotContains(t, []string{"P@a5", "P@c3", "P@e1"}, name)
						}
					}
					assert.Equal(t, 25-3-2, drops, "drops on the 20 empty squares")
					return
				}
				want := strings.Fields(tt.want)
				if len(want) == 0 {
					want = nil
				}
				assert.ElementsMatch(t, want, movesFrom(t, b, tt.from))
				require.Equal(t, tt.fen, b.FEN())
			})
		}
	}
	_, why := prog.Tier()
	t.Logf("tier: %v", why)
}

// TestHoleSetupErrors: a FEN that puts a piece or an empty square on a
// hole, or a * where the setup has none, is an error positioned in the
// file (the setup's own) or in the FEN.
func TestHoleSetupErrors(t *testing.T) {
	prog, err := Load("holes.alf", []byte(holesSrc))
	require.NoError(t, err)
	_, err = prog.NewBoard("*3k/5/2*2/5/K4[] w - - 0 1")
	require.ErrorContains(t, err, "rank 1: e1 is a hole of the board, written *, not an empty square")
	_, err = prog.NewBoard("*3k/5/2*2/*4/K3*[] w - - 0 1")
	require.ErrorContains(t, err, "rank 2: * on a2, a square of the board: only the variant's setup makes holes")
	bad := strings.Replace(holesSrc, "setup *3k/5/2*2/5/K3*[] w", "setup *3k/5/2*2/5/K3*K[] w", 1)
	_, err = Load("holes.alf", []byte(bad))
	require.ErrorContains(t, err, "holes.alf:18:")
	require.ErrorContains(t, err, "rank 1 is wider than the board's 5 files")
}
