package server

import (
	"strings"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/sanitize"
	"github.com/mysterium-ssh/mysterium/session"
)

// kickFor is how long a kicked player is kept out.
const kickFor = 10 * time.Minute

// admin runs an admin's plain command and returns what to print.
func (s *Server) admin(who session.Identity, cmd string, args []string) (string, error) {
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
	case "kick":
		if len(args) != 1 {
			return "", tell.T("usage: kick NAME (or the player's SHA256:... id)")
		}
		n, id := s.kick(args[0])
		if n == 0 && id == "" {
			return "", tell.F("Nobody called %q is connected.", args[0])
		}
		s.log.Info("admin kicked a player", "admin", who.ID, "player", id, "sessions", n)
		return who.Lang.F("Disconnected %d session(s) of %s for %s.", n, id, roundDuration(kickFor)), nil
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
func (s *Server) broadcast(text string) int {
	n := 0
	for _, ls := range s.live() {
		if ls.notify(text) {
			n++
		}
	}
	return n
}

// kick ends every session of the player named (display name, or id) and
// keeps them out for kickFor. It returns the sessions ended and the id.
func (s *Server) kick(name string) (int, game.PlayerID) {
	var id game.PlayerID
	for _, ls := range s.live() {
		if string(ls.who.ID) == name || strings.EqualFold(ls.who.Name, name) {
			id = ls.who.ID
			break
		}
	}
	if id == "" {
		return 0, ""
	}
	s.mu.Lock()
	if s.kicked == nil {
		s.kicked = map[game.PlayerID]time.Time{}
	}
	s.kicked[id] = time.Now().Add(kickFor)
	s.mu.Unlock()
	n := 0
	for _, ls := range s.live() {
		if ls.who.ID == id {
			ls.end(endKicked)
			n++
		}
	}
	return n, id
}

// kickedFor is how long a kicked player must still wait (0: not kicked).
func (s *Server) kickedFor(id game.PlayerID) time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	until, ok := s.kicked[id]
	if !ok {
		return 0
	}
	left := time.Until(until)
	if left <= 0 {
		delete(s.kicked, id)
		return 0
	}
	return left
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
