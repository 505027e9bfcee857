package movegen

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The exact move sets below are worked out by hand from the rules of
// ram.alf and freezer.alf (docs/language.md § Proxy pieces); the
// brute-force comparisons of whole trees are in internal/brute.

// proxyModes runs f on a board at fen in both interpreted modes.
func proxyModes(t *testing.T, variant, fen string, f func(t *testing.T, b *Board)) {
	prog := loadVariant(t, variant)
	for _, mode := range []Mode{Incremental, Full} {
		t.Run(mode.String(), func(t *testing.T) {
			b := mustBoard(t, prog, fen)
			b.SetMode(mode)
			f(t, b)
		})
	}
}

func TestProxyMoveSets(t *testing.T) {
	for _, tt := range []struct {
		name, variant, fen, want string
	}{
		// the ram c3 steps to c4, b3, c2, d3; its knight leaps from c3
		// (d1 holds its own king); the king has its five squares
		{"a carried knight moves", "ram", "3k2/6/6/2(MN)3/6/3K2 w - - 0 1",
			"c3a2 c3a4 c3b1 c3b3 c3b5 c3c2 c3c4 c3d3 c3d5 c3e2 c3e4 d1c1 d1c2 d1d2 d1e1 d1e2"},
		// the rook's c3c4 and the ram's read alike: the held rook's is
		// marked c3'c4
		{"held moves are marked where they collide", "ram", "3k2/6/6/2(MR)3/6/3K2 w - - 0 1",
			"c3'b3 c3'c2 c3'c4 c3'd3 c3a3 c3b3 c3c1 c3c2 c3c4 c3c5 c3c6 c3d3 c3e3 c3f3 d1c1 d1c2 d1d2 d1e1 d1e2"},
		// a knight on b1 enters the ram on c3 (ally room join), but not
		// the rook on a3, which no ram holds; the rook slides into it too
		{"pieces enter a ram", "ram", "3k2/6/6/R1M3/6/1N1K2 w - - 0 1",
			"a3a1 a3a2 a3a4 a3a5 a3a6 a3b3 a3c3 b1c3 b1d2 c3b3 c3c2 c3c4 c3d3 d1c1 d1c2 d1d2 d1e1 d1e2"},
		// a black knight trapped on b4: it has no moves and covers
		// nothing, so the white king may go to c2; the freezer cannot
		// leave, for the knight would then check d3
		{"a trapped knight covers nothing", "freezer", "2k3/6/1(Fn)4/3K2/6/6 w - - 0 1",
			"d3c2 d3c3 d3c4 d3d2 d3d4 d3e2 d3e3 d3e4"},
		{"a trapped knight has no moves", "freezer", "2k3/6/1(Fn)4/3K2/6/6 b - - 0 1",
			"c6b5 c6b6 c6c5 c6d5 c6d6"},
		// the knight on c5 checks d3: the freezer answers by trapping it
		{"a check answered by trapping the checker", "freezer", "3k2/2n3/2F3/3K2/6/6 w - - 0 1",
			"c4c5 d3c2 d3c3 d3d2 d3d4 d3e2 d3e3"},
		// a 3-stack: the white ram and its knight are frozen
		{"a frozen ram and its knight", "freezer", "3k2/6/6/2(fMN)3/6/3K2 w - - 0 1",
			"d1c1 d1c2 d1d2 d1e1 d1e2"},
		{"the freezer of a 3-stack leaves it", "freezer", "3k2/6/6/2(fMN)3/6/3K2 b - - 0 1",
			"c3b2 c3b3 c3b4 c3c2 c3c4 c3d2 c3d3 c3d4 d6c5 d6c6 d6d5 d6e5 d6e6"},
		// the centaur leaps and steps, carrying its knight; the knight's
		// leaps read as the centaur's and are marked
		{"a merged pair", "merge", "3k2/6/6/2(CN)3/6/3K2 w - - 0 1",
			"c3'a2 c3'a4 c3'b1 c3'b5 c3'd5 c3'e2 c3'e4 c3a2 c3a4 c3b1 c3b2 c3b3 c3b4 c3b5 c3c2 c3c4 c3d2 c3d3 c3d4 c3d5 c3e2 c3e4 d1c1 d1c2 d1d2 d1e1 d1e2"},
		// either knight may move onto the other (b1c3, c3b1)
		{"knights that may merge", "merge", "3k2/6/6/2N3/6/1N1K2 w - - 0 1",
			"b1a3 b1c3 b1d2 c3a2 c3a4 c3b1 c3b5 c3d5 c3e2 c3e4 d1c1 d1c2 d1d2 d1e1 d1e2"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			proxyModes(t, tt.variant, tt.fen, func(t *testing.T, b *Board) {
				assert.Equal(t, strings.Fields(tt.want), legalNames(t, b))
			})
		})
	}
}

