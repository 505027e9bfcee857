package lang

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// piece wraps move lines in a minimal file with a few pieces to name.
func piece(lines ...string) string {
	return "board 8x8\npiece king K royal\n    " + strings.Join(lines, "\n    ") +
		"\npiece queen Q\n    w mov\npiece ghost G ghost flyer\n    every 1: del\n"
}

// TestLex checks the whole item list of each input: every item's offset,
// kind and text.
func TestLex(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  string // items as offset:kind "text", NL and EOF without text
	}{
		{"empty", "", "0:EOF"},
		{"words", "w enemy capt", `0:ident "w" 2:keyword "enemy" 8:keyword "capt" 12:NL 12:EOF`},
		{"aliases", "vacio desliz", `0:keyword "vacio" 6:keyword "desliz" 12:NL 12:EOF`},
		{"indent", "piece k K\n    w mov\n",
			`0:keyword "piece" 6:ident "k" 8:ident "K" 9:NL 10:indent "    " 14:ident "w" 16:keyword "mov" 19:NL 20:EOF`},
		{"comment and blank lines", "# c\n\n   # c\nw # c\n", `12:ident "w" 17:NL 18:EOF`},
		{"numbers", "mcmp l0 -3", `0:keyword "mcmp" 5:ident "l0" 8:number "-3" 10:NL 10:EOF`},
		{"size", "board 10x8", `0:keyword "board" 6:size "10x8" 10:NL 10:EOF`},
		{"punctuation", "{ } [ ] ( ) < > , : = ->",
			`0:punct "{" 2:punct "}" 4:punct "[" 6:punct "]" 8:punct "(" 10:punct ")" 12:punct "<" 14:punct ">" ` +
				`16:punct "," 18:punct ":" 20:punct "=" 22:punct "->" 24:NL 24:EOF`},
		{"continuation", "w \\\n  mov", `0:ident "w" 6:keyword "mov" 9:NL 9:EOF`},
		{"continuation with a comment", "w \\ # c\nmov", `0:ident "w" 8:keyword "mov" 11:NL 11:EOF`},
		{"continuation not at the end", "w \\ mov", `0:ident "w" 2:error "a line continuation \\ must end its line" 4:keyword "mov" 7:NL 7:EOF`},
		{"newline inside brackets", "multi [\n  w\n]", `0:keyword "multi" 6:punct "[" 7:NL 10:ident "w" 11:NL 12:punct "]" 13:NL 13:EOF`},
		{"setup raw text", "setup 8/8 w - - 0 1 # c", `0:keyword "setup" 6:text "8/8 w - - 0 1" 23:NL 23:EOF`},
		{"game raw text", "game 3check", `0:keyword "game" 5:text "3check" 11:NL 11:EOF`},
		{"raw text only where a line starts", "w game x", `0:ident "w" 2:keyword "game" 7:ident "x" 8:NL 8:EOF`},
		{"bad character", "w $ mov", `0:ident "w" 2:error "unexpected character '$'" 4:keyword "mov" 7:NL 7:EOF`},
		{"bad number", "3abc", `0:error "bad number \"3abc\"" 4:NL 4:EOF`},
		{"lone minus", "- w", `0:error "expected a digit after -" 2:ident "w" 3:NL 3:EOF`},

		// line ends: \n, \r\n and a lone \r
		{"crlf", "w\r\nmov\r\n", `0:ident "w" 1:NL 3:keyword "mov" 6:NL 8:EOF`},
		{"cr only", "piece k K\r    w mov\r",
			`0:keyword "piece" 6:ident "k" 8:ident "K" 9:NL 10:indent "    " 14:ident "w" 16:keyword "mov" 19:NL 20:EOF`},
		{"cr blank lines", "w\r\r\r\nmov", `0:ident "w" 1:NL 5:keyword "mov" 8:NL 8:EOF`},
		{"cr ends a comment", "w # c\rmov", `0:ident "w" 5:NL 6:keyword "mov" 9:NL 9:EOF`},
		{"cr ends raw text", "game x\rw", `0:keyword "game" 5:text "x" 6:NL 7:ident "w" 8:NL 8:EOF`},
		{"cr after a continuation", "w \\\r  mov\r", `0:ident "w" 6:keyword "mov" 9:NL 10:EOF`},
		{"crlf after a continuation", "w \\\r\n  mov", `0:ident "w" 7:keyword "mov" 10:NL 10:EOF`},
		{"cr then indentation", "w\r\tmov", `0:ident "w" 1:NL 2:indent "\t" 3:keyword "mov" 6:NL 6:EOF`},

		// text that is not ASCII
		{"byte order mark", "\uFEFFw mov", `3:ident "w" 5:keyword "mov" 8:NL 8:EOF`},
		{"byte order mark only", "\uFEFF", `3:EOF`},
		{"byte order mark later", "w \uFEFF",
			`0:ident "w" 2:error "unexpected character '\\ufeff' (U+FEFF): non-ASCII text may stand only in comments and game and setup lines" 5:NL 5:EOF`},
		{"non-ASCII character", "w é mov",
			`0:ident "w" 2:error "unexpected character 'é' (U+00E9): non-ASCII text may stand only in comments and game and setup lines" 5:keyword "mov" 8:NL 8:EOF`},
		{"non-ASCII characters one error each", "éñ",
			`0:error "unexpected character 'é' (U+00E9): non-ASCII text may stand only in comments and game and setup lines" ` +
				`2:error "unexpected character 'ñ' (U+00F1): non-ASCII text may stand only in comments and game and setup lines" 4:NL 4:EOF`},
		{"non-ASCII ends a word", "mové", `0:keyword "mov" 3:error "unexpected character 'é' (U+00E9): non-ASCII text may stand only in comments and game and setup lines" 5:NL 5:EOF`},
		{"non-ASCII in comments and raw text", "# ¿qué?\ngame Ajedrez ñ # ó\nsetup 8/8 ü",
			`10:keyword "game" 15:text "Ajedrez ñ" 30:NL 31:keyword "setup" 37:text "8/8 ü" 43:NL 43:EOF`},
		{"control character", "w\x01", `0:ident "w" 1:error "unexpected character '\\x01' (U+0001)" 2:NL 2:EOF`},
		{"invalid UTF-8", "w \xff\xfe mov", `0:ident "w" 2:error "expected UTF-8 text, found 2 invalid bytes starting with 0xFF" 5:keyword "mov" 8:NL 8:EOF`},
		{"invalid UTF-8 byte", "\xc3w", `0:error "expected UTF-8 text, found invalid byte 0xC3" 1:ident "w" 2:NL 2:EOF`},
		{"invalid UTF-8 in a comment", "w # \xff\n", `0:ident "w" 4:error "expected UTF-8 text, found invalid byte 0xFF" 5:NL 6:EOF`},
		{"invalid UTF-8 in raw text", "game a\xffb", `0:keyword "game" 6:error "expected UTF-8 text, found invalid byte 0xFF" 5:text "a\xffb" 8:NL 8:EOF`},

		// raw text is trimmed of all white space
		{"game of white space", "game \v\f\u00a0\n", `0:keyword "game" 9:NL 10:EOF`},
		{"game trimmed", "game \u3000Three Check\v\t # c", `0:keyword "game" 8:text "Three Check" 25:NL 25:EOF`},
		{"setup of white space", "setup \v", `0:keyword "setup" 7:NL 7:EOF`},
		{"vertical tab is not white space in a line", "w\vmov", `0:ident "w" 1:error "unexpected character '\\v' (U+000B)" 2:keyword "mov" 5:NL 5:EOF`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items := lex(tt.input)
			got := make([]string, len(items))
			for i, it := range items {
				got[i] = showItem(it)
			}
			assert.Equal(t, tt.want, strings.Join(got, " "), "input %q", tt.input)
		})
	}
}

// showItem prints an item for TestLex as offset:kind "text".
func showItem(it item) string {
	kind := map[itemType]string{itemError: "error", itemEOF: "EOF", itemNewline: "NL", itemIndent: "indent",
		itemIdent: "ident", itemNumber: "number", itemSize: "size", itemText: "text"}[it.typ]
	switch {
	case it.typ == itemEOF || it.typ == itemNewline:
		return fmt.Sprintf("%d:%s", it.pos, kind)
	case it.typ.isKeyword():
		kind = "keyword"
	case kind == "":
		kind = "punct"
	}
	return fmt.Sprintf("%d:%s %q", it.pos, kind, it.val)
}

func TestLexPositions(t *testing.T) {
	items := lex("ab  cd\n  e")
	var got []Pos
	for _, it := range items {
		got = append(got, it.pos)
	}
	// ab, cd, newline, indent, e, newline, EOF
	assert.Equal(t, []Pos{0, 4, 6, 7, 9, 10, 10}, got)
	s := NewSource("f.alf", "ab  cd\n  e")
	assert.Equal(t, "f.alf:2:3", s.Position(items[4].pos).String())
}

