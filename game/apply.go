package game

import "fmt"

// The engine's entry points (Apply, Replay, LegalCommands, NewStarted) and
// its commands, one file for each phase or family; apply, below, dispatches
// each command to its family:
//
//	seating.go       Sit, Stand, SetBot, SetReady before Start (seating)
//	setup.go         Start: the deal (SeatsReady, start)
//	hand.go          the ghost's hand: drawn back to 7, cards taken from it
//	chat.go          Chat, and the table's own Announce
//	visions.go       step 1, the ghost: GiveVision, Discard (visionStep)
//	takeback.go      a vision on its way: DeliverVision, TakeBack (visionStep)
//	guesses.go       step 1, the psychics: PlaceIntuition, SetReady, EndStep (guessStep)
//	clairvoyance.go  PlaceToken, TakeToken (clairvoyance)
//	reveal.go        step 2 and the round's end: Reveal, RevealAll (revealStep)
//	final.go         the final phase: ChooseCulprit, GiveSharedVision, Vote (finalPhase)
//	sandtimer.go     PauseTimer, ResumeTimer, AddTime (sandTimer)
//	notes.go         Mark, Note (notebook)
//	viewfor.go       what each seat may see (viewer)

// Apply applies command c sent by player p. On success it returns the public
// events the command caused; on failure a *RuleError and the state is
// untouched (the command runs on a copy that replaces the state only if the
// command was legal).
func (s *State) Apply(p PlayerID, c Command) ([]Event, error) {
	c = deref(c)
	if c == nil {
		return nil, ruleErrorf(ErrBadCommand, "That is not a command.")
	}
	n := s.clone()
	events, err := n.apply(p, c)
	if err != nil {
		return nil, err
	}
	*s = *n
	return events, nil
}

// Replay rebuilds a table from its options, seed and accepted commands. A
// command the engine refuses means the journal does not belong to these
// options: Replay stops and reports which entry failed.
func Replay(opts Options, pools Pools, host PlayerID, seed uint64, entries []Entry) (*State, error) {
	s, err := New(opts, pools, host, seed)
	if err != nil {
		return nil, err
	}
	for i, e := range entries {
		if _, err := s.ApplyJournaled(e.Player, e.Command); err != nil {
			name := "no command"
			if c := deref(e.Command); c != nil {
				name = c.Type()
			}
			return nil, fmt.Errorf("game: replay entry %d (%s by %s): %w", i, name, e.Player, err)
		}
	}
	return s, nil
}

// LegalCommands lists commands player p may send now; see LegalCommands.
func (s *State) LegalCommands(p PlayerID) []Command { return LegalCommands(s.ViewFor(p)) }

// NewStarted returns a started game with bots in every seat: the ghost and
// players-1 psychic seats (colours in order), host "host". The bots'
// identities are BotPlayer(seat). It is a helper for tests and simulations.
func NewStarted(opts Options, pools Pools, players int, seed uint64) (*State, error) {
	const host PlayerID = "host"
	s, err := New(opts, pools, host, seed)
	if err != nil {
		return nil, err
	}
	if players < 2 || players > 7 {
		return nil, ruleErrorf(ErrSeats, "A table has 2 to 7 players, not %d.", players)
	}
	cmds := []Command{SetBot{Seat: GhostSeat, On: true}}
	for i := 0; i < players-1; i++ {
		cmds = append(cmds, SetBot{Seat: Seat(i), On: true})
	}
	cmds = append(cmds, Start{})
	for _, c := range cmds {
		if _, err := s.Apply(host, c); err != nil {
			return nil, err
		}
	}
	return s, nil
}

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
		if s.phase != PhaseSeating {
			return nil, errSeatsFixed()
		}
		return s.sit(p, c)
	case Stand:
		if s.phase != PhaseSeating {
			return nil, errSeatsFixed()
		}
		return s.stand(p)
	case SetBot:
		if p != s.host {
			return nil, ruleErrorf(ErrNotHost, "Only the host can seat bots.")
		}
		if s.phase != PhaseSeating {
			return nil, errSeatsFixed()
		}
		return s.setBot(c)
	case Start:
		return s.start(p)
	case Chat:
		return s.chat1(p, c)
	case SetReady:
		if s.phase == PhaseSeating {
			return s.seatReady(p, c)
		}
		return guessStep{s}.setReady(p, c)
	case GiveVision:
		return visionStep{s}.giveVision(p, c)
	case Discard:
		return visionStep{s}.discardCards(p, c)
	case PlaceIntuition:
		return guessStep{s}.placeIntuition(p, c)
	case PlaceToken:
		return clairvoyance{s}.placeToken(p, c)
	case TakeToken:
		return clairvoyance{s}.takeToken(p, c)
	case Reveal:
		return revealStep{s}.reveal1(p, c)
	case RevealAll:
		return revealStep{s}.revealAll(p)
	case EndStep:
		return guessStep{s}.endStepCmd(p)
	case ChooseCulprit:
		return finalPhase{s}.chooseCulprit(p, c)
	case GiveSharedVision:
		return finalPhase{s}.giveShared(p, c)
	case Vote:
		return finalPhase{s}.vote(p, c)
	case TakeBack:
		return visionStep{s}.takeBack(p, c)
	case DeliverVision:
		return visionStep{s}.deliverCmd(p)
	case PauseTimer, ResumeTimer, AddTime:
		return s.workTimer(p, c)
	case Mark, Note:
		return s.keepNote(p, c)
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

// errSeatsFixed refuses a seating command after Start.
func errSeatsFixed() error {
	return ruleErrorf(ErrWrongPhase, "The seats are fixed once the game has started.")
}
