package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/movegen"
)

// threats is the threats command: it draws a position's threatened-square
// map (movegen's Board.Threatened; docs/language.md § Check as its own
// attribute, The threatened-square map) — by default the squares where
// the side to move's pieces would be capturable by the opponent.
func threats(args []string, stdout, stderr io.Writer) int {
	fs, pos := positionFlags("threats", stderr)
	pos.registerMode(fs)
	by := fs.String("by", "", "the threatening side: white (first) or black (second); default the side not to move")
	typ := fs.String("type", "", "the type (name or letter) of the stand-in judged on squares where no piece of the threatened side stands; default its first checkable type, else its first royal one, else the first type")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "alfil threats: unexpected %q\n", fs.Arg(0))
		return 2
	}
	b, err := pos.board()
	if err != nil {
		return fail(stderr, err)
	}
	side := b.Position().ToMove.Other()
	switch strings.ToLower(*by) {
	case "":
	case "white", "first", "w":
		side = board.First
	case "black", "second", "b":
		side = board.Second
	default:
		fmt.Fprintf(stderr, "alfil threats: -by is white or black, not %q\n", *by)
		return 2
	}
	occupant, err := standIn(b.Program(), *typ)
	if err != nil {
		fmt.Fprintln(stderr, "alfil threats:", err)
		return 2
	}
	set := b.Threatened(side, occupant)
	names := []string{}
	for _, sq := range set.Squares(nil) {
		names = append(names, b.Position().SquareName(sq))
	}
	sideName := [2]string{"white", "black"}
	fmt.Fprintf(stdout, "squares where a %s piece would be capturable by %s (a %s %s standing in where none stands):\n",
		sideName[side.Other()], sideName[side], sideName[side.Other()], b.Program().Type(occupant).Name)
	fmt.Fprint(stdout, b.Diagram(&set))
	fmt.Fprintf(stdout, "%d squares: %s\n", len(names), strings.Join(names, " "))
	return 0
}

// standIn returns the type named name (or lettered so), or with name ""
// the first checkable type, else the first royal one, else type 0: the
// piece whose safety the map is usually asked about.
func standIn(prog *movegen.Program, name string) (int, error) {
	types := prog.Types()
	if name != "" {
		for i, t := range types {
			if t.Name == name || t.LetterString() == strings.ToUpper(name) {
				return i, nil
			}
		}
		return 0, fmt.Errorf("no piece %q in %s", name, prog.Name)
	}
	for _, want := range []func(*movegen.PieceType) bool{
		func(t *movegen.PieceType) bool { return t.Checkable },
		func(t *movegen.PieceType) bool { return t.Royal },
	} {
		for i, t := range types {
			if want(t) {
				return i, nil
			}
		}
	}
	return 0, nil
}