// TestParseLines checks that each move line parses and prints back in
// canonical form, and that the canonical form parses to the same AST.
func TestParseLines(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  string // canonical lines, joined by " | "
	}{
		{"steps and actions", "wwa empty mov", "wwa empty mov"},
		{"separate steps stay separate", "w a empty mov", "w a empty mov"},
		{"corner step", "ewwww empty mov", "ewwww empty mov"},
		{"spanish aliases", "w vacio mov | wa enemigo cpt mov", "w empty mov | wa enemy capt mov"},
		{"negation", "w not pos x l empty mov", "w not pos x l empty mov"},
		{"double negation", "w neg not empty mov", "w not not empty mov"},
		{"pos", "pos 0 1 pos x l mov", "pos 0 1 pos x l mov"},
		{"side", "w empty pos x l side first mov | w empty not side second mov", "w empty pos x l side first mov | w empty not side second mov"},
		{"pos ranges", "pos 3..5 0..2 mov | pos x 5..l mov | not pos 0..1 x mov", "pos 3..5 0..2 mov | pos x 5..l mov | not pos 0..1 x mov"},
		{"pos absolute", "pos e4 mov | pos d1..f3 mov | w not pos a8..h8 mov", "pos e4 mov | pos d1..f3 mov | w not pos a8..h8 mov"},
		{"named", "w is ghost spawn queen promote queen has flyer mov", "w is ghost spawn queen promote queen has flyer mov"},
		{"memory", "mcmp l0 3 mless gl0 p1 mdiff px py mset t2 turn madd g0 -1 mov", "mcmp l0 3 mless gl0 p1 mdiff px py mset t2 turn madd g0 -1 mov"},
		{"grow", "mgrw g 16 mov", "mgrw g 16 mov"},
		{"slide", "slide w empty mov then enemy capt mov", "slide w empty mov then enemy capt mov"},
		{"slide out", "slide w empty mov out mark", "slide w empty mov out mark"},
		{"slide then and out", "slide w piece pick put then empty put out pickcapt end mark",
			"slide w piece pick put then empty put out pickcapt end mark"},
		{"slide end at line end is dropped", "slide w empty mov end", "slide w empty mov"},
		{"slide break", "slide w empty mov mcmp l0 1 break", "slide w empty mov mcmp l0 1 break"},
		{"cycled slide", "slide [wa,wd] empty mov", "slide [wa, wd] empty mov"},
		{"deslizr alias", "deslizr [wa,wd] vacio mov", "slide [wa, wd] empty mov"},
		{"nested slide takes then", "slide w slide d empty mov then capt", "slide w slide d empty mov then capt"},
		{"end gives then to outer slide", "slide w slide d empty mov end then capt", "slide w slide d empty mov end then capt"},
		{"seed memory slide", "slide mcmp gl0 1 madd l0 1 mless l0 5 end mcmp l0 5 mark",
			"slide mcmp gl0 1 madd l0 1 mless l0 5 end mcmp l0 5 mark"},
		{"opt", "opt w , d end empty mov", "opt w, d end empty mov"},
		{"opt empty branches", "opt , w , end empty mov", "opt, w, end empty mov"},
		{"opt closed by line end", "w opt empty mov , enemy capt mov", "w opt empty mov, enemy capt mov"},
		{"exc", "w exc empty mov or enemy capt mov end", "w exc empty mov or enemy capt mov"},
		{"block", "w block empty mov end d mov", "w block empty mov end d mov"},
		{"structures close at an outer separator", "opt slide w empty mov , d mov end mark",
			"opt slide w empty mov end, d mov end mark"},
		{"slide inside block", "slide w empty block slide aw empty mov end end mov then capt",
			"slide w empty block slide aw empty mov end end mov then capt"},
		{"in", "in wa -> d d s do capt", "in wa -> d d s do capt"},
		{"in without steps", "in -> do capt end mov", "in -> do capt end mov"},
		{"multi", "multi [\nwa enemy capt wa empty mov\nnotfirst pass\n]",
			"multi [ | wa enemy capt wa empty mov | notfirst pass | ]"},
		{"multi count distinct", "multi 3 distinct [ w empty mov ]", "multi 3 distinct [ | w empty mov | ]"},
		{"multi then items", "multi [ w empty mov ] mark", "multi [ | w empty mov | ] mark"},
		{"multi shared", "multi shared [ {w,s} empty mov ]", "multi shared [ | w empty mov | s empty mov | ]"},
		{"limit", "limit [ewwww, ewwwwa] <\nslide w empty mov\n>", "limit [ewwww, ewwwwa] < | slide w empty mov | >"},
		{"only", "only [w,d] < w empty mov >", "only [w, d] < | w empty mov | >"},
		{"turn operand", "mless turn 10 w mov", "mless turn 10 w mov"},
		{"braces copy the line", "{w,s} {a,d} empty mov", "w a empty mov | w d empty mov | s a empty mov | s d empty mov"},
		{"empty brace member", "{slide w,} d empty mov", "slide w d empty mov | d empty mov"},
		{"braces inside multi copy the inner line", "multi [ {wa,wd} enemy capt ] mov",
			"multi [ | wa enemy capt | wd enemy capt | ] mov"},
		{"brace with cycles", "slide {[wa,wd],[wd,wa]} empty mov", "slide [wa, wd] empty mov | slide [wd, wa] empty mov"},
		{"turn", "turn x=[w,s] <\nx empty mov\n>", "w empty mov | s empty mov"},
		{"turn tuples with braces", "turn (x,y)=[(w,{a,d}),(d,{w,s})] <\nx y empty mov\n>",
			"w a empty mov | w d empty mov | d w empty mov | d s empty mov"},
		{"turn inside multi", "multi [\nturn dir=[wa,wd] <\ndir enemy capt dir empty mov\n>\n]",
			"multi [ | wa enemy capt wa empty mov | wd enemy capt wd empty mov | ]"},
		{"nested turns", "turn x=[w,s] <\nturn y=[a,d] <\nx y mov\n>\n>", "w a mov | w d mov | s a mov | s d mov"},
		{"hooks", "every 2: del | onDeath: w capt", "every 2: del | onDeath: w capt"},
		{"drops", "drop: empty not pos x 0 | drop: empty", "drop: empty not pos x 0 | drop: empty"},
		{"gates", "gate: unmoved pos x 0 | gate: not is king mcmp p0 0", "gate: unmoved pos x 0 | gate: not is king mcmp p0 0"},
		{"gate copied by braces", "gate: {pos 0 0,pos 7 0} unmoved", "gate: pos 0 0 unmoved | gate: pos 7 0 unmoved"},
		{"onfile", "drop: empty not onfile king | drop: not onfile king 2", "drop: empty not onfile king | drop: not onfile king 2"},
		{"count", "not count queen count king 2 w empty mov", "not count queen count king 2 w empty mov"},
		{"harmless and nocheck", "wa empty harmless queen mov promote queen nocheck | harmless king promote queen nocheck",
			"wa empty harmless queen mov promote queen nocheck | harmless king promote queen nocheck"},
		{"hook copied by braces", "every 1: {w,s} del", "every 1: w del | every 1: s del"},
		{"queue aliases", "queuePush w queuePop queueCapt pintar doNothing", "pick w put pickcapt mark pass"},
		{"visited", "pRemember w pNotContains mov", "remember w notvisited mov"},
		{"touch", "slide w empty mov then enemy capt mov in -> w w w do is king enemy touch", "slide w empty mov then enemy capt mov in -> w w w do is king enemy touch"},
		{"castle", "castle queen g f | unmoved not has flyer castle queen c d", "castle queen g f | unmoved not has flyer castle queen c d"},
		{"copy", "copy: threateners friends [w,s] last enemy | copy: friends last last ally", "copy: threateners friends [w,s] last enemy | copy: friends last last ally"},
		{"copy aliases", "copiar: amenazantes amigos ultima aliado", "copy: threateners friends last ally"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := piece(strings.Split(tt.input, " | ")...)
			f := mustParse(t, "t.alf", src)
			king := f.Pieces[0]
			var got []string
			for _, l := range king.Moves {
				got = append(got, strings.Split(l.String(), "\n")...)
			}
			for _, e := range king.Every {
				got = append(got, e.String())
			}
			for _, l := range king.OnDeath {
				got = append(got, "onDeath: "+l.String())
			}
			for _, l := range king.Drops {
				got = append(got, "drop: "+l.String())
			}
			for _, l := range king.Gates {
				got = append(got, "gate: "+l.String())
			}
			for _, c := range king.Copies {
				got = append(got, c.String())
			}
			for i := range got {
				got[i] = strings.TrimSpace(got[i])
			}
			assert.Equal(t, tt.want, strings.Join(got, " | "))
			requireRoundTrip(t, f)
		})
	}
}

