package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// TestKnockKeepsEveryResult: with 6 psychics the ghost's "reveal all"
// knocks six results at once, and their sentences cut the banner at 120
// columns ("… ✚ Jessalyn Smith …"): the last ones were never read. A
// banner too narrow for the sentences says every result in fewer cells,
// each psychic with its symbol and ✔ or ✘.
func TestKnockKeepsEveryResult(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.French} {
		for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
			t.Run(fmt.Sprintf("%v/%dx%d", lang, size[0], size[1]), func(t *testing.T) {
				pt := gameWith(t, game.Classic, 6)
				ghostGiveAll(t, pt)
				g := pt.st.ViewFor(pGhost).(*game.GhostView)
				for i, p := range g.Psychics {
					tr := g.Trails[i]
					card := tr.Cards[p.Category]
					if i%2 == 1 {
						card = g.TableCards[p.Category][0]
						if card == tr.Cards[p.Category] {
							card = g.TableCards[p.Category][1]
						}
					}
					pt.must(t, psychicPlayers[i], game.PlaceIntuition{Psychic: p.Colour, Card: card}, game.SetReady{Psychic: p.Colour, Ready: true})
				}
				m := modelAt(t, pt, pAnn, size[0], size[1])
				m.sh.Who.Lang = lang
				pt.must(t, pGhost, game.RevealAll{})
				refresh(m, pt)
				var banner string
				for _, line := range strings.Split(plainView(m), "\n") {
					if strings.Contains(line, m.sh.Lang().T("knock — ")) || strings.Contains(line, "✔ "+m.sh.Lang().T("knock — ")) {
						banner = line
					}
				}
				if banner == "" {
					t.Fatalf("no knock on screen:\n%s", plainView(m))
				}
				for _, p := range g.Psychics {
					if !strings.Contains(banner, p.Colour.Symbol()) {
						t.Errorf("%s's result is not in the knock: %q", p.Colour.Character(), banner)
					}
				}
				if strings.Contains(banner, "…") {
					t.Errorf("the knock is cut: %q", banner)
				}
				t.Log(banner)
			})
		}
	}
}
