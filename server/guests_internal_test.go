package server

import (
	"testing"
	"time"
)

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
