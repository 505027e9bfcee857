package movegen

import (
	"fmt"
	"slices"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
)

// rand (docs/language.md § rand): a structure that runs one of its
// branches, chosen by the position's seed. The choice is a pure function
// of the position and of where the line stands — never a stream of
// random numbers drawn in generation order — so that Full and
// Incremental generation, perft's transpositions and a FEN reloaded
// agree: a roll hashes the seed with the rand's identity (its piece
// type and the ordinal of its source position among the type's rands),
// the piece's square, the cursor, the side and the slide iteration
// (randRoll). The seed advances after every ply whatever the move
// (board.NextSeed, in endPly); a line that reaches a rand reads the ply
// key, so the incremental mode regenerates it after every move.

// randNode is a compiled rand.
type randNode struct {
	branches [][]node
	weights  []int // per branch, summing to 100
	live     bool  // weights renormalised over the branches that let something through
	typ      int   // the type whose line holds it
	ordinal  int   // the ordinal of its source position among the type's rands
	src      lang.Position
}

// The multipliers of randRoll, one per part of the key: odd 64-bit
// constants of SplitMix64, xxHash and MurmurHash3, so that each part
// moves every bit of the key.
const (
	randTypeK    = 0x9E3779B97F4A7C15
	randOrdinalK = 0xC2B2AE3D27D4EB4F
	randOriginK  = 0x165667B19E3779F9
	randCursorK  = 0xD6E8FEB86659FD93
	randSideK    = 0xFF51AFD7ED558CCD
	randIterK    = 0xC4CEB9FE1A85EC53
)

// randRoll is the roll of the rand (typ, ordinal) reached at cursor by a
// piece of side on origin in slide iteration iter, with the position's
// seed: SplitMix64's finaliser of the seed XOR each part plus one times
// its multiplier (docs/language.md § rand gives the formula). A strict
// rand takes it modulo 100, a live one modulo its live weights.
func randRoll(seed uint64, typ, ordinal int, origin, cursor board.Square, side board.Side, iter int) uint64 {
	x := seed ^
		uint64(typ+1)*randTypeK ^
		uint64(ordinal+1)*randOrdinalK ^
		uint64(int64(origin)+1)*randOriginK ^
		uint64(int64(cursor)+1)*randCursorK ^
		uint64(side+1)*randSideK ^
		uint64(iter+1)*randIterK
	return board.Mix(x)
}

// pick returns the branch a roll u (below the weights' total over the
// branches live marks, every branch when live is nil) chooses: the first
// whose running total exceeds u.
func (r *randNode) pick(u uint64, live *randLive) int {
	sum := uint64(0)
	for i, w := range r.weights {
		if live != nil && !live.has(i) {
			continue
		}
		if sum += uint64(w); u < sum {
			return i
		}
	}
	return -1
}

// randLive marks the live branches of a rand: at most 100, for each
// weighs at least 1 percent.
type randLive [2]uint64

func (l *randLive) set(i int)      { l[i>>6] |= 1 << (i & 63) }
func (l *randLive) has(i int) bool { return l[i>>6]&(1<<(i&63)) != 0 }

// rand runs the branch of r that the position's seed chooses at cur, then
// continuation k. A strict rand's branch runs whatever it holds (a branch
// that fails, fails the line as an opt's would); a live rand chooses among
// the branches that let something through, judged as exc judges its
// branches, and fails at cur when none does.
func (g *gen) rand(r *randNode, cur board.Square, k int32) {
	g.read(g.b.keys.ply()) // the seed changes with every ply
	roll := randRoll(g.pos.Seed, r.typ, r.ordinal, g.origin, cur, g.side, g.iter)
	if !r.live {
		g.exec(r.branches[r.pick(roll%100, nil)], 0, cur, k)
		return
	}
	var live randLive
	total := uint64(0)
	saved := g.failTo
	for i, b := range r.branches {
		g.failTo = -1 // a probe's failure ends no enclosing slide
		if g.yields(b, cur) {
			live.set(i)
			total += uint64(r.weights[i])
		}
		g.failTo = saved
		if g.stopped() {
			return
		}
	}
	if total == 0 {
		g.fail(failCond, cur)
		return
	}
	g.exec(r.branches[r.pick(roll%total, &live)], 0, cur, k)
}

