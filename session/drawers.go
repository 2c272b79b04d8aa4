package session

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
)

// Frames are drawn on a few goroutines shared by every session, not on the
// session's own. A goroutine's stack grows to the deepest call it makes and
// is given back only slowly (halved at a collection when three quarters of
// it are unused), and drawing a frame is by far the deepest thing a session
// does: 8 to 32 KB of stack above the SSH and Bubble Tea frames, held by
// every session between its frames, and copied again each time it grows
// back. Drawn here, that stack is paid a few times for the whole server.
//
// A session hands its model to a drawer and waits for the frame: the model
// is still used by one goroutine at a time, and the hand-over orders its
// reads and writes (the race detector agrees).
type drawJob struct {
	m     *Model
	reply chan drawn
}

// drawn is a drawer's answer: the frame, or what drawing it panicked with
// (raised again on the session's goroutine, where the server recovers
// from a session's panic).
type drawn struct {
	frame string
	panic *drawPanic
}

// drawPanic is a panic raised while drawing, with the drawer's stack.
type drawPanic struct {
	value any
	stack []byte
}

func (p *drawPanic) Error() string {
	return fmt.Sprintf("drawing a frame: %v\n%s", p.value, p.stack)
}

var (
	drawJobs     = make(chan drawJob)
	startDrawers sync.Once
)

// drawOnDrawer draws m's frame (m.render) on a drawer.
func (m *Model) drawOnDrawer() string {
	startDrawers.Do(func() {
		// As many drawers as the processors that can run them, and at
		// least two, so that one long frame does not hold up the others.
		for range max(2, runtime.GOMAXPROCS(0)) {
			go drawer()
		}
	})
	if m.drawReply == nil {
		m.drawReply = make(chan drawn, 1)
	}
	drawJobs <- drawJob{m: m, reply: m.drawReply}
	d := <-m.drawReply
	if d.panic != nil {
		panic(d.panic)
	}
	return d.frame
}

// drawer draws frames for any session, for the life of the process.
func drawer() {
	for job := range drawJobs {
		job.reply <- drawSafely(job.m)
	}
}

// drawSafely draws m's frame, turning a panic into an answer.
func drawSafely(m *Model) (d drawn) {
	defer func() {
		if r := recover(); r != nil {
			d = drawn{panic: &drawPanic{value: r, stack: debug.Stack()}}
		}
	}()
	return drawn{frame: m.render()}
}
