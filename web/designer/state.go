package designer

import (
	"strings"

	"github.com/alfil-go/alfil/board"
)

// State is what the page draws: the variant's board and the game on it.
// Its JSON names are the bridge's contract with the page (web/static).
type State struct {
	OK     bool          `json:"ok"`
	Error  string        `json:"error,omitempty"`
	Errors []SourceError `json:"errors,omitempty"`

	Name    string   `json:"name"`
	Width   int      `json:"width"`
	Height  int      `json:"height"`
	Files   []string `json:"files"`
	Ranks   []string `json:"ranks"`
	Squares []Square `json:"squares"`

	ToMove   string `json:"toMove"`
	FEN      string `json:"fen"`
	StartFEN string `json:"startFen"`
	History  []Ply  `json:"history"`
	Ply      int    `json:"ply"`
	CanUndo  bool   `json:"canUndo"`
	CanRedo  bool   `json:"canRedo"`
	// Moves are the legal moves, in the order Session.Play numbers them
	Moves []Move `json:"moves"`
	// Hands are the pieces each side has in hand, in a variant with hands
	Hands *Hands `json:"hands"`
	// InCheck: the side to move is in check; Checks are the squares of
	// its royal pieces then
	InCheck bool  `json:"inCheck"`
	Checks  []int `json:"checks"`
	// Last is the previous move's squares
	Last   *LastMove `json:"last"`
	Over   bool      `json:"over"`
	Result string    `json:"result"`
	Reason string    `json:"reason"`
	// Types are the piece types, for the board editor's palette
	Types []Type `json:"types"`
	// CompileMs is how long Load took to compile the variant
	CompileMs float64 `json:"compileMs,omitempty"`
}

// SourceError is one error of the variant file, at Line and Col (1-based;
// Col in UTF-16 units, as the page's text counts; both 0 for an error in a
// file it inherits from). Text is the whole message with its place.
type SourceError struct {
	Line int    `json:"line"`
	Col  int    `json:"col"`
	Msg  string `json:"msg"`
	Text string `json:"text"`
}

// Square is one square of the board: X its file, Y its rank (0 is the
// first player's first rank).
type Square struct {
	X     int    `json:"x"`
	Y     int    `json:"y"`
	Name  string `json:"name"`
	Hole  bool   `json:"hole,omitempty"`
	Piece *Piece `json:"piece"`
}

// Piece is the piece on a square: its type's letter as FEN writes it for
// the first player, its side and its type's name; Stack lists the letters
// of a proxy's stack, top first.
type Piece struct {
	Letter string   `json:"letter"`
	Side   string   `json:"side"`
	Type   string   `json:"type"`
	Stack  []string `json:"stack,omitempty"`
}

// Ply is a move played, named in SAN and UCI.
type Ply struct {
	SAN string `json:"san"`
	UCI string `json:"uci"`
}

// Move is a legal move: the squares it goes From and To (From -1 for a
// drop, To -1 for a move without one landing square, From == To for a
// pass or a move that stays), its names, and the letter of the type a
// drop puts down.
type Move struct {
	From int    `json:"from"`
	To   int    `json:"to"`
	SAN  string `json:"san"`
	UCI  string `json:"uci"`
	Drop string `json:"drop"`
	Pass bool   `json:"pass"`
}

// Hands are the pieces in hand of each side.
type Hands struct {
	White []InHand `json:"white"`
	Black []InHand `json:"black"`
}

// InHand is a type in hand and how many pieces of it.
type InHand struct {
	Letter string `json:"letter"`
	Count  int    `json:"count"`
}

// LastMove is the squares of the previous move.
type LastMove struct {
	From int `json:"from"`
	To   int `json:"to"`
}

// Type is a piece type of the variant.
type Type struct {
	Letter string `json:"letter"`
	Name   string `json:"name"`
}

// sideName is how the State names a side.
func sideName(s board.Side) string {
	if s == board.First {
		return "white"
	}
	return "black"
}

