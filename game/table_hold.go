package game

import "time"

// The actor's side of a vision on its way (VisionHold) and of the limits
// on the ghost's take-backs and on pauses: all of it table time, from the
// actor's clock, and rebuilt from the journal's times on Restore. The
// pauses' limits are the sand timer's (table_timer.go).

// visionHold is when the vision on its way is delivered (zero: none is),
// and the times of the last take-backs, for TakeBacksPerHour.
type visionHold struct {
	holdAt     time.Time
	takeBackAt []time.Time
}

// noteHold follows a command's effect on the vision on its way and the
// take-backs: a vision sent is delivered VisionHold after it was given; a
// take-back is remembered for TakeBacksPerHour. sending: a vision is on its
// way after the command.
func (t *visionHold) noteHold(evs []Event, at time.Time, sending bool) {
	for _, e := range evs {
		switch e.Kind {
		case EvVisionSent:
			t.holdAt = at.Add(VisionHold)
		case EvTakeBack:
			t.takeBackAt = append(t.takeBackAt, at)
			if n := len(t.takeBackAt); n > TakeBacksPerHour {
				t.takeBackAt = append(t.takeBackAt[:0], t.takeBackAt[n-TakeBacksPerHour:]...)
			}
		}
	}
	if !sending {
		t.holdAt = time.Time{}
	}
}

// deliverHeld is the end of a vision's hold: the table delivers it.
func (t *Table) deliverHeld() {
	err := t.apply(SystemPlayer, DeliverVision{})
	switch _, refused := AsRuleError(err); {
	case err == nil:
		t.afterChange()
	case refused:
		t.holdAt = time.Time{}
	default:
		t.holdAt = t.now.Add(retryAfter) // the journal failed: try again soon
	}
}

// completeTakeBack fills in what a command leaves to the table before it is
// journaled: a take-back names the cards it takes back (those of held, the
// vision on its way), so that the journal says what was taken back.
func completeTakeBack(c Command, held *heldVision) Command {
	if tb, ok := deref(c).(TakeBack); ok && len(tb.Cards) == 0 && held != nil {
		tb.Cards = cloneIDs(held.give.Cards)
		return tb
	}
	return c
}

// refuseTakeBack refuses a take-back beyond TakeBacksPerHour in the last
// hour of the table's clock (now).
func (t *visionHold) refuseTakeBack(now time.Time) error {
	n := len(t.takeBackAt)
	if n < TakeBacksPerHour {
		return nil
	}
	next := t.takeBackAt[n-TakeBacksPerHour].Add(time.Hour)
	if !now.Before(next) {
		return nil
	}
	mins := int((next.Sub(now) + time.Minute - 1) / time.Minute)
	return ruleErrorf(ErrTakeBack, "A table may take back %d visions an hour; the next can be taken back in %d min.", TakeBacksPerHour, mins)
}
