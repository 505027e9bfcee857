// Command alfil works with variant files written in the piece language.
//
// Usage:
//
//	alfil play    [-variant NAME | -file F.alf] [-fen FEN] [-white P] [-black P] [-depth D | -movetime T] [-threads N] [-plies N] [-seed S] [-mode M] [-pgn FILE]
//	alfil search  [-variant NAME | -file F.alf] [-fen FEN] [-depth D | -movetime T] [-threads N] [-mode M]
//	alfil perft   [-variant NAME | -file F.alf] [-fen FEN] -depth N [-divide] [-mode M] [-engine E] [-fastpath=false]
//	alfil moves   [-variant NAME | -file F.alf] [-fen FEN]
//	alfil threats [-variant NAME | -file F.alf] [-fen FEN] [-by white|black] [-type PIECE] [-mode M]
//	alfil tree    [-variant NAME | -file F.alf] PIECE
//	alfil check   [-print] FILE | -variant NAME
//	alfil import  [-variant NAME] [-o FILE.alf] [-partial] FILE.ini
//	alfil variants
//	alfil serve   [-addr HOST:PORT]
//
// play plays a game — each player ai (the search), random or greedy (one
// ply), engine against engine by default at 200ms a move — and prints each
// move (with the engine's score and depth), the final position and the
// result; -pgn FILE also writes the game to FILE in PGN (package pgn).
// search searches one position and ends with the line
// "bestmove MOVE score S", S in centipawns or "mate N". perft counts the leaf nodes
// of the legal move tree and ends with the line "nodes N"; -divide first
// prints one "MOVE: COUNT" line per legal move. moves lists the legal moves.
// threats draws the threatened-square map: the squares where a piece of
// one side (by default the side to move) would be capturable by the other,
// judged for a stand-in of -type where none of its pieces stands, with the
// side's pieces on the map in brackets and empty squares on it as x.
// tree prints a piece's compiled move tree with the line:col of every node.
// check reads a variant file as loading it does (parse and compile, the
// setup included) and prints a summary (pieces, move lines after macro
// expansion) or every error with its file:line:col, exiting with status 1 on
// errors; -print prints the canonical, fully expanded source instead.
// import converts a variant of a Fairy-Stockfish variants.ini (package
// fsfini) into a variant file, on standard output or in -o FILE; every
// option it cannot express is printed on standard error, and then nothing
// is written and the status is 1, unless -partial writes the rest (status
// 3). A file with several variants needs -variant NAME.
// serve serves the variant designer (package web) on -addr, by default
// 127.0.0.1:8080: a page where a variant file is written and tried, its
// errors marked as it is typed, its moves played, counted and answered by
// the engine, the whole library running in the browser as WebAssembly.
// Without -variant or -file the embedded default variant (chess) is used.
// -mode chooses the move generator: incremental (the default: each piece's
// moves are kept per line and recalculated only when what they read
// changes) or full (everything regenerated every time, the reference).
// perft -engine magic counts with the classic bitboard generator instead
// (standard chess only); -fastpath=false interprets every move line and
// answers every legality question by generating, without the kernels and
// lowered tables of the bitboard tier.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/lang"
	"github.com/alfil-go/alfil/movegen"
	"github.com/alfil-go/alfil/uci"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// stdin is what alfil uci reads its commands from.
var stdin io.Reader = os.Stdin

const usage = `usage:
  alfil play    [-variant NAME | -file F.alf] [-fen FEN] [-white ai|random|greedy] [-black …]
                [-depth D | -movetime T] [-threads N] [-plies N] [-seed S] [-mode M]    play a game
                [-pgn FILE]                                                             (and write it in PGN)
  alfil search  [-variant NAME | -file F.alf] [-fen FEN] [-depth D | -movetime T] [-threads N] [-mode M]
                                                                                        search one position
  alfil perft   [-variant NAME | -file F.alf] [-fen FEN] -depth N [-divide] [-mode M]
                [-engine alfil|magic] [-fastpath=false]                                 count move-tree leaves
  alfil moves   [-variant NAME | -file F.alf] [-fen FEN]                        list the legal moves
  alfil threats [-variant NAME | -file F.alf] [-fen FEN] [-by white|black] [-type PIECE] [-mode M]
                                                                                        the threatened-square map
  alfil tree    [-variant NAME | -file F.alf] PIECE                             a piece's compiled move tree
  alfil check   [-print] FILE | -variant NAME                                   read a variant file
  alfil import  [-variant NAME] [-o FILE.alf] [-partial] FILE.ini               convert a Fairy-Stockfish variant
  alfil variants                                                                list the embedded variants
  alfil uci                                                                     a UCI engine on standard input and output
  alfil serve   [-addr HOST:PORT]                                               the variant designer in the browser
`

