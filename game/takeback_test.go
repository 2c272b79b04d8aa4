package game

import (
	"reflect"
	"testing"
)

// TestTakeBackUndoesTheVisionExactly gives a vision and takes it back, in
// each edition and in the cases that touch more than the hand: the vision
// that turns the sand timer, a modern completion that dropped old cards, and
// a draw that reshuffled the discard pile. The state must be as before the
// vision, but for the public trace of the take-back.
func TestTakeBackUndoesTheVisionExactly(t *testing.T) {
	tests := []struct {
		name  string
		opts  Options
		setup func(t *testing.T, s *State) Colour // returns who gets the vision
		give  func(s *State, to Colour) GiveVision
	}{
		{"classic first vision", classic(Medium), func(t *testing.T, s *State) Colour { return s.waitingVisions()[0] },
			func(s *State, to Colour) GiveVision { return GiveVision{To: to, Cards: s.hand[:2]} }},
		{"classic last vision turns the timer", classic(Medium), func(t *testing.T, s *State) Colour {
			w := s.waitingVisions()
			for _, c := range w[:len(w)-1] {
				mustApply(t, s, ghostOf(s), GiveVision{To: c, Cards: s.hand[:1]})
			}
			return w[len(w)-1]
		}, func(s *State, to Colour) GiveVision { return GiveVision{To: to, Cards: s.hand[:3]} }},
		{"original whole step", original(Normal), func(t *testing.T, s *State) Colour { return s.waitingVisions()[1] },
			func(s *State, to Colour) GiveVision { return GiveVision{To: to, Cards: s.hand[:1]} }},
		{"modern completion drops old cards", modern(), func(t *testing.T, s *State) Colour {
			ps := &s.psychics[0]
			ps.vision = []CardID{s.deck[10], s.deck[11]}
			s.deck = s.deck[12:]
			return ps.colour
		}, func(s *State, to Colour) GiveVision {
			return GiveVision{To: to, Cards: s.hand[:2], Drop: s.psy(to).vision[:1]}
		}},
		{"the draw reshuffles the discard pile", classic(Medium), func(t *testing.T, s *State) Colour {
			s.discard = append(cloneIDs(s.deck[1:]), s.discard...)
			s.deck = s.deck[:1]
			return s.waitingVisions()[0]
		}, func(s *State, to Colour) GiveVision { return GiveVision{To: to, Cards: s.hand[:3]} }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := started(t, tc.opts, 4)
			to := tc.setup(t, s)
			before := s.Clone()
			mustApply(t, s, ghostOf(s), tc.give(s, to))
			gv := s.ViewFor(ghostOf(s)).(*GhostView)
			if !gv.CanTakeBack || gv.TakeBackFrom != to {
				t.Fatalf("after the vision the ghost's view says CanTakeBack=%v from %s", gv.CanTakeBack, gv.TakeBackFrom)
			}
			evs := mustApply(t, s, ghostOf(s), TakeBack{})
			if len(evs) != 1 || evs[0].Kind != EvTakeBack || evs[0].Psychic != to {
				t.Fatalf("take-back events %+v", evs)
			}
			pub := s.ViewFor("").Public()
			if pub.TakenBack == nil || pub.TakenBack.Psychic != to {
				t.Fatalf("spectators do not see the take-back: %+v", pub.TakenBack)
			}
			if gv := s.ViewFor(ghostOf(s)).(*GhostView); gv.CanTakeBack {
				t.Fatal("a vision can be taken back twice")
			}
			s.takenBack, s.undo, before.undo = nil, nil, nil
			if !reflect.DeepEqual(before, s) {
				t.Fatalf("the state after the take-back differs from before the vision:\nbefore %+v\nafter  %+v", before, s)
			}
		})
	}
}

func TestTakeBackIsRefusedOnceTheVisionIsInPlay(t *testing.T) {
	tests := []struct {
		name  string
		after func(t *testing.T, s *State, to Colour) PlayerID // what happens after the vision; returns who asks
	}{
		{"the psychic placed an intuition", func(t *testing.T, s *State, to Colour) PlayerID {
			mustApply(t, s, ownerOf(s, to), PlaceIntuition{Psychic: to, Card: wrongCard(s, s.psy(to))})
			return ghostOf(s)
		}},
		{"the next vision was given", func(t *testing.T, s *State, to Colour) PlayerID {
			mustApply(t, s, ghostOf(s), TakeBack{}) // the first take-back is fine
			mustApply(t, s, ghostOf(s), GiveVision{To: to, Cards: s.hand[:1]})
			mustApply(t, s, ghostOf(s), GiveVision{To: s.waitingVisions()[0], Cards: s.hand[:1]})
			mustApply(t, s, ghostOf(s), TakeBack{}) // only the last one comes back
			return ghostOf(s)
		}},
		{"the ghost discarded", func(t *testing.T, s *State, to Colour) PlayerID {
			mustApply(t, s, ghostOf(s), Discard{Cards: s.hand[:1]})
			return ghostOf(s)
		}},
		{"a psychic asks", func(t *testing.T, s *State, to Colour) PlayerID { return ownerOf(s, to) }},
		{"the step is over", func(t *testing.T, s *State, to Colour) PlayerID {
			giveAll(t, s)
			mustApply(t, s, SystemPlayer, EndStep{})
			return ghostOf(s)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := started(t, classic(Easy), 4)
			to := s.waitingVisions()[0]
			mustApply(t, s, ghostOf(s), GiveVision{To: to, Cards: s.hand[:1]})
			p := tc.after(t, s, to)
			code := ErrTakeBack
			if p != ghostOf(s) {
				code = ErrNotYourSeat
			}
			mustRefuse(t, s, p, TakeBack{}, code)
		})
	}
}

// A vision taken back and given again replays to the same state: the
// command is journaled like any other.
func TestTakeBackReplays(t *testing.T) {
	s := started(t, modern(), 5)
	g := ghostOf(s)
	to := s.waitingVisions()[0]
	entries := preamble(5)
	for _, c := range []Command{
		GiveVision{To: to, Cards: s.hand[:2]},
		TakeBack{},
		GiveVision{To: to, Cards: s.hand[3:4]},
	} {
		mustApply(t, s, g, c)
		entries = append(entries, Entry{g, c})
	}
	r, err := Replay(modern(), TestPools(), "host", 1, entries)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r, s) {
		t.Fatal("the replayed state differs")
	}
}
