package session

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/keymap"
)

// alertPrefsHub is a hub that remembers one player's choice of alerts.
type alertPrefsHub struct {
	Hub
	on  bool
	set int
}

func (h *alertPrefsHub) AlertsOn(game.PlayerID) bool { return h.on }
func (h *alertPrefsHub) SetAlertsOn(_ game.PlayerID, on bool) error {
	h.on = on
	h.set++
	return nil
}

// The ghost's turn alerts, update by update: the first view alerts nothing
// (a player arriving sees the screen) but titles the window; the move made,
// the title is restored; the results to reveal ring once, however many
// updates show them; with alerts off nothing is written.
func TestTurnAlertsOncePerEventAndTheTitleRestored(t *testing.T) {
	s, err := game.NewStarted(game.Options{Edition: game.Classic, Difficulty: game.Medium, Timer: game.DefaultTimer}, game.TestPools(), 4, 1)
	if err != nil {
		t.Fatal(err)
	}
	ghost := s.ViewFor("").Public().Seats[0].Player
	hub := &alertPrefsHub{on: true}
	m := newTestModel(t, hub, Identity{ID: ghost, Name: "gwen"}, 80, 24)
	m.attach("K7QX", nil, nil, false)
	version := uint64(0)
	show := func() string {
		version++
		m.table.Apply(game.Update{Code: "K7QX", Version: version, View: s.ViewFor(ghost)})
		return m.TakeSignals()
	}
	const push, pop, bell = "\x1b[22;0t", "\x1b[23;0t", "\a"

	got := show()
	if strings.Contains(got, "\x1b]777") || !strings.Contains(got, push) || !strings.Contains(got, "\x1b]2;▲ your move · Mysterium K7QX\a") {
		t.Fatalf("first view: %q, want the title and no alert", got)
	}
	for _, c := range s.ViewFor(ghost).Public().WaitingVisions {
		if _, err := s.Apply(ghost, game.GiveVision{To: c, Cards: s.ViewFor(ghost).(*game.GhostView).Hand[:1]}); err != nil {
			t.Fatal(err)
		}
	}
	if got := show(); got != pop {
		t.Fatalf("visions given: %q, want the title restored only", got)
	}
	if _, err := s.Apply(game.SystemPlayer, game.EndStep{}); err != nil {
		t.Fatal(err)
	}
	got = show()
	want := bell + "\x1b]777;notify;Mysterium K7QX;Hour I: the results wait to be revealed.\a" +
		"\x1b]9;Mysterium K7QX: Hour I: the results wait to be revealed.\a" + push
	if !strings.HasPrefix(got, want) {
		t.Fatalf("results to reveal: %q, want %q and the title", got, want)
	}
	if got := show(); got != "" {
		t.Fatalf("the same results again: %q, want nothing", got)
	}

	// A turns them off (remembered through the hub) and gives the title back.
	m.handleKey(keymap.Pressed(keyMsg("A")))
	if hub.on || hub.set != 1 {
		t.Fatalf("A: the hub has on=%v after %d calls", hub.on, hub.set)
	}
	if got := m.TakeSignals(); got != pop {
		t.Fatalf("alerts off: %q, want the title restored", got)
	}
	if _, err := s.Apply(ghost, game.RevealAll{}); err != nil {
		t.Fatal(err)
	}
	if got := show(); got != "" {
		t.Fatalf("alerts off, next hour: %q, want nothing", got)
	}
}
