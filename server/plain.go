package server

import (
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"charm.land/ssh"
	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/keys"
	"github.com/mysterium-ssh/mysterium/sanitize"
	"github.com/mysterium-ssh/mysterium/server/guests"
	"github.com/mysterium-ssh/mysterium/session"
)

// plainCommand recognises the commands that print text and need no
// terminal: everyone's (tables, help, version) and the admins' (close, kick,
// notice), which take arguments.
func plainCommand(args []string) (string, []string, bool) {
	if len(args) == 0 {
		return "", nil, false
	}
	c := strings.ToLower(args[0])
	switch c {
	case "--help", "-h":
		c = "help"
		fallthrough
	case "tables", "help", "version", "history", "stats", "invite", "close", "kick", "ban", "unban", "notice":
		// tables, help and version take no arguments; runPlain says so
		// rather than letting the words read as an unknown command.
		return c, args[1:], true
	}
	return "", nil, false
}

// runPlain prints a plain command's answer, in the player's language, and
// returns the exit status.
func (s *Server) runPlain(sess ssh.Session, who session.Identity, cmd string, args []string) int {
	l := who.Lang
	switch cmd {
	case "tables", "help", "version", "history", "stats":
		if len(args) > 0 {
			fmt.Fprintln(sess.Stderr(), l.F("%s takes no arguments (it was given %q): ssh HOST %s", cmd, strings.Join(args, " "), cmd))
			return 1
		}
	}
	switch cmd {
	case "version":
		fmt.Fprintf(sess, "mysterium %s\n", s.cfg.Version)
	case "help":
		writeHelp(sess, l)
		if who.Admin {
			writeAdminHelp(sess, l)
		}
	case "tables":
		writeTables(sess, l, s.hub.Tables(who))
	case "history", "stats", "invite":
		return s.runGames(sess, who, cmd, args)
	case "close", "kick", "ban", "unban", "notice":
		if !who.Admin {
			fmt.Fprintln(sess.Stderr(), l.F("Only admins may use %s (their keys are in the server's --admin-keys file).", cmd))
			return 1
		}
		msg, err := s.moderator.run(who, cmd, args)
		if err != nil {
			fmt.Fprintln(sess.Stderr(), sentenceIn(l, err))
			return 1
		}
		fmt.Fprintln(sess, msg)
	}
	return 0
}

// adminHelpText is what help adds for admins.
var adminHelpText = i18n.N(`
For admins (keys in the server's --admin-keys file); the tables list shows
private tables too:
  ssh -p PORT HOST close CODE         end table CODE; its players go back to the lobby
  ssh -p PORT HOST kick WHO           disconnect a player and keep them out 10 min
  ssh -p PORT HOST ban WHO [24h]      the same for longer (30m, 12h, 7d...)
  ssh -p PORT HOST unban WHO          let them back in now
  ssh -p PORT HOST notice TEXT...     show a one-line notice on every screen
WHO is an identity, never just a name anyone can take:
  SHA256:...                          a key's fingerprint (ssh-keygen -lf)
  guest:...  browser:...              a guest's or a browser's id
  K7QX ▲   K7QX 2   K7QX yellow       whoever sits there (colours from ● 1 to
                                      ✚ 6; the ghost: K7QX ghost)
  alice                               a name, if only one player has it; else
                                      the candidates are listed and nothing done
Without a key (a guest, a browser) their address is kept out as long too.
Their seats at tables whose game has not started are freed for others.
Bans last until the server restarts; --allow-keys keeps a key out for good.
`)

func writeAdminHelp(w io.Writer, l i18n.Lang) {
	_, _ = io.WriteString(w, l.T(adminHelpText))
}

// helpText is what `ssh HOST help` prints.
var helpText = i18n.N(`Mysterium over SSH: a cooperative seance for one ghost and its psychics.

  ssh -p PORT HOST                    the lobby: list, create, join or watch tables
  ssh -p PORT -t HOST CODE            straight to table CODE (take a seat or watch)
  ssh -p PORT -t HOST CODE --plain    the same, cards drawn as text (screen readers,
                                      16-colour terminals)
  ssh -p PORT -t HOST CODE claim XXXX-XXXX
                                      a guest takes their seat back with the
                                      reclaim code shown on their screen
  ssh -p PORT HOST tables             the open tables, as text
  ssh -p PORT HOST invite CODE        an invitation to table CODE, to paste in a chat
  ssh -p PORT HOST history            your last 20 games (ssh -t HOST CODE replays one)
  ssh -p PORT HOST stats              your games and wins, and the server's win rates
  ssh -p PORT HOST version            the server's version
  ssh -p PORT HOST help               this text

Your SSH key is your identity: come back with the same key and you are back
in your seat. Without a key you play as a guest. Your SSH user name is only
your display name (change it in the lobby).
`)

func writeHelp(w io.Writer, l i18n.Lang) {
	_, _ = io.WriteString(w, l.T(helpText))
}

func writeTables(w io.Writer, l i18n.Lang, tables []session.TableInfo) {
	if len(tables) == 0 {
		fmt.Fprintln(w, l.T("No tables yet. Connect with a terminal to create one."))
		return
	}
	rows := [][]string{{l.T("CODE"), l.T("NAME"), l.T("EDITION"), l.T("DIFFICULTY"), l.T("TIMER"), l.T("SEATS"), l.T("STATUS"), l.T("HOST")}}
	for _, t := range tables {
		diff := t.Options.Difficulty.Name(l)
		if diff == "" {
			diff = "-"
		}
		timer := l.T("off")
		if t.Options.Timer > 0 {
			timer = roundDuration(t.Options.Timer)
		}
		name := t.Name
		if t.Private {
			name += l.T(" (private)")
		}
		rows = append(rows, []string{t.Code, name, t.Options.Edition.Name(l), diff, timer,
			fmt.Sprintf("%d/%d", t.SeatsTaken, t.SeatsTaken+t.SeatsOpen), l.T(t.Status), t.Host})
	}
	writeColumns(w, rows)
}

