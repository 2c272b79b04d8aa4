package server

import (
	"fmt"
	"io"
	"strings"
	"time"

	"charm.land/ssh"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session"
)

// historyLen is how many games `ssh HOST history` lists.
const historyLen = 20

// guestNote tells a guest what history and stats are for them: nothing is
// kept, because a guest's identity lasts only as long as their reclaim code.
var guestNote = i18n.N(`You are playing as a guest (you connected without an SSH key), so the
server keeps no history or statistics for you. Your SSH key is your identity
here: make one (ssh-keygen -t ed25519) and connect with it, and your games
count from then on.
`)

// records are what a server with a store keeps of the games played: a
// player's last games (history) and the counts of wins (stats), as the plain
// commands print them. Without a store there are none, and they say so.
type records struct {
	store Store         // nil: the server runs without a database
	keep  time.Duration // how long finished games are kept (KeepGames)
}

// writeHistory prints a player's last games: code, date, edition,
// difficulty, role and result. The code of a game whose table moved on to
// its next game is CODE.N; ssh -t HOST CODE shows its end screen.
func (r records) writeHistory(w io.Writer, who session.Identity) error {
	l := who.Lang
	if who.Guest {
		_, err := io.WriteString(w, l.T(guestNote))
		return err
	}
	if r.store == nil {
		_, err := io.WriteString(w, l.T("This server keeps no history: it runs without a database.")+"\n")
		return err
	}
	plays, err := r.store.History(string(who.ID), historyLen)
	if err != nil {
		return err
	}
	keep := daysText(l, r.keep)
	if len(plays) == 0 {
		fmt.Fprintln(w, l.F("No finished games with your key (%s) in the last %s.", who.ID, keep))
		return nil
	}
	fmt.Fprintf(w, "%s\n\n", l.F("Your last %d games (key %s; games are kept %s):", len(plays), who.ID, keep))
	rows := [][]string{{l.T("CODE"), l.T("DATE (UTC)"), l.T("EDITION"), l.T("DIFFICULTY"), l.T("ROLE"), l.T("RESULT"), l.T("TABLE")}}
	for _, p := range plays {
		result := l.T("lost")
		if p.Won {
			result = l.T("won")
		}
		rows = append(rows, []string{p.Code, p.Finished.UTC().Format("2006-01-02 15:04"), game.Edition(p.Edition).Name(l),
			dash(game.Difficulty(p.Difficulty).Name(l)), roleName(l, p.Role), result, p.Name})
	}
	writeColumns(w, rows)
	fmt.Fprintf(w, "\n%s\n", l.T("ssh -t HOST CODE shows a game's end screen and replay."))
	return nil
}

// roleName is a role as the store keeps it ("ghost", "psychic") in l.
func roleName(l i18n.Lang, role string) string {
	switch role {
	case "ghost":
		return l.T("ghost")
	case "psychic":
		return l.T("psychic")
	}
	return role
}

// writeStats prints a player's games and wins by edition and role, and the
// server's win rate by edition and difficulty.
func (r records) writeStats(w io.Writer, who session.Identity) error {
	l := who.Lang
	if r.store == nil {
		_, err := io.WriteString(w, l.T("This server keeps no statistics: it runs without a database.")+"\n")
		return err
	}
	if who.Guest {
		_, _ = io.WriteString(w, l.T(guestNote))
	} else {
		mine, err := r.store.PlayerStats(string(who.ID))
		if err != nil {
			return err
		}
		if len(mine) == 0 {
			fmt.Fprintln(w, l.F("You have no finished games yet (key %s).", who.ID))
		} else {
			fmt.Fprintf(w, "%s\n\n", l.F("Your games (key %s):", who.ID))
			rows := [][]string{{l.T("EDITION"), l.T("ROLE"), l.T("PLAYED"), l.T("WON"), l.T("WIN RATE")}}
			played, won := 0, 0
			for _, c := range mine {
				rows = append(rows, []string{game.Edition(c.Edition).Name(l), roleName(l, c.Role), fmt.Sprint(c.Played), fmt.Sprint(c.Won), rate(c.Won, c.Played)})
				played += c.Played
				won += c.Won
			}
			rows = append(rows, []string{l.T("all"), "", fmt.Sprint(played), fmt.Sprint(won), rate(won, played)})
			writeColumns(w, rows)
		}
	}
	all, err := r.store.ServerStats()
	if err != nil {
		return err
	}
	fmt.Fprintln(w)
	if len(all) == 0 {
		fmt.Fprintln(w, l.T("No game has been finished on this server yet."))
		return nil
	}
	fmt.Fprintln(w, l.T("This server (every finished game):"))
	fmt.Fprintln(w)
	rows := [][]string{{l.T("EDITION"), l.T("DIFFICULTY"), l.T("GAMES"), l.T("WON"), l.T("WIN RATE")}}
	for _, c := range all {
		rows = append(rows, []string{game.Edition(c.Edition).Name(l), dash(game.Difficulty(c.Difficulty).Name(l)), fmt.Sprint(c.Played), fmt.Sprint(c.Won), rate(c.Won, c.Played)})
	}
	writeColumns(w, rows)
	return nil
}

func rate(won, played int) string {
	if played == 0 {
		return "-"
	}
	return fmt.Sprintf("%d%%", (won*100+played/2)/played)
}

func dash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "-"
	}
	return s
}

// daysText says a retention time in days when it is a whole number of them.
func daysText(l i18n.Lang, d time.Duration) string {
	const day = 24 * time.Hour
	if d >= day && d%day == 0 {
		return l.F("%d days", int(d/day))
	}
	return roundDuration(d)
}

// runGames answers history, stats and invite CODE.
func (s *Server) runGames(sess ssh.Session, who session.Identity, cmd string, args []string) int {
	var err error
	rec := records{store: s.cfg.Store, keep: s.limits.KeepGames}
	switch cmd {
	case "history":
		err = rec.writeHistory(sess, who)
	case "stats":
		err = rec.writeStats(sess, who)
	case "invite":
		if len(args) != 1 {
			fmt.Fprintln(sess.Stderr(), who.Lang.T("invite needs the table's code: ssh HOST invite K7QX"))
			return 1
		}
		var inv session.Invitation // its text alone: a QR code is for a screen
		if inv, err = s.hub.inviteVia(who, args[0], sess.LocalAddr().String()); err == nil {
			_, err = io.WriteString(sess, inv.Text)
		}
	}
	if err != nil {
		if _, ok := err.(*refusal); ok {
			fmt.Fprintln(sess.Stderr(), sentenceIn(who.Lang, err))
			return 1
		}
		s.log.Error(cmd, "id", who.ID, "err", err)
		fmt.Fprintln(sess.Stderr(), who.Lang.T("The server could not read its records just now; try again in a moment."))
		return 1
	}
	return 0
}
