package game

// revealStep is step 2 and the round's end: the ghost reveals whether each
// intuition was right, tokens score, and the clock strikes (or the final
// phase begins, or the game is lost). It is a value over the State, made
// for each command.
type revealStep struct{ *State }

// reveal1 is the ghost's Reveal: one psychic's result.
func (s revealStep) reveal1(p PlayerID, c Reveal) ([]Event, error) {
	if err := s.requireGhost(p); err != nil {
		return nil, err
	}
	if s.phase != PhaseReveal {
		return nil, ruleErrorf(ErrWrongPhase, "Results are revealed after the visions are read.")
	}
	ps, err := s.inPlay(c.Psychic)
	if err != nil {
		return nil, err
	}
	if !ps.toReveal {
		return nil, ruleErrorf(ErrWrongPhase, "%s has no result to reveal.", psyName(c.Psychic))
	}
	var events []Event
	s.revealOne(ps, &events)
	s.maybeEndRound(&events)
	return events, nil
}

// revealAll is the ghost's RevealAll: every result still to reveal.
func (s revealStep) revealAll(p PlayerID) ([]Event, error) {
	if err := s.requireGhost(p); err != nil {
		return nil, err
	}
	if s.phase != PhaseReveal {
		return nil, ruleErrorf(ErrWrongPhase, "Results are revealed after the visions are read.")
	}
	var events []Event
	for i := range s.psychics {
		if s.psychics[i].toReveal {
			s.revealOne(&s.psychics[i], &events)
		}
	}
	s.maybeEndRound(&events)
	return events, nil
}

// revealOne resolves one psychic's intuition: the card, the tokens on it,
// the finishing bonus.
func (s revealStep) revealOne(ps *psychic, events *[]Event) {
	ps.toReveal = false
	cat := s.category(ps)
	correct := ps.intuition != "" && ps.intuition == ps.trail[cat]
	res := RevealResult{Psychic: ps.colour, Category: cat, Intuition: ps.intuition, Correct: correct}
	for _, t := range ps.tokensOn {
		owner := s.psy(t.From)
		if (t.Kind == TokenYes) == correct {
			owner.track++
			res.Gains = append(res.Gains, TrackGain{Psychic: t.From, Delta: 1, Why: "token"})
		}
		// Used tokens are discarded until round 4.
		if t.Kind == TokenYes {
			owner.spentYes++
		} else {
			owner.spentNo++
		}
	}
	ps.tokensOn = nil
	text := psyName(ps.colour) + " is wrong"
	if correct {
		text = psyName(ps.colour) + " is right"
		s.table[cat] = without(s.table[cat], func(id CardID) bool { return id == ps.intuition })
		ps.found[cat] = s.round
		s.discard = append(s.discard, ps.vision...)
		ps.vision = nil
		ps.step++
		if ps.finished() {
			ps.finishedRound = s.round
			res.Finished = true
			text = psyName(ps.colour) + " has found the whole trail"
			if HasClairvoyance(s.opts.Edition, s.players) {
				bonus := LastRound - s.round
				ps.track += bonus
				if bonus > 0 {
					res.Gains = append(res.Gains, TrackGain{Psychic: ps.colour, Delta: bonus, Why: "finish"})
				}
			}
		}
	}
	s.reveals = append(s.reveals, res)
	*events = append(*events, Event{Kind: EvReveal, Seat: GhostSeat, Psychic: ps.colour, Correct: correct, Round: s.round, Text: text})
}

// maybeEndRound ends the round once every result is revealed.
func (s revealStep) maybeEndRound(events *[]Event) {
	for i := range s.psychics {
		if s.psychics[i].toReveal {
			return
		}
	}
	s.history = append(s.history, RoundRecord{Round: s.round, Visions: s.roundVisions, Results: s.reveals, Tokens: s.usedTokens})
	s.roundVisions, s.reveals, s.usedTokens = nil, nil, nil
	for i := range s.psychics {
		ps := &s.psychics[i]
		ps.received, ps.intuition, ps.ready = false, "", false
	}
	allDone := true
	for i := range s.psychics {
		if !s.psychics[i].finished() {
			allDone = false
		}
	}
	switch {
	case allDone:
		finalPhase(s).startFinal(events)
	case s.round >= LastRound:
		s.finish(false, LossClock, 0, events)
	default:
		s.round++
		s.newRoundAllowance()
		if s.round == TokensBackRound && HasClairvoyance(s.opts.Edition, s.players) {
			for i := range s.psychics {
				ps := &s.psychics[i]
				ps.tokYes += ps.spentYes
				ps.tokNo += ps.spentNo
				ps.spentYes, ps.spentNo = 0, 0
			}
			*events = append(*events, Event{Kind: EvTokensBack, Seat: NoSeat, Round: s.round, Text: "the used clairvoyance tokens return"})
		}
		s.drawToHand(events)
		s.phase = PhaseVision
		*events = append(*events, Event{Kind: EvRoundEnded, Seat: NoSeat, Round: s.round, Text: "the clock strikes"})
	}
}

// newRoundAllowance renews a discard allowance of once per round.
func (s *State) newRoundAllowance() {
	if Discards(s.opts).PerRound {
		s.discardsLeft = 1
	}
}

// finish ends the game, won or lost (and why), chosen being the group the
// psychics chose (0 when none).
func (s *State) finish(won bool, cause LossCause, chosen int, events *[]Event) {
	s.phase = PhaseFinished
	s.stopTimer()
	s.takenBack = nil
	s.outcome = &Outcome{Won: won, Cause: cause, Chosen: chosen, Round: s.round}
	text := "the psychics win: the ghost is at peace"
	if !won {
		text = "the psychics lose"
	}
	*events = append(*events, Event{Kind: EvGameOver, Seat: NoSeat, Round: s.round, Group: chosen, Correct: won, Text: text})
}
