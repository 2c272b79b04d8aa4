// Package store keeps the server's state in one SQLite file in the data
// directory: the tables with their setup and seed, the journal of every
// accepted command, the players' profiles, and the guests with a hash of
// their reclaim codes.
//
// The journal is the persistence model. The rules engine is deterministic
// given a table's options, pools and seed, so a table is rebuilt after a
// restart (clean or kill -9) by replaying its journal; nothing else about a
// running game is stored. Each command is durable on disk before Append
// returns, and the table announces a result only after Append, so a crash
// loses at most the command in flight at each table. Appends of all tables
// go through one writer that commits what arrived while its last commit was
// being synced in one transaction (group commit, see writeJournal): a crash
// in the middle of a batch loses the whole batch or nothing, and nobody was
// shown any of it until its commit returned.
//
// SQLite comes from modernc.org/sqlite (pure Go, no cgo), in WAL mode.
package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/mysterium-ssh/mysterium/game"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// FileName is the database's file name inside the data directory.
const FileName = "mysterium.db"

// busyTimeout is how long a statement waits for a lock held by another
// connection (an admin's sqlite3 shell, a backup) before failing.
const busyTimeout = 5 * time.Second

// walLimit is the size SQLite truncates the write-ahead log to after a
// checkpoint has emptied it (PRAGMA journal_size_limit).
const walLimit = 1 << 20

// Store is the server's database. Its methods are safe for concurrent use.
type Store struct {
	db   *sql.DB
	path string
	// wmu serialises this process's writes (the journal's writer takes it
	// for each batch). SQLite allows one writer at a time anyway; queuing
	// here instead of in SQLite's busy handler keeps writers in arrival
	// order and leaves the busy timeout for other processes.
	wmu    sync.Mutex
	append *sql.Stmt

	// queue holds the entries waiting for the journal's writer (Append,
	// writeJournal); nil once closed. qmu guards it: Append sends under the
	// read lock, Close closes it under the write lock.
	qmu        sync.RWMutex
	queue      chan appendReq
	writerDone chan struct{}
	// testAfterCommit, when set, runs in the writer after each batch was
	// written and before its callers are answered (the kill -9 tests).
	testAfterCommit func(batch []appendReq, errs []error)
	// testBeforeCommit, when set, runs before each COMMIT; an error stands
	// for a failed commit (a full disk).
	testBeforeCommit func() error
	// id is the database file's identity when it was opened; gone, once
	// Check found the path naming something else, refuses writes
	// (identity.go).
	id   fileID
	gmu  sync.Mutex
	gone error
	// lastAlive is the heartbeat the last server left (alive.go).
	lastAlive time.Time
}

// Open opens (creating if needed) dataDir/mysterium.db and brings its schema
// to the current version.
func Open(dataDir string) (*Store, error) {
	if dataDir == "" {
		dataDir = "."
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, fmt.Errorf("store: create data directory: %w", err)
	}
	return OpenFile(filepath.Join(dataDir, FileName))
}

// OpenFile opens the database at path; Open is the usual entry point.
func OpenFile(path string) (*Store, error) {
	return openFile(path, len(migrations))
}

// openFile opens path and migrates it up to version upTo (tests use an older
// version to check upgrades).
func openFile(path string, upTo int) (*Store, error) {
	// Durability: WAL with synchronous=FULL. In WAL mode synchronous=NORMAL
	// syncs only at checkpoints, so a commit survives a crash of the process
	// (kill -9) but the last commits can be lost on power failure or a kernel
	// panic; FULL syncs the WAL at every commit. A home server does lose
	// power, and a journal entry is written before its result is announced,
	// so Append must be on disk when it returns: FULL. The cost is one fsync
	// per commit; the journal's writer puts the commands of every table that
	// arrive during one fsync into the next commit, so under load the tables
	// share fsyncs instead of queueing for one each (BenchmarkAppend and
	// BenchmarkAppendTables measure it).
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "foreign_keys(1)")
	// The WAL is reused from its start after each checkpoint but never
	// shrinks by itself: a burst of play left ~4 MB on disk for months.
	// journal_size_limit truncates it back to walLimit whenever it is
	// reset, and Checkpoint (the hub calls it every few minutes) empties it.
	q.Add("_pragma", fmt.Sprintf("journal_size_limit(%d)", walLimit))
	// Write transactions take the write lock at BEGIN, so two transactions
	// cannot both read and then deadlock upgrading to write.
	q.Set("_txlock", "immediate")
	// The file holds player identities: only the service user may read it.
	// Creating it 0600 before SQLite opens it matters beyond the file
	// itself: SQLite gives the -wal and -shm files the database's mode.
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	f.Close()
	if err := os.Chmod(path, 0o600); err != nil {
		return nil, fmt.Errorf("store: chmod %s: %w", path, err)
	}
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	s := &Store{db: db, path: path}
	if err := s.init(upTo); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: %s: %w", path, err)
	}
	if s.id, err = statID(path); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: %w", err)
	}
	s.readAlive()
	return s, nil
}

