package i18n

import "testing"

func init() {
	Add(map[string]string{
		"test: the raven":            "test : le corbeau",
		"test: %s chose the chapel.": "test : %s a choisi la chapelle.",
		"test: %s is wrong.":         "test : %s s'est trompé.",
		"test: %s is wrong.|f":       "test : %s s'est trompée.",
	})
	AddPlural("test: %d cards left", 1,
		Forms{One: "test: %d card left", Other: "test: %d cards left"},
		Forms{One: "test: %d carte restante", Other: "test: %d cartes restantes"})
}

func TestTranslate(t *testing.T) {
	for _, tc := range []struct {
		got, want string
	}{
		{English.T("test: the raven"), "test: the raven"},
		{French.T("test: the raven"), "test : le corbeau"},
		{French.T("test: never registered"), "test: never registered"},
		{English.F("test: %s chose the chapel.", "Alma"), "test: Alma chose the chapel."},
		{French.F("test: %s chose the chapel.", "Alma"), "test : Alma a choisi la chapelle."},
		{French.F("test: never registered %d", 3), "test: never registered 3"},
		{English.F("test: %d cards left", 1), "test: 1 card left"},
		{English.F("test: %d cards left", 0), "test: 0 cards left"},
		{English.F("test: %d cards left", 2), "test: 2 cards left"},
		{French.F("test: %d cards left", 0), "test: 0 carte restante"},
		{French.F("test: %d cards left", 1), "test: 1 carte restante"},
		{French.F("test: %d cards left", 2), "test: 2 cartes restantes"},
		{Lang(9).T("test: the raven"), "test: the raven"},
		{English.G(Masculine, "test: %s is wrong.", "Conrad"), "test: Conrad is wrong."},
		{English.G(Feminine, "test: %s is wrong.", "Alma"), "test: Alma is wrong."},
		{French.G(Masculine, "test: %s is wrong.", "Conrad"), "test : Conrad s'est trompé."},
		{French.G(Feminine, "test: %s is wrong.", "Alma"), "test : Alma s'est trompée."},
		// A sentence without a feminine form keeps its one form.
		{French.G(Feminine, "test: %s chose the chapel.", "Alma"), "test : Alma a choisi la chapelle."},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

func TestAddRefusesTwoFrenchTextsForOneKey(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a second, different French text for one key was accepted")
		}
	}()
	Add(map[string]string{"test: the raven": "test : la corneille"})
}

// TestAddPluralRefusesAKeyTwice: a plural registered in two places (the
// session's "%d minutes" and "%d seconds" were) keeps one of them, and an
// edit of the other changes nothing on screen; the second registration
// panics, even with the same forms, as does a plural key given to Add.
func TestAddPluralRefusesAKeyTwice(t *testing.T) {
	for _, tc := range []struct {
		name string
		add  func()
	}{
		{"the same forms again", func() {
			AddPlural("test: %d cards left", 1,
				Forms{One: "test: %d card left", Other: "test: %d cards left"},
				Forms{One: "test: %d carte restante", Other: "test: %d cartes restantes"})
		}},
		{"other forms", func() {
			AddPlural("test: %d cards left", 1,
				Forms{One: "test: %d card left", Other: "test: %d cards left"},
				Forms{One: "test: %d carte", Other: "test: %d cartes"})
		}},
		{"a sentence's key as a plural", func() {
			AddPlural("test: the raven", 1, Forms{Other: "test: the raven"}, Forms{Other: "test : le corbeau"})
		}},
		{"a plural's key as a sentence", func() {
			Add(map[string]string{"test: %d cards left": "test: %d cartes restantes"})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("accepted")
				}
			}()
			tc.add()
		})
	}
	if got := French.F("test: %d cards left", 2); got != "test: 2 cartes restantes" {
		t.Errorf("after the refusals: %q", got)
	}
}
