package game

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestMarksAndNotesStayWithTheirPsychic(t *testing.T) {
	s := started(t, classic(Medium), 4)
	giveAll(t, s)
	alice, bob := s.seats[0].player, s.seats[1].player
	card := s.table[Character][2]
	vision := s.psychics[1].vision[0]
	mustApply(t, s, alice, Mark{Card: card, Out: true})
	mustApply(t, s, alice, Note{Card: vision, Text: "  the keyhole = the key?  "})
	mustApply(t, s, alice, Note{Card: card, Text: "no"})

	av := s.ViewFor(alice).(*PsychicView)
	want := []CardNote{{Card: card, Out: true, Text: "no"}, {Card: vision, Text: "the keyhole = the key?"}}
	if len(av.Notes) != 2 || av.Notes[0] != want[0] || av.Notes[1] != want[1] {
		t.Fatalf("alice's notes %+v, want %+v", av.Notes, want)
	}
	for _, p := range []PlayerID{bob, ghostOf(s), "spectator"} {
		b, _ := json.Marshal(s.ViewFor(p))
		if strings.Contains(string(b), "keyhole") || strings.Contains(string(b), `"Out":true`) {
			t.Fatalf("%s's view holds alice's notes: %s", p, b)
		}
	}
	// Taking the mark off keeps the note; clearing both removes the entry.
	mustApply(t, s, alice, Mark{Card: card, Out: false})
	mustApply(t, s, alice, Note{Card: card})
	if av := s.ViewFor(alice).(*PsychicView); len(av.Notes) != 1 || av.Notes[0].Card != vision {
		t.Fatalf("after clearing: %+v", av.Notes)
	}
	// After the game everybody sees everybody's notes.
	s.finish(true, LossNone, 1, &[]Event{})
	fv := s.ViewFor("spectator").(*FinishedView)
	if len(fv.Notes) != 1 || fv.Notes[0].Seat != 0 || fv.Notes[0].Notes[0].Text != "the keyhole = the key?" {
		t.Fatalf("the finished view's notes: %+v", fv.Notes)
	}
}

func TestMarksAndNotesAreRefused(t *testing.T) {
	s := started(t, classic(Medium), 4)
	giveAll(t, s)
	alice := s.seats[0].player
	tests := []struct {
		name string
		p    PlayerID
		cmd  Command
		code ErrorCode
	}{
		{"the ghost", ghostOf(s), Mark{Card: s.table[Character][0], Out: true}, ErrNotYourSeat},
		{"a spectator", "zed", Note{Card: s.table[Character][0], Text: "x"}, ErrNotYourSeat},
		{"a card in the ghost's hand", alice, Note{Card: s.hand[0], Text: "x"}, ErrCard},
		{"a suspect never dealt", alice, Mark{Card: "C20", Out: true}, ErrCard},
		{"a vision card is not ruled out", alice, Mark{Card: s.psychics[0].vision[0], Out: true}, ErrCard},
		{"a note too long", alice, Note{Card: s.table[Character][0], Text: strings.Repeat("é", MaxNoteRunes+1)}, ErrNote},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { mustRefuse(t, s, tc.p, tc.cmd, tc.code) })
	}
	if slices.Contains(s.dealt[Character], "C20") {
		t.Fatal("the test's undealt card was dealt")
	}
}
