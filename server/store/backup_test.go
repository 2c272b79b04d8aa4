package store

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// TestBackupWhileWriting copies a database while a writer appends journal
// entries to it: the copy passes PRAGMA integrity_check, holds a whole
// prefix of the journal (every entry it has follows the one before, none is
// torn), opens as a store, is mode 0600, and a second backup replaces it.
func TestBackupWhileWriting(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir)
	if err := s.CreateTable(sampleTable("BKUP")); err != nil {
		t.Fatal(err)
	}
	appendN := func(from, n int) {
		for i := from; i < from+n; i++ {
			e := game.JournalEntry{Table: "BKUP", Seq: uint64(i), Player: "SHA256:ann", Command: []byte(`{"type":"ready"}`), At: t0}
			if err := s.Append(e); err != nil {
				t.Error(err)
				return
			}
		}
	}
	appendN(1, 20)
	// The writer goes on during the copy.
	writing := make(chan struct{})
	go func() {
		defer close(writing)
		appendN(21, 200)
	}()
	dst := filepath.Join(t.TempDir(), "copy.db")
	if err := Backup(context.Background(), s.Path(), dst); err != nil {
		t.Fatal(err)
	}
	<-writing
	if err := IntegrityCheck(context.Background(), dst); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(dst); err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("the copy: %v, mode %v; want 0600", err, st.Mode().Perm())
	}
	check := func(min int) int {
		t.Helper()
		restoreDir := t.TempDir()
		copyFile(t, dst, filepath.Join(restoreDir, FileName))
		c := open(t, restoreDir)
		es, err := c.Entries("BKUP")
		if err != nil {
			t.Fatal(err)
		}
		if len(es) < min {
			t.Fatalf("the copy has %d entries, want at least %d", len(es), min)
		}
		for i, e := range es {
			if e.Seq != uint64(i+1) {
				t.Fatalf("entry %d of the copy is #%d", i, e.Seq)
			}
		}
		return len(es)
	}
	check(20)
	// Again, over the first copy: now the whole journal.
	if err := Backup(context.Background(), s.Path(), dst); err != nil {
		t.Fatal(err)
	}
	if n := check(220); n != 220 {
		t.Fatalf("the second copy has %d entries, want 220", n)
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(dst), ".*tmp"))
	if len(left) > 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}

// TestBackupRefusesTheDatabaseItself: a backup onto the database or its
// write-ahead log would destroy what it copies.
func TestBackupRefusesTheDatabaseItself(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir)
	for _, dst := range []string{s.Path(), s.Path() + "-wal", filepath.Join(dir, ".", FileName)} {
		err := Backup(context.Background(), s.Path(), dst)
		if err == nil || !strings.Contains(err.Error(), "choose another file") {
			t.Errorf("backup onto %s: %v", dst, err)
		}
	}
	if err := Backup(context.Background(), filepath.Join(dir, "nothing.db"), filepath.Join(dir, "x.db")); err == nil {
		t.Error("a backup of a missing database succeeded")
	}
	if _, err := os.Stat(filepath.Join(dir, "nothing.db")); err == nil {
		t.Error("a backup created the database it was asked to copy")
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o600); err != nil {
		t.Fatal(err)
	}
}
