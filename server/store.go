package server

import (
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server/store"
)

// Store persists what must survive a restart: each table's setup and the
// journal of its accepted commands, and the players' profiles (display name,
// games played and won). *store.Store (SQLite) implements it; with none,
// tables and names live in memory only.
//
// The journal is the store's game.Journal: the table actor appends each
// accepted command (with the table's code) before announcing its result.
type Store interface {
	game.Journal
	// CreateTable records a new table before its first command.
	CreateTable(t store.Table) error
	// TableExists reports whether a code was ever used (finished tables
	// included), so codes never collide with an old game's replay.
	TableExists(code string) (bool, error)
	// FinishTable marks a table finished (or closed), counting results.
	FinishTable(code string, at time.Time, results []store.Result) error
	// FinishGame marks a table's game ended with its outcome, keeping it
	// for history and counting it into the statistics.
	FinishGame(code string, at time.Time, won bool, results []store.Result) error
	// NewGame archives a finished game as CODE.N and starts the table's
	// row over with a new seed; it returns the archived code.
	NewGame(code string, seed uint64, at time.Time) (string, error)
	// FinishedGame returns a kept finished game with its journal.
	FinishedGame(code string) (store.SavedTable, bool, error)
	// PurgeFinished deletes the tables finished before cut and gives the
	// space back; statistics stay.
	PurgeFinished(cut time.Time) (int, error)
	// History returns a player's last games, newest first.
	History(player string, limit int) ([]store.Play, error)
	// PlayerStats and ServerStats return the statistics' counts.
	PlayerStats(player string) ([]store.Count, error)
	ServerStats() ([]store.Count, error)
	// Unfinished returns every unfinished table with its journal, oldest
	// first, to be rebuilt by replay on start.
	Unfinished() ([]store.SavedTable, error)
	// Profile returns what is known of a player with a key.
	Profile(id game.PlayerID) (store.Profile, bool, error)
	// Seen records a player's connection and display name.
	Seen(id game.PlayerID, name string, at time.Time) error
	// SetAlerts records whether a player wants turn alerts.
	SetAlerts(id game.PlayerID, on bool) error
	// SetLang records the language a player chose ("en", "fr").
	SetLang(id game.PlayerID, lang string) error
	// SetImages records how a player wants cards drawn ("", "on", "off").
	SetImages(id game.PlayerID, choice string) error
	// LastAlive is when the last server on this database was last known
	// to run (its heartbeat; zero if none), and Alive records that this
	// one runs now.
	LastAlive() time.Time
	Alive(now time.Time) error
	// Check reports an error (store.ErrGone) once the database file is no
	// longer the one opened (deleted, replaced); writes are refused from
	// then on.
	Check() error
	// Checkpoint empties the write-ahead log into the database file, so it
	// does not stay large for the months a server runs.
	Checkpoint() error
	// Close flushes and closes the store.
	Close() error
}

var _ Store = (*store.Store)(nil)
