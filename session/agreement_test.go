package session

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
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
		if got, want := knockSentence(i18n.French, r), "✘ toc toc — "+name+" "+tc.wrong; got != want {
			t.Errorf("%s's knock in French: %q, want %q", tc.c, got, want)
		}
		if got, want := knockSentence(i18n.English, r), "✘ knock knock — "+name+" is wrong."; got != want {
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
	m.who.Lang = l
	s, ok := m.table.screen().(*seatScreen)
	if !ok {
		t.Fatal("not at the seat picker")
	}
	for i, seat := range game.Seats {
		if sc, ok := seat.Colour(); ok && sc == c {
			s.seatCur = i
		}
	}
	return strings.TrimSpace(ansi.Strip(strings.SplitN(s.seatPanel(60), "\n", 2)[0]))
}
