package store

import (
	"encoding/json"
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

// Append writes one accepted command of a table. It returns once the entry is
// durable on disk (synchronous=FULL, see openFile). The table must exist, the
// command must be JSON (MarshalCommand), and Seq must follow the table's last
// entry; otherwise nothing is written and the error says which rule failed.
func (s *Store) Append(e game.JournalEntry) error {
	if !json.Valid(e.Command) {
		return fmt.Errorf("store: journal %s #%d: command is not JSON", e.Table, e.Seq)
	}
	if e.Seq == 0 || e.Seq > 1<<62 {
		return fmt.Errorf("store: journal %s: bad sequence number %d", e.Table, e.Seq)
	}
	s.wmu.Lock()
	defer s.wmu.Unlock()
	res, err := s.append.Exec(e.Table, int64(e.Seq), string(e.Player), string(e.Command), e.At.UnixNano())
	if err != nil {
		// The foreign key names the usual cause.
		return fmt.Errorf("store: journal %s #%d (is the table created?): %w", e.Table, e.Seq, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		last, _ := s.lastSeq(e.Table)
		return fmt.Errorf("store: journal %s: entry #%d does not follow the last stored entry #%d", e.Table, e.Seq, last)
	}
	return nil
}

func (s *Store) lastSeq(code string) (uint64, error) {
	var last int64
	err := s.db.QueryRow(`SELECT coalesce(max(seq), 0) FROM journal WHERE table_code = ?`, code).Scan(&last)
	return uint64(last), err
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
