package game

import (
	"slices"
	"testing"
)

// The final phase of each edition (docs/rules.md, "The final phase").

// shared chooses the culprit (unless drawn) and gives the first 3 cards.
func shared(t *testing.T, s *State, culprit int) {
	t.Helper()
	if s.opts.Edition != Modern {
		mustApply(t, s, ghostOf(s), ChooseCulprit{Group: culprit})
	}
	mustApply(t, s, ghostOf(s), GiveSharedVision{Cards: cloneIDs(s.hand[:3])})
}

func voter(s *State, c Colour) PlayerID { return s.seats[c].player }

func TestLineUp(t *testing.T) {
	cases := []struct {
		name    string
		opts    Options
		players int
		groups  int
		extra   int
	}{
		{"classic 4 players: one group per psychic", classic(Medium), 4, 3, 0},
		{"classic 7 players: six groups", classic(Hard), 7, 6, 0},
		{"classic 2 players: 2 trails and 2 random groups of unassigned cards", classic(Easy), 2, 4, 2},
		{"classic 3 players: 4 psychics, 4 groups", classic(Medium), 3, 4, 0},
		{"modern 3 players: 4 groups", modern(), 3, 4, 0},
		{"original 2 players: the medium's 2 colours, 2 groups", original(Easy), 2, 2, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := started(t, tc.opts, tc.players)
			toFinal(t, s)
			g := s.final.groups
			if len(g) != tc.groups {
				t.Fatalf("%d groups, want %d", len(g), tc.groups)
			}
			used := map[CardID]bool{}
			extras := 0
			for i, gr := range g {
				if gr.Number != i+1 {
					t.Errorf("group %d numbered %d", i+1, gr.Number)
				}
				if gr.Extra {
					extras++
				} else if gr.Cards != s.psy(gr.Owner).trail {
					t.Errorf("group %d is not %s's trail", gr.Number, gr.Owner)
				}
				for cat, id := range gr.Cards {
					if used[id] {
						t.Errorf("card %s in two groups", id)
					}
					used[id] = true
					if !slices.Contains(s.dealt[cat], id) {
						t.Errorf("card %s was never on the table", id)
					}
				}
			}
			if extras != tc.extra {
				t.Errorf("%d extra groups, want %d", extras, tc.extra)
			}
		})
	}
}

func TestCulpritAndSharedVision(t *testing.T) {
	s := started(t, classic(Medium), 4)
	g := ghostOf(s)
	mustRefuse(t, s, g, ChooseCulprit{Group: 1}, ErrWrongPhase)
	mustRefuse(t, s, g, GiveSharedVision{Cards: cloneIDs(s.hand[:3])}, ErrWrongPhase)
	toFinal(t, s)
	mustRefuse(t, s, ownerOf(s, Red), ChooseCulprit{Group: 1}, ErrNotYourSeat)
	mustRefuse(t, s, g, ChooseCulprit{Group: 0}, ErrBadCommand)
	mustRefuse(t, s, g, ChooseCulprit{Group: 4}, ErrBadCommand)
	mustRefuse(t, s, g, GiveSharedVision{Cards: cloneIDs(s.hand[:3])}, ErrWrongPhase) // culprit first
	mustRefuse(t, s, ownerOf(s, Red), Vote{Group: 1}, ErrWrongPhase)
	mustApply(t, s, g, ChooseCulprit{Group: 2})
	mustRefuse(t, s, g, ChooseCulprit{Group: 3}, ErrVote)
	// Crows are still allowed in the final phase.
	mustApply(t, s, g, Discard{Cards: cloneIDs(s.hand[:1])})
	mustRefuse(t, s, g, GiveSharedVision{Cards: cloneIDs(s.hand[:2])}, ErrTooMany)
	mustRefuse(t, s, g, GiveSharedVision{Cards: cloneIDs(s.hand[:4])}, ErrTooMany)
	mustRefuse(t, s, g, GiveSharedVision{Cards: []CardID{s.hand[0], s.hand[1], "V99"}}, ErrCard)
	chosen := cloneIDs(s.hand[:3])
	mustApply(t, s, g, GiveSharedVision{Cards: chosen})
	got := cloneIDs(s.final.shared)
	slices.Sort(got)
	slices.Sort(chosen)
	if !slices.Equal(got, chosen) || len(s.hand) != HandSize || s.phase != PhaseVote {
		t.Errorf("shared %v (gave %v), hand %d, phase %s", s.final.shared, chosen, len(s.hand), s.phase)
	}
	mustRefuse(t, s, g, GiveSharedVision{Cards: cloneIDs(s.hand[:3])}, ErrWrongPhase)
	mustRefuse(t, s, g, ChooseCulprit{Group: 1}, ErrWrongPhase)
	mustApply(t, s, g, Discard{Cards: cloneIDs(s.hand[:1])})
	mustRefuse(t, s, g, Vote{Group: 1}, ErrNotYourSeat)
}

