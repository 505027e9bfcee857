//go:build race

package brute_test

// checkRace: the race detector slows the tree walks tenfold; TestCheckTrees
// keeps its short depths under it.
const checkRace = true
