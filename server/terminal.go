package server

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/sanitize"
	"github.com/mysterium-ssh/mysterium/server/metrics"
	"github.com/mysterium-ssh/mysterium/session"
	"github.com/mysterium-ssh/mysterium/term"
)

// ServeTerminal runs one interactive session for a client that came in
// another way than SSH (a browser, see package web) and returns when it is
// over. It is the SSH path without SSH: the same layers in the same order
// (recover, logging, the limits of the client's address, identity, then
// the lobby or the table args name, as `ssh -t HOST K7QX` does), with one
// more: on a server whose keys are listed, only a client that holds the
// table's invitation token (t.Invitation) gets in, and to that table only
// (webaccess.go). The same program, screen, key reader and stall clock,
// and the same hub.
//
// who names the player: an ID the caller derived from a secret only the
// player holds (prefixed, so that it can never read as a key's fingerprint
// or a guest's id) and the name they asked for; an empty ID makes the player
// a guest with a reclaim code. Admin rights never come this way. Refusals
// and the end of session sentences are written to the client's screen.
// again reports that the server is shutting down: the client may come back
// by itself in a moment, to the same seat.
func (s *Server) ServeTerminal(ctx context.Context, t term.Client, who session.Identity, args []string) (again bool) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	watch := term.NewOutputWatch(t.Screen)
	c := &client{
		ctx:      ctx,
		in:       t.Keys,
		out:      watch,
		watch:    watch,
		terminal: true,
		termType: t.Type,
		environ:  t.Environ,
		size:     term.Size{Width: max(t.Size.Width, 0), Height: max(t.Size.Height, 0)},
		ip:       t.Addr,
		hangUp:   func() { cancel(); t.HangUp() },
		exit:     func(int) {},
		hints:    t.Hints,
		taps:     t.Taps,
	}
	c.refuse = func(msg string) { fmt.Fprintf(c.out, "\r\n%s\r\n", msg) }
	if t.Resizes != nil {
		// The client's own way of telling sizes, in a goroutine for it.
		c.resizes = func(each func(term.Size)) func() {
			rctx, stop := context.WithCancel(ctx)
			go t.Resizes(rctx, each)
			return stop
		}
	}
	who = session.Identity{ID: who.ID, Name: sanitize.Name(who.Name), Addr: c.ip}

	defer func() { again = s.isClosing() }()
	// 1. recover
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("panic in a terminal session", "remote", c.ip, "panic", r)
		}
	}()
	// 2. logging
	start := time.Now()
	l := s.log.With("remote", c.ip, "user", sanitizeLog(who.Name), "way", "web")
	l.Info("connect", "width", c.size.Width, "height", c.size.Height, "command", logCommand(strings.Join(args, " ")))
	defer func() { l.Info("disconnect", "duration", time.Since(start).Round(time.Millisecond)) }()
	// 3. rate limiting: the connection counts as one, as an SSH one does
	// when it is accepted.
	// Before the player is known: the language the browser asked for.
	asked, _ := i18n.FromEnv(c.environ)
	if s.isClosing() {
		c.refuse(endRestart.message(asked, s.limits))
		return
	}
	if over, retry := s.gate.connRate(c.ip); over > 0 {
		s.metrics.Refuse(metrics.ConnRate)
		c.refuse(asked.F("Too many connections from your address in the last minute (limit %d). Try again in %d s.", s.limits.ConnsPerMinutePerIP, int(math.Ceil(retry.Seconds()))))
		return
	}
	if err := s.gate.acquireSession(c.ip); err != nil {
		s.log.Warn("session refused", "remote", c.ip, "reason", err.Error())
		c.refuse(sentenceIn(asked, err))
		return
	}
	defer s.gate.releaseSession(c.ip)
	// 4. the browser way in's gate: on a server whose keys are listed,
	// only a table's invitation opens it, and that table only.
	if !s.webGate.open {
		code := invitedTable(args)
		if !s.AdmitsBrowser(code, t.Invitation) {
			l.Info("browser refused: no invitation to this table", "table", code, "invitation", t.Invitation != "")
			c.refuse(asked.T(webClosed))
			return
		}
		c.only = code
	}
	// 5. identity and routing.
	if who.ID == "" {
		who.ID, who.Guest = game.PlayerID(newGuestID()), true
	}
	who.Name = s.hub.welcome(who.ID, who.Name)
	who.Lang = s.hub.langFor(who.ID, c.environ)
	if left := s.moderator.keptOutFor(who, c.ip); left > 0 {
		c.refuse(keptOut(who.Lang, left))
		return
	}
	s.play(c, who, sanitizeArgs(args))
	return
}
