package server

import (
	"strings"
	"time"

	"charm.land/ssh"
	"github.com/mysterium-ssh/mysterium/server/guests"
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
// guest's reclaim code masked (it is a credential for a seat) in every
// spelling a player may type: `claim CODE`, `--claim CODE`, `claim=CODE`,
// `--claim=CODE`, any case, quoted or not, and a code typed in two halves
// (`claim K7QX M2PD`): after the keyword, words are masked until eight of
// the code's characters are hidden or a word could not be part of one.
func logCommand(raw string) string {
	f := strings.Fields(sanitizeLog(raw))
	for i := 0; i < len(f); i++ {
		word, value, ok := claimWord(f[i])
		if !ok {
			continue
		}
		hidden := 0
		if value != "" {
			f[i] = word + "=****"
			hidden = codeChars(value)
		}
		for i+1 < len(f) && hidden < guests.CodeLen && (hidden == 0 || codeChars(f[i+1]) > 0) {
			i++
			hidden += max(1, codeChars(f[i]))
			f[i] = "****"
		}
	}
	return strings.Join(f, " ")
}

// claimWord reads one word of a command line as the claim keyword: "claim"
// with any dashes before it, any case, quotes around it ignored, and the
// value joined to it by = or : if any. word is the keyword as typed.
func claimWord(w string) (word, value string, ok bool) {
	t := strings.Trim(w, `"'`)
	word, value, joined := strings.Cut(t, "=")
	if !joined {
		word, value, _ = strings.Cut(t, ":")
	}
	if !strings.EqualFold(strings.TrimLeft(word, "-"), "claim") {
		return "", "", false
	}
	return word, strings.Trim(value, `"'`), true
}

// codeChars counts the characters of w that a reclaim code is made of
// (any case), or 0 when w holds anything else but dashes and quotes.
func codeChars(w string) int {
	n := 0
	for _, r := range strings.ToUpper(strings.Trim(w, `"'`)) {
		switch {
		case r == '-':
		case r < 0x80 && strings.IndexByte(guests.Alphabet, byte(r)) >= 0:
			n++
		default:
			return 0
		}
	}
	return n
}
