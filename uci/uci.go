package uci

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/alfil-go/alfil/ai"
	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/game"
	"github.com/alfil-go/alfil/movegen"
	"github.com/alfil-go/alfil/tier"
)

// Engine is one UCI session: the variant, the game set up by position,
// and the search under way.
type Engine struct {
	out  io.Writer
	outM sync.Mutex // a search's bestmove is written from its goroutine

	variant string // the UCI_Variant
	c960    bool   // UCI_Chess960: a variant V is played as V960 when alfil ships one
	path    string // the VariantPath file, when set
	prog    *movegen.Program
	threads int
	hashMB  int
	game    *game.Game
	engine  *ai.Engine
	tierEng *ai.TierEngine

	cancel context.CancelFunc // the search under way, or nil
	done   chan struct{}      // closed when it has written bestmove
}

// New returns an engine playing chess that writes to out.
func New(out io.Writer) *Engine {
	return &Engine{out: out, variant: "chess", threads: 1, hashMB: 16}
}

// Run reads commands from in until quit or the end of in, and returns
// the error reading failed with, if any. A search still under way at the
// end is stopped and its bestmove written.
func (e *Engine) Run(in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		if !e.Command(sc.Text()) {
			e.stop()
			return nil
		}
	}
	e.stop()
	return sc.Err()
}

// Command carries out one command line and reports false for quit.
func (e *Engine) Command(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	cmd, args := fields[0], fields[1:]
	var err error
	switch cmd {
	case "uci":
		e.hello()
	case "isready":
		// readyok always follows, as a GUI waits for it: a variant that
		// does not load is reported first
		if err := e.ensure(); err != nil {
			e.fail(err)
		}
		e.say("readyok")
	case "ucinewgame":
		e.stop()
		e.engine, e.tierEng, e.game = nil, nil, nil
	case "setoption":
		err = e.setOption(args)
	case "position":
		e.stop()
		err = e.position(args)
	case "go":
		err = e.goCommand(args)
	case "stop":
		e.stop()
	case "ponderhit":
		// no pondering: a search runs under the limits it was given
	case "quit":
		return false
	case "debug", "register":
	default:
		err = fmt.Errorf("unknown command %q", cmd)
	}
	if err != nil {
		e.fail(err)
	}
	return true
}

// fail reports err in an info string: one line, as UCI reads them (a
// variant file's errors, one per line, are joined).
func (e *Engine) fail(err error) {
	e.say("info string error: %s", strings.Join(strings.Fields(strings.ReplaceAll(err.Error(), "\n", " ; ")), " "))
}

func (e *Engine) say(format string, a ...any) {
	e.outM.Lock()
	defer e.outM.Unlock()
	fmt.Fprintf(e.out, format+"\n", a...)
}

func (e *Engine) hello() {
	e.say("id name alfil")
	e.say("id author the alfil developers")
	e.say("option name UCI_Variant type combo default chess %s", "var "+strings.Join(examples.Names(), " var "))
	e.say("option name UCI_Chess960 type check default false")
	e.say("option name VariantPath type string default <empty>")
	e.say("option name Threads type spin default 1 min 1 max %d", ai.MaxThreads)
	e.say("option name Hash type spin default 16 min 1 max 4096")
	e.say("uciok")
}

// setOption reads name … value … and sets the option.
func (e *Engine) setOption(args []string) error {
	rest := strings.Join(args, " ")
	name, value, _ := strings.Cut(strings.TrimPrefix(rest, "name "), " value ")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	e.stop()
	switch strings.ToLower(name) {
	case "uci_variant":
		if _, err := examples.Source(value); err != nil && e.path == "" {
			return fmt.Errorf("no variant %q (have %s)", value, strings.Join(examples.Names(), ", "))
		}
		e.variant = value
		e.prog = nil
	case "uci_chess960":
		if value != "true" && value != "false" {
			return fmt.Errorf("UCI_Chess960 is true or false, not %q", value)
		}
		e.c960, e.prog = value == "true", nil
	case "variantpath":
		if value == "" || value == "<empty>" {
			e.path, e.prog = "", nil
			return nil
		}
		if _, err := os.Stat(value); err != nil {
			return err
		}
		e.path, e.prog = value, nil
	case "threads":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > ai.MaxThreads {
			return fmt.Errorf("Threads is 1 to %d, not %q", ai.MaxThreads, value)
		}
		e.threads, e.engine, e.tierEng = n, nil, nil
	case "hash":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > 4096 {
			return fmt.Errorf("Hash is 1 to 4096 MB, not %q", value)
		}
		e.hashMB, e.engine, e.tierEng = n, nil, nil
	default:
		return fmt.Errorf("unknown option %q", name)
	}
	return nil
}