func TestProxyPlay(t *testing.T) {
	for _, tt := range []struct {
		name, variant, fen, move, want string
		captured                       int
	}{
		{"the ram carries its knight", "ram", "3k2/6/6/2(MN)3/6/3K2 w - - 0 1", "c3c4", "3k2/6/2(MN)3/6/6/3K2 b - - 1 1", 0},
		{"the knight leaves the ram", "ram", "3k2/6/6/2(MN)3/6/3K2 w - - 0 1", "c3d5", "3k2/3N2/6/2M3/6/3K2 b - - 1 1", 0},
		{"the held rook leaves", "ram", "3k2/6/6/2(MR)3/6/3K2 w - - 0 1", "c3'c4", "3k2/6/2R3/2M3/6/3K2 b - - 1 1", 0},
		{"the ram carries its rook", "ram", "3k2/6/6/2(MR)3/6/3K2 w - - 0 1", "c3c4", "3k2/6/2(MR)3/6/6/3K2 b - - 1 1", 0},
		{"a knight enters", "ram", "3k2/6/6/2M3/6/1N1K2 w - - 0 1", "b1c3", "3k2/6/6/2(MN)3/6/3K2 b - - 1 1", 0},
		{"the ram takes a knight in", "ram", "3k2/6/6/2N3/2M3/3K2 w - - 0 1", "c2c3", "3k2/6/6/2(MN)3/6/3K2 b - - 1 1", 0},
		{"a capture takes the stack", "ram", "3k2/6/6/2(MN)2r/6/3K2 b - - 0 1", "f3c3", "3k2/6/6/2r3/6/3K2 w - - 0 2", 2},
		{"the freezer traps a loaded ram", "freezer", "3k2/6/6/2(MN)3/2f3/3K2 b - - 0 1", "c2c3", "3k2/6/6/2(fMN)3/6/3K2 w - - 1 2", 0},
		{"the freezer releases", "freezer", "3k2/6/6/2(fMN)3/6/3K2 b - - 0 1", "c3c4", "3k2/6/2f3/2(MN)3/6/3K2 w - - 1 2", 0},
		{"knights merge: the one there holds and becomes a centaur", "merge", "3k2/6/6/2N3/6/1N1K2 w - - 0 1", "b1c3", "3k2/6/6/2(CN)3/6/3K2 b - - 1 1", 0},
		{"the pair splits: the centaur is a knight again", "merge", "3k2/6/6/2(CN)3/6/3K2 w - - 0 1", "c3'e4", "3k2/6/4N1/2N3/6/3K2 b - - 1 1", 0},
		{"the centaur carries its knight", "merge", "3k2/6/6/2(CN)3/6/3K2 w - - 0 1", "c3c4", "3k2/6/2(CN)3/6/6/3K2 b - - 1 1", 0},
		{"capturing the pair takes both", "merge", "3k2/6/6/2(CN)2r/6/3K2 b - - 0 1", "f3c3", "3k2/6/6/2r3/6/3K2 w - - 0 2", 2},
		{"taking the freezer takes three", "freezer", "3k2/6/6/2(fMN)1R1/6/3K2 w - - 0 1", "e3c3", "3k2/6/6/2R3/6/3K2 b - - 0 1", 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			proxyModes(t, tt.variant, tt.fen, func(t *testing.T, b *Board) {
				hash := b.pos.Hash()
				m, err := b.ParseMove(tt.move)
				require.NoError(t, err)
				mk := b.Make(m)
				assert.Equal(t, tt.want, b.FEN())
				assert.Equal(t, b.pos.ComputeHash(), b.pos.Hash())
				assert.Len(t, b.pos.Captured, tt.captured)
				again := mustBoard(t, b.prog, b.FEN())
				assert.Equal(t, b.FEN(), again.FEN(), "FEN round trip")
				require.NoError(t, b.Unmake(mk))
				assert.Equal(t, tt.fen, b.FEN())
				assert.Equal(t, hash, b.pos.Hash())
			})
		})
	}
}

// TestProxyHashRepeats: a ram that carries its knight out and back hashes
// as before; the stack hashes apart from the ram alone and from the
// knight under another ram.
func TestProxyHashRepeats(t *testing.T) {
	prog := loadVariant(t, "ram")
	b := mustBoard(t, prog, "3k2/6/6/2(MN)3/6/3K2 w - - 0 1")
	start := b.pos.Hash()
	for _, mv := range []string{"c3c4", "d6e6", "c4c3", "e6d6"} {
		m, err := b.ParseMove(mv)
		require.NoError(t, err, mv)
		b.Make(m)
	}
	assert.Equal(t, start, b.pos.Hash())
	alone := mustBoard(t, prog, "3k2/6/6/2M3/6/3K2 w - - 0 1")
	assert.NotEqual(t, start, alone.pos.Hash())
}

