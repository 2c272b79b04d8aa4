package game

import (
	"errors"
	"testing"
)

// Before Start a seated player may say they are ready; it informs the host
// and never gates Start (the host may begin without a player who stepped away).
func TestReadyBeforeStart(t *testing.T) {
	s, err := New(DefaultOptions(Classic), TestPools(), "host", 3)
	if err != nil {
		t.Fatal(err)
	}
	must := func(p PlayerID, c Command) {
		t.Helper()
		if _, err := s.Apply(p, c); err != nil {
			t.Fatalf("%s %T: %v", p, c, err)
		}
	}
	ready := func(p PlayerID) bool {
		for _, sv := range s.ViewFor(p).Public().Seats {
			if sv.Player == p {
				return sv.Ready
			}
		}
		return false
	}
	var re *RuleError
	if _, err := s.Apply("ann", SetReady{Ready: true}); !errors.As(err, &re) || re.Code != ErrNotSeated {
		t.Fatalf("ready without a seat: %v", err)
	}
	must("host", Sit{Seat: GhostSeat, Name: "host"})
	must("ann", Sit{Seat: SeatOf(Yellow), Name: "ann"})
	must("ann", SetReady{Ready: true})
	if !ready("ann") {
		t.Fatal("ann is not shown ready")
	}
	if _, err := s.Apply("ann", SetReady{Ready: true}); err == nil {
		t.Fatal("ready twice was accepted")
	}
	// Changing seats clears it: a new seat is a new promise.
	must("ann", Sit{Seat: SeatOf(Red), Name: "ann"})
	if ready("ann") {
		t.Fatal("ann is still ready after changing seats")
	}
	must("ann", SetReady{Ready: true})
	must("ann", SetReady{Ready: false})
	if ready("ann") {
		t.Fatal("ann could not take ready back")
	}
	if _, err := s.Apply("ann", SetReady{Ready: false}); err == nil {
		t.Fatal("unready twice was accepted")
	}
	// Start does not wait for anyone's ready.
	must("host", SetBot{Seat: SeatOf(Blue), On: true})
	must("host", Start{})
	if s.ViewFor("ann").Public().Phase == PhaseSeating {
		t.Fatal("the game did not start")
	}
}
