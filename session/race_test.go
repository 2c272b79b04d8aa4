//go:build race

package session

// raceEnabled is true under the race detector, whose instrumentation
// allocates: TestFrameAllocs counts what production allocates.
const raceEnabled = true
