package game

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// startedHuman starts a game whose ghost is a person, gina, with bots in the
// psychics' seats; the host ("host") sits nowhere.
func startedHuman(t *testing.T, o Options, players int) *State {
	t.Helper()
	s, err := New(o, TestPools(), "host", 1)
	if err != nil {
		t.Fatal(err)
	}
	mustApply(t, s, "gina", Sit{Seat: GhostSeat, Name: "Gina"})
	for i := 0; i < players-1; i++ {
		mustApply(t, s, "host", SetBot{Seat: Seat(i), On: true})
	}
	mustApply(t, s, "host", Start{})
	return s
}

// deliver ends the hold of the vision on its way, as the table does after VisionHold.
func deliver(t *testing.T, s *State) []Event {
	t.Helper()
	return mustApply(t, s, SystemPlayer, DeliverVision{})
}

// editions are a table of each edition, the sand timer on.
func editions() []Options {
	return []Options{classic(Medium), {Edition: Modern, Timer: DefaultTimer}, {Edition: Original, Difficulty: Normal, Timer: DefaultTimer}}
}

// Finding: the ghost gave a vision, watched the psychic's pointer, took the
// vision back and gave another until the pointer was right. A vision on its
// way now shows nothing of its cards to anybody but the ghost, so nobody
// can point at, mark or place on it; once it has arrived, it stays.
func TestAVisionOnItsWayShowsNoCard(t *testing.T) {
	for _, o := range editions() {
		t.Run(string(o.Edition), func(t *testing.T) {
			s := startedHuman(t, o, 4)
			to := s.waitingVisions()[0]
			cards := cloneIDs(s.hand[:2])
			evs := mustApply(t, s, "gina", GiveVision{To: to, Cards: cards})
			for _, p := range append(psychicPlayers(s), "spectator:zed") {
				v := s.ViewFor(p)
				b, _ := json.Marshal(v)
				for _, id := range cards {
					if strings.Contains(string(b), string(id)) {
						t.Fatalf("%s's view holds %s of the vision on its way", p, id)
					}
				}
				pub := v.Public()
				if pp := pub.Psychic(to); len(pp.Vision) != 0 || pp.ReceivedThisRound {
					t.Fatalf("%s sees %s's vision %v (received %v) while it is on its way", p, to, pp.Vision, pp.ReceivedThisRound)
				}
				if pub.Sending == nil || pub.Sending.Psychic != to || pub.HandSize != HandSize {
					t.Fatalf("%s's view: sending %+v, hand size %d", p, pub.Sending, pub.HandSize)
				}
			}
			eb, _ := json.Marshal(evs)
			for _, id := range cards {
				if strings.Contains(string(eb), string(id)) {
					t.Fatalf("the events of the vision sent name %s: %s", id, eb)
				}
			}
			// Nobody can act on it: the psychic has no vision to place on.
			if legal := s.LegalCommands(ownerOf(s, to)); slices.ContainsFunc(legal, func(c Command) bool {
				pi, ok := c.(PlaceIntuition)
				return ok && pi.Psychic == to
			}) {
				t.Fatal("a psychic may place an intuition on a vision on its way")
			}
			gv := s.ViewFor("gina").(*GhostView)
			if !gv.CanTakeBack || gv.TakeBackFrom != to || !slices.Equal(gv.Held, cards) {
				t.Fatalf("the ghost's view: can take back %v from %s, held %v", gv.CanTakeBack, gv.TakeBackFrom, gv.Held)
			}
			deliver(t, s)
			if got := s.ViewFor("spectator:zed").Public().Psychic(to).Vision; !slices.Equal(got, cards) {
				t.Fatalf("after delivery the vision is %v, want %v", got, cards)
			}
			re := mustRefuse(t, s, "gina", TakeBack{}, ErrTakeBack)
			want := "The vision has reached " + psyName(to) + "; it can no longer be taken back."
			if re.Error() != want || !strings.Contains(re.Text(i18n.French), "ne peut plus être reprise") {
				t.Fatalf("take-back after delivery: %q / %q", re.Error(), re.Text(i18n.French))
			}
		})
	}
}

