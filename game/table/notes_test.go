package table_test

import (
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/table"
)

// TestMarksDoNotGrowTheJournal: a psychic toggling a mark with every key
// press (1,239 times) and rewriting a note writes nothing to the journal
// until the changes are due (5 s after the first), then one entry per card
// whose value changed; a change undone writes nothing at all; the changes
// go to the journal before the next move (so it keeps the order of what
// happened) and when the table stops; and the journal replays to the same
// marks and notes.
func TestMarksDoNotGrowTheJournal(t *testing.T) {
	table.CheckNoLeak(t)
	clock := table.NewManualClock(t0)
	rec := &recorder{}
	cfg := config(game.Options{Edition: game.Classic, Difficulty: game.Medium}, rec, clock)
	tb := start(t, cfg)
	seatFour(t, tb)
	cards := tb.Public().TableCards[game.Character]
	a, b := cards[0], cards[1]
	base := len(rec.all())
	for i := range 1239 {
		must(t, tb.Submit("alice", game.Mark{Card: a, Out: i%2 == 0})) // ends marked
		must(t, tb.Submit("alice", game.Mark{Card: b, Out: i%2 == 0}))
		must(t, tb.Submit("alice", game.Mark{Card: b, Out: false})) // ends as it was
	}
	for _, text := range []string{"the red", "the red hat", "the red hat?"} {
		must(t, tb.Submit("alice", game.Note{Card: a, Text: text}))
	}
	if n := len(rec.all()) - base; n != 0 {
		t.Fatalf("%d journal entries before the changes are due", n)
	}
	clock.Advance(5 * time.Second)
	tb.Public() // a round trip: the flush is done
	es := rec.all()[base:]
	if len(es) != 2 {
		t.Fatalf("%d journal entries for one mark and one note: %v", len(es), es)
	}
	if c, _ := game.UnmarshalCommand(es[0].Command); c != (game.Mark{Card: a, Out: true}) || es[0].Player != "alice" {
		t.Fatalf("first entry %s by %s", es[0].Command, es[0].Player)
	}
	if c, _ := game.UnmarshalCommand(es[1].Command); c != (game.Note{Card: a, Text: "the red hat?"}) {
		t.Fatalf("second entry %s", es[1].Command)
	}

	// A mark, then a move: the mark is journaled first.
	must(t, tb.Submit("bob", game.Mark{Card: b, Out: true}))
	must(t, tb.Submit("carol", game.Chat{Text: "hm"}))
	es = rec.all()
	if c, _ := game.UnmarshalCommand(es[len(es)-2].Command); c != (game.Mark{Card: b, Out: true}) {
		t.Fatalf("before the chat line: %s", es[len(es)-2].Command)
	}
	// A note left when the table stops is journaled.
	must(t, tb.Submit("carol", game.Note{Card: b, Text: "bob's?"}))
	tb.Stop()
	es = rec.all()
	if c, _ := game.UnmarshalCommand(es[len(es)-1].Command); c != (game.Note{Card: b, Text: "bob's?"}) {
		t.Fatalf("after the stop, the last entry is %s", es[len(es)-1].Command)
	}

	r, err := table.Restore(cfg, es)
	must(t, err)
	defer r.Stop()
	for p, want := range map[game.PlayerID][]game.CardNote{
		"alice": {{Card: a, Out: true, Text: "the red hat?"}},
		"bob":   {{Card: b, Out: true}},
		"carol": {{Card: b, Text: "bob's?"}},
	} {
		s := r.Subscribe(p)
		u := nextWhere(t, s, "the restored view", func(game.Update) bool { return true })
		s.Close()
		got := u.View.(*game.PsychicView).Notes
		if len(got) != len(want) || got[0] != want[0] {
			t.Errorf("%s's marks and notes after a restore: %+v, want %+v", p, got, want)
		}
	}
}
