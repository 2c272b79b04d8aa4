package server

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	bm "github.com/charmbracelet/wish/bubbletea"
	"github.com/muesli/termenv"

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

func (r endReason) message(l Limits) string {
	switch r {
	case endRestart:
		return "The server is restarting. Reconnect in a moment: your seat is kept."
	case endIdle:
		return fmt.Sprintf("Disconnected after %s idle in the lobby. Reconnect any time.", roundDuration(l.LobbyIdle))
	case endKicked:
		return fmt.Sprintf("An admin disconnected you. You can come back in %s.", roundDuration(kickFor))
	case endReclaimed:
		return "Your guest seat was taken back from another connection with your reclaim code."
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
	program *tea.Program // nil for a plain command
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
// Bubble Tea v1 cannot take the quit message while its event loop is blocked
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

// logging logs each session's start and end with who and from where. The end
// line is deferred so that it is written even when a layer below panics.
func (s *Server) logging(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		start := time.Now()
		pty, _, hasPty := sess.Pty()
		l := s.log.With("remote", sess.RemoteAddr().String(), "user", sanitizeLog(sess.User()))
		if pk := sess.PublicKey(); pk != nil {
			l = l.With("key", fingerprintOf(pk))
		} else {
			l = l.With("guest", true)
		}
		l.Info("connect", "pty", hasPty, "term", sanitizeLog(pty.Term), "width", pty.Window.Width, "height", pty.Window.Height, "command", logCommand(sess.RawCommand()))
		defer func() {
			l.Info("disconnect", "duration", time.Since(start).Round(time.Millisecond))
		}()
		next(sess)
	}
}

// logCommand is a session's command line as logged: sanitised, with a
// guest's reclaim code masked (it is a credential for a seat).
func logCommand(raw string) string {
	f := strings.Fields(sanitizeLog(raw))
	for i := 0; i+1 < len(f); i++ {
		if strings.EqualFold(f[i], "claim") {
			f[i+1] = "****"
		}
	}
	return strings.Join(f, " ")
}

// rateLimit refuses sessions over the connection rate of their address or
// over the session limits, with a sentence the client sees, and holds the
// session's slot until it ends.
func (s *Server) rateLimit(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if retry, ok := sess.Context().Value(ctxKeyRetry).(time.Duration); ok {
			secs := int(math.Ceil(retry.Seconds()))
			refuse(sess, fmt.Sprintf("Too many connections from your address in the last minute (limit %d). Try again in %d s.", s.limits.ConnsPerMinutePerIP, secs))
			return
		}
		ip := hostOf(sess.RemoteAddr())
		if err := s.gate.acquireSession(ip); err != nil {
			s.log.Warn("session refused", "remote", ip, "reason", err.Error())
			refuse(sess, err.Error())
			return
		}
		defer s.gate.releaseSession(ip)
		next(sess)
	}
}

// refuse tells the client why it is turned away and ends the session with a
// failure status. On a terminal the text needs explicit carriage returns.
func refuse(sess ssh.Session, msg string) {
	wish.Fatalln(sess, msg)
}

// register records a live session, or refuses it when the server is closing.
func (s *Server) register(who session.Identity, sess ssh.Session) (*liveSession, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return nil, false
	}
	s.nextID++
	ctx, cancel := context.WithCancel(context.Background())
	ls := &liveSession{id: s.nextID, who: who, ip: hostOf(sess.RemoteAddr()), ctx: ctx, cancel: cancel,
		inbox: make(chan tea.Msg, inboxSize)}
	ls.hangUp = func(why string) {
		s.log.Warn("hanging up: the client does not read", "why", why, "remote", ls.ip, "id", ls.who.ID)
		closeConn(sess)
	}
	ls.lastInput.Store(time.Now().UnixNano())
	s.sessions[ls] = struct{}{}
	return ls, true
}

