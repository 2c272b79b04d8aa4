package server

import (
	"testing"
	"time"
)

// Connection-rate refusals are logged at most once per address a minute;
// the next line says how many refusals it stands for.
func TestConnRefusedLogsOnceAMinute(t *testing.T) {
	g := newGate(Limits{}.withDefaults())
	now := time.Unix(1000, 0)
	g.now = func() time.Time { return now }
	for _, tc := range []struct {
		ip      string
		after   time.Duration // the clock moves on before the refusal
		logIt   bool
		refused int
	}{
		{"10.0.0.1", 0, true, 1},
		{"10.0.0.1", time.Second, false, 0},
		{"10.0.0.2", 0, true, 1},
		{"10.0.0.1", 30 * time.Second, false, 0},
		{"10.0.0.1", 29 * time.Second, true, 3},
		{"10.0.0.1", time.Second, false, 0},
	} {
		now = now.Add(tc.after)
		// The refused address keeps connecting, so its state stays.
		g.connRate(tc.ip)
		logIt, n := g.connRefused(tc.ip)
		if logIt != tc.logIt || n != tc.refused {
			t.Fatalf("%s after %s: log %v (%d refused), want %v (%d)", tc.ip, tc.after, logIt, n, tc.logIt, tc.refused)
		}
	}
}
