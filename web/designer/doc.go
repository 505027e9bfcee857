// Package designer is what the browser variant designer (alfil serve, package
// web) runs in the page: a Session holds one variant being written and one
// game of it, and answers with a State — the board, the legal moves with
// their SAN and UCI names, the history, the FEN — that the page draws.
// Perft and Search are for the page's Web Worker, which runs the long
// computations while the page stays responsive; Share and Unshare turn a
// variant's text into a link's code and back.
//
// The package is plain Go: the WebAssembly shim in web/wasm calls it and
// passes its results to JavaScript as JSON, and its tests run natively.
// docs/architecture.md § The variant designer tells how the pieces fit.
package designer
