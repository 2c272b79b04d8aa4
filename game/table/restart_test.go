package table_test

import (
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/table"
)

// TestARestartGivesTheSandTimerBackTheTimeAway: a table restored with the
// moment the server was last seen running resumes its sand timer with the
// time it had left then, however long the server was away; without it, or
// with a moment after the deadline, the deadline is the journal's.
func TestARestartGivesTheSandTimerBackTheTimeAway(t *testing.T) {
	table.CheckNoLeak(t)
	clock := table.NewManualClock(t0)
	rec := &recorder{}
	tb, cfg, _ := timerTable(t, rec, clock)
	turned := t0.Add(10*time.Second + game.VisionHold) // the last vision arrived, the sand timer turned: 2 minutes from here
	clock.Advance(59 * time.Second)                    // 1:01 left at the kill -9
	tb.Stop()
	killed := clock.Now()
	clock.Advance(32 * time.Second) // the server is away

	for _, tc := range []struct {
		name     string
		lastSeen time.Time
		want     time.Time // the restored deadline
	}{
		{"last seen at the kill", killed, clock.Now().Add(61 * time.Second)},
		{"last seen 2 s before it", killed.Add(-2 * time.Second), clock.Now().Add(63 * time.Second)},
		{"not known", time.Time{}, turned.Add(2 * time.Minute)},
		// The timer had run out when the server was last seen: the step
		// ends at once.
		{"last seen after the deadline", turned.Add(3 * time.Minute), time.Time{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := cfg
			c.LastSeen = tc.lastSeen
			r, err := table.Restore(c, rec.all())
			must(t, err)
			defer r.Stop()
			s := r.Subscribe("alice")
			defer s.Close()
			if tc.want.IsZero() {
				nextWhere(t, s, "the step's end", func(u game.Update) bool { return u.View.Public().Phase == game.PhaseReveal })
				return
			}
			u := nextWhere(t, s, "the restored table", func(game.Update) bool { return true })
			if !u.Deadline.Equal(tc.want) {
				t.Fatalf("restored deadline %v (%v left), want %v (%v left)", u.Deadline, u.Deadline.Sub(clock.Now()), tc.want, tc.want.Sub(clock.Now()))
			}
			if left, running := r.TimerLeft(); !running || left != tc.want.Sub(clock.Now()) {
				t.Fatalf("TimerLeft %v %v", left, running)
			}
		})
	}
}
