package table

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// checkNoLeak records the goroutine count and, at cleanup, waits until it is
// back to that count: every goroutine the test started must have ended.
func checkNoLeak(t *testing.T) {
	t.Helper()
	before := runtime.NumGoroutine()
	t.Cleanup(func() {
		deadline := time.Now().Add(10 * time.Second)
		for runtime.NumGoroutine() > before {
			if time.Now().After(deadline) {
				buf := make([]byte, 1<<16)
				n := runtime.Stack(buf, true)
				t.Fatalf("goroutines leaked: %d before, %d after\n%s", before, runtime.NumGoroutine(), buf[:n])
			}
			runtime.Gosched()
			time.Sleep(time.Millisecond)
		}
	})
}

func testConfig() game.TableConfig {
	return game.TableConfig{
		Code:    "K7QX",
		Name:    "Samhain at Warwick",
		Options: game.Options{Edition: game.Classic, Difficulty: game.Medium, Timer: game.DefaultTimer},
		Pools:   game.TestPools(),
		Host:    "host",
		Seed:    42,
		Clock:   NewManualClock(time.Date(2026, 10, 31, 22, 0, 0, 0, time.UTC)),
	}
}

func newTestTable(t *testing.T, cfg game.TableConfig) *Table {
	t.Helper()
	tb, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	t.Cleanup(tb.Stop)
	return tb
}

func next(t *testing.T, s *Subscription) game.Update {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	u, err := s.Next(ctx)
	if err != nil {
		t.Fatalf("Next: %v", err)
	}
	return u
}

func TestSubscribeDeliversTheCurrentViewAtOnce(t *testing.T) {
	checkNoLeak(t)
	tb := newTestTable(t, testConfig())
	s := tb.Subscribe("alice")
	defer s.Close()
	u := next(t, s)
	if u.Code != "K7QX" || u.Name != "Samhain at Warwick" {
		t.Errorf("metadata = %q %q", u.Code, u.Name)
	}
	if u.Version == 0 {
		t.Errorf("version is 0")
	}
	if u.View == nil || u.View.Viewer() != "alice" {
		t.Fatalf("view is not alice's: %#v", u.View)
	}
	if !u.Deadline.IsZero() {
		t.Errorf("deadline set before any timer: %v", u.Deadline)
	}
}

func TestSubmitReturnsTheEnginesRuleError(t *testing.T) {
	checkNoLeak(t)
	tb := newTestTable(t, testConfig())
	err := tb.Submit("mallory", game.Start{})
	re, ok := game.AsRuleError(err)
	if !ok {
		t.Fatalf("Submit(Start by a stranger) = %v, want a *RuleError", err)
	}
	if re.Error() == "" {
		t.Errorf("rule error without a sentence")
	}
	if _, ok := game.AsRuleError(tb.Submit("host", nil)); !ok {
		t.Errorf("a nil command must be refused with a rule error")
	}
}

