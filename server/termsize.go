package server

import (
	"sync/atomic"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
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

// clampWindowChange is clampPtyRequest for a window-change payload.
func clampWindowChange(p []byte) []byte {
	var w windowChange
	if gossh.Unmarshal(p, &w) != nil {
		return nil
	}
	w.Columns, w.Rows = clampWindow(w.Columns, w.Rows)
	w.WidthPx, w.HeightPx = min(w.WidthPx, maxTermPixels), min(w.HeightPx, maxTermPixels)
	return gossh.Marshal(w)
}

// sessionChannel handles a "session" channel: the SSH library's own handler,
// with the channel's requests passed through guardRequests first, so that
// terminal sizes are clamped where they enter the server, before any model,
// screen or buffer sees them, and a connection holds a bounded number of
// channels.
func sessionChannel(srv *ssh.Server, conn *gossh.ServerConn, nc gossh.NewChannel, ctx ssh.Context) {
	if open, ok := ctx.Value(ctxKeyChannels).(*atomic.Int32); ok {
		if open.Add(1) > maxChannelsPerConn {
			open.Add(-1)
			_ = nc.Reject(gossh.ResourceShortage, "too many sessions on one connection")
			return
		}
		defer open.Add(-1)
	}
	ssh.DefaultSessionHandler(srv, conn, guardedChannel{nc}, ctx)
}

// ctxKeyChannels holds a connection's count of open session channels (an
// *atomic.Int32, set by onConnect).
var ctxKeyChannels = &ctxKey{"channels"}

// guardedChannel is a new channel whose requests pass guardRequests.
type guardedChannel struct{ gossh.NewChannel }

func (g guardedChannel) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, in, err := g.NewChannel.Accept()
	if err != nil {
		return ch, in, err
	}
	out := make(chan *gossh.Request)
	go guardRequests(in, out)
	return ch, out, nil
}

// guardRequests passes a channel's requests from in to out, clamping
// terminal sizes and refusing env requests beyond maxEnvRequests or
// maxEnvBytes. It ends, closing out, when in is closed (the channel ended).
func guardRequests(in <-chan *gossh.Request, out chan<- *gossh.Request) {
	defer close(out)
	envs := 0
	for req := range in {
		switch req.Type {
		case "pty-req":
			req.Payload = clampPtyRequest(req.Payload)
		case "window-change":
			req.Payload = clampWindowChange(req.Payload)
		case "env":
			envs++
			if envs > maxEnvRequests || len(req.Payload) > maxEnvBytes {
				_ = req.Reply(false, nil)
				continue
			}
		}
		out <- req
	}
}
