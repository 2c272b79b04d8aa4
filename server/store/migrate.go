package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// migration is one step of the schema's history. Steps are never edited
// once released: a change is a new step at the end, so every database,
// however old, reaches the same schema by running the steps it lacks.
type migration struct {
	name string
	sql  string
}

// migrations in order; migration i (0-based) brings the schema to version i+1.
var migrations = []migration{
	{"tables and journal", `
CREATE TABLE tables (
	code     TEXT PRIMARY KEY,
	name     TEXT NOT NULL,
	options  TEXT NOT NULL,          -- game.Options as JSON
	pools    TEXT NOT NULL,          -- game.Pools as JSON
	host     TEXT NOT NULL,          -- game.PlayerID
	seed     INTEGER NOT NULL,       -- uint64 stored bit for bit
	created  INTEGER NOT NULL,       -- Unix nanoseconds
	finished INTEGER                 -- Unix nanoseconds; NULL while the table runs
);
CREATE TABLE journal (
	table_code TEXT NOT NULL REFERENCES tables (code) ON DELETE CASCADE,
	seq        INTEGER NOT NULL,     -- 1, 2, 3, ... per table
	player     TEXT NOT NULL,
	command    TEXT NOT NULL,        -- game.MarshalCommand JSON
	at         INTEGER NOT NULL,     -- Unix nanoseconds
	PRIMARY KEY (table_code, seq)
) WITHOUT ROWID;
`},
	{"player profiles", `
CREATE TABLE players (
	fingerprint    TEXT PRIMARY KEY, -- "SHA256:..."
	name           TEXT NOT NULL,
	ghost_played   INTEGER NOT NULL DEFAULT 0,
	ghost_won      INTEGER NOT NULL DEFAULT 0,
	psychic_played INTEGER NOT NULL DEFAULT 0,
	psychic_won    INTEGER NOT NULL DEFAULT 0,
	first_seen     INTEGER NOT NULL,
	last_seen      INTEGER NOT NULL
);
`},
	{"private tables, index of unfinished tables", `
ALTER TABLE tables ADD COLUMN private INTEGER NOT NULL DEFAULT 0;
CREATE INDEX tables_unfinished ON tables (created) WHERE finished IS NULL;
`},
	{"guests and their reclaim codes", `
CREATE TABLE guests (
	id        TEXT PRIMARY KEY,       -- game.PlayerID "guest:..."
	code_hash BLOB NOT NULL UNIQUE,   -- SHA-256 of the reclaim code; the code itself is never stored
	created   INTEGER NOT NULL,       -- Unix nanoseconds
	seen      INTEGER NOT NULL        -- Unix nanoseconds of the last use; old guests are forgotten
);
`},
	{"finished games kept: outcomes, games at a table, plays, statistics as counts", `
ALTER TABLE tables ADD COLUMN outcome TEXT;                  -- 'won' or 'lost' once a game ended; NULL while it runs or for a removed table
ALTER TABLE tables ADD COLUMN game INTEGER NOT NULL DEFAULT 1; -- the game's number at its table code (CODE.N once archived)
CREATE INDEX tables_finished ON tables (finished) WHERE finished IS NOT NULL;
CREATE TABLE plays (
	table_code TEXT NOT NULL REFERENCES tables (code) ON DELETE CASCADE,
	player     TEXT NOT NULL,          -- a player with a key (guests and bots have no history)
	role       TEXT NOT NULL,          -- 'ghost' or 'psychic'
	won        INTEGER NOT NULL,
	PRIMARY KEY (player, table_code)
) WITHOUT ROWID;
CREATE INDEX plays_by_table ON plays (table_code);
CREATE TABLE player_stats (
	fingerprint TEXT NOT NULL,
	edition     TEXT NOT NULL,
	role        TEXT NOT NULL,
	played      INTEGER NOT NULL DEFAULT 0,
	won         INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (fingerprint, edition, role)
) WITHOUT ROWID;
CREATE TABLE server_stats (
	edition    TEXT NOT NULL,
	difficulty TEXT NOT NULL,
	played     INTEGER NOT NULL DEFAULT 0,
	won        INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (edition, difficulty)
) WITHOUT ROWID;
`},
	{"turn alerts on or off per player", `
ALTER TABLE players ADD COLUMN alerts_off INTEGER NOT NULL DEFAULT 0;
`},
	{"the language a player chose", `
ALTER TABLE players ADD COLUMN lang TEXT NOT NULL DEFAULT '';
`},
	{"cards as images or half blocks, as a player chose", `
ALTER TABLE players ADD COLUMN images TEXT NOT NULL DEFAULT ''; -- '' as the terminal says, 'on' or 'off'
`},
}

// SchemaVersion is the schema version this binary writes.
func SchemaVersion() int { return len(migrations) }

// version returns the database's schema version (0 for a new file).
func version(ctx context.Context, db *sql.DB) (int, error) {
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (
		version    INTEGER PRIMARY KEY,
		name       TEXT NOT NULL,
		applied_at INTEGER NOT NULL
	)`); err != nil {
		return 0, fmt.Errorf("schema_version table: %w", err)
	}
	var v int
	if err := db.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&v); err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	return v, nil
}

// migrate runs the missing migrations up to version upTo, each in its own
// transaction together with its schema_version row, so a crash mid-upgrade
// leaves the database at the last complete version.
func migrate(ctx context.Context, db *sql.DB, upTo int) error {
	v, err := version(ctx, db)
	if err != nil {
		return err
	}
	if v > len(migrations) {
		return fmt.Errorf("database schema version %d is newer than this mysterium knows (%d): run a newer mysterium, or restore a backup", v, len(migrations))
	}
	for i := v; i < upTo; i++ {
		m := migrations[i]
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("migration %d (%s): %w", i+1, m.name, err)
		}
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %d (%s): %w", i+1, m.name, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)`,
			i+1, m.name, time.Now().UnixNano()); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %d (%s): %w", i+1, m.name, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("migration %d (%s): %w", i+1, m.name, err)
		}
	}
	return nil
}