func TestParseFileHeader(t *testing.T) {
	f := mustParse(t, "h.alf", `game Three Check
board 10x8
symmetry rotate
piece king K royal real value 0 jaque
    w mov
    drop: empty
setup 10/10/10/10/10/10/10/4K5 w - - 0 1
tiles 0
    1 2 3 4 5 6 7 8 9 10
    0 0 0 0 0 0 0 0 0 0
    0 0 0 0 0 0 0 0 0 0
    0 0 0 0 0 0 0 0 0 0
    0 0 0 0 0 0 0 0 0 0
    0 0 0 0 0 0 0 0 0 0
    0 0 0 0 0 0 0 0 0 0
    0 0 0 0 0 0 0 0 0 -1
nomoves stalemate draw
nomoves check loss
captures forced
extinction win reply
checks 3
eval g7
insufficient KN vs K
insufficient K{B}{N} vs KBB samecolor
drops forced king2
drops bicolor king
drops castle king e king2 a h
fen gates
pass stalemate
piece king2 L
    drop: empty
`)
	assert.Equal(t, "Three Check", f.Name)
	require.NotNil(t, f.Eval)
	assert.Equal(t, "g7", f.Eval.String())
	assert.True(t, f.ForcedCaptures)
	assert.Equal(t, "win", f.Extinction)
	assert.True(t, f.ExtinctionReply)
	require.Len(t, f.Insufficient, 2)
	assert.Equal(t, [2]MaterialSide{{Fixed: "KN"}, {Fixed: "K"}}, f.Insufficient[0].Sides)
	assert.False(t, f.Insufficient[0].SameColor)
	assert.Equal(t, [2]MaterialSide{{Fixed: "K", Any: "BN"}, {Fixed: "KBB"}}, f.Insufficient[1].Sides)
	assert.True(t, f.Insufficient[1].SameColor)
	assert.Equal(t, 3, f.Checks)
	assert.Equal(t, [2]int{10, 8}, [2]int{f.Width, f.Height})
	assert.Equal(t, "rotate", f.Symmetry)
	assert.True(t, f.ForcedDrops)
	require.NotNil(t, f.ForcedDropType)
	assert.Equal(t, "king2", f.ForcedDropType.Name)
	require.NotNil(t, f.BicolorDrops)
	assert.Equal(t, "king", f.BicolorDrops.Name)
	require.NotNil(t, f.DropCastle)
	assert.Equal(t, "king", f.DropCastle.King.Name)
	assert.Equal(t, "e", f.DropCastle.KingFile.Name)
	assert.Equal(t, "king2", f.DropCastle.Rook.Name)
	require.Len(t, f.DropCastle.RookFiles, 2)
	assert.Equal(t, "a", f.DropCastle.RookFiles[0].Name)
	assert.Equal(t, "h", f.DropCastle.RookFiles[1].Name)
	assert.True(t, f.FenGates)
	require.NotNil(t, f.Pass)
	assert.True(t, f.Pass.Stalemate)
	require.Len(t, f.Pieces, 2)
	var attrs []string
	for _, a := range f.Pieces[0].Attrs {
		attrs = append(attrs, a.String())
	}
	assert.Equal(t, []string{"royal", "real", "value 0", "royal"}, attrs)
	assert.Equal(t, "10/10/10/10/10/10/10/4K5 w - - 0 1", f.Setup.FEN)
	require.Len(t, f.Tiles, 1)
	assert.Equal(t, 10, f.Tiles[0].Rows[0][9])
	assert.Equal(t, -1, f.Tiles[0].Rows[7][9])
	assert.Equal(t, []*NoMoves{{When: "stalemate", Result: "draw"}, {When: "check", Result: "loss"}},
		[]*NoMoves{{When: f.NoMoves[0].When, Result: f.NoMoves[0].Result}, {When: f.NoMoves[1].When, Result: f.NoMoves[1].Result}})
	requireRoundTrip(t, f)
}

// TestParseExtinction checks what each form of the extinction rule
// (docs/language.md § Extinction) sets, and that it prints back.
func TestParseExtinction(t *testing.T) {
	type rule struct {
		result   string
		pieces   []string
		all      bool
		left, vs int
		reply    bool
	}
	tests := []struct {
		line string
		want rule
	}{
		{"extinction loss", rule{result: "loss"}},
		{"extinction win all", rule{result: "win", all: true}},
		{"extinction win all left 1", rule{result: "win", all: true, left: 1}},
		{"extinction draw all left 1", rule{result: "draw", all: true, left: 1}},
		{"extinction loss queen", rule{result: "loss", pieces: []string{"queen"}}},
		{"extinction loss {king,queen} left 2", rule{result: "loss", pieces: []string{"king", "queen"}, left: 2}},
		{"extinction loss { king , queen } vs 1", rule{result: "loss", pieces: []string{"king", "queen"}, vs: 1}},
		{"extinction loss reply", rule{result: "loss", vs: 1, reply: true}},
		{"extinction loss all left 1 vs 2 reply", rule{result: "loss", all: true, left: 1, vs: 2, reply: true}},
		{"extinction loss vs 0 reply", rule{result: "loss", reply: true}},
		{"extinction win left 3", rule{result: "win", left: 3}},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			f := mustParse(t, "e.alf", piece("w mov")+tt.line+"\n")
			got := rule{result: f.Extinction, all: f.ExtinctionAll, left: f.ExtinctionLeft, vs: f.ExtinctionVs, reply: f.ExtinctionReply}
			for _, n := range f.ExtinctionPieces {
				got.pieces = append(got.pieces, n.Name)
			}
			assert.Equal(t, tt.want, got)
			requireRoundTrip(t, f)
		})
	}
}

