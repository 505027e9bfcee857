package movegen

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Restricting proxies (docs/language.md § Proxy pieces, Restricted). The
// move sets are worked out by hand from siege.alf's rules and from
// restrictSource's; the whole trees are compared with the brute-force
// enumerator in internal/brute.

// restrictSource is a tower whose carried rook may make quiet moves only
// (restrict: empty): its captures are gone, so it attacks nothing.
const restrictSource = `game quiet
board 6x6
def go: empty mov
def take: enemy capt mov
piece king K royal
    {w,a,s,d,wa,wd,sa,sd} go
    {w,a,s,d,wa,wd,sa,sd} take
piece rook R
    slide {w,a,s,d} go then take
piece tower T proxy ally rook MODE carry
    {w,a,s,d} go
    RESTRICT
setup 3k2/6/6/3(TR)2/6/2K3 w - - 0 1
nomoves check loss
nomoves stalemate draw
`

func restrictProgram(t *testing.T, mode, restrict string) *Program {
	t.Helper()
	src := strings.NewReplacer("MODE", mode, "RESTRICT", restrict).Replace(restrictSource)
	prog, err := Load("quiet.alf", []byte(src))
	require.NoError(t, err)
	return prog
}

func TestRestrictMoveSets(t *testing.T) {
	for _, tt := range []struct {
		name, variant, fen, want string
	}{
		// the carried rook keeps its capture b3 only; the tower steps to
		// c2, c4, d3; the king may not go to c2, which the pawn b3 covers
		{"a carried rook only captures", "siege", "3k2/6/6/1p(TR)3/6/3K2 w - - 0 1",
			"c3b3 c3c2 c3c4 c3d3 d1c1 d1d2 d1e1 d1e2"},
		// the carried pawn loses its step b3b4 (the tower's b3b4 stays)
		// and keeps its capture b3c4
		{"a carried pawn only captures", "siege", "3k2/6/2p3/1(TP)4/6/3K2 w - - 0 1",
			"b3a3 b3b2 b3b4 b3c3 b3c4 d1c1 d1c2 d1d2 d1e1 d1e2"},
		// a carried knight with nothing to capture has no moves: only the
		// tower's and the king's
		{"a carried knight with nothing to take", "siege", "3k2/6/6/2(TN)3/6/3K2 w - - 0 1",
			"c3b3 c3c2 c3c4 c3d3 d1c1 d1c2 d1d2 d1e1 d1e2"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			proxyModes(t, tt.variant, tt.fen, func(t *testing.T, b *Board) {
				assert.Equal(t, strings.Fields(tt.want), legalNames(t, b))
			})
		})
	}
}

// TestRestrictAttacks: a capture a restriction takes away attacks
// nothing. The quiet tower's rook on d3 does not check the king on d6,
// which may even step to d5; the same rook in a free tower checks it and
// covers d5.
func TestRestrictAttacks(t *testing.T) {
	const fen = "3k2/6/6/3(TR)2/6/2K3 b - - 0 1"
	for _, tt := range []struct {
		name, mode, restrict, want string
		check                      bool
	}{
		{"restricted to quiet moves", "restrict", "restrict: empty", "d6c5 d6c6 d6d5 d6e5 d6e6", false},
		{"free", "free", "", "d6c5 d6c6 d6e5 d6e6", true},
	} {
		prog := restrictProgram(t, tt.mode, tt.restrict)
		for _, mode := range []Mode{Incremental, Full} {
			t.Run(tt.name+"/"+mode.String(), func(t *testing.T) {
				b := mustBoard(t, prog, fen)
				b.SetMode(mode)
				assert.Equal(t, tt.check, b.InCheck())
				assert.Equal(t, strings.Fields(tt.want), legalNames(t, b))
			})
		}
	}
	// white's side of it: the rook's nine quiet moves (four read as the
	// tower's and are marked), none of them d3xd6
	prog := restrictProgram(t, "restrict", "restrict: empty")
	for _, mode := range []Mode{Incremental, Full} {
		b := mustBoard(t, prog, "3k2/6/6/3(TR)2/6/2K3 w - - 0 1")
		b.SetMode(mode)
		assert.Equal(t, strings.Fields("c1b1 c1b2 c1c2 c1d1 c1d2 d3'c3 d3'd2 d3'd4 d3'e3 d3a3 d3b3 d3c3 d3d1 d3d2 d3d4 d3d5 d3e3 d3f3"), legalNames(t, b), mode.String())
	}
}

