//go:build race

package session

// raceOn is set when the tests run under the race detector, whose
// bookkeeping changes how much stack a goroutine takes.
const raceOn = true
