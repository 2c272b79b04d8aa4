package game

import "slices"

// ViewFor returns what player p may see of the table (docs/rules.md, "What each
// seat sees"): the finished game for everybody once it is over; the
// ghost's view for the ghost; a psychic's view for a seated psychic player;
// otherwise (spectators, and everybody before Start) the public table.
func (s *State) ViewFor(p PlayerID) View {
	w := viewer{s}
	return w.view(w.public(), p)
}

// Views makes the views of the state as it is now for any number of
// viewers (For), around one public part: the table everybody sees is
// built once, and every view made by For holds it with its own Me, its
// slices shared read-only with the others (nobody modifies a view). Each
// seat's own part (the ghost's hand, a psychic's notes and votes, the
// whole game once it is over) is still built for that seat alone, so a
// view holds exactly what ViewFor gives. The table actor makes one per
// change of its state, for all its subscribers and its own reading of the
// public table (Public). What everybody sees must not change while a
// Views is in use; a seat's own part may (a mark, a note): it is read
// from the state when each view is made.
type Views struct {
	w   viewer
	pub TableView // Me is ""
}

// Views returns the views of the state as it is now (see Views).
func (s *State) Views() *Views {
	w := viewer{s}
	return &Views{w: w, pub: w.public()}
}

// For returns what player p may see, as ViewFor(p) does, sharing the
// public part with every other view vs makes.
func (vs *Views) For(p PlayerID) View { return vs.w.view(vs.pub, p) }

// Public is the public part every view of vs shares: the spectator's
// table, with no viewer (Me ""). Read it, never modify it.
func (vs *Views) Public() *TableView { return &vs.pub }

// view is what p may see around pub, the public part of the state now
// (its slices are shared, the struct is p's own copy).
func (w viewer) view(pub TableView, p PlayerID) View {
	s := w.State
	seat := NoSeat
	if p != "" {
		seat = s.seatOf(p)
	}
	pub.Me = p
	switch {
	case s.phase == PhaseFinished:
		return w.finishedView(pub, seat)
	case s.phase == PhaseSeating || seat == NoSeat:
		return &SpectatorView{TableView: pub, Seat: seat}
	case seat == GhostSeat:
		return w.ghostView(pub)
	}
	return w.psychicView(pub, seat)
}

// viewer builds what one seat may see of the State (ViewFor): a value
// over it that only reads.
type viewer struct{ *State }

