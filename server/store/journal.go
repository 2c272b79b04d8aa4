package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// The store is every table's journal.
var _ game.Journal = (*Store)(nil)

// appendSQL inserts an entry only if it directly follows the table's last one
// (seq 1 for an empty journal): a gap or a repeat means two actors believe
// they own the table, or a bug, and must not be written.
const appendSQL = `INSERT INTO journal (table_code, seq, player, command, at)
	SELECT ?1, ?2, ?3, ?4, ?5
	WHERE (SELECT coalesce(max(seq), 0) FROM journal WHERE table_code = ?1) = ?2 - 1`

// Group commit. Every table's actor calls Append and waits; one writer
// goroutine (writeJournal) takes what is queued, writes it in one
// transaction, commits (one fsync of the WAL, synchronous=FULL) and only then
// answers each caller. The writer never waits for company: when it is idle
// the first entry goes at once, alone; the entries that arrive while a commit
// is in flight form the next batch. So under load many tables share an fsync,
// and each table still waits only for the batch its own entry is in.
const (
	// batchEntries and batchBytes bound one transaction.
	batchEntries = 256
	batchBytes   = 1 << 20
	// queueEntries bounds the entries waiting for the writer; past it Append
	// blocks until there is room (the tables slow down, memory does not grow).
	queueEntries = 1024
)

// ErrClosed is returned by Append after Close.
var ErrClosed = errors.New("store: closed")

// appendReq is one entry waiting for the writer, and where its result goes.
type appendReq struct {
	e    game.JournalEntry
	done chan error
}

// Append writes one accepted command of a table. It returns once the entry is
// durable on disk (committed with synchronous=FULL, see openFile), together
// with the entries of other tables that arrived meanwhile. The table must
// exist, the command must be JSON (MarshalCommand), and Seq must follow the
// table's last entry; otherwise nothing is written and the error says which
// rule failed. When a commit fails, every entry of its batch gets the error
// and none of them is on disk.
func (s *Store) Append(e game.JournalEntry) error {
	if !json.Valid(e.Command) {
		return fmt.Errorf("store: journal %s #%d: command is not JSON", e.Table, e.Seq)
	}
	if e.Seq == 0 || e.Seq > 1<<62 {
		return fmt.Errorf("store: journal %s: bad sequence number %d", e.Table, e.Seq)
	}
	if err := s.goneErr(); err != nil {
		return fmt.Errorf("store: journal %s #%d: %w", e.Table, e.Seq, err)
	}
	r := appendReq{e: e, done: make(chan error, 1)}
	s.qmu.RLock()
	if s.queue == nil {
		s.qmu.RUnlock()
		return fmt.Errorf("store: journal %s #%d: %w", e.Table, e.Seq, ErrClosed)
	}
	s.queue <- r // blocks while the queue is full
	s.qmu.RUnlock()
	return <-r.done
}

// writeJournal is the journal's one writer; it returns when the queue is
// closed (Close) and everything queued is written.
func (s *Store) writeJournal(queue <-chan appendReq) {
	defer close(s.writerDone)
	batch := make([]appendReq, 0, batchEntries)
	for r := range queue {
		// Take what is already waiting, without waiting for more.
		batch = append(batch[:0], r)
		size := len(r.e.Command)
	more:
		for len(batch) < batchEntries && size < batchBytes {
			select {
			case r, ok := <-queue:
				if !ok {
					break more
				}
				batch = append(batch, r)
				size += len(r.e.Command)
			default:
				break more
			}
		}
		errs := make([]error, len(batch))
		s.wmu.Lock()
		s.writeBatch(batch, errs)
		if s.testAfterCommit != nil {
			s.testAfterCommit(batch, errs)
		}
		s.wmu.Unlock()
		for i, r := range batch {
			r.done <- errs[i]
		}
	}
}

