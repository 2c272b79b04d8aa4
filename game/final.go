package game

import "slices"

// finalPhase is the final phase's rules: the line-up, the culprit, the
// shared vision and the edition's vote. It is a value over the State, made
// for each command.
type finalPhase struct{ *State }

// startFinal lays the line-up (every trail as a group, and in the classic
// 2-player game two more made at random) and, in modern, draws the culprit.
func (s finalPhase) startFinal(events *[]Event) {
	f := &finalState{kind: voteKind(s.opts.Edition, s.players)}
	for i := range s.psychics {
		ps := &s.psychics[i]
		f.groups = append(f.groups, Group{Number: i + 1, Owner: ps.colour, Cards: ps.trail})
	}
	if s.opts.Edition == Classic && s.players == 2 {
		// Two more groups made at random from table cards nobody was assigned.
		var spare [3][]CardID
		for _, cat := range Categories {
			for _, id := range s.dealt[cat] {
				assigned := false
				for i := range s.psychics {
					if s.psychics[i].trail[cat] == id {
						assigned = true
					}
				}
				if !assigned {
					spare[cat] = append(spare[cat], id)
				}
			}
			s.shuffle(spare[cat])
		}
		for k := 0; k < 2; k++ {
			g := Group{Number: len(f.groups) + 1, Extra: true}
			for _, cat := range Categories {
				g.Cards[cat] = spare[cat][k]
			}
			f.groups = append(f.groups, g)
		}
	}
	s.final = f
	s.phase = PhaseCulprit
	s.newRoundAllowance()
	s.drawToHand(events)
	*events = append(*events, Event{Kind: EvFinalStarted, Seat: NoSeat, Round: s.round, Text: "every trail is found: the line-up"})
	if s.opts.Edition == Modern {
		// Modern: the culprit is drawn at random among the trails.
		f.culprit = 1 + s.draw(len(s.psychics))
		*events = append(*events, Event{Kind: EvCulprit, Seat: NoSeat, Round: s.round, Text: "the culprit is drawn"})
	}
}

// chooseCulprit is the ghost's ChooseCulprit (classic and original).
func (s finalPhase) chooseCulprit(p PlayerID, c ChooseCulprit) ([]Event, error) {
	if err := s.requireGhost(p); err != nil {
		return nil, err
	}
	if s.opts.Edition == Modern {
		return nil, ruleErrorf(ErrNotSupported, "In the modern edition the culprit is drawn at random.")
	}
	if s.phase != PhaseCulprit {
		return nil, ruleErrorf(ErrWrongPhase, "The culprit is chosen at the start of the final phase.")
	}
	if s.final.culprit != 0 {
		return nil, ruleErrorf(ErrVote, "You have already chosen the culprit.")
	}
	if c.Group < 1 || c.Group > len(s.final.groups) {
		return nil, ruleErrorf(ErrBadCommand, "There is no group %d.", c.Group)
	}
	s.final.culprit = c.Group
	return []Event{{Kind: EvCulprit, Seat: GhostSeat, Round: s.round, Text: "the ghost has chosen the culprit"}}, nil
}

// giveShared is the ghost's GiveSharedVision: 3 cards, shuffled, and the
// vote begins.
func (s finalPhase) giveShared(p PlayerID, c GiveSharedVision) ([]Event, error) {
	if err := s.requireGhost(p); err != nil {
		return nil, err
	}
	if s.phase != PhaseCulprit {
		return nil, ruleErrorf(ErrWrongPhase, "The shared vision is given once, at the start of the final phase.")
	}
	if s.final.culprit == 0 {
		return nil, ruleErrorf(ErrWrongPhase, "Choose the culprit first.")
	}
	if len(c.Cards) != 3 {
		return nil, ruleErrorf(ErrTooMany, "The shared vision is exactly 3 cards, one for each element.")
	}
	if err := s.takeFromHand(c.Cards); err != nil {
		return nil, err
	}
	s.final.shared = cloneIDs(c.Cards)
	s.shuffle(s.final.shared)
	s.final.given = true
	s.phase = PhaseVote
	events := []Event{{Kind: EvSharedVision, Seat: GhostSeat, Round: s.round, Text: "the ghost shows the shared vision"}}
	s.drawToHand(&events)
	if s.final.kind == VoteStaged {
		s.final.stage = 0
		s.advanceStage(&events)
	}
	return events, nil
}

// voters returns the psychic players' vote colours (their own seat's colour),
// in colour order.
func (s *State) voters() []Colour {
	var v []Colour
	for _, c := range Colours {
		if s.seats[c].player != "" {
			if ps := s.psy(c); ps != nil && ps.owner == Seat(c) {
				v = append(v, c)
			}
		}
	}
	return v
}

// level is psychic c's clairvoyance level (0 at a table without tokens).
func (s *State) level(c Colour) int {
	if !HasClairvoyance(s.opts.Edition, s.players) {
		return 0
	}
	return ClairvoyanceLevel(s.players, s.psy(c).track)
}

// advanceStage moves the straw poll to the next level that has voters, or
// counts the votes after the last.
func (s finalPhase) advanceStage(events *[]Event) {
	f := s.final
	for f.stage < 3 {
		f.stage++
		for _, v := range s.voters() {
			if s.level(v) == f.stage {
				*events = append(*events, Event{Kind: EvStage, Seat: NoSeat, Round: s.round, Group: f.stage,
					Text: "the straw poll: level " + string(rune('0'+f.stage)) + " votes"})
				return
			}
		}
	}
	// Every level has voted: reveal the votes and count them.
	s.judge(s.strawWinner(), events)
}

