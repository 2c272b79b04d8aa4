package table

import (
	"slices"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// pointBoard is each psychic seat's card under its cursor, and the
// throttle that lets the table announce them at most once per pointEvery.
type pointBoard struct {
	pointing   map[game.Seat]game.CardID
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
func (t *Table) Point(p game.PlayerID, card game.CardID) error {
	reply := make(chan error, 1)
	if !t.send(request{kind: reqPoint, player: p, card: card, reply: reply}) {
		return game.ErrTableStopped
	}
	return <-reply
}

// point moves p's pointer to card, at a table whose public view is pub;
// flush: announce it now, or else at pointAt.
func (t *pointBoard) point(pub *game.TableView, p game.PlayerID, card game.CardID, now time.Time) (flush bool, err error) {
	seat := pub.SeatOf(p)
	if _, ok := seat.Colour(); !ok || !gameLive(pub) {
		return false, ruleErrorf(game.ErrNotYourSeat, "Only psychics point at cards, during the game.")
	}
	if card != "" && !pointable(pub, card) {
		return false, ruleErrorf(game.ErrCard, "Point at a card on the table.")
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
func (t *pointBoard) unpoint(pub *game.TableView, p game.PlayerID) {
	if seat := pub.SeatOf(p); seat != game.NoSeat {
		delete(t.pointing, seat)
	}
}

// pointers lists the pointers to announce, in seat order, leaving out any
// card that is no longer public (a vision taken back is in the ghost's hand).
func (t *pointBoard) pointers(pub *game.TableView) []game.Pointer {
	if len(t.pointing) == 0 || !gameLive(pub) {
		return nil
	}
	var out []game.Pointer
	for _, seat := range game.Seats {
		if card, ok := t.pointing[seat]; ok && pointable(pub, card) {
			out = append(out, game.Pointer{Seat: seat, Card: card})
		}
	}
	return out
}

// pointable reports whether card is in sight of everybody at the table.
func pointable(pub *game.TableView, card game.CardID) bool {
	for _, cat := range game.Categories {
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
func private(c game.Command) bool {
	switch game.Deref(c).(type) {
	case game.Mark, game.Note:
		return true
	}
	return false
}

// refuse checks what only the actor can, since it needs the table's clock:
// AddTime may not take the time left past MaxTimer, a pause may not pass
// the step's pause budget, a take-back may not pass TakeBacksPerHour. The
// rules' own refusal comes first, as more to the point.
func (t *Table) refuse(p game.PlayerID, c game.Command) error {
	switch game.Deref(c).(type) {
	case game.TakeBack:
		if _, err := t.state.Clone().Apply(p, c); err != nil {
			return err
		}
		return t.refuseTakeBack(t.now)
	case game.PauseTimer:
		if _, err := t.state.Clone().Apply(p, c); err != nil {
			return err
		}
		return t.refusePause()
	case game.AddTime:
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
	if left+game.AddTimeStep > game.MaxTimer {
		return ruleErrorf(game.ErrTimer, "The sand timer holds at most %d minutes.", int(game.MaxTimer/time.Minute))
	}
	return nil
}
