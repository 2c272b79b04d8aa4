package weblink

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A token opens its table only: not another code, not the same code made
// at another moment (a code reused after its table was removed), not a
// made-up token; and the key outlives a restart, so the link does too.
func TestATokenOpensOnlyItsTable(t *testing.T) {
	dir := t.TempDir()
	s, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
	tok := s.Token("K7QX", at)
	if !WellFormed(tok) || !s.Valid(tok, "K7QX", at) {
		t.Fatalf("token %q does not open its own table", tok)
	}
	for _, tc := range []struct {
		token, code string
		created     time.Time
	}{
		{tok, "K7QY", at},
		{tok, "K7QX", at.Add(time.Nanosecond)},
		{strings.Repeat("A", len(tok)), "K7QX", at},
		{tok[:len(tok)-1], "K7QX", at},
		{"", "K7QX", at},
	} {
		if s.Valid(tc.token, tc.code, tc.created) {
			t.Errorf("token %q opens %s created at %v", tc.token, tc.code, tc.created)
		}
	}
	again, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !again.Valid(tok, "K7QX", at) {
		t.Error("a restart changed the links")
	}
	info, err := os.Stat(filepath.Join(dir, SecretFile))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("the key file: %v, %v", info, err)
	}
}

// A key file that is not one this server wrote is refused with what to do,
// rather than used.
func TestAForeignKeyFileIsRefused(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, SecretFile), []byte("short"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(dir); err == nil || !strings.Contains(err.Error(), "remove it") {
		t.Fatalf("Load = %v", err)
	}
}
