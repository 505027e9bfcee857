package spec

import "testing"

// TestMoveForms checks that each form of Move reads back as itself and
// as no other form.
func TestMoveForms(t *testing.T) {
	type form struct{ from, to, promo, line, chain, drop int }
	cases := []struct {
		name string
		m    Move
		want form
	}{
		{"plain", PlainMove(12, 28, -1, false), form{12, 28, -1, -1, -1, -1}},
		{"promotion", PlainMove(52, 61, 3, true), form{52, 61, 3, -1, -1, -1}},
		{"script", ScriptMove(4, 6, MaxLines-1), form{4, 6, -1, MaxLines - 1, -1, -1}},
		{"chain", ChainMove(9, MaxChains-1), form{9, -1, -1, -1, MaxChains - 1, -1}},
		{"drop", DropMove(MaxTypes-1, 255), form{255, 255, -1, -1, -1, MaxTypes - 1}},
		{"drop of type 0", DropMove(0, 0), form{0, 0, -1, -1, -1, 0}},
		{"promoted drop", PromotedDropMove(3, 24), form{24, 24, -1, -1, -1, 3}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := form{int(c.m.From()), int(c.m.To()), c.m.Promotion(), c.m.Line(), c.m.Chain(), c.m.Drop()}
			if c.want.chain >= 0 {
				got.to, got.promo = -1, -1 // a chain's to and promotion bits name its path
			}
			if got != c.want {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
			if c.m == 0 || c.m.Simple() != (c.name == "plain") {
				t.Errorf("Simple() = %v for %s", c.m.Simple(), c.name)
			}
			if c.m.DropPromoted() != (c.name == "promoted drop") || c.m.Drop() >= 0 && c.m.Captures() {
				t.Errorf("DropPromoted() = %v, Captures() = %v for %s", c.m.DropPromoted(), c.m.Captures(), c.name)
			}
		})
	}
}
