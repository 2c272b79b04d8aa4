package game

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