func TestSharedVisionShuffled(t *testing.T) {
	// Over several seeds the first given card does not always stay first.
	moved := false
	for seed := uint64(1); seed <= 20 && !moved; seed++ {
		s, _ := NewStarted(classic(Medium), TestPools(), 4, seed)
		toFinal(t, s)
		mustApply(t, s, ghostOf(s), ChooseCulprit{Group: 1})
		first := s.hand[0]
		mustApply(t, s, ghostOf(s), GiveSharedVision{Cards: cloneIDs(s.hand[:3])})
		moved = s.final.shared[0] != first
	}
	if !moved {
		t.Error("the shared vision is never shuffled")
	}
}

func TestModernCulpritIsDrawn(t *testing.T) {
	seen := map[int]bool{}
	for seed := uint64(1); seed <= 30; seed++ {
		s, _ := NewStarted(modern(), TestPools(), 5, seed)
		toFinal(t, s)
		mustRefuse(t, s, ghostOf(s), ChooseCulprit{Group: 1}, ErrNotSupported)
		if c := s.final.culprit; c < 1 || c > 4 {
			t.Fatalf("culprit %d", c)
		}
		seen[s.final.culprit] = true
		gv := s.ViewFor(ghostOf(s)).(*GhostView)
		if gv.Culprit != s.final.culprit || !gv.Final.CulpritSet {
			t.Error("the ghost does not see the drawn culprit")
		}
	}
	if len(seen) < 3 {
		t.Errorf("the culprit is hardly random: %v", seen)
	}
}

func TestStrawPoll(t *testing.T) {
	// classic 5 players: purple, yellow, red, blue. Tracks set after the
	// trails are found (all at 4 from the hour-3 bonus).
	s := started(t, classic(Medium), 5)
	toFinal(t, s)
	s.psy(Purple).track = 0 // level 1
	s.psy(Yellow).track = 5 // level 2
	s.psy(Red).track = 9    // level 3
	s.psy(Blue).track = 3   // level 1
	shared(t, s, 2)
	if s.final.kind != VoteStaged || s.final.stage != 1 {
		t.Fatalf("vote %s stage %d", s.final.kind, s.final.stage)
	}
	seen := func(c Colour) int { return len(s.ViewFor(voter(s, c)).(*PsychicView).SharedSeen) }
	if seen(Purple) != 1 || seen(Yellow) != 1 || seen(Red) != 1 {
		t.Errorf("stage 1: every level sees the first card only")
	}
	if n := len(s.ViewFor("watcher").Public().Final.SharedVisible); n != 1 {
		t.Errorf("a spectator sees %d shared cards during the poll", n)
	}
	mustRefuse(t, s, voter(s, Yellow), Vote{Group: 1}, ErrVote) // level 2 waits
	mustRefuse(t, s, voter(s, Purple), Chat{Text: "it's group 1"}, ErrChat)
	mustRefuse(t, s, voter(s, Purple), Vote{Group: 9}, ErrBadCommand)
	mustApply(t, s, voter(s, Purple), Vote{Group: 1})
	mustRefuse(t, s, voter(s, Purple), Vote{Group: 2}, ErrVote) // second vote
	pv := s.ViewFor(voter(s, Purple)).(*PsychicView)
	if pv.MyVote != 1 || !slices.Equal(pv.Final.Voted, []Colour{Purple}) || len(pv.Final.OpenVotes) != 0 {
		t.Errorf("purple's view: my vote %d, voted %v, open %v", pv.MyVote, pv.Final.Voted, pv.Final.OpenVotes)
	}
	if bv := s.ViewFor(voter(s, Blue)).(*PsychicView); bv.MyVote != 0 {
		t.Error("blue sees a vote")
	}
	mustApply(t, s, voter(s, Blue), Vote{Group: 2})
	if s.final.stage != 2 {
		t.Fatalf("stage %d after level 1 voted", s.final.stage)
	}
	if seen(Purple) != 1 || seen(Yellow) != 2 || seen(Red) != 2 {
		t.Errorf("stage 2: the second card is shown to levels 2 and 3 only")
	}
	mustRefuse(t, s, voter(s, Red), Vote{Group: 1}, ErrVote)
	mustApply(t, s, voter(s, Yellow), Vote{Group: 2})
	if s.final.stage != 3 || seen(Red) != 3 || seen(Yellow) != 2 {
		t.Errorf("stage 3: the third card is shown to level 3")
	}
	mustApply(t, s, voter(s, Red), Vote{Group: 1})
	// 2-2: the tie goes to the group voted by the psychic highest on the track (red, 9: group 1).
	if s.phase != PhaseFinished || s.outcome.Chosen != 1 || s.outcome.Won || s.outcome.Cause != LossWrongCulprit {
		t.Fatalf("outcome %+v", s.outcome)
	}
	fv := s.ViewFor(voter(s, Blue)).(*FinishedView)
	if len(fv.Votes) != 4 || fv.Culprit != 2 || len(fv.Final.SharedVisible) != 3 {
		t.Errorf("finished view: votes %v culprit %d", fv.Votes, fv.Culprit)
	}
}

