package game

import "slices"

// drawToHand draws the ghost back to 7, reshuffling the discard pile into
// a new deck when the deck is empty.
func (s *State) drawToHand(events *[]Event) {
	for len(s.hand) < HandSize {
		if len(s.deck) == 0 {
			if len(s.discard) == 0 {
				return
			}
			s.deck, s.discard = cloneIDs(s.discard), nil
			s.shuffle(s.deck)
			if events != nil {
				*events = append(*events, Event{Kind: EvReshuffle, Seat: NoSeat, Round: s.round, Text: "the discard pile is shuffled into a new deck"})
			}
		}
		s.hand = append(s.hand, s.deck[0])
		s.deck = s.deck[1:]
	}
}

// takeFromHand checks that ids are distinct cards of the hand and removes them.
func (s *State) takeFromHand(ids []CardID) error {
	seen := map[CardID]bool{}
	for _, id := range ids {
		if seen[id] {
			return ruleErrorf(ErrCard, "You chose the card %s twice.", id)
		}
		seen[id] = true
		if !slices.Contains(s.hand, id) {
			return ruleErrorf(ErrCard, "The card %s is not in your hand.", id)
		}
	}
	s.hand = without(s.hand, func(id CardID) bool { return seen[id] })
	return nil
}
