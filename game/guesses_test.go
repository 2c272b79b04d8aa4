package game

// docs/rules.md, "A round", step 1 as the psychics play it: intuitions,
// ready, the sand timer, the step's end.

import (
	"slices"
	"testing"
)

func TestIntuitions(t *testing.T) {
	s := started(t, classic(Medium), 5)
	purple, yellow := ownerOf(s, Purple), ownerOf(s, Yellow)
	onTable := s.table[Character][0]
	mustRefuse(t, s, purple, PlaceIntuition{Psychic: Purple, Card: onTable}, ErrIntuition) // "before the vision"
	giveAll(t, s)
	mustRefuse(t, s, yellow, PlaceIntuition{Psychic: Purple, Card: onTable}, ErrNotYourSeat)
	mustRefuse(t, s, purple, PlaceIntuition{Psychic: Green, Card: onTable}, ErrBadCommand)
	mustRefuse(t, s, purple, PlaceIntuition{Psychic: Purple, Card: s.table[Location][0]}, ErrCard)
	mustRefuse(t, s, purple, PlaceIntuition{Psychic: Purple, Card: "C99"}, ErrCard)
	mustRefuse(t, s, purple, SetReady{Psychic: Purple, Ready: true}, ErrIntuition) // no intuition yet
	mustRefuse(t, s, purple, SetReady{Psychic: Purple, Ready: false}, ErrIntuition)
	mustApply(t, s, purple, PlaceIntuition{Psychic: Purple, Card: onTable})
	mustRefuse(t, s, purple, PlaceIntuition{Psychic: Purple, Card: onTable}, ErrIntuition)
	// Several psychics may sit on the same card.
	mustApply(t, s, yellow, PlaceIntuition{Psychic: Yellow, Card: onTable})
	mustApply(t, s, purple, SetReady{Psychic: Purple, Ready: true})
	mustRefuse(t, s, purple, SetReady{Psychic: Purple, Ready: true}, ErrIntuition)
	if !s.psy(Purple).ready {
		t.Fatal("not ready")
	}
	// Moving the marker clears ready.
	mustApply(t, s, purple, PlaceIntuition{Psychic: Purple, Card: s.table[Character][1]})
	if s.psy(Purple).ready {
		t.Error("moving the intuition kept ready")
	}
	mustApply(t, s, purple, SetReady{Psychic: Purple, Ready: true})
	mustApply(t, s, purple, SetReady{Psychic: Purple, Ready: false})
	if s.psy(Purple).ready {
		t.Error("unready did not clear ready")
	}
}

func TestStepEnd(t *testing.T) {
	cases := []struct {
		name      string
		opts      Options
		timerRuns bool
	}{
		{"classic: the sand timer starts when the last vision is given", classic(Medium), true},
		{"classic with the timer switched off: no timer", Options{Edition: Classic, Difficulty: Medium}, false},
		{"modern: no sand timer", modern(), false},
		{"modern with the optional timer", Options{Edition: Modern, Timer: MinTimer}, true},
		{"original: no timer", original(Normal), false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := started(t, tc.opts, 4)
			mustRefuse(t, s, SystemPlayer, EndStep{}, ErrWrongPhase) // visions still to give
			for i, c := range s.waitingVisions() {
				ev := mustApply(t, s, ghostOf(s), GiveVision{To: c, Cards: cloneIDs(s.hand[:1])})
				last := i == len(colours(s))-1
				started := slices.ContainsFunc(ev, func(e Event) bool { return e.Kind == EvTimerStarted })
				if started != (last && tc.timerRuns) || s.timerRunning != started {
					t.Fatalf("vision %d: timer started %v running %v", i, started, s.timerRunning)
				}
			}
			if s.ViewFor("").Public().TimerRunning != tc.timerRuns {
				t.Error("the view disagrees about the timer")
			}
			if !tc.timerRuns {
				mustRefuse(t, s, SystemPlayer, EndStep{}, ErrWrongPhase)
				// The step ends early once every unfinished psychic is ready.
				place(t, s, all)
				readyAll(t, s)
				if s.phase != PhaseReveal {
					t.Fatalf("phase %s after everybody is ready", s.phase)
				}
				return
			}
			mustRefuse(t, s, ownerOf(s, Purple), EndStep{}, ErrNotYourSeat)
			mustRefuse(t, s, ghostOf(s), EndStep{}, ErrNotYourSeat)
			// Only purple places: the others have no intuition when the timer runs out.
			mustApply(t, s, ownerOf(s, Purple), PlaceIntuition{Psychic: Purple, Card: s.psy(Purple).trail[s.category(s.psy(Purple))]})
			mustApply(t, s, SystemPlayer, EndStep{})
			if s.phase != PhaseReveal || s.timerRunning {
				t.Fatalf("phase %s timer %v", s.phase, s.timerRunning)
			}
			mustApply(t, s, ghostOf(s), RevealAll{})
			res := s.history[0].Results
			for _, r := range res {
				if r.Correct != (r.Psychic == Purple) {
					t.Errorf("%s: correct %v (a psychic with no intuition is wrong)", r.Psychic, r.Correct)
				}
			}
		})
	}
}

func TestTimerEveryRoundAndEvents(t *testing.T) {
	s := started(t, classic(Medium), 4)
	for r := 1; r <= 3; r++ {
		var kinds []EventKind
		for _, c := range s.waitingVisions() {
			for _, e := range mustApply(t, s, ghostOf(s), GiveVision{To: c, Cards: cloneIDs(s.hand[:1])}) {
				kinds = append(kinds, e.Kind)
			}
		}
		if n := countKind(kinds, EvTimerStarted); n != 1 || !s.timerRunning {
			t.Fatalf("round %d: the timer started %d times", r, n)
		}
		place(t, s, none)
		mustApply(t, s, SystemPlayer, EndStep{})
		kinds = nil
		for _, e := range mustApply(t, s, ghostOf(s), RevealAll{}) {
			kinds = append(kinds, e.Kind)
		}
		if countKind(kinds, EvReveal) != 3 || countKind(kinds, EvRoundEnded) != 1 {
			t.Errorf("round %d: reveal events %v", r, kinds)
		}
	}
}

func countKind(kinds []EventKind, k EventKind) int {
	n := 0
	for _, x := range kinds {
		if x == k {
			n++
		}
	}
	return n
}
