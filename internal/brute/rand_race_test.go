//go:build race

package brute_test

// randRace: the race detector is on, which slows the engine tenfold: the
// dice trees are compared to the short depths.
const randRace = true
