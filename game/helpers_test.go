package game

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// Helpers for the rule tests: a started table with bots, and ways to drive
// it through rounds while choosing who is right.

func classic(d Difficulty) Options {
	return Options{Edition: Classic, Difficulty: d, Timer: DefaultTimer}
}
func original(d Difficulty) Options { return Options{Edition: Original, Difficulty: d} }
func modern() Options               { return Options{Edition: Modern} }

func started(t *testing.T, o Options, players int) *State {
	t.Helper()
	s, err := NewStarted(o, TestPools(), players, 1)
	if err != nil {
		t.Fatalf("NewStarted(%+v, %d): %v", o, players, err)
	}
	return s
}

func ghostOf(s *State) PlayerID { return s.seats[GhostSeat].player }

func ownerOf(s *State, c Colour) PlayerID { return s.seats[s.psy(c).owner].player }

func mustApply(t *testing.T, s *State, p PlayerID, c Command) []Event {
	t.Helper()
	ev, err := s.Apply(p, c)
	if err != nil {
		t.Fatalf("%s by %s refused: %v", c.Type(), p, err)
	}
	return ev
}

// mustRefuse checks that c is refused with code and a sentence, and that
// the state is exactly as before.
func mustRefuse(t *testing.T, s *State, p PlayerID, c Command, code ErrorCode) *RuleError {
	t.Helper()
	before := s.Clone()
	_, err := s.Apply(p, c)
	if err == nil {
		t.Fatalf("%#v by %s accepted, want %s", c, p, code)
	}
	var re *RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%#v: error %v is not a *RuleError", c, err)
	}
	if re.Code != code {
		t.Errorf("%#v: code %s (%q), want %s", c, re.Code, re.Error(), code)
	}
	if len(re.Error()) < 10 || re.Error()[len(re.Error())-1] != '.' {
		t.Errorf("%#v: message %q is not a sentence", c, re.Error())
	}
	if fr := re.Text(i18n.French); !i18n.Has(re.Format) || strings.Contains(fr, "%!") {
		t.Errorf("%#v: %q has no French (%q)", c, re.Format, fr)
	}
	if !reflect.DeepEqual(before, s) {
		t.Errorf("%#v: a refused command changed the state", c)
	}
	return re
}

// giveAll gives every waiting psychic the first card of the ghost's hand.
func giveAll(t *testing.T, s *State) {
	t.Helper()
	for _, c := range s.waitingVisions() {
		mustApply(t, s, ghostOf(s), GiveVision{To: c, Cards: []CardID{s.hand[0]}})
	}
}

// wrongCard returns a table card of ps's category that is not ps's trail card.
func wrongCard(s *State, ps *psychic) CardID {
	cat := s.category(ps)
	for _, id := range s.table[cat] {
		if id != ps.trail[cat] {
			return id
		}
	}
	panic("no wrong card")
}

// place puts every unfinished psychic's intuition on the right card when
// right(colour) says so, else on a wrong one; it does not get them ready.
func place(t *testing.T, s *State, right func(Colour) bool) {
	t.Helper()
	for i := range s.psychics {
		ps := &s.psychics[i]
		if ps.finished() {
			continue
		}
		card := wrongCard(s, ps)
		if right(ps.colour) {
			card = ps.trail[s.category(ps)]
		}
		if ps.intuition != card {
			mustApply(t, s, ownerOf(s, ps.colour), PlaceIntuition{Psychic: ps.colour, Card: card})
		}
	}
}

// readyAll gets every unfinished psychic ready (which ends the step).
func readyAll(t *testing.T, s *State) {
	t.Helper()
	for i := range s.psychics {
		ps := &s.psychics[i]
		if !ps.finished() && !ps.ready {
			mustApply(t, s, ownerOf(s, ps.colour), SetReady{Psychic: ps.colour, Ready: true})
		}
	}
}

// round plays one whole round: visions, intuitions, ready, reveal all.
func round(t *testing.T, s *State, right func(Colour) bool) {
	t.Helper()
	giveAll(t, s)
	place(t, s, right)
	readyAll(t, s)
	if s.phase != PhaseReveal {
		t.Fatalf("after everybody is ready the phase is %s", s.phase)
	}
	mustApply(t, s, ghostOf(s), RevealAll{})
}

func all(Colour) bool  { return true }
func none(Colour) bool { return false }
func only(cs ...Colour) func(Colour) bool {
	return func(c Colour) bool { return slices.Contains(cs, c) }
}

// toFinal plays three all-right rounds: every psychic finishes in round 3.
func toFinal(t *testing.T, s *State) {
	t.Helper()
	for i := 0; i < 3; i++ {
		round(t, s, all)
	}
	if s.phase != PhaseCulprit {
		t.Fatalf("phase %s after three right rounds", s.phase)
	}
}

// colours lists the psychics in play.
func colours(s *State) []Colour {
	var cs []Colour
	for _, ps := range s.psychics {
		cs = append(cs, ps.colour)
	}
	return cs
}
