package session

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

func TestChatBucketAllowsABurstThenPaces(t *testing.T) {
	var b state.ChatBucket
	t0 := time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)
	for i := 0; i < state.ChatBurst; i++ {
		if !b.Allow(t0) {
			t.Fatalf("line %d of the burst refused", i+1)
		}
	}
	if b.Allow(t0.Add(time.Second)) {
		t.Fatal("a line past the burst was allowed within a second")
	}
	if !b.Allow(t0.Add(state.ChatEvery)) {
		t.Fatal("no line allowed after one refill period")
	}
	if b.Allow(t0.Add(state.ChatEvery + time.Second)) {
		t.Fatal("two lines allowed for one refill period")
	}
	// A long pause refills the whole burst, never more.
	later := t0.Add(time.Hour)
	for i := 0; i < state.ChatBurst; i++ {
		if !b.Allow(later) {
			t.Fatalf("after a pause, line %d refused", i+1)
		}
	}
	if b.Allow(later) {
		t.Fatal("the bucket held more than a burst")
	}
}

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
