package game

import "time"

// noteTimer arms or clears the sand-timer deadline after a command.
func (t *Table) noteTimer(before bool, evs []Event, at time.Time) {
	after := t.pub.TimerRunning
	switch {
	case !after:
		t.deadline, t.remaining, t.resumeAt, t.pausedFor = time.Time{}, 0, time.Time{}, 0
	case !before || timerRestarted(evs):
		t.deadline, t.remaining, t.resumeAt, t.pausedFor = at.Add(t.cfg.Options.Timer), 0, time.Time{}, 0
	}
	if !after {
		return
	}
	for _, e := range evs {
		switch e.Kind {
		case EvTimerPaused:
			t.remaining = max(0, t.deadline.Sub(at))
			t.deadline = time.Time{}
			t.resumeAt = at.Add(t.pauseLeft())
			t.pausedAt = at
		case EvTimerResumed:
			t.pausedFor += at.Sub(t.pausedAt)
			t.deadline = at.Add(t.remaining)
			t.remaining, t.resumeAt = 0, time.Time{}
		case EvTimerAdded:
			if t.pub.TimerPaused {
				t.remaining += AddTimeStep
			} else {
				t.deadline = t.deadline.Add(AddTimeStep)
			}
		}
	}
}

func (t *Table) maxPause() time.Duration {
	if t.cfg.MaxPause > 0 {
		return t.cfg.MaxPause
	}
	return DefaultMaxPause
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
		consider(t.endDue())
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

func (t *Table) armTimer() {
	next := t.nextDeadline()
	if next.Equal(t.timerAt) && (t.timer != nil || next.IsZero()) {
		return
	}
	t.stopTimer()
	if next.IsZero() {
		return
	}
	t.timer = t.clock.NewTimer(next.Sub(t.clock.Now()))
	t.timerAt = next
}

func (t *Table) stopTimer() {
	if t.timer != nil {
		t.timer.Stop()
		t.timer = nil
	}
	t.timerAt = time.Time{}
}
