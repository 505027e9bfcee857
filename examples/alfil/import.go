package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/alfil-go/alfil/examples"
	"github.com/alfil-go/alfil/fsfini"
	"github.com/alfil-go/alfil/movegen"
)

// importIni converts a variant of a Fairy-Stockfish variants.ini into a
// variant file (package fsfini). Every option the conversion cannot
// express is printed on stderr with its line; then nothing is written and
// the status is 1, unless -partial asks for the file without those rules
// (status 3). The file written is checked to load.
func importIni(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "", "the section to convert (needed when the file has several)")
	out := fs.String("o", "", "write the variant file here instead of to standard output")
	partial := fs.Bool("partial", false, "write the file even when options are left out (exit status 3)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprint(stderr, "alfil import: name one FILE.ini\n", usage)
		return 2
	}
	data, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		return fail(stderr, err)
	}
	f, err := fsfini.Parse(fs.Arg(0), data)
	if err != nil {
		return fail(stderr, err)
	}
	f.Bases = examples.Loader // a section may build on a variant alfil ships
	name := *variant
	if name == "" {
		if len(f.Sections) != 1 {
			fmt.Fprintf(stderr, "alfil import: %s has %d variants; choose one with -variant: %s\n", fs.Arg(0), len(f.Sections), strings.Join(f.Names(), ", "))
			return 2
		}
		name = f.Sections[0].Name
	}
	r, err := f.Convert(name)
	if err != nil {
		return fail(stderr, err)
	}
	for _, i := range r.Unsupported {
		fmt.Fprintf(stderr, "alfil import: not supported: %s\n", i)
	}
	if len(r.Unsupported) > 0 && !*partial {
		fmt.Fprintf(stderr, "alfil import: %d option(s) of [%s] cannot be expressed; nothing written (-partial writes the rest)\n", len(r.Unsupported), name)
		return 1
	}
	if _, err := movegen.Load(name+".alf", []byte(r.Source), movegen.WithLoader(examples.Loader)); err != nil {
		return fail(stderr, fmt.Errorf("the converted variant does not load (a bug of the importer): %w", err))
	}
	if *out == "" {
		fmt.Fprint(stdout, r.Source)
	} else if err := os.WriteFile(*out, []byte(r.Source), 0o644); err != nil {
		return fail(stderr, err)
	}
	if len(r.Unsupported) > 0 {
		return 3
	}
	return 0
}
