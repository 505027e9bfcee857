package movegen

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/lang"
	"github.com/alfil-go/alfil/tier"
)

// fuzzBudgets are tight, so that the generator fuzzer tries many programs
// a second; a program over them ends with a budget error, which is one of
// the answers the fuzzer accepts.
var fuzzBudgets = Budgets{LineSteps: 1 << 12, PositionSteps: 1 << 14, Depth: 1 << 9, HookRuns: 64, Placements: 1 << 20}

// FuzzGen compiles arbitrary variant files, checks their capture-reach
// tables against the reference walk and their lowered captures against
// generation, and plays perft 2 (1 when the first ply is wide) on their setup in
// both modes, under budgets: every input must end in a
// positioned error, a budget error, or counts that agree between the two
// modes with the position restored exactly — never a panic, a hang or a
// runaway allocation.
//
//	go test ./movegen -run x -fuzz FuzzGen -fuzztime 10m -fuzzminimizetime 100x
//
// (Minimizing every new interesting input for the default 60 s stalls
// the run on the slow ones.)
func FuzzGen(f *testing.F) {
	for _, glob := range []string{"../examples/variants/*.alf", "testdata/hostile/*.alf", "testdata/differential/*.alf",
		"testdata/constructs.alf", "testdata/fuzz/seeds/*.alf"} {
		names, _ := filepath.Glob(glob)
		for _, n := range names {
			if sampledOut(strings.TrimSuffix(filepath.Base(n), ".alf")) && strings.HasPrefix(glob, "../examples") {
				continue // the race run seeds with a third of the shipped variants
			}
			if data, err := os.ReadFile(n); err == nil {
				f.Add(string(data))
			}
		}
	}
	// a hang is a bug too: the watchdog turns it into a crash the fuzzer
	// records with its input; the race detector slows the generator
	// tenfold, and the bound with it
	hang := 20 * time.Second
	if raceEnabled {
		hang *= 10
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1<<14 {
			return
		}
		timer := time.AfterFunc(hang, func() { panic(fmt.Sprintf("FuzzGen hangs on %q", src)) })
		defer timer.Stop()
		prog, err := Load("fuzz.alf", []byte(src), WithBudgets(fuzzBudgets))
		if err != nil {
			var list lang.ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("a load error is not a positioned error list: %v", err)
			}
			for _, e := range list {
				if e.Pos.Filename != "fuzz.alf" || e.Pos.Line < 1 || e.Pos.Col < 1 || e.Pos.Offset > len(src) {
					t.Fatalf("error without a place in the file: %q at %+v", e.Msg, e.Pos)
				}
			}
			return
		}
		if prog.Width*prog.Height <= 100 { // the reference walk is slow on big boards
			sameReach(t, prog)
		}
		if prog.setup == "" {
			return
		}
		sameAttacks(t, prog)
		var counts [2]uint64
		var errs [2]error
		// perft 2, or 1 where the first ply is wide (amazons' 2,176
		// turns): the work an input costs stays bounded
		depth := 2
		for i, mode := range []Mode{Incremental, Full} {
			b, err := prog.NewBoard("")
			if err != nil {
				t.Fatalf("the setup compiled but does not load: %v", err)
			}
			b.SetMode(mode)
			b.SetTier(false)
			fen, hash := b.FEN(), b.pos.Hash()
			if b.Perft(1) > 400 {
				depth = 1
			}
			counts[i] = b.Perft(depth)
			if errs[i] = b.Err(); errs[i] != nil {
				var be *BudgetError
				if !errors.As(errs[i], &be) {
					t.Fatalf("%s: Err is not a BudgetError: %v", mode, errs[i])
				}
				continue
			}
			if b.FEN() != fen || b.pos.Hash() != hash || b.pos.Hash() != b.pos.ComputeHash() {
				t.Fatalf("%s: perft did not restore the position: %s, want %s", mode, b.FEN(), fen)
			}
			if _, err := board.Parse(prog.variant, b.FEN()); err != nil {
				t.Fatalf("%s: the FEN %q the board writes does not read back: %v", mode, b.FEN(), err)
			}
		}
		if errs[0] == nil && errs[1] == nil && counts[0] != counts[1] {
			t.Fatalf("perft: incremental %d, full %d", counts[0], counts[1])
		}
		if errs[1] == nil && hasKernel(prog) {
			sameAsInterpreted(t, src, counts[1])
		}
		if prog.tier != nil && errs[1] == nil {
			b, _ := prog.NewBoard("")
			if got := b.Perft(depth); got != counts[1] {
				t.Fatalf("perft %d: tier %d, interpreted %d", depth, got, counts[1])
			}
			sameTierMoves(t, prog)
			sameTierBoard(t, prog)
		}
	})
}

// hasKernel reports whether a kernel generates some line of prog.
func hasKernel(prog *Program) bool {
	for _, ty := range prog.types {
		for _, l := range ty.Lines {
			if l.kernel != nil {
				return true
			}
		}
	}
	return false
}

