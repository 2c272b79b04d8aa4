package server

import (
	"charm.land/ssh"
	"charm.land/wish/v2/recover"
)

// middleware is the SSH session's middleware chain, outermost first. Each
// layer wraps everything below it, so the order decides what each one can
// see and protect; each lives in its own file.
//
//  1. recover: a panic in any layer below, or in a plain command, costs
//     that one session and a log line, never the process with everybody's
//     games. (Bubble Tea recovers panics inside a program on its own.)
//  2. logging (logging.go): every session's connect and disconnect with its
//     identity and address, including sessions the limits below refuse, so a
//     flood is visible in the log.
//  3. rate limiting (ratelimit.go): connections per minute per address and
//     open sessions (in total and per address), refused with a sentence
//     before any work is done for the session: no renderer, no program, no
//     table lookup.
//  4. routing (routing.go): identity, then a terminal goes to the lobby or
//     straight to a table (a Bubble Tea program, program.go) and no terminal
//     runs a plain command (plain.go); either way the session lives as a
//     liveSession (livesession.go) the server can reach, with a stall clock
//     and, for a program, an idle clock (idle.go).
//
// wish (and recover.MiddlewareWithLogger) compose a list so that the LAST
// one listed runs first, hence the list below reads innermost first.
func (s *Server) middleware() func(ssh.Handler) ssh.Handler {
	return recover.MiddlewareWithLogger(
		s.cfg.Logger.WithPrefix("recover"),
		s.routing,   // 4
		s.rateLimit, // 3
		s.logging,   // 2
	) // 1
}
