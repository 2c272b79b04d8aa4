package server

import (
	"context"
	"time"

	"charm.land/ssh"

	"github.com/mysterium-ssh/mysterium/term"
)

// resizeEvery is how often at most a session's screen is redrawn for window
// changes. Dragging a window's corner sends dozens a second, and a hostile
// client can send thousands, each of which would repaint the whole screen at
// the server's expense. The first change of a burst is drawn at once; the
// ones after it fold into the newest, drawn when the interval has passed,
// so the screen always ends at the terminal's last size.
const resizeEvery = 100 * time.Millisecond

// forWindows calls each with the window changes of an SSH session (the
// first window, from the pty request, comes through it too) until ctx ends,
// at most once per resizeEvery. The sizes were clamped where the requests
// entered the server.
func forWindows(ctx context.Context, windows <-chan ssh.Window, each func(term.Size)) {
	throttleWindows(ctx, windows, each, resizeEvery, time.After)
}

// throttleWindows is forWindows with its clock given: after returns a
// channel that fires once the interval has passed.
func throttleWindows(ctx context.Context, windows <-chan ssh.Window, each func(term.Size), every time.Duration, after func(time.Duration) <-chan time.Time) {
	var (
		pending term.Size
		waiting bool             // pending holds a size not drawn yet
		quiet   <-chan time.Time // nil when no interval runs: the next change is drawn at once
	)
	for {
		select {
		case <-ctx.Done():
			return
		case w, ok := <-windows:
			if !ok {
				if waiting {
					each(pending)
				}
				return
			}
			sz := term.Size{Width: w.Width, Height: w.Height}
			if quiet == nil {
				each(sz)
				quiet = after(every)
				continue
			}
			pending, waiting = sz, true
		case <-quiet:
			quiet = nil
			if waiting {
				each(pending)
				waiting = false
				quiet = after(every)
			}
		}
	}
}
