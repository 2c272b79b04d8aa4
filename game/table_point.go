package game

import (
	"slices"
	"time"
)

// Pointer is one psychic player's cursor as the others see it: the card
// their seat points at, as on a real table. It names only cards everybody
// can see (the table, the visions given, the line-up).
type Pointer struct {
	Seat Seat
	Card CardID
}

// pointBoard is each psychic seat's card under its cursor, and the
// throttle that lets the table announce them at most once per pointEvery.
type pointBoard struct {
	pointing   map[Seat]CardID
	pointDirty bool
	pointLast  time.Time
	pointAt    time.Time
}

// pointEvery is the shortest time between two announcements of the
// pointers: a held arrow key moves a cursor dozens of times a second, and
// every seat would be redrawn each time.
const pointEvery = 150 * time.Millisecond

// Point says that player p's cursor is on card ("" when it is on no card).
// Only psychic players point, during the game, at cards everybody sees;
// anything else is a *RuleError. The others learn of it within pointEvery.
func (t *Table) Point(p PlayerID, card CardID) error {
	reply := make(chan error, 1)
	if !t.send(request{kind: reqPoint, player: p, card: card, reply: reply}) {
		return ErrTableStopped
	}
	return <-reply
}

// point moves p's pointer to card, at a table whose public view is pub;
// flush: announce it now, or else at pointAt.
func (t *pointBoard) point(pub *TableView, p PlayerID, card CardID, now time.Time) (flush bool, err error) {
	seat := pub.SeatOf(p)
	if _, ok := seat.Colour(); !ok || !gameLive(pub) {
		return false, ruleErrorf(ErrNotYourSeat, "Only psychics point at cards, during the game.")
	}
	if card != "" && !pointable(pub, card) {
		return false, ruleErrorf(ErrCard, "Point at a card on the table.")
	}
	if t.pointing[seat] == card {
		return false, nil
	}
	if card == "" {
		delete(t.pointing, seat)
	} else {
		t.pointing[seat] = card
	}
	t.pointDirty = true
	if now.Before(t.pointLast.Add(pointEvery)) {
		t.pointAt = t.pointLast.Add(pointEvery)
		return false, nil
	}
	return true, nil
}

// flushPoints announces the pointers now.
func (t *Table) flushPoints() {
	t.pointLast = t.now
	t.version++
	t.broadcast()
}

// unpoint forgets p's pointer when p's last connection closes.
func (t *pointBoard) unpoint(pub *TableView, p PlayerID) {
	if seat := pub.SeatOf(p); seat != NoSeat {
		delete(t.pointing, seat)
	}
}

// pointers lists the pointers to announce, in seat order, leaving out any
// card that is no longer public (a vision taken back is in the ghost's hand).
func (t *pointBoard) pointers(pub *TableView) []Pointer {
	if len(t.pointing) == 0 || !gameLive(pub) {
		return nil
	}
	var out []Pointer
	for _, seat := range Seats {
		if card, ok := t.pointing[seat]; ok && pointable(pub, card) {
			out = append(out, Pointer{Seat: seat, Card: card})
		}
	}
	return out
}

// pointable reports whether card is in sight of everybody at the table.
func pointable(pub *TableView, card CardID) bool {
	for _, cat := range Categories {
		if slices.Contains(pub.TableCards[cat], card) {
			return true
		}
	}
	for _, ps := range pub.Psychics {
		if slices.Contains(ps.Vision, card) {
			return true
		}
	}
	if f := pub.Final; f != nil {
		if slices.Contains(f.SharedVisible, card) {
			return true
		}
		for _, g := range f.Groups {
			if slices.Contains(g.Cards[:], card) {
				return true
			}
		}
	}
	return false
}

// private reports whether a command changes nothing but its sender's own
// view (marks and notes), so that only the sender is told.
func private(c Command) bool {
	switch deref(c).(type) {
	case Mark, Note:
		return true
	}
	return false
}

// refuse checks what only the actor can, since it needs the table's clock:
// AddTime may not take the time left past MaxTimer, a pause may not pass
// the step's pause budget, a take-back may not pass TakeBacksPerHour. The
// rules' own refusal comes first, as more to the point.
func (t *Table) refuse(p PlayerID, c Command) error {
	switch deref(c).(type) {
	case TakeBack:
		if _, err := t.state.Clone().Apply(p, c); err != nil {
			return err
		}
		return t.refuseTakeBack(t.now)
	case PauseTimer:
		if _, err := t.state.Clone().Apply(p, c); err != nil {
			return err
		}
		return t.refusePause()
	case AddTime:
	default:
		return nil
	}
	if !t.pub.TimerRunning {
		return nil
	}
	left := t.remaining
	if !t.pub.TimerPaused {
		left = t.deadline.Sub(t.now)
	}
	if left+AddTimeStep > MaxTimer {
		return ruleErrorf(ErrTimer, "The sand timer holds at most %d minutes.", int(MaxTimer/time.Minute))
	}
	return nil
}
