package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// TestPsychicLinesReadAlike: each psychic's line dropped parts (the
// player, the track, the vision's size) on its own, so that with 6
// psychics at 120x40 a line with a long intuition read "◆ Madam Wang ·
// object · on The Account Ledger" between lines that kept "bot" and "1
// cards". The list drops the same parts from every line.
func TestPsychicLinesReadAlike(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.French} {
		for _, size := range [][2]int{{80, 24}, {120, 40}, {160, 50}, {200, 60}} {
			t.Run(fmt.Sprintf("%v/%dx%d", lang, size[0], size[1]), func(t *testing.T) {
				pt := gameWith(t, game.Classic, 6)
				ghostGiveAll(t, pt)
				pub := pt.st.ViewFor(pAnn).Public()
				// One intuition on the category's longest title, the others none.
				p := pub.Psychics[2]
				who := Identity{ID: pAnn, Name: names[pAnn], Fingerprint: string(pAnn), Lang: lang}
				m := newTestModel(t, newFakeHub(), who, size[0], size[1])
				long := pub.TableCards[p.Category][0]
				for _, c := range pub.TableCards[p.Category] {
					if textWidth(m.cardName(c)) > textWidth(m.cardName(long)) {
						long = c
					}
				}
				pt.must(t, psychicPlayers[2], game.PlaceIntuition{Psychic: p.Colour, Card: long})
				m.attach(pt.code, pt, nil, false)
				refresh(m, pt)
				if size[0] == 80 {
					press(m, "tab") // the psychics' pane
				}
				l := m.lang()
				var lines []string
				for _, line := range strings.Split(plainView(m), "\n") {
					for _, q := range pub.Psychics {
						if strings.HasPrefix(line, "  "+q.Colour.Symbol()+" ") || strings.HasPrefix(line, "▸ "+q.Colour.Symbol()+" ") {
							lines = append(lines, line)
						}
					}
				}
				if len(lines) != 6 {
					t.Fatalf("%d psychics' lines:\n%s", len(lines), plainView(m))
				}
				track := strings.TrimSuffix(l.T("track %d"), "%d")
				for _, part := range []string{track, strings.TrimPrefix(l.T("%d cards"), "%d")} {
					n := 0
					for _, line := range lines {
						if strings.Contains(line, part) {
							n++
						}
					}
					if n != 0 && n != len(lines) {
						t.Errorf("%q is in %d lines of %d:\n%s", part, n, len(lines), strings.Join(lines, "\n"))
					}
				}
				t.Log("\n" + strings.Join(lines, "\n"))
			})
		}
	}
}