func (s *Store) init(upTo int) error {
	ctx := context.Background()
	var mode string
	if err := s.db.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil {
		return fmt.Errorf("read journal mode: %w", err)
	}
	if mode != "wal" {
		return fmt.Errorf("journal mode is %q, want wal (is the data directory on a network filesystem?)", mode)
	}
	if err := migrate(ctx, s.db, upTo); err != nil {
		return err
	}
	if err := s.incrementalVacuum(ctx); err != nil {
		return err
	}
	stmt, err := s.db.PrepareContext(ctx, appendSQL)
	if err != nil {
		return fmt.Errorf("prepare append: %w", err)
	}
	s.append = stmt
	s.queue = make(chan appendReq, queueEntries)
	s.writerDone = make(chan struct{})
	go s.writeJournal(s.queue)
	return nil
}

// Checkpoint copies the write-ahead log into the database and truncates it
// to nothing, so the WAL of a server that runs for months stays small. It
// waits for this process's writers (and up to the busy timeout for other
// processes' readers); an unfinished checkpoint is harmless and retried by
// the next call.
func (s *Store) Checkpoint() error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	var busy, logPages, done int
	if err := s.db.QueryRow(`PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &logPages, &done); err != nil {
		return fmt.Errorf("store: checkpoint: %w", err)
	}
	return nil
}

// Path returns the database file's path.
func (s *Store) Path() string { return s.path }

// Close writes the journal entries already passed to Append, then closes the
// database, checkpointing the WAL into the main file. Append fails with
// ErrClosed afterwards.
func (s *Store) Close() error {
	s.qmu.Lock()
	if s.queue != nil {
		close(s.queue)
		s.queue = nil
		s.qmu.Unlock()
		<-s.writerDone
	} else {
		s.qmu.Unlock()
	}
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if s.append != nil {
		s.append.Close()
	}
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("store: close: %w", err)
	}
	return nil
}

// ErrNotFound is returned for a table code the store does not know.
var ErrNotFound = errors.New("not found")

// Table is a table's setup: everything that, with its journal, rebuilds it.
type Table struct {
	Code    string
	Name    string
	Options game.Options
	Pools   game.Pools // the card ids the engine may use (built-in or custom deck)
	Private bool
	Host    game.PlayerID
	Seed    uint64
	Created time.Time
	// Finished is zero while the table runs. A finished (or closed) table
	// is not restored on start; its journal stays for the replay.
	Finished time.Time
	// Outcome is "won" or "lost" once a game ended, "" while it runs and for
	// a table removed unfinished (abandoned or closed).
	Outcome string
	// Game is the game's number at its table code: 1, then 2 after the
	// first "play again", and so on. An archived game's code is CODE.N.
	Game int
}

// SavedTable is an unfinished table and its journal, ready for table.Restore.
type SavedTable struct {
	Table
	Entries []game.JournalEntry
}

// CreateTable records a new table. Its code must be unused.
func (s *Store) CreateTable(t Table) error {
	opts, err := json.Marshal(t.Options)
	if err != nil {
		return fmt.Errorf("store: table %s: encode options: %w", t.Code, err)
	}
	pools, err := json.Marshal(t.Pools)
	if err != nil {
		return fmt.Errorf("store: table %s: encode pools: %w", t.Code, err)
	}
	if t.Created.IsZero() {
		t.Created = time.Now()
	}
	if err := s.goneErr(); err != nil {
		return fmt.Errorf("store: create table %s: %w", t.Code, err)
	}
	s.wmu.Lock()
	defer s.wmu.Unlock()
	_, err = s.db.Exec(`INSERT INTO tables (code, name, options, pools, private, host, seed, created, finished)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
		t.Code, t.Name, string(opts), string(pools), t.Private, string(t.Host), int64(t.Seed), t.Created.UnixNano())
	if err != nil {
		return fmt.Errorf("store: create table %s: %w", t.Code, err)
	}
	return nil
}

// Table returns one table's setup.
func (s *Store) Table(code string) (Table, error) {
	row := s.db.QueryRow(`SELECT `+tableColumns+` FROM tables WHERE code = ?`, code)
	t, err := scanTable(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Table{}, fmt.Errorf("store: table %s: %w", code, ErrNotFound)
	}
	if err != nil {
		return Table{}, fmt.Errorf("store: table %s: %w", code, err)
	}
	return t, nil
}

// TableExists reports whether a table code is taken (by a running or a
// finished table), so the server can pick codes that never collide.
func (s *Store) TableExists(code string) (bool, error) {
	var n int
	// The code's archived games (CODE.1, CODE.2, ...) keep it taken too.
	if err := s.db.QueryRow(`SELECT count(*) FROM tables WHERE code = ?1 OR code GLOB ?1 || '.*'`, code).Scan(&n); err != nil {
		return false, fmt.Errorf("store: table %s: %w", code, err)
	}
	return n > 0, nil
}

const tableColumns = `code, name, options, pools, private, host, seed, created, finished, outcome, game`

type scanner interface{ Scan(dest ...any) error }

