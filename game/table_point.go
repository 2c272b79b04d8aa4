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

func (t *Table) point(p PlayerID, card CardID) error {
	seat := t.pub.SeatOf(p)
	if _, ok := seat.Colour(); !ok || !gameLive(t.pub) {
		return ruleErrorf(ErrNotYourSeat, "Only psychics point at cards, during the game.")
	}
	if card != "" && !pointable(t.pub, card) {
		return ruleErrorf(ErrCard, "Point at a card on the table.")
	}
	if t.pointing[seat] == card {
		return nil
	}
	if card == "" {
		delete(t.pointing, seat)
	} else {
		t.pointing[seat] = card
	}
	t.pointDirty = true
	if t.now.Before(t.pointLast.Add(pointEvery)) {
		t.pointAt = t.pointLast.Add(pointEvery)
		return nil
	}
	t.flushPoints()
	return nil
}

// flushPoints announces the pointers now.
func (t *Table) flushPoints() {
	t.pointLast = t.now
	t.version++
	t.broadcast()
}

// unpoint forgets p's pointer when p's last connection closes.
func (t *Table) unpoint(p PlayerID) {
	if seat := t.pub.SeatOf(p); seat != NoSeat {
		delete(t.pointing, seat)
	}
}

// pointers lists the pointers to announce, in seat order, leaving out any
// card that is no longer public (a vision taken back is in the ghost's hand).
func (t *Table) pointers() []Pointer {
	if len(t.pointing) == 0 || !gameLive(t.pub) {
		return nil
	}
	var out []Pointer
	for _, seat := range Seats {
		if card, ok := t.pointing[seat]; ok && pointable(t.pub, card) {
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
		return t.refuseTakeBack()
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
