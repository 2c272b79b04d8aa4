package shell

import (
	"strings"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
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
	Gen    int             // the table the fired events belong to
	Seeded bool            // the table's first update was seen (it alerts nothing)
	Fired  map[string]bool // the events already alerted at this table
	Titled bool            // the window title says "your move" (pushed)
	Out    strings.Builder // sequences for the terminal, taken by TakeSignals
}

// newAlerts are the alerts of who, whose choice hub may remember.
func NewAlerts(hub any, who Identity) alerts {
	a := alerts{id: who.ID, guest: who.Guest}
	if p, ok := hub.(alertPrefs); ok {
		a.prefs = p
	}
	return a
}

// The last stretch of the sand timer that alerts a psychic.
const LastStretch = 30 * time.Second

// take is TakeSignals: the sequences written since the last call.
func (a *alerts) Take() string {
	if a.Out.Len() == 0 {
		return ""
	}
	s := a.Out.String()
	a.Out.Reset()
	return s
}

// isOff reads the player's choice once.
func (a *alerts) IsOff() bool {
	if !a.loaded {
		a.loaded = true
		if a.prefs != nil && a.id != "" {
			a.off = !a.prefs.AlertsOn(a.id)
		}
	}
	return a.off
}

// toggle is the A key; it returns the sentence that says what it did.
func (a *alerts) Toggle(l i18n.Lang) string {
	off := !a.IsOff()
	a.off = off
	kept := ""
	if a.prefs != nil && !a.guest {
		if err := a.prefs.SetAlertsOn(a.id, !off); err == nil {
			kept = l.T(" (kept in your profile)")
		}
	}
	if off {
		a.Untitle()
		return l.F("Turn alerts off%s. A turns them back on.", kept)
	}
	return l.F("Turn alerts on: the bell, a notification and the window title when it is your move%s.", kept)
}

// ring writes one alert: bell, notifications.
func (a *alerts) Ring(code, body string) {
	title := OscText("Mysterium " + code)
	body = OscText(body)
	a.Out.WriteString("\a")
	a.Out.WriteString("\x1b]777;notify;" + title + ";" + body + "\x07")
	a.Out.WriteString("\x1b]9;" + title + ": " + body + "\x07")
}

// untitle gives the terminal its own title back.
func (a *alerts) Untitle() {
	if a.Titled {
		a.Titled = false
		a.Out.WriteString("\x1b[23;0t")
	}
}

// oscText keeps what may stand inside an OSC string: no control
// characters and no ';' (OSC 777's field separator).
func OscText(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == ';' {
			return -1
		}
		return r
	}, s)
}
