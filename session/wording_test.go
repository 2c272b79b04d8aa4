package session

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// twoPlayers is a started classic game of the ghost and one human psychic
// (who plays two colours).
func twoPlayers(t *testing.T) *pureTable {
	pt := newPureTable(t, game.DefaultOptions(game.Classic), pGhost, 7)
	pt.must(t, pGhost, game.Sit{Seat: game.GhostSeat, Name: "gwen"})
	pt.must(t, pAnn, game.Sit{Seat: game.SeatOf(game.Purple), Name: "ann"})
	pt.must(t, pGhost, game.Start{})
	return pt
}

// The seat picker's "You are ready." does not follow the player into the
// game's first screen.
func TestSeatMessageDoesNotCarryIntoTheGame(t *testing.T) {
	pt := newPureTable(t, game.DefaultOptions(game.Classic), pGhost, 7)
	pt.must(t, pGhost, game.Sit{Seat: game.GhostSeat, Name: "gwen"})
	pt.must(t, pAnn, game.Sit{Seat: game.SeatOf(game.Purple), Name: "ann"})
	m := modelAt(t, pt, pAnn, 80, 24)
	act(t, m, pt, "r")
	if m.flash != "You are ready." {
		t.Fatalf("flash %q", m.flash)
	}
	pt.must(t, pGhost, game.Start{})
	refresh(m, pt)
	if m.table.role() != rolePsychic {
		t.Fatalf("role %v", m.table.role())
	}
	if v := plainView(m); strings.Contains(v, "You are ready.") {
		t.Errorf("the seat picker's message is on the game screen:\n%s", v)
	}
}

// At 80x24 a two-colour psychic's top line keeps the whole trail.
func TestTwoColourYouLineKeepsTheTrail(t *testing.T) {
	pt := twoPlayers(t)
	m := modelAt(t, pt, pAnn, 80, 24)
	if len(m.table.psy.Colours) != 2 {
		t.Fatalf("colours %v", m.table.psy.Colours)
	}
	line := strings.Split(plainView(m), "\n")[2]
	if !strings.Contains(line, "trail: ? · ? · ?") || !strings.Contains(line, "c: switch") || strings.Contains(line, "…") {
		t.Errorf("you-line %q", line)
	}
}

// In a 2-player game the single vote decides at once: no "change your vote".
func TestSingleVoteStatus(t *testing.T) {
	pt := twoPlayers(t)
	playToFinal(t, pt, true)
	if f := pt.st.ViewFor(pAnn).Public().Final; f == nil || f.VoteKind != game.VoteSingle {
		t.Fatalf("final %+v", f)
	}
	m := modelAt(t, pt, pAnn, 80, 24)
	got := statusLine(m)
	if strings.Contains(got, "change your vote") || !strings.Contains(got, "decides") {
		t.Errorf("status %q", got)
	}
}

// A psychic with two colours who is ready with one is told the other one
// still waits for them: "You are ready. Waiting for ● Conrad to be ready."
// named their own other colour as if it were someone else's.
func TestTwoColourReadyPointsToTheOtherColour(t *testing.T) {
	pt := twoPlayers(t)
	ghostGiveAll(t, pt)
	m := modelAt(t, pt, pAnn, 80, 24)
	first, _ := m.table.scr.psychic.myColour()
	if err := act(t, m, pt, "i", "r"); err != nil {
		t.Fatal(err)
	}
	var other game.Colour
	for _, c := range m.table.psy.Colours {
		if c != first {
			other = c
		}
	}
	got := statusLine(m)
	want := "You are ready. Your " + other.Symbol() + " " + firstName(other) + " still waits for you: press c."
	if got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	act(t, m, pt, "c")
	if got := statusLine(m); got != "Place your intuition: ←→ to a card, then i." {
		t.Errorf("after c: status %q", got)
	}
}
