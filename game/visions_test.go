package game

// docs/rules.md, "A round", step 1 as the ghost plays it: visions given,
// the modern completion, the ghost's discards.

import (
	"slices"
	"testing"
)

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
