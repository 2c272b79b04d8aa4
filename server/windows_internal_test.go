package server

import (
	"context"
	"testing"
	"time"

	"charm.land/ssh"

	"github.com/mysterium-ssh/mysterium/term"
)

// A client that floods window changes gets its screen redrawn for the first
// and the newest of each interval, not once per change; and the screen ends
// at the last size the terminal reported.
func TestAWindowChangeFloodIsDrawnOncePerInterval(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const flood = 10000
	windows := make(chan ssh.Window)
	drawn := make(chan term.Size, 2*flood) // room for a redraw per change: a missing throttle fails, not hangs
	timers := make(chan chan time.Time, 2*flood)
	after := func(time.Duration) <-chan time.Time {
		c := make(chan time.Time, 1)
		timers <- c
		return c
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		throttleWindows(ctx, windows, func(sz term.Size) { drawn <- sz }, time.Second, after)
	}()

	windows <- ssh.Window{Width: 80, Height: 24}
	if got := <-drawn; got != (term.Size{Width: 80, Height: 24}) {
		t.Fatalf("first size drawn: %v", got)
	}
	timer := <-timers
	for i := 1; i <= flood; i++ {
		windows <- ssh.Window{Width: 80 + i%100, Height: 24 + i%50}
	}
	windows <- ssh.Window{Width: 123, Height: 45} // the terminal's final size
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
	windows <- ssh.Window{Width: 100, Height: 30}
	if got := <-drawn; got != (term.Size{Width: 100, Height: 30}) {
		t.Fatalf("after a quiet interval drew %v, want 100x30 at once", got)
	}
	<-timers
	// The channel closing draws what is pending.
	windows <- ssh.Window{Width: 90, Height: 30}
	close(windows)
	<-done
	if got := <-drawn; got != (term.Size{Width: 90, Height: 30}) {
		t.Fatalf("a pending size was lost when the session ended: %v", got)
	}
}
