package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/server/store"
)

// mysterium backup [--data-dir D] FILE writes a checked copy; the data
// directory also comes from MYSTERIUM_DATA_DIR; no FILE is a usage error.
func TestBackupCommand(t *testing.T) {
	dir := t.TempDir()
	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	dst := filepath.Join(t.TempDir(), "copy.db")
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"backup", "--data-dir", dir, dst}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "integrity check ok") {
		t.Fatalf("output %q", out.String())
	}
	if err := store.IntegrityCheck(context.Background(), dst); err != nil {
		t.Fatal(err)
	}

	t.Setenv("MYSTERIUM_DATA_DIR", dir)
	out.Reset()
	if code := run(context.Background(), []string{"backup", dst + "2"}, &out, &errb); code != 0 {
		t.Fatalf("with MYSTERIUM_DATA_DIR: exit %d: %s", code, errb.String())
	}

	errb.Reset()
	if code := run(context.Background(), []string{"backup"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "name one file") {
		t.Fatalf("no FILE: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := run(context.Background(), []string{"backup", "--data-dir", t.TempDir(), dst}, &out, &errb); code != 1 {
		t.Fatalf("an empty data directory: exit %d, %q", code, errb.String())
	}
}
