package game

import (
	"slices"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// A note is checked before anything moves: too long, or not one line of
// text, and the whole give is refused with a sentence.
func TestGiveVisionRefusesABadNote(t *testing.T) {
	for _, tc := range []struct {
		name, note string
	}{
		{"too long", strings.Repeat("é", MaxGhostNoteLen+1)},
		{"a newline", "red curtains\n= theatre"},
		{"an escape", "red \x1b[31mcurtains"},
		{"not UTF-8", "red \xff curtains"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := started(t, classic(Easy), 4)
			c := s.waitingVisions()[0]
			mustRefuse(t, s, ghostOf(s), GiveVision{To: c, Cards: []CardID{s.hand[0]}, Note: tc.note}, ErrNote)
		})
	}
}

// The ghost reads its notes during the game; nobody else does until the
// end, when everybody does. A note of exactly MaxGhostNoteLen characters fits,
// spaces around it go, and an empty note is no note.
func TestNotesAreTheGhostsUntilTheEnd(t *testing.T) {
	s := started(t, classic(Easy), 4)
	ghost := ghostOf(s)
	long := strings.Repeat("é", MaxGhostNoteLen)
	var want []GhostNote
	for i, c := range s.waitingVisions() {
		note := []string{"  red curtains = theatre  ", long, ""}[i%3]
		mustApply(t, s, ghost, GiveVision{To: c, Cards: []CardID{s.hand[0]}, Note: note})
		if note = strings.TrimSpace(note); note != "" {
			want = append(want, GhostNote{Round: 1, To: c, Text: note})
		}
	}
	if got := s.ViewFor(ghost).(*GhostView).GhostNotes; !slices.Equal(got, want) {
		t.Fatalf("the ghost's notes: %v, want %v", got, want)
	}
	if GhostNoteFor(want, 1, want[0].To).Text != "red curtains = theatre" || GhostNoteFor(want, 2, want[0].To).Say(i18n.English, nil) != "" {
		t.Fatal("GhostNoteFor does not find the note by round and psychic")
	}
	// Play to the end (wrong every time: the clock runs out).
	for s.phase != PhaseFinished {
		round(t, s, none)
	}
	for _, p := range []PlayerID{ghost, ownerOf(s, s.psychics[0].colour), "spectator:zed"} {
		if got := s.ViewFor(p).(*FinishedView).GhostNotes; !slices.Equal(got, want) {
			t.Fatalf("%s's finished view: notes %v, want %v", p, got, want)
		}
	}
}

// Notes travel in the journal with their give: a replay has them.
func TestNotesSurviveTheJournal(t *testing.T) {
	s := started(t, modern(), 4)
	c := s.waitingVisions()[0]
	give := GiveVision{To: c, Cards: []CardID{s.hand[0]}, Note: "the lighthouse: the sea"}
	b, err := MarshalCommand(give)
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalCommand(b)
	if err != nil || back.(GiveVision).Note != give.Note {
		t.Fatalf("journal round trip: %s → %#v, %v", b, back, err)
	}
	mustApply(t, s, ghostOf(s), back)
	r, err := Replay(modern(), TestPools(), "host", 1, append(preamble(4), Entry{ghostOf(s), back}))
	if err != nil {
		t.Fatal(err)
	}
	if got := r.ViewFor(ghostOf(s)).(*GhostView).GhostNotes; len(got) != 1 || got[0].Text != give.Note {
		t.Fatalf("replayed notes: %v", got)
	}
}

// A vision taken back takes its note with it; the next give writes anew.
func TestTakeBackTakesTheNoteBack(t *testing.T) {
	s := startedHuman(t, classic(Easy), 4)
	ghost := ghostOf(s)
	c := s.waitingVisions()[0]
	mustApply(t, s, ghost, GiveVision{To: c, Cards: []CardID{s.hand[0]}, Note: "first thought"})
	mustApply(t, s, ghost, TakeBack{})
	if got := s.ViewFor(ghost).(*GhostView).GhostNotes; len(got) != 0 {
		t.Fatalf("after the take-back the ghost still has notes %v", got)
	}
	mustApply(t, s, ghost, GiveVision{To: c, Cards: []CardID{s.hand[1]}, Note: "second thought"})
	deliver(t, s)
	if got := s.ViewFor(ghost).(*GhostView).GhostNotes; len(got) != 1 || got[0].Text != "second thought" {
		t.Fatalf("notes %v, want the second thought only", got)
	}
}
