package game

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// apply runs one command on s (a copy the caller throws away on error).
func (s *State) apply(p PlayerID, c Command) ([]Event, error) {
	if p == "" {
		return nil, ruleErrorf(ErrBadCommand, "Commands need a player.")
	}
	if a, ok := c.(Announce); ok {
		if p != SystemPlayer {
			return nil, ruleErrorf(ErrBadCommand, "Only the table itself makes announcements.")
		}
		return s.announce(a)
	}
	if p == SystemPlayer {
		switch c.(type) {
		case EndStep, ResumeTimer, DeliverVision:
		default:
			return nil, ruleErrorf(ErrBadCommand, "The table itself only ends steps, delivers visions, resumes the sand timer and makes announcements.")
		}
	}
	// After the game only chat goes on; before it, only what seatingCommand lists.
	if _, chat := c.(Chat); s.phase == PhaseFinished && !chat {
		return nil, ruleErrorf(ErrGameOver, "The game is over.")
	}
	if s.phase == PhaseSeating && !seatingCommand(c) {
		return nil, ruleErrorf(ErrNotStarted, "The game has not started yet.")
	}
	switch c := c.(type) {
	case Sit:
		return s.sit(p, c)
	case Stand:
		return s.stand(p)
	case SetBot:
		return s.setBot(p, c)
	case Start:
		return s.start(p)
	case Chat:
		return s.chat1(p, c)
	case SetReady:
		if s.phase == PhaseSeating {
			return s.seatReady(p, c)
		}
		return s.setReady(p, c)
	case GiveVision:
		return s.giveVision(p, c)
	case Discard:
		return s.discardCards(p, c)
	case PlaceIntuition:
		return s.placeIntuition(p, c)
	case PlaceToken:
		return s.placeToken(p, c)
	case TakeToken:
		return s.takeToken(p, c)
	case Reveal:
		return s.reveal1(p, c)
	case RevealAll:
		return s.revealAll(p)
	case EndStep:
		return s.endStepCmd(p)
	case ChooseCulprit:
		return s.chooseCulprit(p, c)
	case GiveSharedVision:
		return s.giveShared(p, c)
	case Vote:
		return s.vote(p, c)
	case TakeBack:
		return s.takeBack(p, c)
	case DeliverVision:
		return s.deliverCmd(p)
	case PauseTimer:
		return s.pauseTimer(p)
	case ResumeTimer:
		return s.resumeTimer(p)
	case AddTime:
		return s.addTime(p)
	case Mark:
		return s.mark(p, c)
	case Note:
		return s.note(p, c)
	}
	return nil, ruleErrorf(ErrBadCommand, "Unknown command.")
}

// seatingCommand reports whether c may be sent before the game starts: the
// seating commands, ready marks and chat. The seating commands stay
// dispatched after Start so that they are refused with their own reason.
func seatingCommand(c Command) bool {
	switch c.(type) {
	case Sit, Stand, SetBot, Start, SetReady, Chat:
		return true
	}
	return false
}

// seatOf returns the seat p sits in, or NoSeat.
func (s *State) seatOf(p PlayerID) Seat {
	for i, st := range s.seats {
		if st.player == p {
			return Seat(i)
		}
	}
	return NoSeat
}

func (s *State) isGhost(p PlayerID) bool { return s.seats[GhostSeat].player == p }

func (s *State) requireGhost(p PlayerID) error {
	if !s.isGhost(p) {
		return ruleErrorf(ErrNotYourSeat, "Only the ghost can do that.")
	}
	return nil
}

// psy returns the psychic of colour c, or nil when that colour is not in play.
func (s *State) psy(c Colour) *psychic {
	for i := range s.psychics {
		if s.psychics[i].colour == c {
			return &s.psychics[i]
		}
	}
	return nil
}

// inPlay returns the psychic of colour c, or a rule error when no psychic
// plays that colour at this table.
func (s *State) inPlay(c Colour) (*psychic, error) {
	if ps := s.psy(c); ps != nil {
		return ps, nil
	}
	return nil, ruleErrorf(ErrBadCommand, "No psychic plays %s at this table.", c)
}

// controlled returns psychic c if p controls it, or a rule error.
func (s *State) controlled(p PlayerID, c Colour) (*psychic, error) {
	ps, err := s.inPlay(c)
	if err != nil {
		return nil, err
	}
	if s.seats[ps.owner].player != p {
		return nil, ruleErrorf(ErrNotYourSeat, "You do not play %s %s.", c.Symbol(), c.Character())
	}
	return ps, nil
}

// category is the category psychic ps is guessing.
func (s *State) category(ps *psychic) Category {
	return s.opts.Edition.Order()[min(ps.step, 2)]
}

func (ps *psychic) finished() bool { return ps.step >= 3 }

