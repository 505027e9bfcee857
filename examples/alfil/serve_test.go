package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// alfil serve without a browser: the page and the WebAssembly file over
// real HTTP, the address it says, and its ends.
func TestServe(t *testing.T) {
	var stdout, stderr bytes.Buffer
	addr := startServe(t, &stdout, &stderr)
	assert.Contains(t, stdout.String(), "http://"+addr+"/")

	resp, err := http.Get("http://" + addr + "/")
	require.NoError(t, err)
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, string(page), "app.js")

	// Go's client asks for gzip and unpacks it: the module arrives whole
	resp, err = http.Get("http://" + addr + "/alfil.wasm")
	require.NoError(t, err)
	wasm, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, "application/wasm", resp.Header.Get("Content-Type"))
	assert.True(t, bytes.HasPrefix(wasm, []byte("\x00asm")), "a WebAssembly module")
}

// startServe runs alfil serve, as a user does, on a free loopback port
// until the test ends, and returns its address; at the end it checks that
// the stop (Ctrl-C's context) ended it with status 0 and nothing on stderr.
func startServe(t *testing.T, stdout, stderr *bytes.Buffer) string {
	t.Helper()
	ctx, stop := context.WithCancel(context.Background())
	listening := make(chan string, 1)
	served := make(chan int, 1)
	go func() {
		served <- serveContext(ctx, []string{"-addr", "127.0.0.1:0"}, stdout, stderr, listening)
	}()
	var addr string
	select {
	case addr = <-listening:
	case status := <-served:
		t.Fatalf("alfil serve ended with status %d before it listened: %s", status, stderr)
	}
	t.Cleanup(func() {
		stop()
		assert.Equal(t, 0, <-served, "a stopped alfil serve's exit status")
		assert.Empty(t, stderr.String(), "alfil serve's errors")
	})
	return addr
}

func TestServeErrors(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		says   string
	}{
		{[]string{"-addr", "127.0.0.1:99999"}, 1, "invalid port"},
		{[]string{"-addr", "nohost.invalid.:80"}, 1, ""},
		{[]string{"extra"}, 2, `unexpected "extra"`},
		{[]string{"-nope"}, 2, "flag provided but not defined"},
	} {
		var stdout, stderr bytes.Buffer
		status := serveContext(context.Background(), tc.args, &stdout, &stderr, nil)
		assert.Equal(t, tc.status, status, strings.Join(tc.args, " "))
		assert.Contains(t, stderr.String(), tc.says, strings.Join(tc.args, " "))
	}
}
