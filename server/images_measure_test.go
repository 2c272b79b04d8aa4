package server_test

import (
	"fmt"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
)

// TestMeasureImages measures cards as images at one table, for
// docs/performance.md: the ghost's sessions at 120x40, one a terminal
// answering as kitty, one as sixel, one saying nothing (half blocks),
// each alone at the table while the ghost moves through its hand (an
// action: one key, one new frame), then gives a vision: the bytes each
// session is sent per action, and the server's CPU per action; then the
// heap per session with 8 sessions of each kind connected and the image
// cache warm. MYSTERIUM_MEASURE=1 runs it.
func TestMeasureImages(t *testing.T) {
	if os.Getenv("MYSTERIUM_MEASURE") == "" {
		t.Skip("MYSTERIUM_MEASURE=1 measures cards as images")
	}
	r := setup(t, tableSpec{edition: game.Classic, psychics: 1, bots: 2})
	r.waitView(r.ghost, "the ghost's hand", func(u game.Update) bool {
		g, ok := u.View.(*game.GhostView)
		return ok && len(g.Hand) == 7
	})
	cpu := func() time.Duration {
		var ru syscall.Rusage
		_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	const actions = 60
	for _, proto := range []string{"kitty", "sixel", ""} {
		c := sshtest.Dial(t, r.h.addr, sshtest.Options{User: r.ghost.name, Key: &r.ghost.key, Pty: true, Width: 120, Height: 40, Command: r.code, Graphics: proto})
		c.WaitFor("your hand", wait)
		if proto != "" {
			if _, _, ok := sameImages(c, c, 120, 40, true); !ok {
				t.Fatalf("%s: no images", proto)
			}
		}
		connect := len(c.Screen.Raw())
		start, c0 := len(c.Screen.Raw()), cpu()
		for i := range actions {
			c.Screen.Mark()
			k := "l"
			if i%12 >= 6 {
				k = "h"
			}
			c.Type(k)
			c.WaitFor(fmt.Sprintf("%d V", []int{2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1}[i%12]), wait)
			// The caption under the cursor is highlighted: wait for the
			// frame to end (the key bar is the last line written).
			if err := c.Screen.WaitUntil(func(s string) bool { return len(s) > 0 }, "a frame", wait); err != nil {
				t.Fatal(err)
			}
		}
		bytesPer, cpuPer := (len(c.Screen.Raw())-start)/actions, (cpu()-c0)/actions
		name := proto
		if name == "" {
			name = "half blocks"
		}
		t.Logf("%-11s first screen %6d bytes; moving the cursor in the hand: %5d bytes and %v of server CPU an action", name, connect, bytesPer, cpuPer.Round(time.Microsecond))
		c.Close()
	}
	// Memory per session, the cache warm.
	for _, proto := range []string{"", "kitty", "sixel"} {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		var cs []*sshtest.Client
		for range 8 {
			c := sshtest.Dial(t, r.h.addr, sshtest.Options{User: r.ghost.name, Key: &r.ghost.key, Pty: true, Width: 120, Height: 40, Command: r.code, Graphics: proto})
			c.WaitFor("your hand", wait)
			cs = append(cs, c)
		}
		for _, c := range cs {
			if proto != "" {
				if _, _, ok := sameImages(c, c, 120, 40, true); !ok {
					t.Fatalf("%s: no images", proto)
				}
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		name := proto
		if name == "" {
			name = "half blocks"
		}
		t.Logf("%-11s heap per session with 8 connected: %d KiB (the test's clients included)", name, (int64(after.HeapAlloc)-int64(before.HeapAlloc))/8/1024)
		for _, c := range cs {
			c.Close()
		}
	}
}