// writeColumns prints rows as left-aligned columns two spaces apart,
// measured in terminal cells: a name with emoji or CJK characters (two
// cells each) keeps its row in line, which text/tabwriter (one per rune)
// does not. The cells are sanitised already; the last column is not padded.
func writeColumns(w io.Writer, rows [][]string) {
	var widths []int
	for _, r := range rows {
		for i, c := range r {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], ansi.StringWidth(c))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		for i, c := range r {
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-ansi.StringWidth(c)+2))
			}
		}
		b.WriteByte('\n')
	}
	_, _ = io.WriteString(w, b.String())
}

// parseStart reads the command line of a session headed for the game:
// nothing (the lobby), a table code, `--plain`, and `claim K7QX-M2PD`. A
// claim turns the session's identity into the guest's it names (ip, the
// client's address, is what failed claims are counted against), and ends the
// sessions that identity still has.
func (s *Server) parseStart(args []string, who *session.Identity, hasPty bool, ip string) (session.Start, error) {
	var st session.Start
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--plain" || a == "-plain":
			st.Plain = true
		case isClaim(a):
			// claim CODE, --claim CODE, claim=CODE (logCommand masks
			// each of them in the log).
			_, value, _ := claimWord(a)
			if value == "" {
				if i+1 >= len(args) {
					return st, tell.T("claim needs the reclaim code shown on your screen: ssh -t HOST CODE claim K7QX-M2PD")
				}
				i++
				value = args[i]
				// A code typed in two halves: K7QX M2PD.
				if _, ok := guests.Normalise(value); !ok && i+1 < len(args) {
					if _, ok := guests.Normalise(value + args[i+1]); ok {
						i++
						value += args[i]
					}
				}
			}
			st.Claim = value
		case st.TableCode == "" && looksLikeCode(a):
			st.TableCode = normaliseCode(a)
		default:
			return st, tell.F("Unknown command %q. Try: tables, help, version, or a table code.", a)
		}
	}
	// Without a terminal a code is not even looked up: the answer must be
	// the same for a private table and a missing one (or it would tell a
	// guesser which codes are tables), and it cannot say "no table" to a
	// friend who only forgot -t.
	if !hasPty {
		if st.TableCode != "" {
			return st, tell.F("Table %s needs a terminal: use ssh -t HOST %s", st.TableCode, st.TableCode)
		}
		return st, tell.T("This needs a terminal: use ssh -t HOST, or one of: tables, help, version.")
	}
	// With one, a code is a guess like any typed in the lobby (FindByCode
	// limits wrong ones).
	if st.TableCode != "" {
		if _, err := s.hub.FindByCode(*who, st.TableCode); err != nil {
			return st, err
		}
	}
	if st.Claim != "" {
		right, retry, ok := s.gate.claimTry(ip)
		if !ok {
			s.log.Warn("reclaim refused: too many wrong codes", "remote", ip)
			return st, tell.F("Too many wrong reclaim codes from your address (%d in %s). Try again in %s.",
				s.limits.ClaimFailuresPerIP, roundDuration(ClaimWindow), waitText(retry))
		}
		id, ok := s.guests.Claim(st.Claim)
		if !ok {
			s.log.Warn("wrong reclaim code", "remote", ip)
			return st, tell.F("No guest has the reclaim code %s.", st.Claim)
		}
		right()
		if left := s.moderator.kickedFor(id); left > 0 {
			return st, tell.F("An admin asked you to leave. You can come back in %s.", waitLong(who.Lang, left))
		}
		who.ID, who.Guest, who.Fingerprint, who.Admin = id, true, "", false
		if name, ok := s.hub.nameOf(id); ok {
			who.Name = name
		}
		// One seat, one player: a session still open with this identity
		// (a forgotten terminal, or whoever had the code) ends now.
		if n := s.takeOver(id); n > 0 {
			s.log.Info("guest identity reclaimed from another connection", "id", id, "sessions", n, "remote", ip)
		}
	}
	if who.Guest {
		who.Claim = s.guests.CodeFor(who.ID)
	}
	// Coming back without a code: a player with a seat at a running table
	// goes straight back to it (q leads to the lobby).
	if st.TableCode == "" {
		if code, ok := s.hub.liveSeat(who.ID); ok {
			st.TableCode = code
		}
	}
	return st, nil
}

// sanitizeArgs passes every command-line argument through the one sanitiser
// before anything looks at it or echoes it back.
func sanitizeArgs(args []string) []string {
	out := make([]string, 0, len(args))
	for _, a := range args {
		if a = sanitize.Line(a, 64); a != "" {
			out = append(out, a)
		}
	}
	return out
}

// isClaim reports whether a command line's word is the claim keyword in
// one of its spellings (claimWord).
func isClaim(a string) bool {
	_, _, ok := claimWord(a)
	return ok
}

// sanitizeLog makes a client-supplied string safe for a log line.
func sanitizeLog(s string) string { return sanitize.Line(s, 120) }

func fingerprintOf(pk ssh.PublicKey) string { return keys.Fingerprint(pk) }

// waitText says how long to wait, rounded up to what a person would say.
func waitText(d time.Duration) string {
	if d <= time.Minute {
		return fmt.Sprintf("%d s", int(math.Ceil(d.Seconds())))
	}
	return fmt.Sprintf("%d min", int(math.Ceil(d.Minutes())))
}
