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

// nameOf is the name the table knows p by, for "… paused the sand timer";
// "" when it knows none (TimerNote.Say then says "the host").
func (s *State) nameOf(p PlayerID) string {
	if seat := s.seatOf(p); seat != NoSeat {
		return s.seats[seat].name
	}
	return ""
}

// timerHands reports whether p may work the sand timer: the host, unless
// the host sits in the ghost's seat, where the keys would be a voice; then
// every psychic player who is a person (bots never work it). The ghost's
// seat never does.
func (s *State) timerHands(p PlayerID) bool {
	if p == "" || s.isGhost(p) {
		return false
	}
	if !s.isGhost(s.host) {
		return p == s.host
	}
	seat := s.seatOf(p)
	_, psychic := seat.Colour()
	return psychic && !s.seats[seat].bot
}

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

// timerCommand checks that p may work the sand timer now.
func (s *State) timerCommand(p PlayerID) error {
	if !s.timerHands(p) {
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

func (s *State) pauseTimer(p PlayerID) ([]Event, error) {
	if err := s.timerCommand(p); err != nil {
		return nil, err
	}
	if s.timerPaused {
		return nil, ruleErrorf(ErrTimer, "The sand timer is already paused.")
	}
	if s.pauseWoke {
		return nil, ruleErrorf(ErrTimer, "The pause ran out: no new pause before the next step.")
	}
	s.timerPaused = true
	s.timerNote = TimerNote{Kind: TimerPausedNote, Host: s.nameOf(p)}
	return []Event{{Kind: EvTimerPaused, Seat: s.seatOf(p), Round: s.round, Text: s.timerNote.Say(i18n.English)}}, nil
}

func (s *State) resumeTimer(p PlayerID) ([]Event, error) {
	if p != SystemPlayer {
		if err := s.timerCommand(p); err != nil {
			return nil, err
		}
	} else if s.phase != PhaseVision || !s.timerRunning {
		return nil, ruleErrorf(ErrTimer, "The sand timer is not running.")
	}
	if !s.timerPaused {
		return nil, ruleErrorf(ErrTimer, "The sand timer is not paused.")
	}
	s.timerPaused = false
	s.timerNote = TimerNote{Kind: TimerResumedNote, Host: s.nameOf(p)}
	seat := s.seatOf(p)
	if p == SystemPlayer {
		s.timerNote = TimerNote{Kind: TimerWokeNote}
		seat = NoSeat
		s.pauseWoke = true
	}
	return []Event{{Kind: EvTimerResumed, Seat: seat, Round: s.round, Text: s.timerNote.Say(i18n.English)}}, nil
}

func (s *State) addTime(p PlayerID) ([]Event, error) {
	if err := s.timerCommand(p); err != nil {
		return nil, err
	}
	s.timerNote = TimerNote{Kind: TimerAddedNote, Host: s.nameOf(p)}
	return []Event{{Kind: EvTimerAdded, Seat: s.seatOf(p), Round: s.round, Text: s.timerNote.Say(i18n.English)}}, nil
}

// stopTimer stops the sand timer, forgetting any pause.
func (s *State) stopTimer() {
	s.timerRunning, s.timerPaused, s.timerNote, s.pauseWoke = false, false, TimerNote{}, false
}