// TestParseErrors checks exact messages and positions of errors outside move
// lines (the testdata files cover move lines).
// TestParseGoals reads checks forbidden and goal declarations
// (docs/language.md § Goals), and prints them back.
func TestParseGoals(t *testing.T) {
	f := mustParse(t, "g.alf", `piece king K royal
piece pawn P
checks forbidden
goal first pawn rank 8 file a reply
goal second pawn a1 b1 c1 reply
`)
	assert.True(t, f.NoChecks)
	require.Len(t, f.Goals, 2)
	assert.Equal(t, "first", f.Goals[0].Side)
	assert.Equal(t, "pawn", f.Goals[0].Piece.Name)
	assert.Equal(t, []string{"rank 8", "file a"}, []string{f.Goals[0].Region[0].String(), f.Goals[0].Region[1].String()})
	assert.True(t, f.Goals[0].Reply)
	assert.Equal(t, "second", f.Goals[1].Side)
	require.Len(t, f.Goals[1].Region, 3)
	assert.Equal(t, "c1", f.Goals[1].Region[2].Name)
	requireRoundTrip(t, f)
	mate := mustParse(t, "g.alf", "piece knight N\npiece rook R\nmate shak knight rook\nmate forbidden knight\n")
	require.Len(t, mate.MateShak, 2)
	assert.Equal(t, "rook", mate.MateShak[1].Name)
	require.Len(t, mate.MateForbidden, 1)
	requireRoundTrip(t, mate)
	duple := mustParse(t, "g.alf", "piece king K lastroyal\nduplecheck\n")
	assert.True(t, duple.DupleCheck)
	requireRoundTrip(t, duple)
	both := mustParse(t, "g.alf", "piece king K royal\ngoal king rank 8 reply\n")
	assert.Equal(t, "", both.Goals[0].Side)
	assert.True(t, both.Goals[0].Reply)
	requireRoundTrip(t, both)
	hold := mustParse(t, "g.alf", "piece knight N\ngoal knight e5 hold\n")
	assert.True(t, hold.Goals[0].Hold)
	assert.False(t, hold.Goals[0].Reply)
	assert.Equal(t, "hold", hold.Goals[0].Ending())
	requireRoundTrip(t, hold)
	sides := mustParse(t, "g.alf", "piece knight N\ngoal first knight rank 8 hold\ngoal second knight rank 1 hold\n")
	assert.True(t, sides.Goals[1].Hold)
	requireRoundTrip(t, sides)
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{"misspelled declaration", "boardd 8x8\n", []string{
			`e.alf:1:1: expected a declaration (game, board, symmetry, def, piece, setup, tiles, nomoves, captures, extinction, checks, eval, repetition, moverule, insufficient, drops, from, remove, extend, fen, pass, facing, goal, duplecheck, mate, place, fullboard, connect, seed, groups, formation), found "boardd" (did you mean "board"?)`}},
		{"checks", "checks 0\n", []string{"e.alf:1:8: checks 0 is out of range (1 to 1000)"}},
		{"repetition once", "repetition 1 draw\n", []string{"e.alf:1:12: repetition 1 is out of range (2 to 1000)"}},
		{"repetition without a count", "repetition draw\n", []string{`e.alf:1:12: expected the number of times a position occurs after repetition, found keyword "draw"`}},
		{"moverule without a result", "moverule 50\n", []string{"e.alf:1:12: expected draw or loss or win after moverule 50, found end of line"}},
		{"moverule twice", "moverule 50 draw\nmoverule 75 draw\n", []string{"e.alf:2:1: moverule declared twice (first at e.alf:1:1)"}},
		{"moverule result misspelled", "moverule 50 drew\n", []string{`e.alf:1:13: expected draw or loss or win after moverule 50, found "drew" (did you mean "draw"?)`}},
		{"eval without a cell", "eval\n", []string{"e.alf:1:5: expected a global memory cell such as g0 after eval, found end of line"}},
		{"eval of a tile", "eval t3\n", []string{`e.alf:1:6: expected a global memory cell such as g0 after eval, found "t3"`}},
		{"eval indirect", "eval gl0\n", []string{`e.alf:1:6: expected a global memory cell such as g0 after eval, found "gl0"`}},
		{"eval out of range", "eval g70000\n", []string{"e.alf:1:6: memory cell g70000 is out of range (g0 to g65535)"}},
		{"eval twice", "eval g1\neval g2\n", []string{"e.alf:2:1: eval declared twice (first at e.alf:1:1)"}},
		{"captures", "captures free\n", []string{`e.alf:1:10: expected forced or hand after captures, found "free"`}},
		{"royal and lastroyal", "piece king K royal lastroyal\n    w empty mov\n", []string{"e.alf:1:20: piece king is royal and lastroyal: a royal piece is one or the other"}},
		{"onfile count out of range", "piece king K\n    w onfile king 0 mov\n", []string{"e.alf:2:19: onfile king 0 is out of range (1 to 1024)"}},
		{"captures hand twice", "captures hand\ncaptures forced\ncaptures hand\n", []string{"e.alf:3:1: captures hand declared twice"}},
		{"count out of range", "piece king K\n    count king 1025 w mov\n", []string{"e.alf:2:16: count king 1025 is out of range (1 to 1024)"}},
		{"count without a name", "piece king K\n    count 2 w mov\n", []string{"e.alf:2:11: expected a piece name after count, found number 2"}},
		{"count of an unknown piece", "piece king K\n    count kingg w mov\n", []string{`e.alf:2:11: count names unknown piece "kingg" (did you mean "king"?)`}},
		{"side without a player", "piece king K\n    side w mov\n", []string{"e.alf:2:10: expected first or second after side, found \"w\""}},
		{"side at the end of the line", "piece king K\n    w side\n", []string{"e.alf:2:11: expected first or second after side, found end of line"}},
		{"side of a number", "piece king K\n    side 1 mov\n", []string{"e.alf:2:10: expected first or second after side, found number 1"}},
		{"harmless of an unknown piece", "piece king K\n    harmless qeen promote king\n", []string{`e.alf:2:14: harmless names unknown piece "qeen"`}},
		{"nocheck is an action", "piece king K\n    not nocheck w mov\n", []string{`e.alf:2:9: expected a condition after not, found keyword "nocheck"`}},
		{"fen without a kind", "fen\n", []string{"e.alf:1:4: expected gates after fen, found end of line"}},
		{"fen misspelled", "fen gaets\n", []string{`e.alf:1:5: expected gates after fen, found "gaets" (did you mean "gates"?)`}},
		{"fen gates twice", "fen gates\nfen gates\n", []string{"e.alf:2:1: fen gates declared twice"}},
		{"fen gates with a stray word", "fen gates DEde\n", []string{`e.alf:1:11: expected end of line, found "DEde"`}},
		{"touch is an action", "piece king K\n    not touch w mov\n", []string{`e.alf:2:9: expected a condition after not, found keyword "touch"`}},
		{"place without a name", "place\n", []string{"e.alf:1:6: expected the name of a wall piece after place, found end of line"}},
		{"place without a kind", "piece duck D wall\nplace duck\n", []string{"e.alf:2:11: expected anywhere or shot after place duck, found end of line"}},
		{"place misspelled", "piece duck D wall\nplace duck anywere\n", []string{`e.alf:2:12: expected anywhere or shot after place duck, found "anywere" (did you mean "anywhere"?)`}},
		{"place of an unknown piece", "piece duck D wall\nplace duk anywhere\n", []string{`e.alf:2:7: place names unknown piece "duk" (did you mean "duck"?)`}},
		{"place of a piece that is no wall", "piece duck D\nplace duck anywhere\n", []string{"e.alf:2:7: place names piece duck, which is not a wall (give it the attribute wall)"}},
		{"place twice", "piece duck D wall\nplace duck anywhere\nplace duck shot\n", []string{"e.alf:3:1: place declared twice (first at e.alf:2:1)"}},
		{"a wall with move lines", "piece duck D wall\n    w mov\n", []string{"e.alf:1:1: piece duck is a wall: it has no move lines, hooks, drop or gate lines"}},
		{"two walls", "piece duck D wall\npiece arrow A wall\n", []string{"e.alf:2:1: piece arrow is a wall, and so is duck: a variant has one wall type"}},
		{"a royal wall", "piece duck D wall royal\n", []string{"e.alf:1:1: piece duck is a wall: it cannot be royal, real or a ghost"}},
		{"fullboard without a result", "fullboard\n", []string{"e.alf:1:10: expected draw or loss or win or count after fullboard, found end of line"}},
		{"fullboard misspelled", "fullboard cont\n", []string{`e.alf:1:11: expected draw or loss or win or count after fullboard, found "cont" (did you mean "count"?)`}},
		{"fullboard twice", "fullboard count\nfullboard draw\n", []string{"e.alf:2:1: fullboard declared twice (first at e.alf:1:1)"}},
		{"drops start without squares", "drops start\n", []string{"e.alf:1:12: expected the squares drops start on (d4 e4 …) after drops start, found end of line"}},
		{"drops start with a bad square", "drops start d4 e\n", []string{`e.alf:1:16: expected a square (e4) after drops start, found "e"`}},
		{"drops start twice", "drops start d4\ndrops start e4\n", []string{"e.alf:2:1: drops start declared twice (first at e.alf:1:13)"}},
		{"outflank is an action", "piece stone P\n    drop: empty not outflank\n", []string{`e.alf:2:21: expected a condition after not, found keyword "outflank"`}},
		{"drops free twice", "drops free\ndrops free\n", []string{"e.alf:2:1: drops free declared twice"}},
		{"drops free with a stray word", "drops free all\n", []string{`e.alf:1:12: expected end of line, found "all"`}},
		{"pass with a stray word", "pass now\n", []string{`e.alf:1:6: expected stalemate after pass, found "now"`}},
		{"pass misspelled", "pass stalmate\n", []string{`e.alf:1:6: expected stalemate after pass, found "stalmate" (did you mean "stalemate"?)`}},
		{"pass with a word after stalemate", "pass stalemate draw\n", []string{`e.alf:1:16: expected end of line, found keyword "draw"`}},
		{"pass twice", "pass\npass stalemate\n", []string{"e.alf:2:1: pass declared twice (first at e.alf:1:1)"}},
		{"connect without a number", "connect win\n", []string{`e.alf:1:9: expected the number of pieces in a row after connect, found keyword "win"`}},
		{"connect of none", "connect 0 win\n", []string{"e.alf:1:9: connect 0 is out of range (1 to 32)"}},
		{"connect without a result", "connect 3\n", []string{"e.alf:1:10: expected ranks, files, diagonals, draw, loss, win after connect 3, found end of line"}},
		{"connect with lines out of order", "connect 3 files ranks win\n", []string{`e.alf:1:17: expected diagonals, draw, loss, win after connect 3, found "ranks"`}},
		{"connect of an unknown piece", "piece stone S\n    drop: empty\nconnect 4 stones win\n", []string{`e.alf:3:11: connect names unknown piece "stones" (did you mean "stone"?)`}},
		{"connect of a piece twice", "piece stone S\n    drop: empty\nconnect 4 {stone,stone} win\n", []string{"e.alf:3:18: connect names piece stone twice"}},
		{"connect twice", "connect 3 win\nconnect 4 win\n", []string{"e.alf:2:1: connect declared twice (first at e.alf:1:1)"}},
		{"connect with a word after", "connect 3 win now\n", []string{`e.alf:1:15: expected end of line, found "now"`}},
		{"facing without a piece", "facing\n", []string{"e.alf:1:7: expected a piece name after facing, found end of line"}},
		{"facing without a result", "piece king K\n    w mov\nfacing king\n", []string{"e.alf:3:12: expected draw or loss or win or illegal after facing king, found end of line"}},
		{"facing misspelled result", "piece king K\n    w mov\nfacing king drew\n", []string{`e.alf:3:13: expected draw or loss or win or illegal after facing king, found "drew" (did you mean "draw"?)`}},
		{"facing of an unknown piece", "piece king K\n    w mov\nfacing kng draw\n", []string{`e.alf:3:8: facing names unknown piece "kng" (did you mean "king"?)`}},
		{"facing with a word after", "piece king K\n    w mov\nfacing king draw now\n", []string{`e.alf:3:18: expected end of line, found "now"`}},
		{"facing twice", "piece king K\n    w mov\nfacing king draw\nfacing king loss\n", []string{"e.alf:4:1: facing declared twice (first at e.alf:3:1)"}},
		{"drops without a kind", "drops\n", []string{"e.alf:1:6: expected forced or bicolor or castle or free or start after drops, found end of line"}},
		{"drops misspelled", "drops bicolour bishop\n", []string{`e.alf:1:7: expected forced or bicolor or castle or free or start after drops, found "bicolour" (did you mean "bicolor"?)`}},
		{"drops forced twice", "drops forced\ndrops forced\n", []string{"e.alf:2:1: drops forced declared twice"}},
		{"drops forced of an unknown piece", "piece king K\n    drop: empty\ndrops forced now\n", []string{`e.alf:3:14: drops forced names unknown piece "now"`}},
		{"drops forced of a piece never dropped", "piece king K\n    w mov\ndrops forced king\n", []string{"e.alf:3:14: drops forced names piece king, which has no drop lines"}},
		{"drops forced with a stray word", "piece king K\n    drop: empty\ndrops forced king now\n", []string{`e.alf:3:19: expected end of line, found "now"`}},
		{"drops forced with a number", "drops forced 3\n", []string{"e.alf:1:14: expected a piece name or end of line after drops forced, found number 3"}},
		{"drops bicolor without a name", "drops bicolor\n", []string{"e.alf:1:14: expected a piece name after drops bicolor, found end of line"}},
		{"drops bicolor of an unknown piece", "piece bishop B\n    drop: empty\ndrops bicolor bishp\n", []string{
			`e.alf:3:15: drops bicolor names unknown piece "bishp" (did you mean "bishop"?)`}},
		{"drops bicolor of a piece never dropped", "piece bishop B\n    w mov\ndrops bicolor bishop\n", []string{
			"e.alf:3:15: drops bicolor names piece bishop, which has no drop lines"}},
		{"drops bicolor twice", "piece bishop B\n    drop: empty\ndrops bicolor bishop\ndrops bicolor bishop\n", []string{
			"e.alf:4:1: drops bicolor declared twice (first at e.alf:3:15)"}},
		{"drops castle without files", "piece king K royal\npiece rook R\n    drop: empty\ndrops castle king rook\n", []string{
			`e.alf:4:19: expected the file a dropped king castles from (a, b, …), found "rook"`}},
		{"drops castle without rook files", "piece king K royal\npiece rook R\n    drop: empty\ndrops castle king e rook\n", []string{
			"e.alf:4:25: expected a file a dropped rook castles from (a, b, …), found end of line"}},
		{"drops castle with a bad file", "piece king K royal\npiece rook R\n    drop: empty\ndrops castle king e rook a 3\n", []string{
			"e.alf:4:28: expected a file a dropped rook castles from (a, b, …), found number 3"}},
		{"drops castle off the board", "board 6x6\npiece king K royal\npiece rook R\n    drop: empty\ndrops castle king e rook a h\n", []string{
			`e.alf:5:28: expected a file of the 6-file board (a to f) in drops castle, found "h"`}},
		{"drops castle with a file twice", "piece king K royal\npiece rook R\n    drop: empty\ndrops castle king e rook a e\n", []string{
			"e.alf:4:28: file e named twice in drops castle"}},
		{"drops castle of a piece not royal", "piece king K\npiece rook R\n    drop: empty\ndrops castle king e rook a h\n", []string{
			"e.alf:4:14: drops castle names piece king, which is not royal: only a royal piece castles"}},
		{"drops castle of unknown pieces", "piece king K royal\npiece rook R\n    drop: empty\ndrops castle kng e rok a h\n", []string{
			`e.alf:4:14: drops castle names unknown piece "kng" (did you mean "king"?)`,
			`e.alf:4:20: drops castle names unknown piece "rok" (did you mean "rook"?)`}},
		{"drops castle of one piece twice", "piece king K royal\n    drop: empty\ndrops castle king e king a h\n", []string{
			"e.alf:3:21: drops castle names king twice: the castling piece's partner is another piece"}},
		{"drops castle of pieces never dropped", "piece king K royal\npiece rook R\ndrops castle king e rook a h\n", []string{
			"e.alf:3:1: drops castle names pieces king and rook, neither of which has drop lines"}},
		{"drops castle twice", "piece king K royal\npiece rook R\n    drop: empty\ndrops castle king e rook a h\ndrops castle king e rook a h\n", []string{
			"e.alf:5:1: drops castle declared twice (first at e.alf:4:1)"}},
		{"checks misspelled", "checks forbiden\n", []string{`e.alf:1:8: expected forbidden after checks, found "forbiden" (did you mean "forbidden"?)`}},
		{"checks forbidden with more", "checks forbidden 3\n", []string{"e.alf:1:18: expected end of line, found number 3"}},
		{"checks forbidden and a count", "checks 3\nchecks forbidden\n", []string{"e.alf:2:1: checks declared twice (first at e.alf:1:1)"}},
		{"duplecheck without lastroyal", "piece king K royal\nduplecheck\n", []string{"e.alf:2:1: duplecheck without a lastroyal piece: it rules on a side's lastroyal pieces"}},
		{"duplecheck with more", "piece king K lastroyal\nduplecheck king\n", []string{`e.alf:2:12: expected end of line, found "king"`}},
		{"duplecheck twice", "piece king K lastroyal\nduplecheck\nduplecheck\n", []string{"e.alf:3:1: duplecheck declared twice (first at e.alf:2:1)"}},
		{"mate without a kind", "mate\n", []string{"e.alf:1:5: expected shak or forbidden after mate, found end of line"}},
		{"mate without pieces", "mate shak\n", []string{"e.alf:1:10: expected a piece name after mate shak, found end of line"}},
		{"mate of a number", "piece knight N\nmate forbidden knight 3\n", []string{"e.alf:2:23: expected a piece name after mate forbidden, found number 3"}},
		{"mate of an unknown piece", "piece knight N\nmate shak knigt\n", []string{`e.alf:2:11: mate names unknown piece "knigt" (did you mean "knight"?)`}},
		{"mate shak twice", "piece knight N\nmate shak knight\nmate shak knight\n", []string{"e.alf:3:1: mate shak declared twice"}},
		{"goal without a piece", "goal\n", []string{"e.alf:1:5: expected the name of the piece that reaches the goal after goal, found end of line"}},
		{"goal without squares", "piece king K royal\ngoal king\n", []string{"e.alf:2:10: expected the goal's squares after goal king (a square such as e4, rank N or file F), found end of line"}},
		{"goal reply alone", "piece king K royal\ngoal king reply\n", []string{`e.alf:2:11: expected a goal square (e4), rank N, file F, count, full, reply, hold or safe, found "reply"`}},
		{"goal rank without a number", "piece king K royal\ngoal king rank\n", []string{"e.alf:2:15: expected a rank number (1, 2, …) after rank, found end of line"}},
		{"goal file without a file", "piece king K royal\ngoal king file 3\n", []string{"e.alf:2:16: expected a file (a, b, …) after file, found number 3"}},
		{"goal with a bad square", "piece king K royal\ngoal king e0\n", []string{`e.alf:2:11: expected a goal square (e4), rank N, file F, count, full, reply, hold or safe, found "e0"`}},
		{"goal after reply", "piece king K royal\ngoal king e4 reply e5\n", []string{`e.alf:2:20: expected safe or end of line after the goal's region, found "e5"`}},
		{"goal of an unknown piece", "piece king K royal\ngoal kng e4\n", []string{`e.alf:2:6: goal names unknown piece "kng" (did you mean "king"?)`}},
		{"goal off the board", "board 6x6\npiece king K royal\ngoal king g7 rank 7 file g\n", []string{
			"e.alf:3:11: goal square g7 is not on the 6x6 board",
			"e.alf:3:14: goal rank 7 is not a rank of the 6x6 board (1 to 6)",
			"e.alf:3:21: goal file g is not a file of the 6x6 board (a to f)"}},
		{"two goals for a side", "piece king K royal\ngoal king rank 8\ngoal first king e4\n", []string{
			"e.alf:3:1: a second goal for the first player (first at e.alf:2:1)"}},
		{"goal hold alone", "piece knight N\ngoal knight hold\n", []string{`e.alf:2:13: expected a goal square (e4), rank N, file F, count, full, reply, hold or safe, found "hold"`}},
		{"goal after hold", "piece knight N\ngoal knight e5 hold e4\n", []string{`e.alf:2:21: expected safe or end of line after the goal's region, found "e4"`}},
		{"goal count without a number", "piece king K\n    w mov\ngoal king e4 count\n", []string{"e.alf:3:19: expected a number of pieces after count, found end of line"}},
		{"goal count of none", "piece king K\n    w mov\ngoal king e4 count 0\n", []string{"e.alf:3:20: count 0 is out of range (1 to 1024)"}},
		{"goal terms out of order", "piece king K\n    w mov\ngoal king e4 hold count 2\n", []string{`e.alf:3:19: expected safe or end of line after the goal's region, found keyword "count"`}},
		{"goal safe with reply", "piece king K\n    w mov\ngoal king e4 reply safe\n", []string{"e.alf:3:20: safe with reply: a goal is safe with hold or without an ending"}},
		{"goal terms that differ", "piece king K\n    w mov\ngoal first king e4 count 2\ngoal second any e5\n", []string{"e.alf:4:1: goal with no terms, but the goal at e.alf:3:1 with count 2: count, full and safe stand alike on every goal"}},
		{"goal reply and hold", "piece knight N\ngoal knight e5 reply hold\n", []string{`e.alf:2:22: expected safe or end of line after the goal's region, found "hold"`}},
		{"goal hold on one only", "piece knight N\ngoal first knight e5 hold\ngoal second knight e4\n", []string{
			"e.alf:3:1: goal without hold, but the goal at e.alf:2:1 is with hold: reply or hold stands on every goal or none"}},
		{"goal hold and reply", "piece knight N\ngoal first knight e5 hold\ngoal second knight e4 reply\n", []string{
			"e.alf:3:1: goal with reply, but the goal at e.alf:2:1 is with hold: reply or hold stands on every goal or none"}},
		{"goal reply on one only", "piece king K royal\ngoal first king rank 8 reply\ngoal second king rank 1\n", []string{
			"e.alf:3:1: goal without reply, but the goal at e.alf:2:1 is with reply: reply or hold stands on every goal or none"}},
		{"drop without colon", "piece pawn P\n    drop empty\n", []string{`e.alf:2:10: expected ":" after drop, found keyword "empty"`}},
		{"copy without colon", "piece hawk H\n    copy friends\n", []string{`e.alf:2:10: expected ":" after copy, found "friends"`}},
		{"copy of nothing", "piece hawk H\n    copy:\n", []string{`e.alf:2:10: expected a copy source (threateners, friends or last) after copy:, found end of line`}},
		{"copy of an unknown source", "piece hawk H\n    copy: rook\n", []string{`e.alf:2:11: expected a copy source (threateners, friends or last), found "rook"`}},
		{"copy friends of a bad step", "piece hawk H\n    copy: friends [w,x]\n", []string{`e.alf:2:22: expected a step word such as wa or ewwd in the friends steps, found "x"`}},
		{"gate without colon", "piece hawk H\n    gate unmoved\n", []string{`e.alf:2:10: expected ":" after gate, found keyword "unmoved"`}},
		{"gate with a step", "piece hawk H\n    gate: unmoved w empty\n", []string{`e.alf:2:19: a gate line holds conditions only (tested on the square a move leaves), found step "w"`}},
		{"gate with an action", "piece hawk H\n    gate: unmoved mov\n", []string{`e.alf:2:19: a gate line holds conditions only (tested on the square a move leaves), found "mov"`}},
		{"gate with spawn", "piece hawk H\n    gate: spawn hawk\n", []string{`e.alf:2:11: a gate line holds conditions only (tested on the square a move leaves), found "spawn"`}},
		{"gate with a structure", "piece hawk H\n    gate: opt pos 0 0, pos 7 0 end\n", []string{`e.alf:2:11: a gate line holds conditions only (tested on the square a move leaves), found "opt"`}},
		{"gate with safe", "piece hawk H\n    gate: not safe\n", []string{`e.alf:2:11: safe in a gate line: a gate's conditions read the square a move leaves as it stands`}},
		{"extinction twice", "extinction win\nextinction loss\n", []string{"e.alf:2:1: extinction declared twice (first at e.alf:1:1)"}},
		{"extinction with a stray word", "extinction loss replay\n", []string{`e.alf:1:17: extinction names unknown piece "replay" (did you mean "reply"?)`}},
		{"extinction reply twice", "extinction loss reply reply\n", []string{`e.alf:1:23: expected end of line, found "reply"`}},
		{"extinction of an unknown piece", piece("w mov") + "extinction loss quen\n", []string{`e.alf:8:17: extinction names unknown piece "quen" (did you mean "queen"?)`}},
		{"extinction of a ghost", piece("w mov") + "extinction loss {queen,ghost}\n", []string{`e.alf:8:24: extinction names piece ghost, a ghost: ghosts are never counted`}},
		{"extinction names a piece twice", piece("w mov") + "extinction loss {queen,queen}\n", []string{`e.alf:8:24: extinction names piece queen twice`}},
		{"extinction's braces unclosed", piece("w mov") + "extinction loss {queen king}\n", []string{`e.alf:8:24: expected , or } after queen in extinction's braces, found "king"`}},
		{"extinction's braces empty", piece("w mov") + "extinction loss {}\n", []string{`e.alf:8:18: expected a piece name in extinction's braces, found "}"`}},
		{"extinction left without a count", "extinction loss all left\n", []string{`e.alf:1:25: expected a number of pieces after left, found end of line`}},
		{"extinction left out of range", "extinction loss all left -1\n", []string{`e.alf:1:26: left -1 is out of range (0 to 1024)`}},
		{"extinction vs before left", "extinction loss all vs 2 left 1\n", []string{`e.alf:1:26: expected reply or end of line after extinction loss, found "left"`}},
		{"extinction left twice", "extinction loss all left 1 left 2\n", []string{`e.alf:1:28: expected vs, reply or end of line after extinction loss, found "left"`}},
		{"extinction of two groups", "extinction loss all king\n", []string{`e.alf:1:21: expected left, vs, reply or end of line after extinction loss, found "king"`}},
		{"extinction reply before left", "extinction loss reply left 1\n", []string{`e.alf:1:23: expected end of line, found "left"`}},
		{"extinction without a result", "extinction all\n", []string{`e.alf:1:12: expected loss or win or draw after extinction, found "all"`}},
		{"insufficient without vs", "insufficient KN K\n", []string{"e.alf:1:18: expected vs between the sides' pieces, found end of line"}},
		{"insufficient, one side", "insufficient K vs\n", []string{"e.alf:1:18: expected a side's pieces as upper-case letters (KN, K{B}; at most 64), found end of line"}},
		{"insufficient in lower case", "insufficient kn vs K\n", []string{`e.alf:1:14: expected a side's pieces as upper-case letters (KN, K{B}; at most 64), found "kn"`}},
		{"insufficient, open brace", "insufficient K{B vs K\n", []string{`e.alf:1:15: expected {LETTERS}: upper-case piece letters in braces, found "B"`}},
		{"insufficient, same color misspelled", "insufficient K vs K samecolour\n", []string{`e.alf:1:21: expected samecolor after insufficient K vs K, found "samecolour" (did you mean "samecolor"?)`}},
		{"board too big", "board 33x8\n", []string{"e.alf:1:7: board 33x8 is out of range: files and ranks go from 1 to 32"}},
		{"board without size", "board\n", []string{"e.alf:1:6: expected a board size such as 8x8, found end of line"}},
		{"board twice", "board 8x8\nboard 8x8\n", []string{"e.alf:2:1: board declared twice (first at e.alf:1:1)"}},
		{"symmetry", "symmetry rotat\n", []string{`e.alf:1:10: expected mirror or rotate after symmetry, found "rotat" (did you mean "rotate"?)`}},
		{"nomoves", "nomoves stalemate lose\n", []string{`e.alf:1:19: expected draw or loss or win after nomoves stalemate, found keyword "lose" (did you mean "loss"?)`}},
		{"indented line outside piece", "board 8x8\n    w mov\n", []string{"e.alf:2:5: indented line outside a piece or tiles block"}},
		{"piece without letter", "piece king\n", []string{"e.alf:1:11: expected the FEN letter of piece king (or +LETTER for a promoted piece), found end of line"}},
		{"piece letter too long", "piece king KK\n", []string{`e.alf:1:12: expected the FEN letter of piece king (or +LETTER for a promoted piece), found "KK"`}},
		{"duplicate piece", "piece a A\n    w mov\npiece a B\n    w mov\n", []string{`e.alf:3:1: piece "a" declared twice (first at e.alf:1:1)`}},
		{"duplicate letter", "piece a A\n    w mov\npiece b a\n    w mov\n", []string{"e.alf:3:1: piece b uses letter A, already used by a"}},
		{"def twice", "def m: mov\ndef m: mov\n", []string{`e.alf:2:5: def "m" defined twice (first at e.alf:1:5)`}},
		{"def without colon", "def m mov\n", []string{`e.alf:1:7: expected : after def m, found keyword "mov"`}},
		{"def named like a step", "def wa: mov\n", []string{`e.alf:1:5: def name "wa" is a step word`}},
		{"def named like a piece", "def king: mov\npiece king K\n    w mov\n", []string{`e.alf:1:5: def "king" has the name of a piece`}},
		{"recursive def", "def foo: w foo\npiece k K\n    foo mov\n", []string{
			`e.alf:1:12: def "foo" nests more than 32 defs deep (does it refer to itself?)`}},
		{"setup of white space only", "setup \v\n", []string{"e.alf:1:8: expected a FEN string after setup, found end of line"}},
		{"game without a name", "game\n", []string{"e.alf:1:5: expected a game name after game, found end of line"}},
		{"game of white space only", "game \v\f\u00a0\u2003\n", []string{"e.alf:1:13: expected a game name after game, found end of line"}},
		{"game name with a control character", "game Three\x01Check\n", []string{
			`e.alf:1:11: expected printable text in the game name, found control character '\x01' (U+0001)`}},
		{"game name with a tab inside", "game Three\tCheck\n", []string{
			`e.alf:1:11: expected printable text in the game name, found control character '\t' (U+0009)`}},
		{"tiles rows", "board 2x2\ntiles 0\n    1 2\n", []string{"e.alf:2:1: tiles 0 has 1 rows for a board of 2 ranks"}},
		{"tiles value", "board 2x2\ntiles 0\n    1 x\n", []string{`e.alf:3:7: expected a number in tiles row, found "x"`}},
		{"several errors are all reported", "board 8x8\npiece k K\n    w mov enemmy\n    w captur\n", []string{
			`e.alf:3:11: unknown condition "enemmy" (did you mean "enemy"?)`,
			`e.alf:4:7: unknown action "captur" (did you mean "capt"?)`}},
		{"unclosed multi", "piece k K\n    multi [\n    w mov\n", []string{`e.alf:2:11: "[" is never closed`}},
		{"turn after items", "piece k K\n    w turn x=[w] < x mov >\n", []string{"e.alf:2:7: a turn block must start its line"}},
		{"turn binding count", "piece k K\n    turn (x,y)=[(w,a),(s)] < x y mov >\n", []string{
			"e.alf:2:23: binding has 1 values for 2 variables"}},
		{"mismatched brackets", "piece k K\n    {w,a) mov\n", []string{
			`e.alf:2:9: expected "}" to close the "{" at e.alf:2:5, found ")"`}},
		{"nomoves twice", "nomoves check loss\nnomoves check draw\n", []string{"e.alf:2:1: nomoves check declared twice (first at e.alf:1:1)"}},
		{"an error copied by braces is reported once", "def m: empty mov\npiece k K\n    slide {w,a,s,d} m then captra\n", []string{
			`e.alf:3:28: unknown action "captra" (did you mean "capt"?)`}},
		{"lexer error", "piece k K\n    w $ mov\n", []string{`e.alf:2:7: unexpected character '$'`}},
		{"pos range from x", "piece k K\n    pos x..3 0 mov\n", []string{
			"e.alf:2:10: x is every file already: a range in pos runs between numbers, as in 3..5"}},
		{"pos rank range from x", "piece k K\n    pos 0 x..l mov\n", []string{
			"e.alf:2:12: x is every rank already: a range in pos runs between numbers or l, as in 3..5"}},
		{"pos range to x", "piece k K\n    pos 0..x 0 mov\n", []string{
			`e.alf:2:12: expected a file number from 0 to 31 in pos, found "x"`}},
		{"pos range without an end", "piece k K\n    pos 0.. mov\n", []string{
			`e.alf:2:13: expected a file number from 0 to 31 in pos, found keyword "mov"`}},
		{"pos square off the board", "board 9x10\npiece k K\n    pos j1 mov\n    pos a1..i11 mov\n", []string{
			"e.alf:3:5: pos names square j1, off the 9x10 board (a1 to i10)",
			"e.alf:4:5: pos names square i11, off the 9x10 board (a1 to i10)"}},
		{"pos square range to a number", "piece k K\n    pos a1..3 mov\n", []string{
			"e.alf:2:13: expected a square such as f3 after .. in pos, found number 3"}},
		{"pos square with rank 0", "piece k K\n    pos a0 mov\n", []string{
			`e.alf:2:9: expected a file number from 0 to 31 or x in pos, found "a0"`}},
		{"a lone dot", "piece k K\n    pos 3.5 0 mov\n", []string{
			"e.alf:2:10: unexpected character '.'", "e.alf:2:13: unexpected number 0 in a move line"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse("e.alf", []byte(tt.src))
			require.Error(t, err)
			assert.Nil(t, f, "a file with errors must not be returned")
			var list ErrorList
			require.True(t, errors.As(err, &list))
			var got []string
			for _, e := range list {
				got = append(got, e.Error())
			}
			assert.Equal(t, tt.want, got)
		})
	}
}

