//go:build !race

package brute_test

// randRace: the race detector is on (see rand_race_test.go).
const randRace = false
