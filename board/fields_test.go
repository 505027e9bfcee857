package board

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fieldsVariant: 4x4, a king K and a warden W whose field is the square
// in front of it (for its side) and the one to its right; a keeper Q
// whose field bars both sides (All).
func fieldsVariant() *Variant {
	v := &Variant{Width: 4, Height: 4, Letters: []byte("KWQ"), Royal: []bool{true, false, false}, Ghost: -1}
	cover := func(all bool) *Field {
		f := &Field{All: all}
		for s := First; s <= Second; s++ {
			fwd := 1
			if s == Second {
				fwd = -1
			}
			f.Cover[s] = make([][]Square, 16)
			for sq := range 16 {
				x, y := sq%4, sq/4
				if y+fwd >= 0 && y+fwd < 4 {
					f.Cover[s][sq] = append(f.Cover[s][sq], Square((y+fwd)*4+x))
				}
				if x+1 < 4 {
					f.Cover[s][sq] = append(f.Cover[s][sq], Square(y*4+x+1))
				}
			}
		}
		return f
	}
	v.Fields = []*Field{nil, cover(false), cover(true)}
	return v
}

// blocks lists FieldBlocks for side s, square by square from a1.
func blocks(p *Position, s Side) []int {
	var out []int
	for sq := range p.Squares() {
		out = append(out, p.FieldBlocks(s, Square(sq)))
	}
	return out
}

// TestFieldCounts: the counts follow the occupants through moves,
// captures, type and side changes, and come back with Undo and Clone.
func TestFieldCounts(t *testing.T) {
	p, err := Parse(fieldsVariant(), "3k/4/4/W2K w - - 0 1")
	require.NoError(t, err)
	// the white warden on a1 bars a2 and b1 for Black, nothing for White
	assert.Equal(t, []int{0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, blocks(p, Second))
	assert.Equal(t, make([]int, 16), blocks(p, First))
	start := p.Mark()
	w := p.At(0)
	p.MoveTo(w, 5) // to b2: bars b3 and c2
	assert.Equal(t, []int{0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0}, blocks(p, Second))
	p.SetType(w, 2) // a keeper: bars both sides
	assert.Equal(t, blocks(p, Second), blocks(p, First))
	p.SetSide(w, Second) // black's keeper on b2: its front is b1 now
	assert.Equal(t, []int{0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0}, blocks(p, First))
	c := p.Clone()
	p.Capture(w)
	assert.Equal(t, make([]int, 16), blocks(p, First))
	assert.Equal(t, []int{0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0}, blocks(c, First), "a clone keeps its own counts")
	p.Undo(start)
	assert.Equal(t, []int{0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, blocks(p, Second))
	assert.Equal(t, make([]int, 16), blocks(p, First))
	assert.True(t, p.Covers(w, 1))
	assert.False(t, p.Covers(w, 5))
}
