package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// AliveName is the heartbeat file's name in the data directory: the server
// touches it every second while it runs (Alive), so that after a kill -9 or
// a power cut the next start knows when the server was last running, and a
// sand timer resumes with the time it had then (game.TableConfig.LastSeen).
// Its modification time is the whole record: no write to the database, no
// fsync, nothing that grows.
const AliveName = "mysterium.alive"

// alivePath is the heartbeat file beside the database.
func (s *Store) alivePath() string { return filepath.Join(filepath.Dir(s.path), AliveName) }

// LastAlive is when the server that used this database last said it was
// running (before this one opened it); zero when none ever did.
func (s *Store) LastAlive() time.Time { return s.lastAlive }

// readAlive reads the heartbeat left by the last server.
func (s *Store) readAlive() {
	if fi, err := os.Stat(s.alivePath()); err == nil {
		s.lastAlive = fi.ModTime()
	}
}

// Alive records that the server runs at now.
func (s *Store) Alive(now time.Time) error {
	p := s.alivePath()
	err := os.Chtimes(p, now, now)
	if errors.Is(err, os.ErrNotExist) {
		if err = os.WriteFile(p, nil, 0o600); err == nil {
			err = os.Chtimes(p, now, now)
		}
	}
	if err != nil {
		return fmt.Errorf("store: heartbeat: %w", err)
	}
	return nil
}
