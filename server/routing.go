package server

import (
	"charm.land/ssh"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// routing sends a session to the lobby, a table, or a plain command.
func (s *Server) routing(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		defer next(sess)
		c := sshClient(sess)
		who, err := s.identify(sess)
		if err != nil {
			s.log.Error("session without identity", "remote", sess.RemoteAddr().String(), "err", err)
			l, _ := i18n.FromEnv(c.environ)
			c.refuse(l.T("Authentication did not give this session an identity; please reconnect."))
			return
		}
		who.Addr = c.ip
		if left := s.moderator.keptOutFor(who, c.ip); left > 0 {
			c.refuse(keptOut(who.Lang, left))
			return
		}
		args := sanitizeArgs(sess.Command())
		if plain, rest, ok := plainCommand(args); ok {
			s.attend(c, who, func(*liveSession) { c.exit(s.runPlain(c.ssh, who, plain, rest)) })
			return
		}
		s.play(c, who, args)
	}
}
