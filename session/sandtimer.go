package session

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
	ts *tableState
	// ticking is when the tick armed last is due (zero: none is).
	ticking time.Time
}

// tickMsg is a tick of the sand timer, for the table gen and the tick due at.
type tickMsg struct {
	gen int
	at  time.Time
}

// deadline is when the sand timer runs out (zero without one).
func (s *sandTimer) deadline() time.Time {
	if !s.ts.have {
		return time.Time{}
	}
	return s.ts.u.Deadline
}

// arm asks for the next tick while a deadline is shown, unless one is
// armed already.
func (s *sandTimer) arm() tea.Cmd {
	ts := s.ts
	if s.deadline().IsZero() || !s.ticking.IsZero() || ts.m.screen != screenTable {
		return nil
	}
	gen := ts.gen
	now := ts.m.now()
	left := s.deadline().Sub(now)
	if left <= 0 {
		return nil
	}
	// Wake on the next whole second of the countdown so the display steps evenly.
	d := left % time.Second
	if d == 0 {
		d = time.Second
	}
	at := now.Add(d)
	s.ticking = at
	return tea.Tick(d, func(time.Time) tea.Msg { return tickMsg{gen: gen, at: at} })
}

// tick takes a tick: the last stretch may alert, and the next tick is armed.
// A tick of another table, or one a newer tick replaced, is dropped.
func (s *sandTimer) tick(msg tickMsg) tea.Cmd {
	if msg.gen != s.ts.gen || s.ticking != msg.at {
		return nil
	}
	s.ticking = time.Time{}
	s.ts.checkAlerts() // the sand timer's last stretch
	return s.arm()
}

// view is the sand timer as the header shows it: running, paused, or the
// time each hour gives before it starts; "" without one.
func (s *sandTimer) view() string {
	st := s.ts.m.st
	p := s.ts.pub
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
	d := s.deadline()
	if d.IsZero() {
		return "", false
	}
	secs := countdownSecs(d.Sub(s.ts.m.now()))
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
	if ts.pub == nil || !ts.pub.TimerPaused {
		return ""
	}
	secs := int(ts.u.Remaining / time.Second)
	return ts.m.lang().F("⏸ %d:%02d paused", secs/60, secs%60)
}

// host reports whether this player works the sand timer while it runs: p
// and + are theirs then. That is the table's host, or every psychic player
// when the host sits as the ghost (the ghost's seat never has them; see
// game.TableView.MayWorkTimer).
func (s *sandTimer) host() bool {
	p := s.ts.pub
	return p != nil && p.MayWorkTimer(s.ts.m.who.ID) && p.TimerRunning && p.Phase == game.PhaseVision
}

// pauseKey is the host's p: pause or resume the sand timer.
func (s *sandTimer) pauseKey() tea.Cmd {
	ts := s.ts
	if ts.pub.TimerPaused {
		return ts.out.submit(game.ResumeTimer{}, ts.m.lang().T("The sand timer runs again."))
	}
	return ts.out.submit(game.PauseTimer{}, ts.m.lang().T("The sand timer is paused."))
}

// addTimeKey is the host's +: 30 s more.
func (s *sandTimer) addTimeKey() tea.Cmd {
	ts := s.ts
	return ts.out.submit(game.AddTime{}, ts.m.lang().T("30 s more on the sand timer."))
}
