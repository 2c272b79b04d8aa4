package deck

import (
	"testing"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// The catalog test (i18n) sees only literals given to T, F and N; a card's
// words reach T as fields, so this test checks the built-in deck itself:
// every alt-text and every suspect's title has French, and no two suspects
// of a kind have the same French title.
func TestBuiltinCardsHaveFrench(t *testing.T) {
	seen := map[Kind]map[string]string{}
	for _, c := range Builtin().All() {
		if !i18n.Has(c.Alt) {
			t.Errorf("%s: no French for the alt-text %q", c.ID, c.Alt)
		} else if c.AltIn(i18n.French) == c.Alt {
			t.Errorf("%s: the French alt-text is the English one", c.ID)
		}
		if c.Kind == Vision {
			if c.Title != "" {
				t.Errorf("%s: a vision card has a title %q", c.ID, c.Title)
			}
			continue
		}
		if !i18n.Has(c.Title) {
			t.Errorf("%s: no French for the title %q", c.ID, c.Title)
			continue
		}
		fr := c.TitleIn(i18n.French)
		if seen[c.Kind] == nil {
			seen[c.Kind] = map[string]string{}
		}
		if other, dup := seen[c.Kind][fr]; dup {
			t.Errorf("%s: French title %q is also %s's: two %s cards would read the same", c.ID, fr, other, c.Kind)
		}
		seen[c.Kind][fr] = c.ID
	}
}

func TestNameIn(t *testing.T) {
	d := Builtin()
	for _, tc := range []struct {
		id       string
		lang     i18n.Lang
		name     string
		hasTitle bool
	}{
		{"C05", i18n.English, "The Cook", true},
		{"C05", i18n.French, "Le Cuisinier", true},
		{"L01", i18n.French, "La Bibliothèque", true},
		{"O01", i18n.French, "Le Bougeoir", true},
		{"V12", i18n.French, "V12", false},
		{"V12", i18n.English, "V12", false},
	} {
		c, ok := d.Card(tc.id)
		if !ok {
			t.Fatalf("no card %s", tc.id)
		}
		if got := c.NameIn(tc.lang); got != tc.name {
			t.Errorf("%s.NameIn(%v) = %q, want %q", tc.id, tc.lang, got, tc.name)
		}
		if got := c.TitleIn(tc.lang) != ""; got != tc.hasTitle {
			t.Errorf("%s.TitleIn(%v) = %q", tc.id, tc.lang, c.TitleIn(tc.lang))
		}
	}
}

// A bot ghost's note names tags in each reader's language (game.BotNote):
// every tag word of the built-in deck has French.
func TestBuiltinTagsHaveFrench(t *testing.T) {
	missing := map[string]string{}
	for _, c := range Builtin().All() {
		for _, tag := range c.Tags {
			if !i18n.Has(tag) {
				missing[tag] = c.ID
			}
		}
	}
	for tag, id := range missing {
		t.Errorf("no French for the tag %q (of %s, and maybe others)", tag, id)
	}
}