// closeConn closes the session's SSH connection. It is the connection, not
// the channel, because closing a channel needs the client's answer, and a
// writer blocked on a stuck transport or an exhausted channel window is only
// freed when the connection goes. Other sessions multiplexed on that
// connection end too; on a stuck transport they could not have gone on anyway.
func closeConn(sess ssh.Session) {
	if c, ok := sess.Context().Value(ssh.ContextKeyConn).(io.Closer); ok {
		_ = c.Close()
	}
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
	if s.closing && len(s.sessions) == 0 && s.drained != nil {
		select {
		case <-s.drained:
		default:
			close(s.drained)
		}
	}
}

// routing sends a session to the lobby, a table, or a plain command.
func (s *Server) routing(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		defer next(sess)
		who, err := s.identify(sess)
		if err != nil {
			s.log.Error("session without identity", "remote", sess.RemoteAddr().String(), "err", err)
			refuse(sess, "Authentication did not give this session an identity; please reconnect.")
			return
		}
		if left := s.kickedFor(who.ID); left > 0 {
			refuse(sess, fmt.Sprintf("An admin asked you to leave. You can come back in %d min.", int(math.Ceil(left.Minutes()))))
			return
		}
		_, _, hasPty := sess.Pty()
		args := sanitizeArgs(sess.Command())
		plain, rest, isPlain := plainCommand(args)
		var start session.Start
		if !isPlain {
			// Before register: a claim changes who the session is, and a
			// registered session's identity is read by other goroutines.
			if start, err = s.parseStart(args, &who, hasPty, hostOf(sess.RemoteAddr())); err != nil {
				refuse(sess, err.Error())
				return
			}
		}
		ls, ok := s.register(who, sess)
		if !ok {
			refuse(sess, endRestart.message(s.limits))
			return
		}
		defer s.unregister(ls)
		// Everything the session writes from here on is watched: a client
		// that stops reading for OutputStall is disconnected.
		out := term.NewOutputWatch(sess)
		sess = watchedSession{sess, out}
		stall := term.WatchStall(out, s.limits.OutputStall, func(blocked time.Duration) {
			ls.hangUp(fmt.Sprintf("output blocked for %s", blocked.Round(time.Millisecond)))
		})
		defer stall.Stop()
		// A session that is over while a write is still blocked (a renderer
		// writing from its own goroutine lets the program end without it)
		// would keep that writer and its connection until the client read.
		defer func() {
			if out.BlockedFor() > 0 {
				ls.hangUp("the session is over")
			}
		}()
		// The session's own context ends with the session, with the connection
		// (sess.Context is per connection), or when the server ends it.
		stop := context.AfterFunc(sess.Context(), ls.cancel)
		defer stop()

		if isPlain {
			_ = sess.Exit(s.runPlain(sess, who, plain, rest))
			return
		}
		s.runProgram(sess, ls, start)
	}
}

