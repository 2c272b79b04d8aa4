package game

import (
	"strings"
	"unicode/utf8"
)

// seating is the table's seats: who sits where, since when, and whether a
// bot does. Sit, Stand, SetBot and SetReady before Start change it; the
// State's apply checks the phase and the host before it asks.
type seating struct {
	seats       [7]seatState // by Seat (colours 0..5, ghost 6)
	seatCounter int          // the order of the last seat taken
}

// seatOf returns the seat p sits in, or NoSeat.
func (s *seating) seatOf(p PlayerID) Seat {
	for i, st := range s.seats {
		if st.player == p {
			return Seat(i)
		}
	}
	return NoSeat
}

// isGhost reports whether p sits in the ghost's seat.
func (s *seating) isGhost(p PlayerID) bool { return s.seats[GhostSeat].player == p }

// sit seats p in c.Seat (moving them when they sit elsewhere).
func (s *seating) sit(p PlayerID, c Sit) ([]Event, error) {
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

// stand frees p's seat.
func (s *seating) stand(p PlayerID) ([]Event, error) {
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
func (s *seating) seatReady(p PlayerID, c SetReady) ([]Event, error) {
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

// setBot seats a bot, changes its level or lets it go (the host's command).
func (s *seating) setBot(c SetBot) ([]Event, error) {
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

// nameOf is the name the table knows p by, for "… paused the sand timer";
// "" when it knows none (TimerNote.Say then says "the host").
func (s *seating) nameOf(p PlayerID) string {
	if seat := s.seatOf(p); seat != NoSeat {
		return s.seats[seat].name
	}
	return ""
}

// timerHands reports whether p may work the sand timer at a table whose
// host is host: the host, unless the host sits in the ghost's seat, where
// the keys would be a voice; then every psychic player who is a person
// (bots never work it). The ghost's seat never does.
func (s *seating) timerHands(p, host PlayerID) bool {
	if p == "" || s.isGhost(p) {
		return false
	}
	if !s.isGhost(host) {
		return p == host
	}
	seat := s.seatOf(p)
	_, psychic := seat.Colour()
	return psychic && !s.seats[seat].bot
}

// noteSeat returns p's psychic seat, or a rule error.
func (s *seating) noteSeat(p PlayerID) (Seat, error) {
	seat := s.seatOf(p)
	if _, ok := seat.Colour(); !ok {
		return NoSeat, ruleErrorf(ErrNotYourSeat, "Only psychics keep marks and notes.")
	}
	return seat, nil
}
