package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// Backup writes a consistent copy of the database at src (a data
// directory's mysterium.db) to dst, while a server may be using it.
//
// The copy is SQLite's VACUUM INTO on a read-only connection: one read
// transaction, so it is the database as of one committed journal entry, never
// half of a move, and the server's writers go on meanwhile (WAL readers do not
// block writers). Nothing is migrated or written in src. The copy is written
// to a temporary file beside dst, synced, made 0600 (it holds the players'
// identities) and renamed over dst, so a dst that exists is replaced only by
// a whole copy. A server started on the copy restores its unfinished tables
// like after a restart.
func Backup(ctx context.Context, src, dst string) error {
	if dst == "" {
		return errors.New("store: backup: no destination file")
	}
	st, err := os.Stat(src)
	if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if !st.Mode().IsRegular() || st.Size() == 0 {
		return fmt.Errorf("store: backup: %s is not a database", src)
	}
	if same, err := sameFile(src, dst); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	} else if same {
		return fmt.Errorf("store: backup: %s is the database itself; choose another file", dst)
	}
	// The copy must not land on the database's own write-ahead log either.
	absSrc, _ := filepath.Abs(src)
	absDst, _ := filepath.Abs(dst)
	if strings.HasPrefix(absDst, absSrc+"-") {
		return fmt.Errorf("store: backup: %s is one of the database's own files; choose another file", dst)
	}

	q := url.Values{}
	q.Set("mode", "ro")
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: src}).EscapedPath()+"?"+q.Encode())
	if err != nil {
		return fmt.Errorf("store: backup: open %s: %w", src, err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	var version int
	if err := db.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_version`).Scan(&version); err != nil || version == 0 {
		return fmt.Errorf("store: backup: %s is not a mysterium database (%v)", src, err)
	}

	dir := filepath.Dir(dst)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(dst)+".*.tmp")
	if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	tmpPath := tmp.Name()
	done := false
	defer func() {
		if !done {
			_ = os.Remove(tmpPath)
		}
	}()
	// VACUUM INTO takes an empty file; created here, it has mode 0600.
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, tmpPath); err != nil {
		return fmt.Errorf("store: backup: copy %s: %w", src, err)
	}
	if err := syncFile(tmpPath); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if err := os.Chmod(tmpPath, 0o600); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if err := os.Rename(tmpPath, dst); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	done = true
	// The rename is durable once the directory is synced.
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}

// sameFile reports whether a and b name the same existing file.
func sameFile(a, b string) (bool, error) {
	sa, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	sb, err := os.Stat(b)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return os.SameFile(sa, sb), nil
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// IntegrityCheck runs SQLite's PRAGMA integrity_check on the database at
// path (read-only) and returns nil when it answers ok.
func IntegrityCheck(ctx context.Context, path string) error {
	q := url.Values{}
	q.Set("mode", "ro")
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?"+q.Encode())
	if err != nil {
		return fmt.Errorf("store: check %s: %w", path, err)
	}
	defer db.Close()
	rows, err := db.QueryContext(ctx, `PRAGMA integrity_check`)
	if err != nil {
		return fmt.Errorf("store: check %s: %w", path, err)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return fmt.Errorf("store: check %s: %w", path, err)
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: check %s: %w", path, err)
	}
	if len(problems) > 0 {
		return fmt.Errorf("store: check %s: %s", path, strings.Join(problems, "; "))
	}
	return nil
}
