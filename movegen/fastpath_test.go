package movegen

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/examples"
)

// TestFastPathEqualsInterpreted plays random games in every variant with
// the kernels and lowered tables and without, in both modes, and checks
// after every
// move that the two generate the same moves — the same normals, so the
// same effects and names — in the same order.
func TestFastPathEqualsInterpreted(t *testing.T) {
	games, plies := 6, 120
	if light() {
		games, plies = 2, 60
	}
	riders := 0
	for _, name := range examples.Names() {
		src, err := examples.Source(name)
		require.NoError(t, err)
		fast, err := Load(name+".alf", src)
		require.NoError(t, err)
		for _, ty := range fast.types {
			for _, l := range ty.Lines {
				if l.kernel != nil {
					riders++
				}
			}
		}
		slow, err := Load(name+".alf", src, Interpreted())
		require.NoError(t, err)
		for _, mode := range []Mode{Incremental, Full} {
			t.Run(name+"/"+mode.String(), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(3, uint64(len(name))))
				for g := 0; g < games; g++ {
					a, b := mustBoard(t, fast, ""), mustBoard(t, slow, "")
					a.SetMode(mode)
					b.SetMode(mode)
					var la, lb MoveList
					for ply := 0; ply < plies; ply++ {
						a.Legal(&la)
						b.Legal(&lb)
						require.Equal(t, refsOf(lb.Moves), refsOf(la.Moves), "game %d ply %d at %s", g, ply, a.FEN())
						if la.Len() == 0 {
							break
						}
						i := rng.IntN(la.Len())
						a.Make(la.Moves[i])
						b.Make(lb.Moves[i])
					}
				}
			})
		}
	}
	require.NotZero(t, riders, "no variant has a line a kernel takes")
}

// refsOf describes moves by their placed normals: what they are made of.
func refsOf(moves []Move) [][]ref {
	out := make([][]ref, len(moves))
	for i, m := range moves {
		out[i] = m.refs
	}
	return out
}