func TestStrawPollCount(t *testing.T) {
	cases := []struct {
		name   string
		tracks map[Colour]int
		votes  map[Colour]int
		order  []Colour // seating order, earliest first (nil: colour order)
		want   int
	}{
		{"the group with the most votes is chosen",
			map[Colour]int{Purple: 0, Yellow: 0, Red: 0, Blue: 9},
			map[Colour]int{Purple: 3, Yellow: 3, Red: 3, Blue: 1}, nil, 3},
		{"a tie goes to the group voted by the psychic highest on the track",
			map[Colour]int{Purple: 2, Yellow: 7, Red: 0, Blue: 1},
			map[Colour]int{Purple: 1, Yellow: 2, Red: 1, Blue: 2}, nil, 2},
		{"still tied: the earliest seated of those psychics decides",
			map[Colour]int{Purple: 5, Yellow: 5, Red: 0, Blue: 0},
			map[Colour]int{Purple: 1, Yellow: 2, Red: 1, Blue: 2}, []Colour{Yellow, Purple, Red, Blue}, 2},
		{"earliest seated, other order",
			map[Colour]int{Purple: 5, Yellow: 5, Red: 0, Blue: 0},
			map[Colour]int{Purple: 1, Yellow: 2, Red: 1, Blue: 2}, nil, 1},
		{"a four-way tie goes to the highest on the track",
			map[Colour]int{Purple: 1, Yellow: 2, Red: 12, Blue: 3},
			map[Colour]int{Purple: 1, Yellow: 2, Red: 3, Blue: 4}, nil, 3},
		{"votes on groups that are not tied do not break the tie",
			map[Colour]int{Purple: 0, Yellow: 0, Red: 0, Blue: 0, White: 12},
			map[Colour]int{Purple: 1, Yellow: 1, Red: 2, Blue: 2, White: 3}, nil, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			players := len(tc.tracks) + 1
			s := started(t, classic(Medium), players)
			if tc.order != nil {
				for i, c := range tc.order {
					s.seats[c].order = 10 + i
				}
			}
			toFinal(t, s)
			for c, tr := range tc.tracks {
				s.psy(c).track = tr
			}
			shared(t, s, tc.want)
			for s.phase == PhaseVote {
				for _, c := range s.voters() {
					if s.level(c) == s.final.stage && !s.final.voted[c] {
						mustApply(t, s, voter(s, c), Vote{Group: tc.votes[c]})
						break
					}
				}
			}
			if s.outcome.Chosen != tc.want || !s.outcome.Won {
				t.Errorf("chosen %d, want %d", s.outcome.Chosen, tc.want)
			}
		})
	}
}

