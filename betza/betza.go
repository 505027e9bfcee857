package betza

import (
	"fmt"
	"slices"
	"strings"
)

// Kind is how a move goes from its square to its target.
type Kind int

const (
	// Leap jumps to the target, whatever stands between.
	Leap Kind = iota
	// Lame leaps only when the squares on its path are empty (n): the
	// path goes straight while the leap is longer one way, then
	// diagonally, as Fairy-Stockfish's lame_leaper_path does.
	Lame
	// Ride repeats the leap over empty squares (R, B, NN, R4).
	Ride
	// Hop rides to a piece, jumps it, and rides on beyond (p: the
	// cannon's move).
	Hop
	// Grasshop rides to a piece and lands just behind it (g).
	Grasshop
)

var kindNames = [...]string{"leap", "lame leap", "ride", "hop", "grasshop"}

func (k Kind) String() string { return kindNames[k] }

// Move is one direction of a piece's moves, for the first player.
type Move struct {
	Kind Kind
	// Forward and Right are the leap: ranks toward the opponent and files
	// to the first player's right (negative: back, left).
	Forward, Right int
	// Quiet: the move may go to an empty square; Capture: it may take an
	// enemy piece there. A move written without m or c does both.
	Quiet, Capture bool
	// Limit bounds a ride to that many leaps; 0 is no bound.
	Limit int
	// Initial: the move is allowed only from the initial region (i).
	Initial bool
}

// Piece is a piece's moves, as a notation gives them.
type Piece struct {
	Notation string
	Moves    []Move
	// EnPassant is the offset of an e (en passant) in the notation, or
	// -1. Fairy-Stockfish reads e and does nothing with it: its en
	// passant is the variant's rule (enPassantTypes), not the piece's, and
	// so is alfil's (the ghost of chess.alf); what reads a notation
	// decides whether e is welcome.
	EnPassant int
}

// Error is a notation Fairy-Stockfish's reading does not support, or
// reads in a way this package will not copy; Offset is the byte offset
// of the letter in the notation.
type Error struct {
	Notation string
	Offset   int
	Msg      string
}

func (e *Error) Error() string {
	return fmt.Sprintf("betza %s: at %d: %s", e.Notation, e.Offset+1, e.Msg)
}

// The atoms: the leap of each (ranks, files) as piece.cpp lists them.
var (
	leaperAtoms = map[byte][][2]int{
		'W': {{1, 0}}, 'F': {{1, 1}}, 'D': {{2, 0}}, 'N': {{2, 1}}, 'A': {{2, 2}},
		'H': {{3, 0}}, 'L': {{3, 1}}, 'C': {{3, 1}}, 'J': {{3, 2}}, 'Z': {{3, 2}},
		'G': {{3, 3}}, 'K': {{1, 0}, {1, 1}},
	}
	riderAtoms = map[byte][][2]int{
		'R': {{1, 0}}, 'B': {{1, 1}}, 'Q': {{1, 0}, {1, 1}},
	}
)

const (
	verticals   = "fbvh"
	horizontals = "rlsh"
)

// key is what Fairy-Stockfish keys a move by: later atoms of the same key
// replace earlier ones.
type key struct {
	table            int // 0 steps, 1 slider, 2 hopper
	initial, capture bool
	forward, right   int
}

// entry is a move of a table: its distance as piece.cpp stores it (0
// unbounded leap or ride, -1 lame leap, N at most N; for hoppers 1 is
// the grasshopper).
type entry struct {
	key
	distance int
}

