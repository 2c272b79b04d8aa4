package session

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// A vision on its way: the ghost reads that u takes it back, and u does;
// its psychic reads that a vision is coming and sees none of its cards.
// Once it has arrived, u says why it stays, in the ghost's language.
func TestTheScreensOfAVisionOnItsWay(t *testing.T) {
	for _, tc := range []struct {
		lang           i18n.Lang
		ghost, psychic string
		gone           string
	}{
		{i18n.English, "u takes back ● Conrad's", "The ghost is giving you a vision", "The vision has reached ● Conrad MacDowell; it can no longer be taken back."},
		{i18n.French, "u reprend celle de ● Conrad", "Le fantôme vous donne une vision", "La vision est parvenue à ● Conrad MacDowell ; elle ne peut plus être reprise."},
	} {
		t.Run(tc.lang.String(), func(t *testing.T) {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			pt.hold = true
			who := Identity{ID: pGhost, Name: names[pGhost], Fingerprint: string(pGhost), Lang: tc.lang}
			ghost := newTestModel(t, newFakeHub(), who, 120, 40)
			ghost.attach(pt.code, pt, nil, false)
			refresh(ghost, pt)
			ann := Identity{ID: pAnn, Name: names[pAnn], Fingerprint: string(pAnn), Lang: tc.lang}
			psychic := newTestModel(t, newFakeHub(), ann, 120, 40)
			psychic.attach(pt.code, pt, nil, false)
			refresh(psychic, pt)

			top := []string{"k", "k", "k", "k", "k", "k", "k"} // ● Conrad, ann's
			hand := pt.st.ViewFor(pGhost).(*game.GhostView).Hand
			if err := act(t, ghost, pt, append(top, "g")...); err != nil {
				t.Fatal(err)
			}
			refresh(psychic, pt)
			if v := plainView(ghost); !strings.Contains(v, tc.ghost) || !strings.Contains(v, "u ") {
				t.Errorf("the ghost's screen during the hold does not say %q:\n%s", tc.ghost, v)
			}
			pv := plainView(psychic)
			if !strings.Contains(pv, tc.psychic) {
				t.Errorf("the psychic's screen during the hold does not say %q:\n%s", tc.psychic, pv)
			}
			if pp := pt.st.ViewFor(pAnn).Public().Psychic(game.Purple); len(pp.Vision) != 0 {
				t.Fatalf("the psychic sees the vision on its way: %v", pp.Vision)
			}
			if err := act(t, ghost, pt, "u"); err != nil {
				t.Fatalf("u during the hold: %v", err)
			}
			if got := pt.st.ViewFor(pGhost).(*game.GhostView).Hand; len(got) != len(hand) || got[0] != hand[0] {
				t.Fatalf("after u the hand is %v, want %v", got, hand)
			}
			refresh(psychic, pt)
			if v := plainView(psychic); !strings.Contains(v, map[i18n.Lang]string{i18n.English: "took the vision back", i18n.French: "a repris la vision"}[tc.lang]) {
				t.Errorf("the psychic is not told of the take-back:\n%s", v)
			}

			// Given again, and arrived: it stays.
			if err := act(t, ghost, pt, append(top, "g")...); err != nil {
				t.Fatal(err)
			}
			pt.deliver(t)
			refresh(ghost, pt)
			if err := act(t, ghost, pt, "u"); err == nil {
				t.Fatal("u after the vision arrived was not refused")
			}
			if v := plainView(ghost); !strings.Contains(v, tc.gone) {
				t.Errorf("u after the vision arrived does not say %q:\n%s", tc.gone, v)
			}
		})
	}
}

// When the host sits as the ghost, p and + are the psychics' keys: the
// ghost's bar has neither and its p does nothing; a psychic's p pauses.
func TestTheGhostsHostHandsTheTimerToThePsychics(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic)) // gwen hosts and is the ghost
	ghostGiveAll(t, pt)
	ghost := modelAt(t, pt, pGhost, 200, 60)
	psychic := modelAt(t, pt, pAnn, 200, 60) // wide enough for the whole key bar
	if v := plainView(ghost); strings.Contains(v, "p pause") || strings.Contains(v, "+ 30 s") {
		t.Errorf("the ghost's bar offers the timer keys:\n%s", v)
	}
	_ = act(t, ghost, pt, "p")
	if pt.st.ViewFor("").Public().TimerPaused {
		t.Fatal("the ghost paused the sand timer")
	}
	if v := plainView(psychic); !strings.Contains(v, "p pause") {
		t.Errorf("the psychic's bar lacks p pause:\n%s", v)
	}
	if err := act(t, psychic, pt, "p"); err != nil {
		t.Fatal(err)
	}
	if pub := pt.st.ViewFor("").Public(); !pub.TimerPaused || pub.TimerNote.Host != "ann" {
		t.Fatalf("after ann's p: paused %v, note %+v", pub.TimerPaused, pub.TimerNote)
	}
	refresh(ghost, pt)
	if v := plainView(ghost); !strings.Contains(v, "ann paused the sand timer") && !strings.Contains(v, "Ann paused the sand timer") {
		t.Errorf("the ghost does not see who paused:\n%s", v)
	}
}