// ensure loads the variant and sets up its start position if that is
// not done yet.
func (e *Engine) ensure() error {
	if e.prog == nil {
		prog, err := e.load()
		if err != nil {
			return err
		}
		e.prog, e.game, e.engine, e.tierEng = prog, nil, nil, nil
	}
	if e.game == nil {
		g, err := game.New(e.prog, "")
		if err != nil {
			return err
		}
		e.game = g
	}
	if e.engine == nil {
		bits := tableBits(e.hashMB)
		e.engine = ai.New(e.prog, ai.Options{Threads: e.threads, TableBits: bits})
		if _, why := e.prog.Tier(); why == nil {
			e.tierEng = ai.NewTier(e.prog, ai.OptionsOf[*tier.Position]{Threads: e.threads, TableBits: bits})
		}
	}
	return nil
}

// load reads the variant: from VariantPath when it names one of that
// file's game, else the embedded variant of that name.
func (e *Engine) load() (*movegen.Program, error) {
	if e.path != "" {
		src, err := os.ReadFile(e.path)
		if err != nil {
			return nil, err
		}
		return movegen.Load(e.path, src, movegen.WithLoader(examples.DirLoader(filepath.Dir(e.path))))
	}
	name := e.variant
	if e.c960 {
		// castling from any start, written king-takes-rook: chess960.alf
		// for chess, seirawan960.alf for seirawan
		if _, err := examples.Source(name + "960"); err == nil {
			name += "960"
		}
	}
	src, err := examples.Source(name)
	if err != nil {
		return nil, err
	}
	return movegen.Load(name+".alf", src, movegen.WithLoader(examples.Loader))
}

// tableBits is the transposition table's size for a Hash of mb
// megabytes (an entry takes 16 bytes).
func tableBits(mb int) int {
	bits := 10
	for bits < 30 && (1<<(bits+1))*16 <= mb<<20 {
		bits++
	}
	return bits
}

// position reads startpos|fen FEN… [moves M…].
func (e *Engine) position(args []string) error {
	if err := e.ensure(); err != nil {
		return err
	}
	fen := ""
	switch {
	case len(args) > 0 && args[0] == "startpos":
		args = args[1:]
	case len(args) > 0 && args[0] == "fen":
		end := len(args)
		for i, a := range args {
			if a == "moves" {
				end = i
				break
			}
		}
		fen = strings.Join(args[1:end], " ")
		args = args[end:]
	default:
		return fmt.Errorf("position: expected startpos or fen, found %q", strings.Join(args, " "))
	}
	g, err := game.New(e.prog, fen)
	if err != nil {
		return fmt.Errorf("position: %w", err)
	}
	if len(args) > 0 {
		if args[0] != "moves" {
			return fmt.Errorf("position: expected moves, found %q", args[0])
		}
		for _, m := range args[1:] {
			if err := g.PlayMove(m); err != nil {
				e.game = g // the moves before the bad one stand
				return fmt.Errorf("position: %w", err)
			}
		}
	}
	e.game = g
	return nil
}