// Parse reads a notation as Fairy-Stockfish's from_betza does.
func Parse(notation string) (*Piece, error) {
	var entries []entry
	put := func(e entry) {
		for i := range entries {
			if entries[i].key == e.key {
				entries[i] = e
				return
			}
		}
		entries = append(entries, e)
	}
	var (
		quiet, capture, explicitCapture bool
		hopper, grass, lame, initial    bool
		directions                      []string
		modStart                        = -1
		hopAt, lameAt, initialAt        int
		enPassant                       = -1
	)
	fail := func(at int, format string, args ...any) (*Piece, error) {
		return nil, &Error{Notation: notation, Offset: at, Msg: fmt.Sprintf(format, args...)}
	}
	mark := func(i int) {
		if modStart < 0 {
			modStart = i
		}
	}
	for i := 0; i < len(notation); i++ {
		c := notation[i]
		switch {
		case c == 'm':
			quiet = true
			mark(i)
		case c == 'c':
			capture, explicitCapture = true, true
			mark(i)
		case c == 'p' || c == 'g':
			hopper, hopAt = true, i
			grass = grass || c == 'g'
			mark(i)
		case c == 'n':
			lame, lameAt = true, i
			mark(i)
		case c == 'i':
			initial, initialAt = true, i
			mark(i)
		case c == 'e':
			if enPassant < 0 {
				enPassant = i
			}
			mark(i)
		case strings.IndexByte(verticals, c) >= 0 || strings.IndexByte(horizontals, c) >= 0:
			mark(i)
			if i+1 < len(notation) {
				c2 := notation[i+1]
				if c2 == c || strings.IndexByte(verticals, c) >= 0 && strings.IndexByte(horizontals, c2) >= 0 ||
					strings.IndexByte(horizontals, c) >= 0 && strings.IndexByte(verticals, c2) >= 0 {
					directions = append(directions, string([]byte{c, c2}))
					i++
					continue
				}
			}
			directions = append(directions, string([]byte{c, c}))
		case leaperAtoms[c] != nil || riderAtoms[c] != nil:
			atoms, rider := riderAtoms[c], true
			if atoms == nil {
				atoms, rider = leaperAtoms[c], false
			}
			distance := 0
			if grass {
				distance = 1
			}
			if i+1 < len(notation) && (isDigit(notation[i+1]) || notation[i+1] == c) {
				rider = true
				if isDigit(notation[i+1]) {
					distance = int(notation[i+1] - '0')
					if distance == 0 {
						return fail(i+1, "a ride of at most 0 leaps")
					}
					if hopper {
						return fail(i+1, "a hopper with a range (Fairy-Stockfish's limited hoppers are not supported)")
					}
				}
				i++
			}
			lineAtom := c == 'W' || c == 'F' || c == 'K' || c == 'R' || c == 'B' || c == 'Q'
			switch {
			case hopper && !lineAtom:
				return fail(hopAt, "%c on %c: Fairy-Stockfish hops only along W and F lines (R, B, Q, W, F, K)", notation[hopAt], c)
			case lame && (rider || hopper):
				return fail(lameAt, "n on a rider or hopper (%c): Fairy-Stockfish ignores it there", c)
			case lame && !strings.ContainsRune("DNAZJ", rune(c)):
				return fail(lameAt, "n on %c: Fairy-Stockfish has lame leaps of D, N, A and Z (J) only", c)
			case rider && !hopper && !lineAtom && c != 'N':
				return fail(i, "a rider of %c: Fairy-Stockfish rides only W, F and N lines (R, B, Q, NN)", c)
			case initial && explicitCapture:
				return fail(initialAt, "i with c: Fairy-Stockfish has no initial captures")
			}
			if !rider && lame {
				distance = -1
			}
			modalities := []bool{}
			if quiet {
				modalities = append(modalities, false)
			}
			if capture {
				modalities = append(modalities, true)
			}
			if len(modalities) == 0 {
				modalities = []bool{false, true}
			}
			table := 0
			switch {
			case hopper:
				table = 2
			case rider:
				table = 1
			}
			for _, atom := range atoms {
				var dirs []string
				for _, s := range directions {
					// piece.cpp splits fs into ff and ss for a W-like atom
					if len(atoms) == 1 && atom[1] == 0 && s[0] != s[1] {
						dirs = append(dirs, string([]byte{s[0], s[0]}), string([]byte{s[1], s[1]}))
					} else {
						dirs = append(dirs, s)
					}
				}
				for _, captures := range modalities {
					if initial && captures {
						continue // Fairy-Stockfish has no initial captures
					}
					for _, d := range directionsOf(atom, dirs) {
						put(entry{key: key{table: table, initial: initial, capture: captures, forward: d[0], right: d[1]}, distance: distance})
					}
				}
			}
			quiet, capture, explicitCapture, hopper, grass, lame, initial = false, false, false, false, false, false, false
			directions, modStart = nil, -1
		case isDigit(c):
			return fail(i, "digit %c does not follow an atom", c)
		default:
			return fail(i, "modifier or atom %q is not supported (Fairy-Stockfish reads m c p g n i f b l r v s h and the atoms W F D N A H C L Z J G K R B Q)", string(c))
		}
	}
	if modStart >= 0 {
		return fail(modStart, "modifiers %q without an atom after them", notation[modStart:])
	}
	p := &Piece{Notation: notation, EnPassant: enPassant}
	for _, e := range entries {
		m := Move{Forward: e.forward, Right: e.right, Initial: e.initial, Quiet: !e.capture, Capture: e.capture}
		switch e.table {
		case 0:
			m.Kind = Leap
			if e.distance < 0 {
				m.Kind = Lame
			}
		case 1:
			m.Kind, m.Limit = Ride, e.distance
		case 2:
			m.Kind = Hop
			if e.distance == 1 {
				m.Kind = Grasshop
			}
		}
		p.Moves = append(p.Moves, m)
	}
	p.Moves = mergeModalities(p.Moves)
	return p, nil
}

