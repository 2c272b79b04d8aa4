package state

import (
	"fmt"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/shell"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// checkAlerts looks at the table after an update or a tick: an event that
// makes it this player's move alerts once; the title follows whether it is.
func (ts *Table) CheckAlerts() {
	m := ts.Shell
	a := &m.Alerts
	if a.Gen != ts.Gen {
		a.Gen, a.Seeded, a.Fired = ts.Gen, false, map[string]bool{}
	}
	events, myMove := ts.turnEvents()
	first := !a.Seeded
	a.Seeded = true
	off := a.IsOff()
	for _, e := range events {
		if a.Fired[e.key] {
			continue
		}
		a.Fired[e.key] = true
		if first || off {
			continue // a player arriving sees the screen; no bell for the past
		}
		a.Ring(ts.Code, e.body)
	}
	switch {
	case myMove && !off && !a.Titled:
		a.Titled = true
		a.Out.WriteString("\x1b[22;0t") // push the terminal's own title
		a.Out.WriteString("\x1b]2;" + shell.OscText(m.Lang().F("▲ your move · Mysterium %s", ts.Code)) + "\x07")
	case !myMove && a.Titled:
		a.Untitle()
	}
}

// turnEvent is one event that makes it this player's move: key names it
// (once per game), body says it.
type turnEvent struct{ key, body string }

// turnEvents lists the events of the current view that call on this
// player, and whether it is their move now.
func (ts *Table) turnEvents() (events []turnEvent, myMove bool) {
	p := ts.Pub
	if p == nil {
		return nil, false
	}
	round := words.RomanNum(p.Round)
	l := ts.Shell.Lang()
	switch {
	case ts.Ghost != nil:
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
	case ts.Psy != nil:
		for _, c := range ts.Psy.Colours {
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
			if d := ts.U.Deadline; !d.IsZero() {
				if left := d.Sub(ts.Shell.Now()); left > 0 && left <= shell.LastStretch {
					events = append(events, turnEvent{fmt.Sprintf("last %d %d", p.Round, d.Unix()), l.T("30 seconds left on the sand timer.")})
				}
			}
		}
		if f := p.Final; f != nil && p.Phase == game.PhaseVote {
			for _, c := range ts.Psy.Colours {
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
