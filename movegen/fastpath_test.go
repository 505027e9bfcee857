package movegen

import (
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/examples"
)

// TestFastPathEqualsInterpreted plays random games in every variant with
// the kernels and lowered tables and without, in both modes, and checks
// after every
// move that the two generate the same moves — the same normals, so the
// same effects and names — in the same order.
func TestFastPathEqualsInterpreted(t *testing.T) {
	// three games a variant, so that ninety-odd variants stay in CI's time
	games, plies := 3, 120
	if light() {
		games, plies = 2, 60
	}
	riders := 0
	sources := map[string][]byte{}
	for _, name := range shippedVariants() {
		src, err := examples.Source(name)
		require.NoError(t, err)
		sources[name] = src
	}
	files, err := filepath.Glob("testdata/differential/*.alf")
	require.NoError(t, err)
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		sources[strings.TrimSuffix(filepath.Base(f), ".alf")] = src
	}
	for _, name := range slices.Sorted(maps.Keys(sources)) {
		src := sources[name]
		fast, err := Load(name+".alf", src, WithLoader(examples.Loader))
		require.NoError(t, err)
		for _, ty := range fast.types {
			for _, l := range ty.Lines {
				if l.kernel != nil {
					riders++
				}
			}
		}
		slow, err := Load(name+".alf", src, Interpreted(), WithLoader(examples.Loader))
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

// TestMultiLeaperKernel checks which multi lines the multiLeaper kernel
// takes: the leaps of multileap.alf and of the zoo's emperor and ubi-ubi,
// not the zoo's bouncing slides, and none where a piece other than a
// ghost has an onDeath hook (a capture in a sub-move would run it).
func TestMultiLeaperKernel(t *testing.T) {
	taken := func(p *Program, typ string) bool {
		for _, ty := range p.types {
			if ty.Name == typ {
				_, ok := ty.Lines[len(ty.Lines)-1].kernel.(*multiLeaper)
				return ok
			}
		}
		t.Fatalf("no type %s", typ)
		return false
	}
	src, err := os.ReadFile("testdata/differential/multileap.alf")
	require.NoError(t, err)
	leaps, err := Load("multileap.alf", src)
	require.NoError(t, err)
	for _, typ := range []string{"walker", "emperor", "ubiubi", "rover"} {
		require.True(t, taken(leaps, typ), typ)
	}
	zoo := loadVariant(t, "zoo")
	for typ, want := range map[string]bool{"emperor": true, "ubiubi": true, "reflector": false, "crawler": false, "man": false} {
		require.Equal(t, want, taken(zoo, typ), typ)
	}
	hooked, err := Load("hooked.alf", append(src, "piece bomb B\n    w empty mov\n    onDeath: w capt\n"...))
	require.NoError(t, err)
	require.False(t, taken(hooked, "ubiubi"))
	interpreted, err := Load("multileap.alf", src, Interpreted())
	require.NoError(t, err)
	require.False(t, taken(interpreted, "ubiubi"))
}

// refsOf describes moves by their placed normals: what they are made of.
func refsOf(moves []Move) [][]ref {
	out := make([][]ref, len(moves))
	for i, m := range moves {
		out[i] = m.refs
	}
	return out
}

// TestFloodCountsTheWalksSteps plays random games with the ubi-ubi's
// attack tests answered by the flood (floodAttack) and by the
// multiLeaper's walk (legality, which asks a pinner that is no flood
// more, counts differently). Each Legal lists the same moves, and at every
// position every flood piece is asked whether it captures on every
// square: the two answer alike and, where the walk finds no capture,
// count the same steps against the budgets; where it finds one it stops
// there, and the flood counts the steps of the whole walk — those of the
// walk asked about a square it cannot capture on (its own).
func TestFloodCountsTheWalksSteps(t *testing.T) {
	for _, name := range []string{"zoo", "multileap"} {
		src := variantSource(t, name)
		flood, err := Load(name+".alf", src, WithLoader(examples.Loader))
		require.NoError(t, err)
		walk, err := Load(name+".alf", src, WithLoader(examples.Loader))
		require.NoError(t, err)
		floods := 0
		for i, ty := range walk.types {
			for j, l := range ty.Lines {
				if k, ok := l.kernel.(*multiLeaper); ok && k.flood {
					k.flood = false
					floods++
					// the flood counts with words (floodCount)
					require.NotNil(t, flood.types[i].Lines[j].kernel.(*multiLeaper).words, name)
				}
			}
		}
		require.NotZero(t, floods, name)
		hits, misses := 0, 0
		for _, mode := range []Mode{Incremental, Full} {
			rng := rand.New(rand.NewPCG(5, uint64(len(name))))
			a, b := mustBoard(t, flood, ""), mustBoard(t, walk, "")
			a.SetMode(mode)
			b.SetMode(mode)
			var la, lb MoveList
			for ply := 0; ply < 60; ply++ {
				a.Legal(&la)
				b.Legal(&lb)
				require.Equal(t, refsOf(lb.Moves), refsOf(la.Moves), "%s %s ply %d at %s", name, mode, ply, a.FEN())
				h, m := sameFloodSteps(t, a, b)
				hits, misses = hits+h, misses+m
				if la.Len() == 0 {
					break
				}
				i := rng.IntN(la.Len())
				a.Make(la.Moves[i])
				b.Make(lb.Moves[i])
			}
		}
		require.NotZero(t, hits, name)
		require.NotZero(t, misses, name)
	}
}

// sameFloodSteps asks every flood piece of board a whether it captures on
// every square, and the same piece of board b (the same position, its
// flood walked), comparing the answers and the steps counted (see
// TestFloodCountsTheWalksSteps). It returns how many answers were
// captures and how many not.
func sameFloodSteps(t *testing.T, a, b *Board) (hits, misses int) {
	t.Helper()
	steps := func(bd *Board, id int32, grp int, sq board.Square, by board.Side) (bool, int) {
		before := bd.steps
		hit := bd.groupCaptures(id, grp, sq, by)
		return hit, bd.steps - before
	}
	for id := range a.pos.Pieces {
		pc := &a.pos.Pieces[id]
		if !pc.OnBoard {
			continue
		}
		for grp, g := range a.prog.types[pc.Type].groups {
			if k, ok := g.lines[0].kernel.(*multiLeaper); !ok || !k.flood {
				continue
			}
			_, full := steps(b, int32(id), grp, pc.Square, pc.Side)
			for sq := range board.Square(a.pos.Squares()) {
				hitA, stepsA := steps(a, int32(id), grp, sq, pc.Side)
				hitB, stepsB := steps(b, int32(id), grp, sq, pc.Side)
				require.Equal(t, hitB, hitA, "%s at %s", a.pos.SquareName(sq), a.FEN())
				if hitA {
					hits++
					require.Equal(t, full, stepsA, "%s at %s", a.pos.SquareName(sq), a.FEN())
					require.GreaterOrEqual(t, stepsA, stepsB)
				} else {
					misses++
					require.Equal(t, stepsB, stepsA, "%s at %s", a.pos.SquareName(sq), a.FEN())
				}
			}
		}
	}
	return hits, misses
}

// TestMoveSignatures checks that every move's signature is the one its
// path gives (signature): the multi-of-leaps kernel hashes only the end
// of its sequences (multiWalk.emitMove), which must come to the same.
func TestMoveSignatures(t *testing.T) {
	for _, name := range []string{"zoo", "multileap", "pins"} {
		prog, err := Load(name+".alf", variantSource(t, name), WithLoader(examples.Loader))
		require.NoError(t, err)
		for _, mode := range []Mode{Incremental, Full} {
			b := mustBoard(t, prog, "")
			b.SetMode(mode)
			rng := rand.New(rand.NewPCG(9, uint64(len(name))))
			var list MoveList
			for ply := 0; ply < 60; ply++ {
				b.Legal(&list)
				side := b.pos.ToMove
				for _, m := range list.Moves {
					require.Equal(t, signature(m.refs, side), m.sig, "%s %s ply %d at %s: %s", name, mode, ply, b.FEN(), b.Notation([]Move{m}))
				}
				if list.Len() == 0 {
					break
				}
				b.Make(list.Moves[rng.IntN(list.Len())])
			}
		}
	}
}

// variantSource reads a shipped variant, or one of
// testdata/differential.
func variantSource(t *testing.T, name string) []byte {
	t.Helper()
	src, err := examples.Source(name)
	if err != nil {
		src, err = os.ReadFile("testdata/differential/" + name + ".alf")
	}
	require.NoError(t, err)
	return src
}
