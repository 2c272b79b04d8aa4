package server

import (
	"io"
	"sync"
	"testing"
	"time"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session"
)

// testClock is a hub clock the test moves by hand.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *testClock) add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func testHub(t *testing.T, l Limits, clock *testClock) *Hub {
	t.Helper()
	h, err := newHub(hubConfig{logger: log.New(io.Discard), limits: l.withDefaults(), now: clock.Now, delay: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.close)
	return h
}

// --max-tables counts the tables people are at: empty tables (abandoned,
// or finished) make room for a new one, the longest-empty first, once they
// have been empty long enough for a dropped player to come back. A table
// with a player connected is never taken.
func TestCreatingATableNeverFailsBecauseOfAbandonedOnes(t *testing.T) {
	clock := &testClock{now: time.Unix(1_000_000, 0)}
	h := testHub(t, Limits{MaxTables: 2}, clock)
	alice := session.Identity{ID: "SHA256:alice", Name: "alice"}
	bob := session.Identity{ID: "SHA256:bob", Name: "bob"}
	spec := session.TableSpec{Options: game.DefaultOptions(game.Classic)}

	first, err := h.CreateTable(alice, spec)
	if err != nil {
		t.Fatal(err)
	}
	clock.add(time.Minute)
	second, err := h.CreateTable(alice, spec)
	if err != nil {
		t.Fatal(err)
	}
	// bob sits at the second table and stays connected.
	tb, _ := h.Table(second.Code)
	if err := tb.Submit(bob.ID, game.Sit{Seat: game.GhostSeat, Name: "bob"}); err != nil {
		t.Fatal(err)
	}
	sub := tb.Subscribe(bob.ID)
	defer sub.Close()
	waitHub(t, h, func() bool { return h.tables[second.Code].present })

	// Empty for a minute only: its player may be coming back.
	if _, err := h.CreateTable(bob, spec); err == nil {
		t.Fatal("a table empty for a minute was replaced")
	}
	// 250 abandoned tables' worth of time later, the empty one makes room.
	for i := 0; i < 250; i++ {
		clock.add(abandonGrace)
		info, err := h.CreateTable(bob, spec)
		if err != nil {
			t.Fatalf("table %d: %v", i+1, err)
		}
		if _, ok := h.Table(info.Code); !ok {
			t.Fatalf("table %d is not there", i+1)
		}
		if _, ok := h.Table(second.Code); !ok {
			t.Fatalf("table %d replaced the table bob is at", i+1)
		}
		if n := len(h.Tables(session.Identity{Admin: true})); n > 2 {
			t.Fatalf("%d tables kept, the limit is 2", n)
		}
	}
	if _, ok := h.Table(first.Code); ok {
		t.Fatal("the first, abandoned table is still there")
	}
}

// waitHub waits until cond holds under the hub's lock (the hub's watchers
// apply table updates asynchronously).
func waitHub(t *testing.T, h *Hub, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		h.mu.Lock()
		ok := cond()
		h.mu.Unlock()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("timed out waiting for the hub")
		}
		time.Sleep(time.Millisecond) // polling a condition, not waiting for time
	}
}