// psychicPlayers lists the psychic players of s.
func psychicPlayers(s *State) []PlayerID {
	var out []PlayerID
	for _, c := range Colours {
		if p := s.seats[c].player; p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Finding: with 5 s left the ghost took the last vision back and gave it
// again, and the sand timer was turned over again. The sand timer now
// turns only when the last vision arrives, and an arrived vision cannot be
// taken back, so a take-back never turns it again.
func TestATakeBackNeverTurnsTheSandTimerAgain(t *testing.T) {
	for _, o := range editions() {
		t.Run(string(o.Edition), func(t *testing.T) {
			s := startedHuman(t, o, 4)
			w := s.waitingVisions()
			for _, c := range w[:len(w)-1] {
				mustApply(t, s, "gina", GiveVision{To: c, Cards: s.hand[:1]})
			}
			last := w[len(w)-1]
			mustApply(t, s, "gina", GiveVision{To: last, Cards: s.hand[:1]})
			if s.timerRunning {
				t.Fatal("the sand timer runs while the last vision is on its way")
			}
			mustApply(t, s, "gina", TakeBack{})
			mustApply(t, s, "gina", GiveVision{To: last, Cards: s.hand[1:2]})
			deliver(t, s)
			if !s.timerRunning {
				t.Fatal("the last vision arrived and the sand timer did not turn")
			}
			mustRefuse(t, s, "gina", TakeBack{}, ErrTakeBack)
			if !s.timerRunning {
				t.Fatal("the sand timer stopped")
			}
		})
	}
}

// Finding: giving the whole hand showed the ghost 7 new cards, and taking
// it back put them back on top of the deck: the ghost knew what a crow, a
// candle or a new hand would bring. The cards are drawn only when the
// vision arrives; a take-back leaves the deck as it was, unseen.
func TestATakeBackShowsNoCardOfTheDeck(t *testing.T) {
	for _, o := range editions() {
		t.Run(string(o.Edition), func(t *testing.T) {
			s := startedHuman(t, o, 4)
			to := s.waitingVisions()[0]
			before := s.Clone()
			deck := map[CardID]bool{}
			for _, id := range s.deck {
				deck[id] = true
			}
			seen := func(what string) {
				t.Helper()
				for _, id := range s.ViewFor("gina").(*GhostView).Hand {
					if deck[id] {
						t.Fatalf("%s the ghost sees %s, a card of the deck", what, id)
					}
				}
			}
			mustApply(t, s, "gina", GiveVision{To: to, Cards: cloneIDs(s.hand)})
			seen("with the whole hand on its way")
			evs := mustApply(t, s, "gina", TakeBack{})
			seen("after the take-back")
			if len(evs) != 1 || evs[0].Kind != EvTakeBack || evs[0].Psychic != to {
				t.Fatalf("take-back events %+v", evs)
			}
			if pub := s.ViewFor("").Public(); pub.TakenBack == nil || pub.TakenBack.Psychic != to || pub.Sending != nil {
				t.Fatalf("spectators see taken back %+v, sending %+v", pub.TakenBack, pub.Sending)
			}
			gv := s.ViewFor("gina").(*GhostView)
			if gv.CanTakeBack || len(gv.TakeBacks) != 1 || len(gv.TakeBacks[0].Cards) != HandSize {
				t.Fatalf("after the take-back: can take back %v, records %+v", gv.CanTakeBack, gv.TakeBacks)
			}
			// Everything is as before the vision, but for the public trace
			// and the record of what was taken back.
			s.takenBack, s.takeBacks = nil, nil
			if !reflect.DeepEqual(before, s) {
				t.Fatalf("the state after the take-back differs from before the vision:\nbefore %+v\nafter  %+v", before, s)
			}
		})
	}
}

// A vision on its way arrives first when the ghost moves on (the next
// vision, a discard); the same psychic cannot be given a second one.
func TestTheGhostMovingOnDeliversTheVision(t *testing.T) {
	s := startedHuman(t, classic(Easy), 4)
	w := s.waitingVisions()
	mustApply(t, s, "gina", GiveVision{To: w[0], Cards: s.hand[:1]})
	mustRefuse(t, s, "gina", GiveVision{To: w[0], Cards: s.hand[:1]}, ErrVision)
	mustRefuse(t, s, "alice", DeliverVision{}, ErrNotYourSeat)
	mustApply(t, s, "gina", GiveVision{To: w[1], Cards: s.hand[:1]})
	if ps := s.psy(w[0]); !ps.received || len(ps.vision) != 1 {
		t.Fatalf("the first vision did not arrive when the second was given: %+v", ps)
	}
	if len(s.hand) != HandSize-1 {
		t.Fatalf("hand of %d: the second vision's draw came before it arrived", len(s.hand))
	}
	mustApply(t, s, "gina", Discard{Cards: s.hand[:1]})
	if ps := s.psy(w[1]); !ps.received || len(s.hand) != HandSize {
		t.Fatalf("the discard did not deliver the second vision first: %+v, hand %d", ps, len(s.hand))
	}
	mustRefuse(t, s, SystemPlayer, DeliverVision{}, ErrVision)
}

// A bot's vision arrives at once: bots never take back, and all-bot games
// (simulate) never wait.
func TestABotsVisionArrivesAtOnce(t *testing.T) {
	s := started(t, classic(Medium), 4)
	to := s.waitingVisions()[0]
	mustApply(t, s, ghostOf(s), GiveVision{To: to, Cards: s.hand[:1]})
	if s.held != nil || !s.psy(to).received || len(s.hand) != HandSize {
		t.Fatalf("a bot's vision is held: %+v", s.held)
	}
	mustRefuse(t, s, ghostOf(s), TakeBack{}, ErrTakeBack)
}

func TestTakeBackIsRefused(t *testing.T) {
	tests := []struct {
		name  string
		after func(t *testing.T, s *State, to Colour) PlayerID // what happens after the vision; returns who asks
		code  ErrorCode
	}{
		{"the vision arrived", func(t *testing.T, s *State, to Colour) PlayerID {
			deliver(t, s)
			return "gina"
		}, ErrTakeBack},
		{"the next vision was given", func(t *testing.T, s *State, to Colour) PlayerID {
			mustApply(t, s, "gina", GiveVision{To: s.waitingVisions()[1], Cards: s.hand[:1]})
			mustApply(t, s, "gina", TakeBack{}) // only the one on its way comes back
			return "gina"
		}, ErrTakeBack},
		{"the ghost discarded", func(t *testing.T, s *State, to Colour) PlayerID {
			mustApply(t, s, "gina", Discard{Cards: s.hand[:1]})
			return "gina"
		}, ErrTakeBack},
		{"a psychic asks", func(t *testing.T, s *State, to Colour) PlayerID { return ownerOf(s, to) }, ErrNotYourSeat},
		{"other cards", func(t *testing.T, s *State, to Colour) PlayerID { return "gina" }, ErrTakeBack},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := startedHuman(t, classic(Easy), 4)
			to := s.waitingVisions()[0]
			mustApply(t, s, "gina", GiveVision{To: to, Cards: s.hand[:1]})
			p := tc.after(t, s, to)
			mustRefuse(t, s, p, TakeBack{Cards: []CardID{"V99"}}, tc.code)
			if tc.name != "other cards" {
				mustRefuse(t, s, p, TakeBack{}, tc.code)
			}
		})
	}
}

