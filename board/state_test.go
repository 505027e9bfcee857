package board

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stateful is chess with both keys of the state field: a seed (default 42,
// as a variant's seed declaration gives) and the last mover.
var stateful = func() *Variant {
	v := *chess
	v.Seeded, v.DefaultSeed, v.TracksLast = true, 42, true
	return &v
}()

// seededOnly is chess with a seed and no last mover.
var seededOnly = func() *Variant {
	v := *chess
	v.Seeded, v.DefaultSeed = true, 7
	return &v
}()

// lastOnly is chess that tracks the last mover and has no seed.
var lastOnly = func() *Variant {
	v := *chess
	v.TracksLast = true
	return &v
}()

func TestStateFieldRoundTrip(t *testing.T) {
	tests := []struct {
		name    string
		v       *Variant
		fen     string
		written string // "" when it is fen
	}{
		{"both keys", stateful, chess.Setup + " {seed:9e3779b97f4a7c15,last:e1}", ""},
		{"no last mover", stateful, chess.Setup + " {seed:0,last:-}", ""},
		{"keys in the other order", stateful, chess.Setup + " {last:d8,seed:FF}", chess.Setup + " {seed:ff,last:d8}"},
		{"defaults when absent", stateful, chess.Setup, chess.Setup + " {seed:2a,last:-}"},
		{"empty braces", stateful, chess.Setup + " {}", chess.Setup + " {seed:2a,last:-}"},
		{"seed only", seededOnly, "4k3/8/8/8/8/8/8/4K3 b - - 3 9 {seed:ffffffffffffffff}", ""},
		{"seed default", seededOnly, "4k3/8/8/8/8/8/8/4K3 b - - 3 9", "4k3/8/8/8/8/8/8/4K3 b - - 3 9 {seed:7}"},
		{"last only", lastOnly, "4k3/8/8/8/8/8/8/4K3 b - - 3 9 {last:e1}", ""},
		{"after check counters", func() *Variant { v := *checks; v.Seeded = true; return &v }(),
			"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1+3 0 1 {seed:5}", ""},
		{"after the trailing check counters", func() *Variant { v := *checks; v.Seeded = true; return &v }(),
			"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +2+0 {seed:5}",
			"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1+3 0 1 {seed:5}"},
		{"short FEN", stateful, "4k3/8/8/8/8/8/8/4K3 w - - {seed:1,last:e8}", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 {seed:1,last:e8}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParse(t, tt.v, tt.fen)
			want := tt.written
			if want == "" {
				want = tt.fen
			}
			assert.Equal(t, want, p.FEN())
			back := mustParse(t, tt.v, p.FEN())
			assert.Equal(t, p.FEN(), back.FEN())
			assert.Equal(t, p.Seed, back.Seed)
			assert.Equal(t, p.LastSquare(), back.LastSquare())
			assert.Equal(t, back.Hash(), p.Hash(), "the same position hashes the same")
			assert.Equal(t, p.ComputeHash(), p.Hash())
		})
	}
}

func TestStateFieldValues(t *testing.T) {
	p := mustParse(t, stateful, chess.Setup+" {seed:9e3779b97f4a7c15,last:e1}")
	assert.Equal(t, uint64(0x9e3779b97f4a7c15), p.Seed)
	e1, _ := p.ParseSquare("e1")
	assert.Equal(t, p.At(e1), p.Last)
	assert.Equal(t, e1, p.LastSquare())

	p = mustParse(t, stateful, chess.Setup)
	assert.Equal(t, uint64(42), p.Seed, "no field: the variant's default seed")
	assert.Equal(t, int32(-1), p.Last, "no field: no last mover")

	p = mustParse(t, chess, chess.Setup)
	assert.Equal(t, chess.Setup, p.FEN(), "a variant without seed or last mover writes no state field")
	assert.Equal(t, int32(-1), p.Last)
}

func TestStateFieldErrors(t *testing.T) {
	setup := chess.Setup // 56 bytes: the field starts at 57
	tests := []struct {
		v         *Variant
		fen, want string
		offset    int
	}{
		{stateful, setup + " {seed:1", `bad state field "{seed:1": it must be {key:value,…}`, 57},
		{stateful, setup + " {seed:1} 5", `the state field {…} must be the FEN's last field, without spaces: found "5" after it`, 66},
		{stateful, setup + " {seed:1, last:e1}", `must be the FEN's last field`, 66},
		{stateful, setup + " {seed}", `state field: expected key:value, found "seed"`, 58},
		{stateful, setup + " {seed:1,seed:2}", `state field: key "seed" given twice`, 65},
		{stateful, setup + " {seed:1,colour:red}", `state field: unknown key "colour" (the variant's keys: seed, last)`, 65},
		{stateful, setup + " {seed:xyz}", `state field: bad seed "xyz" (1 to 16 hexadecimal digits)`, 63},
		{stateful, setup + " {seed:}", `state field: bad seed ""`, 63},
		{stateful, setup + " {seed:-1}", `state field: bad seed "-1"`, 63},
		{stateful, setup + " {seed:10000000000000000}", `state field: bad seed "10000000000000000"`, 63},
		{stateful, setup + " {last:e4}", `state field: last mover "e4": no piece stands there`, 63},
		{stateful, setup + " {last:z9}", `state field: bad last mover "z9"`, 63},
		{stateful, setup + " {last:}", `state field: bad last mover ""`, 63},
		{chess, setup + " {seed:1}", `state field: unknown key "seed" (the variant has no state field)`, 58},
		{seededOnly, setup + " {last:e1}", `unknown key "last" (the variant's keys: seed)`, 58},
		{lastOnly, setup + " {seed:1}", `unknown key "seed" (the variant's keys: last)`, 58},
		{stateful, setup + " {seed:1,}", `state field: expected key:value, found ""`, 65},
	}
	for _, tt := range tests {
		t.Run(tt.fen, func(t *testing.T) {
			_, err := Parse(tt.v, tt.fen)
			require.ErrorContains(t, err, tt.want)
			var fe *FENError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, tt.offset, fe.Offset, "offset of %q", tt.want)
		})
	}
	// a ghost is no last mover: the en-passant field places it
	_, err := Parse(stateful, "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3 {last:d6}")
	assert.ErrorContains(t, err, `last mover "d6": no piece stands there`)
}

