package game

// SeatsReady reports whether the seats make a legal game for the edition,
// and if not, why, in a sentence.
func (s *State) SeatsReady() error {
	if s.seats[GhostSeat].player == "" {
		return ruleErrorf(ErrSeats, "Somebody must sit in the ghost's seat.")
	}
	n := 1
	for _, c := range Colours {
		if s.seats[c].player != "" {
			n++
		}
	}
	e := s.opts.Edition
	if n < e.MinPlayers() {
		return ruleErrorf(ErrSeats, "The %s edition needs at least %d players (ghost included); %d are seated.", e, e.MinPlayers(), n)
	}
	return nil
}

// start is the host's Start: the psychics, the cards on the table, the
// trails, the vision deck and the ghost's hand, and round 1.
func (s *State) start(p PlayerID) ([]Event, error) {
	if p != s.host {
		return nil, ruleErrorf(ErrNotHost, "Only the host can start the game.")
	}
	if s.phase != PhaseSeating {
		return nil, ruleErrorf(ErrWrongPhase, "The game has already started.")
	}
	if err := s.SeatsReady(); err != nil {
		return nil, err
	}
	// Psychics: each occupied colour seat, plus a second colour for each
	// psychic player in the 2- and 3-player variants (the lowest free colour).
	var owners [NumColours]Seat
	for i := range owners {
		owners[i] = NoSeat
	}
	players := 1
	for _, c := range Colours {
		if s.seats[c].player != "" {
			owners[c] = Seat(c)
			players++
		}
	}
	s.players = players
	if PsychicsPerPlayer(s.opts.Edition, players) == 2 {
		for _, c := range Colours {
			if s.seats[c].player == "" || owners[c] != Seat(c) {
				continue
			}
			for _, f := range Colours {
				if owners[f] == NoSeat {
					owners[f] = Seat(c)
					break
				}
			}
		}
	}
	tokens := TokensPerPsychic(s.opts.Edition, players)
	for _, c := range Colours {
		if owners[c] != NoSeat {
			s.psychics = append(s.psychics, psychic{colour: c, owner: owners[c], tokYes: tokens / 2, tokNo: tokens / 2})
		}
	}
	// Setup 1-2: the edition's pools, the table cards, the trails.
	n := TableCards(s.opts, players)
	sizes := editionPools[s.opts.Edition]
	for _, cat := range Categories {
		pool := cloneIDs(s.pools.Of(cat))
		s.shuffle(pool)
		pool = pool[:min(len(pool), sizes[cat])]
		if len(pool) < n {
			return nil, ruleErrorf(ErrBadOptions, "The deck has too few %s cards for this table.", cat)
		}
		s.shuffle(pool)
		s.table[cat] = cloneIDs(pool[:n])
		s.dealt[cat] = cloneIDs(pool[:n])
		deal := cloneIDs(pool[:n])
		s.shuffle(deal)
		for i := range s.psychics {
			s.psychics[i].trail[cat] = deal[i]
		}
	}
	// Setup 3: the vision deck and the ghost's hand.
	s.deck = cloneIDs(s.pools.Visions)
	s.shuffle(s.deck)
	s.drawToHand(nil)
	// Setup 4: round 1.
	s.round = 1
	s.phase = PhaseVision
	rule := Discards(s.opts)
	s.discardsLeft = rule.PerGame
	if rule.PerRound {
		s.discardsLeft = 1
	}
	return []Event{{Kind: EvStarted, Seat: NoSeat, Round: 1, Text: "the séance begins"}}, nil
}
