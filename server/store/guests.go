package store

import (
	"fmt"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// Guest is a player without a key whom the server must recognise again: the
// reclaim code shown on their screen gives a new connection their identity
// (and with it their seats), also after a restart.
//
// Only a hash of the code is stored: the code is a bearer secret for the
// seat, and the database file is read by backups and admins. The code is
// random and long enough that a fast hash (SHA-256, chosen by the caller) is
// no weaker than the code itself.
type Guest struct {
	ID       game.PlayerID
	CodeHash []byte
	Created  time.Time
	// Seen is when the guest last connected or claimed; guests not seen
	// for a while are forgotten (ForgetGuests).
	Seen time.Time
}

// SaveGuest records a guest, or replaces the code (and times) of one already
// known. It returns once the row is durable, so a code shown after it
// returns survives a crash. A code hash held by another guest is refused.
func (s *Store) SaveGuest(g Guest) error {
	if len(g.CodeHash) == 0 {
		return fmt.Errorf("store: guest %s: no code hash", g.ID)
	}
	if g.Created.IsZero() {
		g.Created = time.Now()
	}
	if g.Seen.IsZero() {
		g.Seen = g.Created
	}
	s.wmu.Lock()
	defer s.wmu.Unlock()
	_, err := s.db.Exec(`INSERT INTO guests (id, code_hash, created, seen) VALUES (?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET code_hash = excluded.code_hash, created = excluded.created, seen = excluded.seen`,
		string(g.ID), g.CodeHash, g.Created.UnixNano(), g.Seen.UnixNano())
	if err != nil {
		return fmt.Errorf("store: guest %s: %w", g.ID, err)
	}
	return nil
}

// TouchGuest records that a guest was seen at the given time.
func (s *Store) TouchGuest(id game.PlayerID, at time.Time) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if _, err := s.db.Exec(`UPDATE guests SET seen = ? WHERE id = ? AND seen < ?`, at.UnixNano(), string(id), at.UnixNano()); err != nil {
		return fmt.Errorf("store: guest %s: %w", id, err)
	}
	return nil
}

// Guests returns every guest seen after since, oldest first.
func (s *Store) Guests(since time.Time) ([]Guest, error) {
	rows, err := s.db.Query(`SELECT id, code_hash, created, seen FROM guests WHERE seen > ? ORDER BY seen, id`, since.UnixNano())
	if err != nil {
		return nil, fmt.Errorf("store: guests: %w", err)
	}
	defer rows.Close()
	var out []Guest
	for rows.Next() {
		var (
			g             Guest
			id            string
			created, seen int64
		)
		if err := rows.Scan(&id, &g.CodeHash, &created, &seen); err != nil {
			return nil, fmt.Errorf("store: guests: %w", err)
		}
		g.ID, g.Created, g.Seen = game.PlayerID(id), time.Unix(0, created), time.Unix(0, seen)
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: guests: %w", err)
	}
	return out, nil
}

// ForgetGuests deletes the guests not seen since before and returns how many.
func (s *Store) ForgetGuests(before time.Time) (int, error) {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	res, err := s.db.Exec(`DELETE FROM guests WHERE seen <= ?`, before.UnixNano())
	if err != nil {
		return 0, fmt.Errorf("store: forget guests: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}
