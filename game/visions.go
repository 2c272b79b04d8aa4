package game

import "slices"

// visionStep is step 1 as the ghost plays it: a vision given is held on
// its way (VisionHold), then delivered or taken back, and the ghost may
// discard. It is a value over the State, made for each command.
type visionStep struct{ *State }

// giveVision is the ghost's GiveVision: the cards leave the hand and are on
// their way to the psychic (hold).
func (s visionStep) giveVision(p PlayerID, c GiveVision) ([]Event, error) {
	if err := s.requireGhost(p); err != nil {
		return nil, err
	}
	if s.phase != PhaseVision {
		return nil, ruleErrorf(ErrWrongPhase, "Visions are given at the start of a round.")
	}
	ps, err := s.inPlay(c.To)
	if err != nil {
		return nil, err
	}
	if ps.finished() {
		return nil, ruleErrorf(ErrVision, "%s has already finished.", psyName(c.To))
	}
	if ps.received {
		return nil, ruleErrorf(ErrVision, "%s has already had a vision this round.", psyName(c.To))
	}
	if h := s.held; h != nil {
		if h.give.To == c.To {
			return nil, ruleErrorf(ErrVision, "A vision is already on its way to %s.", psyName(c.To))
		}
	}
	note, err := checkGhostNote(c.Note)
	if err != nil {
		return nil, err
	}
	var bot *BotNote
	if c.Bot != nil {
		if err := checkBotNote(c.Bot); err != nil {
			return nil, err
		}
		if note != "" {
			return nil, ruleErrorf(ErrNote, "That bot note cannot be read.")
		}
		bot = &BotNote{Features: slices.Clone(c.Bot.Features), Like: c.Bot.Like}
	}
	var events []Event
	if s.held != nil {
		s.deliver(&events) // the ghost has moved on: the vision on its way arrives first
	}
	if len(c.Cards) == 0 && len(s.hand) > 0 {
		return nil, ruleErrorf(ErrTooMany, "Give at least one card.")
	}
	s.takenBack = nil
	kept := len(ps.vision)
	if len(c.Drop) > 0 {
		if s.opts.Edition != Modern {
			return nil, ruleErrorf(ErrNotSupported, "In this edition the old vision cards stay; you can only add new ones.")
		}
		seen := map[CardID]bool{}
		for _, id := range c.Drop {
			if seen[id] || !slices.Contains(ps.vision, id) {
				return nil, ruleErrorf(ErrCard, "The card %s is not in %s's vision.", id, psyName(c.To))
			}
			seen[id] = true
		}
		kept -= len(c.Drop)
	}
	if s.opts.Edition == Modern && kept+len(c.Cards) > MaxModernVision {
		return nil, ruleErrorf(ErrTooMany, "A vision holds at most %d cards.", MaxModernVision)
	}
	before := s.hand
	if err := s.takeFromHand(c.Cards); err != nil {
		return nil, err
	}
	s.hold(GiveVision{To: c.To, Cards: cloneIDs(c.Cards), Drop: cloneIDs(c.Drop), Note: note, Bot: bot}, before, &events)
	return events, nil
}

// discardCards is allowed in every phase between Start and the end of the
// game (apply refuses it before and after).
func (s visionStep) discardCards(p PlayerID, c Discard) ([]Event, error) {
	if err := s.requireGhost(p); err != nil {
		return nil, err
	}
	rule := Discards(s.opts)
	if s.discardsLeft <= 0 {
		switch {
		case rule.PerRound:
			return nil, ruleErrorf(ErrDiscard, "You have already discarded this round.")
		case rule.PerGame == 0:
			return nil, ruleErrorf(ErrDiscard, "At this difficulty the ghost cannot discard.")
		}
		return nil, ruleErrorf(ErrDiscard, "You have no discards left this game.")
	}
	var events []Event
	if s.held != nil {
		s.deliver(&events) // the ghost has moved on: the vision on its way arrives first
	}
	cards := c.Cards
	switch rule.Kind {
	case DiscardWholeHand:
		if len(cards) > 0 {
			if len(cards) != len(s.hand) {
				return nil, ruleErrorf(ErrTooMany, "In this edition you throw away the whole hand or nothing.")
			}
		} else {
			cards = cloneIDs(s.hand)
		}
	case DiscardCandle:
		if len(cards) > HandSize {
			return nil, ruleErrorf(ErrTooMany, "A candle discards at most %d cards.", HandSize)
		}
	}
	if len(cards) == 0 {
		return nil, ruleErrorf(ErrTooMany, "Choose the cards to discard.")
	}
	if err := s.takeFromHand(cards); err != nil {
		return nil, err
	}
	s.discard = append(s.discard, cards...)
	s.discardsLeft--
	events = append(events, Event{Kind: EvDiscard, Seat: GhostSeat, Round: s.round, Text: "the ghost discards"})
	s.drawToHand(&events)
	return events, nil
}
