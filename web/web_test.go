package web_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/alfil-go/alfil/web"
	"github.com/alfil-go/alfil/web/internal/wasmbuild"
)

// embeddedWasm is the WebAssembly file as the binary carries it, unpacked.
func embeddedWasm(t *testing.T) []byte {
	t.Helper()
	packed, err := fs.ReadFile(web.Static(), "alfil.wasm.gz")
	require.NoError(t, err, "alfil.wasm.gz is not embedded: run go generate ./web")
	zr, err := gzip.NewReader(bytes.NewReader(packed))
	require.NoError(t, err)
	wasm, err := io.ReadAll(zr)
	require.NoError(t, err)
	return wasm
}

func get(t *testing.T, h http.Handler, path string, header http.Header) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for k, v := range header {
		req.Header[k] = v
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestHandler(t *testing.T) {
	h := web.Handler()
	wasm := embeddedWasm(t)
	require.True(t, bytes.HasPrefix(wasm, []byte("\x00asm")), "a WebAssembly module")

	page := get(t, h, "/", nil)
	assert.Equal(t, http.StatusOK, page.Code)
	assert.Contains(t, page.Header().Get("Content-Type"), "text/html")
	assert.Equal(t, web.ContentSecurityPolicy, page.Header().Get("Content-Security-Policy"))
	assert.Contains(t, page.Body.String(), "alfil")

	packed := get(t, h, "/alfil.wasm", http.Header{"Accept-Encoding": {"gzip, deflate, br"}})
	assert.Equal(t, http.StatusOK, packed.Code)
	assert.Equal(t, "application/wasm", packed.Header().Get("Content-Type"))
	assert.Equal(t, "gzip", packed.Header().Get("Content-Encoding"))
	zr, err := gzip.NewReader(packed.Body)
	require.NoError(t, err)
	unpacked, err := io.ReadAll(zr)
	require.NoError(t, err)
	assert.True(t, bytes.Equal(wasm, unpacked), "the gzipped file unpacks to the module")

	for _, refused := range []string{"", "identity", "gzip;q=0", "br"} {
		plain := get(t, h, "/alfil.wasm", http.Header{"Accept-Encoding": {refused}})
		assert.Equal(t, http.StatusOK, plain.Code, refused)
		assert.Empty(t, plain.Header().Get("Content-Encoding"), refused)
		assert.True(t, bytes.Equal(wasm, plain.Body.Bytes()), "Accept-Encoding %q: the module unpacked", refused)
	}

	etag := packed.Header().Get("ETag")
	require.NotEmpty(t, etag)
	again := get(t, h, "/alfil.wasm", http.Header{"If-None-Match": {etag}, "Accept-Encoding": {"gzip"}})
	assert.Equal(t, http.StatusNotModified, again.Code)

	for _, hidden := range []string{"/alfil.wasm.gz", "/go-version.txt", "/nothing.js"} {
		assert.Equal(t, http.StatusNotFound, get(t, h, hidden, nil).Code, hidden)
	}
	for _, file := range []string{"/wasm_exec.js", "/app.js", "/worker.js", "/style.css"} {
		rec := get(t, h, file, nil)
		assert.Equal(t, http.StatusOK, rec.Code, file)
	}
}

// The page's files name nothing outside the serving host: no URL with a
// scheme and a host, no protocol-relative one.
func TestNoForeignURLs(t *testing.T) {
	err := fs.WalkDir(web.Static(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".html") && !strings.HasSuffix(path, ".js") && !strings.HasSuffix(path, ".css") || path == "wasm_exec.js" {
			return err
		}
		data, err := fs.ReadFile(web.Static(), path)
		require.NoError(t, err)
		text := string(data)
		for _, foreign := range []string{"http://", "https://", `src="//`, `href="//`, "url(//", "@import"} {
			assert.NotContains(t, text, foreign, "%s names another host", path)
		}
		return nil
	})
	require.NoError(t, err)
}

// The embedded WebAssembly file is what go generate ./web builds from the
// sources as they are: a change to the library that was not followed by
// go generate fails here, before the browser test runs stale code.
func TestWasmIsCurrent(t *testing.T) {
	built, err := fs.ReadFile(web.Static(), "go-version.txt")
	require.NoError(t, err)
	toolchain, err := wasmbuild.Version()
	if err != nil {
		t.Skipf("no go command to build with: %v", err)
	}
	if strings.TrimSpace(string(built)) != toolchain {
		t.Skipf("alfil.wasm.gz was built by %s and this is %s: the same sources give other bytes, so staleness cannot be told (the module's toolchain is %s)",
			strings.TrimSpace(string(built)), toolchain, strings.TrimSpace(string(built)))
	}
	fresh, err := wasmbuild.Build("..")
	require.NoError(t, err)
	if !bytes.Equal(fresh, embeddedWasm(t)) {
		t.Fatal("web/static/alfil.wasm.gz is stale: the library changed since it was built; run go generate ./web and commit it")
	}
	execJS, err := wasmbuild.ExecJS()
	require.NoError(t, err)
	embedded, err := fs.ReadFile(web.Static(), "wasm_exec.js")
	require.NoError(t, err)
	assert.True(t, bytes.Equal(execJS, embedded), "web/static/wasm_exec.js is not the toolchain's: run go generate ./web")
}
