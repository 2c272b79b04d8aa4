package table

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/mysterium-ssh/mysterium/game"
)

// sharedTable is a classic game under way at the actor: host is the ghost,
// ann and ben psychics, and a few lines of chat, so that the public table
// has every kind of part (seats, psychics, visions, table cards, chat).
func sharedTable(t testing.TB) *Table {
	tb, err := New(testConfig())
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []struct {
		p game.PlayerID
		c game.Command
	}{
		{"host", game.Sit{Seat: game.GhostSeat, Name: "host"}},
		{"ann", game.Sit{Seat: game.SeatOf(game.Purple), Name: "ann"}},
		{"ben", game.Sit{Seat: game.SeatOf(game.Yellow), Name: "ben"}},
		{"host", game.Start{}},
		{"ann", game.Chat{Text: "the red hat?"}},
		{"ben", game.Chat{Text: "or the clock"}},
	} {
		if err := tb.Submit(m.p, m.c); err != nil {
			tb.Stop()
			t.Fatalf("%s's %T: %v", m.p, m.c, err)
		}
	}
	return tb
}

// broadcastOnce has the actor take its state's views anew and announce
// them to every subscriber, as it does after each change.
func broadcastOnce(tb *Table) {
	tb.inspect(func(t *Table) {
		t.refresh()
		t.version++
		t.broadcast()
	})
}

// One change of the table builds the public table once for all its
// subscribers: the ghost's, each psychic's and every spectator's view hold
// the one public part (its slices shared read-only), each with its own
// viewer, and what a broadcast allocates grows with the number of
// subscribers by each one's own view only, never by a copy of the table.
func TestBroadcastSharesThePublicView(t *testing.T) {
	checkNoLeak(t)
	tb := sharedTable(t)
	defer tb.Stop()
	subs := map[game.PlayerID]*Subscription{}
	for _, p := range []game.PlayerID{"host", "ann", "ben", "zed"} {
		subs[p] = tb.Subscribe(p)
		defer subs[p].Close()
	}
	broadcastOnce(tb)
	seats := map[*game.SeatView]bool{}
	chats := map[*game.ChatLine]bool{}
	for p, s := range subs {
		u := next(t, s)
		pub := u.View.Public()
		if u.View.Viewer() != p || pub.Me != p {
			t.Errorf("%s got %s's view (Me %q)", p, u.View.Viewer(), pub.Me)
		}
		seats[unsafe.SliceData(pub.Seats)] = true
		chats[unsafe.SliceData(pub.Chat)] = true
	}
	if len(seats) != 1 || len(chats) != 1 {
		t.Errorf("the ghost, two psychics and a spectator got %d copies of the seats and %d of the chat, want one shared", len(seats), len(chats))
	}
	if _, ok := subs["host"].latest.View.(*game.GhostView); !ok {
		t.Errorf("the ghost got a %T", subs["host"].latest.View)
	}
	if _, ok := subs["ann"].latest.View.(*game.PsychicView); !ok {
		t.Errorf("a psychic got a %T", subs["ann"].latest.View)
	}

	// Spectators' views are the public part and their seat: one allocation
	// each (and the growth of the broadcast's map of views).
	allocs := func(spectators int) float64 {
		tb := sharedTable(t)
		defer tb.Stop()
		for i := range spectators {
			defer tb.Subscribe(game.PlayerID(fmt.Sprintf("spectator-%d", i))).Close()
		}
		return testing.AllocsPerRun(50, func() { broadcastOnce(tb) })
	}
	const n = 40
	few, many := allocs(1), allocs(1+n)
	t.Logf("a broadcast allocates %.0f times for one spectator, %.0f for %d", few, many, 1+n)
	if per := (many - few) / n; per > 2 {
		t.Errorf("a broadcast allocates %.0f times for one spectator, %.0f for %d: %.1f for each further spectator, want at most 2 (its own view): the public table is copied for each", few, many, 1+n, per)
	}
}

// BenchmarkBroadcast is one change of a table announced to its ghost, two
// psychics and 0 to 40 spectators.
//
//	go test -run '^$' -bench Broadcast -benchmem ./game/table
func BenchmarkBroadcast(b *testing.B) {
	for _, spectators := range []int{0, 10, 40} {
		b.Run(fmt.Sprintf("3-seats+%d-spectators", spectators), func(b *testing.B) {
			tb := sharedTable(b)
			defer tb.Stop()
			for _, p := range []game.PlayerID{"host", "ann", "ben"} {
				defer tb.Subscribe(p).Close()
			}
			for i := range spectators {
				defer tb.Subscribe(game.PlayerID(fmt.Sprintf("spectator-%d", i))).Close()
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				broadcastOnce(tb)
			}
		})
	}
}
