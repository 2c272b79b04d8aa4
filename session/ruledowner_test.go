package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// TestRuledOutGroupKeepsItsOwner: in the original's final a group the
// daily vote ruled out showed ✗ in place of its owner's symbol, in the
// list and above its pictures, and nobody could tell whose group it had
// been. The owner's symbol stays, with the ✗ beside it.
func TestRuledOutGroupKeepsItsOwner(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.French} {
		for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
			t.Run(fmt.Sprintf("%v/%dx%d", lang, size[0], size[1]), func(t *testing.T) {
				pt := playScenario(t, game.DefaultOptions(game.Original))
				playToFinal(t, pt, true)
				for _, p := range []game.PlayerID{pAnn, pBen, pCat} {
					pt.must(t, p, game.Vote{Group: 2})
				}
				f := pt.st.ViewFor(pAnn).Public().Final
				g := f.Groups[1]
				if g.Number != 2 || !g.Removed {
					t.Fatalf("group 2 is not ruled out: %+v", g)
				}
				m := modelAt(t, pt, pAnn, size[0], size[1])
				m.sh.Who.Lang = lang
				view := plainView(m)
				if !strings.Contains(view, fmt.Sprintf("2 %s ✗", words.OwnerSymbol(g))) {
					t.Errorf("group 2's owner %s is not beside its ✗:\n%s", words.OwnerSymbol(g), view)
				}
				if strings.Contains(view, "2 ✗") {
					t.Errorf("a ✗ stands in for group 2's owner:\n%s", view)
				}
			})
		}
	}
}
