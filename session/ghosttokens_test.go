package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// TestGhostColumnsNameTheIntuition: with 6 psychics at 120x40 the ghost's
// columns are 18 cells wide, and five clairvoyance tokens on an intuition
// pushed the card's name out ("on … [✘■ ✘✚ ✘◆ …"): the ghost could not
// tell which card the psychic chose. The name stays readable and the
// tokens are counted ("5✘") where their list does not fit beside it.
func TestGhostColumnsNameTheIntuition(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.French} {
		for _, size := range [][2]int{{120, 40}, {200, 60}} {
			t.Run(fmt.Sprintf("%v/%dx%d", lang, size[0], size[1]), func(t *testing.T) {
				pt := gameWith(t, game.Classic, 6)
				ghostGiveAll(t, pt)
				pub := pt.st.ViewFor(pGhost).Public()
				first := pub.Psychics[0]
				card := pub.TableCards[first.Category][3]
				pt.must(t, psychicPlayers[0], game.PlaceIntuition{Psychic: first.Colour, Card: card})
				for i, p := range pub.Psychics[1:] {
					pt.must(t, psychicPlayers[i+1], game.PlaceToken{From: p.Colour, On: first.Colour, Kind: game.TokenNo})
				}
				who := Identity{ID: pGhost, Name: names[pGhost], Fingerprint: string(pGhost), Lang: lang}
				m := newTestModel(t, newFakeHub(), who, size[0], size[1])
				m.sh.Cards = fakeCards{}
				m.attach(pt.code, pt, nil, false)
				refresh(m, pt)
				view := plainView(m)
				name := []rune(layout.ShortTitle(m.sh.CardName(card), 99, 0))
				want := string(name[:min(len(name), state.MinIntuitionName-1)])
				var line string
				for _, l := range strings.Split(view, "\n") {
					if strings.Contains(l, want) && strings.Contains(l, "✘") {
						line = l
					}
				}
				if line == "" {
					t.Fatalf("no line names the intuition's card %q beside its tokens:\n%s", want, view)
				}
				if !strings.Contains(line, "5✘") && strings.Count(line, "✘") < 5 {
					t.Errorf("the five tokens are neither listed nor counted: %q", line)
				}
			})
		}
	}
}
