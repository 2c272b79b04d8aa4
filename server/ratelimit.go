package server

import (
	"math"
	"time"

	"charm.land/ssh"
	"charm.land/wish/v2"

	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/server/metrics"
)

// rateLimit refuses sessions over the connection rate of their address or
// over the session limits, with a sentence the client sees, and holds the
// session's slot until it ends.
func (s *Server) rateLimit(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if retry, ok := sess.Context().Value(ctxKeyRetry).(time.Duration); ok {
			secs := int(math.Ceil(retry.Seconds()))
			s.metrics.Refuse(metrics.ConnRate)
			ip := hostOf(sess.RemoteAddr())
			if logIt, n := s.gate.connRefused(ip); logIt {
				s.log.Warn("connection refused: too many connections from this address", "remote", ip, "limit", s.limits.ConnsPerMinutePerIP, "refused", n)
			}
			refuse(sess, envLang(sess).F("Too many connections from your address in the last minute (limit %d). Try again in %d s.", s.limits.ConnsPerMinutePerIP, secs))
			return
		}
		ip := hostOf(sess.RemoteAddr())
		if err := s.gate.acquireSession(ip); err != nil {
			s.log.Warn("session refused", "remote", ip, "reason", err.Error())
			refuse(sess, sentenceIn(envLang(sess), err))
			return
		}
		defer s.gate.releaseSession(ip)
		next(sess)
	}
}

// envLang is the language a session's client asked for, for what is said
// before the player is known (their profile's choice comes with identify).
func envLang(sess ssh.Session) i18n.Lang {
	l, _ := i18n.FromEnv(sess.Environ())
	return l
}

// refuse tells the client why it is turned away and ends the session with a
// failure status. On a terminal the text needs explicit carriage returns.
func refuse(sess ssh.Session, msg string) {
	wish.Fatalln(sess, msg)
}
