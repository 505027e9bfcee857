package board_test

import (
	"testing"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/movegen"
)

// FuzzFEN reads arbitrary FENs in the chess, three-check, berolina,
// capablanca, crazyhouse, the gating (seirawan, shouse, seirawan960), two
// boards with holes (gustav3, omicron) and one with a seed (dice, whose
// FEN ends with the state field)
// variants and plays moves and undos from them, chosen by the
// second input. The reader must never panic; a FEN it accepts must write
// a FEN that reads back to itself; and after every move and every undo
// the hash kept incrementally must equal one computed from scratch — the
// hash is updated by every change a move makes (pieces, flags, memory,
// side to move, check counters, hands), so this checks each of those updates.
//
//	go test ./board -run x -fuzz FuzzFEN -fuzztime 10m
func FuzzFEN(f *testing.F) {
	var progs []*movegen.Program
	for _, name := range []string{"chess", "3check", "berolina", "capablanca", "crazyhouse", "seirawan", "shouse", "seirawan960", "gustav3", "omicron", "dice"} {
		src, err := examples.Source(name)
		if err != nil {
			f.Fatal(err)
		}
		p, err := movegen.Load(name+".alf", src, movegen.WithLoader(examples.Loader))
		if err != nil {
			f.Fatal(err)
		}
		progs = append(progs, p)
	}
	for _, s := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
		"7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39 +2+0",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
		"rnbqkbnr/1ppppppp/8/p7/8/8/PPPPPPPP/RNBQKBNR w KQkq a6b7 0 2",
		"r1b1k1nr/pppp1ppp/2n5/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
		"8/8/8/8/8/8/8/8 b - - 1+3 0 1",
		"r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[QNpp] b KQkq - 0 1",
		"2k5/8/8/8/8/8/1Q~6/4K3/Qn w - - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQABCDEFGHkqabcdefgh - 0 1",
		"reb1k2r/ppppqppp/2nb1n2/4p3/4P3/N1P2N2/PB1PQPPP/RE2KBHR[h] b KQkqc - 3 7",
		"qbbrnkrn/pppppppp/8/8/8/8/PPPPPPPP/QBBRNKRN[HEhe] w ABCDEFGHabcdefgh - 0 1",
		"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w A - 0 1",
		"1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1[HEhe] w GDABCEFHgdabcefh - 0 1",
		"arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1",
		"w**********w/*1r3k2r1*/*P9*/*10*/*10*/*10*/*10*/*9p*/*1R3K2R1*/W**********W w KQkq - 0 1",
		// the state field (docs/language.md § FEN state field)
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {seed:9e3779b97f4a7c15,last:e1}",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 {last:e4,seed:0}",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 {seed:ffffffffffffffff,last:-}",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 {}",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 {seed:1,seed:2}",
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 {seed",
		"rnqkfr/pppppp/6/6/PPPPPP/RNQKFR w - - 0 1 {seed:2a}",
		"r2k1r/1P4/2N3/2f3/3n2/R2K1R b - - 0 1 {seed:deadbeef}",
	} {
		f.Add(s, []byte{1, 7, 3, 0, 9, 12, 5, 2, 8, 0, 0, 4})
	}
	f.Fuzz(func(t *testing.T, fen string, choices []byte) {
		if len(choices) > 64 {
			choices = choices[:64]
		}
		stateRoundTrip(t, fen, choices)
		for _, prog := range progs {
			if fen == "" {
				continue // the variant's setup, seeded already
			}
			b, err := prog.NewBoard(fen)
			if err != nil {
				continue
			}
			stable(t, prog, b)
			var marks []movegen.Mark
			var list movegen.MoveList
			for _, c := range choices {
				b.Legal(&list)
				if c%5 == 0 || list.Len() == 0 {
					if len(marks) == 0 {
						continue
					}
					if err := b.Unmake(marks[len(marks)-1]); err != nil {
						t.Fatal(err)
					}
					marks = marks[:len(marks)-1]
				} else {
					marks = append(marks, b.Make(list.Moves[int(c)%list.Len()]))
				}
				if b.Position().Hash() != b.Position().ComputeHash() {
					t.Fatalf("%s: after %d moves from %q the kept hash differs from a fresh one at %s", prog.Name, len(marks), fen, b.FEN())
				}
				stable(t, prog, b)
			}
		}
	})
}

// stable checks that the board's FEN reads back to itself.
func stable(t *testing.T, prog *movegen.Program, b *movegen.Board) {
	t.Helper()
	out := b.FEN()
	c, err := prog.NewBoard(out)
	if err != nil {
		t.Fatalf("%s: FEN %q does not read back: %v", prog.Name, out, err)
	}
	if c.FEN() != out {
		t.Fatalf("%s: FEN not stable: %q then %q", prog.Name, out, c.FEN())
	}
}

// stateful is a chess board with both keys of the FEN state field, the
// seed and the last mover.
var stateful = &board.Variant{
	Width: 8, Height: 8,
	Letters:  []byte("KQRBNPG"),
	Royal:    []bool{true, false, false, false, false, false, false},
	Ghost:    6,
	Setup:    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	Castling: true,
	Seeded:   true, DefaultSeed: 42, TracksLast: true,
}

// stateRoundTrip reads fen on a board with the state field: if it reads,
// its FEN reads back to itself with the same seed, last mover and hash;
// then the choices set seeds and last movers (a piece's identity, or none)
// and move pieces, the hash kept equal to a fresh one, and an undo of
// them all restores the FEN and the hash.
func stateRoundTrip(t *testing.T, fen string, choices []byte) {
	p, err := board.Parse(stateful, fen)
	if err != nil {
		return
	}
	out := p.FEN()
	back, err := board.Parse(stateful, out)
	if err != nil {
		t.Fatalf("state field: FEN %q of %q does not read back: %v", out, fen, err)
	}
	if back.FEN() != out || back.Seed != p.Seed || back.LastSquare() != p.LastSquare() {
		t.Fatalf("state field: %q reads back as %q (seed %x/%x)", out, back.FEN(), p.Seed, back.Seed)
	}
	// a written FEN is a fixed point, hash included (the first reading
	// may differ in what the written FEN normalises: a missing castling
	// field, check counters the variant does not count)
	if again, err := board.Parse(stateful, back.FEN()); err != nil || again.Hash() != back.Hash() {
		t.Fatalf("state field: %q reads back with another hash (%v)", out, err)
	}
	mk, hash := p.Mark(), p.Hash()
	for i, c := range choices {
		switch c % 3 {
		case 0:
			p.SetSeed(board.NextSeed(p.Seed) ^ uint64(c))
		case 1:
			p.SetLast(int32(c)%int32(len(p.Pieces)+1) - 1)
		default:
			id := int32(i) % int32(max(len(p.Pieces), 1))
			if len(p.Pieces) > 0 && p.Pieces[id].OnBoard {
				p.MoveTo(id, board.Square(int(c)%p.Squares()))
			}
		}
		if p.Hash() != p.ComputeHash() {
			t.Fatalf("state field: after %d changes from %q the kept hash differs from a fresh one at %s", i+1, fen, p.FEN())
		}
	}
	p.Undo(mk)
	if p.FEN() != out || p.Hash() != hash {
		t.Fatalf("state field: undo from %q gives %q", out, p.FEN())
	}
}
