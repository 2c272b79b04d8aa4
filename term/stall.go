package term

import (
	"io"
	"math"
	"sync"
	"sync/atomic"
	"time"
)

// OutputWatch is a session's output whose writes are timed: while a write is
// under way it knows since when, so that a stall clock (WatchStall) can tell
// a client that stopped reading from one that is merely quiet. Wrap the
// connection itself, not the program's output, so that it sees every write
// whatever renders the screen.
type OutputWatch struct {
	w io.Writer

	mu      sync.Mutex
	writing int       // writes under way
	since   time.Time // when the oldest write under way began
}

// NewOutputWatch times the writes to w.
func NewOutputWatch(w io.Writer) *OutputWatch { return &OutputWatch{w: w} }

func (o *OutputWatch) Write(p []byte) (int, error) {
	o.mu.Lock()
	if o.writing == 0 {
		o.since = time.Now()
	}
	o.writing++
	o.mu.Unlock()
	defer func() {
		o.mu.Lock()
		o.writing--
		o.mu.Unlock()
	}()
	return o.w.Write(p)
}

// BlockedFor is how long the oldest write under way has been waiting (0:
// none is).
func (o *OutputWatch) BlockedFor() time.Duration {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.writing == 0 {
		return 0
	}
	return time.Since(o.since)
}

// WatchStall calls hangUp once a write to o has been blocked for limit: its
// client stopped reading (or stopped opening its window) and only the end of
// the connection frees the writer. The tables never wait for a session, so
// hanging up frees the session's own goroutines and memory. It is one
// re-arming timer per session, not a ticker; Stop it when the session ends.
// A negative limit never fires.
func WatchStall(o *OutputWatch, limit time.Duration, hangUp func(blocked time.Duration)) *time.Timer {
	if limit < 0 {
		// No limit: a timer that never fires, so the caller can Stop it.
		return time.NewTimer(time.Duration(math.MaxInt64))
	}
	var t *time.Timer
	check := func() {
		blocked := o.BlockedFor()
		if blocked >= limit {
			hangUp(blocked)
			return
		}
		t.Reset(limit - blocked)
	}
	// Created far in the future and then reset, so that check never runs
	// before t is assigned.
	t = time.AfterFunc(time.Duration(math.MaxInt64), check)
	t.Reset(limit)
	return t
}

// ActivityWriter is a session's screen output, noting in Last (unix nanos)
// when the screen last changed: a spectator following a game types nothing
// but is not idle.
type ActivityWriter struct {
	W    io.Writer
	Last *atomic.Int64
}

func (a ActivityWriter) Write(p []byte) (int, error) {
	a.Last.Store(time.Now().UnixNano())
	return a.W.Write(p)
}
