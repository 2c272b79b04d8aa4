package server

import (
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// Store persists what must survive a restart: each table's setup and the
// journal of its accepted commands, and display names. The SQLite store in
// server/store implements it; with none, tables live in memory only.
//
// The journal is the store's game.Journal: the table actor appends each
// accepted command (with the table's code) before announcing its result.
type Store interface {
	game.Journal
	// CreateTable records a new table before its first command.
	CreateTable(t TableRecord) error
	// FinishTable marks a table finished (or abandoned and removed), so it is
	// not rebuilt on the next start.
	FinishTable(code string, at time.Time) error
	// LoadTables returns every unfinished table with its journal, oldest
	// first, to be rebuilt by replay on start.
	LoadTables() ([]StoredTable, error)
	// SaveName keeps a player's chosen display name.
	SaveName(id game.PlayerID, name string) error
	// LoadNames returns every kept display name.
	LoadNames() (map[game.PlayerID]string, error)
	// Close flushes and closes the store.
	Close() error
}

// TableRecord is a table's setup: everything needed, with the journal, to
// rebuild it exactly (the pools are kept so that a changed deck cannot change
// a running game).
type TableRecord struct {
	Code     string
	Name     string
	Options  game.Options
	Pools    game.Pools
	Private  bool
	Host     game.PlayerID
	HostName string
	Seed     uint64
	Created  time.Time
}

// StoredTable is a table as the store gives it back on start.
type StoredTable struct {
	TableRecord
	Entries []game.JournalEntry
}