// TestSeedAndLastUndo: SetSeed and SetLast are journaled, the hash follows
// both, and Undo restores them with the hash.
func TestSeedAndLastUndo(t *testing.T) {
	p := mustParse(t, stateful, chess.Setup)
	fen, hash := p.FEN(), p.Hash()
	e2, _ := p.ParseSquare("e2")
	e4, _ := p.ParseSquare("e4")
	mk := p.Mark()
	p.MoveTo(p.At(e2), e4)
	p.SetLast(p.At(e4))
	p.SetSeed(NextSeed(p.Seed))
	p.EndPly()
	assert.Equal(t, p.ComputeHash(), p.Hash(), "the hash follows the seed and the last mover")
	assert.Equal(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 1 1 {seed:"+hex(NextSeed(42))+",last:e4}", p.FEN())
	withLast := p.Hash()

	// the last mover's square is hashed where it stands now
	mk2 := p.Mark()
	e5, _ := p.ParseSquare("e5")
	p.MoveTo(p.At(e4), e5)
	assert.Equal(t, p.ComputeHash(), p.Hash())
	p.Capture(p.At(e5))
	assert.Equal(t, p.ComputeHash(), p.Hash(), "a last mover off the board adds nothing")
	assert.Equal(t, NoSquare, p.LastSquare())
	p.Undo(mk2)
	assert.Equal(t, withLast, p.Hash())

	// the seed and the last mover each change the hash
	h := p.Hash()
	mk3 := p.Mark()
	p.SetSeed(p.Seed + 1)
	assert.NotEqual(t, h, p.Hash())
	assert.Equal(t, p.ComputeHash(), p.Hash())
	p.Undo(mk3)
	p.SetLast(-1)
	assert.NotEqual(t, h, p.Hash())
	assert.Equal(t, p.ComputeHash(), p.Hash())
	p.Undo(mk3)
	assert.Equal(t, h, p.Hash())

	p.Undo(mk)
	assert.Equal(t, fen, p.FEN())
	assert.Equal(t, hash, p.Hash())
	assert.Equal(t, uint64(42), p.Seed)
	assert.Equal(t, int32(-1), p.Last)

	var kinds []ChangeKind
	mk = p.Mark()
	p.SetSeed(1)
	p.SetLast(0)
	p.ChangesSince(mk, func(c Change) { kinds = append(kinds, c.Kind) })
	assert.Equal(t, []ChangeKind{ChangedState, ChangedState}, kinds)
}

// TestSeedHashOnlyWhenSeeded: a variant without seeds hashes as before,
// whatever Seed holds.
func TestSeedHashOnlyWhenSeeded(t *testing.T) {
	p := mustParse(t, chess, chess.Setup)
	h := p.Hash()
	p.SetSeed(99)
	assert.Equal(t, h, p.Hash())
	assert.Equal(t, p.ComputeHash(), p.Hash())
}

func TestCloneKeepsSeedAndLast(t *testing.T) {
	p := mustParse(t, stateful, chess.Setup+" {seed:abc,last:g8}")
	c := p.Clone()
	assert.Equal(t, p.FEN(), c.FEN())
	assert.Equal(t, p.Hash(), c.Hash())
	c.SetSeed(1)
	c.SetLast(-1)
	assert.Equal(t, uint64(0xabc), p.Seed, "changing a clone leaves the original alone")
	g8, _ := p.ParseSquare("g8")
	assert.Equal(t, g8, p.LastSquare())
}

func TestNextSeed(t *testing.T) {
	// SplitMix64's first outputs from state 0 (Vigna's reference
	// generator: state += 0x9e3779b97f4a7c15, then the finaliser)
	assert.Equal(t, uint64(0xe220a8397b1dcdaf), NextSeed(0))
	gamma := uint64(goldenGamma)
	assert.Equal(t, uint64(0x6e789e6aa1b965f4), Mix(gamma+gamma))
}

func hex(x uint64) string {
	const digits = "0123456789abcdef"
	if x == 0 {
		return "0"
	}
	var b []byte
	for ; x > 0; x >>= 4 {
		b = append([]byte{digits[x&15]}, b...)
	}
	return string(b)
}
