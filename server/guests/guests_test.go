package guests

import (
	"io"
	"strings"
	"testing"
	"time"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server/store"
)

func TestReclaimCodesAreLongAndForgiving(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 1000; i++ {
		c := newCode()
		if len(c) != CodeLen || strings.ContainsAny(c, "01IO") {
			t.Fatalf("code %q", c)
		}
		seen[c] = true
	}
	if len(seen) < 999 {
		t.Fatalf("%d distinct codes in 1000", len(seen))
	}
	for typed, want := range map[string]string{
		"K7QX-M2PD": "K7QXM2PD", "k7qx-m2pd": "K7QXM2PD", "k7qxm2pd": "K7QXM2PD", " K7QX M2PD ": "K7QXM2PD",
		"4821": "", "K7QX-M2P": "", "K7QX-M2PDD": "", "K7QX-M2P0": "", "K7QX-M2PÐ": "",
	} {
		got, ok := Normalise(typed)
		if got != want || ok != (want != "") {
			t.Errorf("Normalise(%q) = %q, %v; want %q", typed, got, ok, want)
		}
	}
	if got := show("K7QXM2PD"); got != "K7QX-M2PD" {
		t.Errorf("shown as %q", got)
	}
}

// The book written through to a store comes back from it: a claim after the
// "restart" finds the guest by the hash, and the code is then known again.
func TestGuestBookComesBackFromTheStore(t *testing.T) {
	dir := t.TempDir()
	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	logger := log.New(io.Discard)
	b, err := New(db, logger)
	if err != nil {
		t.Fatal(err)
	}
	code := b.CodeFor("guest:one")
	if again := b.CodeFor("guest:one"); again != code {
		t.Fatalf("the same guest got %s, then %s", code, again)
	}
	db.Close()

	db2, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	b2, err := New(db2, logger)
	if err != nil {
		t.Fatal(err)
	}
	if id, ok := b2.Claim("nope-nope"); ok {
		t.Fatalf("a wrong code claimed %s", id)
	}
	id, ok := b2.Claim(strings.ToLower(code))
	if !ok || id != "guest:one" {
		t.Fatalf("claim after restart: %q, %v", id, ok)
	}
	if again := b2.CodeFor(id); again != code {
		t.Fatalf("after the claim the guest is shown %s, want their code %s", again, code)
	}
	// A guest only known by the hash, whose code is asked for, gets a new
	// one (which then replaces the old in the store).
	b3, _ := New(db2, logger)
	fresh := b3.CodeFor("guest:one")
	if fresh == code {
		t.Fatal("a code was shown that the server never had in the clear")
	}
	b4, _ := New(db2, logger)
	if _, ok := b4.Claim(code); ok {
		t.Fatal("the replaced code still claims")
	}
	if id, ok := b4.Claim(fresh); !ok || id != "guest:one" {
		t.Fatalf("the new code claims %q, %v", id, ok)
	}
}

// Guests not seen for a week are forgotten, in memory and in the store.
func TestGuestsExpire(t *testing.T) {
	db, err := store.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	b, err := New(db, log.New(io.Discard))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	b.now = func() time.Time { return now }
	old := b.CodeFor("guest:old")
	now = now.Add(TTL + time.Hour)
	b.CodeFor("guest:new")
	if _, ok := b.Claim(old); ok {
		t.Fatal("a guest unseen for over a week still claims")
	}
	stored, err := db.Guests(time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	if len(stored) != 1 || stored[0].ID != game.PlayerID("guest:new") {
		t.Fatalf("stored guests after expiry: %+v", stored)
	}
}
