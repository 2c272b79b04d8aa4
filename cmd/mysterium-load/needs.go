package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"syscall"
)

// needs is what a run asks of the server's limits. The server's defaults
// suit a friend group (a few sessions from each address, a few new
// connections a minute), and every session of a load run comes from one
// address in one burst: a run of more than a handful of sessions needs the
// server started with larger limits, and the tool says which before it
// starts, and again beside every refusal.
type needs struct {
	sessions int // --max-sessions and --max-sessions-per-ip
	conns    int // --conns-per-minute
	tables   int // --max-tables
	codes    int // --code-failures
}

// serverNeeds is what n sessions at the given number of tables need.
// New connections get twice the run's count, so a run started right after
// another (both within the server's sliding minute) is not refused, and
// tables twice theirs, because the tables of a run that just ended still
// count against --max-tables until they have been empty for a while.
// Codes get the run's count: the server counts a typed table code as wrong
// until it has found the table (so that parallel guesses cannot all pass
// the check before any fails), and every joiner of a run types its code in
// the same burst from the same address; on a starved server ten right codes
// in flight at 1,000 sessions locked the tool out at the default limit.
func serverNeeds(n, tables int) needs {
	return needs{sessions: n, conns: 2 * n, tables: 2 * tables, codes: n}
}

// flags is the server's command line for these needs.
func (nd needs) flags() string {
	return fmt.Sprintf("--max-sessions %d --max-sessions-per-ip %d --conns-per-minute %d --max-tables %d --code-failures %d",
		nd.sessions, nd.sessions, nd.conns, nd.tables, nd.codes)
}

// printNeeds says, before a run, how the server must be started for it.
func printNeeds(w io.Writer, cfg config, tables int) {
	nd := serverNeeds(cfg.sessions, tables)
	fmt.Fprintf(w, "this run opens %d sessions at %d tables from one address; start the server with at least\n", cfg.sessions, tables)
	fmt.Fprintf(w, "  mysterium serve %s\n", nd.flags())
}

// refusals are the server's sentences for each limit, and the flag that
// raises it. A refusal comes on the session's stderr (the session limits) or
// on the screen (the table limit); the tool matches a piece of the sentence
// that holds no number and fits on an 80-column screen. (--tables-per-player is never hit: every host has
// its own key.)
var refusals = []struct {
	text string
	flag func(needs) string
}{
	{"The server is full", func(nd needs) string { return fmt.Sprintf("--max-sessions %d", nd.sessions) }},
	{"Too many sessions from your address", func(nd needs) string { return fmt.Sprintf("--max-sessions-per-ip %d", nd.sessions) }},
	{"Too many connections from your address", func(nd needs) string { return fmt.Sprintf("--conns-per-minute %d", nd.conns) }},
	{"tables with players at them", func(nd needs) string { return fmt.Sprintf("--max-tables %d", nd.tables) }},
	{"Too many wrong table codes from you", func(nd needs) string { return fmt.Sprintf("--code-failures %d", nd.codes) }},
}

// flagFor names the server flag to raise for a failure whose text (the
// server's refusal, the screen, or the error) is msg, or "" when msg is no
// limit the tool knows.
func flagFor(msg string, nd needs) string {
	for _, r := range refusals {
		if strings.Contains(msg, r.text) {
			return r.flag(nd)
		}
	}
	return ""
}

// dialHint explains a connection that failed before the server could say
// anything.
func dialHint(err error, nd needs) string {
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return "is the server running at this address?"
	case errors.Is(err, io.EOF) || errors.Is(err, syscall.ECONNRESET):
		// The server drops an address far over its connection rate before
		// the handshake, without a word.
		return fmt.Sprintf("the server hung up before the handshake: an address far over --conns-per-minute is dropped; start it with --conns-per-minute %d", nd.conns)
	}
	return ""
}
