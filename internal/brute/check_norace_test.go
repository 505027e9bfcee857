//go:build !race

package brute_test

// checkRace: see check_race_test.go.
const checkRace = false
