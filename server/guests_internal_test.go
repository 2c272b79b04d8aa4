package server

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
		c := newReclaimCode()
		if len(c) != reclaimLen || strings.ContainsAny(c, "01IO") {
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
		got, ok := normaliseReclaim(typed)
		if got != want || ok != (want != "") {
			t.Errorf("normaliseReclaim(%q) = %q, %v; want %q", typed, got, ok, want)
		}
	}
	if got := showReclaim("K7QXM2PD"); got != "K7QX-M2PD" {
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
	b, err := newGuestBook(db, logger)
	if err != nil {
		t.Fatal(err)
	}
	code := b.codeFor("guest:one")
	if again := b.codeFor("guest:one"); again != code {
		t.Fatalf("the same guest got %s, then %s", code, again)
	}
	db.Close()

	db2, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	b2, err := newGuestBook(db2, logger)
	if err != nil {
		t.Fatal(err)
	}
	if id, ok := b2.claim("nope-nope"); ok {
		t.Fatalf("a wrong code claimed %s", id)
	}
	id, ok := b2.claim(strings.ToLower(code))
	if !ok || id != "guest:one" {
		t.Fatalf("claim after restart: %q, %v", id, ok)
	}
	if again := b2.codeFor(id); again != code {
		t.Fatalf("after the claim the guest is shown %s, want their code %s", again, code)
	}
	// A guest only known by the hash, whose code is asked for, gets a new
	// one (which then replaces the old in the store).
	b3, _ := newGuestBook(db2, logger)
	fresh := b3.codeFor("guest:one")
	if fresh == code {
		t.Fatal("a code was shown that the server never had in the clear")
	}
	b4, _ := newGuestBook(db2, logger)
	if _, ok := b4.claim(code); ok {
		t.Fatal("the replaced code still claims")
	}
	if id, ok := b4.claim(fresh); !ok || id != "guest:one" {
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
	b, err := newGuestBook(db, log.New(io.Discard))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	b.now = func() time.Time { return now }
	old := b.codeFor("guest:old")
	now = now.Add(guestTTL + time.Hour)
	b.codeFor("guest:new")
	if _, ok := b.claim(old); ok {
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

// Failed claims are counted per address (per /64 for IPv6) in a sliding
// window; a right code does not count; the wait is exact.
func TestClaimTryWindow(t *testing.T) {
	g := newGate(Limits{ClaimFailuresPerIP: 2}.withDefaults())
	now := time.Unix(1000, 0)
	g.now = func() time.Time { return now }
	try := func(ip string) (func(), time.Duration, bool) { return g.claimTry(ip) }

	right, _, ok := try("10.0.0.1")
	if !ok {
		t.Fatal("first try refused")
	}
	right() // a right code: forgiven
	for i := 0; i < 2; i++ {
		if _, _, ok := try("10.0.0.1"); !ok {
			t.Fatalf("failure %d refused", i+1)
		}
		now = now.Add(time.Minute)
	}
	if _, retry, ok := try("10.0.0.1"); ok || retry != ClaimWindow-2*time.Minute {
		t.Fatalf("third failure: ok %v, retry %s", ok, retry)
	}
	if _, _, ok := try("10.0.0.2"); !ok {
		t.Fatal("another address was refused")
	}
	now = now.Add(ClaimWindow - 2*time.Minute)
	if _, _, ok := try("10.0.0.1"); !ok {
		t.Fatal("still refused after the oldest failure left the window")
	}
	// IPv6: one /64 is one client.
	try("2001:db8:1:2::1")
	try("2001:db8:1:2:ffff::9")
	if _, _, ok := try("2001:db8:1:2::77"); ok {
		t.Fatal("a third address of the same /64 was allowed")
	}
	if _, _, ok := try("2001:db8:1:3::1"); !ok {
		t.Fatal("another /64 was refused")
	}
}
