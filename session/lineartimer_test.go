package session

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// The sand timer running down in the linear mode, a second at a time as
// its ticks come: its time left is said when it starts, at one minute, 30
// and 10 seconds, and when it runs out, once each, never a line a second.
// In English and French.
func TestLinearSandTimerRunsDown(t *testing.T) {
	tests := []struct {
		lang i18n.Lang
		want []string
	}{
		{i18n.English, []string{"1 minute 30 seconds left on the sand timer.", "1 minute left on the sand timer.",
			"30 seconds left on the sand timer.", "10 seconds left on the sand timer.", "The sand timer has run out."}},
		{i18n.French, []string{"Il reste 1 minute 30 secondes au sablier.", "Il reste 1 minute au sablier.",
			"Il reste 30 secondes au sablier.", "Il reste 10 secondes au sablier.", "Le sablier est écoulé."}},
	}
	for _, tc := range tests {
		t.Run(tc.lang.String(), func(t *testing.T) {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			ghostGiveAll(t, pt)
			m := modelAt(t, pt, pAnn, 80, 24)
			m.sh.Who.Lang = tc.lang
			m.sh.Cards = fakeCards{}
			now := fixedNow
			m.sh.Clock = func() time.Time { return now }
			act(t, m, pt, "P")
			takeLines(t, m)
			pt.deadline = now.Add(90 * time.Second)
			pt.bump()
			refresh(m, pt)
			var got []string
			keep := func(lines []string) {
				for _, l := range lines {
					if strings.Contains(l, "sand timer") || strings.Contains(l, "sablier") {
						got = append(got, l)
					}
				}
			}
			keep(takeLines(t, m))
			for range 95 {
				now = now.Add(time.Second)
				keep(takeLines(t, m))
			}
			// The table's update after the deadline says nothing more.
			pt.deadline = time.Time{}
			pt.bump()
			refresh(m, pt)
			keep(takeLines(t, m))
			if !slices.Equal(got, tc.want) {
				t.Errorf("said\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// The sand timer's other moments, from the table's views and the clock:
// paused, resumed, given more time (twice: each is said), stopped by the
// psychics before its end (nothing said), run out with the table's update
// first, and a jump past several marks (said once).
func TestLinearTimerLines(t *testing.T) {
	t0 := fixedNow
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

// What the table says happened is said once to a psychic in the linear
// mode: the table's event and the screens' message would say it twice,
// the same sentence (a pause: the host is the ghost, so ben pauses) or in
// other words (a vision taken back, whose message also carries a colour
// symbol the mode leaves out).
func TestLinearTableNoticesSaidOnce(t *testing.T) {
	for _, tc := range []struct {
		name string
		who  game.PlayerID
		cmd  game.Command
		said func(line string) bool
	}{
		{"pause", pBen, game.PauseTimer{}, func(l string) bool { return strings.EqualFold(l, "ben paused the sand timer.") }},
		{"take back", pGhost, game.TakeBack{}, func(l string) bool { return strings.Contains(l, "took") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			pt.hold = tc.name == "take back" // the last vision is on its way
			ghostGiveAll(t, pt)
			m := modelAt(t, pt, pAnn, 80, 24)
			m.sh.Cards = fakeCards{}
			act(t, m, pt, "P")
			takeLines(t, m)
			pt.must(t, tc.who, tc.cmd)
			refresh(m, pt)
			lines := takeLines(t, m)
			n := 0
			for _, l := range lines {
				if tc.said(l) {
					n++
				}
			}
			if n != 1 {
				t.Errorf("said %d times:\n%s", n, strings.Join(lines, "\n"))
			}
		})
	}
}
