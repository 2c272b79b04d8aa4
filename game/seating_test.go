package game

import (
	"errors"
	"strings"
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

func TestSeating(t *testing.T) {
	const host, alice, bob = PlayerID("host"), PlayerID("alice"), PlayerID("bob")
	s, err := New(classic(Medium), TestPools(), host, 1)
	if err != nil {
		t.Fatal(err)
	}
	mustRefuse(t, s, alice, Start{}, ErrNotHost)
	mustRefuse(t, s, host, Start{}, ErrSeats)
	mustApply(t, s, alice, Sit{Seat: SeatOf(Red), Name: "Alice"})
	mustRefuse(t, s, bob, Sit{Seat: SeatOf(Red), Name: "Bob"}, ErrSeatTaken)
	mustRefuse(t, s, alice, Sit{Seat: SeatOf(Red)}, ErrSeatTaken)
	mustRefuse(t, s, bob, Sit{Seat: 9}, ErrBadCommand)
	mustRefuse(t, s, bob, Stand{}, ErrNotSeated)
	mustRefuse(t, s, "bot:x", Sit{Seat: GhostSeat}, ErrBadCommand)
	mustApply(t, s, bob, Sit{Seat: GhostSeat})
	if s.seats[GhostSeat].name != "bob" {
		t.Errorf("an empty name falls back to the id, got %q", s.seats[GhostSeat].name)
	}
	// A long name is cut to 40 characters (not bytes).
	mustApply(t, s, "carol", Sit{Seat: SeatOf(Yellow), Name: strings.Repeat("é", 45)})
	if got := s.seats[Yellow].name; got != strings.Repeat("é", 40) {
		t.Errorf("a 45-character name became %q", got)
	}
	mustApply(t, s, "carol", Stand{})
	// Moving keeps the seating order (the straw poll's "earliest seated").
	order := s.seats[Red].order
	mustApply(t, s, alice, Sit{Seat: SeatOf(Blue), Name: "Alice"})
	if s.seats[Red].player != "" || s.seats[Blue].order != order {
		t.Errorf("moving: red %+v blue %+v", s.seats[Red], s.seats[Blue])
	}
	mustRefuse(t, s, alice, SetBot{Seat: SeatOf(Green), On: true}, ErrNotHost)
	mustRefuse(t, s, host, SetBot{Seat: SeatOf(Blue), On: true}, ErrSeatTaken)
	mustRefuse(t, s, host, SetBot{Seat: SeatOf(Blue), On: false}, ErrSeats)
	mustRefuse(t, s, host, SetBot{Seat: -3, On: true}, ErrBadCommand)
	mustApply(t, s, host, SetBot{Seat: SeatOf(Green), On: true})
	mustApply(t, s, host, SetBot{Seat: SeatOf(White), On: true})
	mustApply(t, s, host, SetBot{Seat: SeatOf(White), On: false})
	if s.seats[White].player != "" {
		t.Error("the bot did not leave")
	}
	mustApply(t, s, bob, Stand{})
	mustRefuse(t, s, host, Start{}, ErrSeats)
	mustApply(t, s, bob, Sit{Seat: GhostSeat})
	mustRefuse(t, s, alice, GiveVision{To: Blue}, ErrNotStarted)
	v := s.ViewFor(alice).(*SpectatorView)
	if v.Seat != SeatOf(Blue) || len(LegalCommands(v)) == 0 {
		t.Errorf("seated view before start: seat %s", v.Seat)
	}
	mustApply(t, s, host, Start{})
	if s.players != 3 || len(s.psychics) != 4 {
		t.Fatalf("3 players classic: %d players, %d psychics", s.players, len(s.psychics))
	}
	mustRefuse(t, s, host, Start{}, ErrWrongPhase)
	mustRefuse(t, s, alice, Stand{}, ErrWrongPhase)
	mustRefuse(t, s, "carol", Sit{Seat: SeatOf(White)}, ErrWrongPhase)
	mustRefuse(t, s, host, SetBot{Seat: SeatOf(White), On: true}, ErrWrongPhase)
}

func TestModernNeedsThreePlayers(t *testing.T) {
	s, _ := New(modern(), TestPools(), "host", 1)
	mustApply(t, s, "host", SetBot{Seat: GhostSeat, On: true})
	mustApply(t, s, "host", SetBot{Seat: SeatOf(Purple), On: true})
	re := mustRefuse(t, s, "host", Start{}, ErrSeats)
	if re.Error() == "" {
		t.Fatal("no reason given")
	}
	if _, err := NewStarted(modern(), TestPools(), 2, 1); err == nil {
		t.Error("modern started with 2 players")
	}
}