func TestMailboxKeepsOnlyTheNewestUpdate(t *testing.T) {
	tb := &Table{done: make(chan struct{})}
	s := newSubscription(tb, "bob")
	// A reader that stalls: a thousand updates arrive and none blocks.
	for v := uint64(1); v <= 1000; v++ {
		s.put(game.Update{Version: v})
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	u, err := s.Next(ctx)
	if err != nil || u.Version != 1000 {
		t.Fatalf("Next = v%d, %v; want the newest, v1000", u.Version, err)
	}
	// Nothing newer: Next waits until the context is done.
	short, cancelShort := context.WithCancel(context.Background())
	cancelShort()
	if _, err := s.Next(short); !errors.Is(err, context.Canceled) {
		t.Fatalf("Next with nothing new = %v, want context.Canceled", err)
	}
	// An older update arriving late never replaces a newer one.
	s.put(game.Update{Version: 1001})
	s.put(game.Update{Version: 7})
	if u, _ := s.Next(ctx); u.Version != 1001 {
		t.Fatalf("Next = v%d, want v1001", u.Version)
	}
}

func TestNextWakesWhenAnUpdateArrives(t *testing.T) {
	checkNoLeak(t)
	tb := &Table{done: make(chan struct{})}
	s := newSubscription(tb, "bob")
	got := make(chan uint64)
	go func() {
		u, _ := s.Next(context.Background())
		got <- u.Version
	}()
	s.put(game.Update{Version: 3})
	if v := <-got; v != 3 {
		t.Fatalf("woke with v%d, want v3", v)
	}
}

func TestStopEndsEveryGoroutineAndUnblocksReaders(t *testing.T) {
	checkNoLeak(t)
	var tables []*Table
	var subs []*Subscription
	for i := 0; i < 10; i++ {
		cfg := testConfig()
		cfg.Clock = nil // the system clock, as in production
		tb, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		tables = append(tables, tb)
		for _, p := range []game.PlayerID{"alice", "bob", "alice"} {
			subs = append(subs, tb.Subscribe(p))
		}
	}
	errs := make(chan error, len(subs))
	for _, s := range subs {
		next(t, s) // the initial update
		go func(s *Subscription) {
			_, err := s.Next(context.Background()) // blocks: nothing new
			errs <- err
		}(s)
	}
	for _, tb := range tables {
		tb.Stop()
		tb.Stop() // idempotent
	}
	for range subs {
		if err := <-errs; !errors.Is(err, game.ErrTableStopped) {
			t.Errorf("blocked Next after Stop = %v, want ErrTableStopped", err)
		}
	}
	for _, s := range subs {
		s.Close() // must not block on a stopped table
	}
	tb := tables[0]
	if err := tb.Submit("host", game.Start{}); !errors.Is(err, game.ErrTableStopped) {
		t.Errorf("Submit after Stop = %v, want ErrTableStopped", err)
	}
	late := tb.Subscribe("carol")
	if _, err := late.Next(context.Background()); !errors.Is(err, game.ErrTableStopped) {
		t.Errorf("Next on a subscription to a stopped table = %v", err)
	}
	late.Close()
}

func TestClosedSubscriptionReturnsErrClosed(t *testing.T) {
	checkNoLeak(t)
	tb := newTestTable(t, testConfig())
	s := tb.Subscribe("alice")
	s.Close()
	s.Close()
	if _, err := s.Next(context.Background()); !errors.Is(err, ErrSubscriptionClosed) {
		t.Fatalf("Next after Close = %v", err)
	}
}

func TestManualClockFiresTimersInOrderOnlyWhenDue(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c := NewManualClock(start)
	a := c.NewTimer(10 * time.Second)
	b := c.NewTimer(5 * time.Second)
	stopped := c.NewTimer(7 * time.Second)
	if !stopped.Stop() || stopped.Stop() {
		t.Fatalf("Stop should report true once, then false")
	}
	if c.Pending() != 2 {
		t.Fatalf("pending = %d, want 2", c.Pending())
	}
	c.Advance(4 * time.Second)
	select {
	case <-a.C():
		t.Fatal("10s timer fired at 4s")
	case <-b.C():
		t.Fatal("5s timer fired at 4s")
	default:
	}
	c.Advance(time.Second)
	if at := <-b.C(); !at.Equal(start.Add(5 * time.Second)) {
		t.Fatalf("5s timer fired with %v", at)
	}
	c.Advance(time.Hour)
	<-a.C()
	select {
	case <-stopped.C():
		t.Fatal("a stopped timer fired")
	default:
	}
	if a.Stop() {
		t.Fatal("Stop after firing reported true")
	}
	now := c.NewTimer(0)
	<-now.C()
	if !c.Now().Equal(start.Add(time.Hour + 5*time.Second)) {
		t.Fatalf("Now = %v", c.Now())
	}
}
