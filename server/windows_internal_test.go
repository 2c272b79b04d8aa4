package server

import (
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/mysterium-ssh/mysterium/term"
)

// A client that floods window changes gets its screen redrawn for the first
// and the newest of each interval, not once per change; and the screen ends
// at the last size the terminal reported. The channel's request guard takes
// the changes and times the redraws, with no goroutine of their own.
func TestAWindowChangeFloodIsDrawnOncePerInterval(t *testing.T) {
	const flood = 10000
	drawn := make(chan term.Size, 2*flood) // room for a redraw per change: a missing throttle fails, not hangs
	timers := make(chan chan time.Time, 2*flood)
	after := func(time.Duration) <-chan time.Time {
		c := make(chan time.Time, 1)
		timers <- c
		return c
	}
	g := &requestGuard{sizes: &windowSizes{every: time.Second, after: after}}
	in, out := make(chan *gossh.Request), make(chan *gossh.Request)
	done := make(chan struct{})
	go func() {
		defer close(done)
		g.run(in, out)
	}()
	passed := make(chan string, 4)
	go func() {
		for req := range out {
			passed <- req.Type
		}
	}()
	window := func(w, h uint32) *gossh.Request {
		return &gossh.Request{Type: "window-change", Payload: gossh.Marshal(windowChange{Columns: w, Rows: h})}
	}

	in <- &gossh.Request{Type: "pty-req", Payload: gossh.Marshal(ptyRequest{Term: "xterm", Columns: 80, Rows: 24})}
	if got := <-passed; got != "pty-req" {
		t.Fatalf("passed on %q, want the pty request", got)
	}
	// The program that follows the sizes gets the one it starts at, and
	// an interval starts: Bubble Tea sends that size once more when the
	// program runs, and a change right after must not come before it.
	stop := g.sizes.follow(func(sz term.Size) { drawn <- sz })
	if got := <-drawn; got != (term.Size{Width: 80, Height: 24}) {
		t.Fatalf("first size drawn: %v", got)
	}
	timer := <-timers
	for i := 1; i <= flood; i++ {
		in <- window(uint32(80+i%100), uint32(24+i%50))
	}
	in <- window(123, 45) // the terminal's final size
	last := term.Size{Width: 123, Height: 45}
	if n := len(drawn); n != 0 {
		t.Fatalf("%d redraws during one interval of a %d-change flood, want 0 until it ends", n, flood)
	}
	timer <- time.Time{}
	if got := <-drawn; got != last {
		t.Fatalf("after the interval drew %v, want the newest size %v", got, last)
	}
	// A quiet interval passes with nothing to draw; the next change is
	// drawn at once.
	(<-timers) <- time.Time{}
	in <- window(100, 30)
	if got := <-drawn; got != (term.Size{Width: 100, Height: 30}) {
		t.Fatalf("after a quiet interval drew %v, want 100x30 at once", got)
	}
	<-timers
	// Other requests still pass while an interval runs.
	in <- &gossh.Request{Type: "env", Payload: gossh.Marshal(struct{ K, V string }{"LANG", "fr"})}
	if got := <-passed; got != "env" {
		t.Fatalf("passed on %q, want the env request", got)
	}
	// The channel closing draws what is pending.
	in <- window(90, 30)
	close(in)
	<-done
	if got := <-drawn; got != (term.Size{Width: 90, Height: 30}) {
		t.Fatalf("a pending size was lost when the session ended: %v", got)
	}
	// A program that stopped following is told nothing more.
	stop()
	g.sizes.mu.Lock()
	g.sizes.drawLocked(term.Size{Width: 1, Height: 1})
	g.sizes.mu.Unlock()
	if n := len(drawn); n != 0 {
		t.Fatalf("%d sizes drawn after the follower stopped", n)
	}
}

// A window change before any pty request is refused and changes nothing,
// as the SSH library did; a window change is never passed on to it (it
// would queue it for a reader nobody runs).
func TestAWindowChangeWithoutAPtyIsRefused(t *testing.T) {
	g := &requestGuard{sizes: newWindowSizes()}
	if !g.take(&gossh.Request{Type: "window-change", Payload: gossh.Marshal(windowChange{Columns: 100, Rows: 30})}) {
		t.Fatal("a window change was passed on")
	}
	var got term.Size
	g.sizes.follow(func(sz term.Size) { got = sz })()
	if got != (term.Size{}) {
		t.Fatalf("a window change without a pty set the size to %v", got)
	}
}
