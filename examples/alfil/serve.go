package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/alfil-go/alfil/web"
)

func serve(args []string, stdout, stderr io.Writer) int {
	ctx, stop := interrupt()
	defer stop()
	return serveContext(ctx, args, stdout, stderr, nil)
}

// serveContext serves the variant designer (package web) until ctx ends.
// When listening is not nil it is sent the address listened on, once the
// server takes connections (for tests, which listen on port 0).
func serveContext(ctx context.Context, args []string, stdout, stderr io.Writer, listening chan<- string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "the address to serve on, host:port (port 0: any free port)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "alfil serve: unexpected %q\n", fs.Arg(0))
		return 2
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fail(stderr, err)
	}
	srv := &http.Server{
		Handler:           web.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
	}
	fmt.Fprintf(stdout, "alfil: the variant designer is at http://%s/ (Ctrl-C stops it)\n", ln.Addr())
	if listening != nil {
		listening <- ln.Addr().String()
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return fail(stderr, err)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fail(stderr, err)
	}
	return 0
}
