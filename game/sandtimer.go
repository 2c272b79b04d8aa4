package game

import (
	"time"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// PauseTimer (the table's host, or the psychics when the host is the ghost:
// see MayWorkTimer; step 1) stops the running sand timer; the time left is
// kept. The actor resumes it by itself after the table's longest pause
// (ResumeTimer from SystemPlayer), so a pause cannot be held forever, and
// such a pause cannot be renewed in the same step; the actor also refuses a
// pause once the step's pauses have lasted the longest pause in all.
type PauseTimer struct{}

// ResumeTimer (the host, or the actor when the longest pause is over) lets
// a paused sand timer run again with the time it had left.
type ResumeTimer struct{}

// AddTime (the host, step 1) gives the running or paused sand timer
// AddTimeStep more. The actor refuses it when the time left would pass
// MaxTimer.
type AddTime struct{}

// AddTimeStep is what one AddTime adds to the sand timer.
const AddTimeStep = 30 * time.Second

// DefaultMaxPause is how long a paused sand timer waits before it resumes by
// itself, unless the table is configured otherwise.
const DefaultMaxPause = 10 * time.Minute

// MayWorkTimer reports whether p may pause, resume or add time to the sand
// timer at this table (whether or not it runs now): the table's host,
// unless the host is the ghost; then every psychic player who is a person.
func (v *TableView) MayWorkTimer(p PlayerID) bool {
	if p == "" || v.Phase == PhaseSeating {
		return false
	}
	ghost := v.Seats[0].Player // the ghost's seat comes first
	switch {
	case p == ghost:
		return false
	case v.Host != ghost:
		return p == v.Host
	}
	for _, sv := range v.Seats {
		if _, psychic := sv.Seat.Colour(); psychic && sv.Player == p {
			return !sv.Bot
		}
	}
	return false
}

// sandTimer is the sand timer as the rules know it: whether it runs, whether
// it is paused, who last worked it, and whether a pause of this step ended
// by itself. The actor keeps its time (Table).
type sandTimer struct {
	timerRunning bool
	// timerPaused: the running sand timer is paused (the actor keeps the
	// time left); timerNote says publicly who last paused, resumed or
	// added time; pauseWoke: a pause of this step ended by itself, so the
	// sand timer cannot be paused again until the next step.
	timerPaused bool
	timerNote   TimerNote
	pauseWoke   bool
}

// workTimer applies PauseTimer, ResumeTimer or AddTime from p: the table's
// host (or the psychics, when the host is the ghost), or the table itself
// resuming a pause that has lasted long enough.
func (s *State) workTimer(p PlayerID, c Command) ([]Event, error) {
	if p != SystemPlayer {
		if err := s.timerCommand(p); err != nil {
			return nil, err
		}
	} else if s.phase != PhaseVision || !s.timerRunning {
		return nil, ruleErrorf(ErrTimer, "The sand timer is not running.")
	}
	seat, by := s.seatOf(p), s.nameOf(p)
	var kind EventKind
	switch c.(type) {
	case PauseTimer:
		if err := s.pause(by); err != nil {
			return nil, err
		}
		kind = EvTimerPaused
	case ResumeTimer:
		if err := s.resume(by, p == SystemPlayer); err != nil {
			return nil, err
		}
		kind = EvTimerResumed
	case AddTime:
		s.timerNote = TimerNote{Kind: TimerAddedNote, Host: by}
		kind = EvTimerAdded
	}
	if p == SystemPlayer {
		seat = NoSeat
	}
	return []Event{{Kind: kind, Seat: seat, Round: s.round, Text: s.timerNote.Say(i18n.English)}}, nil
}

// timerCommand checks that p may work the sand timer now.
func (s *State) timerCommand(p PlayerID) error {
	if !s.timerHands(p, s.host) {
		switch {
		case s.isGhost(p):
			return ruleErrorf(ErrNotHost, "The ghost never works the sand timer: the psychics pause it and add time.")
		case s.isGhost(s.host):
			return ruleErrorf(ErrNotHost, "The host is the ghost: only the psychics can pause the sand timer or add time.")
		}
		return ruleErrorf(ErrNotHost, "Only the table's host can pause the sand timer or add time.")
	}
	if s.phase != PhaseVision || !s.timerRunning {
		return ruleErrorf(ErrTimer, "The sand timer is not running.")
	}
	return nil
}

// pause pauses the running sand timer, by the player named by.
func (t *sandTimer) pause(by string) error {
	if t.timerPaused {
		return ruleErrorf(ErrTimer, "The sand timer is already paused.")
	}
	if t.pauseWoke {
		return ruleErrorf(ErrTimer, "The pause ran out: no new pause before the next step.")
	}
	t.timerPaused = true
	t.timerNote = TimerNote{Kind: TimerPausedNote, Host: by}
	return nil
}

// resume lets the paused sand timer run again: by a player, or, woke, by
// itself once the pause has lasted long enough (no new pause in this step).
func (t *sandTimer) resume(by string, woke bool) error {
	if !t.timerPaused {
		return ruleErrorf(ErrTimer, "The sand timer is not paused.")
	}
	t.timerPaused = false
	t.timerNote = TimerNote{Kind: TimerResumedNote, Host: by}
	if woke {
		t.timerNote = TimerNote{Kind: TimerWokeNote}
		t.pauseWoke = true
	}
	return nil
}

// turnTimer turns the sand timer over: it runs, unpaused, with no note.
func (t *sandTimer) turnTimer() {
	t.timerRunning, t.timerPaused, t.timerNote, t.pauseWoke = true, false, TimerNote{}, false
}

// stopTimer stops the sand timer, forgetting any pause.
func (t *sandTimer) stopTimer() {
	t.timerRunning, t.timerPaused, t.timerNote, t.pauseWoke = false, false, TimerNote{}, false
}