// TestProxyRejections: the rules stacks do not mix with are errors at the
// proxy attribute, and so are bad proxy attributes.
func TestProxyRejections(t *testing.T) {
	base := "game t\nboard 6x6\npiece king K royal\n    {w,a,s,d} empty mov\n"
	for _, tt := range []struct{ src, want string }{
		{base + "piece ram M proxy ally {king,rook} free\n    w empty mov\nsetup 6/6/6/6/6/KM4 w - - 0 1\n", `proxy admits unknown piece "rook"`},
		{base + "piece ram M proxy ally king free\n    w empty mov\ncaptures hand\nsetup 6/6/6/6/6/KM4 w - - 0 1\n", "captures hand does not mix with proxy pieces"},
		{base + "piece ram M proxy ally king free\n    w empty mov\nsetup 6/6/6/6/6/(MK)5 w - - 0 1\n", ""},
		{base + "piece ram M proxy ally king free\n    w piece pick w empty put\nsetup 6/6/6/6/6/(MK)5 w - - 0 1\n", "t.alf:6:13: pick does not mix with proxy pieces"},
		{base + "piece ram M proxy ally king free\n    w empty mov\n    onHold: promote king\npiece p P\n    onRelease: mark\nsetup 6/6/6/6/6/(MK)5 w - - 0 1\n", "piece p has onHold or onRelease hooks, and is no proxy"},
		{base + "piece p P\n    w room join\nsetup 6/6/6/6/6/KP4 w - - 0 1\n", "t.alf:6:7: room needs a proxy type"},
		{base + "piece ram M proxy ally king free\n    w empty mov\nsetup 6/6/6/6/6/(KM)5 w - - 0 1\n", "K cannot hold M"},
	} {
		_, err := Load("t.alf", []byte(tt.src))
		if tt.want == "" {
			assert.NoError(t, err)
			continue
		}
		assert.ErrorContains(t, err, tt.want)
	}
}

// TestProxyTierDeclines: a variant with proxies stays interpreted, and
// says why.
func TestProxyTierDeclines(t *testing.T) {
	for _, name := range []string{"ram", "freezer", "merge"} {
		prog := loadVariant(t, name)
		require.Error(t, prog.tierWhy)
		assert.Contains(t, prog.tierWhy.Error(), "proxy pieces")
	}
}

// TestProxyNesting: the nesting order (docs/language.md § Proxy pieces):
// of two proxies that could hold each other the higher priority ends
// outside, whichever moves; with equal priorities the piece already there
// stays on top.
func TestProxyNesting(t *testing.T) {
	src, err := os.ReadFile("testdata/proxy/priority.alf")
	require.NoError(t, err)
	prog, err := Load("priority.alf", src)
	require.NoError(t, err)
	for _, tt := range []struct{ name, fen, move, want string }{
		{"A joins B: A outside", "4/4/4/AB2 w - - 0 1", "a1b1", "4/4/4/1(AB)2 b"},
		{"B joins A: A outside", "4/4/4/AB2 w - - 0 1", "b1a1", "4/4/4/(AB)3 b"},
		{"B joins E: E stays on top", "4/4/4/EB2 w - - 0 1", "b1a1", "4/4/4/(EB)3 b"},
		{"E joins B: B stays on top", "4/4/4/EB2 w - - 0 1", "a1b1", "4/4/4/1(BE)2 b"},
		{"P enters a stack under its last proxy", "4/4/4/(AB)P2 w - - 0 1", "b1a1", "4/4/4/(ABP)3 b"},
		{"B leaves carrying P", "4/4/4/(ABP)3 w - - 0 1", "a1'a2", "4/4/(BP)3/A3 b"},
		{"A carries both", "4/4/4/(ABP)3 w - - 0 1", "a1a2", "4/4/(ABP)3/4 b"},
		{"P leaves alone", "4/4/4/(ABP)3 w - - 0 1", "a1''a2", "4/4/P3/(AB)3 b"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, mode := range []Mode{Incremental, Full} {
				b := mustBoard(t, prog, tt.fen)
				b.SetMode(mode)
				m, err := b.ParseMove(tt.move)
				require.NoError(t, err, "%s: %v", tt.move, legalNames(t, b))
				b.Make(m)
				assert.True(t, strings.HasPrefix(b.FEN(), tt.want+" "), "%s: got %s", mode, b.FEN())
				assert.Equal(t, b.pos.ComputeHash(), b.pos.Hash())
			}
		})
	}
}
