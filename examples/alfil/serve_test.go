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
	ctx, stop := context.WithCancel(context.Background())
	listening := make(chan string, 1)
	served := make(chan int, 1)
	var stdout, stderr bytes.Buffer
	go func() {
		served <- serveContext(ctx, []string{"-addr", "127.0.0.1:0"}, &stdout, &stderr, listening)
	}()
	addr := <-listening
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

	stop()
	assert.Equal(t, 0, <-served, "Ctrl-C ends alfil serve with status 0")
	assert.Empty(t, stderr.String())
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
