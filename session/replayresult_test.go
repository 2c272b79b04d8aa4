package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// TestReplayNamesTheIntuition: the end screen's replay says on which card
// each psychic was right or wrong. With 6 psychics at 120x40 the columns
// cut it to "✔ right on The Pe…"; the name now has a line of its own.
func TestReplayNamesTheIntuition(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {200, 60}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			pt := gameWith(t, game.Original, 6)
			playToFinal(t, pt, true)
			for _, p := range psychicPlayers {
				_ = pt.Submit(p, game.Vote{Group: 1}) // a majority ends it
			}
			if pt.st.Phase() != game.PhaseFinished {
				t.Fatalf("phase %v", pt.st.Phase())
			}
			m := modelAt(t, pt, pAnn, sz[0], sz[1])
			view := plainView(m)
			checkFrame(t, view, sz[0], sz[1])
			r := pt.st.ViewFor(pAnn).Public().History[0]
			for _, res := range r.Results {
				name := m.sh.CardName(res.Intuition)
				if !strings.Contains(view, "on "+name) && !strings.Contains(view, "on "+strings.TrimPrefix(name, "The ")) {
					t.Errorf("the replay does not name %s's intuition %q:\n%s", res.Psychic, name, view)
				}
			}
		})
	}
}
