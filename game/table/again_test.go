package table_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/bot"
	"github.com/mysterium-ssh/mysterium/game/table"
)

// playAsBot plays p's seat with a tags bot until the game is over (a person
// at the keyboard, as far as the table can tell).
func playAsBot(t *testing.T, tb *table.Table, p game.PlayerID, sub *table.Subscription) {
	t.Helper()
	b := botFactory(t, bot.KindTags)(p, 99, "")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		u, err := sub.Next(ctx)
		if err != nil {
			t.Fatalf("%s waiting for the game: %v", p, err)
		}
		if u.View.Public().Phase == game.PhaseFinished {
			return
		}
		if c := b.Act(u.View); c != nil {
			_ = tb.Submit(p, c) // a refusal (the table moved on) is retried on the next update
		}
	}
}

// n after the end: the same table starts its next game in place, with the
// bots in their seats and the players still there in theirs; whoever left
// is not held to a seat. The new game's journal starts over after begin
// (where the server archives the finished one) and replays exactly onto
// the new seed.
func TestAgainStartsTheNextGameAtTheSameTable(t *testing.T) {
	table.CheckNoLeak(t)
	rec := &recorder{}
	cfg := config(game.Options{Edition: game.Classic, Difficulty: game.Easy}, rec, table.NewManualClock(t0))
	cfg.Bots = botFactory(t, bot.KindTags)
	tb := start(t, cfg)
	alice := tb.Subscribe("alice")
	defer alice.Close()
	zed := tb.Subscribe("zed") // a spectator
	defer zed.Close()
	must(t, tb.Submit("host", game.SetBot{Seat: game.GhostSeat, On: true}))
	must(t, tb.Submit("alice", game.Sit{Seat: 0, Name: "Alice"}))
	must(t, tb.Submit("host", game.SetBot{Seat: 1, On: true, Level: game.BotNovice}))
	must(t, tb.Submit("bob", game.Sit{Seat: 2, Name: "Bob"}))
	must(t, tb.Submit("host", game.SetBot{Seat: 3, On: true}))

	if err := tb.Again("alice", 1234, nil); !errors.Is(err, &game.RuleError{Code: game.ErrWrongPhase}) {
		t.Fatalf("Again before the end: %v", err)
	}
	must(t, tb.Submit("host", game.Start{}))
	// bob plays without a subscription (he is away): his moves still count.
	bobSub := tb.Subscribe("bob")
	done := make(chan struct{})
	go func() { defer close(done); playAsBot(t, tb, "bob", bobSub) }()
	playAsBot(t, tb, "alice", alice)
	<-done
	bobSub.Close() // bob leaves after the game

	first := rec.all()
	if err := tb.Again("zed", 1234, nil); !errors.Is(err, &game.RuleError{Code: game.ErrNotSeated}) {
		t.Fatalf("a spectator started the next game: %v", err)
	}
	refuse := errors.New("disk full")
	if err := tb.Again("alice", 1234, func() error { return refuse }); !errors.Is(err, refuse) {
		t.Fatalf("Again with a failing begin: %v", err)
	}
	if tb.Public().Phase != game.PhaseFinished {
		t.Fatal("a failed Again changed the table")
	}
	var archived []game.JournalEntry
	must(t, tb.Again("alice", 1234, func() error {
		rec.mu.Lock()
		defer rec.mu.Unlock()
		archived, rec.entries = rec.entries, nil
		return nil
	}))
	if len(archived) != len(first) {
		t.Fatalf("begin saw %d entries, the finished game had %d", len(archived), len(first))
	}
	u := nextWhere(t, zed, "seating again", func(u game.Update) bool { return u.View.Public().Phase == game.PhaseSeating })
	seats := u.View.Public().Seats
	want := map[game.Seat]string{game.GhostSeat: "bot", 0: "alice", 1: "bot", 2: "", 3: "bot"}
	for _, s := range seats {
		w, ok := want[s.Seat]
		switch {
		case !ok:
			if s.Player != "" {
				t.Errorf("seat %s holds %s", s.Seat, s.Player)
			}
		case w == "bot" && !s.Bot, w == "" && s.Player != "", w != "bot" && w != "" && s.Player != game.PlayerID(w):
			t.Errorf("seat %s: %+v, want %q", s.Seat, s, w)
		case s.Seat == 1 && s.BotLevel != game.BotNovice:
			t.Errorf("the novice bot came back as a %q", s.BotLevel)
		}
	}
	if tb.Config().Seed != 1234 {
		t.Fatalf("seed %d, want the new game's", tb.Config().Seed)
	}
	// The new journal starts at 1 and replays onto the new seed.
	entries := rec.all()
	if len(entries) == 0 || entries[0].Seq != 1 {
		t.Fatalf("the next game's journal: %+v", entries)
	}
	cfg2 := cfg
	cfg2.Seed, cfg2.Journal, cfg2.Bots = 1234, nil, nil
	again, err := table.Restore(cfg2, entries)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Stop()
	if got := again.Public().Seats; !sameSeats(got, seats) {
		t.Fatalf("replayed seats %+v\nwant %+v", got, seats)
	}
	// And the next game plays to its end.
	must(t, tb.Submit("host", game.SetBot{Seat: 2, On: true}))
	must(t, tb.Submit("host", game.Start{}))
	playAsBot(t, tb, "alice", alice)
}

func sameSeats(a, b []game.SeatView) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Seat != b[i].Seat || a[i].Player != b[i].Player || a[i].Bot != b[i].Bot || a[i].Name != b[i].Name || a[i].Order != b[i].Order {
			return false
		}
	}
	return true
}
