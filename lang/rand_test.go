package lang

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseRand: rand's branches and weights, live, the azar alias, and
// the canonical form (docs/language.md § rand).
func TestParseRand(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  string // canonical lines, joined by " | "
	}{
		{"two branches", "rand 50 w empty mov, 50 d empty mov", "rand 50 w empty mov, 50 d empty mov"},
		{"one branch of 100", "rand 100 w empty mov", "rand 100 w empty mov"},
		{"an empty branch", "wwa rand 50 enemy capt mov, 50 end", "wwa rand 50 enemy capt mov, 50"},
		{"an empty first branch", "rand 30 , 70 w mov end", "rand 30, 70 w mov"},
		{"live", "rand live 25 w empty mov, 75 s empty mov", "rand live 25 w empty mov, 75 s empty mov"},
		{"azar alias", "azar 40 w mov, 60 d mov", "rand 40 w mov, 60 d mov"},
		{"end before the rest of the line", "rand 50 w, 50 d end empty mov", "rand 50 w, 50 d end empty mov"},
		{"braces copy the line, rand and all", "{wwa,wwd} rand 50 {enemy capt mov,empty mov}, 50",
			"wwa rand 50 enemy capt mov, 50 | wwa rand 50 empty mov, 50 | wwd rand 50 enemy capt mov, 50 | wwd rand 50 empty mov, 50"},
		{"an opt inside a branch keeps its commas", "rand 50 opt w, d end empty mov, 50 s empty mov",
			"rand 50 opt w, d end empty mov, 50 s empty mov"},
		{"inside an opt", "opt rand 50 w, 50 d end, s end empty mov", "opt rand 50 w, 50 d end, s end empty mov"},
		{"inside a slide", "slide w rand 90 empty mov, 10 end then enemy capt mov", "slide w rand 90 empty mov, 10 end then enemy capt mov"},
		{"nested", "rand 50 rand 50 w mov, 50 d mov end, 50 s mov", "rand 50 rand 50 w mov, 50 d mov end, 50 s mov"},
		{"in a hook", "w empty mov | every 1: rand 10 del, 90", "w empty mov | every 1: rand 10 del, 90"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inputs := strings.Split(tt.input, " | ")
			src := piece(inputs...)
			f := mustParse(t, "t.alf", src)
			king := f.Pieces[0]
			var got []string
			for _, l := range king.Moves {
				got = append(got, strings.TrimSpace(l.String()))
			}
			for _, e := range king.Every {
				got = append(got, e.String())
			}
			assert.Equal(t, tt.want, strings.Join(got, " | "))
			requireRoundTrip(t, f)
		})
	}
}

// TestRandTree: the parsed structure, and the position every brace copy
// keeps (the movegen roll's key).
func TestRandTree(t *testing.T) {
	f := mustParse(t, "t.alf", piece("{wwa,wwd} rand live 30 {enemy capt mov,empty mov}, 70 end"))
	king := f.Pieces[0]
	require.Len(t, king.Moves, 4)
	var first *Rand
	for _, l := range king.Moves {
		r, ok := l.Items[1].(*Rand)
		require.True(t, ok, "%T", l.Items[1])
		assert.True(t, r.Live)
		assert.Equal(t, []int{30, 70}, r.Weights)
		require.Len(t, r.Branches, 2)
		assert.NotEmpty(t, r.Branches[0])
		assert.Empty(t, r.Branches[1])
		if first == nil {
			first = r
		}
		assert.Equal(t, first.Pos, r.Pos, "the copies of one line keep the rand's position")
	}
	var seen int
	Walk(king.Moves[0].Items, func(it Item) {
		if _, ok := it.(*Simple); ok {
			seen++
		}
	})
	assert.Equal(t, 3, seen, "Walk goes into rand's branches: enemy capt mov")
}

// TestSeedDeclaration: seed N, printed after the board, inherited,
// replaced and removed.
func TestSeedDeclaration(t *testing.T) {
	f := mustParse(t, "t.alf", "board 6x6\nseed 18446744073709551615\n"+strings.TrimPrefix(piece("rand 100 w mov"), "board 8x8\n"))
	require.NotNil(t, f.Seed)
	assert.Equal(t, uint64(1<<64-1), f.Seed.Value)
	assert.True(t, strings.HasPrefix(f.String(), "board 6x6\nseed 18446744073709551615\n"), f.String())
	requireRoundTrip(t, f)

	base := "board 4x4\nseed 42\npiece king K\n    rand 50 w empty mov, 50 s empty mov\nsetup 3k/4/4/K3 w - - 0 1\n"
	load := func(name string) (string, []byte, error) { return name + ".alf", []byte(base), nil }
	for _, tt := range []struct {
		name, src string
		want      *uint64
	}{
		{"inherited", "from base\n", ptr(uint64(42))},
		{"replaced", "from base\nseed 7\n", ptr(uint64(7))},
		{"removed", "from base\nremove seed\n", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse("d.alf", []byte(tt.src), WithLoader(load))
			require.NoError(t, err)
			if tt.want == nil {
				assert.Nil(t, f.Seed)
				return
			}
			require.NotNil(t, f.Seed)
			assert.Equal(t, *tt.want, f.Seed.Value)
		})
	}
}

func ptr[T any](v T) *T { return &v }