// directionsOf returns the leaps (forward, right) of atom that dirs
// select, all eight when dirs is empty, in piece.cpp's order and with its
// tests, without repeats.
func directionsOf(atom [2]int, dirs []string) [][2]int {
	a, b := atom[0], atom[1]
	has := func(names ...string) bool {
		if len(dirs) == 0 {
			return true
		}
		for _, n := range names {
			if slices.Contains(dirs, n) {
				return true
			}
		}
		return false
	}
	var out [][2]int
	add := func(ok bool, forward, right int) {
		if ok && !slices.Contains(out, [2]int{forward, right}) {
			out = append(out, [2]int{forward, right})
		}
	}
	add(has("ff", "vv", "rf", "rv", "fh", "rh", "hr"), a, b)
	add(has("bb", "vv", "lb", "lv", "bh", "lh", "hr"), -a, -b)
	add(has("rr", "ss", "br", "bs", "bh", "rh", "hr"), -b, a)
	add(has("ll", "ss", "fl", "fs", "fh", "lh", "hr"), b, -a)
	add(has("rr", "ss", "fr", "fs", "fh", "rh", "hl"), b, a)
	add(has("ll", "ss", "bl", "bs", "bh", "lh", "hl"), -b, -a)
	add(has("bb", "vv", "rb", "rv", "bh", "rh", "hl"), -a, b)
	add(has("ff", "vv", "lf", "lv", "fh", "lh", "hl"), a, -b)
	return out
}

