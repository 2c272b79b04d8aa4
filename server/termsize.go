package server

import (
	"sync/atomic"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"github.com/mysterium-ssh/mysterium/term"
)

// The largest terminal the server draws for. A client may claim any size up
// to 4294967295 x 4294967295 cells, and drawing a frame costs memory in
// proportion to width x height: unclamped, one guest could make the process
// allocate gigabytes and take every table down with it. A larger terminal is
// drawn at this size (500 x 200 is more than any real screen shows at a
// readable font); the "window too small" floor is the screens' business.
const (
	maxTermWidth  = 500
	maxTermHeight = 200
	// maxTermPixels bounds the pixel sizes, which nothing draws with but
	// which travel beside the cells.
	maxTermPixels = 1 << 16
	// maxTermName is the longest TERM kept: terminfo names are short.
	maxTermName = 64
)

// Bounds on what else a client may pile up on a session before it starts.
// The SSH library keeps every env request, so without a bound a client could
// grow a session's memory by sending env requests for as long as it liked.
const (
	maxEnvRequests = 32
	maxEnvBytes    = 1 << 10
	// maxChannelsPerConn bounds the sessions open on one connection,
	// counted before any of them has started (the session limits count
	// started ones): each holds a goroutine and buffers.
	maxChannelsPerConn = 8
)

// clampWindow is a terminal size as the server uses it: at most
// maxTermWidth x maxTermHeight cells.
func clampWindow(cols, rows uint32) (uint32, uint32) {
	return min(cols, maxTermWidth), min(rows, maxTermHeight)
}

// ptyRequest and windowChange are the payloads of the "pty-req" and
// "window-change" channel requests (RFC 4254, 6.2 and 6.7).
type ptyRequest struct {
	Term              string
	Columns, Rows     uint32
	WidthPx, HeightPx uint32
	Modes             string
}

type windowChange struct {
	Columns, Rows     uint32
	WidthPx, HeightPx uint32
}

// clampPtyRequest rewrites a pty-req payload with the size clamped and TERM
// bounded. A payload it cannot read becomes empty, which the SSH library
// refuses: nothing it could read differently slips past the clamp.
func clampPtyRequest(p []byte) []byte {
	var r ptyRequest
	if gossh.Unmarshal(p, &r) != nil {
		return nil
	}
	r.Columns, r.Rows = clampWindow(r.Columns, r.Rows)
	r.WidthPx, r.HeightPx = min(r.WidthPx, maxTermPixels), min(r.HeightPx, maxTermPixels)
	if len(r.Term) > maxTermName {
		r.Term = r.Term[:maxTermName]
	}
	return gossh.Marshal(r)
}

// sessionChannel handles a "session" channel: the SSH library's own handler,
// with the channel's requests passed through a requestGuard first, so that
// terminal sizes are clamped where they enter the server, before any model,
// screen or buffer sees them, and a connection holds a bounded number of
// channels. The session's context carries the guard (guardOf), whose window
// sizes the session's program follows.
func sessionChannel(srv *ssh.Server, conn *gossh.ServerConn, nc gossh.NewChannel, ctx ssh.Context) {
	if open, ok := ctx.Value(ctxKeyChannels).(*atomic.Int32); ok {
		if open.Add(1) > maxChannelsPerConn {
			open.Add(-1)
			_ = nc.Reject(gossh.ResourceShortage, "too many sessions on one connection")
			return
		}
		defer open.Add(-1)
	}
	g := &requestGuard{sizes: newWindowSizes()}
	ssh.DefaultSessionHandler(srv, conn, guardedChannel{nc, g}, guardedContext{ctx, g})
}

// ctxKeyChannels holds a connection's count of open session channels (an
// *atomic.Int32, set by onConnect).
var ctxKeyChannels = &ctxKey{"channels"}

// ctxKeyGuard holds a session channel's *requestGuard (guardedContext).
var ctxKeyGuard = &ctxKey{"guard"}

// guardedContext is the connection's context as one session channel sees
// it: with the channel's guard. (A connection may carry several sessions;
// the connection's own context holds values for all of them.)
type guardedContext struct {
	ssh.Context
	g *requestGuard
}

func (c guardedContext) Value(key any) any {
	if key == ctxKeyGuard {
		return c.g
	}
	return c.Context.Value(key)
}

// guardOf is the request guard of the session whose context is ctx, or nil.
func guardOf(ctx ssh.Context) *requestGuard {
	g, _ := ctx.Value(ctxKeyGuard).(*requestGuard)
	return g
}

// guardedChannel is a new channel whose requests pass its guard.
type guardedChannel struct {
	gossh.NewChannel
	g *requestGuard
}

func (c guardedChannel) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, in, err := c.NewChannel.Accept()
	if err != nil {
		return ch, in, err
	}
	out := make(chan *gossh.Request)
	go c.g.run(in, out)
	return ch, out, nil
}

// requestGuard is a session channel's one goroutine of the server's own,
// run: it passes the channel's requests on to the SSH library, clamping
// terminal sizes and refusing env requests beyond maxEnvRequests or
// maxEnvBytes, and it takes the window changes itself, drawn at most once
// per resizeEvery (windowSizes) for the session's program to follow.
type requestGuard struct {
	sizes *windowSizes
	envs  int
	// pty is set once a pty request passed that the SSH library takes (a
	// valid one, the first, before the session started); started once a
	// shell, exec or subsystem request passed.
	pty, started bool
}

// run passes requests from in to out until in is closed (the channel
// ended), then closes out.
func (g *requestGuard) run(in <-chan *gossh.Request, out chan<- *gossh.Request) {
	defer close(out)
	for {
		q := g.sizes.interval()
		select {
		case req, ok := <-in:
			if !ok {
				g.sizes.close()
				return
			}
			if g.take(req) {
				continue
			}
			// Passed on; an interval that ends meanwhile is not held up.
			for sent := false; !sent; {
				select {
				case out <- req:
					sent = true
				case <-q:
					g.sizes.ended(q)
					q = g.sizes.interval()
				}
			}
		case <-q:
			g.sizes.ended(q)
		}
	}
}

// take clamps a request for passing it on, or answers it itself (a window
// change, an env request over the bounds) and reports so.
func (g *requestGuard) take(req *gossh.Request) bool {
	switch req.Type {
	case "pty-req":
		req.Payload = clampPtyRequest(req.Payload)
		var r ptyRequest
		if !g.pty && !g.started && gossh.Unmarshal(req.Payload, &r) == nil {
			g.pty = true
			g.sizes.start(term.Size{Width: int(r.Columns), Height: int(r.Rows)})
		}
	case "window-change":
		// Answered here as the SSH library would (RFC 4254 asks for no
		// answer), and never passed on: the library would queue it for
		// a reader of its own.
		var w windowChange
		ok := g.pty && gossh.Unmarshal(req.Payload, &w) == nil
		if ok {
			cols, rows := clampWindow(w.Columns, w.Rows)
			g.sizes.changed(term.Size{Width: int(cols), Height: int(rows)})
		}
		_ = req.Reply(ok, nil)
		return true
	case "env":
		g.envs++
		if g.envs > maxEnvRequests || len(req.Payload) > maxEnvBytes {
			_ = req.Reply(false, nil)
			return true
		}
	case "shell", "exec", "subsystem":
		g.started = true
	}
	return false
}
