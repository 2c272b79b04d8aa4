//go:build !race

package game

// raceEnabled: see race_prop_test.go.
const raceEnabled = false
