package memory

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type env struct {
	banks [4]Bank
	x, y  int64
	ply   int64
}

func (e *env) Bank(k Kind) Bank       { return e.banks[k] }
func (e *env) Cursor() (int64, int64) { return e.x, e.y }
func (e *env) Ply() int64             { return e.ply }

func TestBank(t *testing.T) {
	var b Bank
	assert.Equal(t, int64(0), b.Get(5), "unwritten cells read 0")
	old, changed := b.Set(3, 7)
	assert.Equal(t, int64(0), old)
	assert.True(t, changed)
	assert.Len(t, b, 4)
	_, changed = b.Set(3, 7)
	assert.False(t, changed, "writing the same value changes nothing")
	_, changed = b.Set(-1, 1)
	assert.False(t, changed)
	_, changed = b.Set(MaxCells, 1)
	assert.False(t, changed)
	c := b.Clone()
	c.Set(3, 1)
	assert.Equal(t, int64(7), b.Get(3), "a clone is independent")
	b.Grow(10)
	assert.Len(t, b, 10)
}

func TestOperands(t *testing.T) {
	e := &env{x: 2, y: 5, ply: 9}
	e.banks[Local] = Bank{4, 1}
	e.banks[Global] = Bank{0, 0, 0, 0, 42, 8}
	e.banks[Piece] = Bank{0, 5}
	tests := []struct {
		text string
		want int64
	}{
		{"3", 3}, {"-2", -2}, {"px", 2}, {"py", 5}, {"turn", 9},
		{"l0", 4}, {"l1", 1}, {"g4", 42}, {"gl0", 42}, {"gl1", 0}, {"gpl1", 8}, {"lp1", 0},
		{"p1", 5}, {"gp1", 8}, {"t0", 0}, {"l99", 0},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			o, err := ParseOperand(tt.text)
			require.NoError(t, err)
			assert.Equal(t, tt.text, o.String())
			assert.Equal(t, tt.want, o.Eval(e))
		})
	}
	for _, bad := range []string{"", "x3", "l", "l-1", "lq0"} {
		_, err := ParseOperand(bad)
		assert.Error(t, err, bad)
	}
}

func TestTarget(t *testing.T) {
	e := &env{}
	e.banks[Local] = Bank{3}
	o, err := ParseOperand("gl0")
	require.NoError(t, err)
	k, i := o.Target(e)
	assert.Equal(t, Global, k)
	assert.Equal(t, int64(3), i)
	assert.Equal(t, "g", k.String())
}

func TestAddSaturates(t *testing.T) {
	tests := []struct{ a, b, want int64 }{
		{1, 2, 3},
		{-5, 3, -2},
		{math.MaxInt64, 1, math.MaxInt64},
		{math.MaxInt64 - 1, math.MaxInt64, math.MaxInt64},
		{math.MinInt64, -1, math.MinInt64},
		{math.MinInt64, math.MinInt64, math.MinInt64},
		{math.MaxInt64, math.MinInt64, -1},
		{1 << 40, 1 << 40, 1 << 41}, // beyond 32 bits, no wrap
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, Add(tt.a, tt.b), "%d + %d", tt.a, tt.b)
	}
}

func TestIndexesOutOfRange(t *testing.T) {
	var b Bank
	for _, i := range []int64{-1, MaxCells, 1 << 32, math.MaxInt64, math.MinInt64} {
		assert.False(t, Valid(i), "%d", i)
		_, changed := b.Set(i, 5)
		assert.False(t, changed, "writing index %d", i)
		assert.Equal(t, int64(0), b.Get(i), "reading index %d", i)
	}
	assert.Empty(t, b, "no out-of-range write grows the bank")
	// an index that wraps to 0 in 32 bits is not cell 0
	b.Set(0, 7)
	assert.Equal(t, int64(0), b.Get(1<<32))
	for _, bad := range []string{"l65536", "g99999999999", "l99999999999999999999"} {
		_, err := ParseOperand(bad)
		assert.Error(t, err, bad)
	}
	o, err := ParseOperand("9223372036854775807")
	require.NoError(t, err)
	assert.Equal(t, int64(math.MaxInt64), o.Value)
}
