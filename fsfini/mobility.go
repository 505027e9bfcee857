package fsfini

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Mobility regions: Fairy-Stockfish's mobilityRegionWhite<Piece> and
// mobilityRegionBlack<Piece> (parser.cpp; Position::board_bb(c, pt))
// confine where a piece of that type and colour lands — its moves, its
// captures, the squares it attacks and its drops — and not the squares a
// rider passes on its way. The importer writes the region as a condition
// on the square each move ends on (betza.Options.Land): a pos test of the
// board's own squares (docs/language.md § Conditions), in a block on a
// rider's quiet squares so that the ride goes on through the rest.

// mobilityPrefixes are the option names' beginnings, by colour.
var mobilityPrefixes = [2]string{"mobilityRegionWhite", "mobilityRegionBlack"}

// isMobilityOption tells whether key is a mobility region option.
func isMobilityOption(key string) bool {
	for _, p := range mobilityPrefixes {
		if strings.HasPrefix(key, p) && len(key) > len(p) {
			return true
		}
	}
	return false
}

// mobility is one piece type's regions, by colour: nil for none (the
// whole board).
type mobility struct {
	region [2][]square
	option [2]Option
}

// square is a square of the board: its file and rank, 0-based.
type square struct{ file, rank int }

// readMobility reads a mobility region option: the piece type is the
// option name's rest with its first letter in lower case, as
// Fairy-Stockfish capitalizes the type's name to make the key
// (mobilityRegionWhiteCustomPiece2, mobilityRegionBlackKing).
func (v *variant) readMobility(o Option) error {
	colour := 0
	if strings.HasPrefix(o.Key, mobilityPrefixes[1]) {
		colour = 1
	}
	rest := o.Key[len(mobilityPrefixes[colour]):]
	name := strings.ToLower(rest[:1]) + rest[1:]
	squares, err := v.regionSquares(o)
	if err != nil {
		return err
	}
	if v.mobility == nil {
		v.mobility = map[string]*mobility{}
	}
	m := v.mobility[name]
	if m == nil {
		m = &mobility{}
		v.mobility[name] = m
	}
	m.region[colour], m.option[colour] = squares, o
	return nil
}

// regionSquares reads a Bitboard option as Fairy-Stockfish's parser does
// (squares e5, ranks *8, files a*, up to a -) into the squares of the
// board it holds, in rank order. An empty Bitboard is nil, which
// Fairy-Stockfish's board_bb reads as no region at all; one that holds
// squares but none of the board is an empty, non-nil list: the piece
// never lands.
func (v *variant) regionSquares(o Option) ([]square, error) {
	const maxFiles, maxRanks = 12, 10 // Fairy-Stockfish's largest board
	var in [maxRanks][maxFiles]bool
	any := false
	for _, f := range strings.Fields(o.Value) {
		if f == "-" {
			break
		}
		switch {
		case len(f) == 2 && f[1] == '*' && isLetter(f[0]) && int(lower(f[0])-'a') < maxFiles:
			for r := range maxRanks {
				in[r][lower(f[0])-'a'] = true
			}
		case strings.HasPrefix(f, "*"):
			r, err := strconv.Atoi(f[1:])
			if err != nil || r < 1 || r > maxRanks {
				return nil, fmt.Errorf("expected squares (e5), ranks (*8) and files (a*)")
			}
			for x := range maxFiles {
				in[r-1][x] = true
			}
		default:
			r, err := strconv.Atoi(f[1:])
			if len(f) < 2 || !isLetter(f[0]) || int(lower(f[0])-'a') >= maxFiles || err != nil || r < 1 || r > maxRanks {
				return nil, fmt.Errorf("expected squares (e5), ranks (*8) and files (a*)")
			}
			in[r-1][lower(f[0])-'a'] = true
		}
		any = true
	}
	if !any {
		return nil, nil
	}
	squares := []square{}
	for r := range v.maxRank {
		for x := range v.maxFile {
			if in[r][x] {
				squares = append(squares, square{x, r})
			}
		}
	}
	return squares, nil
}

// landConditions writes a region as conditions on the cursor's square,
// one per rectangle that covers it — runs of files on a rank, joined over
// the ranks where they repeat — each a pos test: the piece's lines are
// written once per rectangle, which do not overlap, so that each move is
// written once and a rider's stays a shape the bitboard tier lowers (a
// block of one pos test). A region of the whole board is none (nil), and
// one with no square of the board "not empty empty", which no square
// passes.
func (v *variant) landConditions(region []square) []string {
	if region == nil || len(region) == v.maxFile*v.maxRank {
		return nil
	}
	if len(region) == 0 {
		return []string{"not empty empty"}
	}
	type run struct{ from, to int }
	byRank := make([][]run, v.maxRank)
	for _, s := range region {
		runs := byRank[s.rank]
		if n := len(runs); n > 0 && runs[n-1].to == s.file-1 {
			runs[n-1].to = s.file
		} else {
			runs = append(runs, run{s.file, s.file})
		}
		byRank[s.rank] = runs
	}
	name := func(file, rank int) string { return fmt.Sprintf("%c%d", 'a'+file, rank+1) }
	var rects []string
	for r := range v.maxRank {
		for _, u := range byRank[r] {
			// the rectangle goes up while the ranks above have this run
			top := r
			for top+1 < v.maxRank && slices.Contains(byRank[top+1], u) {
				top++
				byRank[top] = slices.DeleteFunc(byRank[top], func(w run) bool { return w == u })
			}
			if u.from == u.to && top == r {
				rects = append(rects, "pos "+name(u.from, r))
			} else {
				rects = append(rects, "pos "+name(u.from, r)+".."+name(u.to, top))
			}
		}
	}
	return rects
}

// landSides returns the conditions a piece's moves test on their
// squares: one set for both sides (cond empty) when its regions are the
// same, else one for each side, with the side test its lines start
// with.
func (v *variant) landSides(name string) []landSide {
	m := v.mobility[name]
	if m == nil {
		return []landSide{{lands: []string{""}}}
	}
	white, black := v.landConditions(m.region[0]), v.landConditions(m.region[1])
	if slices.Equal(white, black) {
		return []landSide{{lands: orNone(white)}}
	}
	// the side test goes with the landing test, on the square the move
	// ends on, where the bitboard tier lowers it as a pos test (a side
	// test before a hopper's line it does not lower)
	withSide := func(side string, lands []string) []string {
		out := []string{}
		for _, l := range orNone(lands) {
			out = append(out, strings.TrimSpace(side+" "+l))
		}
		return out
	}
	return []landSide{{cond: "side first ", lands: withSide("side first", white)}, {cond: "side second ", lands: withSide("side second", black)}}
}

// orNone returns the conditions, or one empty condition (none) for nil.
func orNone(lands []string) []string {
	if lands == nil {
		return []string{""}
	}
	return lands
}

// landSide is the landing conditions of one side's lines, which hold
// its side test (cond), or of both (cond empty): the lines are written
// once for each ("" for none).
type landSide struct {
	cond  string
	lands []string
}

// mobilityOption returns an option that gives the piece a region, if any
// does.
func (v *variant) mobilityOption(name string) (Option, bool) {
	m := v.mobility[name]
	if m == nil {
		return Option{}, false
	}
	for c := range 2 {
		if m.region[c] != nil {
			return m.option[c], true
		}
	}
	return Option{}, false
}

// landing is one landing condition of one side's lines, or of both.
type landing struct{ cond, land string }
