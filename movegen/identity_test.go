package movegen

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUnmovedMatters: chess's king (castling), rook (the castling line
// tests it with is rook) and pawn (double step) have unmoved flags that
// count; the other types' do not.
func TestUnmovedMatters(t *testing.T) {
	prog := loadVariant(t, "chess")
	got := map[string]bool{}
	for _, tp := range prog.types {
		got[tp.Name] = prog.variant.UnmovedMatters[tp.Index]
	}
	assert.Equal(t, map[string]bool{"king": true, "rook": true, "pawn": true,
		"queen": false, "bishop": false, "knight": false, "ghost": false}, got)

	anyPiece := mustLoad(t, "any.alf", `board 4x4
piece king K royal
    {w,s} empty mov
    d unmoved mov
piece man M
    w empty mov
setup 4/4/4/K2M w - - 0 1
`)
	assert.Nil(t, anyPiece.variant.UnmovedMatters, "an unmoved test of whatever stands beside the king: every flag counts")
}

// TestPositionIdentity: the same position reached by different routes,
// or read from its FEN, hashes alike (IdentityHash, and Hash when the
// ghosts are the same) and writes the same FEN; a ghost no legal move
// captures is not part of it.
func TestPositionIdentity(t *testing.T) {
	prog := loadVariant(t, "chess")
	for _, c := range []struct {
		name, start string
		moves       []string
		fen         string
		sameGhosts  bool // Hash agrees too
	}{
		{"the knights go home", "", []string{"g1f3", "g8f6", "f3g1", "f6g8"}, prog.setup, true},
		{"a double step's ghost, spawned or read", "", []string{"e2e4"},
			"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", true},
		{"a double step no pawn can take", "", []string{"e2e4"},
			"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false},
		{"a double step, and the knights go home", "", []string{"e2e4", "g8f6", "g1f3", "f6g8", "f3g1"},
			"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false},
		{"a double step a pawn can take", "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", []string{"e2e4"},
			"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", true},
		{"the capture would expose the king", "8/2p5/8/KP5r/8/8/8/7k b - - 0 1", []string{"c7c5"},
			"8/8/8/KPp4r/8/8/8/7k w - - 0 2", false},
		{"two move orders", "", []string{"g1f3", "b8c6", "b1c3", "g8f6"},
			"r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 4 3", true},
		{"a castling right lost is not regained", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1",
			[]string{"h1h2", "g8f6", "h2h1", "f6g8"}, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w Qkq - 4 3", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := mustBoard(t, prog, c.start)
			for _, m := range c.moves {
				mv, err := b.ParseMove(m)
				require.NoError(t, err)
				b.Make(mv)
			}
			want := mustBoard(t, prog, c.fen)
			assert.Equal(t, want.IdentityHash(), b.IdentityHash(), "%s against %s", b.FEN(), c.fen)
			if c.sameGhosts {
				assert.Equal(t, want.Hash(), b.Hash())
			}
			fields := func(fen string) []string { return strings.Fields(fen)[:4] }
			assert.Equal(t, fields(want.FEN()), fields(b.FEN()), "the FEN but its counters")
		})
	}
}

// TestFENEnPassant: the en-passant field names a ghost's square only when
// a legal move captures it.
func TestFENEnPassant(t *testing.T) {
	prog := loadVariant(t, "chess")
	for _, c := range []struct{ fen, want string }{
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "-"},
		{"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "e3"},
		{"8/8/8/KPp4r/8/8/8/7k w - c6 0 2", "-"},
		{"8/8/8/1Pp4r/8/K7/8/7k w - c6 0 2", "c6"},
		// atomic: d4xe5's blast reaches e6, but spares the ghost there
		{"atomic 2br4/rqk3bp/p7/Pppnp3/3P1P1P/1P3NP1/6K1/2BR1R2 w - e6 0 36", "-"},
	} {
		prog := prog
		if variant, fen, ok := strings.Cut(c.fen, " "); ok && variant == "atomic" {
			prog, c.fen = loadVariant(t, "atomic"), fen
		}
		b := mustBoard(t, prog, c.fen)
		assert.Equal(t, c.want, strings.Fields(b.FEN())[3], c.fen)
		assert.Equal(t, strings.Fields(c.fen)[3], strings.Fields(b.Position().FEN())[3], "the position keeps its ghost")
	}
}
