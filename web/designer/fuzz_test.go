package designer_test

import (
	"testing"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/web/designer"
)

// FuzzUnshare: a link's code is anyone's input; what does unpack packs back.
func FuzzUnshare(f *testing.F) {
	f.Add(designer.Share("game x\nboard 8x8\n"))
	f.Add("")
	f.Add("====")
	f.Fuzz(func(t *testing.T, code string) {
		text, err := designer.Unshare(code)
		if err != nil {
			return
		}
		if len(text) > designer.MaxShared {
			t.Fatalf("unpacked %d bytes, more than MaxShared", len(text))
		}
		back, err := designer.Unshare(designer.Share(text))
		if err != nil || back != text {
			t.Fatalf("the text does not come back: %v", err)
		}
	})
}

// FuzzSession drives a session as the page does — a variant file typed
// (valid or not), a FEN, then clicks: moves, undo, redo, board edits —
// and checks that every State it answers is whole.
func FuzzSession(f *testing.F) {
	// small boards: every exec compiles the text and names every move
	for _, name := range []string{"micro", "minishogi", "merge", "dobutsu"} {
		src, err := examples.Source(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(src), "", []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	}
	f.Add("board 3x3\npiece king K royal\n    w empty mov\nsetup k2/3/2K w - - 0 1\n", "k2/3/K2 w - - 0 1", []byte{1, 1, 1, 200, 3})
	f.Fuzz(func(t *testing.T, text, fen string, clicks []byte) {
		var s designer.Session
		if _, err := s.Load(text, false); err != nil {
			return
		}
		if fen != "" {
			s.SetFEN(fen)
		}
		st := s.State()
		for i := 0; i+1 < len(clicks) && i < 64; i += 2 {
			op, arg := clicks[i]%5, int(clicks[i+1])
			switch op {
			case 0, 1:
				if len(st.Moves) > 0 {
					st, _ = s.Play(arg % len(st.Moves))
				}
			case 2:
				st = s.Undo()
			case 3:
				st = s.Redo()
			case 4:
				letter := ""
				if len(st.Types) > 0 && arg%3 != 0 {
					letter = st.Types[arg%len(st.Types)].Letter
				}
				if next, err := s.Edit(arg%(len(st.Squares)+1), letter, board.Side(arg&1)); err == nil {
					st = next
				}
			}
			st = s.State()
			checkState(t, st)
		}
		// the text typed again keeps what it can of the game
		if _, err := s.Load(text, true); err != nil {
			t.Fatalf("the variant compiled once and not again: %v", err)
		}
		checkState(t, s.State())
	})
}

func checkState(t *testing.T, st designer.State) {
	t.Helper()
	if !st.OK {
		t.Fatalf("a session with a variant answers a failed State: %s", st.Error)
	}
	if st.Ply != len(st.History) || len(st.Squares) != st.Width*st.Height {
		t.Fatalf("ply %d with %d moves in the history; %d squares on %dx%d", st.Ply, len(st.History), len(st.Squares), st.Width, st.Height)
	}
	for _, m := range st.Moves {
		if m.From < -1 || m.From >= len(st.Squares) || m.To < -1 || m.To >= len(st.Squares) || m.SAN == "" || m.UCI == "" {
			t.Fatalf("a move out of the board or unnamed: %+v", m)
		}
	}
}
