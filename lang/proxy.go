package lang

import (
	"slices"
	"strconv"
	"strings"
)

// ProxyRule is what a proxy attribute says (docs/language.md § Proxy
// pieces): which pieces the proxy may hold, whether they may move while
// held, whether it carries them when it moves, and its priority.
type ProxyRule struct {
	Sides string      // ally, enemy or any
	Admit []PieceName // the types it may hold; nil: every type
	// Frozen: the pieces it holds (and all they hold) have no moves and
	// capture nothing; otherwise they move freely.
	Frozen bool
	// Restricted: the pieces it holds (and all they hold) keep the moves
	// that meet the proxy's restrict: line (docs/language.md § Proxy
	// pieces, Restricted).
	Restricted bool
	// Leave: when it moves, what it holds stays on the square; otherwise
	// it is carried along.
	Leave    bool
	Priority int
}

// proxyModes are the words that say whether held pieces move.
var proxyModes = map[string]bool{"free": true, "frozen": true, "restrict": true}

// maxProxyPriority bounds a proxy's priority (docs/language.md § Limits).
const maxProxyPriority = 100

// parseProxy reads a proxy attribute from l.toks[i], the word proxy, into
// a, and returns the index of its last token:
//
//	proxy: 'proxy' ('ally'|'enemy'|'any') group? ('free'|'frozen'|'restrict') ('carry'|'leave')? ('priority' NUMBER)?
//	group: NAME | '{' NAME (',' NAME)* '}'
func (p *parser) parseProxy(a *Attr, l macroLine, i int) (int, bool) {
	toks := l.toks
	r := &ProxyRule{}
	a.Proxy = r
	i++
	switch {
	case i < len(toks) && toks[i].typ == itemAlly:
		r.Sides = "ally"
	case i < len(toks) && toks[i].typ == itemEnemy:
		r.Sides = "enemy"
	case i < len(toks) && toks[i].typ == itemIdent && toks[i].val == "any":
		r.Sides = "any"
	default:
		p.errorAt(posAt(toks, i, l.end), "expected ally, enemy or any after proxy (the sides whose pieces it may hold), found %s", describeAt(toks, i))
		return i, false
	}
	i++
	switch {
	case i < len(toks) && toks[i].typ == itemLBrace:
		for i++; ; i += 2 {
			name, ok := p.pieceNameAt(l, i, "a piece name in proxy's braces")
			if !ok {
				return i, false
			}
			if slices.ContainsFunc(r.Admit, func(n PieceName) bool { return n.Name == name.Name }) {
				p.errorAt(name.Pos, "proxy names piece %s twice", name.Name)
				return i, false
			}
			r.Admit = append(r.Admit, name)
			if i+1 < len(toks) && toks[i+1].typ == itemRBrace {
				i += 2
				break
			}
			if i+1 >= len(toks) || toks[i+1].typ != itemComma {
				p.errorAt(posAt(toks, i+1, l.end), "expected , or } after %s in proxy's braces, found %s", name.Name, describeAt(toks, i+1))
				return i, false
			}
		}
	case i < len(toks) && toks[i].typ == itemIdent && !proxyModes[toks[i].val]:
		r.Admit = []PieceName{{Pos: toks[i].pos, Name: toks[i].val}}
		i++
	}
	switch {
	case i < len(toks) && toks[i].typ == itemIdent && toks[i].val == "free":
	case i < len(toks) && toks[i].typ == itemIdent && toks[i].val == "frozen":
		r.Frozen = true
	case i < len(toks) && toks[i].typ == itemIdent && toks[i].val == "restrict":
		r.Restricted = true
	default:
		p.errorAt(posAt(toks, i, l.end), "expected free, frozen or restrict in the proxy attribute (whether held pieces move), found %s", describeAt(toks, i))
		return i, false
	}
	if i+1 < len(toks) && toks[i+1].typ == itemIdent && (toks[i+1].val == "carry" || toks[i+1].val == "leave") {
		i++
		r.Leave = toks[i].val == "leave"
	}
	if i+1 < len(toks) && toks[i+1].typ == itemIdent && toks[i+1].val == "priority" {
		i += 2
		if i >= len(toks) || toks[i].typ != itemNumber {
			p.errorAt(posAt(toks, i, l.end), "expected a number after priority, found %s", describeAt(toks, i))
			return i, false
		}
		v, ok := p.number(toks[i], "priority "+toks[i].val, -maxProxyPriority, maxProxyPriority)
		if !ok {
			return i, false
		}
		r.Priority = v
	}
	return i, true
}

// String writes the rule as the file writes it, in canonical form.
func (r *ProxyRule) String() string {
	w := []string{"proxy", r.Sides}
	switch len(r.Admit) {
	case 0:
	case 1:
		w = append(w, r.Admit[0].Name)
	default:
		names := make([]string, len(r.Admit))
		for k, n := range r.Admit {
			names[k] = n.Name
		}
		w = append(w, "{"+strings.Join(names, ",")+"}")
	}
	switch {
	case r.Frozen:
		w = append(w, "frozen")
	case r.Restricted:
		w = append(w, "restrict")
	default:
		w = append(w, "free")
	}
	w = append(w, map[bool]string{false: "carry", true: "leave"}[r.Leave])
	if r.Priority != 0 {
		w = append(w, "priority", strconv.Itoa(r.Priority))
	}
	return strings.Join(w, " ")
}

// parseRestrict parses a restricting proxy's restriction (docs/language.md
// § Proxy pieces, Restricted): a line of conditions, which the compiler
// checks are conditions only. A piece has one.
//
//	restrict: 'restrict' ':' condition+
func (p *parser) parseRestrict(pc *Piece) {
	t := p.next()
	p.next() // the colon
	if pc.Restrict != nil {
		p.errorf(t, "piece %s has a restrict line already: a piece has one (write all its conditions in it)", pc.Name)
		return
	}
	if p.peek().typ == itemEOF {
		p.errorExpected(p.peek(), "conditions after restrict:")
		return
	}
	pc.Restrict = p.parseLine()
	pc.Restrict.Pos = t.pos
}