// run executes one command line and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "check":
		return check(args[1:], stdout, stderr)
	case "perft":
		return perft(args[1:], stdout, stderr)
	case "moves":
		return moves(args[1:], stdout, stderr)
	case "play":
		return play(args[1:], stdout, stderr)
	case "search":
		return search(args[1:], stdout, stderr)
	case "tree":
		return tree(args[1:], stdout, stderr)
	case "threats":
		return threats(args[1:], stdout, stderr)
	case "import":
		return importIni(args[1:], stdout, stderr)
	case "serve":
		return serve(args[1:], stdout, stderr)
	case "uci":
		if len(args) > 1 {
			fmt.Fprintf(stderr, "alfil uci: unexpected %q\n", args[1])
			return 2
		}
		if err := uci.New(stdout).Run(stdin); err != nil {
			return fail(stderr, err)
		}
		return 0
	case "variants":
		if len(args) > 1 {
			fmt.Fprintf(stderr, "alfil variants: unexpected %q\n", args[1])
			return 2
		}
		for _, n := range examples.Names() {
			fmt.Fprintln(stdout, n)
		}
		return 0
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "alfil: unknown command %q\n%s", args[0], usage)
	return 2
}

func check(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	print := fs.Bool("print", false, "print the canonical, expanded source instead of a summary")
	variant := fs.String("variant", "", "check an embedded variant instead of a file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var (
		name string
		src  []byte
		err  error
	)
	switch {
	case *variant != "" && fs.NArg() == 0:
		name = strings.TrimSuffix(*variant, ".alf") + ".alf"
		src, err = examples.Source(*variant)
	case *variant == "" && fs.NArg() == 1:
		name = fs.Arg(0)
		src, err = os.ReadFile(name)
	default:
		fmt.Fprint(stderr, "alfil check: name one FILE or -variant NAME\n", usage)
		return 2
	}
	if err != nil {
		return fail(stderr, err)
	}
	// the same two stages as loading a variant: a file check accepts
	// always loads
	f, err := lang.Parse(name, src, lang.WithLoader(loaderFor(*variant != "", name)))
	if err != nil {
		return fail(stderr, err)
	}
	if _, err := movegen.Compile(f, name, src); err != nil {
		return fail(stderr, err)
	}
	if *print {
		fmt.Fprintln(stdout, f)
		return 0
	}
	summarize(stdout, name, f)
	return 0
}

// summarize prints the pieces of a parsed file with their line counts.
func summarize(w io.Writer, name string, f *lang.File) {
	lines := 0
	for _, pc := range f.Pieces {
		lines += len(pc.Moves)
	}
	title := f.Name
	if title == "" {
		title = "(unnamed)"
	}
	fmt.Fprintf(w, "%s: game %s, board %dx%d, %d pieces, %d move lines after expansion\n",
		name, title, f.Width, f.Height, len(f.Pieces), lines)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, pc := range f.Pieces {
		var attrs []string
		for _, a := range pc.Attrs {
			attrs = append(attrs, a.String())
		}
		hooks := len(pc.Every) + len(pc.OnDeath)
		fmt.Fprintf(tw, "  %s\t%c\t%s\t%d lines\t%d hooks", pc.Name, pc.Letter, strings.Join(attrs, " "), len(pc.Moves), hooks)
		for _, c := range pc.Copies { // a late piece (docs/language.md § Late pieces (copy:))
			fmt.Fprintf(tw, "\t%s", c)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	if f.Setup != nil {
		fmt.Fprintf(w, "setup %s\n", f.Setup.FEN)
	}
	for _, n := range f.NoMoves {
		fmt.Fprintln(w, n)
	}
}

// loaderFor returns where the bases of a variant that inherits (from
// NAME) are found: among the embedded variants for an embedded one, and
// for a file among the embedded variants by their names, beside it by
// other names and by ./NAME (examples.DirLoader).
func loaderFor(embedded bool, filename string) lang.Loader {
	if embedded {
		return examples.Loader
	}
	return examples.DirLoader(filepath.Dir(filename))
}
