//go:build race

package brute_test

// raceEnabled: the race detector slows the tree walks tenfold, and CI's
// race run is not -short: the comparisons keep their short depths under
// it (deep).
const raceEnabled = true
