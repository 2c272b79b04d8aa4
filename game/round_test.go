package game

import (
	"slices"
	"testing"
)

// docs/rules.md, "A round": step 1 (visions, intuitions, ready, the sand timer)
// and step 2 (reveal), the ghost's discards, the clock.

func TestGiveVision(t *testing.T) {
	type setup func(t *testing.T, s *State)
	cases := []struct {
		name    string
		opts    Options
		players int
		prep    setup
		cmd     func(s *State) GiveVision
		code    ErrorCode // "" = accepted
		check   func(t *testing.T, s *State)
	}{
		{name: "classic: a vision of several cards, the ghost draws back to 7", opts: classic(Medium), players: 4,
			cmd: func(s *State) GiveVision { return GiveVision{To: Purple, Cards: cloneIDs(s.hand[:5])} },
			check: func(t *testing.T, s *State) {
				if len(s.psy(Purple).vision) != 5 || len(s.hand) != 7 || len(s.deck) != 84-12 {
					t.Errorf("vision %d hand %d deck %d", len(s.psy(Purple).vision), len(s.hand), len(s.deck))
				}
			}},
		{name: "classic: no upper limit but the hand (all 7)", opts: classic(Medium), players: 4,
			cmd: func(s *State) GiveVision { return GiveVision{To: Purple, Cards: cloneIDs(s.hand)} }},
		{name: "a card that is not in the hand", opts: classic(Medium), players: 4,
			cmd:  func(s *State) GiveVision { return GiveVision{To: Purple, Cards: []CardID{"V99"}} },
			code: ErrCard},
		{name: "the same card twice", opts: classic(Medium), players: 4,
			cmd:  func(s *State) GiveVision { return GiveVision{To: Purple, Cards: []CardID{s.hand[0], s.hand[0]}} },
			code: ErrCard},
		{name: "a vision of no card", opts: classic(Medium), players: 4,
			cmd: func(s *State) GiveVision { return GiveVision{To: Purple} }, code: ErrTooMany},
		{name: "to a colour nobody plays", opts: classic(Medium), players: 4,
			cmd:  func(s *State) GiveVision { return GiveVision{To: Green, Cards: s.hand[:1]} },
			code: ErrBadCommand},
		{name: "a second vision in the same round", opts: classic(Medium), players: 4,
			prep: func(t *testing.T, s *State) { mustApply(t, s, ghostOf(s), GiveVision{To: Purple, Cards: s.hand[:1]}) },
			cmd:  func(s *State) GiveVision { return GiveVision{To: Purple, Cards: s.hand[:1]} },
			code: ErrVision},
		{name: "classic: old cards stay, nothing can be dropped", opts: classic(Medium), players: 4,
			prep: func(t *testing.T, s *State) { round(t, s, none) },
			cmd: func(s *State) GiveVision {
				return GiveVision{To: Purple, Cards: s.hand[:1], Drop: s.psy(Purple).vision[:1]}
			},
			code: ErrNotSupported},
		{name: "classic: a psychic who failed keeps the old cards and gets more", opts: classic(Medium), players: 4,
			prep: func(t *testing.T, s *State) { round(t, s, none) },
			cmd:  func(s *State) GiveVision { return GiveVision{To: Purple, Cards: s.hand[:2]} },
			check: func(t *testing.T, s *State) {
				if n := len(s.psy(Purple).vision); n != 3 {
					t.Errorf("vision has %d cards, want 1 old + 2 new", n)
				}
			}},
		{name: "modern: a vision is at most 7 cards", opts: modern(), players: 4,
			prep: func(t *testing.T, s *State) {
				mustApply(t, s, ghostOf(s), GiveVision{To: Purple, Cards: cloneIDs(s.hand)})
				giveAll(t, s)
				place(t, s, none)
				readyAll(t, s)
				mustApply(t, s, ghostOf(s), RevealAll{})
			},
			cmd:  func(s *State) GiveVision { return GiveVision{To: Purple, Cards: s.hand[:1]} },
			code: ErrTooMany},
		{name: "modern: completing a failed vision needs at least one new card", opts: modern(), players: 4,
			prep: func(t *testing.T, s *State) { round(t, s, none) },
			cmd:  func(s *State) GiveVision { return GiveVision{To: Purple, Drop: s.psy(Purple).vision} },
			code: ErrTooMany},
		{name: "modern: completing may discard old cards first", opts: modern(), players: 4,
			prep: func(t *testing.T, s *State) { round(t, s, none) },
			cmd: func(s *State) GiveVision {
				return GiveVision{To: Purple, Cards: s.hand[:2], Drop: cloneIDs(s.psy(Purple).vision)}
			},
			check: func(t *testing.T, s *State) {
				if n := len(s.psy(Purple).vision); n != 2 || len(s.discard) != 1 {
					t.Errorf("vision %d cards, discard %d", n, len(s.discard))
				}
			}},
		{name: "modern: dropping a card that is not in the vision", opts: modern(), players: 4,
			prep: func(t *testing.T, s *State) { round(t, s, none) },
			cmd:  func(s *State) GiveVision { return GiveVision{To: Purple, Cards: s.hand[:1], Drop: []CardID{"V77"}} },
			code: ErrCard},
		{name: "original: one or more dream cards", opts: original(Normal), players: 4,
			cmd: func(s *State) GiveVision { return GiveVision{To: Purple, Cards: s.hand[:3]} }},
		{name: "a finished psychic gets no vision", opts: classic(Medium), players: 4,
			prep: func(t *testing.T, s *State) {
				for i := 0; i < 3; i++ {
					round(t, s, only(Purple))
				}
			},
			cmd:  func(s *State) GiveVision { return GiveVision{To: Purple, Cards: s.hand[:1]} },
			code: ErrVision},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := started(t, tc.opts, tc.players)
			if tc.prep != nil {
				tc.prep(t, s)
			}
			c := tc.cmd(s)
			c.Cards = cloneIDs(c.Cards)
			if tc.code != "" {
				mustRefuse(t, s, ghostOf(s), c, tc.code)
				return
			}
			mustApply(t, s, ghostOf(s), c)
			if len(s.hand) != HandSize {
				t.Errorf("hand %d after a vision", len(s.hand))
			}
			if tc.check != nil {
				tc.check(t, s)
			}
		})
	}
}

