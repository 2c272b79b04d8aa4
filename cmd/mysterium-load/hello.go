package main

import (
	"context"
	"fmt"
	"io"
	"strings"
)

// With --hello the server is the Wish hello app (test/hello), measured the
// way the server is, beside it: its sessions meet in rooms of two (a pair:
// both started with `ssh -t HOST room-N`), and in each pair the first
// session presses a key at the pace, once both screens are quiet; the key
// counts in the room, and the action is measured as a table's is (the key
// to its partner's screen, the bytes both receive). What the server does
// with a table's update (rules, the journal's fsync, every seat's frame) the
// hello app does not: what is left is SSH, Wish, Bubble Tea and the machine.

// helloKey is the key a pair's first session presses: any key counts.
const helloKey = "k"

// rooms is how many sessions sit at each table (at each room, with
// --hello).
func (c config) rooms() []int {
	if c.hello {
		return pairSizes(c.sessions)
	}
	return tableSizes(c.sessions, c.maxSeats)
}

// pairSizes spreads n sessions over rooms of two; an odd one out joins the
// last room.
func pairSizes(n int) []int {
	if n < 2 {
		return nil
	}
	out := make([]int, n/2)
	for i := range out {
		out[i] = 2
	}
	out[len(out)-1] += n % 2
	return out
}

// setupHello opens the room's sessions and waits for each one's first
// screen.
func (tr *tableRun) setupHello(ctx context.Context) error {
	r := tr.r
	tr.code = fmt.Sprintf("room-%d", tr.id)
	for range tr.size {
		s, err := r.dial(ctx, tr.code)
		if err != nil {
			return err
		}
		tr.seats = append(tr.seats, s)
		if err := s.waitFor(ctx, "the hello app's screen", func(t string) bool {
			return strings.Contains(t, "hello "+tr.code) && strings.Contains(t, "keys pressed in this room")
		}); err != nil {
			return err
		}
		r.arrived()
	}
	return nil
}

// decideHello: the room's first session presses the key; the others watch.
func decideHello(i int) (action, bool) {
	if i != 0 {
		return action{}, false
	}
	return action{keys: helloKey, shared: true, kind: "key"}, true
}

// printHelloNeeds says how to start the hello app for the run.
func printHelloNeeds(w io.Writer, cfg config, rooms int) {
	fmt.Fprintf(w, "this run opens %d sessions in %d rooms of the hello app (go build ./test/hello/mysterium-hello), which has no limits to raise\n", cfg.sessions, rooms)
}
