package server

import (
	"strings"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// A private table's code is eight characters of the alphabet, shown as
// K7QX-M2PD and typed in any case with or without the dash; a public
// table's stays four.
func TestTableCodeForms(t *testing.T) {
	for range 200 {
		pub, priv := newTableCode(false), newTableCode(true)
		if len(pub) != 4 || !looksLikeCode(pub) {
			t.Fatalf("public code %q", pub)
		}
		if len(priv) != 9 || priv[4] != '-' || !looksLikeCode(priv) || strings.ContainsAny(priv, "01IO") {
			t.Fatalf("private code %q", priv)
		}
	}
	for _, tc := range []struct {
		typed, want string
		ok          bool
	}{
		{"k7qx", "K7QX", true},
		{" K7QX ", "K7QX", true},
		{"k7qx-m2pd", "K7QX-M2PD", true},
		{"K7QXM2PD", "K7QX-M2PD", true},
		{"k7q-xm2pd", "K7QX-M2PD", true},
		{"K7QX-M2P", "K7QX-M2P", false},
		{"K7QX-M2PDA", "K7QX-M2PDA", false},
		{"K0QX", "K0QX", false},
		{"help", "HELP", true},
	} {
		if got := normaliseCode(tc.typed); got != tc.want || looksLikeCode(tc.typed) != tc.ok {
			t.Errorf("%q: normalised %q, looks like a code %v; want %q, %v", tc.typed, got, looksLikeCode(tc.typed), tc.want, tc.ok)
		}
	}
}

// Wrong table codes are counted per address (a /64 for IPv6) and per
// identity, each in its own sliding window, apart from reclaim codes; a
// right code does not count.
func TestCodeTryCountsAddressAndIdentity(t *testing.T) {
	g := newGate(Limits{CodeFailuresPerIP: 2, ClaimFailuresPerIP: 2}.withDefaults())
	now := time.Unix(1000, 0)
	g.now = func() time.Time { return now }
	for _, tc := range []struct {
		name     string
		ip       string
		id       string
		ok       bool
		after    time.Duration // the clock moves on after the try
		right    bool
		retryWas time.Duration
	}{
		{name: "a right code", ip: "10.0.0.1", id: "SHA256:a", ok: true, right: true},
		{name: "first wrong", ip: "10.0.0.1", id: "SHA256:a", ok: true, after: time.Minute},
		{name: "second wrong", ip: "10.0.0.1", id: "SHA256:a", ok: true, after: time.Minute},
		{name: "address used up", ip: "10.0.0.1", id: "SHA256:b", ok: false, retryWas: CodeWindow - 2*time.Minute},
		{name: "identity used up from elsewhere", ip: "10.0.0.9", id: "SHA256:a", ok: false, retryWas: CodeWindow - 2*time.Minute},
		{name: "someone else elsewhere", ip: "10.0.0.9", id: "SHA256:c", ok: true},
		{name: "same /64", ip: "2001:db8::1", id: "guest:1", ok: true},
		{name: "same /64 again", ip: "2001:db8::2", id: "guest:2", ok: true},
		{name: "same /64 used up", ip: "2001:db8::3", id: "guest:3", ok: false, retryWas: CodeWindow},
	} {
		right, retry, ok := g.codeTry(tc.ip, game.PlayerID(tc.id))
		if ok != tc.ok || (!ok && retry != tc.retryWas) {
			t.Fatalf("%s: ok %v retry %s; want ok %v retry %s", tc.name, ok, retry, tc.ok, tc.retryWas)
		}
		if tc.right {
			right()
		}
		now = now.Add(tc.after)
	}
	// Reclaim codes are counted apart.
	if _, _, ok := g.claimTry("10.0.0.1"); !ok {
		t.Fatal("wrong table codes used up the reclaim allowance")
	}
	now = now.Add(CodeWindow - 2*time.Minute)
	if _, _, ok := g.codeTry("10.0.0.1", "SHA256:b"); !ok {
		t.Fatal("still refused after the oldest failure left the window")
	}
}
