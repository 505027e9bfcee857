package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/lang"
	"github.com/alfil-go/alfil/magic"
	"github.com/alfil-go/alfil/movegen"
)

// position holds the flags that choose a variant, a position and the
// generator's mode.
type position struct {
	variant, file, fen string
	mode               modeFlag
	interpreted        bool // -fastpath=false
	noTier             bool // -tier=false
}

// modeFlag is the -mode flag: incremental (the default) or full.
type modeFlag struct{ movegen.Mode }

func (m *modeFlag) String() string { return m.Mode.String() }

func (m *modeFlag) Set(s string) error {
	mode, ok := movegen.ParseMode(s)
	if !ok {
		return fmt.Errorf("want incremental or full, not %q", s)
	}
	m.Mode = mode
	return nil
}

// registerMode adds the -mode flag.
func (p *position) registerMode(fs *flag.FlagSet) {
	fs.Var(&p.mode, "mode", "move generation: incremental (moves kept per line, recalculated when what they read changes) or full (everything regenerated; the reference)")
	fs.Func("tier", "true (the default) counts perft and searches on the bitboard tier when the variant lowers to it; false interprets", func(s string) error {
		on, err := strconv.ParseBool(s)
		p.noTier = !on
		return err
	})
}

func (p *position) register(fs *flag.FlagSet) {
	fs.StringVar(&p.variant, "variant", "", "an embedded variant (default "+examples.Default+")")
	fs.StringVar(&p.file, "file", "", "a variant file")
	fs.StringVar(&p.fen, "fen", "", "the position (default: the variant's setup)")
}

// board compiles the chosen variant and sets up the position.
func (p *position) board() (*movegen.Board, error) {
	var (
		name string
		src  []byte
		err  error
	)
	switch {
	case p.variant != "" && p.file != "":
		return nil, fmt.Errorf("give -variant or -file, not both")
	case p.file != "":
		name = p.file
		src, err = os.ReadFile(p.file)
	default:
		v := p.variant
		if v == "" {
			v = examples.Default
		}
		name = strings.TrimSuffix(v, ".alf") + ".alf"
		src, err = examples.Source(v)
	}
	if err != nil {
		return nil, err
	}
	opts := []movegen.Option{movegen.WithLoader(loaderFor(p.file == "", name))}
	if p.interpreted {
		opts = append(opts, movegen.Interpreted())
	}
	prog, err := movegen.Load(name, src, opts...)
	if err != nil {
		return nil, err
	}
	b, err := prog.NewBoard(p.fen)
	if err != nil {
		if p.fen != "" {
			return nil, fmt.Errorf("-fen %q: %w", p.fen, err)
		}
		return nil, err
	}
	b.SetMode(p.mode.Mode)
	b.SetTier(!p.noTier)
	return b, nil
}

// fail prints an error and returns 1; a variant file's error list is
// printed one error per line with its source line and caret.
func fail(stderr io.Writer, err error) int {
	var list lang.ErrorList
	if !errors.As(err, &list) {
		fmt.Fprintln(stderr, "alfil:", err)
		return 1
	}
	for _, e := range list {
		fmt.Fprintln(stderr, e.Snippet())
	}
	fmt.Fprintf(stderr, "%d error(s)\n", len(list))
	return 1
}

// positionFlags returns the flag set of a command that works on a position.
func positionFlags(name string, stderr io.Writer) (*flag.FlagSet, *position) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	pos := &position{}
	pos.register(fs)
	return fs, pos
}

// perftRoot is what perft counts from, in either engine: the legal moves at
// the root and how to count below them.
type perftRoot struct {
	moves  []string
	count  func(i int) uint64 // perft(depth-1) under move i
	total  func() uint64      // perft(depth)
	what   string             // the engine and its mode, for the timing line
	genErr func() error       // a budget error of the generator
}

