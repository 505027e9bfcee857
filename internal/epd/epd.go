// Package epd reads perft suites: lines "FEN ;D1 n ;D2 n …", # starting a
// comment. The language engine's and the bitboard generator's perft tests
// read the same published numbers through it.
package epd

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

// Case is one depth of one position.
type Case struct {
	FEN   string
	Depth int
	Nodes uint64
}

// Read reads a suite file.
func Read(path string) ([]Case, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var cases []Case
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		parts := strings.Split(line, ";")
		fen := strings.TrimSpace(parts[0])
		for _, p := range parts[1:] {
			c := Case{FEN: fen}
			if _, err := fmt.Sscanf(strings.TrimSpace(p), "D%d %d", &c.Depth, &c.Nodes); err != nil {
				return nil, fmt.Errorf("%s:%d: bad entry %q: %w", path, n, p, err)
			}
			cases = append(cases, c)
		}
	}
	return cases, sc.Err()
}
