package state

import (
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
)

// sandTimer is the sand timer as this seat has it: the countdown in the
// header, the tick that steps it once a second while it runs (never
// otherwise), and the host's hand on it (p pauses or resumes it, + adds
// 30 s). The deadline comes with each update; the timer only shows it. It
// is the session's, touched only on its goroutine.
type sandTimer struct {
	ts *Table
	// ticking is when the tick armed last is due (zero: none is).
	Ticking time.Time
}

// tickMsg is a tick of the sand timer, for the table gen and the tick due at.
type TickMsg struct {
	Gen int
	At  time.Time
}

// deadline is when the sand timer runs out (zero without one).
func (s *sandTimer) Deadline() time.Time {
	if !s.ts.Have {
		return time.Time{}
	}
	return s.ts.U.Deadline
}

// arm asks for the next tick while a deadline is shown, unless one is
// armed already.
func (s *sandTimer) Arm() tea.Cmd {
	ts := s.ts
	if s.Deadline().IsZero() || !s.Ticking.IsZero() || !ts.Shell.Host.OnTable() {
		return nil
	}
	gen := ts.Gen
	now := ts.Shell.Now()
	left := s.Deadline().Sub(now)
	if left <= 0 {
		return nil
	}
	// Wake on the next whole second of the countdown so the display steps evenly.
	d := left % time.Second
	if d == 0 {
		d = time.Second
	}
	at := now.Add(d)
	s.Ticking = at
	return tea.Tick(d, func(time.Time) tea.Msg { return TickMsg{Gen: gen, At: at} })
}

// tick takes a tick: the last stretch may alert, and the next tick is armed.
// A tick of another table, or one a newer tick replaced, is dropped.
func (s *sandTimer) Tick(msg TickMsg) tea.Cmd {
	if msg.Gen != s.ts.Gen || s.Ticking != msg.At {
		return nil
	}
	s.Ticking = time.Time{}
	s.ts.CheckAlerts() // the sand timer's last stretch
	return s.Arm()
}

// view is the sand timer as the header shows it: running, paused, or the
// time each hour gives before it starts; "" without one.
func (s *sandTimer) view() string {
	st := s.ts.Shell.St
	p := s.ts.Pub
	if cd, last := s.countdown(); cd != "" {
		if last {
			cd = st.Err.Render(cd)
		}
		return cd
	}
	if pz := s.paused(); pz != "" {
		return st.Err.Render(pz)
	}
	if p.Timer > 0 && p.Phase == game.PhaseVision {
		t := int(p.Timer / time.Second)
		return st.Dim.Render(fmt.Sprintf("⏳ %d:%02d", t/60, t%60))
	}
	return ""
}

// countdown is the running sand timer, and whether it is in its last ten
// seconds.
func (s *sandTimer) countdown() (string, bool) {
	d := s.Deadline()
	if d.IsZero() {
		return "", false
	}
	secs := CountdownSecs(d.Sub(s.ts.Shell.Now()))
	glass := "⏳"
	if secs <= 10 && secs%2 == 1 {
		// The last ten seconds: the hourglass turns with every second.
		glass = "⌛"
	}
	return fmt.Sprintf("%s %d:%02d", glass, secs/60, secs%60), secs <= 10
}

// paused is the paused sand timer ("⏸ 1:40 paused").
func (s *sandTimer) paused() string {
	ts := s.ts
	if ts.Pub == nil || !ts.Pub.TimerPaused {
		return ""
	}
	secs := int(ts.U.Remaining / time.Second)
	return ts.Shell.Lang().F("⏸ %d:%02d paused", secs/60, secs%60)
}

// host reports whether this player works the sand timer while it runs: p
// and + are theirs then. That is the table's host, or every psychic player
// when the host sits as the ghost (the ghost's seat never has them; see
// game.TableView.MayWorkTimer).
func (s *sandTimer) Host() bool {
	p := s.ts.Pub
	return p != nil && p.MayWorkTimer(s.ts.Shell.Who.ID) && p.TimerRunning && p.Phase == game.PhaseVision
}

// pauseKey is the host's p: pause or resume the sand timer.
func (s *sandTimer) PauseKey() tea.Cmd {
	ts := s.ts
	if ts.Pub.TimerPaused {
		return ts.Out.Submit(game.ResumeTimer{}, ts.Shell.Lang().T("The sand timer runs again."))
	}
	return ts.Out.Submit(game.PauseTimer{}, ts.Shell.Lang().T("The sand timer is paused."))
}

// addTimeKey is the host's +: 30 s more.
func (s *sandTimer) AddTimeKey() tea.Cmd {
	ts := s.ts
	return ts.Out.Submit(game.AddTime{}, ts.Shell.Lang().T("30 s more on the sand timer."))
}

// countdownSecs is the sand timer's whole seconds as the header shows
// them (rounded up, never below zero).
func CountdownSecs(left time.Duration) int {
	if left < 0 {
		left = 0
	}
	return int((left + time.Second - 1) / time.Second)
}
