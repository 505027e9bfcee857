package board

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stacks is a 6x6 variant with a ram M (holds allied R and N, carries them)
// and a freezer F (holds enemy R, N, M; leaves them), as ram.alf and
// freezer.alf describe them.
var stacks = &Variant{
	Width: 6, Height: 6,
	Letters: []byte("KRNMF"),
	Royal:   []bool{true, false, false, false, false},
	Ghost:   -1,
	// no flag counts, so a FEN round trip keeps the hash
	UnmovedMatters: []bool{false, false, false, false, false},
	Proxies: []Proxy{
		3: {Admit: []bool{1: true, 2: true}, Ally: true},
		4: {Admit: []bool{1: true, 2: true, 3: true}, Enemy: true, Leaves: true},
	},
}

func TestStackFEN(t *testing.T) {
	for _, fen := range []string{
		"k5/6/6/2(MN)3/6/K5 w - - 0 1",
		"k5/6/(fMN)5/6/6/K4(MR) b - - 0 1",
		"(MR)(MN)4/6/6/6/6/K4k w - - 0 1",
	} {
		p := mustParse(t, stacks, fen)
		assert.Equal(t, fen, p.FEN())
		assert.Equal(t, p.ComputeHash(), p.Hash())
	}
	for _, tt := range []struct{ fen, want string }{
		{"k5/6/6/2(NM)3/6/K5 w", "N cannot hold M"},
		{"k5/6/6/2(Mn)3/6/K5 w", "M cannot hold n"},
		{"k5/6/6/2(M)3/6/K5 w", "two pieces or more"},
		{"k5/6/6/2(MN3/6/K5 w", "'3' inside a stack"},
		{"k5/6/6/2(MN/6/K5 w", "not closed"},
		{"k5/6/6/2MN)3/6/K5 w", ") closes no stack"},
		{"k5/6/6/2(M(N))3/6/K5 w", "a stack inside a stack"},
		{"k5/6/6/2(M1)3/6/K5 w", "inside a stack"},
		{"k5/6/6/2(MN)4/6/K5 w", "go past the board's 6 files"},
	} {
		_, err := Parse(stacks, tt.fen)
		assert.ErrorContains(t, err, tt.want, tt.fen)
	}
	_, err := Parse(chess, "8/8/8/8/8/8/8/(KN)7 w")
	assert.ErrorContains(t, err, "no proxy pieces")
}

func TestStackHash(t *testing.T) {
	hash := func(fen string) uint64 { return mustParse(t, stacks, fen).Hash() }
	alone, stacked := hash("k5/6/6/2M3/6/K5 w - - 0 1"), hash("k5/6/6/2(MN)3/6/K5 w - - 0 1")
	assert.NotEqual(t, alone, stacked)
	assert.NotEqual(t, hash("k5/6/6/2(fMN)3/6/K5 w - - 0 1"), hash("k5/6/6/2(fM)3/6/K5 w - - 0 1"))
	assert.NotEqual(t, hash("k5/6/6/2(fMN)3/6/K5 w - - 0 1"), hash("k5/6/6/2(fMR)3/6/K5 w - - 0 1"))
}

// TestStackMoves plays every stack operation and checks the FEN, the
// incremental hash and the undo after each.
func TestStackMoves(t *testing.T) {
	sq := func(p *Position, name string) Square {
		s, err := p.ParseSquare(name)
		require.NoError(t, err, name)
		return s
	}
	steps := []struct {
		name, fen string
		do        func(p *Position)
		want      string
	}{
		{"ram carries", "k5/6/6/2(MN)3/6/K5 w - - 0 1",
			func(p *Position) { p.MoveTo(p.At(sq(p, "c3")), sq(p, "c4")) }, "k5/6/2(MN)3/6/6/K5"},
		{"held knight leaves", "k5/6/6/2(MN)3/6/K5 w - - 0 1",
			func(p *Position) { p.MoveTo(p.Holds(p.At(sq(p, "c3"))), sq(p, "d5")) }, "k5/3N2/6/2M3/6/K5"},
		{"held knight captures", "k5/3r2/6/2(MN)3/6/K5 w - - 0 1",
			func(p *Position) { p.MoveTo(p.Holds(p.At(sq(p, "c3"))), sq(p, "d5")) }, "k5/3N2/6/2M3/6/K5"},
		{"freezer leaves its prisoner", "k5/6/6/2(fMN)3/6/K5 w - - 0 1",
			func(p *Position) { p.MoveTo(p.At(sq(p, "c3")), sq(p, "c4")) }, "k5/6/2f3/2(MN)3/6/K5"},
		{"knight enters a ram", "k5/6/6/2M3/6/K1N3 w - - 0 1",
			func(p *Position) { p.Join(p.At(sq(p, "c1")), sq(p, "c3"), false) }, "k5/6/6/2(MN)3/6/K5"},
		{"ram takes a knight in", "k5/6/6/2N3/6/K1M3 w - - 0 1",
			func(p *Position) { p.Join(p.At(sq(p, "c1")), sq(p, "c3"), true) }, "k5/6/6/2(MN)3/6/K5"},
		{"freezer traps a loaded ram", "k5/6/6/2(MN)3/2f3/K5 w - - 0 1",
			func(p *Position) { p.Join(p.At(sq(p, "c2")), sq(p, "c3"), true) }, "k5/6/6/2(fMN)3/6/K5"},
		{"capture takes the stack", "k5/6/6/2(fMN)3/6/K5 w - - 0 1",
			func(p *Position) { p.Capture(p.At(sq(p, "c3"))) }, "k5/6/6/6/6/K5"},
		{"a held piece promotes", "k5/6/6/2(fMN)3/6/K5 w - - 0 1",
			func(p *Position) {
				n := p.Innermost(p.At(sq(p, "c3")))
				p.SetType(n, 1)
				p.SetUnmoved(n, true)
				p.SetPieceMem(n, 0, 3)
			}, "k5/6/6/2(fMR)3/6/K5"},
	}
	for _, tt := range steps {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParse(t, stacks, tt.fen)
			before, hash := p.FEN(), p.Hash()
			mk := p.Mark()
			tt.do(p)
			assert.Equal(t, tt.want, p.FEN()[:len(tt.want)])
			assert.Equal(t, p.ComputeHash(), p.Hash())
			again := mustParse(t, stacks, p.FEN())
			if tt.name != "a held piece promotes" { // memory and flags are not in FEN
				assert.Equal(t, again.Hash(), p.Hash(), "FEN round trip keeps the hash")
			}
			p.Undo(mk)
			assert.Equal(t, before, p.FEN())
			assert.Equal(t, hash, p.Hash())
			assert.Equal(t, p.ComputeHash(), p.Hash())
		})
	}
}