// writeBatch writes batch in one transaction and sets errs[i] for each entry
// that is not on disk. An entry that breaks a rule (no such table, a
// sequence gap) fails alone: its statement is taken out and the others are
// written without it. A failed BEGIN or COMMIT (a full disk, a deleted
// directory) fails every entry of the batch with that error.
func (s *Store) writeBatch(batch []appendReq, errs []error) {
	left := make([]int, len(batch)) // indexes still to write
	for i := range left {
		left[i] = i
	}
	for len(left) > 0 {
		bad, err := s.tryBatch(batch, errs, left)
		if err != nil {
			for _, i := range left {
				e := batch[i].e
				errs[i] = fmt.Errorf("store: journal %s #%d: %w", e.Table, e.Seq, err)
			}
			return
		}
		if bad < 0 {
			return
		}
		// Entry left[bad] failed its statement: the transaction was rolled
		// back; write the others again without it.
		left = append(left[:bad], left[bad+1:]...)
	}
}

// tryBatch writes the entries left in one transaction. It returns the
// position in left of an entry whose statement failed (the transaction is
// then rolled back and errs holds that entry's error), or -1 once committed
// (errs holds the entries that did not follow their table's last one), or an
// error that fails them all.
func (s *Store) tryBatch(batch []appendReq, errs []error, left []int) (int, error) {
	tx, err := s.db.Begin()
	if err != nil {
		return -1, err
	}
	defer tx.Rollback()
	stmt := tx.Stmt(s.append)
	for k, i := range left {
		e := batch[i].e
		errs[i] = nil
		res, err := stmt.Exec(e.Table, int64(e.Seq), string(e.Player), string(e.Command), e.At.UnixNano())
		if err != nil {
			errs[i] = appendError(e, err)
			return k, nil
		}
		if n, _ := res.RowsAffected(); n != 1 {
			var last int64
			tx.QueryRow(`SELECT coalesce(max(seq), 0) FROM journal WHERE table_code = ?`, e.Table).Scan(&last)
			errs[i] = fmt.Errorf("store: journal %s: entry #%d does not follow the last stored entry #%d", e.Table, e.Seq, last)
		}
	}
	if s.testBeforeCommit != nil {
		if err := s.testBeforeCommit(); err != nil {
			return -1, err
		}
	}
	if err := tx.Commit(); err != nil {
		return -1, err
	}
	return -1, nil
}

// Entries returns a table's journal in order (for Restore and the replay of
// a finished game).
func (s *Store) Entries(code string) ([]game.JournalEntry, error) {
	rows, err := s.db.Query(`SELECT seq, player, command, at FROM journal WHERE table_code = ? ORDER BY seq`, code)
	if err != nil {
		return nil, fmt.Errorf("store: journal %s: %w", code, err)
	}
	defer rows.Close()
	var out []game.JournalEntry
	for rows.Next() {
		var (
			seq, at int64
			player  string
			cmd     string
		)
		if err := rows.Scan(&seq, &player, &cmd, &at); err != nil {
			return nil, fmt.Errorf("store: journal %s: %w", code, err)
		}
		out = append(out, game.JournalEntry{
			Table:   code,
			Seq:     uint64(seq),
			Player:  game.PlayerID(player),
			Command: []byte(cmd),
			At:      time.Unix(0, at),
		})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: journal %s: %w", code, err)
	}
	return out, nil
}

// sqliteConstraintForeignKey is SQLite's extended result code for a
// foreign key that points nowhere (SQLITE_CONSTRAINT_FOREIGNKEY).
const sqliteConstraintForeignKey = 787

// appendError says why an entry was not written as it is: a full disk is
// not a missing table.
func appendError(e game.JournalEntry, err error) error {
	var se interface{ Code() int }
	if errors.As(err, &se) && se.Code() == sqliteConstraintForeignKey {
		return fmt.Errorf("store: journal %s #%d: no such table in the database: %w", e.Table, e.Seq, err)
	}
	return fmt.Errorf("store: journal %s #%d: %w", e.Table, e.Seq, err)
}
