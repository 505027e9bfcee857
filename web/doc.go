// Package web serves the variant designer: a single page where a variant
// file is written and tried — its errors marked at their line and column as
// it is typed, its board drawn, its moves played by clicking, counted by
// perft and answered by the engine. The whole library runs in the browser,
// compiled to WebAssembly (web/wasm, which calls package designer); the
// page (web/static) and that file are embedded in the binary, so that
// alfil serve needs nothing but itself.
//
// The WebAssembly file is built by go generate ./web and committed, so that
// go run ./examples/alfil serve works from a fresh clone; a test builds it
// again and fails when the committed one is stale. The page loads nothing
// from anywhere but the serving host: Handler's Content-Security-Policy
// says so to the browser.
package web