func psyName(c Colour) string { return c.Symbol() + " " + c.Character() }

// ---- seating ----

func (s *State) sit(p PlayerID, c Sit) ([]Event, error) {
	if s.phase != PhaseSeating {
		return nil, ruleErrorf(ErrWrongPhase, "The seats are fixed once the game has started.")
	}
	if !c.Seat.Valid() {
		return nil, ruleErrorf(ErrBadCommand, "There is no such seat.")
	}
	if strings.HasPrefix(string(p), "bot:") {
		return nil, ruleErrorf(ErrBadCommand, "Bots are seated by the host.")
	}
	st := &s.seats[c.Seat]
	if st.player == p {
		return nil, ruleErrorf(ErrSeatTaken, "You already sit there.")
	}
	if st.player != "" {
		return nil, ruleErrorf(ErrSeatTaken, "Somebody already sits in the %s seat.", c.Seat)
	}
	order := 0
	if old := s.seatOf(p); old != NoSeat {
		order = s.seats[old].order
		s.seats[old] = seatState{}
	}
	if order == 0 {
		s.seatCounter++
		order = s.seatCounter
	}
	name := c.Name
	if utf8.RuneCountInString(name) > 40 {
		name = string([]rune(name)[:40])
	}
	if strings.TrimSpace(name) == "" {
		name = string(p)
	}
	*st = seatState{player: p, name: name, order: order}
	return []Event{{Kind: EvSeated, Seat: c.Seat, Text: name + " sits in the " + c.Seat.String() + " seat"}}, nil
}

func (s *State) stand(p PlayerID) ([]Event, error) {
	if s.phase != PhaseSeating {
		return nil, ruleErrorf(ErrWrongPhase, "The seats are fixed once the game has started.")
	}
	seat := s.seatOf(p)
	if seat == NoSeat {
		return nil, ruleErrorf(ErrNotSeated, "You are not sitting at this table.")
	}
	name := s.seats[seat].name
	s.seats[seat] = seatState{}
	return []Event{{Kind: EvStood, Seat: seat, Text: name + " leaves the " + seat.String() + " seat"}}, nil
}

// seatReady is SetReady before Start: a seated player says they are ready to
// play (Psychic is ignored). Sitting elsewhere or standing up clears it.
func (s *State) seatReady(p PlayerID, c SetReady) ([]Event, error) {
	seat := s.seatOf(p)
	if seat == NoSeat {
		return nil, ruleErrorf(ErrNotSeated, "Take a seat before you say you are ready.")
	}
	st := &s.seats[seat]
	if st.ready == c.Ready {
		if c.Ready {
			return nil, ruleErrorf(ErrSeats, "You are already ready.")
		}
		return nil, ruleErrorf(ErrSeats, "You are not ready yet.")
	}
	st.ready = c.Ready
	word := "is ready"
	if !c.Ready {
		word = "is not ready after all"
	}
	return []Event{{Kind: EvSeated, Seat: seat, Text: st.name + " " + word}}, nil
}

func (s *State) setBot(p PlayerID, c SetBot) ([]Event, error) {
	if p != s.host {
		return nil, ruleErrorf(ErrNotHost, "Only the host can seat bots.")
	}
	if s.phase != PhaseSeating {
		return nil, ruleErrorf(ErrWrongPhase, "The seats are fixed once the game has started.")
	}
	if !c.Seat.Valid() {
		return nil, ruleErrorf(ErrBadCommand, "There is no such seat.")
	}
	st := &s.seats[c.Seat]
	level := c.Level
	if level == "" {
		level = DefaultBotLevel
	}
	if !level.Valid() {
		return nil, ruleErrorf(ErrBadCommand, "There is no bot level %q (novice, seasoned or expert).", c.Level)
	}
	if c.On && st.bot && c.Level != "" {
		st.botLevel = level
		return []Event{{Kind: EvBot, Seat: c.Seat, Text: "the bot in the " + c.Seat.String() + " seat plays as a " + string(level) + " now"}}, nil
	}
	if c.On {
		if st.player != "" {
			return nil, ruleErrorf(ErrSeatTaken, "The %s seat is taken.", c.Seat)
		}
		name := "Ghost (bot)"
		if col, ok := c.Seat.Colour(); ok {
			name = col.Character() + " (bot)"
		}
		s.seatCounter++
		*st = seatState{player: BotPlayer(c.Seat), name: name, bot: true, botLevel: level, order: s.seatCounter}
		return []Event{{Kind: EvBot, Seat: c.Seat, Text: "a bot sits in the " + c.Seat.String() + " seat"}}, nil
	}
	if !st.bot {
		return nil, ruleErrorf(ErrSeats, "There is no bot in the %s seat.", c.Seat)
	}
	*st = seatState{}
	return []Event{{Kind: EvBot, Seat: c.Seat, Text: "the bot leaves the " + c.Seat.String() + " seat"}}, nil
}

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

