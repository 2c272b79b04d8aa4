package server

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/server/metrics"
	"github.com/mysterium-ssh/mysterium/session"
	"github.com/mysterium-ssh/mysterium/term"
)

// endReason says why the server ended a session; the client is told.
type endReason int

const (
	endNone endReason = iota
	endRestart
	endIdle
	endKicked
	endReclaimed
)

// message says why the session ended, in the player's language lang.
func (r endReason) message(lang i18n.Lang, l Limits) string {
	switch r {
	case endRestart:
		return lang.T("The server is restarting. Reconnect in a moment: your seat is kept.")
	case endIdle:
		return lang.F("Disconnected after %s idle in the lobby. Reconnect any time.", roundDuration(l.LobbyIdle))
	case endKicked:
		return lang.F("An admin disconnected you. You can come back in %s.", roundDuration(kickFor))
	case endReclaimed:
		return lang.T("Your guest seat was taken back from another connection with your reclaim code.")
	}
	return ""
}

func roundDuration(d time.Duration) string {
	switch {
	case d >= time.Hour && d%time.Hour == 0:
		return fmt.Sprintf("%d h", d/time.Hour)
	case d >= time.Minute && d%time.Minute == 0:
		return fmt.Sprintf("%d min", d/time.Minute)
	case d < time.Second:
		return d.String()
	}
	return d.Round(time.Second).String()
}

// liveSession is the server's state for one SSH session. It is per session,
// never per connection: OpenSSH can multiplex several sessions (say, a game
// and a `tables` listing) over one connection, and each must end on its own.
type liveSession struct {
	id     uint64
	who    session.Identity
	ip     string
	way    string // metrics.WaySSH or metrics.WayWeb, for the metrics
	ctx    context.Context
	cancel context.CancelFunc

	lastInput atomic.Int64 // unix nanos of the last keystroke
	// lastOutput is when the screen last changed: a spectator following a
	// game types nothing but is not idle.
	lastOutput atomic.Int64

	// inbox holds messages for the program (notices, redraws) until its
	// forwarder hands them over; see send.
	inbox chan tea.Msg
	// forwarding is set while a forwarder runs (see forward).
	forwarding atomic.Bool
	// hangUp logs why and closes the session's SSH connection: the one way
	// to free a session whose client stopped reading (see end, the stall clock
	// and routing).
	hangUp func(why string)

	mu      sync.Mutex
	reason  endReason
	out     time.Duration // with endKicked: how long the player is kept out
	program *tea.Program  // nil for a plain command
	// programDone is closed when the program has ended.
	programDone chan struct{}
	grace       *time.Timer // armed by end, stopped by unregister
}

// inboxSize bounds the messages waiting for a busy program; beyond it the
// oldest is dropped (a notice is superseded by a newer one anyway).
const inboxSize = 8

// send hands the session's program a message without blocking the caller
// and without a goroutine per message: Program.Send blocks for as long as
// the program's event loop is busy, which for a client that stopped reading
// is until the connection ends. The message waits in the session's bounded
// inbox, which a forwarder drains while there is something in it (forward).
func (ls *liveSession) send(msg tea.Msg) bool {
	ls.mu.Lock()
	p, done := ls.program, ls.programDone
	ls.mu.Unlock()
	if p == nil {
		return false
	}
	for queued := false; !queued; {
		select {
		case ls.inbox <- msg:
			queued = true
		default:
			select {
			case <-ls.inbox: // full: drop the oldest
			default:
			}
		}
	}
	if ls.forwarding.CompareAndSwap(false, true) {
		go ls.forward(p, done)
	}
	return true
}

// forward hands the inbox's messages to p until the inbox is empty or done
// is closed. It runs only while there are messages (send starts it), so a
// quiet session holds no goroutine for its inbox. Program.Send returns once
// the program has ended, so forward never outlives it by more than one
// message; after done, forwarding stays set and no forwarder starts again.
func (ls *liveSession) forward(p *tea.Program, done <-chan struct{}) {
	for {
		select {
		case <-done:
			return
		default:
		}
		select {
		case msg := <-ls.inbox:
			p.Send(msg)
			continue
		default:
		}
		// Empty: stop, unless a message came between the check and the
		// flag, and no other forwarder has taken it.
		ls.forwarding.Store(false)
		if len(ls.inbox) == 0 || !ls.forwarding.CompareAndSwap(false, true) {
			return
		}
	}
}

