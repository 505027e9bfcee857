package fsfini

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/alfil-go/alfil/lang"
)

// shippedBase is an alfil variant file a section names as its base.
type shippedBase struct {
	name, filename string
	src            []byte
}

// fromOptions are the options a section may set on top of an alfil
// variant it inherits from: each is a declaration of its own, which
// replaces or adds to the base's (docs/language.md § Inheritance), so
// the base's pieces and rules stay as the file writes them. Any other
// option would change what the base's pieces do, which only its own
// lines say; it is reported.
var fromOptions = []string{
	"startFen", "stalemateValue", "checkmateValue", "mustCapture", "pass", "passOnStalemate",
	"extinctionValue", "extinctionPieceTypes", "extinctionPieceCount", "extinctionOpponentPieceCount", "extinctionClaim",
	"nFoldRule", "nFoldValue", "nMoveRule",
}

// convertFrom converts a section whose chain ends on an alfil variant:
// the file inherits from it (from NAME) and writes the options of the
// sections above it, read against the base's own rules.
func (f *File) convertFrom(name string, chain []*Section, base *shippedBase) (*Result, error) {
	top := chain[0]
	bf, err := lang.Parse(base.filename, base.src, lang.WithLoader(f.Bases))
	if err != nil {
		return nil, fmt.Errorf("%s:%d: [%s:%s]: %v", f.Filename, top.Line, top.Name, base.name, err)
	}
	v := newVariant()
	v.filename, v.section, v.sectionLine = f.Filename, name, chain[len(chain)-1].Line
	merged, order := mergeOptions(chain)
	// the base's pieces by their letters, which the options name
	names := map[byte]string{}
	for _, p := range bf.Pieces {
		if !p.Plus {
			names[lower(p.Letter)] = p.Name
		}
	}
	var body strings.Builder
	extinction := false
	for _, key := range order {
		o := merged[key]
		if slices.Contains(Ignored, key) {
			continue
		}
		if !slices.Contains(fromOptions, key) {
			v.report(o, fmt.Sprintf("changes what alfil's %s says in its own lines: not supported on a shipped base", base.name))
			continue
		}
		var err error
		switch key {
		case "startFen":
			if err = v.readFEN(o); err == nil {
				fmt.Fprintf(&body, "setup %s\n", v.startFen)
			}
		case "stalemateValue", "checkmateValue":
			var r string
			if err = value(o, &r); err == nil {
				fmt.Fprintf(&body, "nomoves %s %s\n", map[string]string{"stalemateValue": "stalemate", "checkmateValue": "check"}[key], r)
			}
		case "mustCapture":
			var on bool
			if err = boolValue(o, &on); err == nil && on != bf.ForcedCaptures {
				body.WriteString(map[bool]string{true: "captures forced\n", false: "remove captures forced\n"}[on])
			}
		case "pass", "passOnStalemate", "nFoldRule", "nFoldValue", "nMoveRule":
			err = Options[key](v, o)
		default:
			extinction = true
			err = Options[key](v, o)
		}
		if err != nil {
			var u unsupported
			if errors.As(err, &u) {
				v.report(o, string(u))
				continue
			}
			return nil, fmt.Errorf("%s:%d: [%s] %s = %s: %v", f.Filename, o.Line, name, o.Key, o.Value, err)
		}
	}
	if _, ok := merged["pass"]; ok || merged["passOnStalemate"].Key != "" {
		v.writeFromPass(&body, merged, bf)
	}
	if extinction {
		v.writeFromExtinction(&body, merged, bf, names)
	}
	v.writeFromCounts(&body, merged, bf)
	var b strings.Builder
	fmt.Fprintf(&b, "# %s, converted by alfil import from %s [%s]: alfil's %s with the section's options.\n", name, f.Filename, name, base.name)
	if len(v.issues) > 0 {
		b.WriteString("#\n# Options of the section this file does not express:\n")
		for _, i := range v.issues {
			fmt.Fprintf(&b, "#   line %d: %s = %s: %s\n", i.Line, i.Key, i.Value, i.Why)
		}
	}
	fmt.Fprintf(&b, "from %s\ngame %s\n%s", base.name, name, body.String())
	return &Result{Name: name, Source: b.String(), Unsupported: v.issues}, nil
}

// writeFromPass writes the pass rule the section's pass and
// passOnStalemate make of the base's, which a file cannot take back.
func (v *variant) writeFromPass(b *strings.Builder, merged map[string]Option, bf *lang.File) {
	want := map[bool]string{true: "pass", false: ""}[v.pass]
	if want == "" && v.passOnStalemate {
		want = "pass stalemate"
	}
	have := ""
	if bf.Pass != nil {
		have = map[bool]string{false: "pass", true: "pass stalemate"}[bf.Pass.Stalemate]
	}
	switch {
	case want == have:
	case have != "":
		key := "pass"
		if _, ok := merged[key]; !ok {
			key = "passOnStalemate"
		}
		v.reportKey(merged, key, "the base's pass rule, which an inheriting file cannot change")
	default:
		b.WriteString(want + "\n")
	}
}

