package server

import (
	"strings"
	"time"

	"github.com/charmbracelet/ssh"
)

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
