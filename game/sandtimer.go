package game

import (
	"time"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// PauseTimer (the table's host, step 1) stops the running sand timer; the
// time left is kept. The actor resumes it by itself after the table's
// longest pause (ResumeTimer from SystemPlayer), so a pause cannot be held
// forever.
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

// hostName is the name the table knows its host by, for "… paused the sand
// timer"; "" when it knows none (TimerNote.Say then says "the host").
func (s *State) hostName() string {
	if seat := s.seatOf(s.host); seat != NoSeat {
		return s.seats[seat].name
	}
	return ""
}

// timerCommand checks that p may work the sand timer now.
func (s *State) timerCommand(p PlayerID) error {
	if p != s.host {
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
	s.timerPaused = true
	s.timerNote = TimerNote{Kind: TimerPausedNote, Host: s.hostName()}
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
	s.timerNote = TimerNote{Kind: TimerResumedNote, Host: s.hostName()}
	seat := s.seatOf(p)
	if p == SystemPlayer {
		s.timerNote = TimerNote{Kind: TimerWokeNote}
		seat = NoSeat
	}
	return []Event{{Kind: EvTimerResumed, Seat: seat, Round: s.round, Text: s.timerNote.Say(i18n.English)}}, nil
}

func (s *State) addTime(p PlayerID) ([]Event, error) {
	if err := s.timerCommand(p); err != nil {
		return nil, err
	}
	s.timerNote = TimerNote{Kind: TimerAddedNote, Host: s.hostName()}
	return []Event{{Kind: EvTimerAdded, Seat: s.seatOf(p), Round: s.round, Text: s.timerNote.Say(i18n.English)}}, nil
}

// stopTimer stops the sand timer, forgetting any pause.
func (s *State) stopTimer() {
	s.timerRunning, s.timerPaused, s.timerNote = false, false, TimerNote{}
}
