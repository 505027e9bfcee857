//go:build race

package uci_test

// raceEnabled reports that the tests run under the race detector (see
// norace_test.go).
const raceEnabled = true