// perft is the perft command: it counts the leaves of the legal move tree
// of the chosen position, in the chosen engine.
func perft(args []string, stdout, stderr io.Writer) int {
	fs, pos := positionFlags("perft", stderr)
	pos.registerMode(fs)
	depth := fs.Int("depth", 0, "the depth to count to (required)")
	divide := fs.Bool("divide", false, "print the count under each legal move")
	engine := fs.String("engine", "alfil", "alfil (the language engine) or magic (the classic bitboard generator; standard chess only)")
	fastpath := fs.Bool("fastpath", true, "generate leapers and riders with kernels and judge legality from lowered tables; false interprets every line")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *depth < 1 || *depth > movegen.MaxPerftDepth || fs.NArg() > 0 {
		fmt.Fprintf(stderr, "alfil perft: give -depth N (1 to %d)\n", movegen.MaxPerftDepth)
		return 2
	}
	pos.interpreted = !*fastpath
	var (
		root *perftRoot
		err  error
	)
	switch *engine {
	case "alfil":
		root, err = alfilRoot(pos, *depth)
	case "magic":
		if pos.file != "" || pos.variant != "" && pos.variant != "chess" {
			fmt.Fprintln(stderr, "alfil perft: -engine magic plays standard chess only")
			return 2
		}
		root, err = magicRoot(pos.fen, *depth)
	default:
		fmt.Fprintf(stderr, "alfil perft: -engine is alfil or magic, not %q\n", *engine)
		return 2
	}
	if err != nil {
		return fail(stderr, err)
	}
	start := time.Now()
	var nodes uint64
	if *divide || *depth > 1 && *engine == "alfil" {
		nodes = root.divide(*divide, stdout, stderr)
	} else {
		nodes = root.total()
	}
	elapsed := time.Since(start)
	if err := root.genErr(); err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "nodes %d\n", nodes)
	fmt.Fprintf(stderr, "time %v, %.0f nodes/s (%s)\n", elapsed.Round(time.Millisecond), float64(nodes)/elapsed.Seconds(), root.what)
	return 0
}

// alfilRoot sets up the chosen position in the language engine for a perft
// to depth.
func alfilRoot(pos *position, depth int) (*perftRoot, error) {
	b, err := pos.board()
	if err != nil {
		return nil, err
	}
	var list movegen.MoveList
	b.Legal(&list)
	root := &perftRoot{moves: b.Notation(list.Moves), genErr: b.Err}
	root.count = func(i int) uint64 {
		mk := b.Make(list.Moves[i])
		defer b.Unmake(mk)
		return b.Perft(depth - 1)
	}
	root.total = func() uint64 { return b.Perft(depth) }
	root.what = b.Mode().String() + " mode"
	switch {
	case b.Tier():
		root.what = "bitboard tier"
	case pos.interpreted:
		root.what += ", interpreted"
	}
	return root, nil
}

// magicRoot sets up fen (the start position if empty) in the classic
// bitboard generator for a perft to depth.
func magicRoot(fen string, depth int) (*perftRoot, error) {
	if fen == "" {
		fen = magic.StartFEN
	}
	p, err := magic.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	list := p.LegalMoves(nil)
	root := &perftRoot{what: "magic bitboards", genErr: func() error { return nil }}
	for _, m := range list {
		root.moves = append(root.moves, m.String())
	}
	root.count = func(i int) uint64 {
		before := p.Make(list[i])
		defer p.Unmake(before)
		return p.Perft(depth - 1)
	}
	root.total = func() uint64 { return p.Perft(depth) }
	return root, nil
}

// divide counts the nodes under each root move and returns their sum,
// printing each count if show is set, and the progress on stderr when it
// is a terminal.
func (r *perftRoot) divide(show bool, stdout, stderr io.Writer) uint64 {
	var nodes uint64
	progress := isTerminal(stderr)
	for i := range r.moves {
		n := r.count(i)
		nodes += n
		if show {
			fmt.Fprintf(stdout, "%s: %d\n", r.moves[i], n)
		}
		if progress {
			fmt.Fprintf(stderr, "\r%d/%d root moves", i+1, len(r.moves))
		}
	}
	if progress {
		fmt.Fprint(stderr, "\r\033[K")
	}
	return nodes
}

// isTerminal reports whether w is a terminal (for progress lines).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func moves(args []string, stdout, stderr io.Writer) int {
	fs, pos := positionFlags("moves", stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	b, err := pos.board()
	if err != nil {
		return fail(stderr, err)
	}
	var list movegen.MoveList
	b.Legal(&list)
	names := b.Notation(list.Moves)
	if err := b.Err(); err != nil {
		return fail(stderr, err)
	}
	for _, name := range names {
		fmt.Fprintln(stdout, name)
	}
	return 0
}

func tree(args []string, stdout, stderr io.Writer) int {
	fs, pos := positionFlags("tree", stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "alfil tree: name one PIECE")
		return 2
	}
	b, err := pos.board()
	if err != nil {
		return fail(stderr, err)
	}
	dump, err := b.Program().Dump(fs.Arg(0))
	if err != nil {
		return fail(stderr, err)
	}
	fmt.Fprint(stdout, dump)
	return 0
}
