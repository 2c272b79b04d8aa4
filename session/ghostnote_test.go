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
