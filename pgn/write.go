package pgn

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/game"
)

// LineWidth is the longest line Write writes, as PGN's export format
// asks; a single token longer than that (a long move name) stands alone
// on its line.
const LineWidth = 80

// roster is PGN's seven tag roster, in its order, with the values it
// gives an unknown.
var roster = []Tag{
	{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
	{"White", "?"}, {"Black", "?"}, {"Result", "*"},
}

// fromGame are the tags Write takes from the game, never from its
// caller: they must say what the moves are played from.
var fromGame = []string{"Variant", "SetUp", "FEN"}

// Write writes game g as one PGN game: the tags, a blank line, the moves
// in SAN with their numbers, the result, and a blank line that separates
// it from a game written after it.
//
// The tags are the seven tag roster (Event, Site, Date, Round, White,
// Black, Result) with the values of tags where given and PGN's unknowns
// ("?", "????.??.??") where not; Variant with the program's name unless
// it is chess; SetUp "1" and FEN when the game does not start from the
// variant's setup; Termination; then the other tags, in their order.
// Variant, SetUp and FEN come from the game, whatever tags says.
//
// Result is the game's outcome when it is over (a tag that contradicts
// it is an error); while the game goes on, the Result tag given — a game
// resigned or adjudicated off the board, as Read keeps it — or "*".
// Termination, unless given, is "normal" for a game that is over and
// "unterminated" for one that goes on without a result, as PGN defines
// them; the reason the game ended (checkmate, stalemate, repetition, …)
// is written as a comment before the result token.
func Write(w io.Writer, g *game.Game, tags ...Tag) error {
	for _, t := range tags {
		if !validTagName(t.Name) {
			return fmt.Errorf("pgn: bad tag name %q (letters, digits and _, starting with a letter)", t.Name)
		}
	}
	header, result, err := headerTags(g, tags)
	if err != nil {
		return err
	}
	moves, err := movetext(g)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	for _, t := range header {
		fmt.Fprintf(bw, "[%s \"%s\"]\n", t.Name, escape(t.Value))
	}
	bw.WriteString("\n")
	lw := lineWriter{w: bw}
	for _, tok := range moves {
		lw.token(tok)
	}
	if o := g.Outcome(); o.Over() {
		lw.token("{" + o.Reason.String() + "}")
	}
	lw.token(resultText(result))
	bw.WriteString("\n\n")
	return bw.Flush()
}

// headerTags returns the tags Write writes for g, in order, and the
// result it writes.
func headerTags(g *game.Game, tags []Tag) ([]Tag, board.Result, error) {
	given := map[string]string{}
	for _, t := range tags {
		given[t.Name] = t.Value
	}
	result := board.Ongoing
	if s, ok := given["Result"]; ok {
		r, ok := parseResult(s)
		if !ok {
			return nil, 0, fmt.Errorf("pgn: bad Result tag %q (1-0, 0-1, 1/2-1/2 or *)", s)
		}
		result = r
	}
	o := g.Outcome()
	if o.Over() {
		if result != board.Ongoing && result != o.Result {
			return nil, 0, fmt.Errorf("pgn: Result tag %q contradicts the game's end, %s", given["Result"], o)
		}
		result = o.Result
	}

	var out []Tag
	for _, t := range roster {
		if v, ok := given[t.Name]; ok {
			t.Value = v
		}
		out = append(out, t)
	}
	out[len(out)-1].Value = resultText(result)
	if name := g.Program().Name; name != "chess" {
		out = append(out, Tag{"Variant", name})
	}
	if setup, err := setupFEN(g.Program()); err != nil || setup != g.StartFEN() {
		out = append(out, Tag{"SetUp", "1"}, Tag{"FEN", g.StartFEN()})
	}
	if _, ok := given["Termination"]; !ok {
		switch {
		case o.Over():
			out = append(out, Tag{"Termination", "normal"})
		case result == board.Ongoing:
			out = append(out, Tag{"Termination", "unterminated"})
		}
	}
	for _, t := range tags {
		written := slices.ContainsFunc(out, func(o Tag) bool { return o.Name == t.Name })
		if !written && !slices.Contains(fromGame, t.Name) {
			out = append(out, t)
		}
	}
	return out, result, nil
}

// movetext returns the tokens of g's moves: each move in SAN, the first
// side's moves after their number ("12."), and a game that starts with
// the second side to move with its number as "12...".
func movetext(g *game.Game) ([]string, error) {
	// the numbers are the start FEN's: the game's board may have been
	// played on before the game took it (game.Take)
	start, err := game.New(g.Program(), g.StartFEN())
	if err != nil {
		return nil, fmt.Errorf("pgn: the game's start position: %w", err)
	}
	pos := start.Board().Position()
	number := moveNumber(start.Board())
	side := pos.ToMove
	var out []string
	for i, san := range g.SANMoves() {
		switch {
		case side == board.First:
			out = append(out, strconv.Itoa(number)+".")
		case i == 0:
			out = append(out, strconv.Itoa(number)+"...")
		}
		out = append(out, san)
		if side == board.Second {
			number++
		}
		side = side.Other()
	}
	return out, nil
}

// lineWriter writes tokens separated by spaces in lines of at most
// LineWidth bytes.
type lineWriter struct {
	w   *bufio.Writer
	col int
}

func (lw *lineWriter) token(s string) {
	switch {
	case lw.col == 0:
	case lw.col+1+len(s) > LineWidth:
		lw.w.WriteByte('\n')
		lw.col = 0
	default:
		lw.w.WriteByte(' ')
		lw.col++
	}
	lw.w.WriteString(s)
	lw.col += len(s)
}

// escape writes a tag value as a PGN string's contents: \ and " escaped,
// and the characters a string cannot hold (line breaks, tabs, other
// controls) as spaces.
func escape(s string) string {
	var sb strings.Builder
	for _, r := range s {
		switch {
		case r == '\\' || r == '"':
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case r < ' ' || r == 0x7f:
			sb.WriteByte(' ')
		default:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// validTagName reports whether s is a PGN tag name: a letter, then
// letters, digits and _.
func validTagName(s string) bool {
	if s == "" || !isLetter(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isLetter(c) && !isDigit(c) && c != '_' {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
