// Package wasmbuild builds the WebAssembly file of the variant designer
// (web/wasm) as go generate ./web does, so that a test can build it again
// and tell whether the embedded one is current.
package wasmbuild

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Flags are the build's flags: no paths of the machine that built it, no
// version-control stamp and no build ID (a hash of the sources, comments
// included), so that the same code and toolchain give the same bytes; no
// symbol table or DWARF (a third of the file, of use only to a debugger).
var Flags = []string{"-trimpath", "-buildvcs=false", "-ldflags=-s -w -buildid="}

// Build compiles the package web/wasm of the module rooted at moduleDir for
// js/wasm and returns the file's bytes.
func Build(moduleDir string) ([]byte, error) {
	dir, err := os.MkdirTemp("", "alfil-wasm")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "alfil.wasm")
	args := append([]string{"build"}, Flags...)
	args = append(args, "-o", out, "./web/wasm")
	cmd := exec.Command(Go(), args...)
	cmd.Dir = moduleDir
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go build for js/wasm: %v\n%s", err, stderr.String())
	}
	return os.ReadFile(out)
}

// Go is the go command: the one of the toolchain that runs this code when
// it is there ($GOROOT/bin/go), else the one on the PATH.
func Go() string {
	if root := goroot(); root != "" {
		if p := filepath.Join(root, "bin", "go"); fileExists(p) {
			return p
		}
	}
	return "go"
}

// Version is the toolchain's version, as go env GOVERSION prints it.
func Version() (string, error) { return goEnv("GOVERSION") }

// ExecJS returns the text of wasm_exec.js, the JavaScript half of Go's
// js/wasm port, from the toolchain's GOROOT: it must match the compiler
// that built the WebAssembly file.
func ExecJS() ([]byte, error) {
	root, err := goEnv("GOROOT")
	if err != nil {
		return nil, err
	}
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if b, err := os.ReadFile(filepath.Join(root, p)); err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("no wasm_exec.js in %s", root)
}

// goEnv is what go env NAME prints, for the go command Go returns.
func goEnv(name string) (string, error) {
	out, err := exec.Command(Go(), "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

func goroot() string {
	if r := os.Getenv("GOROOT"); r != "" {
		return r
	}
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
