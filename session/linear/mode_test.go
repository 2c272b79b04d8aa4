package linear

import (
	"slices"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// The sand timer's other moments, from the table's views and the clock:
// paused, resumed, given more time (twice: each is said), stopped by the
// psychics before its end (nothing said), run out with the table's update
// first, and a jump past several marks (said once).
func TestLinearTimerLines(t *testing.T) {
	t0 := time.Date(2026, 10, 31, 22, 0, 0, 0, time.UTC)
	type look struct {
		at        time.Duration // after t0
		deadline  time.Duration // after t0; 0: none
		paused    bool
		remaining time.Duration
		want      []string
	}
	tests := []struct {
		name  string
		looks []look
	}{
		{"paused, resumed, more time twice", []look{
			{0, 120 * time.Second, false, 0, []string{"2 minutes left on the sand timer."}},
			{20 * time.Second, 0, true, 100 * time.Second, []string{"1 minute 40 seconds left on the sand timer."}},
			{50 * time.Second, 0, true, 100 * time.Second, nil},
			{60 * time.Second, 160 * time.Second, false, 0, []string{"1 minute 40 seconds left on the sand timer."}},
			{61 * time.Second, 190 * time.Second, false, 0, []string{"2 minutes 9 seconds left on the sand timer."}},
			{62 * time.Second, 220 * time.Second, false, 0, []string{"2 minutes 38 seconds left on the sand timer."}},
		}},
		{"stopped early: everyone was ready", []look{
			{0, 60 * time.Second, false, 0, []string{"1 minute left on the sand timer."}},
			{5 * time.Second, 60 * time.Second, false, 0, nil},
			{6 * time.Second, 0, false, 0, nil},
		}},
		{"the table's update before the last tick", []look{
			{0, 15 * time.Second, false, 0, []string{"15 seconds left on the sand timer."}},
			{14 * time.Second, 15 * time.Second, false, 0, []string{"1 second left on the sand timer."}},
			{15 * time.Second, 0, false, 0, []string{"The sand timer has run out."}},
			{16 * time.Second, 0, false, 0, nil},
		}},
		{"a jump past two marks is said once", []look{
			{0, 90 * time.Second, false, 0, []string{"1 minute 30 seconds left on the sand timer."}},
			{85 * time.Second, 90 * time.Second, false, 0, []string{"5 seconds left on the sand timer."}},
			{86 * time.Second, 90 * time.Second, false, 0, nil},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var lt linearTimer
			for i, lk := range tc.looks {
				ts := &state.Table{Have: true, Pub: &game.TableView{Phase: game.PhaseVision, TimerRunning: true, TimerPaused: lk.paused}}
				if lk.deadline > 0 {
					ts.U.Deadline = t0.Add(lk.deadline)
				}
				ts.U.Remaining = lk.remaining
				got := lt.lines(i18n.English, ts, t0.Add(lk.at))
				if !slices.Equal(got, lk.want) {
					t.Errorf("look %d: said %q, want %q", i, got, lk.want)
				}
			}
		})
	}
}

// erasedRun finds the one run of characters a key took out.
func TestErasedRun(t *testing.T) {
	tests := []struct {
		before, after, erased string
		ok                    bool
	}{
		{"hello", "hell", "o", true},
		{"hello", "helo", "l", true},
		{"hello world", "hello ", "world", true},
		{"hello", "", "hello", true},
		{"héllo", "hllo", "é", true},
		{"hello", "hello", "", false},
		{"hello", "hallo", "", false},
		{"hello", "jo", "", false},
		{"he", "hello", "", false},
	}
	for _, tc := range tests {
		erased, ok := erasedRun(tc.before, tc.after)
		if erased != tc.erased || ok != tc.ok {
			t.Errorf("erasedRun(%q, %q) = %q, %v; want %q, %v", tc.before, tc.after, erased, ok, tc.erased, tc.ok)
		}
	}
}
