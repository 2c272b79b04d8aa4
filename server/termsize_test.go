package server_test

import (
	"fmt"
	"math"
	"runtime"
	"runtime/metrics"
	"sync/atomic"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
)

// absurdSizes are terminal sizes a client may claim, as columns x rows.
var absurdSizes = []struct{ w, h int }{
	{math.MaxUint32, math.MaxUint32},
	{65535, 65535},
	{10_000_000, 24},
	{80, 10_000_000},
}

// heapWatch samples the live heap until stopped and keeps its peak. It is
// also a guard: a server that does not clamp sizes would take gigabytes,
// and on a shared machine the test must fail before the machine does, so
// past heapGuard it panics (which fails the test binary at once).
type heapWatch struct {
	peak atomic.Uint64
	stop chan struct{}
	done chan struct{}
}

const heapGuard = 1 << 30

func heapNow() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

func watchHeap() *heapWatch {
	w := &heapWatch{stop: make(chan struct{}), done: make(chan struct{})}
	w.peak.Store(heapNow())
	go func() {
		defer close(w.done)
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-w.stop:
				return
			case <-tick.C:
			}
			h := heapNow()
			if h > w.peak.Load() {
				w.peak.Store(h)
			}
			if h > heapGuard {
				panic(fmt.Sprintf("heap at %d MiB: the terminal size is not clamped", h>>20))
			}
		}
	}()
	return w
}

func (w *heapWatch) end() uint64 {
	close(w.stop)
	<-w.done
	return w.peak.Load()
}

// liveHeap is the heap still in use after a collection, and the bytes
// allocated since the process started (which no sampling can miss).
func liveHeap() (live, total uint64) {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc, m.TotalAlloc
}

// TestTerminalSizeIsClamped: a pty request or a window change of any size
// reaches the model as at most 500x200, over a real SSH connection.
func TestTerminalSizeIsClamped(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	for _, sz := range absurdSizes {
		t.Run(fmt.Sprintf("%dx%d", sz.w, sz.h), func(t *testing.T) {
			want := fmt.Sprintf("size %dx%d", min(sz.w, 500), min(sz.h, 200))
			k := sshtest.NewKey(t)
			c := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true, Width: sz.w, Height: sz.h})
			c.WaitFor(want, wait)
			c.Close()

			c = sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true})
			c.WaitFor("size 80x24", wait)
			c.Screen.Mark()
			if err := c.Resize(sz.w, sz.h); err != nil {
				t.Fatal(err)
			}
			c.WaitFor(want, wait)
		})
	}
}

// TestAbsurdTerminalSizesKeepTheHeapBounded: the real lobby at each absurd
// size, asked for in the pty request and in a window change: the server
// stays up and its heap stays bounded (the peak and what stays after).
func TestAbsurdTerminalSizesKeepTheHeapBounded(t *testing.T) {
	h := start(t, server.Config{})
	// The lobby at the ceiling, 500x200, allocates about 0.4 MiB (client
	// and server both count here) and holds 0.1 MiB. Unclamped, the smallest
	// of these sizes allocated 10 MiB (80x10,000,000 in a window change) and
	// the largest ran the process out of memory.
	const allocBound, peakBound, keptBound = 4 << 20, 4 << 20, 2 << 20
	for _, sz := range absurdSizes {
		for _, how := range []string{"pty-req", "window-change"} {
			t.Run(fmt.Sprintf("%s %dx%d", how, sz.w, sz.h), func(t *testing.T) {
				base, total0 := liveHeap()
				watch := watchHeap()
				k := sshtest.NewKey(t)
				var c *sshtest.Client
				if how == "pty-req" {
					c = sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true, Width: sz.w, Height: sz.h})
					c.WaitFor("n new", wait)
				} else {
					c = sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true})
					c.WaitFor("n new", wait)
					c.Screen.Mark()
					if err := c.Resize(sz.w, sz.h); err != nil {
						t.Fatal(err)
					}
					c.WaitFor("n new", wait)
				}
				peak := watch.end()
				held, total1 := liveHeap()
				c.Close()
				alloc := total1 - total0
				t.Logf("heap: %d KiB before, peak %d KiB, %d KiB held after the lobby, %d KiB allocated", base>>10, peak>>10, held>>10, alloc>>10)
				if alloc > allocBound {
					t.Errorf("%d MiB allocated for one lobby: want at most %d MiB", alloc>>20, allocBound>>20)
				}
				if peak > base+peakBound {
					t.Errorf("peak heap %d MiB over %d MiB before: want at most %d MiB more", peak>>20, base>>20, peakBound>>20)
				}
				if held > base+keptBound {
					t.Errorf("heap held %d MiB over %d MiB before: want at most %d MiB more", held>>20, base>>20, keptBound>>20)
				}
				// The server is still up for the next player.
				o := sshtest.Dial(t, h.addr, sshtest.Options{Pty: true})
				o.WaitFor("n new", wait)
				o.Close()
			})
		}
	}
}

// TestEnvRequestsAreBounded: a client cannot pile env requests on a
// session: past the bound they are refused.
func TestEnvRequestsAreBounded(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	cfg := &gossh.ClientConfig{User: "env", HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Auth: []gossh.AuthMethod{gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil })}}
	conn, err := gossh.Dial("tcp", h.addr, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	refused := 0
	for i := range 100 {
		if sess.Setenv(fmt.Sprintf("V%d", i), "x") != nil {
			refused++
		}
	}
	if refused != 100-32 {
		t.Errorf("%d of 100 env requests refused, want %d", refused, 100-32)
	}
	// One long value is refused whatever the count.
	sess2, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if sess2.Setenv("LONG", string(make([]byte, 4096))) == nil {
		t.Error("a 4 KiB env value was accepted")
	}
}

// TestChannelsPerConnectionAreBounded: sessions opened on one connection
// and never started are bounded.
func TestChannelsPerConnectionAreBounded(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	cfg := &gossh.ClientConfig{User: "chan", HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Auth: []gossh.AuthMethod{gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil })}}
	conn, err := gossh.Dial("tcp", h.addr, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	opened := 0
	for range 50 {
		if _, err := conn.NewSession(); err == nil {
			opened++
		}
	}
	if opened != 8 {
		t.Errorf("%d sessions opened on one connection, want 8", opened)
	}
}
