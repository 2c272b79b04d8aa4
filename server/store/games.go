package store

import (
	"context"

	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Finished games are kept for their end screen and replay (their journal
// replays them) until PurgeFinished deletes them; what outlives them is
// counted in player_stats and server_stats.

// incrementalVacuum turns on SQLite's incremental auto-vacuum, so that the
// pages of purged games can be given back to the file system
// (PurgeFinished). A database created before it needs one full VACUUM,
// done here once.
func (s *Store) incrementalVacuum(ctx context.Context) error {
	var mode int
	if err := s.db.QueryRowContext(ctx, `PRAGMA auto_vacuum`).Scan(&mode); err != nil {
		return fmt.Errorf("read auto_vacuum: %w", err)
	}
	const incremental = 2
	if mode == incremental {
		return nil
	}
	// The setting and the VACUUM that applies it must run on one connection.
	c, err := s.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("auto_vacuum: %w", err)
	}
	defer c.Close()
	if _, err := c.ExecContext(ctx, `PRAGMA auto_vacuum = INCREMENTAL`); err != nil {
		return fmt.Errorf("auto_vacuum: %w", err)
	}
	if _, err := c.ExecContext(ctx, `VACUUM`); err != nil {
		return fmt.Errorf("auto_vacuum: vacuum: %w", err)
	}
	return nil
}

// Role names a seat's part in a game, as history and stats print it.
const (
	RoleGhost   = "ghost"
	RolePsychic = "psychic"
)

func roleOf(r Result) string {
	if r.Ghost {
		return RoleGhost
	}
	return RolePsychic
}

// FinishGame marks a table's game ended with an outcome, records each
// player's part in it (for history) and counts it into the players' and the
// server's statistics, in one transaction. A table already finished is left
// alone and nothing is counted twice. results lists the seated players with
// a key (no bots, no guests).
func (s *Store) FinishGame(code string, at time.Time, won bool, results []Result) error {
	if err := s.goneErr(); err != nil {
		return fmt.Errorf("store: finish game %s: %w", code, err)
	}
	s.wmu.Lock()
	defer s.wmu.Unlock()
	tx, err := s.db.Begin()
	if err != nil {
		return fmt.Errorf("store: finish game %s: %w", code, err)
	}
	defer tx.Rollback()
	outcome := "lost"
	if won {
		outcome = "won"
	}
	res, err := tx.Exec(`UPDATE tables SET finished = ?, outcome = ? WHERE code = ? AND finished IS NULL`, at.UnixNano(), outcome, code)
	if err != nil {
		return fmt.Errorf("store: finish game %s: %w", code, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		_, err := s.tableTx(tx, code)
		return err // nil: already finished
	}
	t, err := s.tableTx(tx, code)
	if err != nil {
		return err
	}
	ed, diff := string(t.Options.Edition), string(t.Options.Difficulty)
	w := 0
	if won {
		w = 1
	}
	if _, err := tx.Exec(`INSERT INTO server_stats (edition, difficulty, played, won) VALUES (?, ?, 1, ?)
		ON CONFLICT (edition, difficulty) DO UPDATE SET played = played + 1, won = won + excluded.won`, ed, diff, w); err != nil {
		return fmt.Errorf("store: finish game %s: server stats: %w", code, err)
	}
	for _, r := range results {
		role := roleOf(r)
		rw := 0
		if r.Won {
			rw = 1
		}
		if _, err := tx.Exec(`INSERT OR IGNORE INTO plays (table_code, player, role, won) VALUES (?, ?, ?, ?)`,
			code, string(r.Player), role, rw); err != nil {
			return fmt.Errorf("store: finish game %s: play of %s: %w", code, r.Player, err)
		}
		if _, err := tx.Exec(`INSERT INTO player_stats (fingerprint, edition, role, played, won) VALUES (?, ?, ?, 1, ?)
			ON CONFLICT (fingerprint, edition, role) DO UPDATE SET played = played + 1, won = won + excluded.won`,
			string(r.Player), ed, role, rw); err != nil {
			return fmt.Errorf("store: finish game %s: stats of %s: %w", code, r.Player, err)
		}
	}
	if err := countProfiles(tx, at, results); err != nil {
		return fmt.Errorf("store: finish game %s: %w", code, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: finish game %s: %w", code, err)
	}
	return nil
}

// ArchivedCode is the code a table's finished game number n is kept under
// once the table has moved on to its next game.
func ArchivedCode(code string, n int) string { return code + "." + strconv.Itoa(n) }

// SplitArchived splits "CODE.N" into the table code and the game number;
// ok is false for a plain table code.
func SplitArchived(key string) (code string, n int, ok bool) {
	i := strings.LastIndexByte(key, '.')
	if i <= 0 {
		return key, 0, false
	}
	n, err := strconv.Atoi(key[i+1:])
	if err != nil || n <= 0 || strconv.Itoa(n) != key[i+1:] {
		return key, 0, false
	}
	return key[:i], n, true
}

// NewGame moves a finished table on to its next game, in one transaction:
// the finished game, its journal and its plays are archived under
// ArchivedCode(code, its number), and the table's row starts over with the
// new seed, unfinished, numbered one more, its journal empty. It returns the
// archived game's code.
func (s *Store) NewGame(code string, seed uint64, at time.Time) (string, error) {
	if err := s.goneErr(); err != nil {
		return "", fmt.Errorf("store: next game at %s: %w", code, err)
	}
	s.wmu.Lock()
	defer s.wmu.Unlock()
	tx, err := s.db.Begin()
	if err != nil {
		return "", fmt.Errorf("store: next game at %s: %w", code, err)
	}
	defer tx.Rollback()
	t, err := s.tableTx(tx, code)
	if err != nil {
		return "", err
	}
	if t.Finished.IsZero() {
		return "", fmt.Errorf("store: next game at %s: the game is not finished", code)
	}
	archived := ArchivedCode(code, t.Game)
	steps := []struct {
		what string
		sql  string
		args []any
	}{
		{"archive the game", `INSERT INTO tables (code, name, options, pools, private, host, seed, created, finished, outcome, game)
			SELECT ?, name, options, pools, private, host, seed, created, finished, outcome, game FROM tables WHERE code = ?`, []any{archived, code}},
		{"archive its journal", `UPDATE journal SET table_code = ? WHERE table_code = ?`, []any{archived, code}},
		{"archive its plays", `UPDATE plays SET table_code = ? WHERE table_code = ?`, []any{archived, code}},
		{"start over", `UPDATE tables SET seed = ?, created = ?, finished = NULL, outcome = NULL, game = game + 1 WHERE code = ?`,
			[]any{int64(seed), at.UnixNano(), code}},
	}
	for _, st := range steps {
		if _, err := tx.Exec(st.sql, st.args...); err != nil {
			return "", fmt.Errorf("store: next game at %s: %s: %w", code, st.what, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return "", fmt.Errorf("store: next game at %s: %w", code, err)
	}
	return archived, nil
}

// FinishedGame returns a finished game (one with an outcome, not a removed
// table) with its journal, for its end screen and replay; ok is false when
// there is none under that code.
func (s *Store) FinishedGame(code string) (SavedTable, bool, error) {
	t, err := s.Table(code)
	if errors.Is(err, ErrNotFound) {
		return SavedTable{}, false, nil
	}
	if err != nil {
		return SavedTable{}, false, err
	}
	if t.Finished.IsZero() || t.Outcome == "" {
		return SavedTable{}, false, nil
	}
	e, err := s.Entries(code)
	if err != nil {
		return SavedTable{}, false, err
	}
	return SavedTable{Table: t, Entries: e}, true, nil
}

// purgeBatch bounds how many tables one purge transaction deletes, so the
// write lock is never held long.
const purgeBatch = 200

// PurgeFinished deletes the tables (games played to the end, and tables
// removed unfinished) that finished before cut, with their journals and
// plays, and gives the freed pages back to the file system. Statistics stay:
// they are counts. It returns how many tables it deleted.
func (s *Store) PurgeFinished(cut time.Time) (int, error) {
	total := 0
	for {
		n, err := s.purgeBatch(cut)
		total += n
		if err != nil {
			return total, err
		}
		if n < purgeBatch {
			break
		}
	}
	if total > 0 {
		s.wmu.Lock()
		_, err := s.db.Exec(`PRAGMA incremental_vacuum`)
		s.wmu.Unlock()
		if err != nil {
			return total, fmt.Errorf("store: purge: vacuum: %w", err)
		}
	}
	return total, nil
}

func (s *Store) purgeBatch(cut time.Time) (int, error) {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	res, err := s.db.Exec(`DELETE FROM tables WHERE code IN (
		SELECT code FROM tables WHERE finished IS NOT NULL AND finished < ? LIMIT ?)`, cut.UnixNano(), purgeBatch)
	if err != nil {
		return 0, fmt.Errorf("store: purge finished tables: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// Play is one game in a player's history.
type Play struct {
	Code       string // the game's code: CODE.N for the n-th game at table CODE
	Name       string // the table's name
	Finished   time.Time
	Edition    string
	Difficulty string
	Role       string // RoleGhost or RolePsychic
	Won        bool
}

// History returns a player's last games, newest first, at most limit.
func (s *Store) History(player string, limit int) ([]Play, error) {
	rows, err := s.db.Query(`SELECT t.code, t.game, t.name, t.finished, t.options, p.role, p.won
		FROM plays p JOIN tables t ON t.code = p.table_code
		WHERE p.player = ? ORDER BY t.finished DESC, t.code LIMIT ?`, player, limit)
	if err != nil {
		return nil, fmt.Errorf("store: history: %w", err)
	}
	defer rows.Close()
	var out []Play
	for rows.Next() {
		var (
			p        Play
			finished int64
			opts     string
		)
		var n int
		if err := rows.Scan(&p.Code, &n, &p.Name, &finished, &opts, &p.Role, &p.Won); err != nil {
			return nil, fmt.Errorf("store: history: %w", err)
		}
		if _, _, archived := SplitArchived(p.Code); !archived {
			// The table's newest game is named by its number too, as it
			// will be once archived: the n-th game at K7QX is K7QX.n.
			p.Code = ArchivedCode(p.Code, max(1, n))
		}
		p.Finished = time.Unix(0, finished)
		o, err := decodeOptions(opts)
		if err != nil {
			return nil, fmt.Errorf("store: history: %s: %w", p.Code, err)
		}
		p.Edition, p.Difficulty = string(o.Edition), string(o.Difficulty)
		out = append(out, p)
	}
	return out, rows.Err()
}

// Count is one line of statistics: games played and won.
type Count struct {
	Edition    string
	Role       string // player statistics only
	Difficulty string // server statistics only
	Played     int
	Won        int
}

// PlayerStats returns a player's games and wins by edition and role.
func (s *Store) PlayerStats(player string) ([]Count, error) {
	return s.counts(`SELECT edition, role, '', played, won FROM player_stats WHERE fingerprint = ? ORDER BY edition, role`, player)
}

// ServerStats returns every game finished on this server by edition and
// difficulty.
func (s *Store) ServerStats() ([]Count, error) {
	return s.counts(`SELECT edition, '', difficulty, played, won FROM server_stats ORDER BY edition, difficulty`)
}

func (s *Store) counts(q string, args ...any) ([]Count, error) {
	rows, err := s.db.Query(q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: statistics: %w", err)
	}
	defer rows.Close()
	var out []Count
	for rows.Next() {
		var c Count
		if err := rows.Scan(&c.Edition, &c.Role, &c.Difficulty, &c.Played, &c.Won); err != nil {
			return nil, fmt.Errorf("store: statistics: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
