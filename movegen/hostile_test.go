package movegen

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wantLine is the expectation a file of testdata/hostile states in a
// comment:
//
//	# want: error "file:line:col: message"      Load fails with this error
//	# want: budget "which budget" perft N        perft N stops on that budget
//	# want: perft N = COUNT                      perft N counts COUNT
var wantLine = regexp.MustCompile(`(?m)^# want: (error "(.*)"|budget "(.*)" perft (\d+)|perft (\d+) = (\d+))$`)

// TestHostileVariants runs the variant files that once crashed, hung or
// exhausted the memory of the library (testdata/hostile): each must load
// with the positioned error it states, or generate the moves it states, or
// stop with the budget error it states — in both modes, within the
// budgets, never with a panic or a stack overflow.
func TestHostileVariants(t *testing.T) {
	names, err := filepath.Glob("testdata/hostile/*.alf")
	require.NoError(t, err)
	require.NotEmpty(t, names)
	for _, name := range names {
		t.Run(filepath.Base(name), func(t *testing.T) {
			src, err := os.ReadFile(name)
			require.NoError(t, err)
			want := wantLine.FindSubmatch(src)
			require.NotNil(t, want, "no # want: line")
			prog, err := Load(filepath.Base(name), src)
			if msg := string(want[2]); msg != "" {
				require.Error(t, err)
				assert.Equal(t, msg, firstError(err))
				return
			}
			require.NoError(t, err)
			for _, mode := range []Mode{Incremental, Full} {
				b, err := prog.NewBoard("")
				require.NoError(t, err)
				b.SetMode(mode)
				b.SetTier(false)
				if budget := string(want[3]); budget != "" {
					depth, _ := strconv.Atoi(string(want[4]))
					assert.Zero(t, b.Perft(depth), "%s: no count once a budget ran out", mode)
					var be *BudgetError
					require.ErrorAs(t, b.Err(), &be, mode.String())
					assert.Equal(t, budget, be.Budget, mode.String())
					assert.True(t, errors.Is(b.Err(), ErrBudget))
					assert.Regexp(t, `^`+regexp.QuoteMeta(filepath.Base(name))+`:\d+:\d+: generation budget exceeded: more than \d+ `+budget, b.Err().Error())
					var list MoveList
					b.Legal(&list)
					assert.Zero(t, list.Len(), "a board past its budget lists no moves")
					continue
				}
				depth, _ := strconv.Atoi(string(want[5]))
				count, _ := strconv.ParseUint(string(want[6]), 10, 64)
				assert.Equal(t, count, b.Perft(depth), mode.String())
				assert.NoError(t, b.Err())
				if b.SetTier(true); b.Tier() {
					assert.Equal(t, count, b.Perft(depth), "tier")
				}
			}
		})
	}
}

// firstError returns the text of the first error of an error list.
func firstError(err error) string {
	return strings.SplitN(err.Error(), " (and ", 2)[0]
}
