package session

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
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
