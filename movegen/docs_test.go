package movegen

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/alfil-go/alfil/lang"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDocErrors checks the error messages that docs/language.md quotes in
// its Errors section against what loading a file reports (Load: parse and
// compile, the setup included, as alfil check does), so the reference
// cannot go stale. The section has two text blocks: the caret snippets of
// testdata/docs/errs.alf, as alfil check prints them, and the errors of the
// other files of testdata/docs, each loaded as e.alf, in file-name order.
func TestDocErrors(t *testing.T) {
	blocks := docTextBlocks(t, "../docs/language.md", "## Errors")
	require.Len(t, blocks, 2, "text blocks in the Errors section of docs/language.md")

	src, err := os.ReadFile("testdata/docs/errs.alf")
	require.NoError(t, err)
	_, err = Load("errs.alf", src)
	require.Error(t, err)
	assert.Equal(t, blocks[0], snippets(err), "the first block: alfil check testdata/docs/errs.alf")

	names, err := filepath.Glob("testdata/docs/e[0-9]*.alf")
	require.NoError(t, err)
	require.NotEmpty(t, names)
	var got strings.Builder
	for _, name := range names { // Glob sorts them
		src, err := os.ReadFile(name)
		require.NoError(t, err)
		_, err = Load("e.alf", src)
		require.Error(t, err, name)
		for _, e := range err.(lang.ErrorList) {
			got.WriteString(e.Error() + "\n")
		}
	}
	assert.Equal(t, blocks[1], got.String(), "the second block: the errors of testdata/docs/e*.alf")
}

// docTextBlocks returns the contents of the ```text blocks of the section of
// the markdown file that starts with the heading line, each ending in a
// newline.
func docTextBlocks(t *testing.T, path, heading string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(string(data), "\n")
	start := -1
	for i, l := range lines {
		if l == heading {
			start = i + 1
			break
		}
	}
	require.GreaterOrEqual(t, start, 0, "no %q in %s", heading, path)
	var blocks []string
	var block *strings.Builder
	for _, l := range lines[start:] {
		switch {
		case block == nil && strings.HasPrefix(l, "## "):
			return blocks
		case block == nil && l == "```text":
			block = &strings.Builder{}
		case block != nil && l == "```":
			blocks = append(blocks, block.String())
			block = nil
		case block != nil:
			block.WriteString(l + "\n")
		}
	}
	return blocks
}

// snippets prints every error of an error list with its caret snippet, as
// alfil check does.
func snippets(err error) string {
	var list lang.ErrorList
	if !errors.As(err, &list) {
		return err.Error()
	}
	var b strings.Builder
	for _, e := range list {
		b.WriteString(e.Snippet())
		b.WriteByte('\n')
	}
	return b.String()
}

// TestDocLimits checks the error texts of the Limits section of
// docs/language.md: each one quoted in its table is what loading one of
// the files of testdata/docs/limits reports (a text ending in "(…)" is a
// prefix), and its budget example is what generating the moves of that
// hostile file reports.
func TestDocLimits(t *testing.T) {
	data, err := os.ReadFile("../docs/language.md")
	require.NoError(t, err)
	section := string(data)[strings.Index(string(data), "\n## Limits\n"):]
	section = section[:strings.Index(section[1:], "\n## ")+1]
	var got []string
	names, err := filepath.Glob("testdata/docs/limits/*.alf")
	require.NoError(t, err)
	for _, name := range names {
		src, err := os.ReadFile(name)
		require.NoError(t, err)
		_, err = Load(filepath.Base(name), src)
		require.Error(t, err, name)
		for _, e := range err.(lang.ErrorList) {
			got = append(got, e.Msg)
		}
	}
	quoted := regexp.MustCompile("(?m)^\\| [^|]+ \\| [^|]+ \\| `(.*)` \\|$")
	rows := quoted.FindAllStringSubmatch(section, -1)
	require.GreaterOrEqual(t, len(rows), 12)
	for _, row := range rows {
		want := row[1]
		prefix, cut := strings.CutSuffix(want, "(…)")
		assert.True(t, slices.ContainsFunc(got, func(msg string) bool {
			return msg == want || cut && strings.HasPrefix(msg, prefix+"(")
		}), "no file of testdata/docs/limits gives %q", want)
	}
	blocks := docTextBlocks(t, "../docs/language.md", "## Limits")
	require.Len(t, blocks, 1)
	example := strings.TrimSpace(blocks[0])
	file, _, _ := strings.Cut(example, ":")
	src, err := os.ReadFile("testdata/hostile/" + file)
	require.NoError(t, err)
	p, err := Load(file, src)
	require.NoError(t, err)
	b := mustBoard(t, p, "")
	b.Perft(1)
	assert.EqualError(t, b.Err(), example)
}
