package server_test

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
)

// goroutinesIn counts the goroutines whose stack mentions fn.
func goroutinesIn(fn string) int {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	c := 0
	for _, g := range strings.Split(string(buf), "\n\n") {
		if strings.Contains(g, fn) {
			c++
		}
	}
	return c
}

// Bubble Tea v2 ticks its frame rate (60 times a second) in a goroutine of
// every program, even one without a renderer: with hundreds of sessions,
// that is hundreds of goroutines waking for nothing. The server stops it
// once a session's program runs; what is left of Bubble Tea per session is
// its event loop's few goroutines.
func TestASessionRunsNoFrameTicker(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	noTicker := func() {
		t.Helper()
		deadline := time.Now().Add(wait)
		for goroutinesIn("bubbletea/v2.(*Program).startRenderer") > 0 {
			if time.Now().After(deadline) {
				t.Fatalf("%d programs still run their frame ticker", goroutinesIn("bubbletea/v2.(*Program).startRenderer"))
			}
			time.Sleep(10 * time.Millisecond) // polling a condition, not waiting for time
		}
	}
	// Sessions of earlier tests may still be ending: only what this
	// test's sessions add counts.
	noTicker()
	before := goroutinesIn("charm.land/bubbletea/v2.")
	const sessions = 3
	for range sessions {
		k := sshtest.NewKey(t)
		c := sshtest.Dial(t, h.addr, sshtest.Options{User: "alice", Key: &k, Pty: true})
		c.WaitFor("LOBBY id="+k.Fingerprint(), wait)
	}
	noTicker()
	if n := goroutinesIn("charm.land/bubbletea/v2.") - before; n > 3*sessions {
		t.Errorf("%d more goroutines in Bubble Tea for %d sessions, want at most %d", n, sessions, 3*sessions)
	}
}
