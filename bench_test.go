package alfil_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/alfil-go/alfil/ai"
	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/lang"
	"github.com/alfil-go/alfil/magic"
	"github.com/alfil-go/alfil/movegen"
	"github.com/alfil-go/alfil/tier"
	"github.com/alfil-go/alfil/web/designer"
)

// BenchmarkParse measures reading a whole variant file: lexing, macro
// expansion, parsing and checks. The README's performance table quotes it.
func BenchmarkParse(b *testing.B) {
	for _, name := range []string{"chess", "zoo"} {
		src, err := examples.Source(name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(src)))
			var f *lang.File
			for b.Loop() {
				f, err = lang.Parse(name+".alf", src, lang.WithLoader(examples.Loader))
			}
			if err != nil || len(f.Pieces) == 0 {
				b.Fatalf("parse %s: %v", name, err)
			}
		})
	}
}

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func loadChess(b *testing.B) *movegen.Program {
	src, err := examples.Source("chess")
	if err != nil {
		b.Fatal(err)
	}
	prog, err := movegen.Load("chess.alf", src)
	if err != nil {
		b.Fatal(err)
	}
	return prog
}

// BenchmarkPerft measures perft of chess, single-threaded, as nodes per
// second, with four engines: magic, the classic bitboard generator with
// bulk counting (the yardstick); tier, chess written in the language
// lowered to the bitboard tier (the default for Board.Perft); fastpath,
// the interpreter with its kernels and lowered attack tables (the tier
// turned off, the incremental mode); and interpreted, the same without
// them.
func BenchmarkPerft(b *testing.B) {
	src, err := examples.Source("chess")
	if err != nil {
		b.Fatal(err)
	}
	fast, err := movegen.Load("chess.alf", src)
	if err != nil {
		b.Fatal(err)
	}
	slow, err := movegen.Load("chess.alf", src, movegen.Interpreted())
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		fen   string
		depth int
		nodes uint64
	}{
		{"startpos/d4", magic.StartFEN, 4, 197281},
		{"startpos/d5", magic.StartFEN, 5, 4865609},
		{"kiwipete/d3", kiwipete, 3, 97862},
		{"kiwipete/d4", kiwipete, 4, 4085603},
	} {
		b.Run(c.name+"/magic", func(b *testing.B) {
			p, err := magic.ParseFEN(c.fen)
			if err != nil {
				b.Fatal(err)
			}
			perftBench(b, c.nodes, func() uint64 { return p.Perft(c.depth) })
		})
		for _, e := range []struct {
			name string
			prog *movegen.Program
			tier bool
		}{{"tier", fast, true}, {"fastpath", fast, false}, {"interpreted", slow, false}} {
			b.Run(c.name+"/"+e.name, func(b *testing.B) {
				board, err := e.prog.NewBoard(c.fen)
				if err != nil {
					b.Fatal(err)
				}
				board.SetTier(e.tier)
				perftBench(b, c.nodes, func() uint64 { return board.Perft(c.depth) })
			})
		}
	}
}

// BenchmarkPerftVariants measures perft of every shipped variant from its
// setup, single-threaded, as nodes per second, with Board.Perft's default
// engine — the bitboard tier for the variants that lower to it, the
// interpreter (incremental mode) for the others — at the first depth past
// 300,000 nodes, or whose count took more than a second. The README
// compares each with magic's chess.
func BenchmarkPerftVariants(b *testing.B) {
	for _, name := range examples.Names() {
		board := setupBoard(b, name)
		engine := "interpreted"
		if board.Tier() {
			engine = "tier"
		}
		depth, nodes := 1, board.Perft(1)
		for start := time.Now(); nodes < 300_000 && depth < 12 && time.Since(start) < time.Second; {
			depth++
			start = time.Now()
			nodes = board.Perft(depth)
		}
		b.Run(fmt.Sprintf("%s/%s/d%d", name, engine, depth), func(b *testing.B) {
			perftBench(b, nodes, func() uint64 { return board.Perft(depth) })
		})
	}
}

