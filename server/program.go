package server

import (
	"context"
	"fmt"
	"io"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/server/metrics"
	"github.com/mysterium-ssh/mysterium/session"
	"github.com/mysterium-ssh/mysterium/term"
	"github.com/mysterium-ssh/mysterium/term/graphics"
)

// play runs a session headed for a screen (the lobby or a table) for c,
// whose command line was args.
func (s *Server) play(c *client, who session.Identity, args []string) {
	// Before attend registers the session: a claim changes who the session
	// is, and a registered session's identity is read by other goroutines.
	start, err := s.parseStart(args, &who, c.terminal, c.ip)
	if err != nil {
		c.refuse(sentenceIn(who.Lang, err))
		return
	}
	s.attend(c, who, func(ls *liveSession) { s.runProgram(c, ls, start) })
}

// runProgram runs the session's Bubble Tea program until the player quits,
// the connection drops, or the server ends the session, then tells the
// client why when the server ended it.
func (s *Server) runProgram(c *client, ls *liveSession, start session.Start) {
	r := term.NewRenderer(c.termType, c.environ)
	// Only a client that says its terminal reports taps gets them turned
	// on (a browser): an SSH user's mouse keeps selecting and copying text.
	start.Taps = c.taps
	// The host's --images off: every card in half blocks.
	start.ImagesOff = s.cfg.ImagesOff
	inner := s.cfg.NewModel(ls.ctx, s.hubFor(c), ls.who, start, r, c.size.Width, c.size.Height)
	model := term.NewFrame(inner, r, c.size.Width)
	var drawn term.Model = model
	if kl, ok := inner.(keyLister); ok && c.hints != nil {
		drawn = hinted{Model: model, keys: kl, tell: c.hints, last: new(string)}
	}
	keys := term.NewKeyReader(c.in)
	keys.Limit(s.limits.KeysPerSecond, func() {
		s.metrics.Refuse(metrics.KeysPerSecond)
		ls.notify(s.hub.langNow(ls.who).F("Too many keys at once: some were ignored (at most %d a second).", s.limits.KeysPerSecond))
	})
	var p *tea.Program // made below, before the key reader runs
	if c.termType != "" && c.termType != "dumb" {
		// Ask for the background colour; the key reader takes the answer
		// whenever it comes and the screen is redrawn in the right shades.
		keys.OnBackground(func(dark bool) {
			r.SetHasDarkBackground(dark)
			ls.send(term.RedrawMsg{})
		})
		queries := term.BackgroundQuery
		if !s.cfg.ImagesOff {
			// And what it draws (kitty graphics, sixel, its cell size in
			// pixels), never waiting: the session draws half blocks until
			// the answers come, and for good if none does.
			keys.OnCaps(func(caps graphics.Caps) {
				if caps.Win == (graphics.Pixels{}) && caps.Cell == (graphics.Pixels{}) {
					// A terminal that does not report its sizes (xterm
					// keeps its window operations off) told its pixels to
					// the SSH client, which sent them with the pty.
					caps.Win = graphics.SaneWindow(graphics.Pixels{W: c.pixels.Width, H: c.pixels.Height})
				}
				if caps.Cell == (graphics.Pixels{}) {
					// Cells keep their size when the window's changes: the
					// one the window has now is the one to keep.
					caps.Cell = caps.CellSize(c.size.Width, c.size.Height)
				}
				s.log.Debug("the terminal says what it draws", "remote", ls.ip, "id", ls.who.ID, "images", caps.Protocol().String(), "cell", fmt.Sprintf("%dx%d", caps.Cell.W, caps.Cell.H))
				// Straight to the program, as keys go (the key reader's
				// goroutine, after the program exists): the inbox may drop.
				p.Send(term.CapsMsg{Caps: caps})
			})
			queries += graphics.Query
		}
		_, _ = io.WriteString(c.out, queries)
	}
	// The program draws through the session's own screen (see term.Screen):
	// Bubble Tea's renderer is off and the program writes nothing itself.
	scr := term.NewScreen(term.ActivityWriter{W: s.metrics.Output(c.out), Last: &ls.lastOutput}, c.size.Width, c.size.Height)
	if c.taps {
		scr.ReportTaps()
	}
	// Bubble Tea v2 ticks its frame rate (60 a second) even without a
	// renderer: a goroutine and a timer per session for nothing. Once the
	// program runs, releasing the terminal stops that ticker; with no input
	// reader and no terminal of the program's own it does nothing else
	// (TestASessionRunsNoFrameTicker). Not from the event loop:
	// ReleaseTerminal waits (half a second) for an input reader there is not.
	release := func() { _ = p.ReleaseTerminal() }
	p = tea.NewProgram(term.OnScreen(drawn, scr, release),
		// No input reader in the program: term.Feed hands it the keys.
		tea.WithInput(nil),
		tea.WithOutput(io.Discard),
		tea.WithoutRenderer(),
		// The server owns SIGINT/SIGTERM: a program catching them would
		// die before the graceful shutdown could tell its player why.
		tea.WithoutSignalHandler(),
		tea.WithFilter(ls.filter),
		// The client's, never the server's: what v2 would detect from
		// the server's own environment is not the player's. The size is
		// the one the program sends its model first.
		tea.WithEnvironment(c.environ),
		tea.WithColorProfile(r.ColorProfile()),
		tea.WithWindowSize(c.size.Width, c.size.Height),
	)
	// One key per read (term.KeyReader: the per-second limit, pastes as
	// one input), decoded by v2's decoder and sent to the program. v2's
	// own input reader builds a table of key sequences per program (about
	// 114 KiB); the decoder needs none (docs/performance.md).
	go term.Feed(keys, p.Send)
	// Closed when the program has ended: its forwarder stops.
	programDone := make(chan struct{})
	ls.mu.Lock()
	ls.program = p
	ls.programDone = programDone
	ls.mu.Unlock()
	// Quit when the server ends the session; no goroutine waits for it.
	stopQuit := context.AfterFunc(ls.ctx, p.Quit)
	// Window changes reach the program as messages, through the inbox so
	// that a program stuck on its output holds up nobody (nor the SSH
	// channel's request guard, which tells them).
	if c.resizes != nil {
		defer c.resizes(func(sz term.Size) { ls.send(tea.WindowSizeMsg{Width: sz.Width, Height: sz.Height}) })()
	}
	idle := s.watchIdle(ls)
	defer idle.Stop()

	if _, err := p.Run(); err != nil {
		s.log.Error("program ended with an error", "remote", ls.ip, "id", ls.who.ID, "err", err)
	}
	p.Kill()
	close(programDone)
	stopQuit()
	// The program has ended, however it ended: let the model let go of its
	// table (a dropped player must show as away, not linger as present).
	model.Close()

	// Written after the screen left the alternate screen, so the sentences
	// stay in the player's terminal. A terminal that does not read by then
	// gets nothing more.
	if !scr.Close(term.CloseWait) {
		return
	}
	l := s.hub.langNow(ls.who)
	if r := ls.endReason(); r != endNone {
		fmt.Fprintf(c.out, "\r\n%s\r\n", ls.endMessage(l, s.limits))
	}
	if ls.who.Guest {
		code := s.guests.CodeFor(ls.who.ID)
		fmt.Fprintf(c.out, "%s\r\n", l.F("Your guest reclaim code is %s: ssh -t HOST TABLE claim %s takes your seat back.", code, code))
	}
	c.exit(0)
}
