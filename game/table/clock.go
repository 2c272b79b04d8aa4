package table

import (
	"sort"
	"sync"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// SystemClock is the wall clock.
type SystemClock struct{}

// Now returns time.Now.
func (SystemClock) Now() time.Time { return time.Now() }

// NewTimer wraps time.NewTimer.
func (SystemClock) NewTimer(d time.Duration) game.Timer { return sysTimer{time.NewTimer(d)} }

type sysTimer struct{ t *time.Timer }

func (s sysTimer) C() <-chan time.Time { return s.t.C }
func (s sysTimer) Stop() bool          { return s.t.Stop() }

// ManualClock is a Clock that moves only when told to. Its timers fire from
// Advance or Set, on the caller's goroutine, into buffered channels, so a test
// that advances time never blocks and never needs a sleep.
type ManualClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*manualTimer
}

// NewManualClock returns a ManualClock reading start.
func NewManualClock(start time.Time) *ManualClock { return &ManualClock{now: start} }

// Now returns the clock's current time.
func (m *ManualClock) Now() time.Time {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.now
}

// NewTimer returns a timer that fires when the clock reaches Now+d. A timer
// with d <= 0 fires at once.
func (m *ManualClock) NewTimer(d time.Duration) game.Timer {
	m.mu.Lock()
	defer m.mu.Unlock()
	t := &manualTimer{clock: m, at: m.now.Add(d), c: make(chan time.Time, 1)}
	if d <= 0 {
		t.c <- m.now
		t.fired = true
		return t
	}
	m.timers = append(m.timers, t)
	return t
}

// Advance moves the clock forward by d and fires every timer that is due.
func (m *ManualClock) Advance(d time.Duration) { m.Set(m.Now().Add(d)) }

// Set moves the clock to t (never backwards) and fires every timer that is due.
func (m *ManualClock) Set(t time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if t.After(m.now) {
		m.now = t
	}
	sort.SliceStable(m.timers, func(i, j int) bool { return m.timers[i].at.Before(m.timers[j].at) })
	keep := m.timers[:0]
	for _, tm := range m.timers {
		if !tm.at.After(m.now) {
			tm.fired = true
			tm.c <- m.now
			continue
		}
		keep = append(keep, tm)
	}
	for i := len(keep); i < len(m.timers); i++ {
		m.timers[i] = nil
	}
	m.timers = keep
}

// Pending reports how many timers are armed and not yet fired or stopped. Tests
// use it to wait until the actor has armed the deadline they want to pass.
func (m *ManualClock) Pending() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.timers)
}

type manualTimer struct {
	clock *ManualClock
	at    time.Time
	c     chan time.Time
	fired bool
}

func (t *manualTimer) C() <-chan time.Time { return t.c }

func (t *manualTimer) Stop() bool {
	m := t.clock
	m.mu.Lock()
	defer m.mu.Unlock()
	if t.fired {
		return false
	}
	for i, tm := range m.timers {
		if tm == t {
			m.timers = append(m.timers[:i], m.timers[i+1:]...)
			return true
		}
	}
	return false
}
