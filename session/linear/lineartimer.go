package linear

import (
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// The sand timer in the linear mode. The screens show the countdown in the
// header, redrawn every second; a line a second would drown everything
// else a screen reader says. So the linear mode says the time left at the
// moments a player acts on: when the timer starts or runs again, when the
// host adds time or pauses it, at one minute, 30 and 10 seconds left, and
// when it runs out; each once.

// timerMarks are the times left that are said as the sand timer runs
// down, in seconds, longest first.
var timerMarks = [...]int{60, 30, 10}

// linearTimer is what the linear mode last knew of the sand timer.
type linearTimer struct {
	deadline time.Time // the running timer's deadline last seen; zero when none ran
	left     int       // the seconds it had left then
	paused   bool      // it was paused
	ranOut   time.Time // the deadline whose end was said
}

// lines are the sand timer's lines since the last look, at now: ts is the
// table (nil away from one).
func (lt *linearTimer) lines(l i18n.Lang, ts *state.Table, now time.Time) []string {
	var d time.Time
	var remaining time.Duration
	paused := false
	if ts != nil && ts.Have && ts.Pub != nil {
		d, remaining, paused = ts.U.Deadline, ts.U.Remaining, ts.Pub.TimerPaused
	}
	left := 0
	if !d.IsZero() {
		left = state.CountdownSecs(d.Sub(now))
	}
	prev := *lt
	lt.deadline, lt.left, lt.paused = d, left, paused
	var out []string
	switch {
	case paused && !prev.paused:
		out = append(out, timeLeft(l, state.CountdownSecs(remaining)))
	case !d.IsZero() && left == 0:
		// The tick at the deadline came before the table's update.
		if !d.Equal(prev.ranOut) {
			lt.ranOut = d
			out = append(out, l.T("The sand timer has run out."))
		}
	case d.IsZero():
		// The timer stopped: it ran out if its deadline passed (the
		// table's update came first), else the psychics were all ready.
		if !prev.deadline.IsZero() && !now.Before(prev.deadline) && !prev.deadline.Equal(prev.ranOut) {
			lt.ranOut = prev.deadline
			out = append(out, l.T("The sand timer has run out."))
		}
	case prev.deadline.IsZero() || d.After(prev.deadline.Add(time.Second/2)):
		// It starts, runs again after a pause, or the host added time.
		out = append(out, timeLeft(l, left))
	default:
		for _, mark := range timerMarks {
			if left <= mark && prev.left > mark {
				out = append(out, timeLeft(l, left))
				break
			}
		}
	}
	return out
}

// timeLeft says the sand timer's time left in words: "1 minute 30 seconds
// left on the sand timer." (a screen reader reads 1:30 as a time of day).
func timeLeft(l i18n.Lang, secs int) string {
	var words string
	switch m, s := secs/60, secs%60; {
	case m == 0:
		words = l.F("%d seconds", s)
	case s == 0:
		words = l.F("%d minutes", m)
	default:
		words = l.F("%d minutes", m) + " " + l.F("%d seconds", s)
	}
	return l.F("%s left on the sand timer.", words)
}

// timerNow is the sand timer's time left as R says it, "" when it is
// neither running nor paused.
func timerNow(l i18n.Lang, ts *state.Table, now time.Time) string {
	if ts == nil || !ts.Have || ts.Pub == nil || ts.Pub.Phase != game.PhaseVision {
		return ""
	}
	switch {
	case ts.Pub.TimerPaused:
		return timeLeft(l, state.CountdownSecs(ts.U.Remaining))
	case !ts.U.Deadline.IsZero():
		return timeLeft(l, state.CountdownSecs(ts.U.Deadline.Sub(now)))
	}
	return ""
}
