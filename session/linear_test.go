package session

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// drawing is what a linear line must never hold: escape sequences, box
// drawing and block characters, the colours' symbols.
var drawing = regexp.MustCompile("[\x1b\u2500-\u259F●▲◆■★✚]")

// takeLines is what the session says now, checked for drawing.
func takeLines(t *testing.T, m *Model) []string {
	t.Helper()
	lines, linear := m.TakeLines()
	if !linear {
		t.Fatal("not in linear mode")
	}
	for _, l := range lines {
		if drawing.MatchString(l) || strings.Contains(l, "\n") {
			t.Errorf("line %q draws", l)
		}
	}
	return lines
}

func has(lines []string, prefix string) bool {
	return slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, prefix) })
}

// The linear mode, key by key, on a psychic's table: P says where the
// player is; a key that moves the cursor says only the card under it; an
// intuition is said with the table's own sentence; ? reads the keys as
// lines and closing it repeats nothing; R says the summary again; P goes
// back to the screens at the terminal's size.
func TestLinearModeKeyByKey(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	m := modelAt(t, pt, pAnn, 80, 24)
	m.sh.Cards = fakeCards{}
	if _, linear := m.TakeLines(); linear {
		t.Fatal("linear before P")
	}
	act(t, m, pt, "P")
	lines := takeLines(t, m)
	cards := m.table.Scr.Psychic.TableCards()
	for _, want := range []string{"Linear mode:", "PSYCHIC. MYSTERIUM", "Hour 1 of 7.", "ann (purple) looks for", "The cards on the table:",
		"Place your intuition", "Table card 1 of " + layout.Itoa(len(cards)) + ": The " + string(cards[0]) + ", a raven on a teacup, card " + string(cards[0]) + ".", "Keys: "} {
		if !has(lines, want) {
			t.Errorf("P: no line %q in\n%s", want, strings.Join(lines, "\n"))
		}
	}

	act(t, m, pt, "right")
	if got, want := takeLines(t, m), []string{"Table card 2 of " + layout.Itoa(len(cards)) + ": The " + string(cards[1]) + ", a raven on a teacup, card " + string(cards[1]) + "."}; !slices.Equal(got, want) {
		t.Errorf("→: %q, want %q", got, want)
	}

	act(t, m, pt, "i")
	lines = takeLines(t, m)
	for _, want := range []string{"Your intuition is on", "ann (purple) placed an intuition on The " + string(cards[1]) + ".", "Press r when"} {
		if !has(lines, want) {
			t.Errorf("i: no line %q in\n%s", want, strings.Join(lines, "\n"))
		}
	}

	press(m, "?")
	lines = takeLines(t, m)
	if !has(lines, "i put your intuition") || !has(lines, "R in linear mode") {
		t.Errorf("?: the help is not read:\n%s", strings.Join(lines, "\n"))
	}
	press(m, "x") // closes the help
	if got := takeLines(t, m); len(got) != 0 {
		t.Errorf("closing the help said %q", got)
	}

	press(m, "R")
	lines = takeLines(t, m)
	if !has(lines, "PSYCHIC. MYSTERIUM") || !strings.HasPrefix(lines[len(lines)-1], "Keys: ") {
		t.Errorf("R: not the summary:\n%s", strings.Join(lines, "\n"))
	}
	if got := takeLines(t, m); len(got) != 0 {
		t.Errorf("said twice: %q", got)
	}

	press(m, "P")
	if _, linear := m.TakeLines(); linear || m.sh.W != 80 || m.sh.H != 24 {
		t.Errorf("after P again: linear %v, size %dx%d", linear, m.sh.W, m.sh.H)
	}
}

// A French player hears French lines, with the same keys.
func TestLinearModeInFrench(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	m := modelAt(t, pt, pAnn, 80, 24)
	m.sh.Who.Lang = i18n.French
	m.sh.Cards = fakeCards{}
	act(t, m, pt, "P")
	lines := takeLines(t, m)
	if !has(lines, "Mode linéaire") || !has(lines, "Heure 1 sur 7.") {
		t.Errorf("not French:\n%s", strings.Join(lines, "\n"))
	}
	act(t, m, pt, "right")
	if got := takeLines(t, m); len(got) != 1 || !strings.HasPrefix(got[0], "Carte 2 sur ") {
		t.Errorf("→ in French: %q", got)
	}
}