func TestOnlyTheGhostGivesVisions(t *testing.T) {
	s := started(t, classic(Medium), 4)
	mustRefuse(t, s, ownerOf(s, Purple), GiveVision{To: Purple, Cards: s.hand[:1]}, ErrNotYourSeat)
	mustRefuse(t, s, "nobody", GiveVision{To: Purple, Cards: s.hand[:1]}, ErrNotYourSeat)
	mustRefuse(t, s, "", GiveVision{To: Purple, Cards: s.hand[:1]}, ErrBadCommand)
	mustRefuse(t, s, SystemPlayer, GiveVision{To: Purple, Cards: s.hand[:1]}, ErrBadCommand)
	mustRefuse(t, s, ghostOf(s), nil, ErrBadCommand)
}

func TestDrawReshufflesTheDiscard(t *testing.T) {
	s := started(t, classic(Medium), 4)
	// The deck runs out: the discard pile becomes the new deck.
	s.discard = append(s.discard, s.deck[1:]...)
	s.deck = s.deck[:1]
	ev := mustApply(t, s, ghostOf(s), GiveVision{To: Purple, Cards: cloneIDs(s.hand[:3])})
	if len(s.hand) != 7 || len(s.discard) != 0 || len(s.deck) != 74 {
		t.Errorf("hand %d deck %d discard %d", len(s.hand), len(s.deck), len(s.discard))
	}
	if !slices.ContainsFunc(ev, func(e Event) bool { return e.Kind == EvReshuffle }) {
		t.Error("no reshuffle event")
	}
	// Nothing left anywhere: the hand stays short and a vision of no card is allowed.
	s.deck, s.discard = nil, nil
	mustApply(t, s, ghostOf(s), GiveVision{To: Yellow, Cards: cloneIDs(s.hand)})
	if len(s.hand) != 0 {
		t.Fatalf("hand %d", len(s.hand))
	}
	mustApply(t, s, ghostOf(s), GiveVision{To: Red})
}

