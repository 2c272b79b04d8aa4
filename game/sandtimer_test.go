package game

import (
	"strings"
	"testing"
	"unicode/utf8"

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

// hostGhostTable is a classic game where the host, gina, sits as the ghost
// with ann and bob (people) and a bot as psychics, every vision given and
// arrived: the sand timer runs.
func hostGhostTable(t *testing.T) *State {
	t.Helper()
	s, err := New(classic(Medium), TestPools(), "gina", 1)
	if err != nil {
		t.Fatal(err)
	}
	mustApply(t, s, "gina", Sit{Seat: GhostSeat, Name: "Gina"})
	mustApply(t, s, "ann", Sit{Seat: 0, Name: "ann"})
	mustApply(t, s, "bob", Sit{Seat: 1, Name: "bob"})
	mustApply(t, s, "gina", SetBot{Seat: 2, On: true})
	mustApply(t, s, "gina", Start{})
	for _, c := range s.waitingVisions() {
		mustApply(t, s, "gina", GiveVision{To: c, Cards: s.hand[:1]})
	}
	deliver(t, s)
	if !s.timerRunning {
		t.Fatal("the sand timer did not start")
	}
	return s
}

// Finding: the host sat as the ghost and toggled the pause 21 times, each
// seen by every psychic: a voice. The ghost's seat never works the sand
// timer; when the host is the ghost the psychics (people, not bots) do,
// and the table sees who.
func TestTheGhostNeverWorksTheSandTimer(t *testing.T) {
	s := hostGhostTable(t)
	bot := s.seats[2].player
	for _, c := range []Command{PauseTimer{}, AddTime{}} {
		re := mustRefuse(t, s, "gina", c, ErrNotHost)
		if !strings.Contains(re.Error(), "The ghost never works the sand timer") {
			t.Fatalf("the ghost's %T: %q", c, re.Error())
		}
		mustRefuse(t, s, bot, c, ErrNotHost)
		mustRefuse(t, s, "zed", c, ErrNotHost)
	}
	mustApply(t, s, "ann", PauseTimer{})
	if n := s.ViewFor("gina").Public().TimerNote.Say(i18n.English); n != "ann paused the sand timer" {
		t.Fatalf("the ghost reads %q", n)
	}
	mustRefuse(t, s, "gina", ResumeTimer{}, ErrNotHost)
	mustApply(t, s, "bob", AddTime{})
	mustApply(t, s, "bob", ResumeTimer{})
	pub := s.ViewFor("ann").Public()
	for p, want := range map[PlayerID]bool{"gina": false, "ann": true, "bob": true, bot: false, "zed": false, "": false} {
		if got := pub.MayWorkTimer(p); got != want {
			t.Errorf("MayWorkTimer(%q) = %v, want %v", p, got, want)
		}
	}
	// A host who is not the ghost keeps the keys, alone.
	s = timerTable(t)
	s.host = s.seats[0].player
	if pub := s.ViewFor("").Public(); !pub.MayWorkTimer(s.host) || pub.MayWorkTimer(s.seats[1].player) || pub.MayWorkTimer(ghostOf(s)) {
		t.Fatal("with a host among the psychics, the keys are not the host's alone")
	}
}

// Finding: p right after the automatic resume started a new pause; six in
// a row held a step 30 minutes. A pause that ended by itself cannot be
// renewed in the same step; the next step may pause again.
func TestAPauseThatEndedByItselfIsNotRenewed(t *testing.T) {
	s := hostGhostTable(t)
	mustApply(t, s, "ann", PauseTimer{})
	mustApply(t, s, SystemPlayer, ResumeTimer{})
	for _, p := range []PlayerID{"ann", "bob"} {
		re := mustRefuse(t, s, p, PauseTimer{}, ErrTimer)
		if !strings.Contains(re.Error(), "ran out") {
			t.Fatalf("renewed pause: %q", re.Error())
		}
		// The refusal is read on an 80-column status line, after the
		// player's symbol: it was cut at "…cannot be paused again before…".
		for _, l := range []i18n.Lang{i18n.English, i18n.French} {
			if w := utf8.RuneCountInString(re.Text(l)); w > 72 {
				t.Errorf("renewed pause, %v: %d characters, more than an 80-column line holds: %q", l, w, re.Text(l))
			}
		}
	}
	mustApply(t, s, "bob", AddTime{}) // time may still be added, within the sand timer's 10 minutes
	mustApply(t, s, SystemPlayer, EndStep{})
	mustApply(t, s, "gina", RevealAll{})
	for _, c := range s.waitingVisions() {
		mustApply(t, s, "gina", GiveVision{To: c, Cards: s.hand[:1]})
	}
	deliver(t, s)
	mustApply(t, s, "ann", PauseTimer{})
}
