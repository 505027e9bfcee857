//go:build !race

package brute_test

// raceEnabled: see race_test.go.
const raceEnabled = false