// State describes the session's game as it stands.
func (s *Session) State() State {
	if s.g == nil {
		return State{Error: errNoVariant.Error()}
	}
	b := s.g.Board()
	pos := b.Position()
	prog := s.prog
	st := State{
		OK:       true,
		Name:     prog.Name,
		Width:    prog.Width,
		Height:   prog.Height,
		ToMove:   sideName(pos.ToMove),
		FEN:      s.g.FEN(),
		StartFEN: s.g.StartFEN(),
		Ply:      s.g.Len(),
		CanUndo:  s.g.Len() > 0,
		CanRedo:  len(s.redo) > 0,
	}
	for x := range prog.Width {
		st.Files = append(st.Files, pos.FileName(x))
	}
	for y := range prog.Height {
		st.Ranks = append(st.Ranks, strings.TrimPrefix(pos.SquareName(pos.Sq(0, y)), pos.FileName(0)))
	}
	types := prog.Types()
	st.InCheck = b.InCheck()
	var chain []int32
	st.Squares = make([]Square, pos.Squares())
	for i := range st.Squares {
		sq := board.Square(i)
		x, y := pos.XY(sq)
		cell := Square{X: x, Y: y, Name: pos.SquareName(sq), Hole: pos.V.Hole(sq)}
		if id := pos.At(sq); id >= 0 && !types[pos.Pieces[id].Type].Ghost {
			// (a ghost, en passant's, is the rules' bookkeeping: FEN does
			// not write it and the board does not draw it)
			pc := &pos.Pieces[id]
			t := types[pc.Type]
			cell.Piece = &Piece{Letter: t.LetterString(), Side: sideName(pc.Side), Type: t.Name}
			if pos.ChainLen(id) > 1 {
				chain = pos.Chain(id, chain[:0])
				for _, c := range chain {
					cell.Piece.Stack = append(cell.Piece.Stack, types[pos.Pieces[c].Type].LetterString())
				}
			}
			if st.InCheck && pc.Side == pos.ToMove && t.Royal {
				st.Checks = append(st.Checks, i)
			}
		}
		st.Squares[i] = cell
	}

	sans, ucis := s.g.SANMoves(), s.g.Moves()
	st.History = make([]Ply, len(ucis))
	for i := range ucis {
		st.History[i] = Ply{SAN: sans[i], UCI: ucis[i]}
	}

	s.g.Legal(&s.list)
	names, notation := b.SAN(s.list.Moves), b.Notation(s.list.Moves)
	s.moves = s.moves[:0]
	for i, m := range s.list.Moves {
		mv := Move{From: int(m.From), To: int(b.To(m)), SAN: names[i], UCI: notation[i], Pass: b.IsPass(m)}
		if b.IsDrop(m) {
			mv.From, mv.Drop = -1, types[b.Mover(m)].LetterString()
		}
		if mv.To < 0 || mv.To >= len(st.Squares) {
			mv.To = -1
		}
		s.moves = append(s.moves, mv)
	}
	st.Moves = s.moves

	if prog.Hands() {
		st.Hands = &Hands{White: []InHand{}, Black: []InHand{}}
		for side, hand := range pos.Hand {
			for t, n := range hand {
				if n <= 0 {
					continue
				}
				h := InHand{Letter: types[t].LetterString(), Count: int(n)}
				if board.Side(side) == board.First {
					st.Hands.White = append(st.Hands.White, h)
				} else {
					st.Hands.Black = append(st.Hands.Black, h)
				}
			}
		}
	}
	if n := s.g.Len(); n > 0 {
		st.Last = s.lastMove(ucis[n-1])
	}
	out := s.g.Outcome()
	st.Over, st.Result = out.Over(), "*"
	if out.Over() {
		st.Result, st.Reason = out.Result.String(), out.Reason.String()
	}
	for _, t := range types {
		if !t.Ghost {
			st.Types = append(st.Types, Type{Letter: t.LetterString(), Name: t.Name})
		}
	}
	return st
}

// lastMove finds the squares of the move played last, named uci, by
// reading its name's squares: the first and the last square named (a
// drop's only one).
func (s *Session) lastMove(uci string) *LastMove {
	pos := s.g.Board().Position()
	var squares []int
	for i := 0; i < len(uci); {
		j := i
		for j < len(uci) && uci[j] >= 'a' && uci[j] <= 'z' {
			j++
		}
		k := j
		for k < len(uci) && uci[k] >= '0' && uci[k] <= '9' {
			k++
		}
		if j > i && k > j {
			if sq, err := pos.ParseSquare(uci[i:k]); err == nil {
				squares = append(squares, int(sq))
			}
		}
		i = max(k, i+1)
	}
	switch len(squares) {
	case 0:
		return nil
	case 1:
		return &LastMove{From: -1, To: squares[0]}
	}
	return &LastMove{From: squares[0], To: squares[len(squares)-1]}
}
