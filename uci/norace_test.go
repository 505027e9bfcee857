//go:build !race

package uci_test

// raceEnabled reports that the tests run under the race detector, which
// makes every search several times slower: the games against
// Fairy-Stockfish are shorter then.
const raceEnabled = false