// public builds the part of the view everybody sees, for no viewer in
// particular (view sets Me). It copies every slice so that a view never
// aliases the state.
func (s viewer) public() TableView {
	v := TableView{
		Edition:          s.opts.Edition,
		Difficulty:       s.opts.Difficulty,
		Timer:            s.opts.Timer,
		Order:            s.opts.Edition.Order(),
		Phase:            s.phase,
		Round:            s.round,
		Host:             s.host,
		DeckSize:         len(s.deck),
		DiscardSize:      len(s.discard),
		HandSize:         len(s.hand),
		Clairvoyance:     HasClairvoyance(s.opts.Edition, s.players),
		TokensPerPsychic: TokensPerPsychic(s.opts.Edition, s.players),
		TimerRunning:     s.timerRunning,
		TimerPaused:      s.timerPaused,
		TimerNote:        s.timerNote,
	}
	if s.takenBack != nil {
		tb := *s.takenBack
		v.TakenBack = &tb
	}
	if h := s.held; h != nil {
		// Everybody sees that a vision is on its way and to whom, nothing of
		// its cards: the hand counts them still.
		v.Sending = &Sending{Psychic: h.give.To, Round: s.round}
		v.HandSize += len(h.give.Cards)
	}
	rule := Discards(s.opts)
	v.DiscardKind, v.DiscardsLeft, v.DiscardsRound = rule.Kind, s.discardsLeft, rule.PerRound
	if s.phase == PhaseSeating {
		v.DiscardsLeft = rule.PerGame
		if rule.PerRound {
			v.DiscardsLeft = 1
		}
	}
	v.DiscardedThisRound = rule.PerRound && v.DiscardsLeft == 0
	// The view's small slices are cut from a few shared buffers (ViewFor runs
	// after every command for every watcher); each is capped, so a reader's
	// append cannot spill into its neighbour.
	nIDs := 0
	for _, cat := range Categories {
		nIDs += len(s.table[cat])
	}
	for i := range s.psychics {
		nIDs += len(s.psychics[i].vision)
	}
	ids := make([]CardID, 0, nIDs)
	takeIDs := func(x []CardID) []CardID {
		if x == nil {
			return nil
		}
		start := len(ids)
		ids = append(ids, x...)
		return ids[start:len(ids):len(ids)]
	}
	cols := make([]Colour, 0, len(s.psychics))
	found := make([]FoundCard, 0, 3*len(s.psychics))
	v.Seats = make([]SeatView, 0, len(Seats))
	for _, seat := range Seats {
		st := s.seats[seat]
		sv := SeatView{Seat: seat, Player: st.player, Name: st.name, Bot: st.bot, BotLevel: st.botLevel, Host: st.player != "" && st.player == s.host, Order: st.order, Ready: st.ready || st.bot}
		start := len(cols)
		for i := range s.psychics {
			if s.psychics[i].owner == seat && st.player != "" {
				cols = append(cols, s.psychics[i].colour)
			}
		}
		if len(cols) > start {
			sv.Colours = cols[start:len(cols):len(cols)]
		}
		v.Seats = append(v.Seats, sv)
	}
	if len(s.psychics) > 0 {
		v.Psychics = make([]PsychicPublic, len(s.psychics))
	}
	for i := range s.psychics {
		ps := &s.psychics[i]
		pp := PsychicPublic{
			Colour:            ps.colour,
			Owner:             ps.owner,
			Category:          s.category(ps),
			Step:              ps.step,
			Finished:          ps.finished(),
			Vision:            takeIDs(ps.vision),
			ReceivedThisRound: ps.received,
			ToReveal:          ps.toReveal,
			Intuition:         ps.intuition,
			Ready:             ps.ready,
		}
		start := len(found)
		for _, cat := range s.opts.Edition.Order() {
			if ps.found[cat] > 0 {
				found = append(found, FoundCard{Category: cat, Card: ps.trail[cat], Round: ps.found[cat]})
			}
		}
		if len(found) > start {
			pp.Found = found[start:len(found):len(found)]
		}
		if v.Clairvoyance {
			pp.Track = ps.track
			pp.Level = ClairvoyanceLevel(s.players, ps.track)
			pp.TokensYes, pp.TokensNo = ps.tokYes, ps.tokNo
			pp.TokensSpent = ps.spentYes + ps.spentNo
			pp.TokensOn = append([]TokenPlacement(nil), ps.tokensOn...)
		}
		v.Psychics[i] = pp
	}
	for _, cat := range Categories {
		v.TableCards[cat] = takeIDs(s.table[cat])
	}
	v.WaitingVisions = nil
	if s.phase == PhaseVision {
		v.WaitingVisions = s.waitingVisions()
	}
	v.Reveals = append([]RevealResult(nil), s.reveals...)
	v.RevealCount = len(s.reveals)
	for _, h := range s.history {
		v.RevealCount += len(h.Results)
	}
	if s.final != nil {
		v.Final = s.finalPublic()
	}
	v.Chat = append([]ChatLine(nil), s.chat...)
	v.History = append([]RoundRecord(nil), s.history...)
	if s.outcome != nil {
		o := *s.outcome
		v.Outcome = &o
	}
	return v
}

// sharedVisibleToAll is how many shared-vision cards everybody may see: all
// three in the open votes, the first during the straw poll (every level
// sees it), all three once the game is over.
func (s *State) sharedVisibleToAll() int {
	f := s.final
	switch {
	case !f.given:
		return 0
	case f.kind == VoteStaged && s.phase != PhaseFinished:
		return 1
	}
	return len(f.shared)
}