// BenchmarkPerftSeedConstructs measures perft 5 from the setups of the
// examples of the seeds' last constructs (issue 18), which the tier
// declines, in both interpreted modes, beside Los Alamos chess — the same
// 6x6 armies without them — interpreted: the README's table of their
// speed (go test -run x -bench PerftSeedConstructs .).
func BenchmarkPerftSeedConstructs(b *testing.B) {
	for _, name := range []string{"losalamos", "jaque", "chameleon", "mimic", "dice", "invisible", "fields", "ram", "freezer", "merge", "siege", "domino"} {
		for _, mode := range []movegen.Mode{movegen.Incremental, movegen.Full} {
			board := setupBoard(b, name)
			board.SetTier(false)
			board.SetMode(mode)
			nodes := board.Perft(5)
			b.Run(fmt.Sprintf("%s/%s", name, mode), func(b *testing.B) {
				perftBench(b, nodes, func() uint64 { return board.Perft(5) })
			})
		}
	}
}

// setupBoard returns a board of an embedded variant at its setup, in the
// default engine.
func setupBoard(b *testing.B, name string) *movegen.Board {
	src, err := examples.Source(name)
	if err != nil {
		b.Fatal(err)
	}
	prog, err := movegen.Load(name+".alf", src, movegen.WithLoader(examples.Loader))
	if err != nil {
		b.Fatal(err)
	}
	board, err := prog.NewBoard("")
	if err != nil {
		b.Fatal(err)
	}
	return board
}