// sameAsInterpreted checks that the variant compiled without kernels
// counts perft 2 of its setup as the kernels did (full mode, off the
// tier), unless it runs out of a budget.
func sameAsInterpreted(t *testing.T, src string, want uint64) {
	slow, err := Load("fuzz.alf", []byte(src), WithBudgets(fuzzBudgets), Interpreted())
	if err != nil {
		t.Fatalf("compiles with kernels but not without: %v", err)
	}
	b, err := slow.NewBoard("")
	if err != nil {
		t.Fatalf("the setup loads with kernels but not without: %v", err)
	}
	b.SetMode(Full)
	b.SetTier(false)
	if got := b.Perft(2); b.Err() == nil && got != want {
		t.Fatalf("perft 2: kernels %d, interpreted %d", want, got)
	}
}

// sameAttacks compares, on the setup, the lowered answer to "can this side
// capture here" with generation's, for every square and side where the
// lowered tables answer, and the lowered verdict on each pseudo-legal
// move with playing it, on the setup and a few plies into a game.
func sameAttacks(t *testing.T, prog *Program) {
	b, err := prog.NewBoard("")
	if err != nil {
		return // the caller reports it
	}
	for sq := board.Square(0); int(sq) < b.pos.Squares(); sq++ {
		for _, by := range []board.Side{board.First, board.Second} {
			if low, ok := b.lowCapturable(sq, by); ok {
				if lines := b.linesCapture(sq, by); b.Err() == nil && lines != low {
					t.Fatalf("can %v capture on %s? lowered %v, lines %v", by, b.pos.SquareName(sq), low, lines)
				}
			}
		}
	}
	if !prog.lowered {
		return
	}
	// the verdicts on the setup and a few plies into the game, each ply
	// the first legal move whose index the ply picks
	var pseudo, legal MoveList
	for ply := 0; ply < 4 && b.Err() == nil; ply++ {
		sameVerdicts(t, b, &pseudo)
		b.Legal(&legal)
		if legal.Len() == 0 || b.Err() != nil {
			return
		}
		b.Make(legal.Moves[(ply*7)%legal.Len()])
	}
}

// sameTierMoves compares, on the setup and a few plies into a game, the
// tier's legal moves with the interpreter's (the same effects) and the
// position the tier's Make leaves with the interpreter's.
func sameTierMoves(t *testing.T, prog *Program) {
	b, err := prog.NewBoard("")
	if err != nil {
		return
	}
	b.SetMode(Full)
	b.SetTier(false) // the interpreter, against the tier positions made from it
	var list MoveList
	var tl tier.MoveList
	for ply := 0; ply < 6; ply++ {
		tp, err := tier.New(prog.tier, b.pos)
		if err != nil {
			t.Fatal(err)
		}
		b.Legal(&list)
		if b.Err() != nil {
			return
		}
		tp.Legal(&tl)
		want := map[string]Move{}
		for _, m := range list.Moves {
			want[b.pos.SquareName(m.From)+effect(b.pos, b.Actions(m))] = m
		}
		got := map[string]tier.Move{}
		for _, m := range tl.Moves {
			got[tierEffect(b.pos, prog, tp, m)] = m
		}
		if w, g := sortedKeys(want), sortedKeys(got); !slices.Equal(w, g) || len(list.Moves) != len(tl.Moves) {
			t.Fatalf("at %s: interpreter %v, tier %v", b.FEN(), w, g)
		}
		if len(want) == 0 {
			return
		}
		key := sortedKeys(want)[(ply*7)%len(want)]
		tp.Make(got[key])
		b.Make(want[key])
		fresh, _ := tier.New(prog.tier, b.pos)
		if fresh.Hash() != tp.Hash() || fresh.Result() != tp.Result() {
			t.Fatalf("after %s the tier's position differs from the interpreter's %s", key, b.FEN())
		}
	}
}

// sameTierBoard plays a few plies on a board on the tier and on an
// interpreted one side by side: the same move names, the same FEN after
// each move, and the tier board back at the start after Unmake.
func sameTierBoard(t *testing.T, prog *Program) {
	fast, err := prog.NewBoard("")
	if err != nil {
		return
	}
	slow, _ := prog.NewBoard("")
	slow.SetTier(false)
	slow.SetMode(Full)
	start, fen := fast.Mark(), fast.FEN()
	var fl, sl MoveList
	for ply := 0; ply < 6; ply++ {
		fast.Legal(&fl)
		slow.Legal(&sl)
		if slow.Err() != nil {
			return
		}
		fn, sn := fast.Notation(fl.Moves), slow.Notation(sl.Moves)
		if len(fn) != len(sn) {
			t.Fatalf("at %s: tier board %v, interpreted %v", slow.FEN(), fn, sn)
		}
		if len(fn) == 0 {
			break
		}
		i := (ply * 5) % len(fn)
		j := slices.Index(sn, fn[i])
		if j < 0 {
			t.Fatalf("at %s: the tier board's %s is not among %v", slow.FEN(), fn[i], sn)
		}
		fast.Make(fl.Moves[i])
		slow.Make(sl.Moves[j])
		if fast.FEN() != slow.FEN() {
			t.Fatalf("after %s: tier board %s, interpreted %s", fn[i], fast.FEN(), slow.FEN())
		}
	}
	if err := fast.Unmake(start); err != nil || fast.FEN() != fen {
		t.Fatalf("the tier board is not back at %s after Unmake: %s (%v)", fen, fast.FEN(), err)
	}
}