// ---- chat ----

func (s *State) chat1(p PlayerID, c Chat) ([]Event, error) {
	text := strings.TrimSpace(c.Text)
	if text == "" {
		return nil, ruleErrorf(ErrChat, "Say something first.")
	}
	if len(text) > MaxChatLen {
		return nil, ruleErrorf(ErrChat, "That line is too long (at most %d characters).", MaxChatLen)
	}
	seat := s.seatOf(p)
	name := "spectator"
	if seat != NoSeat {
		name = s.seats[seat].name
	}
	switch s.phase {
	case PhaseFinished:
		// After the game everybody may talk.
	case PhaseSeating:
		if seat == NoSeat {
			return nil, ruleErrorf(ErrChat, "Spectators cannot write during a game.")
		}
	default:
		switch {
		case seat == GhostSeat:
			return nil, ruleErrorf(ErrChat, "The ghost never speaks.")
		case seat == NoSeat:
			return nil, ruleErrorf(ErrChat, "Spectators cannot write during a game.")
		case s.phase == PhaseVote && s.final.kind == VoteStaged:
			return nil, ruleErrorf(ErrChat, "No talking during the straw poll.")
		}
	}
	s.chat = append(s.chat, ChatLine{Seat: seat, Name: name, Text: text, Round: s.round})
	if len(s.chat) > ChatKeep {
		s.chat = append([]ChatLine(nil), s.chat[len(s.chat)-ChatKeep:]...)
	}
	return []Event{{Kind: EvChat, Seat: seat, Round: s.round, Text: text}}, nil
}

// announce adds a notice of the table to the chat (any phase: it is not a
// move of the game).
func (s *State) announce(a Announce) ([]Event, error) {
	n := a.Notice
	switch n.Kind {
	case NoticeNextGame:
		if !validTableCode(n.Table) {
			return nil, ruleErrorf(ErrBadCommand, "That is not a table code.")
		}
	default:
		return nil, ruleErrorf(ErrBadCommand, "Unknown announcement.")
	}
	s.chat = append(s.chat, ChatLine{Seat: NoSeat, Round: s.round, Notice: n})
	if len(s.chat) > ChatKeep {
		s.chat = append([]ChatLine(nil), s.chat[len(s.chat)-ChatKeep:]...)
	}
	return nil, nil
}

// validTableCode reports whether code can be a table's code: a few capital
// letters and digits, perhaps in groups joined by a dash (K7QX-M2PD).
func validTableCode(code string) bool {
	if code == "" || len(code) > 16 {
		return false
	}
	for _, r := range code {
		if (r < 'A' || r > 'Z') && (r < '0' || r > '9') && r != '-' {
			return false
		}
	}
	return true
}

// ---- step 1: visions ----

