package session

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/words"
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
	if m.sh.Flash != "You are ready." {
		t.Fatalf("flash %q", m.sh.Flash)
	}
	pt.must(t, pGhost, game.Start{})
	refresh(m, pt)
	if m.table.Role() != state.RolePsychic {
		t.Fatalf("role %v", m.table.Role())
	}
	if v := plainView(m); strings.Contains(v, "You are ready.") {
		t.Errorf("the seat picker's message is on the game screen:\n%s", v)
	}
}

// At 80x24 a two-colour psychic's top line keeps the whole trail.
func TestTwoColourYouLineKeepsTheTrail(t *testing.T) {
	pt := twoPlayers(t)
	m := modelAt(t, pt, pAnn, 80, 24)
	if len(m.table.Psy.Colours) != 2 {
		t.Fatalf("colours %v", m.table.Psy.Colours)
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
	first, _ := m.table.Scr.Psychic.MyColour()
	if err := act(t, m, pt, "i", "r"); err != nil {
		t.Fatal(err)
	}
	var other game.Colour
	for _, c := range m.table.Psy.Colours {
		if c != first {
			other = c
		}
	}
	got := statusLine(m)
	want := "You are ready. Your " + other.Symbol() + " " + words.FirstName(other) + " still waits for you: press c."
	if got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	act(t, m, pt, "c")
	if got := statusLine(m); got != "Place your intuition: ←→ to a card, then i." {
		t.Errorf("after c: status %q", got)
	}
}

// A chat line longer than the pane wraps under its text: at 80 columns a
// 140-character line read "● ben: … the glass of the…" and its end was lost.
func TestLongChatLineWraps(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	long := "the green glass is surely the greenhouse, but the red door on the left could be the chapel window, so look again at the last card"
	pt.must(t, pBen, game.Chat{Text: long})
	pt.must(t, pCat, game.Chat{Text: "agreed"})
	m := modelAt(t, pt, pAnn, 80, 24)
	got := m.table.Chat.Lines(60, 6)
	plain := strings.Join(strings.Fields(ansi.Strip(got)), " ")
	if !strings.Contains(plain, long) || strings.Contains(plain, "…") {
		t.Errorf("the long line is not whole:\n%s", ansi.Strip(got))
	}
	for _, row := range strings.Split(got, "\n") {
		if w := ansi.StringWidth(row); w > 60 {
			t.Errorf("row of %d cells in a pane of 60: %q", w, ansi.Strip(row))
		}
	}
	if rows := strings.Split(ansi.Strip(got), "\n"); !strings.HasSuffix(rows[len(rows)-1], "cat: agreed") {
		t.Errorf("the newest line is not last:\n%s", ansi.Strip(got))
	}
	// Two rows: the newest line, then what fits of the long one is left out.
	if got := ansi.Strip(m.table.Chat.Lines(60, 2)); strings.Contains(got, "greenhouse") || !strings.Contains(got, "agreed") {
		t.Errorf("in two rows:\n%s", got)
	}
	// One row alone for a line taller than the pane: its start, cut.
	pt.must(t, pBen, game.Chat{Text: long})
	refresh(m, pt)
	if got := ansi.Strip(m.table.Chat.Lines(60, 1)); !strings.Contains(got, "the green glass") || !strings.HasSuffix(got, "…") {
		t.Errorf("in one row: %q", got)
	}
}