// TestErrorMarks parses every testdata/errors and testdata/hostile file and
// checks that the errors found are exactly the ones marked in the file.
func TestErrorMarks(t *testing.T) {
	files := readTestdata(t, "testdata/errors/*.alf")
	maps.Copy(files, readTestdata(t, "testdata/hostile/*.alf"))
	for name, src := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			want := expectedErrors(t, src)
			require.NotEmpty(t, want, "no ERROR marks in %s", name)
			_, err := Parse(filepath.Base(name), []byte(src))
			var list ErrorList
			require.True(t, errors.As(err, &list), "expected errors, got %v", err)
			matched := make([]bool, len(want))
		errs:
			for _, e := range list {
				for i, w := range want {
					if !matched[i] && e.Pos.Line == w.line && containsInt(w.cols, e.Pos.Col) && w.pattern.MatchString(e.Msg) {
						matched[i] = true
						continue errs
					}
				}
				t.Errorf("unexpected error: %s", e.Snippet())
			}
			for i, w := range want {
				if !matched[i] {
					t.Errorf("%s:%d:%v: missing error matching %q", name, w.line, w.cols, w.pattern)
				}
			}
		})
	}
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// TestGolden parses testdata/expand/*.alf and compares the canonical,
// expanded text with the .golden file beside it (go test -update rewrites
// them).
func TestGolden(t *testing.T) {
	for name, src := range readTestdata(t, "testdata/expand/*.alf") {
		t.Run(filepath.Base(name), func(t *testing.T) {
			f := mustParse(t, filepath.Base(name), src)
			got := f.String() + "\n"
			golden := strings.TrimSuffix(name, ".alf") + ".golden"
			if *update {
				require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run go test ./lang -update to create it")
			assert.Equal(t, string(want), got)
			requireRoundTrip(t, f)
		})
	}
}

// TestShippedVariants parses the variant files of the examples and checks
// their round trip.
func TestShippedVariants(t *testing.T) {
	for name, src := range readTestdata(t, "../examples/variants/*.alf") {
		t.Run(filepath.Base(name), func(t *testing.T) {
			f := mustParse(t, filepath.Base(name), src)
			requireRoundTrip(t, f)
		})
	}
}

// TestExpansionBounds checks that macro explosions are positioned errors,
// not out-of-memory crashes.
func TestExpansionBounds(t *testing.T) {
	braces := strings.Repeat("{w,s,a,d}", 40) // 4^40 lines
	tests := []struct {
		name, src, want string
	}{
		{"braces", piece(braces + " mov"), "macro expansion too large: braces"},
		{"defs doubling", "def a0: w w\n" + defChain(19) + piece("a19 mov"), "macro expansion too large"},
		{"turn of braces", piece("turn x=[w,s,a,d] < x " + strings.Repeat("{w,s}", 30) + " mov >"), "macro expansion too large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("t.alf", []byte(tt.src))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// defChain returns defs a1..an, each twice the one before.
func defChain(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "def a%d: a%d a%d\n", i, i-1, i-1)
	}
	return b.String()
}

// TestSnippet checks the caret under the offending token: tabs are kept,
// and a character counts once however many bytes it takes (Col counts
// bytes).
func TestSnippet(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"tab", "piece k K\n\tw enemmy\n",
			"s.alf:2:4: unknown condition \"enemmy\" (did you mean \"enemy\"?)\n | \tw enemmy\n | \t..^"},
		{"after multi-byte characters", "piece k K\n    w ñ é enemmy\n",
			"s.alf:2:7: unexpected character 'ñ' (U+00F1): non-ASCII text may stand only in comments and game and setup lines\n" +
				" |     w ñ é enemmy\n | ......^\n" +
				"s.alf:2:10: unexpected character 'é' (U+00E9): non-ASCII text may stand only in comments and game and setup lines\n" +
				" |     w ñ é enemmy\n | ........^\n" +
				"s.alf:2:13: unknown condition \"enemmy\" (did you mean \"enemy\"?)\n |     w ñ é enemmy\n | ..........^"},
		{"after a byte order mark", "\uFEFFboardd 8x8\n",
			"s.alf:1:4: expected a declaration (game, board, symmetry, def, piece, setup, tiles, nomoves, captures, extinction, checks, eval, repetition, moverule, insufficient, drops, from, remove, extend, fen, pass, facing, goal, duplecheck, mate, place, fullboard, connect, seed, groups, formation), " +
				"found \"boardd\" (did you mean \"board\"?)\n | boardd 8x8\n | ^"},
		{"cr line ends", "piece k K\r    w\r    w enemmy\r",
			"s.alf:3:7: unknown condition \"enemmy\" (did you mean \"enemy\"?)\n |     w enemmy\n | ......^"},
		{"crlf line ends", "piece k K\r\n    w enemmy\r\n",
			"s.alf:2:7: unknown condition \"enemmy\" (did you mean \"enemy\"?)\n |     w enemmy\n | ......^"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("s.alf", []byte(tt.src))
			require.Error(t, err)
			assert.Equal(t, tt.want, strings.TrimSuffix(snippets(err), "\n"))
		})
	}
}

