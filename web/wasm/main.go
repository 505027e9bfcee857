//go:build js && wasm

// Command wasm is the WebAssembly build of alfil that the variant designer
// (package web, alfil serve) loads in the page and in its Web Workers. It
// puts the functions of package designer on globalThis.alfil, then calls
// globalThis.alfilReady if it is defined, and waits forever. Every function
// takes JavaScript strings and numbers and returns a JSON string of an
// object with "ok" (and "error" when it is false); none throws, and a Go
// panic inside one is answered as an error.
//
// The page's session (designer.Session; the results are designer.State,
// or on a compile failure "errors": [{line, col, msg, text}]):
//
//	variants()               {variants: [{name}]}, the embedded variants
//	source(name)             {name, text}, an embedded variant's file
//	load(text, keep)         compile text as designer.alf; keep replays the game
//	state()                  the State as it stands
//	play(i)                  play the State's moves[i]
//	playMove(name)           play a move by its UCI or SAN name
//	undo(), redo()
//	setFEN(fen)              start again from fen
//	edit(sq, letter, side)   the board editor: put a piece ("" empties), side "white" or "black"
//	share(text)              {code}: deflate + base64url, for a link's #v=
//	unshare(code)            {text}
//
// The workers' computations, each on a game given whole (fen "" for the
// setup, moves a JSON array of UCI names):
//
//	perft(text, fen, moves, depth, progress)   designer.PerftResult; progress(json) after each root move
//	search(text, fen, moves, movetimeMs)       designer.SearchResult
//
// Build it with go generate ./web (the generate line in web/web.go).
package main

import (
	"encoding/json"
	"fmt"
	"syscall/js"
	"time"

	"github.com/alfil-go/alfil/board"
	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/web/designer"
)

// session is the page's one session; the worker does not use it.
var session designer.Session

func main() {
	api := map[string]func(args []js.Value) any{
		"variants": func([]js.Value) any {
			type variant struct {
				Name string `json:"name"`
			}
			out := struct {
				OK       bool      `json:"ok"`
				Variants []variant `json:"variants"`
			}{OK: true}
			for _, n := range examples.Names() {
				out.Variants = append(out.Variants, variant{Name: n})
			}
			return out
		},
		"source": func(a []js.Value) any {
			src, err := examples.Source(str(a, 0))
			if err != nil {
				return failure(err)
			}
			return struct {
				OK   bool   `json:"ok"`
				Name string `json:"name"`
				Text string `json:"text"`
			}{true, str(a, 0), string(src)}
		},
		"load": func(a []js.Value) any {
			st, _ := session.Load(str(a, 0), len(a) > 1 && a[1].Truthy())
			return st
		},
		"state": func([]js.Value) any { return session.State() },
		"play": func(a []js.Value) any {
			st, _ := session.Play(num(a, 0))
			return st
		},
		"playMove": func(a []js.Value) any {
			st, _ := session.PlayMove(str(a, 0))
			return st
		},
		"undo": func([]js.Value) any { return session.Undo() },
		"redo": func([]js.Value) any { return session.Redo() },
		"setFEN": func(a []js.Value) any {
			st, _ := session.SetFEN(str(a, 0))
			return st
		},
		"edit": func(a []js.Value) any {
			side := board.First
			if str(a, 2) == "black" {
				side = board.First.Other()
			}
			st, _ := session.Edit(num(a, 0), str(a, 1), side)
			return st
		},
		"share": func(a []js.Value) any {
			return struct {
				OK   bool   `json:"ok"`
				Code string `json:"code"`
			}{true, designer.Share(str(a, 0))}
		},
		"unshare": func(a []js.Value) any {
			text, err := designer.Unshare(str(a, 0))
			if err != nil {
				return failure(err)
			}
			return struct {
				OK   bool   `json:"ok"`
				Text string `json:"text"`
			}{true, text}
		},
		"perft": func(a []js.Value) any {
			moves, err := moveList(str(a, 2))
			if err != nil {
				return failure(err)
			}
			var progress func(designer.Progress)
			if len(a) > 4 && a[4].Type() == js.TypeFunction {
				callback := a[4]
				progress = func(p designer.Progress) { callback.Invoke(encode(p)) }
			}
			return designer.Perft(str(a, 0), str(a, 1), moves, num(a, 3), progress)
		},
		"search": func(a []js.Value) any {
			moves, err := moveList(str(a, 2))
			if err != nil {
				return failure(err)
			}
			return designer.Search(str(a, 0), str(a, 1), moves, time.Duration(num(a, 3))*time.Millisecond)
		},
	}
	obj := js.Global().Get("Object").New()
	for name, f := range api {
		obj.Set(name, js.FuncOf(func(_ js.Value, args []js.Value) (result any) {
			defer func() {
				// a panic must not end the Go program: the page would
				// lose every function at once
				if r := recover(); r != nil {
					result = encode(failure(fmt.Errorf("alfil: internal error in %s: %v", name, r)))
				}
			}()
			return encode(f(args))
		}))
	}
	js.Global().Set("alfil", obj)
	if ready := js.Global().Get("alfilReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// str is argument i as a string, "" when it is missing or not a string.
func str(a []js.Value, i int) string {
	if i >= len(a) || a[i].Type() != js.TypeString {
		return ""
	}
	return a[i].String()
}

// num is argument i as an int, -1 when it is missing or not a number.
func num(a []js.Value, i int) int {
	if i >= len(a) || a[i].Type() != js.TypeNumber {
		return -1
	}
	return a[i].Int()
}

// moveList reads a JSON array of move names ("" for none).
func moveList(s string) ([]string, error) {
	if s == "" {
		return nil, nil
	}
	var moves []string
	if err := json.Unmarshal([]byte(s), &moves); err != nil {
		return nil, fmt.Errorf("alfil: the moves are a JSON array of strings: %w", err)
	}
	return moves, nil
}

func failure(err error) any {
	return struct {
		OK    bool   `json:"ok"`
		Error string `json:"error"`
	}{false, err.Error()}
}

func encode(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf(`{"ok":false,"error":%q}`, err.Error())
	}
	return string(b)
}
