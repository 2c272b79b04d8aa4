package game

import "strings"

// chat1 adds p's line to the chat: anybody seated before Start, nobody but
// the psychics during the game (and not during the straw poll), everybody
// after it.
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
