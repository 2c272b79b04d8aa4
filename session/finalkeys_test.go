package session

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// TestGhostSelectsNoCardDuringTheVote: once the shared vision is given
// the ghost has no card to choose; the key bar offered "space select" all
// through the vote, and space counted "(1 selected)" in the hand's title,
// a selection nothing would ever use. Before, the ghost may select cards
// (even ahead of the culprit).
func TestGhostSelectsNoCardDuringTheVote(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		pt := gameWith(t, game.Classic, 3)
		playToFinal(t, pt, false)
		m := modelAt(t, pt, pGhost, sz[0], sz[1])
		if bar := keyBarLine(m); !strings.Contains(bar, "space select") {
			t.Errorf("%v choosing the culprit: key bar %q", sz, bar)
		}
		pt.must(t, pGhost, game.ChooseCulprit{Group: 1})
		hand := pt.st.ViewFor(pGhost).(*game.GhostView).Hand
		pt.must(t, pGhost, game.GiveSharedVision{Cards: hand[:3]})
		refresh(m, pt)
		if bar := keyBarLine(m); strings.Contains(bar, "space") {
			t.Errorf("%v during the vote: key bar %q", sz, bar)
		}
		if err := act(t, m, pt, "tab", " "); err != nil {
			t.Fatal(err)
		}
		if n := len(m.table.Scr.Ghost.Selection()); n != 0 {
			t.Errorf("%v during the vote: space selected %d cards:\n%s", sz, n, plainView(m))
		}
	}
}

// keyBarLine is the frame's key bar, the line above the status line.
func keyBarLine(m *Model) string {
	lines := strings.Split(plainView(m), "\n")
	return strings.TrimSpace(lines[len(lines)-2])
}
