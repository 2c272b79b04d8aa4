package main

import (
	"strings"
	"testing"
)

func TestGhostMoveTowardsAWaitingPsychic(t *testing.T) {
	rows := []string{
		" PSYCHICS",
		"  ● Conrad · character · waiting for your vision",
		"    finds x · 0 vision cards",
		"▸ ▲ Alma · character · vision given · thinking",
		"    finds y · 1 vision card",
		"  ◆ Madam Wang · character · waiting for your vision",
	}
	if got := ghostMove(rows, "Choose a psychic who still needs a vision (↑↓): ● Conrad, ◆ Madam Wang."); got != keyDown {
		t.Errorf("one waiting below: %q, want down", got)
	}
	if got := ghostMove(rows, "Choose a psychic who still needs a vision (↑↓): ● Conrad."); got != keyUp {
		t.Errorf("only one above: %q, want up", got)
	}
}

func TestCardsListAndGhostTarget(t *testing.T) {
	psychic := strings.Join([]string{
		" MYSTERIUM  K7QX  classic · medium",
		"────",
		" You are ▲ Alma Salvador (yellow). Find your CHARACTER.",
		"  Cards   Psychics   Chat    tab: next pane",
		" CHARACTERS ON THE TABLE                                      ╭──────────────╮",
		"  1 The Gardener           ●                                 │              │",
		"▸ 2 The Lighthouse Keep…   ▲(you)                            │              │",
		"  3 The Maid                                                 │              │",
		"",
		"←→ card · i intuition · ? keys",
		"Place your intuition: ←→ to a card, then i.",
	}, "\n")
	cur, names := cardsList(strings.Split(psychic, "\n"))
	if cur != 1 || len(names) != 3 || names[0] != "The Gardener" || names[1] != "The Lighthouse Keep" || names[2] != "The Maid" {
		t.Fatalf("cardsList = %d %q", cur, names)
	}
	if cur, _ := cardsList([]string{" PSYCHICS AND VISIONS", "▸ ● Conrad (you) · character"}); cur != -1 {
		t.Errorf("the psychics pane read as a cards list: %d", cur)
	}
	ghost := strings.Join([]string{
		" PSYCHICS",
		"  ● Conrad · character · vision given · thinking",
		"    finds The Maid · 1 vision card · on The Gardener",
		"▸ ▲ Alma · character · waiting for your vision",
		"    finds The Lighthouse Keeper · 0 vision cards",
	}, "\n")
	if got := ghostTarget(ghost, 1); got != "The Lighthouse Keeper" {
		t.Errorf("ghostTarget(yellow) = %q", got)
	}
	if got := ghostTarget(ghost, 0); got != "The Maid" {
		t.Errorf("ghostTarget(purple) = %q", got)
	}
	if got := ghostTarget(ghost, 2); got != "" {
		t.Errorf("ghostTarget(red), not at the table = %q", got)
	}
}

// The host starts once everyone is seated, whichever form of the status
// line the width allows (at 80 columns six names do not fit, and the line
// counts them instead).
func TestSeatedCount(t *testing.T) {
	for _, tc := range []struct {
		status string
		n      int
		ok     bool
	}{
		{"Press s to start the game: 4 players seated. Not ready yet: p0001, p0002, p0003.", 4, true},
		{"Press s to start the game: 7 seated, 6 not ready yet (no ✔ by their names).", 7, true},
		{"Press s to start the game: 5 players seated, everyone ready.", 5, true},
		{"Seat the ghost (sit there, or press b for a bot), then press s to start.", 0, false},
	} {
		n, ok := seatedCount(tc.status)
		if n != tc.n || ok != tc.ok {
			t.Errorf("seatedCount(%q) = %d, %v; want %d, %v", tc.status, n, ok, tc.n, tc.ok)
		}
	}
}
