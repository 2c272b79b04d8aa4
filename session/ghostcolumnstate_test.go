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
				l := m.sh.Lang()
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

// TestGhostColumnsCutNoLabel: with 6 psychics at 120x40 the ghost's
// columns cut the vision's label ("1 of 2 cards sh…") and the
// clairvoyance track ("track 0 · level…", the level lost). Both have a
// form that fits, in both languages.
func TestGhostColumnsCutNoLabel(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.French} {
		t.Run(fmt.Sprint(lang), func(t *testing.T) {
			pt := gameWith(t, game.Classic, 6)
			v := pt.st.ViewFor(pGhost).(*game.GhostView)
			pt.must(t, pGhost, game.GiveVision{To: v.WaitingVisions[0], Cards: v.Hand[:2]})
			who := Identity{ID: pGhost, Name: names[pGhost], Fingerprint: string(pGhost), Lang: lang}
			m := newTestModel(t, newFakeHub(), who, 120, 40)
			m.sh.Cards = fakeCards{}
			m.attach(pt.code, pt, nil, false)
			refresh(m, pt)
			view := plainView(m)
			l := m.sh.Lang()
			for _, want := range []string{l.F("  %d/%d cards shown", 1, 2), l.F("  track %d · L%d", 0, 1)} {
				if !strings.Contains(view, want+" ") {
					t.Errorf("no %q in the columns:\n%s", want, view)
				}
			}
			for _, line := range strings.Split(view, "\n")[:20] {
				if strings.Contains(line, "…") {
					t.Errorf("a column's line is cut: %q", line)
				}
			}
		})
	}
}
