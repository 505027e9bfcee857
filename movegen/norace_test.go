//go:build !race

package movegen

// raceEnabled: see race_test.go.
const raceEnabled = false
