package game

import "slices"

// guessStep is step 1 as the psychics play it: intuitions placed, ready
// said, and the step's end, early when everybody is ready or when the sand
// timer runs out. It is a value over the State, made for each command.
type guessStep struct{ *State }

// placeIntuition puts psychic c.Psychic's intuition on a card of the
// category they are guessing.
func (s guessStep) placeIntuition(p PlayerID, c PlaceIntuition) ([]Event, error) {
	ps, err := s.controlled(p, c.Psychic)
	if err != nil {
		return nil, err
	}
	if s.phase != PhaseVision {
		return nil, ruleErrorf(ErrWrongPhase, "Intuitions are placed while visions are being read.")
	}
	if ps.finished() {
		return nil, ruleErrorf(ErrIntuition, "%s has already finished.", psyName(c.Psychic))
	}
	if !ps.received {
		return nil, ruleErrorf(ErrIntuition, "Wait for your vision before placing your intuition.")
	}
	cat := s.category(ps)
	if !slices.Contains(s.table[cat], c.Card) {
		return nil, ruleErrorf(ErrCard, "Put your intuition on a %s on the table.", cat)
	}
	if ps.intuition == c.Card {
		return nil, ruleErrorf(ErrIntuition, "Your intuition is already on that card.")
	}
	ps.intuition = c.Card
	ps.ready = false
	return []Event{{Kind: EvIntuition, Seat: ps.owner, Psychic: ps.colour, Round: s.round,
		Text: psyName(ps.colour) + " places an intuition"}}, nil
}

// setReady is SetReady during step 1: a psychic with an intuition says they
// are ready, or not after all; the step may end.
func (s guessStep) setReady(p PlayerID, c SetReady) ([]Event, error) {
	ps, err := s.controlled(p, c.Psychic)
	if err != nil {
		return nil, err
	}
	if s.phase != PhaseVision {
		return nil, ruleErrorf(ErrWrongPhase, "You can only get ready while visions are being read.")
	}
	if ps.finished() {
		return nil, ruleErrorf(ErrIntuition, "%s has already finished.", psyName(c.Psychic))
	}
	if c.Ready && ps.intuition == "" {
		return nil, ruleErrorf(ErrIntuition, "Place your intuition before you say you are ready.")
	}
	if ps.ready == c.Ready {
		if c.Ready {
			return nil, ruleErrorf(ErrIntuition, "You are already ready.")
		}
		return nil, ruleErrorf(ErrIntuition, "You are not ready yet.")
	}
	ps.ready = c.Ready
	events := []Event{{Kind: EvReady, Seat: ps.owner, Psychic: ps.colour, Round: s.round, Correct: c.Ready,
		Text: psyName(ps.colour) + map[bool]string{true: " is ready", false: " is not ready"}[c.Ready]}}
	s.maybeEndStep(&events)
	return events, nil
}

// maybeEndStep ends step 1 early once every vision is given and every
// unfinished psychic has placed an intuition and is ready.
func (s guessStep) maybeEndStep(events *[]Event) {
	if s.phase != PhaseVision || len(s.waitingVisions()) > 0 {
		return
	}
	for i := range s.psychics {
		if ps := &s.psychics[i]; !ps.finished() && !ps.ready {
			return
		}
	}
	s.endStep(events)
}

// endStepCmd is the sand timer running out (EndStep from the table).
func (s guessStep) endStepCmd(p PlayerID) ([]Event, error) {
	if p != SystemPlayer {
		return nil, ruleErrorf(ErrNotYourSeat, "Only the sand timer ends the step.")
	}
	if s.phase != PhaseVision || !s.timerRunning {
		return nil, ruleErrorf(ErrWrongPhase, "The sand timer is not running.")
	}
	if s.timerPaused {
		return nil, ruleErrorf(ErrTimer, "The sand timer is paused.")
	}
	var events []Event
	s.endStep(&events)
	return events, nil
}

// endStep ends step 1: tokens left on intuitions are used, every unfinished
// psychic waits for their result.
func (s guessStep) endStep(events *[]Event) {
	s.stopTimer()
	s.takenBack = nil
	s.phase = PhaseReveal
	for i := range s.psychics {
		ps := &s.psychics[i]
		ps.ready = false
		if ps.finished() {
			continue
		}
		ps.toReveal = true
		for _, t := range ps.tokensOn {
			s.usedTokens = append(s.usedTokens, UsedToken{From: t.From, On: ps.colour, Kind: t.Kind})
		}
	}
	*events = append(*events, Event{Kind: EvStepEnded, Seat: NoSeat, Round: s.round, Text: "the visions are read; the ghost answers"})
}