// TestSourceLines checks that positions count lines as the lexer does: a
// line ends at \n, \r\n or a lone \r.
func TestSourceLines(t *testing.T) {
	text := "a\nb\r\nc\rd\r\re"
	s := NewSource("f", text)
	assert.Equal(t, []int{0, 2, 5, 7, 9, 10}, s.lines)
	var lines []string
	for n := 1; n <= len(s.lines); n++ {
		lines = append(lines, s.LineText(n))
	}
	assert.Equal(t, []string{"a", "b", "c", "d", "", "e"}, lines)
	for off, want := range map[int]string{0: "f:1:1", 1: "f:1:2", 3: "f:2:2", 4: "f:2:3", 5: "f:3:1", 6: "f:3:2", 9: "f:5:1", 10: "f:6:1", 11: "f:6:2"} {
		assert.Equal(t, want, s.Position(Pos(off)).String(), "offset %d", off)
	}
}

func TestErrorList(t *testing.T) {
	var list ErrorList
	assert.NoError(t, list.Err())
	list.Add(Position{Filename: "b", Offset: 5, Line: 2, Col: 1}, "second")
	list.Add(Position{Filename: "b", Offset: 1, Line: 1, Col: 2}, "first")
	list.Add(Position{Filename: "b", Offset: 3, Line: 1, Col: 4}, "same line")
	list.RemoveMultiples()
	require.Len(t, list, 2)
	assert.Equal(t, "b:1:2: first (and 1 more errors)", list.Err().Error())
}

