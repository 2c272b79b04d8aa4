package game

import "testing"

// The host seats bots at a level, changes it until the game starts, and
// everybody sees each bot seat's level; a level the engine does not know
// is refused with a sentence.
func TestBotSeatsHaveALevel(t *testing.T) {
	s, err := New(classic(Easy), TestPools(), "host", 1)
	if err != nil {
		t.Fatal(err)
	}
	level := func(seat Seat) BotLevel {
		for _, sv := range s.ViewFor("spectator:zed").Public().Seats {
			if sv.Seat == seat {
				return sv.BotLevel
			}
		}
		t.Fatalf("no seat %s", seat)
		return ""
	}
	mustApply(t, s, "host", SetBot{Seat: GhostSeat, On: true})
	mustApply(t, s, "host", SetBot{Seat: 0, On: true, Level: BotNovice})
	if level(GhostSeat) != DefaultBotLevel || level(0) != BotNovice || level(1) != "" {
		t.Fatalf("levels %q %q %q", level(GhostSeat), level(0), level(1))
	}
	mustApply(t, s, "host", SetBot{Seat: GhostSeat, On: true, Level: BotExpert})
	if level(GhostSeat) != BotExpert {
		t.Fatalf("the ghost bot's level is %q after the change", level(GhostSeat))
	}
	mustRefuse(t, s, "host", SetBot{Seat: 1, On: true, Level: "grandmaster"}, ErrBadCommand)
	mustRefuse(t, s, "host", SetBot{Seat: 0, On: true}, ErrSeatTaken)
	mustApply(t, s, "alice", Sit{Seat: 1})
	mustRefuse(t, s, "host", SetBot{Seat: 1, On: true, Level: BotExpert}, ErrSeatTaken)
	mustApply(t, s, "host", SetBot{Seat: 0, On: false})
	if level(0) != "" {
		t.Fatalf("a free seat has level %q", level(0))
	}
	mustApply(t, s, "host", SetBot{Seat: 0, On: true, Level: BotSeasoned})
	mustApply(t, s, "host", Start{})
	mustRefuse(t, s, "host", SetBot{Seat: 0, On: true, Level: BotExpert}, ErrWrongPhase)
	b, err := MarshalCommand(SetBot{Seat: 0, On: true, Level: BotNovice})
	if err != nil {
		t.Fatal(err)
	}
	if c, err := UnmarshalCommand(b); err != nil || c.(SetBot).Level != BotNovice {
		t.Fatalf("journal round trip: %s → %v, %v", b, c, err)
	}
}
