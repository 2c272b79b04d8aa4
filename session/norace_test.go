//go:build !race

package session

// raceEnabled: see race_test.go.
const raceEnabled = false