func TestOpenVotes(t *testing.T) {
	type vote struct {
		c Colour
		g int
	}
	cases := []struct {
		name    string
		opts    Options
		players int
		culprit int
		votes   []vote
		open    bool // still open after the votes
		won     bool
	}{
		{"classic 2 players: the psychic player casts one vote, right", classic(Easy), 2, 3, []vote{{Purple, 3}}, false, true},
		{"classic 2 players: one vote, wrong", classic(Easy), 2, 3, []vote{{Purple, 4}}, false, false},
		{"classic 3 players: both psychic players must agree", classic(Medium), 3, 2, []vote{{Purple, 1}, {Yellow, 2}}, true, false},
		{"classic 3 players: they agree after a change", classic(Medium), 3, 2, []vote{{Purple, 1}, {Yellow, 2}, {Purple, 2}}, false, true},
		{"classic 3 players: they agree on a wrong group", classic(Medium), 3, 2, []vote{{Purple, 1}, {Yellow, 1}}, false, false},
		{"modern: 2 of 4 is no strict majority", modern(), 5, 1, []vote{{Purple, 1}, {Yellow, 1}, {Red, 2}, {Blue, 2}}, true, false},
		{"modern: 3 of 4 is a strict majority", modern(), 5, 1, []vote{{Purple, 1}, {Yellow, 1}, {Red, 2}, {Blue, 1}}, false, true},
		{"modern 3 players: both psychic players' votes make the majority", modern(), 3, 4, []vote{{Purple, 4}, {Yellow, 4}}, false, true},
		{"modern 3 players: one of two is not a majority", modern(), 3, 4, []vote{{Purple, 4}, {Yellow, 3}}, true, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := started(t, tc.opts, tc.players)
			toFinal(t, s)
			if tc.opts.Edition == Modern {
				s.final.culprit = tc.culprit
			}
			shared(t, s, tc.culprit)
			if tc.players <= 3 {
				v := s.ViewFor(voter(s, Purple)).(*PsychicView)
				if len(v.SharedSeen) != 3 || len(v.Final.SharedVisible) != 3 {
					t.Error("with 2-3 players all 3 cards are face up")
				}
			}
			for _, v := range tc.votes {
				mustApply(t, s, voter(s, v.c), Vote{Group: v.g})
			}
			if open := s.phase == PhaseVote; open != tc.open {
				t.Fatalf("open %v, want %v", open, tc.open)
			}
			if tc.open {
				last := tc.votes[len(tc.votes)-1]
				mustRefuse(t, s, voter(s, last.c), Vote{Group: last.g}, ErrVote) // same vote again
				pub := s.ViewFor("watcher").Public()
				if len(pub.Final.OpenVotes) != len(s.voters()) {
					t.Errorf("open votes are public: %v", pub.Final.OpenVotes)
				}
				if tc.opts.Edition == Classic {
					mustApply(t, s, voter(s, Purple), Chat{Text: "let us agree"})
				}
				return
			}
			if s.outcome.Won != tc.won {
				t.Errorf("won %v, want %v", s.outcome.Won, tc.won)
			}
		})
	}
}

func TestOriginalDailyVotes(t *testing.T) {
	s := started(t, original(Normal), 4) // 3 mediums
	toFinal(t, s)
	shared(t, s, 3)
	day := s.round
	for _, c := range []Colour{Purple, Yellow} {
		mustApply(t, s, voter(s, c), Vote{Group: 1})
	}
	if !s.final.groups[0].Removed || s.round != day+1 || s.phase != PhaseVote {
		t.Fatalf("a wrong group: removed %v, day %d", s.final.groups[0].Removed, s.round)
	}
	if s.final.voted != [NumColours]bool{} {
		t.Error("the votes are not cleared for the new day")
	}
	if pub := s.ViewFor("w").Public(); pub.Final.Day != day+1 || !pub.Final.Groups[0].Removed {
		t.Errorf("view: day %d", pub.Final.Day)
	}
	mustRefuse(t, s, voter(s, Red), Vote{Group: 1}, ErrVote)
	mustApply(t, s, voter(s, Red), Vote{Group: 3})
	mustApply(t, s, voter(s, Purple), Vote{Group: 3})
	if s.phase != PhaseFinished || !s.outcome.Won || s.outcome.Chosen != 3 {
		t.Fatalf("outcome %+v", s.outcome)
	}
}

func TestOriginalDaySevenLoses(t *testing.T) {
	s := started(t, original(Normal), 4)
	for i := 0; i < 4; i++ {
		round(t, s, none)
	}
	toFinal(t, s) // found on day 7
	if s.round != 7 {
		t.Fatalf("day %d", s.round)
	}
	shared(t, s, 3)
	mustApply(t, s, voter(s, Purple), Vote{Group: 2})
	mustApply(t, s, voter(s, Red), Vote{Group: 2})
	if s.phase != PhaseFinished || s.outcome.Won || s.outcome.Cause != LossWrongCulprit {
		t.Fatalf("outcome %+v", s.outcome)
	}
}

func TestWinWithTheCulprit(t *testing.T) {
	for _, e := range Editions {
		s := started(t, DefaultOptions(e), 4)
		toFinal(t, s)
		if e == Modern {
			s.final.culprit = 2
		}
		shared(t, s, 2)
		for s.phase == PhaseVote {
			for _, c := range s.voters() {
				if !s.final.voted[c] && (s.final.kind != VoteStaged || s.level(c) == s.final.stage) {
					mustApply(t, s, voter(s, c), Vote{Group: 2})
					break
				}
			}
		}
		if !s.outcome.Won || s.outcome.Cause != LossNone {
			t.Errorf("%s: outcome %+v", e, s.outcome)
		}
	}
}