// TestItemStrings checks that every node prints the same text on its own as
// inside its line, and that Walk visits every node.
func TestItemStrings(t *testing.T) {
	line := "slide [wa, wd] opt not empty mov, exc enemy capt or block is ghost del end end " +
		"in wa -> d s do spawn queen pos x l side second mcmp gl0 3 mgrw g 4 mset p1 px madd t0 py mless turn 2 has flyer end end " +
		"then mark out pass"
	f := mustParse(t, "s.alf", piece(line))
	l := f.Pieces[0].Moves[0]
	assert.Equal(t, line, l.String())
	kinds := map[string]bool{}
	Walk(l.Items, func(it Item) {
		kinds[fmt.Sprintf("%T", it)] = true
		s := it.String()
		assert.NotEmpty(t, s)
		assert.Contains(t, line, strings.TrimSuffix(s, " end"), "%T", it)
	})
	for _, k := range []string{"*lang.Slide", "*lang.Opt", "*lang.Not", "*lang.Simple", "*lang.Exc", "*lang.Block",
		"*lang.Named", "*lang.In", "*lang.PosCond", "*lang.SideCond", "*lang.Mem", "*lang.Grow"} {
		assert.True(t, kinds[k], "Walk did not visit a %s", k)
	}
	assert.Equal(t, "then mark", "then "+l.Items[0].(*Slide).Then.String())
	m := mustParse(t, "m.alf", piece("multi 2 [ w empty mov ]", "limit [w] < w mov >"))
	assert.Equal(t, "multi 2 [\n    w empty mov\n]", m.Pieces[0].Moves[0].Items[0].String())
	assert.Equal(t, "limit [w] <\n    w mov\n>", m.Pieces[0].Moves[1].Items[0].String())
	assert.Equal(t, "piece queen Q\n    w mov", m.Pieces[1].String())
	assert.Equal(t, "every 1: del", m.Pieces[2].Every[0].String())
}