// finalPublic is the final phase as everybody sees it.
func (s viewer) finalPublic() *FinalPublic {
	f := s.final
	fp := &FinalPublic{
		Groups:        append([]Group(nil), f.groups...),
		VoteKind:      f.kind,
		CulpritSet:    f.culprit != 0,
		SharedGiven:   f.given,
		SharedVisible: cloneIDs(f.shared[:s.sharedVisibleToAll()]),
		Stage:         f.stage,
	}
	if s.opts.Edition == Original {
		fp.Day = s.round
	}
	if s.phase == PhaseVote {
		for _, v := range s.voters() {
			switch {
			case f.kind == VoteStaged:
				if f.voted[v] {
					fp.Voted = append(fp.Voted, v)
				} else if s.level(v) == f.stage {
					fp.MustVote = append(fp.MustVote, v)
				}
			case f.voted[v]:
				fp.Voted = append(fp.Voted, v)
				fp.OpenVotes = append(fp.OpenVotes, CastVote{Voter: v, Group: f.votes[v]})
			default:
				fp.MustVote = append(fp.MustVote, v)
			}
		}
	}
	return fp
}

// trails lists every psychic's trail (after the game).
func (s viewer) trails() []Trail {
	t := make([]Trail, len(s.psychics))
	for i := range s.psychics {
		t[i] = Trail{Psychic: s.psychics[i].colour, Cards: s.psychics[i].trail, FoundRound: s.psychics[i].found}
	}
	return t
}

// ghostView is the ghost's view: the public table, and its secrets (the
// hand, the trails, the culprit, the vision on its way, its notes).
func (s viewer) ghostView(pub TableView) *GhostView {
	g := &GhostView{TableView: pub, Hand: cloneIDs(s.hand), Trails: s.trails(), GhostNotes: capped(slices.Clone(s.ghostNotes))}
	if s.final != nil {
		g.Culprit = s.final.culprit
		g.Shared = cloneIDs(s.final.shared)
	}
	if h := s.held; h != nil {
		g.CanTakeBack, g.TakeBackFrom = true, h.give.To
		g.Held, g.HeldDrop = cloneIDs(h.give.Cards), cloneIDs(h.give.Drop)
	}
	g.TakeBacks = s.takeBackRecords()
	return g
}

// psychicView is the view of the psychic player in seat.
func (s viewer) psychicView(pub TableView, seat Seat) *PsychicView {
	v := &PsychicView{TableView: pub, Seat: seat, Notes: s.notesOf(seat)}
	for i := range s.psychics {
		if s.psychics[i].owner == seat {
			v.Colours = append(v.Colours, s.psychics[i].colour)
		}
	}
	col := Colour(seat)
	if s.psy(col) != nil {
		v.Level = s.level(col)
	}
	if f := s.final; f != nil && f.given {
		n := len(f.shared)
		if f.kind == VoteStaged {
			n = min(f.stage, v.Level)
		}
		v.SharedSeen = cloneIDs(f.shared[:n])
		if f.voted[col] {
			v.MyVote = f.votes[col]
		}
	}
	return v
}

// finishedView is everybody's view once the game is over: everything.
func (s viewer) finishedView(pub TableView, seat Seat) *FinishedView {
	v := &FinishedView{TableView: pub, Seat: seat, Hand: cloneIDs(s.hand), Deck: cloneIDs(s.deck),
		Discard: cloneIDs(s.discard), Trails: s.trails(), Notes: s.allNotes(&s.seating),
		GhostNotes: capped(slices.Clone(s.ghostNotes)), TakeBacks: s.takeBackRecords()}
	if f := s.final; f != nil {
		v.Culprit = f.culprit
		v.Shared = cloneIDs(f.shared)
		v.Votes = append([]CastVote(nil), f.log...)
	}
	for i := range s.psychics {
		if s.psychics[i].owner == seat {
			v.Colours = append(v.Colours, s.psychics[i].colour)
		}
	}
	return v
}

// takeBackRecords copies the visions taken back (nil when none).
func (s viewer) takeBackRecords() []TakeBackRecord {
	if len(s.takeBacks) == 0 {
		return nil
	}
	out := make([]TakeBackRecord, len(s.takeBacks))
	for i, r := range s.takeBacks {
		out[i] = TakeBackRecord{Round: r.Round, To: r.To, Cards: cloneIDs(r.Cards), Dropped: cloneIDs(r.Dropped)}
	}
	return out
}
