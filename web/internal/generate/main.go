// Command generate builds the designer's WebAssembly file and the files
// that go with it into web/static, where package web embeds them. It is
// what go generate ./web runs (from the directory web):
//
//	static/alfil.wasm.gz    web/wasm built for js/wasm, gzipped
//	static/wasm_exec.js     the toolchain's JavaScript half of the port
//	static/go-version.txt   the toolchain that built them
package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"

	"github.com/alfil-go/alfil/web/internal/wasmbuild"
)

func main() {
	if err := generate(); err != nil {
		fmt.Fprintln(os.Stderr, "generate:", err)
		os.Exit(1)
	}
}

func generate() error {
	wasm, err := wasmbuild.Build("..") // go generate runs in web
	if err != nil {
		return err
	}
	var packed bytes.Buffer
	zw, err := gzip.NewWriterLevel(&packed, gzip.BestCompression)
	if err != nil {
		return err
	}
	zw.Write(wasm)
	if err := zw.Close(); err != nil {
		return err
	}
	execJS, err := wasmbuild.ExecJS()
	if err != nil {
		return err
	}
	version, err := wasmbuild.Version()
	if err != nil {
		return err
	}
	files := map[string][]byte{
		"alfil.wasm.gz":  packed.Bytes(),
		"wasm_exec.js":   execJS,
		"go-version.txt": []byte(version + "\n"),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join("static", name), data, 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("static/alfil.wasm.gz: %d bytes (%d unpacked), %s\n", packed.Len(), len(wasm), version)
	return nil
}
