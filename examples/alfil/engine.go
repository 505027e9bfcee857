package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"time"

	"github.com/alfil-go/alfil/ai"
	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/pgn"
	"github.com/alfil-go/alfil/tier"
)

// searchFlags are the flags that bound and shape a search.
type searchFlags struct {
	depth    int
	movetime time.Duration
	threads  int
}

func (f *searchFlags) register(fs *flag.FlagSet, movetime time.Duration) {
	fs.IntVar(&f.depth, "depth", 0, fmt.Sprintf("search this many plies, 1 to %d (default: as deep as -movetime allows)", ai.MaxDepth))
	fs.DurationVar(&f.movetime, "movetime", movetime, "time per move, more than 0 (ignored with -depth)")
	fs.IntVar(&f.threads, "threads", 1, fmt.Sprintf("goroutines searching together, 1 to %d", ai.MaxThreads))
}

// check reports a flag out of its range.
func (f *searchFlags) check() error {
	switch {
	case f.depth < 0 || f.depth > ai.MaxDepth:
		return fmt.Errorf("-depth is 1 to %d, not %d", ai.MaxDepth, f.depth)
	case f.movetime <= 0:
		return fmt.Errorf("-movetime must be more than 0, not %v", f.movetime)
	case f.threads < 1 || f.threads > ai.MaxThreads:
		return fmt.Errorf("-threads is 1 to %d, not %d", ai.MaxThreads, f.threads)
	}
	return nil
}

func (f *searchFlags) limits() ai.Limits {
	if f.depth > 0 {
		return ai.Limits{Depth: f.depth}
	}
	return ai.Limits{Time: f.movetime}
}

// scoreText writes a score as centipawns or "mate N".
func scoreText(r ai.Result) string {
	if n := r.MateIn(); n != 0 {
		return fmt.Sprintf("mate %d", n)
	}
	return fmt.Sprint(r.Score)
}

// interrupted is the exit status of a command stopped by Ctrl-C (128 +
// SIGINT, as shells report it).
const interrupted = 130

// interrupt returns a context that ends on Ctrl-C. It is set up before a
// command parses its flags, so that no Ctrl-C falls between the command's
// start and its handling and kills the process unannounced.
func interrupt() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
}

func play(args []string, stdout, stderr io.Writer) int {
	ctx, stop := interrupt()
	defer stop()
	return playContext(ctx, args, stdout, stderr)
}

// playContext plays the game of play until its end, its ply limit or the
// end of ctx. When ctx ends it does not play the move chosen in a hurry,
// prints the game so far and returns the status interrupted.
func playContext(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs, pos := positionFlags("play", stderr)
	pos.registerMode(fs)
	var sf searchFlags
	sf.register(fs, 200*time.Millisecond)
	plies := fs.Int("plies", 80, "stop after this many plies")
	seed := fs.Uint64("seed", 0, "random seed for the random and greedy players (default: from the clock)")
	white := fs.String("white", "ai", "the first player: ai, random or greedy")
	black := fs.String("black", "ai", "the second player: ai, random or greedy")
	pgnPath := fs.String("pgn", "", "write the game to this file in PGN")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "alfil play: unexpected %q\n", fs.Arg(0))
		return 2
	}
	if err := sf.check(); err != nil {
		fmt.Fprintln(stderr, "alfil play:", err)
		return 2
	}
	b, err := pos.board()
	if err != nil {
		return fail(stderr, err)
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	rng := rand.New(rand.NewPCG(*seed, 0x616c66696c))
	engine := ai.New(b.Program(), ai.Options{Threads: sf.threads})
	var lowered *ai.TierEngine
	if b.Tier() {
		lowered = ai.NewTier(b.Program(), ai.OptionsOf[*tier.Position]{Threads: sf.threads})
	}
	players, err := newPlayers([2]string{*white, *black}, engine, lowered, sf.limits(), rng)
	if err != nil {
		fmt.Fprintln(stderr, "alfil play:", err)
		return 2
	}
	var record *os.File
	if *pgnPath != "" {
		// created before the game, so that a bad path costs no game
		if record, err = os.Create(*pgnPath); err != nil {
			return fail(stderr, err)
		}
		defer record.Close()
	}
	fmt.Fprintf(stdout, "%s: %s (first) against %s (second), seed %d\n%s\n", b.Program().Name, *white, *black, *seed, b.FEN())
	g := game.Take(b)
	for _, p := range players {
		if s, ok := p.(*ai.Searcher); ok {
			s.Game = g // the search knows the game's repetitions
		}
	}
	ply, err := playGame(ctx, g, players, *plies, stdout)
	if err != nil {
		return fail(stderr, err)
	}
	status := gameEnd(ctx, g, ply, stdout)
	if record != nil {
		// the game so far, interrupted or stopped at its ply limit too
		tags := []pgn.Tag{
			{Name: "Event", Value: "alfil play"},
			{Name: "Date", Value: time.Now().Format("2006.01.02")},
			{Name: "White", Value: playerName(*white, sf)},
			{Name: "Black", Value: playerName(*black, sf)},
		}
		if err := pgn.Write(record, g, tags...); err != nil {
			return fail(stderr, err)
		}
		if err := record.Close(); err != nil {
			return fail(stderr, err)
		}
	}
	return status
}