// notify puts a one-line notice over the session's screen (if it has one).
func (ls *liveSession) notify(text string) bool { return ls.send(term.NoticeMsg{Text: text}) }

// endGrace is how long a session the server ended may take to leave before
// its connection is closed under it. A program normally quits at once, but
// Bubble Tea cannot take the quit message while its event loop is blocked
// writing to a client that stopped reading, and such a client may keep its
// transport alive (keepalives) so that the idle timeout never fires.
const endGrace = 5 * time.Second

// end asks the session to finish for reason (the first reason wins) and
// closes its connection if it is still there after endGrace.
func (ls *liveSession) end(r endReason) {
	ls.mu.Lock()
	if ls.reason == endNone {
		ls.reason = r
	}
	if ls.grace == nil && ls.hangUp != nil {
		ls.grace = time.AfterFunc(endGrace, func() { ls.hangUp("did not end in time") })
	}
	ls.mu.Unlock()
	ls.cancel()
}

func (ls *liveSession) endReason() endReason {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	return ls.reason
}

// register records a live session, or refuses it when the server is closing.
func (s *Server) register(who session.Identity, c *client) (*liveSession, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return nil, false
	}
	s.nextID++
	ctx, cancel := context.WithCancel(context.Background())
	ls := &liveSession{id: s.nextID, who: who, ip: c.ip, ctx: ctx, cancel: cancel,
		inbox: make(chan tea.Msg, inboxSize)}
	ls.hangUp = func(why string) {
		s.log.Warn("hanging up: the client does not read", "why", why, "remote", ls.ip, "id", ls.who.ID)
		c.hangUp()
	}
	ls.lastInput.Store(time.Now().UnixNano())
	s.sessions[ls] = struct{}{}
	ls.way = c.way()
	s.metrics.SessionOpened(ls.way)
	return ls, true
}

func (s *Server) unregister(ls *liveSession) {
	ls.cancel()
	ls.mu.Lock()
	if ls.grace != nil {
		// The session left by itself: its connection may carry others.
		ls.grace.Stop()
	}
	ls.mu.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.sessions, ls)
	s.metrics.SessionClosed(ls.way)
	if ls.who.Guest && !s.hasSessionLocked(ls.who.ID) {
		s.hub.forgetLang(ls.who.ID)
	}
	if s.closing && len(s.sessions) == 0 && s.drained != nil {
		select {
		case <-s.drained:
		default:
			close(s.drained)
		}
	}
}

// hasSessionLocked reports whether a player has a live session; s.mu is held.
func (s *Server) hasSessionLocked(id game.PlayerID) bool {
	for other := range s.sessions {
		if other.who.ID == id {
			return true
		}
	}
	return false
}

// live returns the sessions open now.
func (s *Server) live() []*liveSession {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*liveSession, 0, len(s.sessions))
	for ls := range s.sessions {
		out = append(out, ls)
	}
	return out
}

// attend registers a client's session for its life: the server can reach it
// (notices, kicks, shutdown), a stall clock hangs it up when it stops
// reading, and its context ends with the client. run is what the session
// does (a program, or a plain command); attend returns when it is over.
func (s *Server) attend(c *client, who session.Identity, run func(*liveSession)) {
	ls, ok := s.register(who, c)
	if !ok {
		c.refuse(endRestart.message(who.Lang, s.limits))
		return
	}
	defer s.unregister(ls)
	// Everything the session writes from here on is watched: a client
	// that stops reading for OutputStall is hung up on.
	stall := term.WatchStall(c.watch, s.limits.OutputStall, func(blocked time.Duration) {
		s.metrics.Refuse(metrics.OutputStall)
		ls.hangUp(fmt.Sprintf("output blocked for %s", blocked.Round(time.Millisecond)))
	})
	defer stall.Stop()
	// A session that is over while a write is still blocked (the screen
	// writes from its own goroutine and lets the program end without it)
	// would keep that writer and its connection until the client read.
	defer func() {
		if c.watch.BlockedFor() > 0 {
			ls.hangUp("the session is over")
		}
	}()
	// The session's own context ends with the session, with the client's
	// connection, or when the server ends it.
	stop := context.AfterFunc(c.ctx, ls.cancel)
	defer stop()
	run(ls)
}
