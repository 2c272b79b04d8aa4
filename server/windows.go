package server

import (
	"sync"
	"time"

	"github.com/mysterium-ssh/mysterium/term"
)

// resizeEvery is how often at most a session's screen is redrawn for window
// changes. Dragging a window's corner sends dozens a second, and a hostile
// client can send thousands, each of which would repaint the whole screen at
// the server's expense. The first change of a burst is drawn at once; the
// ones after it fold into the newest, drawn when the interval has passed,
// so the screen always ends at the terminal's last size.
const resizeEvery = 100 * time.Millisecond

// windowSizes is an SSH session's terminal size as its client reports it,
// and the redraws that follow, at most one per interval. It holds no
// goroutine of its own: the session channel's request guard, which reads
// every window change first (to clamp it), drives it (changed, and
// interval when the channel of quiet fires), and a session's program
// follows it (follow). One goroutine per session fewer than a forwarder of
// its own: every collection scans every goroutine's stack.
type windowSizes struct {
	every time.Duration
	after func(time.Duration) <-chan time.Time // the clock: a channel that fires once the interval has passed

	mu      sync.Mutex
	latest  term.Size        // the size drawn last, or the pty request's
	pending term.Size        // a size not drawn yet, when waiting
	waiting bool             //
	quiet   <-chan time.Time // the running interval; nil when none runs: the next change is drawn at once
	each    func(term.Size)  // the follower, nil when none
}

func newWindowSizes() *windowSizes {
	return &windowSizes{every: resizeEvery, after: time.After}
}

// start notes the window of the pty request: the size the session starts
// at, drawn by nobody.
func (w *windowSizes) start(sz term.Size) {
	w.mu.Lock()
	w.latest = sz
	w.mu.Unlock()
}

// interval is the channel that fires when the running interval ends (nil
// when none runs), for the guard's select.
func (w *windowSizes) interval() <-chan time.Time {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.quiet
}

// changed takes a window change: drawn at once if no interval runs, else
// kept, the newest only, for the interval's end.
func (w *windowSizes) changed(sz term.Size) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.quiet == nil {
		w.drawLocked(sz)
		return
	}
	w.pending, w.waiting = sz, true
}

// ended is the end of the interval q (it fired): what is pending is drawn,
// and another interval starts; with nothing pending, the next change is
// drawn at once.
func (w *windowSizes) ended(q <-chan time.Time) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.quiet != q {
		return
	}
	w.quiet = nil
	if w.waiting {
		w.drawLocked(w.pending)
	}
}

// close is the end of the session's requests: a size still pending is
// drawn, so that the screen ends at the terminal's last size.
func (w *windowSizes) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.waiting {
		w.drawLocked(w.pending)
	}
}

// drawLocked makes sz the size, tells the follower, and starts an
// interval. Under the lock, so that the follower gets the sizes in order.
func (w *windowSizes) drawLocked(sz term.Size) {
	w.latest, w.waiting = sz, false
	if w.each != nil {
		w.each(sz)
	}
	w.quiet = w.after(w.every)
}

// follow calls each with the size now, then with every change drawn, until
// stop is called; the first change after the size now waits for an
// interval as any other (Bubble Tea sends the size a program starts at
// once more when it runs: a change right after it must not come first).
// each must not block (it is called from the connection's request guard).
func (w *windowSizes) follow(each func(term.Size)) (stop func()) {
	w.mu.Lock()
	w.each = each
	w.drawLocked(w.latest)
	w.mu.Unlock()
	return func() {
		w.mu.Lock()
		w.each = nil
		w.mu.Unlock()
	}
}