// playerName names a player of play in a PGN record: the ai with its
// limit ("alfil ai depth 3", "alfil ai 200ms a move"), the others by
// their name.
func playerName(name string, sf searchFlags) string {
	switch {
	case name != "ai":
		return "alfil " + name
	case sf.depth > 0:
		return fmt.Sprintf("alfil ai depth %d", sf.depth)
	}
	return fmt.Sprintf("alfil ai %v a move", sf.movetime)
}

// newPlayers returns the players that names name, each ai, random or
// greedy: the ai players search engine within limits, the others draw
// from rng.
func newPlayers(names [2]string, engine *ai.Engine, lowered *ai.TierEngine, limits ai.Limits, rng *rand.Rand) ([2]ai.Player, error) {
	var players [2]ai.Player
	for i, name := range names {
		switch name {
		case "ai":
			players[i] = &ai.Searcher{Engine: engine, Tier: lowered, Limits: limits}
		case "random":
			players[i] = ai.Random{Rand: rng}
		case "greedy":
			players[i] = ai.Greedy{Eval: engine.Evaluator(), Rand: rng}
		default:
			return players, fmt.Errorf("a player is ai, random or greedy, not %q", name)
		}
	}
	return players, nil
}

// playGame plays moves in g, printing each, until the game ends (by its
// position or its history: repetition, the move rule), plies are played
// or ctx ends, and returns the number of plies played. A move chosen
// after ctx ended is not played.
func playGame(ctx context.Context, g *game.Game, players [2]ai.Player, plies int, stdout io.Writer) (int, error) {
	b := g.Board()
	ply := 0
	for ; ply < plies && ctx.Err() == nil; ply++ {
		if g.Outcome().Over() {
			break
		}
		side := b.Position().ToMove
		start := time.Now()
		m, err := players[side].Choose(ctx, b)
		if ctx.Err() != nil {
			break // the move was chosen in a hurry: not played
		}
		if err != nil {
			return ply, err
		}
		// the FEN's move number: plies counted from a start with black
		// to move begin with black's half of the move
		pos := b.Position()
		number, took := pos.Fullmove+(pos.Ply+(int32(side)^pos.Ply&1))/2, time.Since(start)
		if err := g.Play(m); err != nil {
			return ply, err
		}
		// the move's name as the game recorded it among the legal moves
		text := g.Moves()[g.Len()-1]
		if s, ok := players[side].(*ai.Searcher); ok {
			text += fmt.Sprintf(" (score %s, depth %d, %v)", scoreText(s.Last), s.Last.Depth, took.Round(time.Millisecond))
		}
		switch {
		case side == board.First:
			fmt.Fprintf(stdout, "%d. %s", number, text)
		case g.Len() == 1: // a start with black to move
			fmt.Fprintf(stdout, "%d... %s\n", number, text)
		default:
			fmt.Fprintf(stdout, " %s\n", text)
		}
	}
	return ply, nil
}

// gameEnd prints the final position and how the game ended after ply
// plies, and returns the exit status: interrupted if ctx ended.
func gameEnd(ctx context.Context, g *game.Game, ply int, stdout io.Writer) int {
	b := g.Board()
	if b.Position().ToMove == board.Second {
		fmt.Fprintln(stdout)
	}
	fmt.Fprintf(stdout, "\n%s\n%s\n", b.Position().Draw(), b.FEN())
	if ctx.Err() != nil {
		fmt.Fprintf(stdout, "interrupted after %d plies\n", ply)
		return interrupted
	}
	if o := g.Outcome(); o.Over() {
		fmt.Fprintf(stdout, "result %s after %d plies\n", o, ply)
	} else {
		fmt.Fprintf(stdout, "stopped after %d plies\n", ply)
	}
	return 0
}

func search(args []string, stdout, stderr io.Writer) int {
	ctx, stop := interrupt()
	defer stop()
	return searchContext(ctx, args, stdout, stderr)
}

// searchContext is search until ctx ends: then the search returns the
// best move found so far, which is printed, and the status is interrupted.
func searchContext(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs, pos := positionFlags("search", stderr)
	pos.registerMode(fs)
	var sf searchFlags
	sf.register(fs, time.Second)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "alfil search: unexpected %q\n", fs.Arg(0))
		return 2
	}
	if err := sf.check(); err != nil {
		fmt.Fprintln(stderr, "alfil search:", err)
		return 2
	}
	b, err := pos.board()
	if err != nil {
		return fail(stderr, err)
	}
	var res ai.Result
	if b.Tier() {
		player := &ai.Searcher{Tier: ai.NewTier(b.Program(), ai.OptionsOf[*tier.Position]{Threads: sf.threads}), Limits: sf.limits()}
		_, err = player.Choose(ctx, b)
		res = player.Last
	} else {
		res, err = ai.New(b.Program(), ai.Options{Threads: sf.threads}).Search(ctx, b, sf.limits())
	}
	if err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "depth %d nodes %d time %v nps %.0f pv %v\n", res.Depth, res.Nodes,
		res.Elapsed.Round(time.Millisecond), float64(res.Nodes)/res.Elapsed.Seconds(), res.PV)
	fmt.Fprintf(stdout, "bestmove %s score %s\n", res.Name, scoreText(res))
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "alfil search: interrupted")
		return interrupted
	}
	return 0
}
