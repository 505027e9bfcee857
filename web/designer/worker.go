package designer

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/alfil-go/alfil/ai"
	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/movegen"
	"github.com/alfil-go/alfil/tier"
)

// The worker's computations: perft and the engine's search, each on a game
// given whole (the variant's text, the start FEN and the moves played), for
// the page's Web Worker holds no session of its own.

// PerftResult is a perft's count, its time and the count under each root
// move.
type PerftResult struct {
	OK     bool        `json:"ok"`
	Error  string      `json:"error,omitempty"`
	Nodes  uint64      `json:"nodes"`
	Ms     float64     `json:"ms"`
	Divide []RootCount `json:"divide"`
}

// RootCount is the count under one root move, named in UCI.
type RootCount struct {
	Move  string `json:"move"`
	Nodes uint64 `json:"nodes"`
}

// Progress is what Perft reports after each root move: Done of Total root
// moves counted, the last one Move with Nodes under it.
type Progress struct {
	Done  int    `json:"done"`
	Total int    `json:"total"`
	Move  string `json:"move"`
	Nodes uint64 `json:"nodes"`
}

// MaxPerftDepth is the deepest perft the designer runs: past it a count
// takes longer than a page is kept open, on any variant.
const MaxPerftDepth = 10

// Perft counts the leaves of the legal move tree to depth from the game
// of text (the variant file) started at fen ("" for its setup) with moves
// (UCI names) played, calling progress, if not nil, after each root move.
func Perft(text, fen string, moves []string, depth int, progress func(Progress)) PerftResult {
	if depth < 1 || depth > MaxPerftDepth {
		return PerftResult{Error: fmt.Sprintf("perft depth is 1 to %d, not %d", MaxPerftDepth, depth)}
	}
	g, err := replay(text, fen, moves)
	if err != nil {
		return PerftResult{Error: err.Error()}
	}
	start := time.Now()
	b := g.Board().Clone()
	var list movegen.MoveList
	b.Legal(&list)
	names := b.Notation(list.Moves)
	res := PerftResult{OK: true, Divide: make([]RootCount, 0, len(names))}
	for i, m := range list.Moves {
		mk := b.Make(m)
		n := b.Perft(depth - 1)
		if err := b.Unmake(mk); err != nil {
			return PerftResult{Error: err.Error()}
		}
		res.Nodes += n
		res.Divide = append(res.Divide, RootCount{Move: names[i], Nodes: n})
		if progress != nil {
			progress(Progress{Done: i + 1, Total: len(names), Move: names[i], Nodes: n})
		}
	}
	if err := b.Err(); err != nil {
		return PerftResult{Error: err.Error()}
	}
	res.Ms = float64(time.Since(start).Microseconds()) / 1000
	return res
}

// SearchResult is the engine's choice: its move in UCI and SAN, its score
// (centipawns for the side to move, or Mate moves to mate, negative when
// mated), the depth completed, the nodes searched and the time taken.
type SearchResult struct {
	OK    bool    `json:"ok"`
	Error string  `json:"error,omitempty"`
	Move  string  `json:"move"`
	SAN   string  `json:"san"`
	Score int     `json:"score"`
	Mate  int     `json:"mate"`
	Depth int     `json:"depth"`
	Nodes uint64  `json:"nodes"`
	Ms    float64 `json:"ms"`
}

// engines keeps the engines of the last variant searched, so that a game
// against the engine keeps its transposition table from move to move.
var engines struct {
	sync.Mutex
	text   string
	engine *ai.Engine
	tier   *ai.TierEngine
}

// Search lets the engine choose a move in the game of text started at fen
// with moves played, within movetime.
func Search(text, fen string, moves []string, movetime time.Duration) SearchResult {
	if movetime <= 0 {
		return SearchResult{Error: "the time per move must be more than 0"}
	}
	g, err := replay(text, fen, moves)
	if err != nil {
		return SearchResult{Error: err.Error()}
	}
	if g.Outcome().Over() {
		return SearchResult{Error: "the game is over: " + g.Outcome().String()}
	}
	engines.Lock()
	defer engines.Unlock()
	prog := g.Program()
	if engines.text != text || engines.engine == nil {
		engines.text, engines.tier = text, nil
		engines.engine = ai.New(prog, ai.Options{})
		if g.Board().Tier() {
			engines.tier = ai.NewTier(prog, ai.OptionsOf[*tier.Position]{})
		}
	}
	s := &ai.Searcher{Engine: engines.engine, Tier: engines.tier, Limits: ai.Limits{Time: movetime}, Game: g}
	b := g.Board()
	m, err := s.Choose(context.Background(), b)
	if err != nil {
		if errors.Is(err, ai.ErrNoMoves) {
			return SearchResult{Error: "no legal move"}
		}
		return SearchResult{Error: err.Error()}
	}
	r := s.Last
	res := SearchResult{
		OK: true, Move: b.MoveString(m), SAN: b.SAN([]movegen.Move{m})[0],
		Score: r.Score, Mate: r.MateIn(), Depth: r.Depth, Nodes: r.Nodes,
		Ms: float64(r.Elapsed.Microseconds()) / 1000,
	}
	return res
}

// replay compiles text and plays moves from fen.
func replay(text, fen string, moves []string) (*game.Game, error) {
	prog, err := movegen.Load(Filename, []byte(text), movegen.WithLoader(examples.Loader))
	if err != nil {
		return nil, err
	}
	g, err := game.New(prog, fen)
	if err != nil {
		return nil, err
	}
	for _, m := range moves {
		if err := g.PlayMove(m); err != nil {
			return nil, err
		}
	}
	return g, nil
}
