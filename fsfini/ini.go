// Package fsfini converts Fairy-Stockfish's variant configuration files
// (variants.ini) into variant files of alfil's piece language: the
// sections, their inheritance ([name:base]), the pieces with their
// letters and Betza notations (customPieceN = x:BETZA, read by package
// betza), the board, the start position, promotion, the pawn's double
// step, castling, the game-end values, and the rules alfil has words for
// (flags as goals, connectN as connect, mobility regions as pos tests on
// the landing square, checking = false as checks forbidden, pseudo-royal
// types as royal or lastroyal). Every option it cannot express
// is reported by name, with its line, in [Result.Unsupported]: a
// conversion never drops a rule silently. The table of the options it
// reads is [Options]; docs/language.md § Importing Fairy-Stockfish
// variants lists them.
package fsfini

import (
	"github.com/alfil-go/alfil/lang"

	"bufio"
	"bytes"
	"fmt"
	"strings"
)

// Option is one key = value line of a section, where it stands.
type Option struct {
	Key, Value string
	Line       int
}

// Section is a variant of the file: [Name] or [Name:Base] and its options
// in file order.
type Section struct {
	Name, Base string
	Line       int
	Options    []Option
}

// File is a parsed variants.ini.
type File struct {
	Filename string
	Sections []*Section
	// Bases, when set, finds alfil's variant files by name: a section
	// whose base is neither in the file nor one of [Builtins] but is found
	// there (examples.Loader: the variants alfil ships under
	// Fairy-Stockfish's names) is converted into a file that inherits
	// from it (from NAME) with the section's options on top.
	Bases lang.Loader
}

// Parse reads a variants.ini the way Fairy-Stockfish does
// (VariantMap::parse_istream): text before the first section is skipped,
// a line starting with # or ; is a comment, key = value lines belong to
// the section above, the key is trimmed of trailing blanks and the value
// of leading ones. A non-blank line without = and a section header
// without ] are errors.
func Parse(filename string, data []byte) (*File, error) {
	f := &File{Filename: filename}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	var cur *Section
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "["):
			end := strings.IndexByte(line, ']')
			if end < 0 {
				return nil, fmt.Errorf("%s:%d: section header %q has no ]", filename, n, line)
			}
			name, base, _ := strings.Cut(line[1:end], ":")
			if name == "" {
				return nil, fmt.Errorf("%s:%d: section header %q names no variant", filename, n, line)
			}
			cur = &Section{Name: name, Base: base, Line: n}
			f.Sections = append(f.Sections, cur)
		case cur == nil, trimmed == "", strings.HasPrefix(line, "#"), strings.HasPrefix(line, ";"):
		default:
			key, value, ok := strings.Cut(line, "=")
			if !ok {
				return nil, fmt.Errorf("%s:%d: expected key = value, found %q", filename, n, line)
			}
			key = strings.TrimRight(key, " ")
			value = strings.TrimSpace(value) // Fairy-Stockfish skips blanks before; after, none of its readers needs them
			if key == "" {
				continue
			}
			cur.Options = append(cur.Options, Option{Key: key, Value: value, Line: n})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", filename, err)
	}
	return f, nil
}

// Section returns the section of that name, or nil.
func (f *File) Section(name string) *Section {
	for _, s := range f.Sections {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// Names returns the names of the file's variants, in file order.
func (f *File) Names() []string {
	var names []string
	for _, s := range f.Sections {
		names = append(names, s.Name)
	}
	return names
}
