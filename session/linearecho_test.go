package session

import (
	"slices"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/term"
)

// What a player types in the linear mode is echoed key by key: each letter
// gives the line typed whole (the terminal adds what is new), a deletion
// is said in words, a cursor moved in the line says the character it is
// on, sending clears the line without saying it was erased, and a note
// opened with its text echoes that text. In English and French.
func TestLinearEchoesTyping(t *testing.T) {
	type step struct {
		key  string
		want []string // the lines said, in order, after the key
	}
	tests := []struct {
		name  string
		lang  i18n.Lang
		open  string // the key that opens the line
		steps []step
	}{
		{
			name: "the chat", lang: i18n.English, open: "t",
			steps: []step{
				{"h", []string{term.Typing("h")}},
				{"i", []string{term.Typing("hi")}},
				{" ", []string{term.Typing("hi ")}},
				{"backspace", []string{"Erased a space."}},
				{"backspace", []string{"Erased: i."}},
				{"o", []string{term.Typing("ho")}},
				{"left", []string{"o"}},
				{"right", []string{"End of the line."}},
				{"left", []string{"o"}},
				{"backspace", []string{"Erased: h."}},
				{"y", []string{term.Typing("yo")}},
				{"enter", []string{"ann says: yo"}},
				{"k", []string{term.Typing("k")}},
			},
		},
		{
			name: "the chat in French", lang: i18n.French, open: "t",
			steps: []step{
				{"a", []string{term.Typing("a")}},
				{"b", []string{term.Typing("ab")}},
				{"backspace", []string{"Effacé : b."}},
				{" ", []string{term.Typing("a ")}},
				{"left", []string{"Espace."}},
				{"right", []string{"Fin de la ligne."}},
				{"backspace", []string{"Espace effacé."}},
			},
		},
		{
			name: "a note", lang: i18n.English, open: "w",
			steps: []step{
				{"n", []string{term.Typing("n")}},
				{"o", []string{term.Typing("no")}},
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			ghostGiveAll(t, pt)
			m := modelAt(t, pt, pAnn, 80, 24)
			m.sh.Who.Lang = tc.lang
			m.sh.Cards = fakeCards{}
			act(t, m, pt, "P")
			takeLines(t, m)
			act(t, m, pt, tc.open)
			if got := takeLines(t, m); slices.ContainsFunc(got, isTyping) {
				t.Fatalf("opening the line echoed %q", got)
			}
			for i, s := range tc.steps {
				act(t, m, pt, s.key)
				got := takeLines(t, m)
				if !slices.Equal(got, s.want) {
					t.Errorf("step %d %q: said %q, want %q", i, s.key, got, s.want)
				}
			}
		})
	}
}

// A note already written is echoed whole when its line opens again: the
// player hears what they are about to edit.
func TestLinearEchoesANoteReopened(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	m := modelAt(t, pt, pAnn, 80, 24)
	m.sh.Cards = fakeCards{}
	act(t, m, pt, "P")
	act(t, m, pt, "w", "o", "k", "enter")
	takeLines(t, m)
	act(t, m, pt, "w")
	if got := takeLines(t, m); len(got) == 0 || got[len(got)-1] != term.Typing("ok") {
		t.Errorf("reopening the note said %q, want it to end with the note typed", got)
	}
}

func isTyping(l string) bool { return strings.HasPrefix(l, term.Typing("")) }