// runProgram runs the session's Bubble Tea program until the player quits,
// the connection drops, or the server ends the session, then tells the
// client why when the server ended it.
func (s *Server) runProgram(sess ssh.Session, ls *liveSession, start session.Start) {
	// wish's bubbletea middleware feeds window changes to the program and
	// quits it when the connection ends; it is built per session because the
	// program handler closes over this session's state.
	var model tea.Model
	var scr *term.Screen
	// Closed when the program has ended: its forwarder stops.
	programDone := make(chan struct{})
	var stopQuit func() bool
	handler := func(sess ssh.Session) *tea.Program {
		r := newRenderer(sess)
		pty, _, _ := sess.Pty()
		model = term.NewFrame(s.cfg.NewModel(ls.ctx, s.hub, ls.who, start, r, pty.Window.Width, pty.Window.Height), r, pty.Window.Width)
		keys := term.NewKeyReader(sess)
		keys.Limit(s.limits.KeysPerSecond, func() {
			ls.notify(fmt.Sprintf("Too many keys at once: some were ignored (at most %d a second).", s.limits.KeysPerSecond))
		})
		if pty.Term != "" && pty.Term != "dumb" {
			// Ask for the background colour; the key reader takes the answer
			// whenever it comes and the screen is redrawn in the right shades.
			keys.OnBackground(func(dark bool) {
				r.SetHasDarkBackground(dark)
				ls.send(term.RedrawMsg{})
			})
			_, _ = io.WriteString(sess, term.BackgroundQuery)
		}
		// The program draws through the session's own screen (see term.Screen):
		// Bubble Tea's renderer is off and the program writes nothing itself.
		scr = term.NewScreen(term.ActivityWriter{W: sess, Last: &ls.lastOutput}, pty.Window.Width, pty.Window.Height)
		opts := []tea.ProgramOption{
			// One key per read: see term.KeyReader. (Sessions use wish's
			// emulated pty, so the input is the session itself.)
			tea.WithInput(keys),
			tea.WithOutput(io.Discard),
			tea.WithoutRenderer(),
			// The server owns SIGINT/SIGTERM: a program catching them would
			// die before the graceful shutdown could tell its player why.
			tea.WithoutSignalHandler(),
			tea.WithFilter(ls.filter),
		}
		p := tea.NewProgram(term.OnScreen(model, scr), opts...)
		ls.mu.Lock()
		ls.program = p
		ls.programDone = programDone
		ls.mu.Unlock()
		// Quit when the server ends the session; no goroutine waits for it.
		stopQuit = context.AfterFunc(ls.ctx, p.Quit)
		return p
	}
	idle := s.watchIdle(ls)
	defer idle.Stop()
	bm.MiddlewareWithProgramHandler(handler, termenv.Ascii)(func(ssh.Session) {})(sess)
	close(programDone)
	if stopQuit != nil {
		stopQuit()
	}
	// The program has ended, however it ended: let the model let go of its
	// table (a dropped player must show as away, not linger as present).
	if c, ok := model.(interface{ Close() }); ok {
		c.Close()
	}

	// Written after the screen left the alternate screen, so the sentences
	// stay in the player's terminal. A terminal that does not read by then
	// gets nothing more.
	if scr != nil && !scr.Close(term.CloseWait) {
		return
	}
	if r := ls.endReason(); r != endNone {
		wish.Printf(sess, "\r\n%s\r\n", r.message(s.limits))
	}
	if ls.who.Guest {
		code := s.guests.codeFor(ls.who.ID)
		wish.Printf(sess, "Your guest reclaim code is %s: ssh -t HOST TABLE claim %s takes your seat back.\r\n", code, code)
	}
	_ = sess.Exit(0)
}

// watchedSession is an SSH session whose writes go through a stall clock's
// OutputWatch; everything else is the session's.
type watchedSession struct {
	ssh.Session
	out *term.OutputWatch
}

func (w watchedSession) Write(p []byte) (int, error) { return w.out.Write(p) }

// filter sees every message before the model: it notes keystrokes for the
// lobby idle timeout.
func (ls *liveSession) filter(_ tea.Model, msg tea.Msg) tea.Msg {
	if _, ok := msg.(tea.KeyMsg); ok {
		ls.lastInput.Store(time.Now().UnixNano())
	}
	return msg
}

// watchIdle ends a session that has typed nothing and whose screen has not
// changed for LobbyIdle, while its player has no seat at a live table (a
// player waiting for their turn is not idle, nor is someone watching a
// game). It re-arms itself rather than ticking.
func (s *Server) watchIdle(ls *liveSession) *time.Timer {
	limit := s.limits.LobbyIdle
	var t *time.Timer
	var check func()
	check = func() {
		if ls.ctx.Err() != nil {
			return
		}
		quiet := time.Since(time.Unix(0, max(ls.lastInput.Load(), ls.lastOutput.Load())))
		if quiet >= limit && !s.hub.seatedAtLiveTable(ls.who.ID) {
			s.log.Info("idle in lobby: disconnecting", "remote", ls.ip, "id", ls.who.ID)
			ls.end(endIdle)
			return
		}
		next := limit - quiet
		if next <= 0 {
			next = limit
		}
		t.Reset(next)
	}
	// Created far in the future and then reset, so that check never runs
	// before t is assigned.
	t = time.AfterFunc(time.Duration(math.MaxInt64), check)
	t.Reset(limit)
	return t
}
