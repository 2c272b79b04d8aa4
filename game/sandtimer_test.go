package game

import (
	"testing"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// timerTable is a classic game with the sand timer turned: every vision given.
func timerTable(t *testing.T) *State {
	s := started(t, classic(Medium), 4)
	giveAll(t, s)
	if !s.timerRunning {
		t.Fatal("the sand timer did not start")
	}
	return s
}

func TestHostPausesResumesAndAddsTime(t *testing.T) {
	s := timerTable(t)
	s.seats[0].name = "alice" // the host's seat, for the public sentence
	s.host = s.seats[0].player
	host := s.host
	evs := mustApply(t, s, host, PauseTimer{})
	pub := s.ViewFor("").Public()
	if evs[0].Kind != EvTimerPaused || !pub.TimerPaused || pub.TimerNote.Say(i18n.English) != "alice paused the sand timer" {
		t.Fatalf("pause: events %+v, view paused=%v note %q", evs, pub.TimerPaused, pub.TimerNote)
	}
	mustRefuse(t, s, host, PauseTimer{}, ErrTimer)
	mustRefuse(t, s, SystemPlayer, EndStep{}, ErrTimer)
	if evs := mustApply(t, s, host, AddTime{}); evs[0].Kind != EvTimerAdded {
		t.Fatalf("add: %+v", evs)
	}
	mustApply(t, s, host, ResumeTimer{})
	if pub := s.ViewFor("").Public(); pub.TimerPaused || pub.TimerNote.Say(i18n.English) != "alice resumed the sand timer" {
		t.Fatalf("resume: paused=%v note %q", pub.TimerPaused, pub.TimerNote)
	}
	mustRefuse(t, s, host, ResumeTimer{}, ErrTimer)
	mustApply(t, s, host, PauseTimer{})
	if evs := mustApply(t, s, SystemPlayer, ResumeTimer{}); evs[0].Seat != NoSeat {
		t.Fatalf("the table's own resume names a seat: %+v", evs)
	}
	mustApply(t, s, SystemPlayer, EndStep{})
	if pub := s.ViewFor("").Public(); pub.TimerPaused || pub.TimerNote != (TimerNote{}) {
		t.Fatalf("after the step: paused=%v note %q", pub.TimerPaused, pub.TimerNote)
	}
}

func TestTimerCommandsAreRefused(t *testing.T) {
	tests := []struct {
		name string
		prep func(t *testing.T, s *State)
		p    func(s *State) PlayerID
		cmd  Command
		code ErrorCode
	}{
		{"not the host pauses", nil, func(s *State) PlayerID { return s.seats[1].player }, PauseTimer{}, ErrNotHost},
		{"not the host adds", nil, func(s *State) PlayerID { return s.seats[1].player }, AddTime{}, ErrNotHost},
		{"the table itself pauses", nil, func(*State) PlayerID { return SystemPlayer }, PauseTimer{}, ErrBadCommand},
		{"no timer yet", func(t *testing.T, s *State) { *s = *started(t, classic(Medium), 4) }, func(s *State) PlayerID { return s.host }, PauseTimer{}, ErrTimer},
		{"resume what runs", nil, func(s *State) PlayerID { return s.host }, ResumeTimer{}, ErrTimer},
		{"after the step", func(t *testing.T, s *State) { mustApply(t, s, SystemPlayer, EndStep{}) }, func(s *State) PlayerID { return s.host }, AddTime{}, ErrTimer},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := timerTable(t)
			if tc.prep != nil {
				tc.prep(t, s)
			}
			mustRefuse(t, s, tc.p(s), tc.cmd, tc.code)
		})
	}
}

// A vision that turned the sand timer, taken back, stops it (and forgets a pause).
func TestTakeBackStopsTheTimerItTurned(t *testing.T) {
	s := timerTable(t)
	mustApply(t, s, s.host, PauseTimer{})
	mustApply(t, s, ghostOf(s), TakeBack{})
	if pub := s.ViewFor("").Public(); pub.TimerRunning || pub.TimerPaused {
		t.Fatalf("after the take-back: running=%v paused=%v", pub.TimerRunning, pub.TimerPaused)
	}
}
