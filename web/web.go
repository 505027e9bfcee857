package web

//go:generate go run ./internal/generate

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io"
	"io/fs"
	"net/http"
	"strings"
	"sync"
	"time"
)

//go:embed static
var static embed.FS

// Static returns the designer's files: the page, its scripts and styles,
// wasm_exec.js and the gzipped WebAssembly file alfil.wasm.gz.
func Static() fs.FS {
	sub, _ := fs.Sub(static, "static") // the directory is embedded
	return sub
}

// ContentSecurityPolicy is the policy Handler sends with the page: every
// script, style, image, fetch and worker from the serving host only, and
// WebAssembly allowed to compile ('wasm-unsafe-eval'); no eval of
// JavaScript.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self'; img-src 'self' data:; connect-src 'self'; worker-src 'self'; " +
	"object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Handler serves the designer: the page at /, its files beside it, and
// /alfil.wasm, gzipped to a browser that accepts it (all do) and unpacked
// for one that does not.
func Handler() http.Handler {
	files := Static()
	plain := http.FileServerFS(files)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", ContentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		// the page and the library change together with the binary:
		// a browser asks again (and gets 304 by the ETag) each time
		h.Set("Cache-Control", "no-cache")
		switch r.URL.Path {
		case "/alfil.wasm":
			serveWasm(w, r, files)
			return
		case "/alfil.wasm.gz", "/go-version.txt":
			http.NotFound(w, r)
			return
		}
		plain.ServeHTTP(w, r)
	})
}

// wasm is the WebAssembly file as embedded (gzipped), its ETag, and,
// made on first need, unpacked.
var wasm struct {
	once   sync.Once
	packed []byte
	etag   string

	unpackOnce sync.Once
	unpacked   []byte
	err        error
}

func serveWasm(w http.ResponseWriter, r *http.Request, files fs.FS) {
	wasm.once.Do(func() {
		wasm.packed, _ = fs.ReadFile(files, "alfil.wasm.gz")
		sum := sha256.Sum256(wasm.packed)
		wasm.etag = `"` + hex.EncodeToString(sum[:12]) + `"`
	})
	if len(wasm.packed) == 0 {
		http.Error(w, "alfil.wasm is not built: run go generate ./web", http.StatusNotFound)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/wasm")
	h.Set("Vary", "Accept-Encoding")
	h.Set("ETag", wasm.etag)
	if match := r.Header.Get("If-None-Match"); match == wasm.etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if acceptsGzip(r.Header.Get("Accept-Encoding")) {
		h.Set("Content-Encoding", "gzip")
		http.ServeContent(w, r, "", zeroTime, bytes.NewReader(wasm.packed))
		return
	}
	wasm.unpackOnce.Do(func() {
		zr, err := gzip.NewReader(bytes.NewReader(wasm.packed))
		if err == nil {
			wasm.unpacked, err = io.ReadAll(zr)
		}
		wasm.err = err
	})
	if wasm.err != nil {
		http.Error(w, "alfil.wasm.gz does not unpack: "+wasm.err.Error(), http.StatusInternalServerError)
		return
	}
	http.ServeContent(w, r, "", zeroTime, bytes.NewReader(wasm.unpacked))
}

// zeroTime leaves Last-Modified out: the ETag tells versions apart.
var zeroTime time.Time

// acceptsGzip reports whether an Accept-Encoding header takes gzip (and
// does not refuse it with q=0).
func acceptsGzip(header string) bool {
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(name) != "gzip" && strings.TrimSpace(name) != "*" {
			continue
		}
		q := strings.ReplaceAll(params, " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}