func TestDiscardAllowance(t *testing.T) {
	cases := []struct {
		name    string
		opts    Options
		players int
		allowed int  // discards accepted in round 1
		nextRnd bool // one more is accepted in round 2
		kind    DiscardKind
	}{
		{"classic easy: a crow once per round", classic(Easy), 4, 1, true, DiscardCrow},
		{"classic medium: 3 crows per game", classic(Medium), 4, 3, false, DiscardCrow},
		{"classic hard: 1 crow per game", classic(Hard), 4, 1, false, DiscardCrow},
		{"modern: 3 candles for the whole game", modern(), 4, 3, false, DiscardCandle},
		{"original easy: the whole hand once per round", original(Easy), 4, 1, true, DiscardWholeHand},
		{"original normal: 3 per game", original(Normal), 4, 3, false, DiscardWholeHand},
		{"original hard: 1 per game", original(Hard), 4, 1, false, DiscardWholeHand},
		{"original very hard: never", original(VeryHard), 4, 0, false, DiscardWholeHand},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := started(t, tc.opts, tc.players)
			g := ghostOf(s)
			cmd := func() Discard {
				if tc.kind == DiscardWholeHand {
					return Discard{}
				}
				return Discard{Cards: cloneIDs(s.hand[:2])}
			}
			if v := s.ViewFor(g).Public(); v.DiscardKind != tc.kind || v.DiscardsLeft != tc.allowed {
				t.Errorf("view: %s, %d left", v.DiscardKind, v.DiscardsLeft)
			}
			for i := 0; i < tc.allowed; i++ {
				old := cloneIDs(s.hand)
				mustApply(t, s, g, cmd())
				if len(s.hand) != HandSize {
					t.Fatalf("hand %d after a discard", len(s.hand))
				}
				if tc.kind == DiscardWholeHand {
					for _, id := range old {
						if slices.Contains(s.hand, id) {
							t.Errorf("card %s survived a whole-hand discard", id)
						}
					}
				}
			}
			mustRefuse(t, s, g, cmd(), ErrDiscard)
			if v := s.ViewFor(g).Public(); v.DiscardsLeft != 0 || v.DiscardedThisRound != tc.nextRnd || v.DiscardsRound != tc.nextRnd {
				t.Errorf("view after the allowance: %d left, used this round %v", v.DiscardsLeft, v.DiscardedThisRound)
			}
			round(t, s, none)
			if tc.nextRnd {
				mustApply(t, s, g, cmd())
			} else {
				mustRefuse(t, s, g, cmd(), ErrDiscard)
			}
		})
	}
}

func TestDiscardShapes(t *testing.T) {
	s := started(t, classic(Medium), 4)
	g := ghostOf(s)
	mustRefuse(t, s, g, Discard{}, ErrTooMany)
	mustRefuse(t, s, g, Discard{Cards: []CardID{"V99"}}, ErrCard)
	mustRefuse(t, s, ownerOf(s, Red), Discard{Cards: s.hand[:1]}, ErrNotYourSeat)
	mustApply(t, s, g, Discard{Cards: cloneIDs(s.hand)}) // a crow may take any number of cards

	m := started(t, modern(), 4)
	mustRefuse(t, m, ghostOf(m), Discard{Cards: append(cloneIDs(m.hand), "V99")}, ErrTooMany)
	mustApply(t, m, ghostOf(m), Discard{Cards: cloneIDs(m.hand[:7])})

	o := started(t, original(Normal), 4)
	mustRefuse(t, o, ghostOf(o), Discard{Cards: cloneIDs(o.hand[:3])}, ErrTooMany)
	mustApply(t, o, ghostOf(o), Discard{Cards: cloneIDs(o.hand)})

	seating, _ := New(classic(Easy), TestPools(), "h", 1)
	mustRefuse(t, seating, "h", Discard{}, ErrNotStarted)
}

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
