package server

import (
	"strings"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/sanitize"
	"github.com/mysterium-ssh/mysterium/session"
)

// moderator does what the admins ask with their plain commands (close,
// kick, ban, unban, notice; plain.go routes them here) and keeps the list of
// who they kept out (bans.go), which every way in consults before it lets a
// session start.
type moderator struct {
	hub *Hub
	log *log.Logger
	// live lists the sessions open now (the server's).
	live func() []*liveSession
	bans banList
}

// run runs an admin's plain command and returns what to print.
func (s *moderator) run(who session.Identity, cmd string, args []string) (string, error) {
	switch cmd {
	case "close":
		if len(args) != 1 {
			return "", tell.T("usage: close CODE")
		}
		code := normaliseCode(args[0])
		if err := s.hub.closeTable(code); err != nil {
			return "", err
		}
		s.log.Info("admin closed a table", "admin", who.ID, "code", code)
		return who.Lang.F("Table %s is closed.", code), nil
	case "kick", "ban":
		aim, d := args, kickFor
		if cmd == "ban" {
			var err error
			if aim, d, err = parseBan(args); err != nil {
				return "", err
			}
		}
		if len(aim) == 0 {
			if cmd == "ban" {
				return "", tell.T("usage: ban WHO [DURATION] (24h unless given: 30m, 12h, 7d); WHO as for kick")
			}
			return "", tell.T("usage: kick WHO, where WHO is a key's SHA256:... fingerprint, a guest:... or browser:... id, a seat (K7QX ▲, K7QX 2, K7QX ghost) or a name only one player has")
		}
		t, err := s.resolveTarget(who.Lang, aim)
		if err != nil {
			return "", err
		}
		if t.id == who.ID {
			return "", tell.T("That is you.")
		}
		n, addrs := s.ban(t, d)
		freed := s.hub.standUp(t.id)
		s.log.Info("admin kept a player out", "admin", who.ID, "player", t.id, "for", d, "sessions", n, "addresses", addrs, "seats freed", len(freed))
		msg := who.Lang.F("Disconnected %d session(s) of %s for %s.", n, t.label(who.Lang), waitLong(who.Lang, d))
		if len(freed) > 0 {
			msg += "\n" + who.Lang.F("Seats freed for others (the game had not started): %s.", strings.Join(freed, ", "))
		}
		switch {
		case addrs > 0:
			msg += "\n" + who.Lang.T("Their address is kept out as long: without a key, they could come back as someone new.")
		case keyless(t.id):
			msg += "\n" + who.Lang.T("Not connected: their address is unknown, so only this identity is kept out.")
		}
		return msg, nil
	case "unban":
		if len(args) == 0 {
			return "", tell.T("usage: unban WHO (as for kick)")
		}
		t, err := s.resolveTarget(who.Lang, args)
		if err != nil {
			return "", err
		}
		if !s.bans.lift(t.id) {
			return "", tell.F("%s is not kept out.", string(t.id))
		}
		s.log.Info("admin let a player back in", "admin", who.ID, "player", t.id)
		return who.Lang.F("%s may come back now.", t.label(who.Lang)), nil
	case "notice":
		text := sanitize.Text(strings.Join(args, " "), 200)
		if text == "" {
			return "", tell.T("usage: notice TEXT")
		}
		n := s.broadcast(text)
		s.log.Info("admin notice", "admin", who.ID, "sessions", n)
		return who.Lang.F("Notice shown on %d screen(s).", n), nil
	}
	return "", tell.F("unknown admin command %q", cmd)
}

// broadcast shows a notice on every session with a screen.
func (s *moderator) broadcast(text string) int {
	n := 0
	for _, ls := range s.live() {
		if ls.notify(text) {
			n++
		}
	}
	return n
}
