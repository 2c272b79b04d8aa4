package table

import (
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// The actor's side of a vision on its way (VisionHold) and of the limits
// on the ghost's take-backs and on pauses: all of it table time, from the
// actor's clock, and rebuilt from the journal's times on Restore. The
// pauses' limits are the sand timer's (timer.go).

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
func (t *visionHold) noteHold(evs []game.Event, at time.Time, sending bool) {
	for _, e := range evs {
		switch e.Kind {
		case game.EvVisionSent:
			t.holdAt = at.Add(game.VisionHold)
		case game.EvTakeBack:
			t.takeBackAt = append(t.takeBackAt, at)
			if n := len(t.takeBackAt); n > game.TakeBacksPerHour {
				t.takeBackAt = append(t.takeBackAt[:0], t.takeBackAt[n-game.TakeBacksPerHour:]...)
			}
		}
	}
	if !sending {
		t.holdAt = time.Time{}
	}
}

// deliverHeld is the end of a vision's hold: the table delivers it.
func (t *Table) deliverHeld() {
	err := t.apply(game.SystemPlayer, game.DeliverVision{})
	switch _, refused := game.AsRuleError(err); {
	case err == nil:
		t.afterChange()
	case refused:
		t.holdAt = time.Time{}
	default:
		t.holdAt = t.now.Add(retryAfter) // the journal failed: try again soon
	}
}

// refuseTakeBack refuses a take-back beyond TakeBacksPerHour in the last
// hour of the table's clock (now).
func (t *visionHold) refuseTakeBack(now time.Time) error {
	n := len(t.takeBackAt)
	if n < game.TakeBacksPerHour {
		return nil
	}
	next := t.takeBackAt[n-game.TakeBacksPerHour].Add(time.Hour)
	if !now.Before(next) {
		return nil
	}
	mins := int((next.Sub(now) + time.Minute - 1) / time.Minute)
	return ruleErrorf(game.ErrTakeBack, "A table may take back %d visions an hour; the next can be taken back in %d min.", game.TakeBacksPerHour, mins)
}
