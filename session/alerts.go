package session

import (
	"fmt"
	"strings"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// Turn alerts: when it becomes this player's move, their terminal is told
// once — the bell, a desktop notification (OSC 777 and OSC 9: terminals
// ignore the one they do not know) and the window title, which is put back
// when the move is made. They carry the table's code and fixed sentences
// only: never a client's text, never a secret.

// alertPrefs is what the hub offers to remember a player's choice (the
// server's hub does, in the player's profile; guests keep it per session).
type alertPrefs interface {
	AlertsOn(id game.PlayerID) bool
	SetAlertsOn(id game.PlayerID, on bool) error
}

// alerts is the session's turn-alert state.
type alerts struct {
	off    bool            // the player turned alerts off
	loaded bool            // off was read from the profile
	gen    int             // the table the fired events belong to
	seeded bool            // the table's first update was seen (it alerts nothing)
	fired  map[string]bool // the events already alerted at this table
	titled bool            // the window title says "your move" (pushed)
	out    strings.Builder // sequences for the terminal, taken by TakeSignals
}

// The last stretch of the sand timer that alerts a psychic.
const lastStretch = 30 * time.Second

// TakeSignals implements term.Signaller: the alert sequences not yet written.
func (m *Model) TakeSignals() string {
	if m.alerts.out.Len() == 0 {
		return ""
	}
	s := m.alerts.out.String()
	m.alerts.out.Reset()
	return s
}

// alertsOff reads the player's choice once.
func (m *Model) alertsOff() bool {
	a := &m.alerts
	if !a.loaded {
		a.loaded = true
		if p, ok := m.hub.(alertPrefs); ok && m.who.ID != "" {
			a.off = !p.AlertsOn(m.who.ID)
		}
	}
	return a.off
}

// toggleAlerts is the A key.
func (m *Model) toggleAlerts() {
	off := !m.alertsOff()
	m.alerts.off = off
	kept := ""
	if p, ok := m.hub.(alertPrefs); ok && !m.who.Guest {
		if err := p.SetAlertsOn(m.who.ID, !off); err == nil {
			kept = m.lang().T(" (kept in your profile)")
		}
	}
	if off {
		m.untitle()
		m.setFlash(m.lang().F("Turn alerts off%s. A turns them back on.", kept), false)
	} else {
		m.setFlash(m.lang().F("Turn alerts on: the bell, a notification and the window title when it is your move%s.", kept), false)
	}
}

// checkAlerts looks at the table after an update or a tick: an event that
// makes it this player's move alerts once; the title follows whether it is.
func (ts *tableState) checkAlerts() {
	m := ts.m
	a := &m.alerts
	if a.gen != ts.gen {
		a.gen, a.seeded, a.fired = ts.gen, false, map[string]bool{}
	}
	events, myMove := ts.turnEvents()
	first := !a.seeded
	a.seeded = true
	off := m.alertsOff()
	for _, e := range events {
		if a.fired[e.key] {
			continue
		}
		a.fired[e.key] = true
		if first || off {
			continue // a player arriving sees the screen; no bell for the past
		}
		m.alert(ts.code, e.body)
	}
	switch {
	case myMove && !off && !a.titled:
		a.titled = true
		a.out.WriteString("\x1b[22;0t") // push the terminal's own title
		a.out.WriteString("\x1b]2;" + oscText(m.lang().F("▲ your move · Mysterium %s", ts.code)) + "\x07")
	case !myMove && a.titled:
		m.untitle()
	}
}

// alert writes one alert: bell, notifications.
func (m *Model) alert(code, body string) {
	title := oscText("Mysterium " + code)
	body = oscText(body)
	a := &m.alerts
	a.out.WriteString("\a")
	a.out.WriteString("\x1b]777;notify;" + title + ";" + body + "\x07")
	a.out.WriteString("\x1b]9;" + title + ": " + body + "\x07")
}

// untitle gives the terminal its own title back.
func (m *Model) untitle() {
	if m.alerts.titled {
		m.alerts.titled = false
		m.alerts.out.WriteString("\x1b[23;0t")
	}
}

// oscText keeps what may stand inside an OSC string: no control
// characters and no ';' (OSC 777's field separator).
func oscText(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == ';' {
			return -1
		}
		return r
	}, s)
}

// turnEvent is one event that makes it this player's move: key names it
// (once per game), body says it.
type turnEvent struct{ key, body string }

// turnEvents lists the events of the current view that call on this
// player, and whether it is their move now.
func (ts *tableState) turnEvents() (events []turnEvent, myMove bool) {
	p := ts.pub
	if p == nil {
		return nil, false
	}
	round := romanNum(p.Round)
	l := ts.m.lang()
	switch {
	case ts.ghost != nil:
		switch p.Phase {
		case game.PhaseVision:
			if len(p.WaitingVisions) > 0 {
				events = append(events, turnEvent{fmt.Sprintf("give %d", p.Round), l.F("Hour %s: the psychics wait for your visions.", round)})
				myMove = true
			}
		case game.PhaseReveal:
			events = append(events, turnEvent{fmt.Sprintf("reveal %d", p.Round), l.F("Hour %s: the results wait to be revealed.", round)})
			myMove = true
		case game.PhaseCulprit:
			events = append(events, turnEvent{"culprit", l.T("The final: choose the culprit and give the shared vision.")})
			myMove = true
		}
	case ts.psy != nil:
		for _, c := range ts.psy.Colours {
			me := p.Psychic(c)
			if me == nil || me.Finished || p.Phase != game.PhaseVision {
				continue
			}
			if me.ReceivedThisRound {
				events = append(events, turnEvent{fmt.Sprintf("vision %d %d", p.Round, c), l.F("Hour %s: a vision arrived for %s.", round, c.Symbol()+" "+c.Character())})
				if !me.Ready {
					myMove = true
				}
			}
		}
		if p.Phase == game.PhaseVision && p.TimerRunning && myMove {
			events = append(events, turnEvent{fmt.Sprintf("timer %d", p.Round), l.T("The sand timer is running.")})
			if d := ts.u.Deadline; !d.IsZero() {
				if left := d.Sub(ts.m.now()); left > 0 && left <= lastStretch {
					events = append(events, turnEvent{fmt.Sprintf("last %d %d", p.Round, d.Unix()), l.T("30 seconds left on the sand timer.")})
				}
			}
		}
		if f := p.Final; f != nil && p.Phase == game.PhaseVote {
			for _, c := range ts.psy.Colours {
				for _, v := range f.MustVote {
					if v == c {
						events = append(events, turnEvent{fmt.Sprintf("vote %d %d", f.Stage, f.Day), l.T("Your vote: the psychics choose the culprit.")})
						myMove = true
					}
				}
			}
		}
	}
	return events, myMove
}
