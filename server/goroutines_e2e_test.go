package server_test

import (
	"bufio"
	"bytes"
	"fmt"
	"runtime/pprof"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/session"
)

// serverLabel marks the goroutines of the servers the tests start (start).
var serverLabel = pprof.Labels("mysterium", "server")

// serverGoroutines counts the goroutines of the tests' servers, and names
// what each group runs (its two innermost calls of this module or the
// libraries it uses, after the runtime's).
func serverGoroutines() (int, map[string]int) {
	var b bytes.Buffer
	_ = pprof.Lookup("goroutine").WriteTo(&b, 1)
	total, by := 0, map[string]int{}
	for _, g := range strings.Split(b.String(), "\n\n") {
		if !strings.Contains(g, `# labels: {"mysterium":"server"}`) {
			continue
		}
		sc := bufio.NewScanner(strings.NewReader(g))
		n, where := 0, []string{}
		for sc.Scan() {
			line := sc.Text()
			if n == 0 {
				if i := strings.Index(line, " @ "); i > 0 {
					n, _ = strconv.Atoi(line[:i])
				}
				continue
			}
			f := strings.Fields(line)
			if len(f) < 3 || f[0] != "#" || !strings.HasPrefix(f[1], "0x") || len(where) == 2 {
				continue
			}
			fn := f[2]
			if strings.HasPrefix(fn, "runtime.") || strings.HasPrefix(fn, "internal/") || strings.HasPrefix(fn, "sync.") {
				continue
			}
			if i := strings.LastIndex(fn, "+"); i > 0 {
				fn = fn[:i]
			}
			where = append(where, fn)
		}
		total += n
		by[strings.Join(where, " < ")] += n
	}
	return total, by
}

// goroutinesPerPlayer is what a player at a table holds on the server: the
// SSH library's six (its connection's reader, key exchange and
// multiplexer; Wish's connection, connection requests and channel
// requests), the channel's request guard (which also times the window
// changes), the key reader, Bubble Tea's event loop (the session's handler)
// and command runner, and the table's subscription the screen follows.
const goroutinesPerPlayer = 11

// Every goroutine is a stack each garbage collection scans: at 1,000
// players, one goroutine a player more is a thousand stacks more a cycle.
// Players at a game in progress hold no more than goroutinesPerPlayer each
// once their screens are drawn (the screen's writer and the inbox's
// forwarder live only while there is something to write or hand over).
func TestAPlayerHoldsFewGoroutines(t *testing.T) {
	h := start(t, server.Config{BotDelay: -1})
	hub := h.srv.Hub()
	const players = 5 // the ghost and four psychics
	keys := make([]sshtest.Key, players)
	ids := make([]game.PlayerID, players)
	for i := range keys {
		keys[i] = sshtest.NewKey(t)
		ids[i] = game.PlayerID(keys[i].Fingerprint())
	}
	opts := game.DefaultOptions(game.Classic)
	opts.Timer = 0
	info, err := hub.CreateTable(session.Identity{ID: ids[0], Name: "p0"}, session.TableSpec{Name: "Stacks", Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := hub.Table(info.Code)
	for i, id := range ids {
		seat := game.GhostSeat
		if i > 0 {
			seat = game.Seat(i - 1)
		}
		if err := tb.Submit(id, game.Sit{Seat: seat, Name: fmt.Sprintf("p%d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := tb.Submit(ids[0], game.Start{}); err != nil {
		t.Fatal(err)
	}
	before, _ := serverGoroutines()
	for i := range keys {
		c := sshtest.Dial(t, h.addr, sshtest.Options{User: fmt.Sprintf("p%d", i), Key: &keys[i], Pty: true, Command: info.Code})
		c.WaitFor("? keys", wait)
	}
	// Some goroutines live only for a moment (a frame being written):
	// wait for the count to settle under the bound, with one for the
	// runtime's noise.
	limit := before + players*goroutinesPerPlayer + 1
	deadline := time.Now().Add(wait)
	for {
		n, by := serverGoroutines()
		if n <= limit {
			t.Logf("%d goroutines for %d players: %.1f a player", n-before, players, float64(n-before)/players)
			return
		}
		if time.Now().After(deadline) {
			var lines []string
			for w, c := range by {
				lines = append(lines, fmt.Sprintf("%4d %s", c, w))
			}
			sort.Strings(lines)
			t.Fatalf("%d goroutines for %d players (%.1f a player), want at most %d a player:\n%s",
				n-before, players, float64(n-before)/players, goroutinesPerPlayer, strings.Join(lines, "\n"))
		}
		time.Sleep(10 * time.Millisecond) // polling a condition, not waiting for time
	}
}
