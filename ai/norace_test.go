//go:build !race

package ai

// raceEnabled reports that the tests run under the race detector (see
// race_test.go).
const raceEnabled = false
