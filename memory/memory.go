// Package memory implements the integer memories of the piece language
// (LANGUAGE.md §8): move-local (l), piece (p), tile (t) and global (g)
// memories, and the operands that read and write them — constants, cells
// such as g3, indirect cells such as gl0 (g[l[0]]), the cursor coordinates
// px and py, and the ply counter turn.
//
// A memory is a [Bank]: a growable slice of 64-bit integers whose
// unwritten cells read 0. Writes report whether the value changed, so that
// callers (the board's undo journal, the trigger map) learn exactly which
// cells moved.
//
// # Numbers
//
// Cells hold int64 values. Arithmetic saturates instead of wrapping: [Add]
// of two values whose sum does not fit gives math.MaxInt64 or
// math.MinInt64, so a counter that overflows stays at the extreme rather
// than changing sign. A cell index is valid from 0 to MaxCells-1; reading
// an index outside reads 0 and writing there does nothing, whatever the
// index's value (an indirect index such as gl0 may hold any number).
package memory

import (
	"fmt"
	"math"
	"strconv"
)

// Kind names one of the four memories.
type Kind uint8

// The memories, by their letters in the language.
const (
	Local  Kind = iota // l: lives while one move is generated
	Piece              // p: the memory of the piece on the cursor square
	Tile               // t: the memory of the cursor square
	Global             // g: the board's memory
)

// String returns the memory's letter.
func (k Kind) String() string { return string("lptg"[k]) }

// KindOf returns the memory named by a letter l, p, t or g.
func KindOf(letter byte) (Kind, bool) {
	switch letter {
	case 'l':
		return Local, true
	case 'p':
		return Piece, true
	case 't':
		return Tile, true
	case 'g':
		return Global, true
	}
	return 0, false
}

// MaxCells bounds the size of one memory; an index outside [0, MaxCells)
// reads 0 and cannot be written.
const MaxCells = 1 << 16

// Valid reports whether i is a cell index: 0 <= i < MaxCells.
func Valid(i int64) bool { return i >= 0 && i < MaxCells }

// Add returns a + b, saturated to the int64 range.
func Add(a, b int64) int64 {
	s := a + b
	switch {
	case a > 0 && b > 0 && s < 0:
		return math.MaxInt64
	case a < 0 && b < 0 && s >= 0:
		return math.MinInt64
	}
	return s
}

// Bank is one memory: cells indexed from 0; unwritten cells read 0.
type Bank []int64

// Get returns cell i, or 0 if it was never written or i is out of range.
func (b Bank) Get(i int64) int64 {
	if i < 0 || i >= int64(len(b)) {
		return 0
	}
	return b[i]
}

// Set writes v to cell i, growing the bank as needed, and returns the old
// value and whether the cell changed. Indexes outside [0, MaxCells) are
// ignored.
func (b *Bank) Set(i, v int64) (old int64, changed bool) {
	if !Valid(i) {
		return 0, false
	}
	b.Grow(i + 1)
	old = (*b)[i]
	(*b)[i] = v
	return old, old != v
}

// Grow makes the bank at least n cells long (n is capped at MaxCells).
func (b *Bank) Grow(n int64) {
	n = min(n, MaxCells)
	for int64(len(*b)) < n {
		*b = append(*b, 0)
	}
}

// Clone returns an independent copy.
func (b Bank) Clone() Bank {
	if b == nil {
		return nil
	}
	return append(Bank(nil), b...)
}

// OperandKind tells what an operand reads.
type OperandKind uint8

// The operand kinds.
const (
	Const   OperandKind = iota // a number
	Cell                       // a cell, possibly indirect
	CursorX                    // px: the cursor's file
	CursorY                    // py: the cursor's rank, from the owner's side
	Ply                        // turn: the number of plies played
)

// Operand is a compiled memory operand. For a cell, Path lists the
// memories from the outermost in: gl0 is Path {Global, Local}, Index 0, and
// reads g[l[0]].
type Operand struct {
	Kind  OperandKind
	Path  []Kind
	Value int64 // the constant, or the innermost index
}

// ParseOperand compiles the text of an operand (3, l0, gl0, px, py, turn).
func ParseOperand(s string) (Operand, error) {
	switch s {
	case "px":
		return Operand{Kind: CursorX}, nil
	case "py":
		return Operand{Kind: CursorY}, nil
	case "turn":
		return Operand{Kind: Ply}, nil
	}
	if v, err := strconv.ParseInt(s, 10, 64); err == nil {
		return Operand{Kind: Const, Value: v}, nil
	}
	i := 0
	var path []Kind
	for i < len(s) {
		k, ok := KindOf(s[i])
		if !ok {
			break
		}
		path = append(path, k)
		i++
	}
	v, err := strconv.ParseInt(s[i:], 10, 64)
	if len(path) == 0 || err != nil || !Valid(v) {
		return Operand{}, fmt.Errorf("memory: bad operand %q", s)
	}
	return Operand{Kind: Cell, Path: path, Value: v}, nil
}

// String prints the operand as written in the language.
func (o Operand) String() string {
	switch o.Kind {
	case CursorX:
		return "px"
	case CursorY:
		return "py"
	case Ply:
		return "turn"
	case Cell:
		b := make([]byte, 0, len(o.Path)+4)
		for _, k := range o.Path {
			b = append(b, "lptg"[k])
		}
		return string(b) + strconv.FormatInt(o.Value, 10)
	}
	return strconv.FormatInt(o.Value, 10)
}

// Env gives an operand what it reads: the four memories at the cursor, the
// cursor's coordinates and the ply counter.
type Env interface {
	Bank(k Kind) Bank // the memory k as seen from the cursor (nil reads 0)
	Cursor() (x, y int64)
	Ply() int64
}

// Eval returns the operand's value.
func (o Operand) Eval(env Env) int64 {
	switch o.Kind {
	case CursorX:
		x, _ := env.Cursor()
		return x
	case CursorY:
		_, y := env.Cursor()
		return y
	case Ply:
		return env.Ply()
	case Cell:
		kind, index := o.Target(env)
		return env.Bank(kind).Get(index)
	}
	return o.Value
}

// Target resolves a cell operand to the memory and index it names: for gl0
// that is Global and the value of l0. The index may lie outside
// [0, MaxCells) when an inner cell holds such a value.
func (o Operand) Target(env Env) (Kind, int64) {
	index := o.Value
	for i := len(o.Path) - 1; i > 0; i-- {
		index = env.Bank(o.Path[i]).Get(index)
	}
	return o.Path[0], index
}
