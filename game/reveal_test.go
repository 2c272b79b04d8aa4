package game

// docs/rules.md, "A round", step 2: the results, the clock, and the final
// phase once every trail is found.

import (
	"slices"
	"testing"
)

func TestReveal(t *testing.T) {
	s := started(t, classic(Medium), 4)
	g := ghostOf(s)
	giveAll(t, s)
	place(t, s, only(Yellow))
	mustRefuse(t, s, g, Reveal{Psychic: Yellow}, ErrWrongPhase)
	readyAll(t, s)
	yCard := s.psy(Yellow).intuition
	pVision := cloneIDs(s.psy(Purple).vision)
	// The ghost reveals in the order it chooses.
	ev := mustApply(t, s, g, Reveal{Psychic: Yellow})
	if len(ev) != 1 || !ev[0].Correct || ev[0].Psychic != Yellow {
		t.Errorf("events %+v", ev)
	}
	mustRefuse(t, s, g, Reveal{Psychic: Yellow}, ErrWrongPhase)
	mustRefuse(t, s, g, Reveal{Psychic: Green}, ErrBadCommand)
	mustRefuse(t, s, ownerOf(s, Red), Reveal{Psychic: Red}, ErrNotYourSeat)
	mustRefuse(t, s, ownerOf(s, Red), RevealAll{}, ErrNotYourSeat)
	y := s.psy(Yellow)
	// Right: the card leaves the table, the vision goes to the discard, next category.
	if slices.Contains(s.table[Character], yCard) || len(y.vision) != 0 || s.category(y) != Location || y.found[Character] != 1 {
		t.Errorf("yellow after a right answer: %+v", *y)
	}
	if len(s.discard) != 1 {
		t.Errorf("discard %d", len(s.discard))
	}
	mustApply(t, s, g, Reveal{Psychic: Purple})
	mustApply(t, s, g, Reveal{Psychic: Red})
	// Wrong: the vision stays, same category; the round ends, the clock advances.
	if s.round != 2 || s.phase != PhaseVision {
		t.Fatalf("round %d phase %s", s.round, s.phase)
	}
	p := s.psy(Purple)
	if !slices.Equal(p.vision, pVision) || s.category(p) != Character {
		t.Errorf("purple after a wrong answer: %+v", *p)
	}
	if p.intuition != "" || p.received {
		t.Error("intuitions are not cleared for the new round")
	}
	if h := s.history[0]; len(h.Results) != 3 || h.Results[0].Psychic != Yellow || len(h.Visions) != 3 {
		t.Errorf("history %+v", h)
	}
	mustRefuse(t, s, g, RevealAll{}, ErrWrongPhase)
}

func TestClock(t *testing.T) {
	cases := []struct {
		name string
		opts Options
	}{
		{"classic: a trail unfinished after hour 7 loses", classic(Medium)},
		{"modern: as classic", modern()},
		{"original: a round on day 7 that leaves a trail unfinished loses", original(Normal)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := started(t, tc.opts, 4)
			for r := 1; r <= 7; r++ {
				if s.round != r {
					t.Fatalf("round %d, want %d", s.round, r)
				}
				round(t, s, only(Purple)) // purple finishes in round 3, the others never
			}
			if s.phase != PhaseFinished || s.outcome == nil || s.outcome.Won || s.outcome.Cause != LossClock || s.round != 7 {
				t.Fatalf("after 7 rounds: phase %s outcome %+v round %d", s.phase, s.outcome, s.round)
			}
			v, ok := s.ViewFor(ownerOf(s, Red)).(*FinishedView)
			if !ok || v.Outcome.Cause != LossClock {
				t.Fatalf("finished view %T", s.ViewFor(ownerOf(s, Red)))
			}
			mustRefuse(t, s, ghostOf(s), Discard{}, ErrGameOver)
		})
	}
}

func TestFinalPhaseStartsWhenEveryTrailIsFound(t *testing.T) {
	cases := []struct {
		name      string
		opts      Options
		lastRound int
	}{
		{"classic: all finished in hour 5 goes to the final phase", classic(Medium), 5},
		{"original: the day does not advance when the last trail is completed", original(Normal), 5},
		{"modern: the culprit is drawn at once", modern(), 5},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := started(t, tc.opts, 4)
			round(t, s, none)
			round(t, s, none)
			for i := 0; i < 3; i++ {
				round(t, s, all)
			}
			if s.phase != PhaseCulprit || s.round != tc.lastRound {
				t.Fatalf("phase %s round %d", s.phase, s.round)
			}
			if got := s.final.culprit != 0; got != (tc.opts.Edition == Modern) {
				t.Errorf("culprit set %v at the start of the final phase", got)
			}
		})
	}
}
