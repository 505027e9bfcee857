package pgn

import (
	"fmt"
	"strings"

	"github.com/alfil-go/alfil/board"
)

// Error is a game that could not be read: where, and why.
type Error struct {
	Game      int // the game's index in the input, from 1
	Line, Col int // where the token at fault starts, from 1 (Col in bytes)
	// Move is the number of the move at fault (0: the error is not a
	// move's), Side the side that was to play it.
	Move  int
	Side  board.Side
	Token string // the token at fault, as written ("" at the end of the input)
	Err   error
}

// Error reads like
//
//	game 3, line 41:12: move 17 (white) "Nxe5": no legal move "Nxe5" in …
func (e *Error) Error() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "game %d, line %d:%d: ", e.Game, e.Line, e.Col)
	switch {
	case e.Move > 0:
		fmt.Fprintf(&sb, "move %d (%s) %q: ", e.Move, sideName(e.Side), e.Token)
	case e.Token != "":
		fmt.Fprintf(&sb, "%q: ", e.Token)
	}
	// the game's errors name their package; here the position says where
	sb.WriteString(strings.TrimPrefix(e.Err.Error(), "game: "))
	return sb.String()
}

func (e *Error) Unwrap() error { return e.Err }

// ErrorList is the errors of the games ReadAll could not read, in input
// order.
type ErrorList []*Error

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Unwrap returns the errors, for errors.Is and errors.As (which finds
// the first *Error).
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// Err returns l as an error, nil when l is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}
