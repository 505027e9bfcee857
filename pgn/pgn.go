package pgn

import (
	"fmt"
	"strings"
	"sync"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/movegen"
)

// Tag is one tag pair of a game's header: [Name "Value"].
type Tag struct {
	Name, Value string
}

// Record is one game read from PGN: its tags in the order written, the
// game with its moves played, and the result the record gives.
type Record struct {
	Tags []Tag
	Game *game.Game
	// Result is the game's result: the outcome when the moves end the
	// game (checkmate, stalemate, a rule of the variant), else the one
	// the record states (a resignation, a time forfeit, an adjudication:
	// ends the board does not show), board.Ongoing for "*". The Result tag
	// in Tags says the same.
	Result board.Result
}

// Tag returns the value of the tag named name (compared as written), or
// "" when the record has none.
func (r *Record) Tag(name string) string {
	for _, t := range r.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// Variants finds the program of a variant by its canonical name
// (VariantName's): Read calls it once per game.
type Variants func(name string) (*movegen.Program, error)

var embedded = struct {
	sync.Mutex
	progs map[string]*movegen.Program
}{progs: map[string]*movegen.Program{}}

// Embedded is the Variants of the variants that ship with alfil
// (examples.Names), each compiled once and shared: a Program is
// immutable.
func Embedded(name string) (*movegen.Program, error) {
	embedded.Lock()
	defer embedded.Unlock()
	if prog, ok := embedded.progs[name]; ok {
		return prog, nil
	}
	src, err := examples.Source(name)
	if err != nil {
		return nil, err
	}
	prog, err := movegen.Load(name+".alf", src, movegen.WithLoader(examples.Loader))
	if err != nil {
		return nil, err
	}
	embedded.progs[name] = prog
	return prog, nil
}

// variantAliases maps the squashed names other programs give variants
// (Lichess: "Standard", "From Position", "Three-check", "King of the
// Hill") to the embedded variants' names.
var variantAliases = map[string]string{
	"":             "chess",
	"standard":     "chess",
	"fromposition": "chess",
	"threecheck":   "3check",
	"koth":         "kingofthehill",
	"aiwok":        "ai-wok", // Fairy-Stockfish's name keeps its hyphen
}

// VariantName returns the canonical name of the variant a Variant tag
// names: lower case, without spaces, hyphens, underscores and plus signs
// (Fairy-Stockfish's seirawan+960 is seirawan960.alf), and the
// names Lichess writes mapped to the embedded variants' ("Standard" and
// "From Position" → chess, "Three-check" → 3check, "King of the Hill" →
// kingofthehill), and back to the one embedded name that keeps a hyphen
// (ai-wok). No tag (tag "") means chess.
func VariantName(tag string) string {
	name := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_', '+', '\t':
			return -1
		}
		return r
	}, strings.ToLower(tag))
	if alias, ok := variantAliases[name]; ok {
		return alias
	}
	return name
}

// resultText is the PGN form of a result: 1-0, 0-1, 1/2-1/2, or * for a
// game that goes on.
func resultText(r board.Result) string {
	if r == board.Ongoing {
		return "*"
	}
	return r.String()
}

// parseResult reads a PGN result.
func parseResult(s string) (board.Result, bool) {
	switch s {
	case "1-0":
		return board.FirstWins, true
	case "0-1":
		return board.SecondWins, true
	case "1/2-1/2":
		return board.Draw, true
	case "*":
		return board.Ongoing, true
	}
	return board.Ongoing, false
}

// sideName names a side as PGN's players: white moves first.
func sideName(s board.Side) string {
	if s == board.First {
		return "white"
	}
	return "black"
}

// moveNumber returns the number PGN gives the move about to be played on
// b (the FEN's move number: it goes up after the second side's move).
func moveNumber(b *movegen.Board) int {
	pos := b.Position()
	start := pos.ToMove ^ board.Side(pos.Ply&1) // the side that moved first
	return int(pos.Fullmove) + (int(pos.Ply)+int(start))/2
}

// setupFEN returns the FEN of prog's own start position.
func setupFEN(prog *movegen.Program) (string, error) {
	b, err := prog.NewBoard("")
	if err != nil {
		return "", fmt.Errorf("the variant's setup: %w", err)
	}
	return b.FEN(), nil
}
