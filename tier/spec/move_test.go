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
		{"pass", PassMove(255), form{255, 255, -1, -1, -1, -1}},
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
			if c.m.IsPass() != (c.name == "pass") || c.m.IsPass() && (c.m.Captures() || c.m.Gate() >= 0 || c.m.Base() != c.m) {
				t.Errorf("IsPass() = %v for %s (captures %v, gate %d)", c.m.IsPass(), c.name, c.m.Captures(), c.m.Gate())
			}
			if c.m.DropPromoted() != (c.name == "promoted drop") || c.m.Drop() >= 0 && c.m.Captures() {
				t.Errorf("DropPromoted() = %v, Captures() = %v for %s", c.m.DropPromoted(), c.m.Captures(), c.name)
			}
		})
	}
}

// TestGatedMoves checks that a gated move reads back its gated type, its
// gate square's index and the move it gates, and that the move it gates
// is unchanged: a plain move's capture, a script's line.
func TestGatedMoves(t *testing.T) {
	for _, c := range []struct {
		name   string
		base   Move
		typ    int
		second bool
	}{
		{"plain", PlainMove(1, 18, -1, false), 0, false},
		{"capture", PlainMove(255, 0, -1, true), MaxTypes - 1, false},
		{"script", ScriptMove(4, 6, 0), 5, false},
		{"script, second square", ScriptMove(4, 2, MaxLines-1), 7, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := GatedMove(c.base, c.typ, c.second)
			if m.Gate() != c.typ || m.GateSecond() != c.second || m.Base() != c.base {
				t.Errorf("Gate() = %d, GateSecond() = %v, Base() = %#x; want %d, %v, %#x", m.Gate(), m.GateSecond(), m.Base(), c.typ, c.second, c.base)
			}
			if m.From() != c.base.From() || m.To() != c.base.To() || m.Line() != c.base.Line() || m.Captures() != c.base.Captures() {
				t.Errorf("%#x does not read as %#x: from %d to %d line %d captures %v", m, c.base, m.From(), m.To(), m.Line(), m.Captures())
			}
			if m.Promotion() >= 0 || m.Drop() >= 0 || m.Chain() >= 0 || m.Simple() || m.DropPromoted() {
				t.Errorf("%#x reads as a promotion, drop, chain or simple move", m)
			}
			if c.base.Gate() >= 0 {
				t.Errorf("%#x gates %d", c.base, c.base.Gate())
			}
		})
	}
	for _, m := range []Move{DropMove(3, 9), PromotedDropMove(3, 9), ChainMove(9, MaxChains-1), PlainMove(52, 60, 4, true)} {
		if m.Gate() >= 0 || m.GateSecond() || m.Base() != m {
			t.Errorf("%#x reads as gated", m)
		}
	}
}
