package game

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// docs/rules.md, "What each seat sees".

// secretFields are the names of fields that hold secrets; no psychic or
// spectator view type may have one, at any depth.
var secretFields = []string{"Hand", "Deck", "Discard", "Trails", "Trail", "Culprit", "Shared", "Votes", "GhostNotes"}

func fieldNames(t reflect.Type, seen map[reflect.Type]bool, out map[string]string) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || seen[t] {
		return
	}
	seen[t] = true
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		out[f.Name] = t.Name()
		fieldNames(f.Type, seen, out)
	}
}

func TestViewTypesCannotHoldSecrets(t *testing.T) {
	for _, typ := range []reflect.Type{reflect.TypeFor[PsychicView](), reflect.TypeFor[SpectatorView](), reflect.TypeFor[TableView]()} {
		names := map[string]string{}
		fieldNames(typ, map[reflect.Type]bool{}, names)
		for _, s := range secretFields {
			if in, ok := names[s]; ok {
				t.Errorf("%s has a field %s (in %s)", typ.Name(), s, in)
			}
		}
		if _, ok := names["Cards"]; ok {
			// Group.Cards is the public line-up; VisionRecord.Cards are public
			// visions. Nothing else may be called Cards.
			for name, in := range names {
				if name == "Cards" && in != "Group" && in != "VisionRecord" {
					t.Errorf("%s.Cards in %s", in, typ.Name())
				}
			}
		}
	}
	// The ghost's and the finished views do carry them.
	for _, typ := range []reflect.Type{reflect.TypeFor[GhostView](), reflect.TypeFor[FinishedView]()} {
		names := map[string]string{}
		fieldNames(typ, map[reflect.Type]bool{}, names)
		for _, s := range []string{"Hand", "Trails", "Culprit", "Shared", "GhostNotes"} {
			if _, ok := names[s]; !ok {
				t.Errorf("%s lacks %s", typ.Name(), s)
			}
		}
	}
}

// leaks reports secret card ids found in a view's JSON: the ghost's hand,
// the deck, and trail cards not yet found by anybody... except the table
// cards every seat sees, which are not secret as such.
func leaks(s *State, v View) []CardID {
	b, _ := json.Marshal(v)
	js := string(b)
	var out []CardID
	for _, id := range slices.Concat(s.hand, s.deck) {
		if strings.Contains(js, `"`+string(id)+`"`) {
			out = append(out, id)
		}
	}
	if s.final != nil && s.phase != PhaseFinished {
		var vis int
		if pv, ok := v.(*PsychicView); ok {
			vis = len(pv.SharedSeen)
		}
		vis = max(vis, s.sharedVisibleToAll())
		for _, id := range s.final.shared[min(vis, len(s.final.shared)):] {
			if strings.Contains(js, `"`+string(id)+`"`) {
				out = append(out, id)
			}
		}
	}
	return out
}

func TestViewsForEverySeat(t *testing.T) {
	s := started(t, classic(Medium), 5)
	round(t, s, only(Purple))
	giveAll(t, s)
	place(t, s, all)
	mustApply(t, s, ownerOf(s, Red), PlaceToken{From: Red, On: Purple, Kind: TokenYes})
	mustApply(t, s, ownerOf(s, Red), Chat{Text: "purple, the attic!"})

	gv, ok := s.ViewFor(ghostOf(s)).(*GhostView)
	if !ok {
		t.Fatalf("ghost gets %T", s.ViewFor(ghostOf(s)))
	}
	if !slices.Equal(gv.Hand, s.hand) || len(gv.Trails) != 4 || gv.Trails[0].Cards != s.psy(Purple).trail {
		t.Errorf("ghost view: hand %v trails %v", gv.Hand, gv.Trails)
	}
	if gv.Viewer() != ghostOf(s) || gv.Public() != &gv.TableView {
		t.Error("ghost view identity")
	}
	pv, ok := s.ViewFor(ownerOf(s, Yellow)).(*PsychicView)
	if !ok {
		t.Fatalf("psychic gets %T", s.ViewFor(ownerOf(s, Yellow)))
	}
	if pv.Seat != SeatOf(Yellow) || !slices.Equal(pv.Colours, []Colour{Yellow}) || pv.Level != 1 {
		t.Errorf("psychic view: seat %s colours %v level %d", pv.Seat, pv.Colours, pv.Level)
	}
	sv, ok := s.ViewFor("watcher").(*SpectatorView)
	if !ok || sv.Seat != NoSeat {
		t.Fatalf("spectator gets %T", s.ViewFor("watcher"))
	}
	anon := s.ViewFor("").(*SpectatorView)
	for _, v := range []View{pv, sv, anon} {
		if l := leaks(s, v); len(l) > 0 {
			t.Errorf("%T leaks %v", v, l)
		}
	}
	// The public table: everything a screen needs.
	pub := sv.Public()
	p := pub.Psychic(Purple)
	if p == nil || len(p.Found) != 1 || p.Found[0].Card != s.psy(Purple).trail[Character] || p.Found[0].Round != 1 {
		t.Errorf("purple found %+v", p)
	}
	if p.Category != Location || p.Intuition == "" || len(p.TokensOn) != 1 || p.TokensOn[0].From != Red {
		t.Errorf("purple public %+v", p)
	}
	if r := pub.Psychic(Red); r.TokensYes != 1 || r.TokensNo != 2 || r.Level != 1 {
		t.Errorf("red tokens %+v", r)
	}
	if pub.Psychic(Green) != nil {
		t.Error("green is not playing")
	}
	if pub.Round != 2 || pub.Phase != PhaseVision || pub.HandSize != 7 || pub.DeckSize != len(s.deck) ||
		pub.DiscardSize != len(s.discard) || !pub.Clairvoyance || pub.TokensPerPsychic != 4 ||
		pub.DiscardKind != DiscardCrow || pub.DiscardsLeft != 3 || !pub.TimerRunning {
		t.Errorf("public table %+v", pub)
	}
	if len(pub.TableCards[Character]) != 6 || len(pub.TableCards[Location]) != 7 {
		t.Errorf("table cards %v", pub.TableCards)
	}
	if len(pub.History) != 1 || len(pub.History[0].Results) != 4 || len(pub.Chat) != 1 {
		t.Errorf("history %+v chat %+v", pub.History, pub.Chat)
	}
	if pub.SeatOf(ownerOf(s, Red)) != SeatOf(Red) || pub.SeatOf("") != NoSeat || pub.SeatOf("x") != NoSeat {
		t.Error("SeatOf")
	}
	seat := pub.Seats[0]
	if seat.Seat != GhostSeat || !seat.Bot || seat.Name == "" || seat.Order == 0 {
		t.Errorf("ghost seat %+v", seat)
	}
	// A view never aliases the state.
	pv.Psychics[0].Vision[0] = "XXX"
	pv.TableCards[Character][0] = "XXX"
	if slices.Contains(s.psy(Purple).vision, "XXX") || slices.Contains(s.table[Character], "XXX") {
		t.Error("a view aliases the state")
	}
}

