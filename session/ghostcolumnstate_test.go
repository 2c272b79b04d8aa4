package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// TestGhostColumnsSayTheStateWhole: with 5 or 6 psychics at 120x40 the
// ghost's columns are 19 cells wide, and each psychic's state was cut to
// "vision given · …" or "waiting for you…" (which read as waiting for
// the ghost). Narrow columns say it shortly and whole, in both languages.
func TestGhostColumnsSayTheStateWhole(t *testing.T) {
	for _, n := range []int{5, 6} {
		for _, lang := range []i18n.Lang{i18n.English, i18n.French} {
			t.Run(fmt.Sprintf("%d/%v", n, lang), func(t *testing.T) {
				pt := gameWith(t, game.Classic, n)
				v := pt.st.ViewFor(pGhost).(*game.GhostView)
				pt.must(t, pGhost, game.GiveVision{To: v.WaitingVisions[0], Cards: v.Hand[:1]})
				who := Identity{ID: pGhost, Name: names[pGhost], Fingerprint: string(pGhost), Lang: lang}
				m := newTestModel(t, newFakeHub(), who, 120, 40)
				m.attach(pt.code, pt, nil, false)
				refresh(m, pt)
				l := m.lang()
				view := plainView(m)
				// Each state whole, in its long form where it fits, else its short one.
				for _, want := range [][2]string{{"vision given · thinking", "thinking"}, {"waiting for your vision", "needs a vision"}} {
					if !strings.Contains(view, "  "+l.T(want[0])+" ") && !strings.Contains(view, "  "+l.T(want[1])+" ") {
						t.Errorf("neither %q nor %q in the columns:\n%s", l.T(want[0]), l.T(want[1]), view)
					}
				}
				for _, line := range strings.Split(view, "\n") {
					if strings.Contains(line, "…") && (strings.Contains(line, l.T("waiting for your vision")[:6]) || strings.Contains(line, "· …")) {
						t.Errorf("a state is cut: %q", line)
					}
				}
			})
		}
	}
}