// goCommand reads the limits of a search (or perft N) and starts it.
func (e *Engine) goCommand(args []string) error {
	if err := e.ensure(); err != nil {
		return err
	}
	e.stop()
	var lim ai.Limits
	var clock [2]time.Duration // wtime, btime
	var clocked [2]bool        // whether go gave the side's clock
	var inc [2]time.Duration
	movesToGo, infinite := 0, false
	for i := 0; i < len(args); i++ {
		key := args[i]
		if key == "infinite" || key == "ponder" {
			infinite = true
			continue
		}
		if i+1 >= len(args) {
			return fmt.Errorf("go: %s needs a number", key)
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err == nil && n < 0 && (key == "wtime" || key == "btime") {
			n = 0 // a clock already run out, as GUIs with a time margin send it: move at once
		}
		if err != nil || n < 0 {
			return fmt.Errorf("go: %s %q is not a count", key, args[i+1])
		}
		i++
		ms := time.Duration(n) * time.Millisecond
		switch key {
		case "perft":
			return e.perft(int(n))
		case "depth":
			lim.Depth = int(min(n, ai.MaxDepth))
		case "nodes":
			lim.Nodes = uint64(n)
		case "movetime":
			lim.Time = ms
		case "wtime":
			clock[0], clocked[0] = ms, true
		case "btime":
			clock[1], clocked[1] = ms, true
		case "winc":
			inc[0] = ms
		case "binc":
			inc[1] = ms
		case "movestogo":
			movesToGo = int(n)
		case "mate":
			lim.Depth = int(min(2*n, ai.MaxDepth))
		default:
			return fmt.Errorf("go: unknown limit %q", key)
		}
	}
	side := e.game.Board().Position().ToMove
	if lim.Time == 0 && clocked[side] && !infinite {
		lim.Time = budget(clock[side], inc[side], movesToGo)
	}
	if infinite {
		lim = ai.Limits{Depth: lim.Depth}
	}
	ctx, cancel := context.WithCancel(context.Background())
	e.cancel, e.done = cancel, make(chan struct{})
	g := e.game.Clone() // the search's own: a new position may come while it runs
	s := &ai.Searcher{Engine: e.engine, Tier: e.tierEng, Limits: lim, Game: g}
	go func(done chan struct{}) {
		defer close(done)
		e.search(ctx, s, g, infinite)
	}(e.done)
	return nil
}

// budget is the time to spend on a move with remaining on the clock, inc
// added per move and movesToGo moves to the next control (0: sudden
// death, counted as 30): a share of the clock, never more than half.
func budget(remaining, inc time.Duration, movesToGo int) time.Duration {
	if movesToGo <= 0 {
		movesToGo = 30
	}
	t := remaining/time.Duration(movesToGo) + inc*3/4
	return max(min(t, remaining/2), time.Millisecond)
}

// search runs one search and writes its info and bestmove; an infinite
// search waits for stop before it writes bestmove, as UCI asks.
func (e *Engine) search(ctx context.Context, s *ai.Searcher, g *game.Game, infinite bool) {
	b := g.Board()
	m, err := s.Choose(ctx, b)
	if infinite {
		<-ctx.Done()
	}
	switch {
	case err != nil && err != ai.ErrNoMoves:
		e.fail(err)
		fallthrough
	case err == ai.ErrNoMoves, s.Last.Name == "":
		e.say("bestmove 0000")
		return
	}
	if r := s.Last; r.Depth > 0 {
		e.say("info depth %d score %s nodes %d time %d pv %s", r.Depth, score(r), r.Nodes, r.Elapsed.Milliseconds(), strings.Join(r.PV, " "))
	}
	e.say("bestmove %s", b.MoveString(m))
}

// score writes a search score in UCI's form: cp N, or mate N in moves.
func score(r ai.Result) string {
	if n := r.MateIn(); n != 0 {
		return fmt.Sprintf("mate %d", n)
	}
	return fmt.Sprintf("cp %d", r.Score)
}

// Wait waits until the search under way, if any, ends by its own limits
// (depth, nodes, movetime, the clock) and has written its bestmove: for a
// program that drives the engine with Command. A go infinite search ends
// only with stop, so Wait after one does not return.
func (e *Engine) Wait() {
	if e.cancel == nil {
		return
	}
	<-e.done
	e.cancel()
	e.cancel, e.done = nil, nil
}

// stop ends the search under way, if any, and waits for its bestmove.
func (e *Engine) stop() {
	if e.cancel == nil {
		return
	}
	e.cancel()
	<-e.done
	e.cancel, e.done = nil, nil
}

// perft writes the moves' counts at depth n, then the total, as
// Fairy-Stockfish's go perft does.
func (e *Engine) perft(n int) error {
	if n < 1 || n > movegen.MaxPerftDepth {
		return fmt.Errorf("go perft: depth 1 to %d, not %d", movegen.MaxPerftDepth, n)
	}
	b := e.game.Board().Clone()
	var list movegen.MoveList
	b.Legal(&list)
	names := b.Notation(list.Moves)
	var total uint64
	for i, m := range list.Moves {
		mk := b.Make(m)
		c := b.Perft(n - 1)
		if err := b.Err(); err != nil {
			return fmt.Errorf("go perft: %w", err)
		}
		b.Unmake(mk)
		total += c
		e.say("%s: %d", names[i], c)
	}
	e.say("")
	e.say("Nodes searched: %d", total)
	e.say("")
	return nil
}