func TestTwoColourPlayerView(t *testing.T) {
	s := started(t, classic(Medium), 3)
	pv := s.ViewFor(s.seats[Purple].player).(*PsychicView)
	if len(pv.Colours) != 2 {
		t.Fatalf("colours %v", pv.Colours)
	}
	pub := pv.Public()
	for _, sv := range pub.Seats {
		if sv.Player != "" && sv.Seat != GhostSeat && len(sv.Colours) != 2 {
			t.Errorf("seat %s colours %v", sv.Seat, sv.Colours)
		}
	}
	// Both colours can be played by the same player.
	giveAll(t, s)
	for _, c := range pv.Colours {
		ps := s.psy(c)
		mustApply(t, s, s.seats[Purple].player, PlaceIntuition{Psychic: c, Card: s.table[Character][0]})
		if ps.owner != SeatOf(Purple) {
			t.Errorf("%s owned by %s", c, ps.owner)
		}
	}
}

func TestGhostViewInFinal(t *testing.T) {
	s := started(t, classic(Medium), 4)
	toFinal(t, s)
	shared(t, s, 3)
	gv := s.ViewFor(ghostOf(s)).(*GhostView)
	if gv.Culprit != 3 || len(gv.Shared) != 3 || !gv.Final.CulpritSet || !gv.Final.SharedGiven {
		t.Errorf("ghost final view %+v", gv)
	}
	if len(gv.Final.MustVote) != 3 || gv.Final.Stage != 1 {
		t.Errorf("must vote %v stage %d", gv.Final.MustVote, gv.Final.Stage)
	}
	mustApply(t, s, voter(s, Purple), Vote{Group: 1})
	gv = s.ViewFor(ghostOf(s)).(*GhostView)
	if !slices.Equal(gv.Final.Voted, []Colour{Purple}) || len(gv.Final.OpenVotes) != 0 {
		t.Errorf("the ghost sees who voted but not what: %+v", gv.Final)
	}
	if l := leaks(s, s.ViewFor(voter(s, Red))); len(l) > 0 {
		t.Errorf("psychic view leaks %v", l)
	}
}

func TestFinishedViewShowsEverything(t *testing.T) {
	s := started(t, classic(Easy), 2)
	toFinal(t, s)
	shared(t, s, 1)
	mustApply(t, s, voter(s, Purple), Vote{Group: 1})
	for _, p := range []PlayerID{ghostOf(s), voter(s, Purple), "watcher"} {
		v, ok := s.ViewFor(p).(*FinishedView)
		if !ok {
			t.Fatalf("%s gets %T", p, s.ViewFor(p))
		}
		if !v.Outcome.Won || v.Culprit != 1 || len(v.Trails) != 2 || len(v.Hand) != 7 ||
			len(v.Deck) != len(s.deck) || len(v.Votes) != 1 || len(v.Shared) != 3 {
			t.Errorf("finished view for %s: %+v", p, v)
		}
		if v.Trails[0].FoundRound != [3]int{1, 2, 3} {
			t.Errorf("found rounds %v", v.Trails[0].FoundRound)
		}
		if p == voter(s, Purple) && (len(v.Colours) != 2 || v.Seat != SeatOf(Purple)) {
			t.Errorf("colours %v", v.Colours)
		}
	}
}

