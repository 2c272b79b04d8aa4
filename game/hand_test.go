package game

// The ghost's hand: drawn back to 7, the discard pile shuffled into a new deck.

import (
	"slices"
	"testing"
)

func TestDrawReshufflesTheDiscard(t *testing.T) {
	s := started(t, classic(Medium), 4)
	// The deck runs out: the discard pile becomes the new deck.
	s.discard = append(s.discard, s.deck[1:]...)
	s.deck = s.deck[:1]
	ev := mustApply(t, s, ghostOf(s), GiveVision{To: Purple, Cards: cloneIDs(s.hand[:3])})
	if len(s.hand) != 7 || len(s.discard) != 0 || len(s.deck) != 74 {
		t.Errorf("hand %d deck %d discard %d", len(s.hand), len(s.deck), len(s.discard))
	}
	if !slices.ContainsFunc(ev, func(e Event) bool { return e.Kind == EvReshuffle }) {
		t.Error("no reshuffle event")
	}
	// Nothing left anywhere: the hand stays short and a vision of no card is allowed.
	s.deck, s.discard = nil, nil
	mustApply(t, s, ghostOf(s), GiveVision{To: Yellow, Cards: cloneIDs(s.hand)})
	if len(s.hand) != 0 {
		t.Fatalf("hand %d", len(s.hand))
	}
	mustApply(t, s, ghostOf(s), GiveVision{To: Red})
}