// strawWinner counts the straw poll: most votes; on a tie, the tied group
// voted by the psychic highest on the track; still tied, by the earliest
// seated of those psychics.
func (s finalPhase) strawWinner() int {
	f := s.final
	counts := map[int]int{}
	best := 0
	for _, v := range s.voters() {
		counts[f.votes[v]]++
		best = max(best, counts[f.votes[v]])
	}
	var top []Colour // voters whose vote is among the tied groups
	for _, v := range s.voters() {
		if counts[f.votes[v]] == best {
			top = append(top, v)
		}
	}
	slices.SortStableFunc(top, func(a, b Colour) int {
		if ta, tb := s.psy(a).track, s.psy(b).track; ta != tb {
			return tb - ta
		}
		return s.seats[a].order - s.seats[b].order
	})
	return f.votes[top[0]]
}

// vote is a psychic player's Vote, as the edition's vote counts it.
func (s finalPhase) vote(p PlayerID, c Vote) ([]Event, error) {
	seat := s.seatOf(p)
	col, isPsychic := seat.Colour()
	if !isPsychic {
		return nil, ruleErrorf(ErrNotYourSeat, "Only psychics vote.")
	}
	if s.phase != PhaseVote {
		return nil, ruleErrorf(ErrWrongPhase, "The vote comes after the shared vision.")
	}
	f := s.final
	if c.Group < 1 || c.Group > len(f.groups) {
		return nil, ruleErrorf(ErrBadCommand, "There is no group %d.", c.Group)
	}
	if f.groups[c.Group-1].Removed {
		return nil, ruleErrorf(ErrVote, "Group %d has already been ruled out.", c.Group)
	}
	var events []Event
	switch f.kind {
	case VoteStaged:
		if f.voted[col] {
			return nil, ruleErrorf(ErrVote, "You have already voted.")
		}
		if l := s.level(col); l != f.stage {
			return nil, ruleErrorf(ErrVote, "You are level %d: wait for your turn to vote.", l)
		}
		f.cast(col, c.Group, s.voteDay())
		events = append(events, Event{Kind: EvVote, Seat: seat, Psychic: col, Round: s.round, Text: psyName(col) + " has voted"})
		for _, v := range s.voters() {
			if s.level(v) == f.stage && !f.voted[v] {
				return events, nil
			}
		}
		s.advanceStage(&events)
		return events, nil
	case VoteSingle:
		f.cast(col, c.Group, s.voteDay())
		events = append(events, Event{Kind: EvVote, Seat: seat, Psychic: col, Round: s.round, Group: c.Group, Text: psyName(col) + " votes"})
		s.judge(c.Group, &events)
		return events, nil
	}
	// Open votes: agreed (all voters on one group), majority and daily (a
	// strict majority of psychic players). A vote can be moved, not repeated.
	if f.voted[col] && f.votes[col] == c.Group {
		return nil, ruleErrorf(ErrVote, "Your vote is already on group %d.", c.Group)
	}
	f.cast(col, c.Group, s.voteDay())
	events = append(events, Event{Kind: EvVote, Seat: seat, Psychic: col, Round: s.round, Group: c.Group, Text: psyName(col) + " votes for a group"})
	voters := s.voters()
	n := 0
	for _, v := range voters {
		if f.voted[v] && f.votes[v] == c.Group {
			n++
		}
	}
	need := len(voters)/2 + 1
	if f.kind == VoteAgreed {
		need = len(voters)
	}
	if n >= need {
		s.judge(c.Group, &events)
	}
	return events, nil
}

// cast records voter col's vote for group g, both as their current vote and
// in the log of every vote cast (with the day of an original daily vote).
func (f *finalState) cast(col Colour, g, day int) {
	f.votes[col], f.voted[col] = g, true
	f.log = append(f.log, CastVote{Voter: col, Group: g, Day: day})
}

// voteDay is the day a vote is cast on in the original's daily vote (the
// clock), 0 in the other votes.
func (s finalPhase) voteDay() int {
	if s.final != nil && s.final.kind == VoteDaily {
		return s.round
	}
	return 0
}

// judge decides the chosen group: the culprit's wins. In original a wrong
// group is removed and, unless it is day 7, the mediums vote again the next day.
func (s finalPhase) judge(g int, events *[]Event) {
	f := s.final
	if g == f.culprit {
		s.finish(true, LossNone, g, events)
		return
	}
	if f.kind != VoteDaily || s.round >= LastRound {
		s.finish(false, LossWrongCulprit, g, events)
		return
	}
	f.groups[g-1].Removed = true
	f.votes, f.voted = [NumColours]int{}, [NumColours]bool{}
	s.round++
	s.newRoundAllowance()
	*events = append(*events, Event{Kind: EvGroupRemoved, Seat: NoSeat, Round: s.round, Group: g,
		Text: "that group is not the culprit's; a new day dawns"})
}

type finalState struct {
	groups  []Group
	kind    VoteKind
	culprit int
	shared  []CardID
	given   bool
	stage   int
	votes   [NumColours]int // by voter colour, 0 = none
	voted   [NumColours]bool
	log     []CastVote // every vote cast, in order
}