func TestIllegalCommandsLeaveTheStateUntouched(t *testing.T) {
	s := started(t, classic(Medium), 4)
	g, purple := ghostOf(s), ownerOf(s, Purple)
	cases := []struct {
		name string
		p    PlayerID
		cmd  Command
		code ErrorCode
	}{
		{"a psychic gives a vision", purple, GiveVision{To: Yellow, Cards: s.hand[:1]}, ErrNotYourSeat},
		{"a card not in hand", g, GiveVision{To: Yellow, Cards: []CardID{"O01"}}, ErrCard},
		{"the ghost places an intuition", g, PlaceIntuition{Psychic: Purple, Card: s.table[Character][0]}, ErrNotYourSeat},
		{"an intuition for somebody else's psychic", purple, PlaceIntuition{Psychic: Red, Card: s.table[Character][0]}, ErrNotYourSeat},
		{"reveal during the visions", g, RevealAll{}, ErrWrongPhase},
		{"a vote during the rounds", purple, Vote{Group: 1}, ErrWrongPhase},
		{"the ghost chooses a culprit during the rounds", g, ChooseCulprit{Group: 1}, ErrWrongPhase},
		{"a spectator votes", "watcher", Vote{Group: 1}, ErrNotYourSeat},
		{"a spectator readies a psychic", "watcher", SetReady{Psychic: Purple, Ready: true}, ErrNotYourSeat},
		{"sitting down mid-game", "watcher", Sit{Seat: SeatOf(Green)}, ErrWrongPhase},
		{"the timer ends a step that has no timer running", SystemPlayer, EndStep{}, ErrWrongPhase},
		{"the system chats", SystemPlayer, Chat{Text: "tick"}, ErrBadCommand},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { mustRefuse(t, s, tc.p, tc.cmd, tc.code) })
	}
	// Over a whole game, every refused command leaves the state unchanged.
	s2, entries := playRandom(t, classic(Medium), 5, 3)
	_ = s2
	r, _ := NewStarted(classic(Medium), TestPools(), 5, 3)
	bad := []Command{GiveVision{To: Purple}, Reveal{Psychic: Green}, Vote{Group: 99}, PlaceToken{From: Purple, On: Purple, Kind: TokenYes}, Discard{Cards: []CardID{"nope"}}, Start{}}
	for i, e := range entries {
		if i%7 == 0 {
			for _, b := range bad {
				for _, p := range []PlayerID{ghostOf(r), ownerOf(r, Purple), "watcher"} {
					before := r.Clone()
					if _, err := r.Apply(p, b); err == nil {
						continue // legal at this moment: not what this checks
					}
					if !reflect.DeepEqual(before, r) {
						t.Fatalf("entry %d: refused %#v by %s changed the state", i, b, p)
					}
				}
			}
		}
		mustApply(t, r, e.Player, e.Command)
	}
}

func TestRuleErrorMatching(t *testing.T) {
	s := started(t, classic(Medium), 4)
	_, err := s.Apply("watcher", Vote{Group: 1})
	re, ok := AsRuleError(err)
	if !ok || re.Error() != re.Text(i18n.English) || re.Error() == "" {
		t.Fatalf("%v", err)
	}
	if !errors.Is(err, &RuleError{Code: ErrNotYourSeat}) || errors.Is(err, &RuleError{Code: ErrCard}) {
		t.Error("errors.Is by code")
	}
	if _, ok := AsRuleError(nil); ok {
		t.Error("nil is a rule error")
	}
}

func TestRevealCountAcrossRounds(t *testing.T) {
	s := started(t, classic(Medium), 4)
	seen := 0
	giveAll(t, s)
	place(t, s, only(Red))
	readyAll(t, s)
	mustApply(t, s, ghostOf(s), Reveal{Psychic: Red})
	pub := s.ViewFor("w").Public()
	if pub.RevealCount != 1 || len(pub.LatestReveals(pub.RevealCount-seen)) != 1 || !pub.LatestReveals(1)[0].Correct {
		t.Fatalf("after one reveal: count %d", pub.RevealCount)
	}
	seen = pub.RevealCount
	// The last two results end the round: Reveals is empty again, but the count tells.
	mustApply(t, s, ghostOf(s), RevealAll{})
	pub = s.ViewFor("w").Public()
	if len(pub.Reveals) != 0 || pub.RevealCount != 3 {
		t.Fatalf("after the round: %d reveals, count %d", len(pub.Reveals), pub.RevealCount)
	}
	got := pub.LatestReveals(pub.RevealCount - seen)
	if len(got) != 2 || got[0].Psychic != Purple || got[1].Psychic != Yellow {
		t.Errorf("latest %+v", got)
	}
	if len(pub.LatestReveals(99)) != 3 || pub.LatestReveals(0) != nil {
		t.Error("bounds")
	}
}