func scanTable(r scanner) (Table, error) {
	var (
		t                 Table
		opts, pools, host string
		seed, created     int64
		finished          sql.NullInt64
		outcome           sql.NullString
		private           bool
	)
	if err := r.Scan(&t.Code, &t.Name, &opts, &pools, &private, &host, &seed, &created, &finished, &outcome, &t.Game); err != nil {
		return Table{}, err
	}
	if err := json.Unmarshal([]byte(opts), &t.Options); err != nil {
		return Table{}, fmt.Errorf("table %s: decode options: %w", t.Code, err)
	}
	if err := json.Unmarshal([]byte(pools), &t.Pools); err != nil {
		return Table{}, fmt.Errorf("table %s: decode pools: %w", t.Code, err)
	}
	t.Private = private
	t.Host = game.PlayerID(host)
	t.Seed = uint64(seed)
	t.Created = time.Unix(0, created)
	if finished.Valid {
		t.Finished = time.Unix(0, finished.Int64)
	}
	t.Outcome = outcome.String
	return t, nil
}

// Result is one seated player's outcome of a finished game, for the profiles.
type Result struct {
	Player game.PlayerID
	Ghost  bool // played the ghost (else a psychic)
	Won    bool
}

// FinishTable marks a table finished at the given time and counts the
// results into the players' profiles, in one transaction. A table that is
// already finished is left alone and nothing is counted twice. Results of
// bots and guests (no profile) are skipped; pass only what should count.
func (s *Store) FinishTable(code string, at time.Time, results []Result) error {
	if err := s.goneErr(); err != nil {
		return fmt.Errorf("store: finish table %s: %w", code, err)
	}
	s.wmu.Lock()
	defer s.wmu.Unlock()
	tx, err := s.db.Begin()
	if err != nil {
		return fmt.Errorf("store: finish table %s: %w", code, err)
	}
	defer tx.Rollback()
	res, err := tx.Exec(`UPDATE tables SET finished = ? WHERE code = ? AND finished IS NULL`, at.UnixNano(), code)
	if err != nil {
		return fmt.Errorf("store: finish table %s: %w", code, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		if _, err := s.tableTx(tx, code); err != nil {
			return err
		}
		return nil // already finished
	}
	if err := countProfiles(tx, at, results); err != nil {
		return fmt.Errorf("store: finish table %s: %w", code, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: finish table %s: %w", code, err)
	}
	return nil
}

// countProfiles adds results to the players' profiles (games and wins by role).
func countProfiles(tx *sql.Tx, at time.Time, results []Result) error {
	for _, r := range results {
		g, gw, p, pw := 0, 0, 0, 0
		if r.Ghost {
			g = 1
			if r.Won {
				gw = 1
			}
		} else {
			p = 1
			if r.Won {
				pw = 1
			}
		}
		_, err := tx.Exec(`INSERT INTO players (fingerprint, name, ghost_played, ghost_won, psychic_played, psychic_won, first_seen, last_seen)
			VALUES (?, '', ?, ?, ?, ?, ?, ?)
			ON CONFLICT (fingerprint) DO UPDATE SET
				ghost_played = ghost_played + excluded.ghost_played,
				ghost_won = ghost_won + excluded.ghost_won,
				psychic_played = psychic_played + excluded.psychic_played,
				psychic_won = psychic_won + excluded.psychic_won`,
			string(r.Player), g, gw, p, pw, at.UnixNano(), at.UnixNano())
		if err != nil {
			return fmt.Errorf("count result of %s: %w", r.Player, err)
		}
	}
	return nil
}

func decodeOptions(s string) (game.Options, error) {
	var o game.Options
	if err := json.Unmarshal([]byte(s), &o); err != nil {
		return o, fmt.Errorf("decode options: %w", err)
	}
	return o, nil
}

func (s *Store) tableTx(tx *sql.Tx, code string) (Table, error) {
	t, err := scanTable(tx.QueryRow(`SELECT `+tableColumns+` FROM tables WHERE code = ?`, code))
	if errors.Is(err, sql.ErrNoRows) {
		return Table{}, fmt.Errorf("store: table %s: %w", code, ErrNotFound)
	}
	if err != nil {
		return Table{}, fmt.Errorf("store: table %s: %w", code, err)
	}
	return t, nil
}

// Unfinished returns every table that has not finished, oldest first, each
// with its journal in order: what the server restores on start.
func (s *Store) Unfinished() ([]SavedTable, error) {
	rows, err := s.db.Query(`SELECT ` + tableColumns + ` FROM tables WHERE finished IS NULL ORDER BY created, code`)
	if err != nil {
		return nil, fmt.Errorf("store: unfinished tables: %w", err)
	}
	var saved []SavedTable
	for rows.Next() {
		t, err := scanTable(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: unfinished tables: %w", err)
		}
		saved = append(saved, SavedTable{Table: t})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: unfinished tables: %w", err)
	}
	for i := range saved {
		e, err := s.Entries(saved[i].Code)
		if err != nil {
			return nil, err
		}
		saved[i].Entries = e
	}
	return saved, nil
}
