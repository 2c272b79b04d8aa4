package session

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/linear"
	"github.com/mysterium-ssh/mysterium/session/ui/cardface"
)

// A card's words reach the screens in the reader's language, from the
// deck (Card.TitleIn, AltIn: a custom deck's title_fr and alt_fr too), so
// players of one table each read their own.
func TestCardWordsInTheReadersLanguage(t *testing.T) {
	cards := cardface.DeckCards{Deck: deck.Builtin()}
	for _, tc := range []struct {
		id          game.CardID
		l           i18n.Lang
		title, alt  string // alt: its start
		linearStart string
	}{
		{"C05", i18n.English, "The Cook", "A moustached cook", "The Cook"},
		{"C05", i18n.French, "Le Cuisinier", "Un cuisinier moustachu", "Le Cuisinier"},
		{"V12", i18n.English, "", "In an ember-red panelled hall", "V12, In an ember-red panelled hall"},
		{"V12", i18n.French, "", "Dans une salle lambrissée rouge braise", "V12, Dans une salle lambrissée rouge braise"},
		{"X99", i18n.French, "", "", "X99"},
	} {
		if got := cards.Title(tc.id, tc.l); got != tc.title {
			t.Errorf("%s title in %v = %q, want %q", tc.id, tc.l, got, tc.title)
		}
		if got := cards.Alt(tc.id, tc.l); !strings.HasPrefix(got, tc.alt) || (tc.alt == "") != (got == "") {
			t.Errorf("%s alt in %v = %q, want it to start %q", tc.id, tc.l, got, tc.alt)
		}
		if got := (linear.Words{L: tc.l, Cards: cards}).Card(tc.id); !strings.HasPrefix(got, tc.linearStart) {
			t.Errorf("%s said in %v = %q, want it to start %q", tc.id, tc.l, got, tc.linearStart)
		}
	}
}