// writeFromExtinction writes the extinction rule of the base with the
// section's extinction options on top: extinctionValue is the result,
// extinctionPieceTypes the group, extinctionPieceCount left,
// extinctionOpponentPieceCount vs and extinctionClaim reply (the
// meanings of § Extinction). A base that counts its real pieces says
// with them what Fairy-Stockfish's options do not, so only its result may
// change.
func (v *variant) writeFromExtinction(b *strings.Builder, merged map[string]Option, bf *lang.File, names map[byte]string) {
	result := bf.Extinction
	if o, ok := merged["extinctionValue"]; ok {
		result = v.extinction
		if o.Value == "none" {
			result = ""
		}
	}
	if result == "" {
		if bf.Extinction != "" {
			b.WriteString("remove extinction\n")
		}
		return
	}
	group := ""
	switch {
	case bf.ExtinctionAll:
		group = " all"
	case len(bf.ExtinctionPieces) == 1:
		group = " " + bf.ExtinctionPieces[0].Name
	case len(bf.ExtinctionPieces) > 1:
		var list []string
		for _, p := range bf.ExtinctionPieces {
			list = append(list, p.Name)
		}
		group = " {" + strings.Join(list, ",") + "}"
	}
	left, vs, reply := bf.ExtinctionLeft, bf.ExtinctionVs, bf.ExtinctionReply
	if bf.Extinction == "" {
		left, vs, reply = 0, 0, false // Fairy-Stockfish's defaults
	}
	realPieces := bf.Extinction != "" && group == ""
	for _, key := range []string{"extinctionPieceTypes", "extinctionPieceCount", "extinctionOpponentPieceCount", "extinctionClaim"} {
		if _, ok := merged[key]; ok && realPieces {
			v.reportKey(merged, key, "the base counts its real pieces, which Fairy-Stockfish's extinction options do not say")
			return
		}
	}
	if o, ok := merged["extinctionPieceTypes"]; ok {
		var list []string
		all := false
		for _, c := range []byte(strings.ReplaceAll(o.Value, " ", "")) {
			n, ok := names[lower(c)]
			if c == '*' {
				all = true
			} else if !ok {
				break
			} else if !slices.Contains(list, n) {
				list = append(list, n)
			}
		}
		switch {
		case all && len(list) > 0:
			v.report(o, "* together with single types")
			return
		case all:
			group = " all"
		case len(list) == 1:
			group = " " + list[0]
		case len(list) > 1:
			group = " {" + strings.Join(list, ",") + "}"
		default:
			group = ""
		}
	}
	if _, ok := merged["extinctionPieceTypes"]; !ok && bf.Extinction == "" {
		v.reportKey(merged, "extinctionValue", "the base has no extinction rule, and the importer does not know its extinctionPieceTypes")
		return
	}
	if group == "" && !realPieces {
		if bf.Extinction != "" {
			b.WriteString("remove extinction\n") // no types: Fairy-Stockfish's rule counts nothing
		}
		return
	}
	if _, ok := merged["extinctionPieceCount"]; ok {
		left = v.extinctionCount
	}
	if _, ok := merged["extinctionOpponentPieceCount"]; ok {
		vs = v.extinctionOpponent
	}
	if _, ok := merged["extinctionClaim"]; ok {
		reply = v.extinctionClaim
	}
	fmt.Fprintf(b, "extinction %s%s", result, group)
	if left > 0 {
		fmt.Fprintf(b, " left %d", left)
	}
	if vs > 0 || reply {
		fmt.Fprintf(b, " vs %d", vs)
	}
	if reply {
		b.WriteString(" reply")
	}
	b.WriteString("\n")
}

// writeFromCounts writes the repetition and move rules the section's
// nFoldRule, nFoldValue and nMoveRule make of the base's. A file need not
// write the rules a perft never meets, so a base without a repetition
// line does not say Fairy-Stockfish's nFoldRule: nFoldValue alone on it
// is reported.
func (v *variant) writeFromCounts(b *strings.Builder, merged map[string]Option, bf *lang.File) {
	_, rule := merged["nFoldRule"]
	_, value := merged["nFoldValue"]
	switch {
	case !rule && !value:
	case rule && v.nFoldRule == 0:
		if bf.Repetition != nil {
			b.WriteString("remove repetition\n")
		}
	case !rule && bf.Repetition == nil:
		v.reportKey(merged, "nFoldValue", "the base has no repetition rule, and the importer does not know its nFoldRule")
	default:
		n, result := v.nFoldRule, ""
		if !rule {
			n = bf.Repetition.N
		}
		switch {
		case value:
			// nFoldValue is the result for the side to move; repetition's
			// for the side whose move repeated
			result = map[string]string{"win": "loss", "loss": "win", "draw": "draw"}[v.nFoldValue]
		case bf.Repetition != nil:
			result = bf.Repetition.Result
		default:
			result = "draw" // Fairy-Stockfish's default nFoldValue
		}
		fmt.Fprintf(b, "repetition %d %s\n", n, result)
	}
	if _, ok := merged["nMoveRule"]; ok {
		switch {
		case v.nMoveRule > 0:
			fmt.Fprintf(b, "moverule %d draw\n", v.nMoveRule)
		case bf.MoveRule != nil:
			b.WriteString("remove moverule\n")
		}
	}
}
