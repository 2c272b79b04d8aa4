package session

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/colorprofile"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/words"
	"github.com/mysterium-ssh/mysterium/term"
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

// alerts are one session's turn alerts: whether the player wants them,
// what was already alerted at this table, and the sequences waiting for
// the terminal. They belong to the session's Model and are used on its
// goroutine only.
type alerts struct {
	prefs  alertPrefs      // the hub's memory of the choice; nil if it has none
	id     game.PlayerID   // whose choice it is
	guest  bool            // a guest's choice is not kept in a profile
	off    bool            // the player turned alerts off
	loaded bool            // off was read from the profile
	gen    int             // the table the fired events belong to
	seeded bool            // the table's first update was seen (it alerts nothing)
	fired  map[string]bool // the events already alerted at this table
	titled bool            // the window title says "your move" (pushed)
	out    strings.Builder // sequences for the terminal, taken by TakeSignals
}

// newAlerts are the alerts of who, whose choice hub may remember.
func newAlerts(hub Hub, who Identity) alerts {
	a := alerts{id: who.ID, guest: who.Guest}
	if p, ok := hub.(alertPrefs); ok {
		a.prefs = p
	}
	return a
}

// The last stretch of the sand timer that alerts a psychic.
const lastStretch = 30 * time.Second

// TakePictures implements term.Picturer: the cards drawn as images.
func (m *Model) TakePictures() term.Pictures { return m.img.Take(m.lin.on) }

// wordsOnly: cards are words now (plain or linear mode, no colours).
func wordsOnly(m *Model) bool { return m.plain || m.lin.on || m.r.ColorProfile() == colorprofile.ASCII }

// TakeSignals implements term.Signaller: the alert sequences not yet written.
func (m *Model) TakeSignals() string { return m.alerts.take() }

// take is TakeSignals: the sequences written since the last call.
func (a *alerts) take() string {
	if a.out.Len() == 0 {
		return ""
	}
	s := a.out.String()
	a.out.Reset()
	return s
}

// isOff reads the player's choice once.
func (a *alerts) isOff() bool {
	if !a.loaded {
		a.loaded = true
		if a.prefs != nil && a.id != "" {
			a.off = !a.prefs.AlertsOn(a.id)
		}
	}
	return a.off
}

// toggle is the A key; it returns the sentence that says what it did.
func (a *alerts) toggle(l i18n.Lang) string {
	off := !a.isOff()
	a.off = off
	kept := ""
	if a.prefs != nil && !a.guest {
		if err := a.prefs.SetAlertsOn(a.id, !off); err == nil {
			kept = l.T(" (kept in your profile)")
		}
	}
	if off {
		a.untitle()
		return l.F("Turn alerts off%s. A turns them back on.", kept)
	}
	return l.F("Turn alerts on: the bell, a notification and the window title when it is your move%s.", kept)
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
	off := a.isOff()
	for _, e := range events {
		if a.fired[e.key] {
			continue
		}
		a.fired[e.key] = true
		if first || off {
			continue // a player arriving sees the screen; no bell for the past
		}
		a.ring(ts.code, e.body)
	}
	switch {
	case myMove && !off && !a.titled:
		a.titled = true
		a.out.WriteString("\x1b[22;0t") // push the terminal's own title
		a.out.WriteString("\x1b]2;" + oscText(m.lang().F("▲ your move · Mysterium %s", ts.code)) + "\x07")
	case !myMove && a.titled:
		a.untitle()
	}
}

// ring writes one alert: bell, notifications.
func (a *alerts) ring(code, body string) {
	title := oscText("Mysterium " + code)
	body = oscText(body)
	a.out.WriteString("\a")
	a.out.WriteString("\x1b]777;notify;" + title + ";" + body + "\x07")
	a.out.WriteString("\x1b]9;" + title + ": " + body + "\x07")
}

// untitle gives the terminal its own title back.
func (a *alerts) untitle() {
	if a.titled {
		a.titled = false
		a.out.WriteString("\x1b[23;0t")
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
	round := words.RomanNum(p.Round)
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
