package session

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// typeText is the keys of a line of text, one rune at a time.
func typeText(s string) []string {
	var keys []string
	for _, r := range s {
		keys = append(keys, string(r))
	}
	return keys
}

// The ghost writes a note with w and gives the vision with enter; esc
// drops a note. Nobody else sees the note during the game; after it, the
// replay shows it beside its vision on every screen.
func TestGhostNoteInTheReplay(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghost := modelAt(t, pt, pGhost, 80, 24)
	ann := modelAt(t, pt, pAnn, 140, 45)
	const note = "red curtains = theatre"
	if err := act(t, ghost, pt, append(append([]string{"w"}, typeText(note)...), "enter")...); err != nil {
		t.Fatal(err)
	}
	gv := pt.st.ViewFor(pGhost).(*game.GhostView)
	if len(gv.GhostNotes) != 1 || gv.GhostNotes[0].Text != note {
		t.Fatalf("the ghost's notes after w, the note and enter: %+v", gv.GhostNotes)
	}
	if strings.Contains(statusLine(ghost), "note (enter gives") {
		t.Errorf("the note field is still open after the gift: %q", statusLine(ghost))
	}
	// A note dropped with esc goes nowhere; the next gift has none.
	if err := act(t, ghost, pt, append(append([]string{"w"}, typeText("never mind")...), "esc", "g")...); err != nil {
		t.Fatal(err)
	}
	if gv := pt.st.ViewFor(pGhost).(*game.GhostView); len(gv.GhostNotes) != 1 {
		t.Fatalf("a dropped note was given: %+v", gv.GhostNotes)
	}
	if strings.Contains(plainView(ann), "theatre") {
		t.Fatalf("a psychic's screen shows the ghost's note during the game:\n%s", plainView(ann))
	}
	playToFinal(t, pt, true)
	voteAll(t, pt, 1)
	if pt.st.Phase() != game.PhaseFinished {
		t.Fatalf("phase %s, want the end", pt.st.Phase())
	}
	refresh(ann, pt)
	refresh(ghost, pt)
	if !strings.Contains(plainView(ann), "☾ “"+note+"”") {
		t.Fatalf("the replay does not show the note at 140x45:\n%s", plainView(ann))
	}
	// 80x24: the replay is a tab.
	if err := act(t, ghost, pt, "tab"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(plainView(ghost), note) {
		t.Fatalf("the replay does not show the note at 80x24:\n%s", plainView(ghost))
	}
}

// A gift with a note that the table refuses (the psychic already has this
// round's vision) keeps the note and gives the keys back to the board: the
// status line says so, j moves to the next psychic and g gives the vision
// there with the note. Before, the field kept the keys and j, g went on
// typing into the note, with nothing on screen saying how to get out.
func TestGhostNoteKeptAfterARefusedGift(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghost := modelAt(t, pt, pGhost, 80, 24)
	top := []string{"k", "k", "k", "k", "k", "k", "k"}
	if err := act(t, ghost, pt, append(top, "g")...); err != nil {
		t.Fatal(err)
	}
	const note = "blue door"
	keys := append(append(append(top, "w"), typeText(note)...), "enter")
	if err := act(t, ghost, pt, keys...); err == nil || !strings.Contains(err.Error(), "already") {
		t.Fatalf("a second vision to the same psychic: %v, want a refusal", err)
	}
	if s := statusLine(ghost); !strings.Contains(s, "note kept") || !strings.Contains(s, note) {
		t.Fatalf("after a refused gift the status line is %q, want the kept note and how to go on", s)
	}
	if err := act(t, ghost, pt, "j", "g"); err != nil {
		t.Fatal(err)
	}
	gv := pt.st.ViewFor(pGhost).(*game.GhostView)
	if len(gv.GhostNotes) != 1 || gv.GhostNotes[0].Text != note || gv.GhostNotes[0].To != gv.Psychics[1].Colour {
		t.Fatalf("the ghost's notes after the refusal, j and g: %+v", gv.GhostNotes)
	}
	if s := statusLine(ghost); strings.Contains(s, "note") {
		t.Errorf("the note line is still there after the gift: %q", s)
	}
}

// The ghost's note takes every letter typed, the capitals that are keys
// elsewhere (? help, P plain, T truecolor, A alerts) too: before, "A Party
// at the Theatre?" opened the help and toggled the alerts and truecolor,
// and the note lost those letters.
func TestGhostNoteTakesCapitalsAndQuestionMarks(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghost := modelAt(t, pt, pGhost, 80, 24)
	const note = "A Party at the Theatre?"
	alerts := ghost.sh.Alerts.IsOff()
	if err := act(t, ghost, pt, append(append([]string{"w"}, typeText(note)...), "enter")...); err != nil {
		t.Fatal(err)
	}
	gv := pt.st.ViewFor(pGhost).(*game.GhostView)
	if len(gv.GhostNotes) != 1 || gv.GhostNotes[0].Text != note {
		t.Fatalf("the note given: %+v, want %q", gv.GhostNotes, note)
	}
	if ghost.sh.Alerts.IsOff() != alerts || ghost.sh.Plain || ghost.help {
		t.Errorf("the note's letters worked as keys: alerts off %v (was %v), plain %v, help %v", ghost.sh.Alerts.IsOff(), alerts, ghost.sh.Plain, ghost.help)
	}
}

// Each of the ghost's note's inputs is part of the frame memo's key on its
// own (ghostNoteKey): the keys change it only with the line's revision,
// changed directly each must still give a new frame, or a later way of
// opening, holding or closing the note could show a stale status line.
func TestFrameMemoKeyHasTheGhostNote(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	m := modelAt(t, pt, pGhost, 80, 24)
	if err := act(t, m, pt, append([]string{"w"}, typeText("blue door")...)...); err != nil {
		t.Fatal(err)
	}
	n := &m.table.Scr.Ghost.Note
	changes := []struct {
		name string
		do   func()
	}{
		{"note held", func() { n.Held = true }},
		{"note typed again", func() { n.Held = false }},
		{"note closed", func() { n.On = false }},
		{"note open", func() { n.On = true }},
	}
	for _, c := range changes {
		before := m.View()
		c.do()
		after := m.View()
		if after == before {
			t.Errorf("%s: the frame did not change", c.name)
		}
		if after != fresh(m) {
			t.Errorf("%s: stale frame", c.name)
		}
	}
}
