package designer

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf16"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/lang"
	"github.com/alfil-go/alfil/movegen"
)

// Filename is the name the designer gives the variant being written: its
// errors read "designer.alf:LINE:COL: …".
const Filename = "designer.alf"

// Session is one variant being designed and one game of it. Its zero value
// has no variant: Load one first. A Session is for one goroutine (the
// page's one thread).
type Session struct {
	prog *movegen.Program
	g    *game.Game
	// custom: the game started from a FEN given to it (SetFEN, Edit), not
	// from the variant's setup; a variant loaded again keeps that FEN,
	// where otherwise it starts from its own, perhaps edited, setup
	custom bool
	// redo holds the moves Undo took back, the next to replay last, in
	// Board.Notation's form
	redo []string
	// list and names are the legal moves of the last State, which Play's
	// index refers to
	list  movegen.MoveList
	moves []Move
}

// Load compiles text as a variant file (named Filename; it may inherit
// from the embedded variants) and starts a game of it. With keep, and a
// game in progress, the game starts where the old one did (its FEN, if it
// was given one, or the new setup) and replays the old moves as far as
// they stay legal: editing a piece's moves keeps the position on the
// board. On errors the session is unchanged and the error, a
// lang.ErrorList for a file that does not compile, is returned with a
// State that has only OK false and the errors.
func (s *Session) Load(text string, keep bool) (State, error) {
	start := time.Now()
	// interpreted: the page compiles on every pause in typing, and the
	// bitboard tier's lowering would be half of that time, for a speed
	// only the worker's perft and search need (they compile in full)
	prog, err := movegen.Load(Filename, []byte(text), movegen.WithLoader(examples.Loader), movegen.Interpreted())
	if err != nil {
		return failedIn(err, text), err
	}
	compiled := time.Since(start)
	var (
		fen     string
		history []string
	)
	if keep && s.g != nil {
		if s.custom {
			fen = s.g.StartFEN()
		}
		history = s.g.Moves()
	}
	g, err := game.New(prog, fen)
	custom := fen != ""
	if err != nil && fen != "" {
		// the old start does not fit the new variant (another board
		// size, a piece gone): its own setup then
		g, err = game.New(prog, "")
		custom, history = false, nil
	}
	if err != nil {
		return failed(err), err
	}
	for _, m := range history {
		if g.PlayMove(m) != nil {
			break
		}
	}
	s.prog, s.g, s.custom, s.redo = prog, g, custom, nil
	st := s.State()
	st.CompileMs = float64(compiled.Microseconds()) / 1000
	return st, nil
}

// SetFEN starts the game again from fen.
func (s *Session) SetFEN(fen string) (State, error) {
	if s.prog == nil {
		return failed(errNoVariant), errNoVariant
	}
	g, err := game.New(s.prog, fen)
	if err != nil {
		return failed(err), err
	}
	s.g, s.custom, s.redo = g, true, nil
	return s.State(), nil
}

var errNoVariant = errors.New("designer: no variant loaded")

// Play plays the legal move numbered i in the last State's Moves.
func (s *Session) Play(i int) (State, error) {
	if s.g == nil {
		return failed(errNoVariant), errNoVariant
	}
	if i < 0 || i >= len(s.moves) || i >= s.list.Len() {
		err := fmt.Errorf("designer: no move %d (the position has %d)", i, len(s.moves))
		return failed(err), err
	}
	if err := s.g.Play(s.list.Moves[i]); err != nil {
		return failed(err), err
	}
	s.redo = s.redo[:0]
	return s.State(), nil
}

// PlayMove plays the move named name, in UCI (Board.Notation's form: what
// Search answers) or SAN.
func (s *Session) PlayMove(name string) (State, error) {
	if s.g == nil {
		return failed(errNoVariant), errNoVariant
	}
	if err := s.g.PlayMove(name); err != nil {
		if errSAN := s.g.PlaySAN(name); errSAN != nil {
			return failed(err), err
		}
	}
	s.redo = s.redo[:0]
	return s.State(), nil
}

// Undo takes the last move back; Redo plays again the moves taken back
// since the last new move.
func (s *Session) Undo() State {
	if s.g != nil && s.g.Len() > 0 {
		moves := s.g.Moves()
		s.g.Undo()
		s.redo = append(s.redo, moves[len(moves)-1])
	}
	return s.State()
}

// Redo plays again the last move Undo took back.
func (s *Session) Redo() State {
	if s.g != nil && len(s.redo) > 0 {
		m := s.redo[len(s.redo)-1]
		s.redo = s.redo[:len(s.redo)-1]
		if s.g.PlayMove(m) != nil {
			s.redo = nil // not legal any more: the variant changed under it
		}
	}
	return s.State()
}

// Edit changes the position on the board, as a board editor does: it
// empties square sq, and with a letter (a type's LetterString, N or +P)
// puts a new piece of that type and side there, unmoved. The game starts
// again from the position made.
func (s *Session) Edit(sq int, letter string, side board.Side) (State, error) {
	if s.g == nil {
		return failed(errNoVariant), errNoVariant
	}
	pos := s.g.Board().Position().Clone()
	if sq < 0 || sq >= pos.Squares() || pos.V.Hole(board.Square(sq)) {
		err := fmt.Errorf("designer: square %d is not on the board", sq)
		return failed(err), err
	}
	if pos.At(board.Square(sq)) >= 0 {
		pos.Remove(board.Square(sq))
	}
	if letter != "" {
		t := s.typeOf(letter)
		if t < 0 {
			err := fmt.Errorf("designer: the variant has no piece lettered %q", letter)
			return failed(err), err
		}
		id := pos.NewPiece(t, side, true)
		pos.Place(id, board.Square(sq))
	}
	return s.SetFEN(pos.FEN())
}

// typeOf returns the index of the type lettered letter, -1 for none.
func (s *Session) typeOf(letter string) int {
	for _, t := range s.prog.Types() {
		if t.LetterString() == letter && !t.Ghost {
			return t.Index
		}
	}
	return -1
}

// failed is the State of an error: for a variant file's errors, each with
// its line and column.
func failed(err error) State { return failedIn(err, "") }

// failedIn is failed for the errors of the variant file text: their
// columns, which lang counts in bytes, are counted in UTF-16 units, as a
// JavaScript string counts them.
func failedIn(err error, text string) State {
	st := State{Error: err.Error()}
	var list lang.ErrorList
	var one *lang.Error
	switch {
	case errors.As(err, &list):
		for _, e := range list {
			st.Errors = append(st.Errors, sourceError(e, text))
		}
	case errors.As(err, &one):
		st.Errors = append(st.Errors, sourceError(one, text))
	}
	if len(st.Errors) > 0 {
		st.Error = st.Errors[0].Text
	}
	return st
}

func sourceError(e *lang.Error, text string) SourceError {
	se := SourceError{Msg: e.Msg, Text: e.Error()}
	if e.Pos.Filename == Filename || e.Pos.Filename == "" {
		// a base file's error (from NAME) has no place in the editor
		se.Line, se.Col = e.Pos.Line, utf16Column(text, e.Pos.Line, e.Pos.Col)
	}
	return se
}

// utf16Column converts the 1-based byte column col of line (1-based) of
// text into a 1-based column in UTF-16 units. Without the text, or past
// its end, col stays as it is.
func utf16Column(text string, line, col int) int {
	for range line - 1 {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			return col
		}
		text = text[i+1:]
	}
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		text = text[:i]
	}
	if col < 1 || col-1 > len(text) {
		return col
	}
	return len(utf16.Encode([]rune(text[:col-1]))) + 1
}