// TestNestingLimit checks that exceeding a nesting bound gives exactly one
// error, at the token that exceeds it, naming the bound.
func TestNestingLimit(t *testing.T) {
	tests := []struct {
		name, line, want string
	}{
		{"blocks", strings.Repeat("block ", 70) + "w mov",
			`n.alf:3:389: keyword "block" is nested 65 deep: structures nest at most 64 deep`},
		{"slides", strings.Repeat("slide ", 65) + "w mov",
			`n.alf:3:389: keyword "slide" is nested 65 deep: structures nest at most 64 deep`},
		{"multis inside blocks", strings.Repeat("block ", 40) + strings.Repeat("multi [ ", 30) + "w mov" + strings.Repeat(" ]", 30),
			`n.alf:3:437: keyword "multi" is nested 65 deep: structures nest at most 64 deep`},
		{"not", "w " + strings.Repeat("not ", 65) + "empty mov",
			`n.alf:3:263: keyword "not" is nested 65 deep: structures nest at most 64 deep`},
		{"65 multis", strings.Repeat("multi [ ", 65) + "w empty mov" + strings.Repeat(" ]", 65),
			`n.alf:3:523: "[" is nested 65 deep: blocks and braces nest at most 64 deep`},
		{"6000 multis", strings.Repeat("multi [ ", 6000) + "w empty mov" + strings.Repeat(" ]", 6000),
			`n.alf:3:523: "[" is nested 65 deep: blocks and braces nest at most 64 deep`},
		{"limits", strings.Repeat("limit [w] < ", 65) + "w mov" + strings.Repeat(" >", 65),
			`n.alf:3:783: "<" is nested 65 deep: blocks and braces nest at most 64 deep`},
		{"braces", strings.Repeat("{", 65) + "w" + strings.Repeat("}", 65) + " mov",
			`n.alf:3:69: "{" is nested 65 deep: blocks and braces nest at most 64 deep`},
		{"braces in multis", strings.Repeat("multi [ {", 33) + "w" + strings.Repeat("} ]", 33),
			`n.alf:3:299: "[" is nested 65 deep: blocks and braces nest at most 64 deep`},
		{"turn values nest where they stand", "turn x=[" + strings.Repeat("{", 40) + "w" + strings.Repeat("}", 40) + "] < " +
			strings.Repeat("multi [ ", 30) + "x mov" + strings.Repeat(" ]", 30) + " >",
			`n.alf:3:46: "{" is nested 65 deep: blocks and braces nest at most 64 deep`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "board 8x8\npiece king K\n    " + tt.line + "\n"
			assert.Equal(t, []string{tt.want}, parseBounded(t, "n.alf", src))
		})
	}
	// At the bound itself there is no error.
	mustParse(t, "n.alf", piece(strings.Repeat("block ", 64)+"w mov"))
	mustParse(t, "n.alf", piece("w "+strings.Repeat("not ", 64)+"empty mov"))
	mustParse(t, "n.alf", piece(strings.Repeat("multi [ ", 64)+"w empty mov"+strings.Repeat(" ]", 64)))
	mustParse(t, "n.alf", piece(strings.Repeat("{", 64)+"w"+strings.Repeat("}", 64)+" mov"))
}

// parseErrors parses src, which must have errors, and returns them as
// file:line:col: message strings.
func parseErrors(t *testing.T, name, src string) []string {
	t.Helper()
	f, err := Parse(name, []byte(src))
	require.Error(t, err)
	assert.Nil(t, f, "a file with errors must not be returned")
	var list ErrorList
	require.True(t, errors.As(err, &list))
	var got []string
	for _, e := range list {
		got = append(got, e.Error())
	}
	return got
}

func TestTooManyErrors(t *testing.T) {
	src := piece(strings.Repeat("w bogus\n    ", 150) + "w mov")
	_, err := Parse("many.alf", []byte(src))
	var list ErrorList
	require.True(t, errors.As(err, &list))
	assert.Len(t, list, maxErrors+1)
	assert.Equal(t, "too many errors", list[len(list)-1].Msg)
}

func TestAliases(t *testing.T) {
	for alias, english := range aliases {
		typ, ok := lookupKeyword(alias)
		require.True(t, ok, "alias %s stands for no keyword", alias)
		assert.Equal(t, english, canonical[typ], "alias %s", alias)
		_, clash := keywords[alias]
		assert.False(t, clash, "alias %s is also an English keyword", alias)
	}
	for typ := itemKeyword + 1; typ < itemLast; typ++ {
		assert.NotEmpty(t, canonical[typ], "item type %d has no keyword", typ)
	}
}

// TestPlusLetter: a promoted piece's letter is written +P; two pieces may
// not both be +P, and a lone + is no letter.
func TestPlusLetter(t *testing.T) {
	f := mustParse(t, "s.alf", "piece pawn P\n    w mov\npiece tokin +P\n    w mov\n")
	require.Len(t, f.Pieces, 2)
	assert.True(t, f.Pieces[1].Plus)
	assert.Equal(t, byte('P'), f.Pieces[1].Letter)
	assert.Equal(t, "+P", f.Pieces[1].LetterString())
	requireRoundTrip(t, f)
	_, err := Parse("s.alf", []byte("piece pawn P\n    w mov\npiece tokin +P\n    w mov\npiece other +P\n    w mov\n"))
	assert.ErrorContains(t, err, "s.alf:5:1: piece other uses letter +P, already used by tokin")
}

// TestPassRule checks the pass rule in both forms and that a move line's
// pass stays the action.
func TestPassRule(t *testing.T) {
	f := mustParse(t, "p.alf", "piece king K royal\n    pass\npass\n")
	require.NotNil(t, f.Pass)
	assert.False(t, f.Pass.Stalemate)
	assert.Equal(t, "pass", f.Pieces[0].Moves[0].String())
	requireRoundTrip(t, f)
	f = mustParse(t, "p.alf", "piece king K royal\n    w mov\n")
	assert.Nil(t, f.Pass)
}

// TestFacingRule checks the facing rule's declaration and its canonical
// form.
func TestFacingRule(t *testing.T) {
	f := mustParse(t, "f.alf", "piece general K royal\n    w mov\nfacing general draw\n")
	require.NotNil(t, f.Facing)
	assert.Equal(t, "general", f.Facing.Piece.Name)
	assert.Equal(t, "draw", f.Facing.Result)
	assert.Contains(t, f.String(), "\nfacing general draw")
	requireRoundTrip(t, f)
	f = mustParse(t, "f.alf", "piece general K royal\n    w mov\nfacing general illegal\n")
	assert.Equal(t, "illegal", f.Facing.Result)
	requireRoundTrip(t, f)
	f = mustParse(t, "f.alf", "piece general K royal\n    w mov\n")
	assert.Nil(t, f.Facing)
}

// TestPlaceRule checks the wall rule in both forms.
func TestPlaceRule(t *testing.T) {
	for _, where := range []string{"anywhere", "shot"} {
		f := mustParse(t, "w.alf", "piece duck D wall\npiece queen Q\n    w empty mov\nplace duck "+where+"\n")
		require.NotNil(t, f.Place)
		assert.Equal(t, "duck", f.Place.Wall.Name)
		assert.Equal(t, where, f.Place.Where)
		requireRoundTrip(t, f)
	}
}

// TestFlipRules checks flip, drops free and fullboard.
func TestFlipRules(t *testing.T) {
	f := mustParse(t, "x.alf", "piece stone P\n    ww empty mov in wa -> d d s s a a w do enemy flip end\n    drop: empty not outflanks outflank\ndrops free\nfullboard count\ndrops start d4 e5\n")
	require.Len(t, f.DropStart, 2)
	assert.Equal(t, "e5", f.DropStart[1].Name)
	assert.Equal(t, "empty not outflanks outflank", f.Pieces[0].Drops[0].String())
	assert.True(t, f.FreeDrops)
	assert.Equal(t, "count", f.FullBoard)
	assert.Contains(t, f.Pieces[0].Moves[0].String(), "enemy flip")
	requireRoundTrip(t, f)
}
