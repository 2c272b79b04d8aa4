package game

import (
	"strings"
	"unicode/utf8"
)

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

type seatState struct {
	player PlayerID
	name   string
	bot    bool
	// botLevel is how well the bot in this seat plays (bot seats only).
	botLevel BotLevel
	order    int
	// ready is a seated player's "I'm ready to play" before Start. It tells
	// the host who is at the keyboard; it does not gate Start, so a group
	// can always begin without waiting on someone who stepped away.
	ready bool
}
