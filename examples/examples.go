// Package examples holds the variant files that ship with alfil, embedded in
// the binary, and the alfil command (in examples/alfil) that uses them.
//
// The files live in examples/variants as plain .alf text; [Names] lists them
// and [Source] returns one by name ("chess" or "chess.alf"; Fairy-Stockfish's
// "seirawan+960" for seirawan960.alf).
package examples

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/alfil-go/alfil/lang"
)

//go:embed variants/*.alf
var variants embed.FS

// Default is the variant the command plays when none is named.
const Default = "chess"

// Names returns the names of the embedded variants, sorted, without the .alf
// extension.
func Names() []string {
	entries, _ := fs.ReadDir(variants, "variants")
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".alf"))
	}
	slices.Sort(names)
	return names
}

// Source returns the text of the named variant file. A name ending in
// +960, as Fairy-Stockfish's perft suite names a variant played from
// Chess960's starts (seirawan+960), names the file with 960 instead.
func Source(name string) ([]byte, error) {
	name = strings.TrimSuffix(name, ".alf")
	file := name
	if base, ok := strings.CutSuffix(name, "+960"); ok {
		file = base + "960"
	}
	data, err := variants.ReadFile(path.Join("variants", file+".alf"))
	if err != nil {
		return nil, fmt.Errorf("no embedded variant %q (have %s)", name, strings.Join(Names(), ", "))
	}
	return data, nil
}

// Parse parses the named embedded variant.
func Parse(name string) (*lang.File, error) {
	src, err := Source(name)
	if err != nil {
		return nil, err
	}
	return lang.Parse(strings.TrimSuffix(name, ".alf")+".alf", src, lang.WithLoader(Loader))
}

// Loader is a [lang.Loader] that finds the embedded variants: a file that
// inherits from one (from chess, docs/language.md § Inheritance) loads
// with lang.WithLoader(examples.Loader), or movegen.WithLoader. A name
// ./NAME, a file beside the one read, is for [DirLoader]: Loader has no
// directory and says so.
func Loader(name string) (filename string, src []byte, err error) {
	if local, ok := strings.CutPrefix(name, "./"); ok {
		return "", nil, fmt.Errorf("./%s is a file beside the variant read, and this one is not read from a directory (only the shipped variants are found: from %s)", local, local)
	}
	src, err = Source(name)
	return strings.TrimSuffix(name, ".alf") + ".alf", src, err
}

// DirLoader returns a [lang.Loader] for a variant file read from dir. A
// shipped variant's name means the shipped variant, so that from chess
// means the same on every machine, whatever files lie beside the one read:
// a file chess.alf in dir does not change it, and may itself inherit from
// the shipped chess. Any other NAME is NAME.alf in dir. ./NAME is always
// the file NAME.alf in dir, shipped name or not: the way to inherit from
// a file that shares a shipped variant's name.
func DirLoader(dir string) lang.Loader {
	return func(name string) (string, []byte, error) {
		local, explicit := strings.CutPrefix(name, "./")
		if _, err := Source(name); err == nil && !explicit {
			return Loader(name)
		}
		if local == "" || strings.ContainsAny(local, "/\\") || local[0] == '.' {
			return "", nil, fmt.Errorf("no variant %q: a name has no slashes and does not start with a dot", name)
		}
		filename := filepath.Join(dir, strings.TrimSuffix(local, ".alf")+".alf")
		src, err := os.ReadFile(filename)
		if err == nil {
			return filename, src, nil
		}
		if explicit {
			return "", nil, fmt.Errorf("no file %s beside the variant read: %w", filename, err)
		}
		return "", nil, fmt.Errorf("no file %s and no shipped variant %q (alfil variants lists them)", filename, name)
	}
}
