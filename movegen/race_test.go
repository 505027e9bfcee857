//go:build race

package movegen

// raceEnabled: the race detector slows the generator ten times over, so
// the long single-goroutine checks run at their -short size under it (the
// concurrency tests run in full).
const raceEnabled = true
