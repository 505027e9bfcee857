package board

import "testing"

// FuzzFEN checks that the FEN reader never panics and that a position it
// accepts writes a FEN that reads back to the same FEN and hash.
func FuzzFEN(f *testing.F) {
	for _, s := range []string{
		chess.Setup,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
		"7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39 +2+0",
		"8/8/8/8/8/8/8/8 b - - 1+3 0 1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		for _, v := range []*Variant{chess, checks} {
			p, err := Parse(v, fen)
			if err != nil {
				continue
			}
			out := p.FEN()
			q, err := Parse(v, out)
			if err != nil {
				t.Fatalf("FEN %q of %q does not read back: %v", out, fen, err)
			}
			if q.FEN() != out {
				t.Fatalf("FEN not stable: %q then %q", out, q.FEN())
			}
			if p.Hash() != p.ComputeHash() || q.Hash() != q.ComputeHash() {
				t.Fatalf("hash mismatch for %q", fen)
			}
		}
	})
}