func (s *State) giveVision(p PlayerID, c GiveVision) ([]Event, error) {
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

// waitingVisions lists the unfinished psychics still waiting for this round's vision.
func (s *State) waitingVisions() []Colour {
	var w []Colour
	for i := range s.psychics {
		if ps := &s.psychics[i]; !ps.finished() && !ps.received {
			w = append(w, ps.colour)
		}
	}
	return w
}

// discardCards is allowed in every phase between Start and the end of the
// game (apply refuses it before and after).
func (s *State) discardCards(p PlayerID, c Discard) ([]Event, error) {
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

func (s *State) placeIntuition(p PlayerID, c PlaceIntuition) ([]Event, error) {
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

func (s *State) setReady(p PlayerID, c SetReady) ([]Event, error) {
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
func (s *State) maybeEndStep(events *[]Event) {
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

func (s *State) endStepCmd(p PlayerID) ([]Event, error) {
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
func (s *State) endStep(events *[]Event) {
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

// ---- clairvoyance tokens ----

func (s *State) placeToken(p PlayerID, c PlaceToken) ([]Event, error) {
	from, err := s.tokenOwner(p, c.From)
	if err != nil {
		return nil, err
	}
	if s.phase != PhaseVision {
		return nil, ruleErrorf(ErrWrongPhase, "Tokens are placed while visions are being read.")
	}
	if c.Kind != TokenYes && c.Kind != TokenNo {
		return nil, ruleErrorf(ErrBadCommand, "A token is ✔ or ✘.")
	}
	if c.From == c.On {
		return nil, ruleErrorf(ErrToken, "You cannot put a token on your own intuition.")
	}
	on, err := s.inPlay(c.On)
	if err != nil {
		return nil, err
	}
	if on.finished() || on.intuition == "" {
		return nil, ruleErrorf(ErrToken, "%s has no intuition to put a token on.", psyName(c.On))
	}
	if i := tokenIndex(on, c.From); i >= 0 {
		if on.tokensOn[i].Kind == c.Kind {
			return nil, ruleErrorf(ErrToken, "Your %s token is already on that intuition.", c.Kind.Symbol())
		}
		from.takeBack(on, i)
	}
	if !from.takeToken(c.Kind) {
		return nil, ruleErrorf(ErrToken, "You have no %s token left.", c.Kind.Symbol())
	}
	on.tokensOn = append(on.tokensOn, TokenPlacement{From: c.From, Kind: c.Kind})
	return []Event{{Kind: EvToken, Seat: from.owner, Psychic: c.On, Round: s.round,
		Text: psyName(c.From) + " puts a " + c.Kind.Symbol() + " on " + psyName(c.On)}}, nil
}

func (s *State) takeToken(p PlayerID, c TakeToken) ([]Event, error) {
	from, err := s.tokenOwner(p, c.From)
	if err != nil {
		return nil, err
	}
	if s.phase != PhaseVision {
		return nil, ruleErrorf(ErrWrongPhase, "Tokens can only be taken back while visions are being read.")
	}
	on := s.psy(c.On)
	i := -1
	if on != nil {
		i = tokenIndex(on, c.From)
	}
	if i < 0 {
		return nil, ruleErrorf(ErrToken, "You have no token on that intuition.")
	}
	from.takeBack(on, i)
	return []Event{{Kind: EvToken, Seat: from.owner, Psychic: c.On, Round: s.round,
		Text: psyName(c.From) + " takes a token back"}}, nil
}

// tokenOwner returns psychic c, whose tokens p moves, or a rule error when
// the table plays no tokens or p does not control c.
func (s *State) tokenOwner(p PlayerID, c Colour) (*psychic, error) {
	if !HasClairvoyance(s.opts.Edition, s.players) {
		return nil, ruleErrorf(ErrNotSupported, "This table does not play clairvoyance tokens.")
	}
	return s.controlled(p, c)
}

// takeBack returns from's token on.tokensOn[i] to from, keeping every token
// either on an intuition or in its owner's supply.
func (from *psychic) takeBack(on *psychic, i int) {
	from.returnToken(on.tokensOn[i].Kind)
	on.tokensOn = withoutIndex(on.tokensOn, i)
}

// withoutIndex returns a new slice without x[i].
func withoutIndex[T any](x []T, i int) []T {
	return append(append(make([]T, 0, len(x)-1), x[:i]...), x[i+1:]...)
}

func tokenIndex(on *psychic, from Colour) int {
	return slices.IndexFunc(on.tokensOn, func(t TokenPlacement) bool { return t.From == from })
}

func (ps *psychic) takeToken(k TokenKind) bool {
	n := &ps.tokYes
	if k == TokenNo {
		n = &ps.tokNo
	}
	if *n == 0 {
		return false
	}
	*n--
	return true
}

func (ps *psychic) returnToken(k TokenKind) {
	if k == TokenYes {
		ps.tokYes++
	} else {
		ps.tokNo++
	}
}

// ---- step 2: reveal ----

func (s *State) reveal1(p PlayerID, c Reveal) ([]Event, error) {
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

func (s *State) revealAll(p PlayerID) ([]Event, error) {
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
func (s *State) revealOne(ps *psychic, events *[]Event) {
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
func (s *State) maybeEndRound(events *[]Event) {
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
		s.startFinal(events)
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

func (s *State) newRoundAllowance() {
	if Discards(s.opts).PerRound {
		s.discardsLeft = 1
	}
}

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

// ---- final phase ----

func (s *State) startFinal(events *[]Event) {
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

func (s *State) chooseCulprit(p PlayerID, c ChooseCulprit) ([]Event, error) {
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

func (s *State) giveShared(p PlayerID, c GiveSharedVision) ([]Event, error) {
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

func (s *State) level(c Colour) int {
	if !HasClairvoyance(s.opts.Edition, s.players) {
		return 0
	}
	return ClairvoyanceLevel(s.players, s.psy(c).track)
}

// advanceStage moves the straw poll to the next level that has voters, or
// counts the votes after the last.
func (s *State) advanceStage(events *[]Event) {
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
func (s *State) strawWinner() int {
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

func (s *State) vote(p PlayerID, c Vote) ([]Event, error) {
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
func (s *State) voteDay() int {
	if s.final != nil && s.final.kind == VoteDaily {
		return s.round
	}
	return 0
}

// judge decides the chosen group: the culprit's wins. In original a wrong
// group is removed and, unless it is day 7, the mediums vote again the next day.
func (s *State) judge(g int, events *[]Event) {
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
