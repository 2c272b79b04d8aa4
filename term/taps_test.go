package term

import (
	"testing"
	"time"
)

// A screen asked to report taps turns SGR mouse reports on with its first
// frame and off when it restores the terminal; any other screen never
// touches the mouse modes (an SSH user's mouse keeps selecting text).
func TestScreenReportsTapsOnlyWhenAsked(t *testing.T) {
	for _, tc := range []struct {
		name string
		taps bool
	}{{"browser", true}, {"ssh", false}} {
		t.Run(tc.name, func(t *testing.T) {
			lt := &lockedTerm{term: newTerm(t, 20, 3)}
			s := NewScreen(lt, 20, 3)
			if tc.taps {
				s.ReportTaps()
			}
			s.Show("a frame")
			deadline := time.Now().Add(10 * time.Second)
			for lt.text() != shows("a frame", 20, 3) {
				if time.Now().After(deadline) {
					t.Fatalf("the frame never came: %q", lt.text())
				}
				time.Sleep(time.Millisecond) // polling a condition, not waiting for time
			}
			lt.mu.Lock()
			clicks, sgr, ever := lt.term.clicks, lt.term.sgr, lt.term.ever
			lt.mu.Unlock()
			if clicks != tc.taps || sgr != tc.taps || ever != tc.taps {
				t.Fatalf("with the first frame: click reports %v, SGR %v (ever %v); want %v", clicks, sgr, ever, tc.taps)
			}
			if !s.Close(10 * time.Second) {
				t.Fatal("the terminal was not restored")
			}
			if lt.term.clicks || lt.term.sgr {
				t.Fatal("the terminal still reports clicks after the session")
			}
		})
	}
}
