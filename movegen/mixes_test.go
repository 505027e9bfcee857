package movegen

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSeedConstructsThatDoNotMix pins the errors of the combinations of
// the seeds' last constructs that no rule defines (docs/language.md
// § Proxy pieces, Restrictions; § Multi-square pieces): each is one
// positioned error, never a variant that half works.
func TestSeedConstructsThatDoNotMix(t *testing.T) {
	const head = "game mix\nboard 6x6\n"
	const king = "piece king K royal\n    {w,a,s,d} empty mov\n"
	const ram = "piece ram M proxy ally free carry\n    {w,a,s,d} empty mov\n    {w,a,s,d} ally room join\n"
	const chameleon = "piece chameleon C\n    {w,a,s,d} empty mov\n    copy: threateners\n"
	for _, tc := range []struct{ name, src, want string }{
		{"groups and proxies", head + "groups\n" + king + ram + "setup 2k3/6/6/6/6/1MK3 w - - 0 1\n",
			"mix.alf:6:13: groups (multi-square pieces) does not mix with proxy pieces"},
		{"late pieces and proxies", head + king + ram + chameleon + "setup 2k3/6/6/6/6/1MKC2 w - - 0 1\n",
			"mix.alf:5:13: a late piece (copy:) does not mix with proxy pieces"},
		{"groups and late pieces", head + "groups\n" + king + chameleon + "setup 2k3/6/6/6/6/1CK3 w - - 0 1\n",
			"mix.alf:3:1: groups: a late piece (copy:) is not supported with multi-square pieces"},
		{"invisible pieces and proxies", head + king + ram + "piece mine X invisible\n    {w,a,s,d} empty mov\n" + "setup 2k3/6/6/6/6/1MKX2 w - - 0 1\n",
			"piece mine: invisible pieces do not mix with proxy pieces"},
		{"fields and groups", head + "groups\n" + king + "piece warden W\n    {w,a,s,d} empty mov\n    field: [w,s]\n" + "setup 2k3/6/6/6/6/1WK3 w - - 0 1\n",
			"piece warden: blocking fields do not mix with multi-square pieces (groups)"},
		{"fields and late pieces", head + king + chameleon + "piece warden W\n    {w,a,s,d} empty mov\n    field: [w,s]\n" + "setup 2k3/6/6/6/6/1WKC2 w - - 0 1\n",
			"piece warden: blocking fields do not mix with late pieces (copy:)"},
		{"an invisible checkable piece", head + king + "piece mine X invisible checkable\n    {w,a,s,d} empty mov\n" + "setup 2k3/6/6/6/6/1XK3 w - - 0 1\n",
			"piece mine is invisible and checkable: not supported"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load("mix.alf", []byte(tc.src))
			require.Error(t, err)
			require.True(t, strings.Contains(err.Error(), tc.want), "%v", err)
		})
	}
}
