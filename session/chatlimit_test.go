package session

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// A psychic who floods the chat is told to slow down and keeps the line.
func TestChatFloodIsPacedAndTheLineKept(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	m := modelAt(t, pt, pAnn, 140, 45)         // the clock is fixed: no refill
	if err := act(t, m, pt, "t"); err != nil { // the chat line stays open after each send
		t.Fatal(err)
	}
	for i := 0; i < state.ChatBurst; i++ {
		if err := act(t, m, pt, "h", "i", "enter"); err != nil {
			t.Fatalf("line %d refused: %v", i+1, err)
		}
	}
	said := len(pt.st.ViewFor(pAnn).Public().Chat)
	if err := act(t, m, pt, "x", "y", "z", "enter"); err != nil {
		t.Fatal(err)
	}
	if got := len(pt.st.ViewFor(pAnn).Public().Chat); got != said {
		t.Fatalf("the line past the burst reached the table (%d lines, was %d)", got, said)
	}
	view := plainView(m)
	if !strings.Contains(view, "Slow down") {
		t.Fatalf("no slow-down message:\n%s", view)
	}
	if m.table.Chat.Line.Value() != "xyz" {
		t.Fatalf("typed line lost: %q", m.table.Chat.Line.Value())
	}
}

// A pasted line longer than 40 characters reaches the chat whole (a
// 95-character paste once became its first 40).
func TestChatPasteIsWhole(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	m := modelAt(t, pt, pAnn, 120, 40)
	press(m, "t")
	text := strings.Repeat("the green glass is the greenhouse ", 3)[:95]
	m.Update(tea.PasteMsg{Content: text})
	if got := m.table.Chat.Line.Value(); got != text {
		t.Fatalf("chat line %q, want the whole paste", got)
	}
	if err := act(t, m, pt, "enter"); err != nil {
		t.Fatal(err)
	}
	chat := pt.st.ViewFor(pAnn).Public().Chat
	if len(chat) == 0 || chat[len(chat)-1].Text != strings.TrimSpace(text) {
		t.Errorf("chat %+v", chat)
	}
}
