package store

import (
	"os"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// A burst of play grows the write-ahead log to SQLite's checkpoint size
// (~4 MB); a server that runs for months must give that back. After a
// checkpoint the WAL is at most walLimit, and every connection of the pool
// carries the journal size limit.
func TestWALStaysBounded(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir)
	if err := s.CreateTable(sampleTable("WALL")); err != nil {
		t.Fatal(err)
	}
	// ~6 MB of journal, more than one auto-checkpoint's worth, in entries
	// of 30 KB: each Append is a transaction and an fsync, and 200 of them
	// grow the WAL as far as 2,000 entries of 3 KB did, in a tenth of the
	// time the disk takes to sync them.
	text := strings.Repeat("x", 30000)
	const n = 200
	for i := uint64(1); i <= n; i++ {
		if err := s.Append(entry("WALL", i, "SHA256:host", game.Chat{Text: text})); err != nil {
			t.Fatal(err)
		}
	}
	wal := s.Path() + "-wal"
	before := fileSize(t, wal)
	if before <= walLimit {
		t.Fatalf("the burst left a WAL of %d bytes: too small to show anything", before)
	}
	if err := s.Checkpoint(); err != nil {
		t.Fatal(err)
	}
	if after := fileSize(t, wal); after > walLimit {
		t.Fatalf("WAL is %d bytes after a checkpoint (was %d), want at most %d", after, before, walLimit)
	}
	var limit int64
	if err := s.db.QueryRow(`PRAGMA journal_size_limit`).Scan(&limit); err != nil {
		t.Fatal(err)
	}
	if limit != walLimit {
		t.Fatalf("journal_size_limit = %d, want %d", limit, walLimit)
	}
	// The journal is intact.
	if e, err := s.Entries("WALL"); err != nil || len(e) != n {
		t.Fatalf("after the checkpoint: %d entries, %v", len(e), err)
	}
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if os.IsNotExist(err) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}
