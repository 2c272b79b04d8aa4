package server

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/sanitize"
)

// players is what the hub knows of the people apart from their seats: the
// display names they chose, the languages they read (lang.go) and whether
// they want turn alerts. A player with a key has them from and to their
// profile in the store; a guest's name and language live in memory while
// they are connected. The lobby's screens reach them through the hub, which
// embeds players.
//
// Its lock is its own and guards only the two maps: the hub may take it
// while it holds its own (a table's host's name in the lobby's list), never
// the other way round.
type players struct {
	log   *log.Logger
	store Store // nil: names and languages are kept in memory only
	now   func() time.Time

	mu    sync.Mutex
	names map[game.PlayerID]string
	// langs holds the languages players chose (see lang.go): loaded with
	// the name from a profile, kept in memory for guests.
	langs map[game.PlayerID]i18n.Lang
}

// SetName changes a player's display name and returns the sanitised name.
func (ps *players) SetName(id game.PlayerID, name string) (string, error) {
	if sanitize.Line(name, 20) == "" {
		return "", tell.T("A name needs at least one visible character.")
	}
	clean := sanitize.Name(name)
	ps.mu.Lock()
	ps.names[id] = clean
	ps.mu.Unlock()
	if ps.store != nil && !isGuest(id) {
		if err := ps.store.Seen(id, clean, ps.now()); err != nil {
			return clean, fmt.Errorf("server: save name: %w", err)
		}
	}
	return clean, nil
}

// welcome returns the display name of a player who just connected with SSH
// user name sshName: the name they chose earlier (kept in the profile, or in
// memory for guests) or else the sanitised user name. It records the visit.
func (ps *players) welcome(id game.PlayerID, sshName string) string {
	ps.mu.Lock()
	name, ok := ps.names[id]
	ps.mu.Unlock()
	if ok {
		return name
	}
	name = sshName
	if isGuest(id) {
		// Guests are new at every connection: remembering their names would
		// only grow the map (a name they choose is kept by SetName).
		return name
	}
	if ps.store != nil {
		p, found, err := ps.store.Profile(id)
		if err != nil {
			ps.log.Error("load profile", "id", id, "err", err)
		} else if found {
			if p.Name != "" {
				name = p.Name
			}
			if l, ok := i18n.Parse(p.Lang); ok {
				ps.mu.Lock()
				ps.langs[id] = l
				ps.mu.Unlock()
			}
		}
		if err := ps.store.Seen(id, name, ps.now()); err != nil {
			ps.log.Error("record visit", "id", id, "err", err)
		}
	}
	ps.mu.Lock()
	ps.names[id] = name
	ps.mu.Unlock()
	return name
}

func isGuest(id game.PlayerID) bool { return strings.HasPrefix(string(id), "guest:") }

// nameOf returns the display name a player chose, if any.
func (ps *players) nameOf(id game.PlayerID) (string, bool) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	n, ok := ps.names[id]
	return n, ok
}

// AlertsOn reports whether a player wants turn alerts: what their profile
// says (on unless they turned them off); guests and a server without a
// store have them on.
func (ps *players) AlertsOn(id game.PlayerID) bool {
	if ps.store == nil || isGuest(id) {
		return true
	}
	p, found, err := ps.store.Profile(id)
	if err != nil {
		ps.log.Error("load profile", "id", id, "err", err)
		return true
	}
	return !found || !p.AlertsOff
}

// SetAlertsOn remembers a player's choice in their profile; a guest's is
// kept by their session only.
func (ps *players) SetAlertsOn(id game.PlayerID, on bool) error {
	if ps.store == nil || isGuest(id) {
		return fmt.Errorf("not kept: %s has no profile", id)
	}
	return ps.store.SetAlerts(id, on)
}

// ImagesChoice is how a player wants cards drawn, as their profile says:
// "" as their terminal says it can (also for guests and a server without a
// store), "on" or "off".
func (ps *players) ImagesChoice(id game.PlayerID) string {
	if ps.store == nil || isGuest(id) {
		return ""
	}
	p, _, err := ps.store.Profile(id)
	if err != nil {
		ps.log.Error("load profile", "id", id, "err", err)
		return ""
	}
	return p.Images
}

// SetImagesChoice remembers a player's choice in their profile; a guest's
// is kept by their session only.
func (ps *players) SetImagesChoice(id game.PlayerID, choice string) error {
	if ps.store == nil || isGuest(id) {
		return fmt.Errorf("not kept: %s has no profile", id)
	}
	return ps.store.SetImages(id, choice)
}