// mergeModalities joins a quiet move and a capture that differ in
// nothing else into one move that does both, where the quiet one stands.
func mergeModalities(moves []Move) []Move {
	var out []Move
	for _, m := range moves {
		joined := false
		for i := range out {
			o := &out[i]
			if o.Kind == m.Kind && o.Forward == m.Forward && o.Right == m.Right && o.Limit == m.Limit && o.Initial == m.Initial {
				o.Quiet = o.Quiet || m.Quiet
				o.Capture = o.Capture || m.Capture
				joined = true
				break
			}
		}
		if !joined {
			out = append(out, m)
		}
	}
	return out
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// Chiral tells whether the piece's moves differ from their mirror image
// left to right: Fairy-Stockfish turns the second player's moves half a
// turn, so such a piece needs symmetry rotate in alfil.
func (p *Piece) Chiral() bool {
	for _, m := range p.Moves {
		mirror := m
		mirror.Right = -m.Right
		if !slices.Contains(p.Moves, mirror) {
			return true
		}
	}
	return false
}

// Options change how [Piece.Lines] writes moves.
type Options struct {
	// Initial is the condition an initial move (i) tests on its square
	// before it starts; empty means "pos x 1", Fairy-Stockfish's default
	// doubleStepRegion: the owner's second rank.
	Initial string
	// Land is a condition every move tests on the square it ends on, and
	// on no square it passes: Fairy-Stockfish's mobilityRegion, which
	// confines where a piece lands, not where it rides (a rider's quiet
	// squares are tested in a block, so that a square outside the region
	// does not stop the slide; docs/language.md § Conditions, pos). Empty:
	// none.
	Land string
}

// Lines returns the piece's moves as move lines of alfil's language, one
// per direction and kind (docs/language.md § Betza notation).
func (p *Piece) Lines(o Options) []string {
	initial := o.Initial
	if initial == "" {
		initial = "pos x 1"
	}
	var lines []string
	for _, m := range p.Moves {
		for _, l := range m.lines(o.Land) {
			if m.Initial {
				l = initial + " " + l
			}
			lines = append(lines, l)
		}
	}
	return lines
}

// stepWord writes a leap as a step word: the forward or back steps, then
// the sideways ones.
func stepWord(forward, right int) string {
	var b strings.Builder
	for range abs(forward) {
		b.WriteByte("ws"[boolIndex(forward < 0)])
	}
	for range abs(right) {
		b.WriteByte("da"[boolIndex(right < 0)])
	}
	return b.String()
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

const (
	quietEnd   = "empty mov"
	captureEnd = "enemy capt mov"
)

// lines writes one move as move lines, each move tested by the
// condition land (none when empty) on the square it ends on.
func (m Move) lines(land string) []string {
	step := stepWord(m.Forward, m.Right)
	quiet, capture := quietEnd, captureEnd
	// rideQuiet ends a quiet ride's iteration: a square of a slide that
	// is a move, or with land a block that offers it as one where land
	// holds, the slide riding on either way
	rideQuiet := quiet
	if land != "" {
		quiet, capture = "empty "+land+" mov", "enemy "+land+" capt mov"
		rideQuiet = "empty block " + land + " mov end"
	}
	var ends []string
	if m.Quiet {
		ends = append(ends, quiet)
	}
	if m.Capture {
		ends = append(ends, capture)
	}
	var out []string
	switch m.Kind {
	case Leap:
		for _, e := range ends {
			out = append(out, step+" "+e)
		}
	case Lame:
		path := lamePath(m.Forward, m.Right)
		for _, e := range ends {
			out = append(out, path+" "+e)
		}
	case Ride:
		if m.Limit == 0 {
			switch {
			case m.Quiet && m.Capture:
				out = append(out, "slide "+step+" "+rideQuiet+" then "+capture)
			case m.Quiet:
				out = append(out, "slide "+step+" "+rideQuiet)
			default:
				out = append(out, "slide "+step+" empty then "+capture)
			}
			break
		}
		// at most Limit leaps: one line per distance
		for n := 1; n <= m.Limit; n++ {
			before := strings.Repeat(step+" empty ", n-1)
			for _, e := range ends {
				out = append(out, before+step+" "+e)
			}
		}
	case Hop:
		// to the hurdle over empty squares, then on over empty squares
		// (quiet) to the first piece beyond (capture)
		lead := "slide " + step + " empty then piece slide " + step
		switch {
		case m.Quiet && m.Capture:
			out = append(out, lead+" "+rideQuiet+" then "+capture)
		case m.Quiet:
			out = append(out, lead+" "+rideQuiet)
		default:
			out = append(out, lead+" empty then "+capture)
		}
	case Grasshop:
		for _, e := range ends {
			out = append(out, "slide "+step+" empty then piece "+step+" "+e)
		}
	}
	return out
}

// lamePath writes a lame leap as its path: single steps, each square
// before the target tested empty. The path is Fairy-Stockfish's
// (lame_leaper_path): straight while the leap is longer one way than the
// other, diagonally once both are equal.
func lamePath(forward, right int) string {
	var parts []string
	f, r := 0, 0
	sign := func(x int) int {
		switch {
		case x > 0:
			return 1
		case x < 0:
			return -1
		}
		return 0
	}
	for f != forward || r != right {
		diff := abs(right-r) - abs(forward-f)
		df, dr := 0, 0
		switch {
		case diff > 0:
			dr = sign(right)
		case diff < 0:
			df = sign(forward)
		default:
			df, dr = sign(forward), sign(right)
		}
		f, r = f+df, r+dr
		word := stepWord(df, dr)
		if f != forward || r != right {
			word += " empty"
		}
		parts = append(parts, word)
	}
	return strings.Join(parts, " ")
}
