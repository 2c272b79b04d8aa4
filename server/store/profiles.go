package store

import (
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// Profile is what the server remembers about a player with a key.
type Profile struct {
	Fingerprint   string // the player's identity ("SHA256:...")
	Name          string // last display name (already sanitised by the caller)
	GhostPlayed   int
	GhostWon      int
	PsychicPlayed int
	PsychicWon    int
	FirstSeen     time.Time
	LastSeen      time.Time
	// AlertsOff: the player turned their turn alerts off (they are on by default).
	AlertsOff bool
	// Lang is the language the player chose, as a code ("en", "fr"); empty
	// until they choose one, when their client's language applies.
	Lang string
	// Images is how the player wants cards drawn: "" as their terminal
	// says it can, "on" as images, "off" in half blocks.
	Images string
}

// Profile returns a player's profile; ok is false for a player never seen.
func (s *Store) Profile(id game.PlayerID) (p Profile, ok bool, err error) {
	var first, last int64
	err = s.db.QueryRow(`SELECT fingerprint, name, ghost_played, ghost_won, psychic_played, psychic_won, first_seen, last_seen, alerts_off, lang, images
		FROM players WHERE fingerprint = ?`, string(id)).
		Scan(&p.Fingerprint, &p.Name, &p.GhostPlayed, &p.GhostWon, &p.PsychicPlayed, &p.PsychicWon, &first, &last, &p.AlertsOff, &p.Lang, &p.Images)
	if errors.Is(err, sql.ErrNoRows) {
		return Profile{}, false, nil
	}
	if err != nil {
		return Profile{}, false, fmt.Errorf("store: profile %s: %w", id, err)
	}
	p.FirstSeen, p.LastSeen = time.Unix(0, first), time.Unix(0, last)
	return p, true, nil
}

// Seen records that a player connected with a display name (creating the
// profile on first sight). The caller sanitises the name.
func (s *Store) Seen(id game.PlayerID, name string, at time.Time) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	_, err := s.db.Exec(`INSERT INTO players (fingerprint, name, first_seen, last_seen) VALUES (?, ?, ?, ?)
		ON CONFLICT (fingerprint) DO UPDATE SET name = excluded.name, last_seen = excluded.last_seen`,
		string(id), name, at.UnixNano(), at.UnixNano())
	if err != nil {
		return fmt.Errorf("store: profile %s: %w", id, err)
	}
	return nil
}

// SetAlerts records whether a player with a key wants turn alerts. The
// player's profile exists already (Seen made it when they connected).
func (s *Store) SetAlerts(id game.PlayerID, on bool) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	off := 0
	if !on {
		off = 1
	}
	if _, err := s.db.Exec(`UPDATE players SET alerts_off = ? WHERE fingerprint = ?`, off, string(id)); err != nil {
		return fmt.Errorf("store: alerts of %s: %w", id, err)
	}
	return nil
}

// SetLang records the language a player with a key chose, as a code ("en",
// "fr"). The player's profile exists already (Seen made it when they
// connected).
func (s *Store) SetLang(id game.PlayerID, lang string) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if _, err := s.db.Exec(`UPDATE players SET lang = ? WHERE fingerprint = ?`, lang, string(id)); err != nil {
		return fmt.Errorf("store: language of %s: %w", id, err)
	}
	return nil
}

// SetImages records how a player with a key wants cards drawn: "" as
// their terminal says it can, "on" or "off". The player's profile exists
// already (Seen made it when they connected).
func (s *Store) SetImages(id game.PlayerID, choice string) error {
	switch choice {
	case "", "on", "off":
	default:
		return fmt.Errorf("store: images of %s: %q is not a choice", id, choice)
	}
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if _, err := s.db.Exec(`UPDATE players SET images = ? WHERE fingerprint = ?`, choice, string(id)); err != nil {
		return fmt.Errorf("store: images of %s: %w", id, err)
	}
	return nil
}
