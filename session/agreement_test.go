package session

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/table/seat"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// The sentences about a character agree with the character in French
// (Alma s'est trompée, Conrad s'est trompé; une médium, un médium), and
// the English ones are the same words for every character.
func TestFrenchAgreesWithTheCharacter(t *testing.T) {
	for _, tc := range []struct {
		c            game.Colour
		wrong, panel string
	}{
		{game.Purple, "s'est trompé.", " · un médium (violet)"},
		{game.Yellow, "s'est trompée.", " · une médium (jaune)"},
		{game.Red, "s'est trompée.", " · une médium (rouge)"},
		{game.Blue, "s'est trompé.", " · un médium (bleu)"},
		{game.White, "s'est trompé.", " · un médium (blanc)"},
		{game.Green, "s'est trompée.", " · une médium (vert)"},
	} {
		name := tc.c.Symbol() + " " + tc.c.Character()
		r := game.RevealResult{Psychic: tc.c}
		if got, want := state.KnockSentence(i18n.French, r), "✘ toc toc — "+name+" "+tc.wrong; got != want {
			t.Errorf("%s's knock in French: %q, want %q", tc.c, got, want)
		}
		if got, want := state.KnockSentence(i18n.English, r), "✘ knock knock — "+name+" is wrong."; got != want {
			t.Errorf("%s's knock in English: %q, want %q", tc.c, got, want)
		}
		for _, l := range i18n.All {
			want := " · a psychic (" + tc.c.String() + ")"
			if l == i18n.French {
				want = tc.panel
			}
			if got := seatPanelHead(t, tc.c, l); !strings.HasSuffix(got, want) {
				t.Errorf("%s's seat panel in %s: %q, want it to end with %q", tc.c, l, got, want)
			}
		}
	}
}

// seatPanelHead is the seat picker panel's first line with the cursor on
// colour c's seat.
func seatPanelHead(t *testing.T, c game.Colour, l i18n.Lang) string {
	t.Helper()
	pt := seatScenario(t)
	m := modelAt(t, pt, pGhost, 160, 45)
	m.sh.Who.Lang = l
	s, ok := m.table.Screen().(*seat.SeatScreen)
	if !ok {
		t.Fatal("not at the seat picker")
	}
	for i, seat := range game.Seats {
		if sc, ok := seat.Colour(); ok && sc == c {
			s.SeatCur = i
		}
	}
	return strings.TrimSpace(ansi.Strip(strings.SplitN(s.SeatPanel(60), "\n", 2)[0]))
}

// A psychic's ready and done on the table screens are said of the
// character: "prête" and "✔ finie" (the ghost's column: "finie") beside
// Alma and Madam Wang, "prêt" beside Conrad; in English the same words
// beside every one.
func TestTheTableScreensAgreeWithTheCharacter(t *testing.T) {
	for _, tc := range []struct {
		who  game.PlayerID
		l    i18n.Lang
		want map[string]string
	}{
		{pAnn, i18n.French, map[string]string{"Conrad": "prêt", "Alma": "✔ finie", "Madam Wang": "prête"}},
		{pAnn, i18n.English, map[string]string{"Conrad": "ready", "Alma": "✔ done", "Madam Wang": "ready"}},
		{pGhost, i18n.French, map[string]string{"Conrad": "prêt", "Madam Wang": "prête"}},
		{pGhost, i18n.English, map[string]string{"Conrad": "ready", "Madam Wang": "ready"}},
	} {
		pt := gameWith(t, game.Classic, 3)
		ghostGiveAll(t, pt)
		m := modelAt(t, pt, tc.who, 120, 40)
		m.sh.Who.Lang = tc.l
		feed(m, pt, func(pub *game.TableView) {
			for i := range pub.Psychics {
				pub.Psychics[i].Ready = true
			}
			pub.Psychics[1].Finished = true // Alma
		})
		view := plainView(m)
		if done := map[i18n.Lang]string{i18n.French: "Alma · finie ", i18n.English: "Alma · done "}[tc.l]; tc.who == pGhost && !strings.Contains(view, done) {
			t.Errorf("the ghost's column of Alma, who is done, in %s does not say %q:\n%s", tc.l, done, view)
		}
		got := psychicStates(view)
		for name, want := range tc.want {
			if got[name] != want {
				t.Errorf("%s in %s: %s is %q, want %q (all: %q)", names[tc.who], tc.l, name, got[name], want, got)
			}
		}
	}
}

// stateWord is a psychic's state as the table screens say it.
var stateWord = regexp.MustCompile(`(prête|prêt\b|ready|✔ finie|✔ fini\b|✔ done)`)

// psychicStates reads each psychic's state word. On the psychic's screen it
// is on the psychic's line in the list ("▲ Alma p2 · … · prête"). On the
// ghost's the columns stand side by side under a line naming all three: it
// is the first state word in the name's column.
func psychicStates(view string) map[string]string {
	lines := strings.Split(view, "\n")
	got := map[string]string{}
	for i, line := range lines {
		if strings.Contains(line, "Conrad") && strings.Contains(line, "Alma") && strings.Contains(line, "Madam Wang") {
			for _, name := range []string{"Conrad", "Alma", "Madam Wang"} {
				// A column's lines start under its name's symbol ("● ").
				col := len([]rune(line[:strings.Index(line, name)])) - 2
				for _, below := range lines[i+1:] {
					if r := []rune(below); col < len(r) {
						if w := stateWord.FindStringSubmatch(string(r[col:])); w != nil && strings.TrimSpace(string(r[col:]))[:1] == w[1][:1] {
							got[name] = w[1]
							break
						}
					}
				}
			}
			return got
		}
		for _, name := range []string{"Conrad", "Alma", "Madam Wang"} {
			if strings.Contains(line, " "+name+" p") || strings.Contains(line, " "+name+" (") {
				if w := stateWord.FindStringSubmatch(line); w != nil {
					got[name] = w[1]
				}
			}
		}
	}
	return got
}
