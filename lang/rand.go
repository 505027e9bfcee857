package lang

import (
	"strconv"
)

// Rand runs one of its branches, chosen by the position's seed
// (docs/language.md § rand): branch i with probability Weights[i] percent.
// With Live the weights count only the branches that let something
// through, renormalised.
type Rand struct {
	Pos
	Live     bool
	Weights  []int // per branch, 1 to 100, summing to 100
	Branches []Seq
}

// SeedDecl is the seed declaration, seed NUMBER: the seed of a position
// whose FEN gives none (docs/language.md § rand).
type SeedDecl struct {
	Pos
	Value uint64
}

func (*Rand) node()     {}
func (*Rand) item()     {}
func (*SeedDecl) node() {}

func (r *Rand) String() string { return render(func(p *printer) { printItem(p, r, true) }) }

func (s *SeedDecl) String() string { return "seed " + strconv.FormatUint(s.Value, 10) }

// randWeightTotal is what a rand's weights sum to: percentages.
const randWeightTotal = 100

// parseRand parses a rand structure; the weights must sum to 100:
//
//	rand: 'rand' 'live'? NUMBER seq (',' NUMBER seq)* 'end'?
func (p *parser) parseRand(stop stops) Item {
	t := p.next()
	r := &Rand{Pos: t.pos}
	if w := p.peek(); w.typ == itemIdent && w.val == "live" {
		p.next()
		r.Live = true
	}
	inner := stop | stopComma | stopEnd
	sum, ok := 0, true
	for more := true; more; {
		w := p.peek()
		if w.typ != itemNumber {
			what := "a branch weight (a percentage, 1 to 100) after rand"
			if len(r.Branches) > 0 {
				what = "a branch weight (a percentage, 1 to 100) after , in rand"
			}
			p.errorExpected(w, what)
			return nil
		}
		p.next()
		n, good := p.number(w, "rand weight "+w.val, 1, randWeightTotal)
		ok = ok && good
		sum += n
		r.Weights = append(r.Weights, n)
		r.Branches = append(r.Branches, p.parseSeq(inner))
		more = false
		switch p.peek().typ {
		case itemComma:
			p.next()
			more = true
		case itemEnd:
			p.next()
		}
	}
	if ok && sum != randWeightTotal {
		p.errorAt(t.pos, "rand: the weights sum to %d, not %d", sum, randWeightTotal)
	}
	return r
}

// parseSeed reads the seed declaration:
//
//	seed: 'seed' NUMBER        (0 to 2^64-1)
func (p *parser) parseSeed(l macroLine) *SeedDecl {
	head := l.toks[0]
	if len(l.toks) < 2 || l.toks[1].typ != itemNumber {
		p.errorAt(posAt(l.toks, 1, l.end), "expected a number after seed, found %s", describeAt(l.toks, 1))
		return nil
	}
	v, err := strconv.ParseUint(l.toks[1].val, 10, 64)
	if err != nil {
		p.errorAt(l.toks[1].pos, "seed %s is out of range (0 to %d)", l.toks[1].val, uint64(1<<64-1))
		return nil
	}
	p.expectLineEnd(l, 2)
	return &SeedDecl{Pos: head.pos, Value: v}
}

// printRand writes a rand: live, then each branch after its weight.
func printRand(p *printer, n *Rand, tail bool) {
	p.tok("rand")
	if n.Live {
		p.tok("live")
	}
	for i, b := range n.Branches {
		if i > 0 {
			p.tok(",")
		}
		p.tok(strconv.Itoa(n.Weights[i]))
		printSeq(p, b, tail && i == len(n.Branches)-1)
	}
	closeUnlessTail(p, tail)
}