// perftBench runs perft in a loop and reports nodes per second.
func perftBench(b *testing.B, nodes uint64, perft func() uint64) {
	b.ReportAllocs()
	var n uint64
	for b.Loop() {
		n = perft()
	}
	if n != nodes {
		b.Fatalf("perft = %d, want %d", n, nodes)
	}
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPlies plays random legal moves in the scenarios of the seed's
// timing table (seed 000, "tiempos"), plus chess from a midgame position,
// and reports microseconds per ply — one legal-move generation plus one
// move — in both modes, and how many times faster the incremental mode is.
// The -interpreted rows compile without the fast path, so that riders are
// interpreted as on boards other than 8x8. Both modes play the same game (the same
// seed, and the same moves in the same order); a game that ends starts
// over.
func BenchmarkPlies(b *testing.B) {
	for _, c := range []struct {
		name        string
		file        string
		fen         string
		plies       int
		interpreted bool // without the fast path: riders interpreted
	}{
		{"knights-knights", "testdata/bench/knights.alf", "", 1000, false},
		{"knights-queens", "testdata/bench/knightsqueens.alf", "", 1000, false},
		{"knights-queens-interpreted", "testdata/bench/knightsqueens.alf", "", 1000, true},
		{"knights-emperor", "testdata/bench/emperor.alf", "", 5, false},
		{"memory", "testdata/bench/memory.alf", "", 1000, false},
		{"queens", "testdata/bench/queens.alf", "", 1000, false},
		{"queens-interpreted", "testdata/bench/queens.alf", "", 1000, true},
		{"knights-pawns", "testdata/bench/knightspawns.alf", "", 2000, false},
		{"chess-midgame", "examples/variants/chess.alf", kiwipete, 1000, false},
		{"chess-midgame-interpreted", "examples/variants/chess.alf", kiwipete, 1000, true},
	} {
		b.Run(c.name, func(b *testing.B) {
			src, err := os.ReadFile(c.file)
			if err != nil {
				b.Fatal(err)
			}
			var opts []movegen.Option
			if c.interpreted {
				opts = append(opts, movegen.Interpreted())
			}
			prog, err := movegen.Load(c.file, src, opts...)
			if err != nil {
				b.Fatal(err)
			}
			type game struct {
				board *movegen.Board
				start movegen.Mark
				rng   *rand.Rand
				list  movegen.MoveList
			}
			var games [2]*game
			for i, mode := range modes {
				board, err := prog.NewBoard(c.fen)
				if err != nil {
					b.Fatal(err)
				}
				board.SetMode(mode)
				board.SetTier(false) // the modes are the interpreter's
				games[i] = &game{board: board, start: board.Mark(), rng: rand.New(rand.NewPCG(1, 2))}
			}
			compareModes(b, "µs/ply", 1e6, func(i int) int {
				g := games[i]
				for ply := 0; ply < c.plies; ply++ {
					g.board.Legal(&g.list)
					if g.list.Len() == 0 {
						g.board.Unmake(g.start)
						continue
					}
					g.board.Make(g.list.Moves[g.rng.IntN(g.list.Len())])
				}
				g.board.Unmake(g.start)
				return c.plies
			})
		})
	}
}

// BenchmarkPerftModes compares the two modes on perft of chess: seconds
// per node in each mode, and the speed-up of the incremental one.
func BenchmarkPerftModes(b *testing.B) {
	prog := loadChess(b)
	for _, c := range []struct {
		name  string
		fen   string
		depth int
		nodes uint64
	}{
		{"startpos/d4", "", 4, 197281},
		{"kiwipete/d3", kiwipete, 3, 97862},
	} {
		b.Run(c.name, func(b *testing.B) {
			var boards [2]*movegen.Board
			for i, mode := range modes {
				board, err := prog.NewBoard(c.fen)
				if err != nil {
					b.Fatal(err)
				}
				board.SetMode(mode)
				board.SetTier(false) // the modes are the interpreter's
				boards[i] = board
			}
			compareModes(b, "µs/knode", 1e9, func(i int) int {
				if n := boards[i].Perft(c.depth); n != c.nodes {
					b.Fatalf("%s perft(%d) = %d, want %d", modes[i], c.depth, n, c.nodes)
				}
				return int(c.nodes)
			})
		})
	}
}

// modes lists the generator modes in the order compareModes reports them.
var modes = [2]movegen.Mode{movegen.Incremental, movegen.Full}

// compareModes runs work for each mode in every iteration, timing each
// apart, and reports per mode the time per unit of work (scaled: 1e6 for
// microseconds per unit, 1e9 for microseconds per thousand) and the ratio
// full/incremental, so that both sit in one line of one run on the same
// machine.
func compareModes(b *testing.B, unit string, scale float64, work func(mode int) int) {
	b.ReportAllocs()
	var took [2]time.Duration
	var units [2]int
	for b.Loop() {
		for i := range modes {
			start := time.Now()
			units[i] += work(i)
			took[i] += time.Since(start)
		}
	}
	per := func(i int) float64 { return took[i].Seconds() * scale / float64(units[i]) }
	b.ReportMetric(per(0), "inc-"+unit)
	b.ReportMetric(per(1), "full-"+unit)
	b.ReportMetric(per(1)/per(0), "speedup")
}

// BenchmarkBigBoard counts perft 3 of two chess armies on a 16x16 board
// (testdata/bench/bigboard.alf, 290,093 nodes) in the interpreter's two
// modes and on the tier's four-word engine, in turn. It reports nodes per
// second of each and how many times faster the incremental mode is than
// the full one.
func BenchmarkBigBoard(b *testing.B) {
	src, err := os.ReadFile("testdata/bench/bigboard.alf")
	if err != nil {
		b.Fatal(err)
	}
	prog, err := movegen.Load("bigboard.alf", src)
	if err != nil {
		b.Fatal(err)
	}
	const depth, nodes = 3, 290093
	// the interpreter in both modes, then the tier (its four-word engine)
	var boards [3]*movegen.Board
	for i := range boards {
		if boards[i], err = prog.NewBoard(""); err != nil {
			b.Fatal(err)
		}
		if i < len(modes) {
			boards[i].SetMode(modes[i])
			boards[i].SetTier(false)
		} else if !boards[i].Tier() {
			b.Fatal("bigboard.alf does not lower to the tier")
		}
	}
	b.ReportAllocs()
	var took [3]time.Duration
	var counted [3]int
	for b.Loop() {
		for i := range boards {
			start := time.Now()
			if n := boards[i].Perft(depth); n != nodes {
				b.Fatalf("board %d: perft(%d) = %d, want %d", i, depth, n, nodes)
			}
			took[i] += time.Since(start)
			counted[i] += nodes
		}
	}
	rate := func(i int) float64 { return float64(counted[i]) / took[i].Seconds() }
	b.ReportMetric(rate(0), "inc-nodes/s")
	b.ReportMetric(rate(1), "full-nodes/s")
	b.ReportMetric(rate(0)/rate(1), "speedup")
	b.ReportMetric(rate(2), "tier-nodes/s")
}

// BenchmarkRandomGames plays random games — a legal-move generation and a
// move each ply, a game that ends starting over — in the default mode and
// reports plies per second: chess, whose pieces the bitboard tier lowers,
// and the zoo, whose pieces (memory, limits, blocks, pushes, multis of
// slides, shared tours) keep it interpreted. The same seed plays the same
// games; a game stops after 300 plies. One zoo game can cost ten times
// another, so a figure needs many of them: -benchtime 20x plays 4,000
// plies, the zoo's first 19 games (README, Random games).
func BenchmarkRandomGames(b *testing.B) {
	for _, name := range []string{"chess", "zoo"} {
		b.Run(name, func(b *testing.B) {
			board := setupBoard(b, name)
			start := board.Mark()
			rng := rand.New(rand.NewPCG(5, 8))
			var list movegen.MoveList
			const plies = 200
			b.ReportAllocs()
			begin := time.Now()
			played := 0
			for b.Loop() {
				for range plies {
					board.Legal(&list)
					if list.Len() == 0 || board.Position().Ply > 300 {
						board.Unmake(start)
						continue
					}
					board.Make(list.Moves[rng.IntN(list.Len())])
					played++
				}
			}
			b.ReportMetric(float64(played)/time.Since(begin).Seconds(), "plies/s")
			board.Unmake(start)
		})
	}
}

// BenchmarkSearch measures the engine's search of the kiwipete position
// to depth 4, as nodes per second: on a tier position (TierEngine), on a
// board that runs on the tier (Engine: the board's moves and its exact
// mobility), in both interpreter modes with one thread, and incremental
// with two threads (lazy SMP: the threads share the table, so two search
// more nodes per second, not a smaller tree).
func BenchmarkSearch(b *testing.B) {
	prog := loadChess(b)
	b.Run("tier/1thread", func(b *testing.B) {
		rules, why := prog.Tier()
		if rules == nil {
			b.Fatal(why)
		}
		start, err := prog.NewBoard(kiwipete)
		if err != nil {
			b.Fatal(err)
		}
		pos, err := tier.New(rules, start.Position())
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		var nodes uint64
		for b.Loop() {
			res, err := ai.NewTier(prog, ai.OptionsOf[*tier.Position]{TableBits: 16}).Search(context.Background(), pos, ai.Limits{Depth: 4})
			if err != nil {
				b.Fatal(err)
			}
			nodes += res.Nodes
		}
		b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	})
	for _, c := range []struct {
		name    string
		tier    bool
		mode    movegen.Mode
		threads int
	}{
		{"board-on-tier/1thread", true, movegen.Incremental, 1},
		{"incremental/1thread", false, movegen.Incremental, 1},
		{"full/1thread", false, movegen.Full, 1},
		{"incremental/2threads", false, movegen.Incremental, 2},
	} {
		b.Run(c.name, func(b *testing.B) {
			board, err := prog.NewBoard(kiwipete)
			if err != nil {
				b.Fatal(err)
			}
			board.SetMode(c.mode)
			board.SetTier(c.tier)
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				// a fresh engine each time: an empty table, the same work
				res, err := ai.New(prog, ai.Options{Threads: c.threads, TableBits: 16}).Search(context.Background(), board, ai.Limits{Depth: 4})
				if err != nil {
					b.Fatal(err)
				}
				nodes += res.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkDesignerKeystroke measures what the variant designer's page does
// after each pause in typing (web/designer): compile the whole text,
// interpreted, and replay the game in progress on it (here 20 plies of
// random moves), then describe the board, the legal moves with their SAN
// and UCI names and the history. The page runs it in WebAssembly, about
// three times slower; the README's designer paragraph quotes both.
func BenchmarkDesignerKeystroke(b *testing.B) {
	for _, name := range []string{"chess", "grand", "shogi", "zoo"} {
		src, err := examples.Source(name)
		if err != nil {
			b.Fatal(err)
		}
		text := string(src)
		var s designer.Session
		st, err := s.Load(text, false)
		if err != nil {
			b.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(7, 19))
		for range 20 {
			if st.Over || len(st.Moves) == 0 {
				break
			}
			if st, err = s.Play(rng.IntN(len(st.Moves))); err != nil {
				b.Fatal(err)
			}
		}
		plies := st.Ply
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				st, err := s.Load(text, true)
				if err != nil || st.Ply != plies {
					b.Fatalf("%v: %d plies replayed of %d", err, st.Ply, plies)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/keystroke")
		})
	}
}