// randOrdinals numbers the distinct source positions of the rands in a
// piece's lines, hooks, drop and gate lines, in text order: a rand's
// ordinal is part of its roll's key. The copies a brace makes of a line,
// and the lines a def holding a rand appears in, share its position and
// so its rolls.
func randOrdinals(pc *lang.Piece) map[lang.Pos]int {
	var at []lang.Pos
	collect := func(l *lang.Line) {
		lang.Walk(l.Items, func(it lang.Item) {
			if r, ok := it.(*lang.Rand); ok {
				at = append(at, r.Pos)
			}
		})
	}
	for _, l := range pc.Moves {
		collect(l)
	}
	for _, e := range pc.Every {
		collect(e.Line)
	}
	for _, lists := range [][]*lang.Line{pc.OnDeath, pc.Drops, pc.Gates} {
		for _, l := range lists {
			collect(l)
		}
	}
	if len(at) == 0 {
		return nil
	}
	slices.Sort(at)
	at = slices.Compact(at)
	ordinals := make(map[lang.Pos]int, len(at))
	for i, p := range at {
		ordinals[p] = i
	}
	return ordinals
}

// randNode compiles a rand of the piece type whose lines are being
// compiled (compiler.randType, randOrdinals).
func (c *compiler) randNode(n *lang.Rand, last bool, l *Line) *randNode {
	c.prog.rand = true
	return &randNode{branches: c.branches(n.Branches, last, l), weights: n.Weights, live: n.Live,
		typ: c.randType, ordinal: c.randOrdinals[n.Pos], src: c.lines.Position(n.Pos)}
}

// beginRands prepares the compiler for the lines of type t (declared as
// pc): the ordinals of its rands.
func (c *compiler) beginRands(t *PieceType, pc *lang.Piece) {
	c.randType, c.randOrdinals = t.Index, randOrdinals(pc)
}

// randRules sets what a variant whose lines use rand needs of its
// positions: a seed, in the FEN's state field, its default the seed
// declaration's (0 without one). A seed declaration without a rand is an
// error: nothing would read it.
func (c *compiler) randRules(v *board.Variant) {
	f := c.file
	if f.Seed != nil && !c.prog.rand {
		c.errorf(f.Seed.Pos, "seed %d: no line of the variant uses rand, so nothing reads the seed", f.Seed.Value)
	}
	if !c.prog.rand {
		return
	}
	v.Seeded = true
	if f.Seed != nil {
		v.DefaultSeed = f.Seed.Value
	}
}

// errRand is why the tier declines a variant with rand.
var errRand = fmt.Errorf("rand: a line's branch depends on the position's seed, which the tier's tables cannot hold (docs/language.md § rand)")

// Seeded reports whether the variant's lines use rand: its positions
// carry a seed (board.Position.Seed), which the FEN's state field writes.
func (p *Program) Seeded() bool { return p.rand }

// RepetitionHash returns the position's hash without its seed: what a
// repetition compares (docs/language.md § rand — the dice rolled
// differently do not make a placement new). It is Hash in a variant
// without rand.
func (b *Board) RepetitionHash() uint64 { return b.pos.Hash() ^ b.pos.SeedHash() }

// randDumpHead is how a dump names a rand: its weights, live and its key.
func randDumpHead(r *randNode) string {
	head := "rand"
	if r.live {
		head += " live"
	}
	return fmt.Sprintf("%s %v (type %d, rand %d)", head, r.weights, r.typ, r.ordinal)
}

// hasRand reports whether a rand stands anywhere in nodes.
func hasRand(nodes []node) bool {
	found := false
	eachNode(nodes, func(nd node) {
		_, ok := nd.(*randNode)
		found = found || ok
	})
	return found
}

// rolls reports whether holder h's group holds a rand: its answers read
// the seed, which only playing a move advances — a dirty holder has not
// recorded that it reads the ply key, so probeQuiet asks this too.
func (in *incState) rolls(h int) bool {
	return in.group(int32(h/in.slots), h%in.slots).rand
}
