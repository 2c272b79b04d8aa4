package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// TestSpectatorSeesTheTrail: a spectator's first line says whom they
// follow and that psychic's trail. At 80 columns "You are watching.
// Following ● Conrad MacDowell: looking for a CHARACTER." left the trail
// "trail:…"; the sentence gives way, the trail stays whole. Wider, the
// whole sentence stays.
func TestSpectatorSeesTheTrail(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.French} {
		for _, w := range []int{80, 120} {
			t.Run(fmt.Sprintf("%v/%d", lang, w), func(t *testing.T) {
				pt := gameWith(t, game.Classic, 4)
				ghostGiveAll(t, pt)
				who := Identity{ID: pWatch, Name: names[pWatch], Fingerprint: string(pWatch), Lang: lang}
				m := newTestModel(t, newFakeHub(), who, w, 24)
				m.sh.Cards = fakeCards{}
				m.attach(pt.code, pt, nil, false)
				refresh(m, pt)
				you := strings.Split(plainView(m), "\n")[2] // below the title bar and its rule
				if !strings.Contains(you, "? · ? · ?") {
					t.Errorf("the trail is cut: %q", you)
				}
				watching := map[i18n.Lang]string{i18n.English: "You are watching.", i18n.French: "Vous regardez."}[lang]
				long := strings.Contains(you, watching)
				if long != (w == 120) {
					t.Errorf("the whole sentence: %v at %d columns: %q", long, w, you)
				}
			})
		}
	}
}
