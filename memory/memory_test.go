package memory

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type env struct {
	banks [4]Bank
	x, y  int32
	ply   int32
}

func (e *env) Bank(k Kind) Bank       { return e.banks[k] }
func (e *env) Cursor() (int32, int32) { return e.x, e.y }
func (e *env) Ply() int32             { return e.ply }

func TestBank(t *testing.T) {
	var b Bank
	assert.Equal(t, int32(0), b.Get(5), "unwritten cells read 0")
	old, changed := b.Set(3, 7)
	assert.Equal(t, int32(0), old)
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
	assert.Equal(t, int32(7), b.Get(3), "a clone is independent")
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
		want int32
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
	assert.Equal(t, int32(3), i)
	assert.Equal(t, "g", k.String())
}
