package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
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
				m, lines, _ := psychicLinesWithLongIntuition(t, lang, size[0], size[1])
				l := m.sh.Lang()
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
			})
		}
	}
}

// TestPsychicListUsesTheRoom: the large layout's psychics' list stopped at
// 70 columns (half the screen at 120), and its lines dropped the player
// and the track while 100 columns beside the vision's picture stayed
// empty at 200x60. The list grows into the room the vision leaves, as far
// as its longest line, so that every line is whole from 120 columns.
func TestPsychicListUsesTheRoom(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.French} {
		for _, size := range [][2]int{{120, 40}, {160, 50}, {200, 60}} {
			t.Run(fmt.Sprintf("%v/%dx%d", lang, size[0], size[1]), func(t *testing.T) {
				m, lines, title := psychicLinesWithLongIntuition(t, lang, size[0], size[1])
				l := m.sh.Lang()
				for i, line := range lines {
					want := []string{l.F("track %d", 0), l.F("%d cards", 1)}
					if i > 0 {
						want = append(want, fmt.Sprintf("p%d ", i+1)) // the player
					}
					for _, part := range want {
						if !strings.Contains(line, part) {
							t.Errorf("line %d has no %q: %q", i+1, part, line)
						}
					}
				}
				if !strings.Contains(strings.Join(lines, "\n"), title) {
					t.Errorf("the intuition's title %q is not whole:\n%s", title, strings.Join(lines, "\n"))
				}
			})
		}
	}
}

// psychicLinesWithLongIntuition draws the first psychic's screen at w x h
// in a game of 6 psychics where the third has put an intuition on the
// category's longest title, and returns the psychics' lines of the list
// (the first is the viewer's own) and that title.
func psychicLinesWithLongIntuition(t *testing.T, lang i18n.Lang, w, h int) (*Model, []string, string) {
	t.Helper()
	pt := gameWith(t, game.Classic, 6)
	ghostGiveAll(t, pt)
	pub := pt.st.ViewFor(pAnn).Public()
	p := pub.Psychics[2]
	who := Identity{ID: pAnn, Name: names[pAnn], Fingerprint: string(pAnn), Lang: lang}
	m := newTestModel(t, newFakeHub(), who, w, h)
	long := pub.TableCards[p.Category][0]
	for _, c := range pub.TableCards[p.Category] {
		if layout.TextWidth(m.sh.CardName(c)) > layout.TextWidth(m.sh.CardName(long)) {
			long = c
		}
	}
	pt.must(t, psychicPlayers[2], game.PlaceIntuition{Psychic: p.Colour, Card: long})
	m.attach(pt.code, pt, nil, false)
	refresh(m, pt)
	if w == 80 {
		press(m, "tab") // the psychics' pane
	}
	var lines []string
	for _, line := range strings.Split(plainView(m), "\n") {
		for _, q := range pub.Psychics {
			if strings.HasPrefix(line, "  "+q.Colour.Symbol()+" ") || strings.HasPrefix(line, "▸ "+q.Colour.Symbol()+" ") {
				lines = append(lines, line)
			}
		}
	}
	if len(lines) != len(pub.Psychics) {
		t.Fatalf("%d psychics' lines:\n%s", len(lines), plainView(m))
	}
	return m, lines, m.sh.CardName(long)
}