// A vision taken back and given again replays to the same state: the
// commands, the table's delivery included, are journaled like any other.
func TestTakeBackReplays(t *testing.T) {
	for _, o := range editions() {
		s := startedHuman(t, o, 5)
		to := s.waitingVisions()[0]
		entries := []Entry{{"gina", Sit{Seat: GhostSeat, Name: "Gina"}}}
		for i := 0; i < 4; i++ {
			entries = append(entries, Entry{"host", SetBot{Seat: Seat(i), On: true}})
		}
		entries = append(entries, Entry{"host", Start{}})
		for _, e := range []Entry{
			{"gina", GiveVision{To: to, Cards: s.hand[:2], Note: "a first thought"}},
			{"gina", TakeBack{Cards: s.hand[:2]}},
			{"gina", GiveVision{To: to, Cards: s.hand[3:4]}},
			{SystemPlayer, DeliverVision{}},
		} {
			mustApply(t, s, e.Player, e.Command)
			entries = append(entries, e)
		}
		r, err := Replay(o, TestPools(), "host", 1, entries)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(r, s) {
			t.Fatalf("%s: the replayed state differs", o.Edition)
		}
		if got := s.ViewFor("gina").(*GhostView).GhostNotes; len(got) != 0 {
			t.Fatalf("the note of the vision taken back stayed: %v", got)
		}
	}
}

// A journal written before visions were held has no DeliverVision: its
// visions arrived at once. It still replays: a vision on its way arrives
// when the next entry needs it.
func TestAJournalWithoutDeliveriesReplays(t *testing.T) {
	s := startedHuman(t, classic(Medium), 4)
	entries := []Entry{{"gina", Sit{Seat: GhostSeat, Name: "Gina"}}}
	for i := 0; i < 3; i++ {
		entries = append(entries, Entry{"host", SetBot{Seat: Seat(i), On: true}})
	}
	entries = append(entries, Entry{"host", Start{}})
	hand := cloneIDs(s.hand)
	w := s.waitingVisions()
	for i, c := range w {
		entries = append(entries, Entry{"gina", GiveVision{To: c, Cards: hand[i : i+1]}})
	}
	last := w[len(w)-1]
	entries = append(entries, Entry{ownerOf(s, last), PlaceIntuition{Psychic: last, Card: wrongCard(s, s.psy(last))}})
	r, err := Replay(classic(Medium), TestPools(), "host", 1, entries)
	if err != nil {
		t.Fatal(err)
	}
	if r.held != nil || !r.timerRunning || r.psy(last).intuition == "" {
		t.Fatalf("replayed: held %+v, timer %v, intuition %q", r.held, r.timerRunning, r.psy(last).intuition)
	}
}
