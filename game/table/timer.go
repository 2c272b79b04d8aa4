package table

import (
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// sandClock is the sand timer's time, which the actor keeps (the rules
// keep whether it runs: State's sandTimer): its deadline, zero when it is
// not running or paused; while paused, the time it had left and when it
// resumes by itself; how long this step's pauses have lasted, and since
// when it is paused; and the longest pause of a step.
type sandClock struct {
	deadline  time.Time
	remaining time.Duration
	resumeAt  time.Time
	pausedFor time.Duration
	pausedAt  time.Time
	longest   time.Duration
}

// longestPause is how long a step's pauses may last in all at a table of cfg.
func longestPause(cfg game.TableConfig) time.Duration {
	if cfg.MaxPause > 0 {
		return cfg.MaxPause
	}
	return game.DefaultMaxPause
}

// noteTimer arms or clears the sand-timer deadline after a command at at,
// whose events are evs, the table's public view after it pub, and the
// sand timer's whole time timer; before is whether it ran before.
func (t *sandClock) noteTimer(before bool, pub *game.TableView, evs []game.Event, at time.Time, timer time.Duration) {
	after := pub.TimerRunning
	switch {
	case !after:
		t.deadline, t.remaining, t.resumeAt, t.pausedFor = time.Time{}, 0, time.Time{}, 0
	case !before || timerRestarted(evs):
		t.deadline, t.remaining, t.resumeAt, t.pausedFor = at.Add(timer), 0, time.Time{}, 0
	}
	if !after {
		return
	}
	for _, e := range evs {
		switch e.Kind {
		case game.EvTimerPaused:
			t.remaining = max(0, t.deadline.Sub(at))
			t.deadline = time.Time{}
			t.resumeAt = at.Add(t.pauseLeft())
			t.pausedAt = at
		case game.EvTimerResumed:
			t.pausedFor += at.Sub(t.pausedAt)
			t.deadline = at.Add(t.remaining)
			t.remaining, t.resumeAt = 0, time.Time{}
		case game.EvTimerAdded:
			if pub.TimerPaused {
				t.remaining += game.AddTimeStep
			} else {
				t.deadline = t.deadline.Add(game.AddTimeStep)
			}
		}
	}
}

// timerFired is the actor's timer going off: that timer is spent (nothing
// to stop), and the deadlines are judged at the clock's time.
func (t *Table) timerFired() {
	t.timer, t.timerAt = nil, time.Time{}
	t.now = t.clock.Now()
	t.onTime()
	t.tellSaving()
}

// nextDeadline is the earliest moment the actor must wake up by itself.
func (t *Table) nextDeadline() time.Time {
	var next time.Time
	consider := func(at time.Time) {
		if !at.IsZero() && (next.IsZero() || at.Before(next)) {
			next = at
		}
	}
	if t.lastEnd != t.version {
		consider(t.endDue(t.deadline))
	}
	consider(t.botAt)
	consider(t.resumeAt)
	consider(t.notesAt)
	consider(t.holdAt)
	if t.pointDirty {
		consider(t.pointAt)
	}
	if t.cfg.TakeoverAfter > 0 && gameLive(t.pub) {
		for p, since := range t.away {
			if !t.takeover[p] {
				consider(since.Add(t.cfg.TakeoverAfter))
			}
		}
	}
	return next
}

// alarm is the actor's own timer, set for the next deadline.
type alarm struct {
	timer   game.Timer
	timerAt time.Time
}

// armTimer sets the alarm for next (zero: for nothing) on clock.
func (t *alarm) armTimer(next time.Time, clock game.Clock) {
	if next.Equal(t.timerAt) && (t.timer != nil || next.IsZero()) {
		return
	}
	t.stopTimer()
	if next.IsZero() {
		return
	}
	t.timer = clock.NewTimer(next.Sub(clock.Now()))
	t.timerAt = next
}

// stopTimer stops the alarm.
func (t *alarm) stopTimer() {
	if t.timer != nil {
		t.timer.Stop()
		t.timer = nil
	}
	t.timerAt = time.Time{}
}

// pauseLeft is how long the step's pauses may still last: the longest
// pause is also what all the pauses of one step may last together, so a
// pause that ends by itself cannot be followed by another one.
func (t *sandClock) pauseLeft() time.Duration {
	return max(0, t.longest-t.pausedFor)
}

// refusePause refuses a pause once the step's pauses have used it all.
func (t *sandClock) refusePause() error {
	if t.pauseLeft() > 0 {
		return nil
	}
	return ruleErrorf(game.ErrTimer, "This step's pauses have lasted %d minutes, all a step may: the sand timer runs to its end.", int(t.longest/time.Minute))
}
