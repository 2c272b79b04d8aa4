package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// The line recalling the hour that just ended names every psychic's
// result, six of them with long titles too, at every width: the ghost, a
// psychic and a watcher read it the same way.
func TestLastHourShowsEveryResult(t *testing.T) {
	for _, ed := range []game.Edition{game.Classic, game.Original} {
		pt := gameWith(t, ed, 6)
		ghostGiveAll(t, pt)
		for _, who := range []game.PlayerID{pGhost, pAnn, pWatch} {
			for _, w := range []int{80, 100, 120, 200} {
				for _, l := range i18n.All {
					name := fmt.Sprintf("%s/%s/%d/%s", ed, names[who], w, l)
					m := newTestModel(t, newFakeHub(), Identity{ID: who, Name: names[who], Fingerprint: string(who), Lang: l}, w, 40)
					m.sh.Cards = similarCards{}
					m.attach(pt.code, pt, nil, false)
					var want []string
					feed(m, pt, func(pub *game.TableView) {
						rec := game.RoundRecord{Round: 1}
						for i, p := range pub.Psychics {
							// Titles that share their heads: the short forms must differ.
							rec.Results = append(rec.Results, game.RevealResult{
								Psychic: p.Colour, Category: p.Category, Correct: i%2 == 0,
								Intuition: game.CardID(fmt.Sprintf("S%02d", i)),
							})
							want = append(want, p.Colour.Symbol())
						}
						pub.History = []game.RoundRecord{rec}
						pub.Round = 2
						pub.Reveals = nil
						pub.Phase = game.PhaseVision
					})
					line := m.table.LastHourLine()
					if line == "" {
						t.Fatalf("%s: no line for the hour that ended", name)
					}
					plain := ansi.Strip(line)
					if n := layout.TextWidth(line); n > w {
						t.Errorf("%s: the line is %d cells wide: %q", name, n, plain)
					}
					for _, sym := range want {
						if !strings.Contains(plain, sym) {
							t.Errorf("%s: %s's result is cut off: %q", name, sym, plain)
						}
					}
					last := want[len(want)-1]
					if i := strings.LastIndex(plain, last); i < 0 || layout.TextWidth(strings.TrimSpace(plain[i+len(last):])) < 3 {
						t.Errorf("%s: %s's card is not named: %q", name, last, plain)
					}
				}
			}
		}
	}
}
