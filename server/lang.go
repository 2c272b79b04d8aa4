package server

import (
	"fmt"
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session"
)

// langFor is the language a player reads, by the one rule of every way in:
// the language they chose (their profile's, or a guest's for as long as
// they are connected), else the one their client asked for (env: the LANG
// and LC_* an SSH client sends; the browser's language on the web), else
// English. welcome must have run for id (it loads the profile).
func (ps *players) langFor(id game.PlayerID, env []string) i18n.Lang {
	ps.mu.Lock()
	l, chosen := ps.langs[id]
	ps.mu.Unlock()
	if chosen {
		return l
	}
	l, _ = i18n.FromEnv(env)
	return l
}

// langNow is the language a live session's player reads now: the one they
// chose since they connected (the session's language key tells the hub),
// else the one they connected with.
func (ps *players) langNow(who session.Identity) i18n.Lang {
	ps.mu.Lock()
	l, chosen := ps.langs[who.ID]
	ps.mu.Unlock()
	if chosen {
		return l
	}
	return who.Lang
}

// SetLang remembers a player's choice of language: in memory at once (a
// session starting now reads it), and in the profile of a player with a key.
// A guest's is forgotten when their last session ends (forgetLang).
func (ps *players) SetLang(id game.PlayerID, l i18n.Lang) error {
	if known, _ := i18n.Parse(l.String()); known != l {
		return fmt.Errorf("server: no language %d", l)
	}
	ps.mu.Lock()
	ps.langs[id] = l
	ps.mu.Unlock()
	if ps.store == nil || isGuest(id) {
		return nil
	}
	if err := ps.store.SetLang(id, l.String()); err != nil {
		return fmt.Errorf("server: save language: %w", err)
	}
	return nil
}

// inEveryLang is msg in each language, a line each, English first: for what
// is said before anything tells which language the reader has.
func inEveryLang(msg string) string {
	var b strings.Builder
	for i, l := range i18n.All {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l.T(msg))
	}
	return b.String()
}

// forgetLang drops a guest's choice once none of their sessions is left:
// guests are new at every connection, and a map of every guest ever seen
// would only grow.
func (ps *players) forgetLang(id game.PlayerID) {
	if !isGuest(id) {
		return
	}
	ps.mu.Lock()
	delete(ps.langs, id)
	ps.mu.Unlock()
}