// TestRestrictPlay: a carried piece's capture takes it out of the tower;
// the FEN round-trips and unmake restores the position and its hash.
func TestRestrictPlay(t *testing.T) {
	const fen = "3k2/6/6/1p(TR)3/6/3K2 w - - 0 1"
	proxyModes(t, "siege", fen, func(t *testing.T, b *Board) {
		hash := b.pos.Hash()
		m, err := b.ParseMove("c3b3")
		require.NoError(t, err)
		mk := b.Make(m)
		assert.Equal(t, "3k2/6/6/1RT3/6/3K2 b - - 0 1", b.FEN())
		assert.Equal(t, b.pos.ComputeHash(), b.pos.Hash())
		again := mustBoard(t, b.prog, b.FEN())
		assert.Equal(t, b.FEN(), again.FEN(), "FEN round trip")
		require.NoError(t, b.Unmake(mk))
		assert.Equal(t, fen, b.FEN())
		assert.Equal(t, hash, b.pos.Hash())
		stacked := mustBoard(t, b.prog, "1r1kn1/1p(tp)p2/6/2(TR)3/1PP3/3K2 b - - 0 1")
		assert.Equal(t, "1r1kn1/1p(tp)p2/6/2(TR)3/1PP3/3K2 b - - 0 1", stacked.FEN(), "FEN round trip of stacks")
	})
}

// TestRestrictRejections: a restrict: line holds conditions only, and
// goes with a restricting proxy; both are positioned errors.
func TestRestrictRejections(t *testing.T) {
	for _, tt := range []struct{ mode, restrict, want string }{
		{"restrict", "restrict: w enemy", "quiet.alf:12:15: piece tower's restrict: line holds conditions only, found w"},
		{"restrict", "restrict: enemy capt", "quiet.alf:12:21: piece tower's restrict: line holds conditions only, found capt"},
		{"restrict", "restrict: slide w empty", "quiet.alf:12:15: piece tower's restrict: line holds conditions only"},
		{"restrict", "restrict: is dragon", `quiet.alf:12:18: is names unknown piece "dragon"`},
		{"restrict", "", "quiet.alf:10:15: piece tower is a restricting proxy (proxy … restrict) without a restrict: line"},
		{"free", "restrict: enemy", "quiet.alf:12:5: piece tower has a restrict: line and is no restricting proxy"},
	} {
		src := strings.NewReplacer("MODE", tt.mode, "RESTRICT", tt.restrict).Replace(restrictSource)
		_, err := Load("quiet.alf", []byte(src))
		require.Error(t, err, tt.restrict)
		assert.Contains(t, err.Error(), tt.want, tt.restrict)
	}
	prog := loadVariant(t, "siege")
	require.Error(t, prog.tierWhy)
	assert.Contains(t, prog.tierWhy.Error(), "proxy pieces")
}

// TestRestrictDifferential: the incremental keeper equals a full
// generation (moves, holders, attacks, undo) along seeded random walks of
// siege.alf and of the quiet-only tower, where what the tower carries
// enters, leaves and is carried into and out of reach.
func TestRestrictDifferential(t *testing.T) {
	walks := 40
	if testing.Short() {
		walks = 10
	}
	rng := rand.New(rand.NewPCG(18, 7))
	for _, c := range []struct {
		prog *Program
		fens []string
	}{
		{loadVariant(t, "siege"), []string{"", "1r1kn1/1p(tp)p2/6/2(TR)3/1PP3/3K2 b - - 0 1", "3k2/1P(tr)3/6/2(TP)3/6/3K2 w - - 0 1"}},
		{restrictProgram(t, "restrict", "restrict: empty"), []string{"3k2/6/6/3(TR)2/6/2K3 w - - 0 1", "3k2/6/6/3(TR)2/6/2K3 b - - 0 1"}},
	} {
		for _, fen := range c.fens {
			for range walks {
				data := make([]byte, 40)
				for i := range data {
					data[i] = byte(rng.IntN(256))
				}
				b := mustBoard(t, c.prog, fen)
				require.NoError(t, differential(b, data), "%s %q", c.prog.Name, fen)
			}
		}
	}
}
