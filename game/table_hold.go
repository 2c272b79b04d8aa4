package game

import "time"

// The actor's side of a vision on its way (VisionHold) and of the limits
// on the ghost's take-backs and on pauses: all of it table time, from the
// actor's clock, and rebuilt from the journal's times on Restore.

// noteHold follows a command's effect on the vision on its way and the
// take-backs: a vision sent is delivered VisionHold after it was given; a
// take-back is remembered for TakeBacksPerHour.
func (t *Table) noteHold(evs []Event, at time.Time) {
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
	if t.pub.Sending == nil {
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

// complete fills in what a command leaves to the table before it is
// journaled: a take-back names the cards it takes back, so that the journal
// says what was taken back.
func (t *Table) complete(c Command) Command {
	if tb, ok := deref(c).(TakeBack); ok && len(tb.Cards) == 0 && t.state.held != nil {
		tb.Cards = cloneIDs(t.state.held.give.Cards)
		return tb
	}
	return c
}

// refuseTakeBack refuses a take-back beyond TakeBacksPerHour in the last
// hour of the table's clock.
func (t *Table) refuseTakeBack() error {
	n := len(t.takeBackAt)
	if n < TakeBacksPerHour {
		return nil
	}
	next := t.takeBackAt[n-TakeBacksPerHour].Add(time.Hour)
	if !t.now.Before(next) {
		return nil
	}
	mins := int((next.Sub(t.now) + time.Minute - 1) / time.Minute)
	return ruleErrorf(ErrTakeBack, "A table may take back %d visions an hour; the next can be taken back in %d min.", TakeBacksPerHour, mins)
}

// pauseLeft is how long the step's pauses may still last: the longest
// pause is also what all the pauses of one step may last together, so a
// pause that ends by itself cannot be followed by another one.
func (t *Table) pauseLeft() time.Duration {
	return max(0, t.maxPause()-t.pausedFor)
}

// refusePause refuses a pause once the step's pauses have used it all.
func (t *Table) refusePause() error {
	if t.pauseLeft() > 0 {
		return nil
	}
	return ruleErrorf(ErrTimer, "This step's pauses have lasted %d minutes, all a step may: the sand timer runs to its end.", int(t.maxPause()/time.Minute))
}
