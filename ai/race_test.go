//go:build race

package ai

// raceEnabled reports that the tests run under the race detector, which
// makes the search several times slower: the heavy tests play and prove
// less then (see TestStrength and TestTactics), so that go test -race
// fits the package timeout on a small machine. The normal run is not
// scaled.
const raceEnabled = true
