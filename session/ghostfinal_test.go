package session

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// gridHead is the groups' grid's first row of heads: "▸ 1 ●", then the
// next group's number far to its right (the list has one group a line).
var gridHead = regexp.MustCompile(`(?m)^ ▸ 1 \S +2 `)

// TestGhostFinalShowsTheGroups: the ghost chooses the shared vision to
// point at the culprit's group, but only the psychics' final screen drew
// the groups' pictures; on a 200x60 terminal the ghost's had 17 empty
// chat rows instead. Where the rows allow, the ghost sees the grid too;
// where they do not (120x40), the frame still fits. At 80x24 the ghost's
// final pane had 9 empty rows below the list, where a psychic's shows
// the chosen group and the shared vision as small pictures.
func TestGhostFinalShowsTheGroups(t *testing.T) {
	for _, sz := range [][3]int{{80, 24, 2}, {120, 40, 0}, {200, 60, 1}} {
		for _, shared := range []bool{false, true} {
			t.Run(fmt.Sprintf("%dx%d/shared=%v", sz[0], sz[1], shared), func(t *testing.T) {
				pt := gameWith(t, game.Classic, 6)
				playToFinal(t, pt, shared)
				m := modelAt(t, pt, pGhost, sz[0], sz[1])
				m.sh.Cards = fakeCards{}
				view := plainView(m)
				checkFrame(t, view, sz[0], sz[1])
				if got := gridHead.MatchString(view); got != (sz[2] == 1) {
					t.Errorf("the groups' grid drawn: %v, want %v:\n%s", got, sz[2] == 1, view)
				}
				// A small terminal's final pane: the group under the cursor
				// and the shared vision as small pictures, as a psychic's.
				if got := strings.Contains(view, " group 1 ● "); got != (sz[2] == 2) {
					t.Errorf("the chosen group's small pictures drawn: %v, want %v:\n%s", got, sz[2] == 2, view)
				}
			})
		}
	}
}
